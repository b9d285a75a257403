"""`ragedeck check DIR --print-all FILE.pdf`: every deck of an event on the decklist sheet, in one PDF, read back."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import read_deck
from tests.deckbuilder.cli.helpers import run


def _pages(pdf: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(str(pdf)).pages]


def _demo_json(**changes: object) -> str:
    data = json.loads(demo_deck_path().read_text(encoding="utf-8"))
    data.update(changes)
    return json.dumps(data)


def _event_folder(tmp_path: Path) -> Path:
    """Four decks in name order: two Rage decks, an unreadable file, a WarRift deck; and a note that is no deck."""
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "Alice Smith - Gaia.json").write_text(_demo_json(name="Alice's pack"), encoding="utf-8")
    (folder / "bob.json").write_text(_demo_json(name="Bob's pack", renown_level=5), encoding="utf-8")
    (folder / "carol.dek").write_bytes(b"\x00\x01not a deck\xff")
    (folder / "dave.txt").write_text(
        "# game: warrift\nStarting deck:\n5 Apprentice Mage\n5 Recruit Warrior\n", encoding="utf-8"
    )
    (folder / "notes.pdf").write_bytes(b"%PDF")
    return folder


def _deck_cards(db_path: Path) -> list[str]:
    with CardDatabase(db_path) as db:
        deck = read_deck(demo_deck_path(), pool=db).deck
    return [e.name for e in deck.entries]


def test_every_deck_is_on_its_own_pages_in_file_order(demo_db: Path, tmp_path: Path) -> None:
    folder = _event_folder(tmp_path)
    pdf = tmp_path / "decklists.pdf"
    code, _out, err = run("check", str(folder), "--db", str(demo_db), "--print-all", str(pdf))
    assert code == 2  # carol's file cannot be read
    assert "3 decklists on 4 pages" in err
    pages = _pages(pdf)
    assert len(pages) == 4
    alice, bob, carol, dave = pages
    # Each deck's sheet: its player, its name and every card, on its own page, in the order of the files.
    for page, player, name in ((alice, "Alice Smith", "Alice's pack"), (bob, "bob", "Bob's pack")):
        assert "Rage decklist" in page and player in page and name in page
        assert all(card in page for card in _deck_cards(demo_db))
    assert "LEGAL" in alice and "NOT LEGAL" not in alice
    assert "NOT LEGAL" in bob and "RENOWN_OVER_LEVEL" in bob  # checked at its own Renown level of 5
    assert "Deck file not read" in carol and "carol.dek" in carol and "binary data" in carol
    assert "WarRift decklist" in dave and "Apprentice Mage" in dave and "Recruit Warrior" in dave
    # The footer names the deck of the page, so a loose page goes back to its player.
    assert "Bob's pack · Rage decklist · bob.json" in bob
    assert "Alice's pack" not in bob


def test_a_long_deck_runs_over_pages_that_count_its_own_pages(demo_db: Path, tmp_path: Path) -> None:
    folder = tmp_path / "long"
    folder.mkdir()
    notes = "\n".join(f"Line {n} of a long sideboard note." for n in range(160))
    (folder / "a.json").write_text(_demo_json(name="Long pack", notes=notes), encoding="utf-8")
    (folder / "b.json").write_text(_demo_json(name="Short pack"), encoding="utf-8")
    pdf = tmp_path / "all.pdf"
    code, _out, _err = run("check", str(folder), "--db", str(demo_db), "--print-all", str(pdf))
    assert code == 0
    pages = _pages(pdf)
    assert len(pages) >= 3
    assert "page 2 of this deck" in pages[1] and "Long pack" in pages[1]
    assert "Short pack" in pages[-1] and "page 1 of this deck" in pages[-1]


def test_the_event_file_judges_every_deck_and_is_no_deck(demo_db: Path, tmp_path: Path) -> None:
    folder = _event_folder(tmp_path)
    event = {"event": "Rage Night 12", "date": "2026-12-05", "format": "revised-tournament", "renown": 12}
    (folder / "event.json").write_text(
        json.dumps({**event, "formats": {"warrift": "table"}}), encoding="utf-8"
    )
    pdf, report = tmp_path / "all.pdf", tmp_path / "report.csv"
    code, out, err = run(
        "check", str(folder), "--db", str(demo_db), "--print-all", str(pdf), "--report", str(report)
    )
    assert code == 2  # carol's file still cannot be read
    assert "event.json" not in err  # not read as a deck
    assert out.count("(Rage, Revised tournament, Renown level 12)") == 2
    assert "WarRift table" in out
    rows = report.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 5
    assert all(",revised-tournament," in row and ",12," in row for row in rows[1:3])
    assert ",warrift,table," in rows[4]
    pages = _pages(pdf)
    assert "Rage Night 12" in pages[0] and "2026-12-05" in pages[0]
    assert "Revised tournament at Renown level 12" in pages[0].replace("\n", " ")
    # The command line wins over the file.
    _code, out, _err = run("check", str(folder), "--db", str(demo_db), "--renown", "20")
    assert out.count("(Rage, Revised tournament, Renown level 20)") == 2


@pytest.mark.parametrize(
    ("event", "said"),
    [
        ({"format": "revised-tornament"}, "unknown format 'revised-tornament'"),
        ({"formats": {"warrift": "revised"}}, "unknown format 'revised' for WarRift"),
        ({"formats": {"chess": "blitz"}}, "'chess' is not an installed game"),
        ({"renown": "twelve"}, "'renown' must be a whole number"),
        ({"renown": 5000}, "from 0 to 1000"),
        ({"fromat": "revised"}, "unknown key 'fromat'"),
        ([1, 2], "one JSON object"),
    ],
)
def test_a_bad_event_file_is_refused_naming_it(
    demo_db: Path,
    tmp_path: Path,
    event: object,
    said: str,
) -> None:
    folder = _event_folder(tmp_path)
    (folder / "event.json").write_text(json.dumps(event), encoding="utf-8")
    pdf = tmp_path / "all.pdf"
    code, out, err = run("check", str(folder), "--db", str(demo_db), "--print-all", str(pdf))
    assert code == 2 and out == ""
    assert "event.json" in err and said in err
    assert not pdf.exists()  # nothing is written for a folder whose event cannot be used


def test_an_event_file_linking_out_of_the_folder_is_not_read(demo_db: Path, tmp_path: Path) -> None:
    folder = _event_folder(tmp_path)
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"renown": 1}), encoding="utf-8")
    (folder / "event.json").symlink_to(outside)
    code, _out, err = run("check", str(folder), "--db", str(demo_db))
    assert code == 2 and "link" in err


def test_the_options_apply_to_every_deck_of_every_game(demo_db: Path, tmp_path: Path) -> None:
    folder = _event_folder(tmp_path)
    (folder / "carol.dek").unlink()
    pdf = tmp_path / "all.pdf"
    code, out, _err = run(
        "check", str(folder), "--db", str(demo_db), "--format", "table", "--print-all", str(pdf)
    )
    assert code == 2  # the Rage decks cannot be checked by a WarRift format
    # `table` is WarRift's: its deck is judged by it; the Rage decks have no such format and say so.
    assert "WarRift table" in out
    pages = _pages(pdf)
    assert "WarRift table" in pages[-1]
    _code, out, _err = run(
        "check",
        str(folder),
        "--db",
        str(demo_db),
        "--format",
        "original-1995",
        "--renown",
        "25",
        "--print-all",
        str(pdf),
    )
    pages = _pages(pdf)
    assert all("Original 1995" in re.sub(r"\s+", " ", p) or "at Renown level 25" in p for p in pages[:2])
    assert out.count("Renown level 25)") == 2


def test_the_sheets_read_in_portuguese(demo_db: Path, tmp_path: Path) -> None:
    folder = _event_folder(tmp_path)
    pdf = tmp_path / "todos.pdf"
    _code, _out, err = run(
        "--lang", "pt_BR", "check", str(folder), "--db", str(demo_db), "--print-all", str(pdf)
    )
    assert "3 listas de deck em 4 páginas" in err
    pages = _pages(pdf)
    assert "Arquivo de deck não lido" in pages[2] and "página 1 deste deck" in pages[2]


def test_a_forced_game_takes_its_format_from_the_event_and_refuses_the_organiser_outputs(
    demo_db: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "rift"
    folder.mkdir()
    (folder / "dave.txt").write_text(
        "Starting deck:\n5 Apprentice Mage\n5 Recruit Warrior\n", encoding="utf-8"
    )
    (folder / "event.json").write_text(json.dumps({"formats": {"warrift": "player"}}), encoding="utf-8")
    _code, out, _err = run("check", "--game", "warrift", str(folder), "--db", str(demo_db))
    assert "WarRift player" in out or "(WarRift, player" in out
    code, out, err = run(
        "check", "--game", "warrift", str(folder), "--db", str(demo_db), "--print-all", "x.pdf"
    )
    assert code == 2 and out == "" and "without --game" in err


def test_a_pdf_that_cannot_be_written_is_refused_before_any_check(demo_db: Path, tmp_path: Path) -> None:
    folder = _event_folder(tmp_path)
    code, out, err = run("check", str(folder), "--db", str(demo_db), "--print-all", str(tmp_path))
    assert code == 2 and out == "" and "is a folder" in err
    code, out, err = run(
        "check", str(folder), "--db", str(demo_db), "--print-all", str(tmp_path / "no" / "x.pdf")
    )
    assert code == 2 and out == ""


def test_a_deck_too_long_for_a_sheet_gets_one_page_with_its_verdict(
    demo_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A 4.9 MB deck of 160,000 unknown names once ran --print-all past a minute (988 MB): a sheet of every line and
    # result, laid out over thousands of pages. Past the bound the deck gets one page; the limit is lowered here so
    # the deck stays small (the work is the same at any size: read, check, one page).
    import deckbuilder.export.printall as printall

    monkeypatch.setattr(printall, "MAX_SHEET_LINES", 150, raising=False)
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "huge.txt").write_text("".join(f"1 Nameless Thing {n}\n" for n in range(100)), encoding="utf-8")
    (folder / "short.json").write_text(_demo_json(name="Short pack"), encoding="utf-8")
    pdf = tmp_path / "all.pdf"
    code, _out, err = run("check", str(folder), "--db", str(demo_db), "--print-all", str(pdf))
    assert code == 1  # the huge deck is not legal: its 100 unknown names are 100 errors
    pages = _pages(pdf)
    assert len(pages) == 2 and "2 decklists on 2 pages" in err
    huge, short = pages
    assert "Decklist too long to print" in huge and "huge.txt" in huge
    assert "NOT LEGAL" in huge and "errors" in huge
    said = re.search(r"run to (\d+) lines", huge)
    assert said is not None and int(said.group(1)) > 200  # 100 cards, a result for each and the piles' own
    assert "Nameless Thing 7" not in huge
    assert "Short pack" in short and "Rage decklist" in short

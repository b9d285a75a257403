"""The `ragedeck` command line, run in-process and as `python -m deckbuilder` like a user would."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path, ensure_demo_cards
from deckbuilder.cli import main
from tests.conftest import REAL_DECKS
from tests.deckbuilder.cli.helpers import run


def test_demo_deck_is_legal(demo_db: Path) -> None:
    code, out, _ = run("check", str(demo_deck_path()), "--db", str(demo_db))
    assert code == 0
    assert "LEGAL" in out


def test_json_output_has_the_documented_shape(demo_db: Path) -> None:
    code, out, _ = run("check", str(demo_deck_path()), "--db", str(demo_db), "--json")
    assert code == 0
    document = json.loads(out)
    (deck,) = document["decks"]
    # One shape for every game's decks (README, "ragedeck check --json").
    assert list(deck) == [
        "file", "game", "format", "legal", "settings", "totals", "figures", "results", "problems", "guesses"
    ]  # fmt: skip
    assert deck["guesses"] == []  # the demo deck names every card as the data does
    assert (deck["game"], deck["format"], deck["legal"]) == ("rage", "revised", True)
    assert deck["settings"] == {"renown_level": 20}
    assert set(deck["totals"]) == {
        "characters",
        "sept",
        "starting",
        "combat",
    }  # Rage's piles, from its game.json
    assert deck["totals"]["combat"] >= 20 and deck["totals"]["sept"] >= 30
    # Rage's header figures, as its game.json lists them: Renown of the level, the Rogues' Renown under its cap,
    # each section against its minimum, the pack's allegiance.
    assert list(deck["figures"]) == ["Renown", "Rogue", "Sept", "Combat", "Allegiance"]
    assert deck["figures"]["Renown"].endswith(" / 20")
    assert deck["figures"]["Rogue"].endswith(")") and " (max " in deck["figures"]["Rogue"]
    assert deck["figures"]["Sept"] == f"{deck['totals']['sept']} / 30+"
    assert deck["figures"]["Combat"] == f"{deck['totals']['combat']} / 20+"
    assert deck["figures"]["Allegiance"] in ("Gaia", "Wyrm")


def test_renown_override_makes_the_demo_deck_illegal(demo_db: Path) -> None:
    code, out, _ = run("check", str(demo_deck_path()), "--db", str(demo_db), "--renown", "5", "--json")
    assert code == 1
    deck = json.loads(out)["decks"][0]
    assert deck["settings"] == {"renown_level": 5} and deck["figures"]["Renown"].endswith(" / 5")
    assert "RENOWN_OVER_LEVEL" in [r["code"] for r in deck["results"]]


def test_unreadable_file_exits_2_and_says_why(demo_db: Path, tmp_path: Path) -> None:
    missing = tmp_path / "nope.dek"
    code, _, err = run("check", str(missing), "--db", str(demo_db))
    assert code == 2
    assert "nope.dek" in err and "cannot read" in err


def test_unreadable_file_wins_over_illegal(demo_db: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.dek"
    bad.write_text("<deck><superzone name='Sept'><card><name>", encoding="utf-8")
    illegal = tmp_path / "small.txt"
    illegal.write_text("1\tNo Such Card\n", encoding="utf-8")
    code, out, _ = run("check", str(illegal), str(bad), "--db", str(demo_db), "--json")
    assert code == 2
    decks = json.loads(out)["decks"]
    assert decks[0]["legal"] is False and "UNKNOWN_CARD" in [r["code"] for r in decks[0]["results"]]
    assert "error" in decks[1]


def test_unknown_format_is_a_clear_error(demo_db: Path) -> None:
    code, _, err = run("check", str(demo_deck_path()), "--db", str(demo_db), "--format", "no-such-format")
    assert code == 2
    assert "no-such-format" in err


def test_formats_lists_the_shipped_formats() -> None:
    code, out, _ = run("formats", "--json")
    assert code == 0
    names = {f["name"] for f in json.loads(out)["formats"]}
    assert {"revised", "revised-tournament", "original-1995"} <= names


def test_search_reports_bad_syntax_with_a_pointer(demo_db: Path) -> None:
    code, _, err = run("search", "renown>=", "--db", str(demo_db))
    assert code == 2
    assert "^" in err


def test_search_json_finds_demo_characters(demo_db: Path) -> None:
    code, out, _ = run("search", "t:character", "--db", str(demo_db), "--json")
    assert code == 0
    document = json.loads(out)
    assert document["count"] == len(document["cards"]) > 0
    assert all(card["type"].lower().startswith("character") for card in document["cards"])


def test_export_dek_then_check_gives_the_same_verdict(demo_db: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "demo.dek"
    code, _, err = run(
        "export", str(demo_deck_path()), "--to", "dek", "-o", str(out_file), "--db", str(demo_db)
    )
    assert code == 0, err
    assert out_file.read_text(encoding="utf-8").lstrip().startswith("<")
    code, out, _ = run("check", str(out_file), "--db", str(demo_db), "--json")
    assert code == 0
    before = json.loads(run("check", str(demo_deck_path()), "--db", str(demo_db), "--json")[1])["decks"][0]
    after = json.loads(out)["decks"][0]
    assert after["totals"] == before["totals"]


def test_import_cards_missing_path_exits_2(tmp_path: Path) -> None:
    code, _, err = run("import-cards", str(tmp_path / "missing"), "--db", str(tmp_path / "c.sqlite"))
    assert code == 2
    assert "does not exist" in err


def test_real_example_decks_are_legal(real_db: Path) -> None:
    decks = [str(REAL_DECKS / "wyrm-example.dek"), str(REAL_DECKS / "gaia-example.txt")]
    code, out, _ = run("check", *decks, "--db", str(real_db), "--json")
    document = json.loads(out)
    assert [d["legal"] for d in document["decks"]] == [True, True], document
    assert code == 0
    wyrm, gaia = document["decks"]
    assert wyrm["totals"]["characters"] == 6
    assert gaia["totals"]["combat"] == 20 and gaia["totals"]["sept"] == 30


def test_python_dash_m_deckbuilder_is_ragedeck(demo_db: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "deckbuilder", "check", str(demo_deck_path()), "--db", str(demo_db), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["decks"][0]["legal"] is True


# -- trust: never LEGAL when part of the file was not read ------------------------------------------


def demo_text_deck(demo_db: Path, tmp_path: Path) -> Path:
    """The legal demo deck exported as a Lackey text list."""
    target = tmp_path / "demo.txt"
    code, _, err = run(
        "export", str(demo_deck_path()), "--to", "text", "-o", str(target), "--db", str(demo_db)
    )
    assert code == 0, err
    return target


def test_a_legal_deck_with_an_unreadable_line_is_not_legal(demo_db: Path, tmp_path: Path) -> None:
    deck = demo_text_deck(demo_db, tmp_path)
    assert run("check", str(deck), "--db", str(demo_db))[0] == 0
    lines = deck.read_text(encoding="utf-8")
    deck.write_text(lines + "1000\tFull Moon\n", encoding="utf-8")
    code, out, _ = run("check", str(deck), "--db", str(demo_db))
    assert code == 1
    assert "ILLEGAL" in out and "DECK_FILE_UNREAD" in out and f"line {lines.count(chr(10)) + 1}" in out
    document = json.loads(run("check", str(deck), "--db", str(demo_db), "--json")[1])["decks"][0]
    assert document["legal"] is False
    (unread,) = [r for r in document["results"] if r["code"] == "DECK_FILE_UNREAD"]
    assert unread["severity"] == "error" and "Full Moon" in unread["message"]
    # The rest of the deck was still checked.
    assert document["totals"]["sept"] >= 30


def test_a_deck_whose_format_is_not_installed_is_checked_on_the_default(
    demo_db: Path, tmp_path: Path
) -> None:
    deck = tmp_path / "league.json"
    deck.write_text(
        demo_deck_path().read_text(encoding="utf-8").replace('"revised"', '"league-2031"'), encoding="utf-8"
    )
    code, out, _ = run("check", str(deck), "--db", str(demo_db))
    assert code == 0, out
    assert "LEGAL" in out and "league-2031" in out and "default format 'revised'" in out
    pdf = tmp_path / "league.pdf"
    code, _, err = run("export", str(deck), "--to", "decklist", "-o", str(pdf), "--db", str(demo_db))
    assert code == 0, err
    assert "league-2031" in err and pdf.read_bytes().startswith(b"%PDF")


# -- hostile input ---------------------------------------------------------------------------------


def test_a_native_deck_with_lone_surrogates_is_checked_and_exported(demo_db: Path, tmp_path: Path) -> None:
    deck = tmp_path / "broken.json"
    deck.write_text(
        '{"format_version": 1, "name": "Pack \\ud800", "sections": {"sept": ['
        '{"name": "Bark Hide\\udc00", "count": 1}, {"name": "Bark Hide", "count": 2}]}}',
        encoding="utf-8",
    )
    code, out, _ = run("check", str(deck), "--db", str(demo_db))
    assert code == 1 and "DECK_FILE_UNREAD" in out
    assert (
        json.loads(run("check", str(deck), "--db", str(demo_db), "--json")[1])["decks"][0]["legal"] is False
    )
    for kind in ("native", "dek", "text"):
        target = tmp_path / f"out.{kind}"
        code, _, err = run("export", str(deck), "--to", kind, "-o", str(target), "--db", str(demo_db))
        assert code == 0, err
        target.read_text(encoding="utf-8")  # valid UTF-8: nothing unencodable was written


def test_a_search_term_that_is_not_utf8_is_refused_in_one_line(demo_db: Path) -> None:
    # How Python hands over the byte 0xFF from a command line (surrogateescape).
    code, out, err = run("search", "ab\udcff", "--db", str(demo_db))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "UTF-8" in err


@pytest.mark.parametrize("limit", [str(10**30), "-1", "0"])
def test_search_limit_out_of_range_is_a_clear_error(demo_db: Path, limit: str) -> None:
    code, _, err = run("search", "t:character", "--limit", limit, "--db", str(demo_db))
    assert code == 2
    assert err.count("\n") == 1 and "--limit" in err


def test_export_renown_is_range_checked(demo_db: Path, tmp_path: Path) -> None:
    target = tmp_path / "x.dek"
    code, _, err = run(
        "export",
        str(demo_deck_path()),
        "--to",
        "dek",
        "-o",
        str(target),
        "--renown",
        "5000",
        "--db",
        str(demo_db),
    )
    assert code == 2 and "--renown" in err and err.count("\n") == 1
    assert not target.exists()


def test_export_decklist_with_an_unknown_format_is_a_clear_error(demo_db: Path, tmp_path: Path) -> None:
    target = tmp_path / "x.pdf"
    code, _, err = run(
        "export",
        str(demo_deck_path()),
        "--to",
        "decklist",
        "-o",
        str(target),
        "--format",
        "nope",
        "--db",
        str(demo_db),
    )
    assert code == 2 and "nope" in err and err.count("\n") == 1
    assert not target.exists()


@pytest.mark.parametrize("kind", ["dek", "native", "decklist", "proxies"])
def test_export_to_a_folder_or_an_unwritable_place_is_a_clear_error(
    demo_db: Path, tmp_path: Path, kind: str
) -> None:
    a_file = tmp_path / "plain.txt"
    a_file.write_text("x", encoding="utf-8")
    for target in (tmp_path, a_file / "deck.out", Path("/proc/ragedeck-cannot-write-here.out")):
        code, _, err = run(
            "export", str(demo_deck_path()), "--to", kind, "-o", str(target), "--db", str(demo_db)
        )
        assert code == 2, (target, err)
        assert err.strip().splitlines()[-1].startswith("error:") and str(target) in err


@pytest.mark.parametrize("content", ["[]", "null", '"a deck"', "3"])
def test_a_json_deck_that_holds_no_object_is_unreadable(demo_db: Path, tmp_path: Path, content: str) -> None:
    deck = tmp_path / "odd.json"
    deck.write_text(content, encoding="utf-8")
    code, _, err = run("check", str(deck), "--db", str(demo_db))
    assert code == 2
    assert "cannot read" in err


def test_bidi_and_control_characters_in_names_are_escaped(demo_db: Path, tmp_path: Path) -> None:
    deck = tmp_path / "bidi.txt"
    deck.write_text("1\tBark\u202eHide\n1\tQuiet\u0085Ember\n", encoding="utf-8")
    code, out, _ = run("check", str(deck), "--db", str(demo_db))
    assert code == 1
    assert "\u202e" not in out and "\u0085" not in out and "Bark\\u202eHide" in out
    code, out, _ = run("check", str(deck), "--db", str(demo_db), "--json")
    assert "\u202e" not in out
    cards = [c for r in json.loads(out)["decks"][0]["results"] for c in r["cards"]]
    assert "Bark\u202eHide" in cards  # the JSON escape reads back as the name as written


def test_a_file_that_is_not_a_database_is_one_line_and_exit_2(tmp_path: Path) -> None:
    fake = tmp_path / "cards.sqlite"
    fake.write_bytes(b"this is not a database" * 100)
    for args in (("search", "x"), ("check", str(demo_deck_path())), ("import-cards", str(tmp_path))):
        code, _out, err = run(*args, "--db", str(fake))
        assert code == 2, args
        assert err.count("\n") == 1 and err.startswith("error:"), err


def test_a_damaged_database_is_one_line_and_exit_2(demo_db: Path, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.sqlite"
    data = bytearray(demo_db.read_bytes())
    with CardDatabase(demo_db) as db:
        page = int(db.reader.execute("PRAGMA page_size").fetchone()[0])
    # Keep the header page (so the file opens), scribble over every other page.
    for offset in range(page, len(data), page):
        data[offset : offset + page] = b"\xa5" * min(page, len(data) - offset)
    damaged.write_bytes(bytes(data))
    for args in (("search", "howler"), ("check", str(demo_deck_path()))):
        code, _, err = run(*args, "--db", str(damaged))
        assert code == 2, (args, err)
        assert err.count("\n") == 1 and err.startswith("error:"), err


# -- search as a player uses it --------------------------------------------------------------------


def test_a_query_may_start_with_a_minus(demo_db: Path) -> None:
    code, out, err = run("search", "-t:character", "--db", str(demo_db), "--json")
    assert code == 0, err
    cards = json.loads(out)["cards"]
    assert cards and not any(c["type"].lower().startswith("character") for c in cards)


def test_limit_says_how_many_of_how_many(demo_db: Path) -> None:
    total = json.loads(run("search", "t:character", "--db", str(demo_db), "--json")[1])["count"]
    assert total > 2
    code, out, _ = run("search", "t:character", "--limit", "2", "--db", str(demo_db))
    assert code == 0
    assert out.splitlines()[-1] == f"2 of {total} cards"
    document = json.loads(run("search", "t:character", "--limit", "2", "--db", str(demo_db), "--json")[1])
    assert (document["count"], document["total"]) == (2, total)


def test_no_result_suggests_the_nearest_names(demo_db: Path) -> None:
    code, out, _ = run("search", "Ashen Howlr", "--db", str(demo_db))
    assert code == 0
    assert "did you mean Ashen Howler" in out
    assert json.loads(run("search", "Ashen Howlr", "--db", str(demo_db), "--json")[1])["suggestions"][0] == (
        "Ashen Howler"
    )


def test_search_shows_every_card_field(demo_db: Path) -> None:
    with CardDatabase(demo_db) as db:
        card = next(c for c in db.all_cards() if c.damage is not None and c.text)
    code, out, _ = run("search", f'"{card.name}"', "--db", str(demo_db))
    assert code == 0
    assert f"Damage {card.damage}" in out and " ".join(card.text.split())[:40] in out
    found = json.loads(run("search", f'"{card.name}"', "--db", str(demo_db), "--json")[1])["cards"]
    shown = next(c for c in found if c["name"] == card.name)
    assert (shown["damage"], shown["text"], shown["errata"], shown["keywords"]) == (
        card.damage,
        card.text,
        card.errata,
        card.keywords_field,
    )


# -- start-up --------------------------------------------------------------------------------------


def test_check_loads_no_pdf_image_or_qt_library(demo_db: Path) -> None:
    """A check of a native deck needs neither the PDF, image and Qt libraries nor the XML or HTTP modules."""
    script = (
        "import sys\n"
        "from deckbuilder.cli import main\n"
        f"code = main(['check', {str(demo_deck_path())!r}, '--db', {str(demo_db)!r}])\n"
        "heavy = sorted({m.split('.')[0] for m in sys.modules}\n"
        "    & {'reportlab', 'PIL', 'pypdfium2', 'PySide6', 'defusedxml', 'http'})\n"
        "print('HEAVY', heavy, code)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "HEAVY [] 0"


def test_a_deck_file_name_that_is_not_utf8_is_checked_and_printed(demo_db: Path, tmp_path: Path) -> None:
    import os

    deck = tmp_path / os.fsdecode(b"pack-\xff.json")
    deck.write_bytes(demo_deck_path().read_bytes())
    code, out, _ = run("check", str(deck), "--db", str(demo_db))
    assert code == 0 and "pack-\ufffd.json: LEGAL" in out
    out.encode("utf-8")  # what a terminal is sent: a lone surrogate there crashed the old output
    code, out, _ = run("check", str(deck), "--db", str(demo_db), "--json")
    assert code == 0 and json.loads(out)["decks"][0]["file"].endswith("pack-\ufffd.json")


def test_a_player_name_that_is_not_utf8_still_prints_a_decklist(demo_db: Path, tmp_path: Path) -> None:
    target = tmp_path / "list.pdf"
    code, _, err = run(
        "export", str(demo_deck_path()), "--to", "decklist", "-o", str(target), "--player", "Ana\udcff",
        "--db", str(demo_db),
    )  # fmt: skip
    assert code == 0, err
    assert "--player" in err and target.read_bytes().startswith(b"%PDF")


def test_a_console_that_cannot_show_a_name_gets_it_escaped(demo_db: Path, tmp_path: Path) -> None:
    deck = tmp_path / "names.txt"
    deck.write_text("1\tBark Hide \u263e\n", encoding="utf-8")
    raw = io.BytesIO()
    console = io.TextIOWrapper(raw, encoding="cp1252", errors="strict", write_through=True)
    code = main(["check", str(deck), "--db", str(demo_db)], out=console, err=io.StringIO())
    assert code == 1
    assert "Bark Hide \\u263e" in raw.getvalue().decode("cp1252")


def test_import_cards_says_how_to_remove_the_demo_cards_and_remove_demo_removes_them(tmp_path: Path) -> None:
    from carddb.db import CardDatabase

    path = tmp_path / "c.sqlite"
    with CardDatabase(path) as db:
        ensure_demo_cards(db)
    real = tmp_path / "real.txt"
    real.write_text("Name\tExpansion\tType\nMy Gift\tLimited\tGift\n", encoding="utf-8")
    code, out, _err = run("import-cards", str(real), "--db", str(path))
    assert code == 0
    assert "--remove-demo" in out and "demo cards" in out
    code, out, _err = run("search", "howler", "--db", str(path))
    assert "Ashen Howler" in out
    code, out, _err = run("import-cards", str(real), "--db", str(path), "--remove-demo")
    assert code == 0 and "removed" in out
    code, out, _err = run("search", "howler", "--db", str(path))
    assert "Ashen Howler" not in out
    with CardDatabase(path) as db:
        assert db.names() == ["My Gift"]


def test_check_of_a_text_deck_imports_only_what_the_check_uses(demo_db: Path, tmp_path: Path) -> None:
    """`ragedeck check` of a text deck with every card known loads no XML, report, fuzzy-match or schema library."""
    from deckbuilder.deckfiles import deck_to_text, read_deck

    deck = tmp_path / "deck.txt"
    with CardDatabase(demo_db) as db:
        deck.write_text(deck_to_text(read_deck(demo_deck_path()).deck, db), encoding="utf-8")
    script = (
        "import sys\n"
        "from deckbuilder.cli import main\n"  # `python -m deckbuilder` ends the process when the check is done
        f"code = main(['check', {str(deck)!r}, '--db', {str(demo_db)!r}])\n"
        "unused = sorted({m.split('.')[0] for m in sys.modules}\n"
        "    & {'xml', 'defusedxml', 'csv', 'html', 'rapidfuzz', 'difflib', 'sqlmodel', 'sqlalchemy', 'pydantic',\n"
        "       'zipfile', 'tempfile'})\n"
        "print('UNUSED', unused, 'resources' in sys.modules.get('importlib').__dict__, code)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "UNUSED [] False 0"

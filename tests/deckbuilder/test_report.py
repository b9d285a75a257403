"""The organiser's report: a folder of decks checked in one command, one row per deck, one section per illegal deck."""

from __future__ import annotations

import csv
import io
import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carddb.demo import demo_deck_path
from deckbuilder.report import deck_files, player_from_path, report_html
from tests.conftest import REAL_DECKS
from tests.deckbuilder.cli.helpers import run


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _event_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(demo_deck_path(), folder / "Alice Smith - Gaia.json")
    text = demo_deck_path().read_text(encoding="utf-8")
    # An illegal deck whose player name tries to inject markup.
    (folder / '<img src=x onerror=alert(1)> & "Bob".json').write_text(
        text.replace('"renown_level": 20', '"renown_level": 5')
    )
    (folder / "carol.dek").write_bytes(b"\x00\x01not a deck\xff")
    (folder / "notes.pdf").write_bytes(b"%PDF")  # not a deck file: skipped
    return folder


def _rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def test_csv_report_has_one_row_per_deck_with_unreadable_decks_as_rows(
    demo_db: Path,
    tmp_path: Path,
) -> None:
    folder = _event_folder(tmp_path)
    target = tmp_path / "report.csv"
    code, _out, err = run("check", str(folder), "--db", str(demo_db), "--report", str(target))
    assert code == 2  # one deck could not be read
    assert f"wrote {target}" in err
    rows = {r["player"]: r for r in _rows(target)}
    assert set(rows) == {'<img src=x onerror=alert(1)> & "Bob"', "Alice Smith", "carol"}
    assert rows["Alice Smith"]["verdict"] == "legal"
    assert rows["Alice Smith"]["allegiance"] == "Gaia"
    illegal = rows['<img src=x onerror=alert(1)> & "Bob"']
    assert illegal["verdict"] == "illegal"
    assert illegal["renown_level"] == "5"
    assert "RENOWN_OVER_LEVEL" in illegal["errors"]
    assert rows["carol"]["verdict"] == "unreadable"
    assert rows["carol"]["errors"].startswith("cannot read")


def test_html_report_escapes_everything_and_has_a_section_per_illegal_deck(
    demo_db: Path,
    tmp_path: Path,
) -> None:
    folder = _event_folder(tmp_path)
    target = tmp_path / "report.html"
    run("check", str(folder), "--db", str(demo_db), "--report", str(target), "--json")
    page = target.read_text(encoding="utf-8")
    parser = _Collect()
    parser.feed(page)
    assert "img" not in parser.tags
    assert '<img src=x onerror=alert(1)> & "Bob"' in "".join(parser.text)  # shown as text, not run
    assert page.count('<section class="deck"') == 2  # the illegal deck and the unreadable one
    # The unreadable file is counted apart from the illegal deck.
    assert "3 deck files: 1 legal deck, 1 illegal deck, 1 unreadable file." in page
    assert " · Revised (open) · " in page  # a deck's format by its title, not its id
    run("--lang", "pt_BR", "check", str(folder), "--db", str(demo_db), "--report", str(target))
    page = target.read_text(encoding="utf-8")
    assert "Verificação de decks" in page and " · Revised (aberto) · " in page


def test_unknown_report_extension_is_a_clear_error(demo_db: Path, tmp_path: Path) -> None:
    code, _out, err = run(
        "check", str(demo_deck_path()), "--db", str(demo_db), "--report", str(tmp_path / "r.xlsx")
    )
    assert code == 2
    assert "use .html or .csv" in err
    assert not (tmp_path / "r.xlsx").exists()


def test_player_names_come_from_the_file_name() -> None:
    assert player_from_path(Path("Alice Smith - Gaia pack.dek")) == "Alice Smith"
    assert player_from_path(Path("bob_jones.txt")) == "bob jones"


def test_folder_walk_skips_links_and_hidden_files(tmp_path: Path) -> None:
    (tmp_path / "a.dek").write_text("x")
    (tmp_path / ".hidden.dek").write_text("x")
    outside = tmp_path.parent / "outside-decks"
    outside.mkdir(exist_ok=True)
    (outside / "z.dek").write_text("x")
    (tmp_path / "link").symlink_to(outside)
    found, _notes = deck_files([tmp_path])
    assert [p.name for p in found] == ["a.dek"]


def test_html_of_no_decks_is_still_a_page() -> None:
    assert "0 deck files: 0 legal decks, 0 illegal decks, 0 unreadable files." in report_html([])


@pytest.mark.realpool
def test_real_event_report(real_db: Path, tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(REAL_DECKS / "gaia-example.txt", folder / "dana.txt")
    shutil.copy(REAL_DECKS / "wyrm-example.dek", folder / "erin.dek")
    text = (REAL_DECKS / "gaia-example.txt").read_text(encoding="utf-8")
    (folder / "frank.txt").write_text(text.replace("2\tDodge\n", ""), encoding="utf-8")
    target = tmp_path / "report.csv"
    code, _out, _err = run("check", str(folder), "--db", str(real_db), "--report", str(target))
    assert code == 1
    rows = {r["player"]: r for r in _rows(target)}
    assert (rows["dana"]["verdict"], rows["dana"]["allegiance"]) == ("legal", "Gaia")
    assert (rows["erin"]["verdict"], rows["erin"]["allegiance"]) == ("legal", "Wyrm")
    assert rows["frank"]["verdict"] == "illegal"
    assert "COMBAT_MINIMUM" in rows["frank"]["errors"]


@given(
    player=st.text(max_size=40),
    deck=st.text(max_size=40),
    message=st.text(max_size=80),
)
def test_html_report_never_lets_deck_text_become_markup(player: str, deck: str, message: str) -> None:
    from deckbuilder.legality.results import Result, Severity
    from deckbuilder.report import DeckRow

    row = DeckRow(
        file=f"{player}.dek",
        player=player,
        deck=deck,
        verdict="illegal",
        errors=(Result("SEPT_MINIMUM", Severity.ERROR, message),),
    )
    parser = _Collect()
    parser.feed(report_html([row]))
    assert parser.tags.count("section") == 1
    assert set(parser.tags) <= {
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "h1",
        "h2",
        "p",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "a",
        "br",
        "section",
        "span",
        "ul",
        "li",
    }


def test_another_games_deck_has_its_game_format_and_figures(demo_db: Path, tmp_path: Path) -> None:
    folder = _event_folder(tmp_path)
    (folder / "erin.txt").write_text(
        "# game: lithic-rage\nAncestry:\n1\tRiver Folk\nClass:\n1\tBone Shaman\nActions:\n3\tMammoth Charge\n",
        encoding="utf-8",
    )
    target = tmp_path / "report.csv"
    run("check", str(folder), "--db", str(demo_db), "--report", str(target))
    rows = {r["player"]: r for r in _rows(target)}
    erin, alice = rows["erin"], rows["Alice Smith"]
    assert (erin["game"], erin["format"]) == ("lithic-rage", "standard")
    assert (alice["game"], alice["format"]) == ("rage", "revised")
    # Three Actions of Cost 5 against the Bone Shaman's limit of 12: the game's own figures, no Renown.
    assert erin["figures"] == "Cost 15 / 12 · Actions 3"
    assert erin["renown"] == erin["renown_level"] == ""
    assert alice["figures"].startswith("Renown ") and alice["renown_level"] == "20"
    page_path = tmp_path / "report.html"
    run("check", str(folder), "--db", str(demo_db), "--report", str(page_path))
    page = page_path.read_text(encoding="utf-8")
    assert "Renown 0 / 0" not in page
    assert (
        "<td>Lithic Rage</td><td>Lithic Rage (manual, level 1)</td><td>Cost 15 / 12 · Actions 3</td>" in page
    )


def test_the_report_and_check_agree_on_every_deck(demo_db: Path, tmp_path: Path) -> None:
    folder = _event_folder(tmp_path)
    text = demo_deck_path().read_text(encoding="utf-8")
    # Checked against the default format, with a note, by both: not "unreadable" in one and LEGAL in the other.
    (folder / "dave.json").write_text(text.replace('"format": "revised"', '"format": "no-such-format"'))
    (folder / "erin.txt").write_text("# game: lithic-rage\n1 Some Ancestry\n", encoding="utf-8")
    target = tmp_path / "report.csv"
    _code, out, _err = run("check", str(folder), "--db", str(demo_db), "--json", "--report", str(target))
    checked = {Path(d["file"]).name: ("unreadable" if "error" in d else "legal" if d["legal"] else "illegal")
               for d in json.loads(out)["decks"]}  # fmt: skip
    reported = {Path(row["file"]).name: row["verdict"] for row in _rows(target)}
    assert checked == reported
    assert reported["dave.json"] == "legal" and reported["carol.dek"] == "unreadable"
    assert reported["erin.txt"] == "illegal"


def test_each_illegal_decks_page_lists_its_cards(demo_db: Path, tmp_path: Path) -> None:
    folder = _event_folder(tmp_path)
    target = tmp_path / "report.html"
    run("check", str(folder), "--db", str(demo_db), "--report", str(target))
    page = target.read_text(encoding="utf-8")
    illegal = page.split('<section class="deck"')[1]
    deck = json.loads(demo_deck_path().read_text(encoding="utf-8"))
    for entry in deck["sections"]["characters"]:
        assert f"{entry.get('count', 1)} × {entry['name']}" in illegal


def test_an_empty_deck_file_is_said_to_be_empty_once_not_judged(demo_db: Path, tmp_path: Path) -> None:
    from pypdf import PdfReader

    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "erin.txt").write_bytes(b"")
    (folder / "frank.txt").write_bytes(b"\xef\xbb\xbf \n\t\n")  # a byte-order mark and blank lines: empty too
    code, out, err = run("check", str(folder), "--db", str(demo_db))
    assert code == 2
    assert f"{folder / 'erin.txt'}: cannot read: erin.txt is empty" in err.splitlines()
    assert f"{folder / 'frank.txt'}: cannot read: frank.txt is empty" in err.splitlines()
    assert "ILLEGAL" not in out and "MINIMUM" not in out + err  # no empty deck judged with three errors
    (document,) = json.loads(run("check", str(folder / "erin.txt"), "--db", str(demo_db), "--json").out)[
        "decks"
    ]
    assert document["error"] == "erin.txt is empty" and not document.get("results")
    target = tmp_path / "r.csv"
    run("check", str(folder), "--db", str(demo_db), "--report", str(target))
    rows = {r["player"]: r for r in _rows(target)}
    assert (rows["erin"]["verdict"], rows["erin"]["errors"]) == (
        "unreadable",
        "cannot read: erin.txt is empty",
    )
    pdf = tmp_path / "all.pdf"
    run("check", str(folder), "--db", str(demo_db), "--print-all", str(pdf))
    pages = [" ".join((page.extract_text() or "").split()) for page in PdfReader(str(pdf)).pages]
    assert len(pages) == 2  # one page each, saying why: no blank decklist
    assert all("Deck file not read" in page and "is empty" in page for page in pages), pages


def test_the_deck_column_does_not_repeat_the_player_the_file_name_gives(
    demo_db: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    text = "Characters:\n1\tAshen Howler\n"
    (folder / "Alice Smith - Moon Wolves.txt").write_text(text, encoding="utf-8")  # named by its file only
    (folder / "Bob - Night.json").write_text(
        demo_deck_path().read_text(encoding="utf-8").replace('"name": "', '"name": "Bob - ', 1),
        encoding="utf-8",
    )
    target = tmp_path / "r.csv"
    run("check", str(folder), "--db", str(demo_db), "--report", str(target))
    rows = {r["player"]: r["deck"] for r in _rows(target)}
    assert rows["Alice Smith"] == "Moon Wolves"
    assert rows["Bob"].startswith("Bob - ")  # a deck's own name, written in the file, is kept as written
    page = tmp_path / "r.html"
    run("check", str(folder), "--db", str(demo_db), "--report", str(page))
    assert "<h2>Alice Smith — Moon Wolves</h2>" in page.read_text(encoding="utf-8")

"""The organiser's report flags every line read only by a guess: a reprint folded, a name near a card's."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from carddb.importing import import_path
from deckbuilder.deckfiles import read_deck
from deckbuilder.guesses import NEAR_NAME, REPRINT, Guess, guessed_lines
from deckbuilder.legality import check_deck
from tests.deckbuilder.cli.helpers import run

DEMO_CARDS = Path(demo_deck_path()).with_name("demo-cards.txt")
_ALLY = "Ally\t[Demo]\t\t\t\t\t\t\t\t\t\t\tWhile in play, your pack may ignore one bluff each turn.\t"


@pytest.fixture
def reprint_db(tmp_path: Path) -> Path:
    """The demo cards and one Ally printed twice: `Whippoorwill` and its reprint `Whippoorwill (2)`."""
    data = tmp_path / "cards.txt"
    text = DEMO_CARDS.read_text(encoding="utf-8").rstrip("\n")
    text += f"\nWhippoorwill\tDemo\t\t\t{_ALLY}\nWhippoorwill (2)\tDemo Reprint\t\t\t{_ALLY}\n"
    data.write_text(text, encoding="utf-8")
    path = tmp_path / "db" / "cards.sqlite"
    with CardDatabase(path) as db:
        import_path(db, data)
    return path


def _deck_text() -> str:
    return (
        "Characters:\n1\tAshen Howler\n1\tMoss-on-Stone\n"
        "Sept:\n3\tBark Hide\n2\tWhippoorwill (2)\n1\tWhippoorwill\n"
        "Combat:\n2\tWhipoorwill Strike\n2\tGround Shake\n1\tGrond Shake\n"
    )


def test_the_guessed_lines_of_a_deck_with_their_line_numbers(reprint_db: Path, tmp_path: Path) -> None:
    deck_file = tmp_path / "erin.txt"
    deck_file.write_text(_deck_text(), encoding="utf-8")
    with CardDatabase(reprint_db) as db:
        deck = read_deck(deck_file, pool=db).deck
        found = guessed_lines(deck, check_deck(deck, db), deck_file)
    assert Guess(REPRINT, "Whippoorwill (2)", "Whippoorwill", 6) in found
    assert Guess(NEAR_NAME, "Grond Shake", "Ground Shake", 11) in found
    # Names the deck gives exactly, in any case or spacing, are no guess; a name with no near card is only an error.
    assert {g.written for g in found} <= {"Whippoorwill (2)", "Grond Shake", "Whipoorwill Strike"}
    assert found[0].text() == "line 6: 'Whippoorwill (2)' read as 'Whippoorwill' (a reprint; guessed)"


def test_the_report_flags_the_guessed_line_in_its_row(reprint_db: Path, tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "erin.txt").write_text(_deck_text(), encoding="utf-8")
    (folder / "frank.txt").write_text(
        _deck_text().replace("(2)", "").replace("Grond", "Ground"), encoding="utf-8"
    )
    csv_path, html_path = tmp_path / "r.csv", tmp_path / "r.html"
    for target in (csv_path, html_path):
        run("check", str(folder), "--db", str(reprint_db), "--report", str(target))
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(csv_path.read_text(encoding="utf-8")))}
    assert "line 6: 'Whippoorwill (2)' read as 'Whippoorwill' (a reprint; guessed)" in rows["erin"]["guessed"]
    assert "line 11: 'Grond Shake' is no card; did the player mean 'Ground Shake'?" in rows["erin"]["guessed"]
    assert "(a reprint" not in rows["frank"]["guessed"] and "Grond" not in rows["frank"]["guessed"]
    page = html_path.read_text(encoding="utf-8")
    assert '<td class="guessed">line 6: &#x27;Whippoorwill (2)&#x27; read as &#x27;Whippoorwill&#x27;' in page


def test_the_guesses_read_in_portuguese(reprint_db: Path, tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "erin.txt").write_text(_deck_text(), encoding="utf-8")
    target = tmp_path / "r.html"
    run("--lang", "pt_BR", "check", str(folder), "--db", str(reprint_db), "--report", str(target))
    page = target.read_text(encoding="utf-8")
    assert "Lido por palpite" in page
    assert (
        "linha 6: &#x27;Whippoorwill (2)&#x27; lido como &#x27;Whippoorwill&#x27; (uma reimpressão; palpite)"
        in page
    )


def test_the_printed_sheet_lists_the_guessed_lines(reprint_db: Path, tmp_path: Path) -> None:
    from pypdf import PdfReader

    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "erin.txt").write_text(_deck_text(), encoding="utf-8")
    pdf = tmp_path / "all.pdf"
    run("check", str(folder), "--db", str(reprint_db), "--print-all", str(pdf))
    text = " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(str(pdf)).pages)
    assert "Read by a guess" in text
    assert "line 6: 'Whippoorwill (2)' read as 'Whippoorwill' (a reprint; guessed)" in text


def test_check_prints_each_guessed_line_under_the_deck(reprint_db: Path, tmp_path: Path) -> None:
    deck_file = tmp_path / "erin.txt"
    deck_file.write_text(_deck_text(), encoding="utf-8")
    out = run("check", str(deck_file), "--db", str(reprint_db)).out
    guessed = [line.split(None, 1)[1] for line in out.splitlines() if line.lstrip().startswith("guessed ")]
    assert "line 6: 'Whippoorwill (2)' read as 'Whippoorwill' (a reprint; guessed)" in guessed
    assert any(
        g.startswith("line 11: 'Grond Shake' is no card; did the player mean 'Ground Shake'?")
        for g in guessed
    )
    assert not any(
        "'Whippoorwill' read" in g or "Bark Hide" in g for g in guessed
    )  # exact names are no guess
    portuguese = run("--lang", "pt_BR", "check", str(deck_file), "--db", str(reprint_db)).out
    assert (
        "palpite  linha 6: 'Whippoorwill (2)' lido como 'Whippoorwill' (uma reimpressão; palpite)"
        in portuguese
    )


def test_check_json_lists_the_guessed_lines(reprint_db: Path, tmp_path: Path) -> None:
    import json

    guessing, exact = tmp_path / "erin.txt", tmp_path / "frank.txt"
    guessing.write_text(_deck_text(), encoding="utf-8")
    exact.write_text(_deck_text().replace("(2)", "").replace("Grond", "Ground"), encoding="utf-8")
    result = run("check", str(guessing), str(exact), "--db", str(reprint_db), "--json")
    erin, frank = json.loads(result.out)["decks"]
    assert {
        "line": 6,
        "kind": "reprint",
        "written": "Whippoorwill (2)",
        "card": "Whippoorwill",
        "message": "line 6: 'Whippoorwill (2)' read as 'Whippoorwill' (a reprint; guessed)",
    } in erin["guesses"]
    near = [g for g in erin["guesses"] if g["kind"] == "near"]
    assert (11, "Grond Shake", "Ground Shake") in [(g["line"], g["written"], g["card"]) for g in near]
    assert [g for g in frank["guesses"] if g["written"] in ("Whippoorwill (2)", "Grond Shake")] == []


def test_a_mistyped_card_is_counted_nowhere_as_its_guess_says(reprint_db: Path, tmp_path: Path) -> None:
    import json

    from pypdf import PdfReader

    deck_file = tmp_path / "erin.txt"
    deck_file.write_text(_deck_text(), encoding="utf-8")
    with CardDatabase(reprint_db) as db:
        deck = read_deck(deck_file, pool=db).deck
        known = sum(
            e.count
            for e in deck.entries
            if e.zone_hint is not None and e.zone_hint.value == "combat" and db.lookup(e.name) is not None
        )
    document = json.loads(run("check", str(deck_file), "--db", str(reprint_db), "--json").out)["decks"][0]
    (near,) = [g for g in document["guesses"] if g["written"] == "Grond Shake"]
    assert near["message"].endswith("(guessed; not counted)")
    # The totals, the header figure and the decklist count only the cards the check knows: 'Grond Shake' is not one.
    assert document["totals"]["combat"] == known == 2
    assert document["figures"]["Combat"].startswith("2 / ")
    pdf = tmp_path / "erin.pdf"
    run("export", str(deck_file), "--to", "decklist", "-o", str(pdf), "--db", str(reprint_db))
    text = " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(str(pdf)).pages)
    assert "Combat (2 cards) · 3 cards not in the card database, not counted" in text


def test_a_guessed_line_is_the_cards_line_not_a_comment_naming_it(reprint_db: Path, tmp_path: Path) -> None:
    deck_file = tmp_path / "erin.txt"
    text = "# Grond Shake: the player's own spelling\n# 1 Whippoorwill (2) as well\n" + _deck_text()
    deck_file.write_text(text, encoding="utf-8")
    with CardDatabase(reprint_db) as db:
        deck = read_deck(deck_file, pool=db).deck
        found = guessed_lines(deck, check_deck(deck, db), deck_file)
    assert Guess(NEAR_NAME, "Grond Shake", "Ground Shake", 13) in found
    assert Guess(REPRINT, "Whippoorwill (2)", "Whippoorwill", 8) in found

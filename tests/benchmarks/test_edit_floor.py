"""The edit's floor (benchmarks/edit_floor.py) does the window's work: the real check, and the row, the verdict and
the legality lines it changes, so the reference it gives the edit goal is not a stand-in."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from carddb.cardtypes import Section
from carddb.db import CardDatabase
from carddb.importing import import_path
from deckbuilder.deckfiles import parse_deck_text
from deckbuilder.i18n import render
from deckbuilder.legality import check_deck
from tests.benchmarks.test_run import generate, load

edit_floor = load("edit_floor")


def test_the_floor_shows_the_check_an_edit_turns_illegal_and_back(
    qtbot: QtBot, tmp_path: Path, tmp_db: CardDatabase
) -> None:
    paths = generate.write_plugin(tmp_path / "pool", 1600, 3)
    import_path(tmp_db, tmp_path / "pool")
    deck = parse_deck_text(paths["deck-60"].read_text(encoding="utf-8"), tmp_db).deck
    sept = [e.name for e in deck.entries if (card := tmp_db.lookup(e.name)) and card.section is Section.SEPT]
    target = next(name for name in sept if deck.count_of(name) == 3)
    floor = edit_floor.FloorWindow(deck, tmp_db, sept)
    qtbot.addWidget(floor)
    row = sept.index(target)
    assert floor.verdict.text() == "Legal"

    floor.edit(target, add=True)
    report = check_deck(deck, tmp_db)
    assert not report.is_legal and deck.count_of(target) == 4
    assert floor.verdict.text() == f"Not legal: {len(report.errors)} error(s)"
    lines = [floor.lines.item(i).text() for i in range(floor.lines.count())]
    assert [render(result) for result in report.errors] == lines[1 : 1 + len(report.errors)]
    assert floor.model.item(row, 0).text() == "4"
    assert floor.model.item(row, 1).background().color() == edit_floor.OVER_LIMIT.color()

    floor.edit(target, add=False)
    assert floor.verdict.text() == "Legal"
    assert floor.model.item(row, 0).text() == "3"
    assert floor.model.item(row, 1).background().style() == edit_floor.QBrush().style()
    assert floor.lines.item(0).text() == "Errors (0)"

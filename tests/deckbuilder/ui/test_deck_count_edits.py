"""A count edit replaces only its own rows in the deck piles (deck_shown.ShownDeck), and the piles then show exactly
what showing the whole deck afresh shows: rows, titles, tints, marks, header, hidden piles and the selection."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from carddb.cardtypes import Section
from carddb.demo import demo_deck_path
from deckbuilder.ui import deck_shown
from deckbuilder.ui.deck_view import DeckView
from tests.deckbuilder import sideboard_game


@pytest.fixture
def count_edits(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """For each show of the deck after the first: whether it was taken as a count edit (its rows alone)."""
    taken: list[bool] = []
    real = deck_shown.ShownDeck.count_edit

    def spy(self, *args):  # type: ignore[no-untyped-def]
        answer = real(self, *args)
        taken.append(answer is not None)
        return answer

    monkeypatch.setattr(deck_shown.ShownDeck, "count_edit", spy)
    return taken


def _shown(view: DeckView) -> dict[str, object]:
    """Everything the piles show, cell by cell."""
    piles = {}
    for key, model in view.models.items():
        cells = [
            [
                (
                    model.index(row, column).data(),
                    model.index(row, column).data(Qt.ItemDataRole.BackgroundRole),
                    model.index(row, column).data(Qt.ItemDataRole.DecorationRole) is not None,
                    model.index(row, column).data(Qt.ItemDataRole.ToolTipRole),
                )
                for column in range(model.columnCount())
            ]
            for row in range(model.rowCount())
        ]
        tints = [model.is_tinted(row) for row in range(model.rowCount())]
        piles[key] = (
            model.rows(),
            model.columns,
            cells,
            tints,
            view.titles[key].text(),
            view.section_boxes[key].isHidden(),
        )
    return {"piles": piles, "header": view.header_label.text(), "illegal": dict(view.illegal)}


def _afresh(window) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """What a deck view that never showed the deck before shows for it."""
    view = DeckView([])
    controller = window.controller
    view.show_deck(
        controller.deck,
        window.deck_area.games.deck_pool(),
        controller.report,
        controller.document.unknown,
        game=window.deck_area.games.deck_game(),
    )
    view.show_owned(window.card_source.follow_deck(window.deck))
    return _shown(view)


def _check_each(window, edits) -> None:  # type: ignore[no-untyped-def]
    for edit in edits:
        edit()
        assert _shown(window.deck_view) == _afresh(window), edit


def test_count_edits_show_what_the_whole_deck_shown_afresh_shows(window, count_edits: list[bool]) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    view = window.deck_view
    combat = [row.entry.name for row in view.models["combat"].rows()]
    spare = next(
        c.name for c in window.db.all_cards() if c.section is Section.COMBAT and c.name not in combat
    )
    last = view.models["combat"].rows()[-1].entry
    feint = window.deck.find("Low Feint")
    view.select_cards([combat[1]])
    undo, redo = window.undo_stack.undo, window.undo_stack.redo
    count_edits.clear()

    _check_each(
        window,
        [
            lambda: window.add_card("Low Feint"),  # a third copy: an error names it, its row is tinted
            lambda: window.add_card(combat[1]),
            lambda: window.remove_card(feint.name, feint.set_name),  # the tint goes
            undo,
            redo,
            undo,
            lambda: window.remove_card(last.name, last.set_name, last.count),  # its last copy: the row goes
            undo,
            lambda: window.add_card(spare),  # a new card: a new row
            lambda: window.add_card(spare),
            undo,
            undo,
            redo,
            lambda: window.add_card("Low Fient"),  # an unknown card: its row suggests near names
            lambda: window.add_card(combat[1]),  # the unknown row keeps its suggestions
            lambda: window.add_card("Low Fient"),  # an unknown card's count: shown in full
        ],
    )

    # The count edits (and their undo and redo) replaced their rows alone; a row that came or went showed it all.
    assert count_edits == [
        *(True, True, True, True, True, True, False, False, False, True, True, False, False),
        *(False, True, False),
    ]
    assert view.models["unresolved"].rows()[0].suggestions
    assert [row.entry.name for row in view.selected_rows()] == [combat[1]]


def test_count_edits_in_another_games_sideboard_and_deck(
    window, count_edits: list[bool], relic_raiders: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "raiders.txt"
    path.write_text(sideboard_game.LEGAL_DECK, encoding="utf-8")
    assert window.open_deck(path, ask_first=False)
    view = window.deck_view
    assert "sideboard" in view.models and view.models["sideboard"].rowCount() == 1
    controller = window.controller
    count_edits.clear()

    _check_each(
        window,
        [
            lambda: controller.set_count("Ember Scout", None, 1, starting=True),  # the sideboard's copies
            lambda: window.add_card("Deckhand"),  # a third copy: over the game's two
            lambda: controller.set_count("Ember Scout", None, 2, starting=True),
            window.undo_stack.undo,
            window.undo_stack.undo,
            window.undo_stack.redo,
            lambda: controller.set_count("Ember Scout", None, 0, starting=True),  # the sideboard empties
            window.undo_stack.undo,
        ],
    )

    assert count_edits == [True, True, True, True, True, True, False, False]

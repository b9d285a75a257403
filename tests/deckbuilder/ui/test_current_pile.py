"""Edits act on the pile the player is in: moving to another pile clears the last one's selection, +, −, Delete and
the buttons change the current pile's selected rows only, and one press is one undo step (keys and mouse)."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from carddb.demo import demo_deck_path


def _press(sequence: str) -> None:
    """Press a key combination on whatever has the focus, as a player would."""
    combination = QKeySequence(sequence)[0]
    target = QApplication.focusWidget()
    assert target is not None
    QTest.keyClick(target, combination.key(), combination.keyboardModifiers())


def _counts(window) -> Counter[tuple[bool, str]]:  # type: ignore[no-untyped-def]
    counts: Counter[tuple[bool, str]] = Counter()
    for entry in window.deck.entries:
        counts[(False, entry.name)] += entry.count
    for entry in window.deck.starting:
        counts[(True, entry.name)] += entry.count
    return counts


def _changed(before: Counter[tuple[bool, str]], after: Counter[tuple[bool, str]]) -> dict[str, int]:
    return {
        name: after[(s, name)] - before[(s, name)]
        for s, name in before | after
        if after[(s, name)] != before[(s, name)]
    }


def _active(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def _demo_deck_on_screen(window, qtbot):  # type: ignore[no-untyped-def]
    """The demo deck open in a shown, active window at 1280×720; its deck view."""
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    _active(window, qtbot)
    return window.deck_view


def _walk_to_the_third_pile_and_press_minus(window, qtbot) -> str:  # type: ignore[no-untyped-def]
    """The issue's keys: Ctrl+D, Down, Ctrl+PgDown, Ctrl+PgDown, − ; returns the card the focused pile shows current."""
    _active(window, qtbot)
    window.browser.query_edit.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.browser.query_edit)
    _press("Ctrl+D")
    _press("Down")
    _press("Ctrl+PgDown")
    _press("Ctrl+PgDown")
    table = QApplication.focusWidget()
    view = window.deck_view
    key = next(k for k, t in view.tables.items() if t is table)
    assert view.current_pile == key
    # Only the pile the keys are in shows a selection.
    assert [k for k, t in view.tables.items() if t.selectionModel().hasSelection()] == [key]
    current = view.models[key].row_at(table.currentIndex().row())
    assert current is not None
    _press("-")
    return current.entry.name


def test_minus_after_moving_between_piles_removes_only_the_current_card(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    before, steps = _counts(window), window.undo_stack.count()

    card = _walk_to_the_third_pile_and_press_minus(window, qtbot)

    assert _changed(before, _counts(window)) == {card: -1}
    assert window.undo_stack.count() == steps + 1


@pytest.mark.realpool
def test_the_issue_walk_on_the_real_gaia_deck(qtbot, real_pool_copy, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from carddb.db import CardDatabase
    from deckbuilder.ui.main_window import MainWindow
    from tests.conftest import REAL_DECKS

    db = CardDatabase(real_pool_copy(tmp_path / "db"))
    window = MainWindow(db, interactive=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(REAL_DECKS / "gaia-example.txt", ask_first=False)
    before = _counts(window)

    card = _walk_to_the_third_pile_and_press_minus(window, qtbot)

    assert card == "Dodge"  # the first Combat card: not Carla Grimsson, not Full Moon as well
    assert _changed(before, _counts(window)) == {"Dodge": -1}
    window.undo_stack.setClean()
    window.close()
    db.close()


def _click_row(table, row: int, modifier=Qt.KeyboardModifier.NoModifier) -> None:  # type: ignore[no-untyped-def]
    rect = table.visualRect(table.model().index(row, 1))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())


def test_a_click_in_another_pile_then_delete_removes_that_card_alone(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = _demo_deck_on_screen(window, qtbot)
    characters, combat = view.tables["characters"], view.tables["combat"]
    _click_row(characters, 0)
    assert characters.selectionModel().hasSelection() and view.current_pile == "characters"
    _click_row(combat, 1)
    assert not characters.selectionModel().hasSelection()  # moving to another pile cleared the last one
    card = view.models["combat"].row_at(1).entry.name
    before, steps = _counts(window), window.undo_stack.count()

    _press("Delete")

    assert _changed(before, _counts(window)) == {card: -1}
    assert window.undo_stack.count() == steps + 1


def test_several_rows_of_the_pile_change_in_one_undo_step(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = _demo_deck_on_screen(window, qtbot)
    combat = view.tables["combat"]
    _click_row(combat, 0)
    _click_row(combat, 2, Qt.KeyboardModifier.ControlModifier)
    names = {view.models["combat"].row_at(r).entry.name for r in (0, 2)}
    before, steps = _counts(window), window.undo_stack.count()

    _press("Backspace")
    assert _changed(before, _counts(window)) == dict.fromkeys(names, -1)
    assert window.undo_stack.count() == steps + 1

    view.add_button.click()  # the + button: the same two rows, again one step
    assert _changed(before, _counts(window)) == {}
    assert window.undo_stack.count() == steps + 2
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert _counts(window) == before


def test_a_legality_result_selects_in_every_pile_but_the_buttons_act_on_the_current_one(
    window, qtbot
) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    view = window.deck_view
    first_character = view.models["characters"].row_at(0).entry.name
    first_combat = view.models["combat"].row_at(0).entry.name
    assert view.select_cards([first_character, first_combat]) == 2

    assert view.current_pile == "characters"
    assert (
        view.tables["characters"].current and not view.tables["combat"].current
    )  # combat's row drawn dimmed
    before = _counts(window)
    view.remove_button.click()
    assert _changed(before, _counts(window)) == {first_character: -1}


def test_another_piles_selection_is_drawn_dimmed(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The current pile's selected row shows the highlight colour; another pile's selected row does not."""
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    view = window.deck_view
    view.select_cards(
        [view.models["characters"].row_at(0).entry.name, view.models["combat"].row_at(0).entry.name]
    )
    highlight = window.palette().color(window.palette().ColorRole.Highlight)

    def row_colour(key: str) -> object:
        table = view.tables[key]
        rect = table.visualRect(table.model().index(0, 0))
        image = table.viewport().grab().toImage()
        return image.pixelColor(QPoint(rect.left() + 3, rect.center().y()))

    assert row_colour("characters") == highlight
    assert row_colour("combat") != highlight


def test_starting_several_sept_cards_in_play_by_key_is_one_undo_step(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = _demo_deck_on_screen(window, qtbot)
    sept = view.tables["sept"]
    _click_row(sept, 0)
    _click_row(sept, 1, Qt.KeyboardModifier.ControlModifier)
    names = [view.models["sept"].row_at(r).entry.name for r in (0, 1)]
    before, steps = _counts(window), window.undo_stack.count()

    _press("Ctrl+Shift+P")

    after = _counts(window)
    assert {name: (after[(False, name)] - before[(False, name)]) for name in names} == dict.fromkeys(
        names, -1
    )
    assert {name: (after[(True, name)] - before[(True, name)]) for name in names} == dict.fromkeys(names, 1)
    assert window.undo_stack.count() == steps + 1
    window.undo_stack.undo()
    assert _counts(window) == before

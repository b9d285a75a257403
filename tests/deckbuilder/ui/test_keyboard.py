"""By keyboard alone: search, add, change a count, move between piles, apply a fix and undo, with key events only;
every key listed in Help → Keyboard shortcuts, in the window's language."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QPushButton, QTableView

from carddb.demo import demo_deck_path
from deckbuilder.ui.shortcuts import SHORTCUTS, sequences, shown_keys
from deckbuilder.ui.shortcuts_dialog import ShortcutsDialog

CARD = "Bark Hide"  # three copies in the demo deck: a fourth is over the copy limit


def _press(qtbot, sequence: str | QKeySequence.StandardKey) -> None:  # type: ignore[no-untyped-def]
    """Press a key combination on whatever has the focus, as a player would."""
    keys = QKeySequence(sequence) if isinstance(sequence, str) else QKeySequence.keyBindings(sequence)[0]
    combination = keys[0]  # type: ignore[index]
    target = QApplication.focusWidget()
    assert target is not None
    QTest.keyClick(target, combination.key(), combination.keyboardModifiers())


def _focused() -> object:
    return QApplication.focusWidget()


def _copies(window, starting: bool = False) -> int:  # type: ignore[no-untyped-def]
    entries = window.deck.starting if starting else window.deck.entries
    return sum(e.count for e in entries if e.name == CARD)


def test_a_player_edits_the_deck_by_keyboard_alone(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.deck_view.tables["characters"].setFocus()
    qtbot.waitUntil(lambda: _focused() is window.deck_view.tables["characters"])

    _press(qtbot, QKeySequence.StandardKey.Find)  # search
    assert _focused() is window.browser.query_edit
    QTest.keyClicks(window.browser.query_edit, CARD)
    qtbot.waitUntil(lambda: window.browser.model.rowCount() == 1)
    _press(qtbot, "Down")  # to the results
    assert _focused() is window.browser.table
    _press(qtbot, "Return")  # add
    assert _copies(window) == 4
    assert not window.report.is_legal

    _press(qtbot, "Ctrl+D")  # to the deck list
    sept = window.deck_view.tables["sept"]
    for _ in range(len(window.deck_view.tables)):
        if _focused() is sept:
            break
        _press(qtbot, "Ctrl+PgDown")  # next pile
    assert _focused() is sept
    rows = [r.entry.name for r in window.deck_view.models["sept"].rows()]
    for _ in range(rows.index(CARD) - max(sept.currentIndex().row(), 0)):
        _press(qtbot, "Down")
    assert window.deck_view.models["sept"].row_at(sept.currentIndex().row()).entry.name == CARD

    _press(qtbot, "-")  # change the count
    assert _copies(window) == 3
    _press(qtbot, "+")
    assert _copies(window) == 4

    _press(qtbot, "Ctrl+Shift+P")  # move a copy to the starting-in-play pile
    assert (_copies(window), _copies(window, starting=True)) == (3, 1)
    starting = window.deck_view.tables["starting"]
    for _ in range(len(window.deck_view.tables)):
        if _focused() is starting:
            break
        _press(qtbot, "Ctrl+PgDown")
    assert _focused() is starting
    _press(qtbot, "Ctrl+Shift+B")  # and back to the sept deck
    assert (_copies(window), _copies(window, starting=True)) == (4, 0)

    _press(qtbot, "Ctrl+Shift+F")  # Fix it: the first Apply button has the focus
    qtbot.waitUntil(lambda: isinstance(_focused(), QPushButton) and _focused().objectName() == "applyHint")
    before = window.undo_stack.count()
    _press(qtbot, "Space")  # apply the fix
    assert window.undo_stack.count() == before + 1
    assert window.report.is_legal
    assert _copies(window) == 3

    _press(qtbot, QKeySequence.StandardKey.Undo)  # and undo it
    assert _copies(window) == 4
    assert not window.report.is_legal


def test_every_key_of_the_walk_is_listed_in_help(window) -> None:  # type: ignore[no-untyped-def]
    window.interactive = False  # shown, not run modal
    dialog = window.show_shortcuts()
    listed = {row[1] for row in dialog.rows()}
    for wanted in ("Ctrl+D", "Ctrl+PgDown", "Ctrl+Shift+P", "Ctrl+Shift+B", "Ctrl+Shift+F", "Down", "Space"):
        assert any(wanted in keys.split(", ") for keys in listed), wanted
    assert len(dialog.rows()) == len(SHORTCUTS)
    dialog.close()


def test_the_menus_carry_the_keys_of_the_one_list(window) -> None:  # type: ignore[no-untyped-def]
    """A menu entry's keys are the list's: changing the list changes the menu and the help together."""
    actions = {a.objectName(): a for menu in window.menuBar().findChildren(QMenu) for a in menu.actions()}
    for name, shortcut_id in (
        ("actionSave", "save"),
        ("actionGoToDeck", "deck"),
        ("actionFixIt", "fix"),
        ("actionStartInPlay", "start_in_play"),
        ("actionShortcuts", "shortcuts"),
    ):
        assert actions[name].shortcuts() == sequences(shortcut_id), name


def test_keyboard_shortcuts_dialog_speaks_portuguese(portuguese, qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = ShortcutsDialog()
    qtbot.addWidget(dialog)
    rows = dict((action, where) for action, _keys, where in dialog.rows())
    assert dialog.windowTitle() == "Atalhos de teclado"
    assert "Ir para a lista do deck" in rows
    assert rows["Desfazer"] == "Em qualquer lugar"
    assert all(keys for _action, keys, _where in dialog.rows())
    assert shown_keys("deck")
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(3)]
    assert headers == ["Ação", "Teclas", "Onde"]


def test_a_table_reads_its_keys_from_the_list(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Keypad Enter adds like Return; Shift with + (a + on most layouts) adds one copy."""
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.browser.search_in_background()
    qtbot.waitUntil(lambda: window.browser.model.rowCount() > 0)
    table: QTableView = window.browser.table
    table.setCurrentIndex(window.browser.model.index(0, 0))
    count = sum(e.count for e in window.deck.entries)
    QTest.keyClick(table, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert sum(e.count for e in window.deck.entries) == count + 1

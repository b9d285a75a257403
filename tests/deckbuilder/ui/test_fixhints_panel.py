"""The Fix it panel keeps what an edit did not change: the hints of other errors, and the Apply button in focus."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget

from carddb.demo import demo_deck_path
from deckbuilder import i18n
from deckbuilder.ui.fixhints_panel import FixHintsPanel


def _shown(panel: FixHintsPanel) -> list[str]:
    """Every text of the panel's list from top to bottom (headings, notes, hints, buttons)."""
    texts: list[str] = []
    layout = panel.body_layout
    for index in range(layout.count()):
        item = layout.itemAt(index)
        block = item.widget() if item is not None else None
        if block is None:
            continue
        for child in block.findChildren(QWidget):  # made top to bottom
            if isinstance(child, QLabel | QPushButton):
                texts.append(child.text())
    return texts


def _fresh(window) -> list[str]:  # type: ignore[no-untyped-def]
    """What a new panel shows for the window's deck and report."""
    panel = FixHintsPanel(window.db)
    panel.show_deck(window.deck, window.report)
    panel.recompute()
    return [panel.summary.text(), *_shown(panel)]


def _apply_button_for(panel: FixHintsPanel, words: str) -> QPushButton:
    """The Apply button beside the hint that says `words`."""
    for button in panel.buttons:
        label = button.parentWidget().findChild(QLabel)
        if label is not None and words in label.text():
            return button
    raise AssertionError(f"no hint says {words!r}: {panel.hint_texts()}")


def test_an_edit_keeps_other_errors_hints_and_the_focused_apply_button(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Low Feint")  # a third copy: COMBAT_COPIES, with a hint to trim it
    window.report_tabs.setCurrentWidget(window.fix_panel)
    panel = window.fix_panel
    button = _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies")
    button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is button)

    window.add_card("Twin Claws")  # another error, above or below the first
    assert [e.code for e in window.report.errors] == ["COMBAT_COPIES", "COMBAT_COPIES"]
    assert _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies") is button
    assert QApplication.focusWidget() is button  # the player tabbing through the fixes keeps their place
    assert [panel.summary.text(), *_shown(panel)] == _fresh(window)
    assert "Trim 'Twin Claws' from 3 to 2 copies" in panel.hint_texts()

    window.remove_card("Twin Claws", "Demo")  # that error goes: its block goes, the first stays
    assert _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies") is button
    assert [panel.summary.text(), *_shown(panel)] == _fresh(window)
    assert not any("Twin Claws" in text for text in _shown(panel))


def test_applying_a_fix_by_keyboard_moves_to_the_next_fix_and_shows_as_a_new_panel(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Low Feint")
    window.add_card("Twin Claws")
    window.report_tabs.setCurrentWidget(window.fix_panel)
    panel = window.fix_panel
    twin = _apply_button_for(panel, "Twin Claws")
    twin.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is twin)
    qtbot.keyClick(twin, Qt.Key.Key_Space)  # applied by keyboard: its block goes
    assert window.deck.count_of("Twin Claws") == 2
    # The focus moves to the fix left, so Space applies that one next (not lost with the button that went).
    assert QApplication.focusWidget() is _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies")
    assert [panel.summary.text(), *_shown(panel)] == _fresh(window)
    assert len(panel.buttons) == len(panel.hint_texts()) == len(panel.findChildren(QPushButton, "applyHint"))
    window.undo_stack.undo()
    assert [panel.summary.text(), *_shown(panel)] == _fresh(window)


def test_another_language_shows_every_error_again_in_it(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Low Feint")
    window.report_tabs.setCurrentWidget(window.fix_panel)
    panel = window.fix_panel
    english = _shown(panel)
    i18n.set_language("pt_BR")
    try:
        panel.recompute()  # the same deck and report: only the language changed
        portuguese = _shown(panel)
        assert portuguese == _fresh(window)[1:]
    finally:
        i18n.set_language(None)
    assert portuguese[0] != english[0]  # the error's heading, in Portuguese now

"""The Fix it panel keeps what an edit did not change: the hints of other errors, and the Apply button in focus."""

from __future__ import annotations

import threading

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


def _fresh(qtbot, window) -> list[str]:  # type: ignore[no-untyped-def]
    """What a new panel shows for the window's deck and report."""
    panel = FixHintsPanel(window.db)
    panel.show_deck(window.deck, window.report)
    panel.recompute()
    qtbot.waitUntil(lambda: not panel.busy)
    return [panel.summary.text(), *_shown(panel)]


def _settled(qtbot, panel: FixHintsPanel) -> FixHintsPanel:  # type: ignore[no-untyped-def]
    """The panel once the hints of the deck on show are on show (worked out on a worker thread)."""
    qtbot.waitUntil(lambda: not panel.busy)
    return panel


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
    panel = _settled(qtbot, window.fix_panel)
    button = _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies")
    button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is button)

    window.add_card("Twin Claws")  # another error, above or below the first
    assert [e.code for e in window.report.errors] == ["COMBAT_COPIES", "COMBAT_COPIES"]
    _settled(qtbot, panel)
    assert _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies") is button
    assert QApplication.focusWidget() is button  # the player tabbing through the fixes keeps their place
    assert [panel.summary.text(), *_shown(panel)] == _fresh(qtbot, window)
    assert "Trim 'Twin Claws' from 3 to 2 copies" in panel.hint_texts()

    window.remove_card("Twin Claws", "Demo")  # that error goes: its block goes, the first stays
    _settled(qtbot, panel)
    assert _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies") is button
    assert [panel.summary.text(), *_shown(panel)] == _fresh(qtbot, window)
    assert not any("Twin Claws" in text for text in _shown(panel))


def test_applying_a_fix_by_keyboard_moves_to_the_next_fix_and_shows_as_a_new_panel(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Low Feint")
    window.add_card("Twin Claws")
    window.report_tabs.setCurrentWidget(window.fix_panel)
    panel = _settled(qtbot, window.fix_panel)
    twin = _apply_button_for(panel, "Twin Claws")
    twin.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is twin)
    qtbot.keyClick(twin, Qt.Key.Key_Space)  # applied by keyboard: its block goes
    assert window.deck.count_of("Twin Claws") == 2
    _settled(qtbot, panel)
    # The focus moves to the fix left, so Space applies that one next (not lost with the button that went).
    assert QApplication.focusWidget() is _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies")
    assert [panel.summary.text(), *_shown(panel)] == _fresh(qtbot, window)
    assert len(panel.buttons) == len(panel.hint_texts()) == len(panel.findChildren(QPushButton, "applyHint"))
    window.undo_stack.undo()
    _settled(qtbot, panel)
    assert [panel.summary.text(), *_shown(panel)] == _fresh(qtbot, window)


def test_another_language_shows_every_error_again_in_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Low Feint")
    window.report_tabs.setCurrentWidget(window.fix_panel)
    panel = _settled(qtbot, window.fix_panel)
    english = _shown(panel)
    i18n.set_language("pt_BR")
    try:
        panel.recompute()  # the same deck and report: only the language changed
        _settled(qtbot, panel)
        portuguese = _shown(panel)
        assert portuguese == _fresh(qtbot, window)[1:]
    finally:
        i18n.set_language(None)
    assert portuguese[0] != english[0]  # the error's heading, in Portuguese now


HELD_S = 10.0  # bounds a test that goes wrong (hints worked out on the GUI thread would wait this long)


class _Held:
    """The window's hints held on the worker thread: the first deck's wait until the test releases them (each call's
    cancel, as it stood when released, and how the call ended are recorded)."""

    def __init__(self, monkeypatch) -> None:  # type: ignore[no-untyped-def]
        import deckbuilder.fixhints as fixhints

        self.release = threading.Event()
        self.calls: list[dict[str, object]] = []
        real = fixhints.fix_hints

        def held(*args, **kwargs):  # type: ignore[no-untyped-def]
            call: dict[str, object] = {}
            self.calls.append(call)
            cancel = kwargs.get("cancel", lambda: False)
            if len(self.calls) == 1:
                self.release.wait(HELD_S)
                call["cancelled"] = cancel()
            try:
                found = real(*args, **kwargs)
            except BaseException as exc:
                call["ended"] = type(exc).__name__
                raise
            call["ended"] = "answered"
            return found

        monkeypatch.setattr(fixhints, "fix_hints", held)


def _count_shown(window, name: str) -> int:  # type: ignore[no-untyped-def]
    """The copies of a card the deck table shows."""
    return sum(
        r.entry.count
        for model in window.deck_view.models.values()
        for r in model.rows()
        if r.entry.name == name
    )


def _illegal_demo_with_fix_it_shown(qtbot, window) -> FixHintsPanel:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Low Feint")  # a third copy: COMBAT_COPIES
    window.report_tabs.setCurrentWidget(window.fix_panel)
    return _settled(qtbot, window.fix_panel)


def test_an_edit_shows_at_once_and_its_fixes_follow_when_worked_out(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    panel = _illegal_demo_with_fix_it_shown(qtbot, window)
    held = _Held(monkeypatch)
    try:
        window.add_card("Twin Claws")  # returns while the hints of the deck as edited are held
        assert _count_shown(window, "Twin Claws") == 3  # the deck table shows the edit
        assert window.legality.shown_codes() == ["COMBAT_COPIES", "COMBAT_COPIES"]
        assert panel.busy
        assert "Trim 'Twin Claws' from 3 to 2 copies" not in panel.hint_texts()
        # The previous hints stay; once they are late, greyed, their Apply buttons off, and the summary says the
        # fixes are being worked out.
        assert "Trim 'Low Feint' from 3 to 2 copies" in panel.hint_texts()
        qtbot.waitUntil(lambda: not any(button.isEnabled() for button in panel.buttons))
        assert panel.buttons and panel.busy
        assert not panel.summary.isEnabled() and "Working out" in panel.summary.text()
    finally:
        held.release.set()
    _settled(qtbot, panel)
    assert "Trim 'Twin Claws' from 3 to 2 copies" in panel.hint_texts()
    assert all(button.isEnabled() for button in panel.buttons) and panel.summary.isEnabled()
    assert [panel.summary.text(), *_shown(panel)] == _fresh(qtbot, window)


def test_two_quick_edits_cancel_the_stale_fixes_and_show_the_newest(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    panel = _illegal_demo_with_fix_it_shown(qtbot, window)
    held = _Held(monkeypatch)
    on_show: list[list[str]] = []  # the hints each time the list was shown again
    rebuild = panel._rebuild
    monkeypatch.setattr(panel, "_rebuild", lambda: (rebuild(), on_show.append(panel.hint_texts())))
    try:
        window.add_card("Twin Claws")
        qtbot.waitUntil(lambda: len(held.calls) == 1)  # its hints are being worked out (held)
        window.add_card("Low Feint")  # a fourth copy, before they are
    finally:
        held.release.set()
    _settled(qtbot, panel)
    # The stale deck's work was cancelled and stopped at its next candidate check (not finished, then dropped).
    assert held.calls[0] == {"cancelled": True, "ended": "HintsCancelled"}
    assert held.calls[1:] == [{"ended": "answered"}]
    assert on_show == [panel.hint_texts()]  # the newest deck's hints, and never the stale ones
    assert "Trim 'Low Feint' from 4 to 2 copies" in panel.hint_texts()
    assert "Trim 'Twin Claws' from 3 to 2 copies" in panel.hint_texts()
    assert [panel.summary.text(), *_shown(panel)] == _fresh(qtbot, window)


def test_a_fix_worked_out_for_a_deck_no_longer_on_show_is_never_applied(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    panel = _illegal_demo_with_fix_it_shown(qtbot, window)
    button = _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies")
    held = _Held(monkeypatch)
    try:
        window.add_card("Twin Claws")
        steps = window.undo_stack.count()
        button.clicked.emit()  # a click already on its way when the deck changed, or before the list is greyed
        assert window.undo_stack.count() == steps and window.deck.count_of("Low Feint") == 3
        # Greyed at once: the player sees why nothing happened.
        assert not button.isEnabled() and "Working out" in panel.summary.text()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # greyed: the click does nothing
        assert window.undo_stack.count() == steps and window.deck.count_of("Low Feint") == 3
    finally:
        held.release.set()
    _settled(qtbot, panel)
    button = _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies")
    window.report_tabs.setCurrentWidget(window.legality)
    window.remove_card("Twin Claws", "Demo")  # the deck changes while Fix it is not on screen
    steps = window.undo_stack.count()
    button.clicked.emit()
    assert window.undo_stack.count() == steps and window.deck.count_of("Low Feint") == 3
    window.report_tabs.setCurrentWidget(window.fix_panel)
    _settled(qtbot, panel)
    qtbot.mouseClick(
        _apply_button_for(panel, "Trim 'Low Feint' from 3 to 2 copies"), Qt.MouseButton.LeftButton
    )
    assert window.deck.count_of("Low Feint") == 2  # the deck on show's own fix applies


def test_fixes_that_arrive_quickly_replace_those_on_show_ungreyed(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    panel = _illegal_demo_with_fix_it_shown(qtbot, window)
    # The stale look waits for longer than any test (the hints arrive first, whatever the machine's load).
    panel._stale_look.setInterval(int(HELD_S * 1000))
    greyed: list[bool] = []
    working = panel._working
    monkeypatch.setattr(panel, "_working", lambda on: (greyed.append(on), working(on)))
    window.add_card("Twin Claws")
    assert panel.busy
    _settled(qtbot, panel)
    assert True not in greyed and panel.body.isEnabled()  # never greyed: no flash on each edit
    assert "Trim 'Twin Claws' from 3 to 2 copies" in panel.hint_texts()

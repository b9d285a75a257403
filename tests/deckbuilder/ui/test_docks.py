"""Docks: a repaint inside a dock's contents leaves the dock's title bar alone, and what the window shows after
edits is what a fresh drawing of it shows (no area left stale)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage, QPaintEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow

from carddb.demo import demo_deck_path
from deckbuilder.ui.docks import Dock
from tests.deckbuilder.ui.layout_audit import wait_until_laid_out


def test_a_repaint_inside_the_contents_does_not_draw_the_title_bar(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[QRect] = []
    real = QDockWidget.paintEvent

    def counted(self: QDockWidget, event: QPaintEvent) -> None:
        drawn.append(event.region().boundingRect())
        real(self, event)

    monkeypatch.setattr(QDockWidget, "paintEvent", counted)
    window = QMainWindow()
    dock = Dock("Deck check", window)
    label = QLabel("Legal")
    dock.setWidget(label)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(400, 300)
    window.show()
    qapp.processEvents()
    drawn.clear()
    label.setText("Not legal: 1 error")
    qapp.processEvents()
    assert drawn == []
    dock.setWindowTitle("Deck check (2)")  # the title bar itself changes: drawn
    dock.update()
    qapp.processEvents()
    assert drawn
    window.close()


def test_after_edits_the_window_shows_what_a_fresh_drawing_shows(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1280, 720)
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    wait_until_laid_out(window, qtbot)
    for _ in range(3):  # past the copy limit and back: the verdict, its mark and colour, a row's tint flip
        window.add_card("Low Feint")
        wait_until_laid_out(window, qtbot)  # laid out and painted (the repaint is a posted event)
    window.undo_stack.undo()
    wait_until_laid_out(window, qtbot)
    shown = QImage(window.backingStore().paintDevice())
    fresh = window.grab().toImage()
    shown = shown.copy(0, 0, fresh.width(), fresh.height()).convertToFormat(fresh.format())
    assert shown == fresh

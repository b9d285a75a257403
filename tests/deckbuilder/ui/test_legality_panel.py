"""The legality panel's lines: each as tall as its words need at the panel's width, whatever came before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QImage, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QStyledItemDelegate, QStyleOptionViewItem

from deckbuilder.legality.results import Report, Result, Severity
from deckbuilder.ui.legality_panel import LegalityPanel

LONG = "Sept card 'Fang of the Scarred Frost' has 4 copies; at most 3 are allowed in this format " * 2


def _report(*messages: str) -> Report:
    results = tuple(Result("X", Severity.ERROR, text, (f"Card {n}",)) for n, text in enumerate(messages))
    return Report("standard", results, settings=(("renown_level", 20),))


def _heights_match(panel: LegalityPanel, qapp: QApplication) -> bool:
    """Every line's height is what a fresh (uncached) delegate measures for it at the list's width now."""
    qapp.processEvents()
    panel.list.doItemsLayout()
    fresh = QStyledItemDelegate()
    option = QStyleOptionViewItem()
    panel.list.initViewItemOption(option)
    option.rect.setWidth(panel.list.viewport().width())
    option.rect.setHeight(panel.list.viewport().height())
    for row in range(panel.list.count()):
        index = panel.list.model().index(row, 0)
        # The same words in the same font, without any size the panel keeps on its own line.
        copy = QStandardItem()
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.FontRole):
            copy.setData(index.data(role), role)
        scratch = QStandardItemModel()
        scratch.appendRow(copy)
        if panel.list.visualRect(index).height() != fresh.sizeHint(option, copy.index()).height():
            return False
    return True


@pytest.fixture
def panel(qapp: QApplication) -> Iterator[LegalityPanel]:
    """A panel on screen, deleted by Qt at the end of the test (not left to Python's collector)."""
    shown = LegalityPanel()
    yield shown
    shown.deleteLater()
    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_each_line_is_as_tall_as_its_words_at_the_panels_width(
    qapp: QApplication, panel: LegalityPanel
) -> None:
    panel.resize(420, 500)
    panel.show()
    panel.show_report(_report("short", LONG))
    assert _heights_match(panel, qapp)
    one_line = panel.list.visualRect(panel.list.model().index(1, 0)).height()
    panel.show_report(_report(LONG, "short", LONG + " and more"))  # lines move and change
    assert _heights_match(panel, qapp)
    panel.resize(200, 500)  # narrower: the long lines wrap onto more lines
    assert _heights_match(panel, qapp)
    assert panel.list.visualRect(panel.list.model().index(1, 0)).height() > 2 * one_line
    font = panel.list.font()
    font.setPointSizeF(font.pointSizeF() * 1.5)
    panel.list.setFont(font)  # a larger text: every line measured again
    assert _heights_match(panel, qapp)
    panel.show_report(_report("short"))
    assert _heights_match(panel, qapp)


def _settle(qapp: QApplication) -> None:
    """Let the list lay its lines out (a posted timer) and the window repaint (a posted request after that)."""
    for _ in range(3):
        qapp.processEvents()


def _on_screen(panel: LegalityPanel) -> QImage:
    """The list's lines as the window shows them now (what was drawn, kept between repaints)."""
    viewport = panel.list.viewport()
    at = viewport.mapToGlobal(QPoint(0, 0))
    return viewport.screen().grabWindow(0, at.x(), at.y(), viewport.width(), viewport.height()).toImage()


def _shows_lines_as_they_read(panel: LegalityPanel) -> bool:
    """The window shows the list's lines as they would be drawn from scratch now: no line left as it was drawn
    before an edit. (A selected line's shading may be off by a shade where Qt drew it in two parts.)"""
    shown = _on_screen(panel)
    fresh = panel.list.viewport().grab().toImage().convertToFormat(shown.format())
    if shown.size() != fresh.size():
        return False
    return all(
        abs(a - b) <= 2 for a, b in zip(bytes(shown.constBits()), bytes(fresh.constBits()), strict=True)
    )


def test_the_lines_on_screen_are_the_lines_as_they_now_read(qapp: QApplication, panel: LegalityPanel) -> None:
    panel.resize(380, 220)
    panel.show()
    reports = [
        _report(LONG, LONG, LONG),
        _report(LONG, LONG, LONG, "one more error, far below"),
        _report(LONG, "a long line became short", LONG),
        _report("short", LONG, LONG, LONG),
        _report(LONG),
        _report(),
        _report(LONG, LONG, LONG, LONG),
    ]
    for step, report in enumerate(reports):
        panel.show_report(report)
        if step == 3:
            panel.list.setCurrentRow(2)  # a selected line, then an edit that moves the lines below it
        if step == 6:
            panel.list.verticalScrollBar().setValue(2)
        _settle(qapp)
        assert _shows_lines_as_they_read(panel), f"stale lines after report {step}"
        panel.show_report(report)  # the same report again: nothing to redraw, nothing stale
        _settle(qapp)
        assert _shows_lines_as_they_read(panel), f"stale lines after report {step} again"


def test_a_selected_line_stays_selected_across_an_edit_that_keeps_it(
    qapp: QApplication, panel: LegalityPanel
) -> None:
    panel.resize(380, 300)
    panel.show()
    panel.show_report(_report(LONG, "second", LONG))
    panel.list.setCurrentRow(2)
    _settle(qapp)
    panel.show_report(_report(LONG, "second", LONG, "a new error at the end"))
    _settle(qapp)
    assert [item.text() for item in panel.list.selectedItems()] == ["•  second"]
    assert panel.list.currentRow() == 2
    assert _shows_lines_as_they_read(panel)

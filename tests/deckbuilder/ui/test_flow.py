"""Rows that wrap instead of squeezing: the flow layout, the deck's top row and the browser's filters."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QStyleFactory,
    QStyleOptionComboBox,
    QStyleOptionFrame,
    QWidget,
)

from deckbuilder.ui.deck_top_row import FormatCombo, NameEdit
from deckbuilder.ui.deck_view import DeckView
from deckbuilder.ui.flow import FlowLayout
from tests.deckbuilder.ui.layout_audit import wait_until_laid_out


def _rows(widgets: list[QWidget]) -> int:
    return len({w.mapTo(w.window(), w.rect().center()).y() // 4 for w in widgets if w.isVisible()})


def test_a_flow_keeps_one_row_while_it_fits_and_wraps_when_narrow(qtbot) -> None:  # type: ignore[no-untyped-def]
    holder = QWidget()
    qtbot.addWidget(holder)
    flow = FlowLayout(holder, spacing=4)
    edit = QLineEdit()
    buttons = [QPushButton(text) for text in ("Deal", "Reshuffle", "Redraw selected")]
    flow.addWidget(edit, 1)
    for button in buttons:
        flow.addWidget(button)
    holder.show()
    wide = flow.sizeHint().width() + 200
    holder.resize(wide, flow.heightForWidth(wide))
    wait_until_laid_out(holder, qtbot)
    assert _rows([edit, *buttons]) == 1
    assert edit.width() > edit.minimumSizeHint().width() + 150  # the stretching field takes the spare width
    narrow = buttons[-1].sizeHint().width() + 10
    holder.resize(narrow, flow.heightForWidth(narrow))
    wait_until_laid_out(holder, qtbot)
    assert _rows([edit, *buttons]) >= 3
    assert flow.heightForWidth(narrow) > flow.heightForWidth(wide)
    for widget in (edit, *buttons):
        assert holder.rect().contains(widget.geometry())
        assert widget.width() >= widget.minimumSizeHint().width()
    buttons[1].hide()  # a hidden widget takes no place
    holder.resize(wide, flow.heightForWidth(wide))
    wait_until_laid_out(holder, qtbot)
    assert _rows([edit, *buttons]) == 1


def test_the_deck_top_row_wraps_rather_than_squeeze_the_name_or_cut_the_format(qtbot) -> None:  # type: ignore[no-untyped-def]
    view = DeckView([("revised", "Revised (open)"), ("original", "Original 1995 rules")])
    qtbot.addWidget(view)
    view.resize(1000, 600)
    view.show()
    qtbot.waitExposed(view)
    parts = [view.name_edit, view.renown_spin, view.format_combo]
    assert _rows(parts) == 1
    view.resize(360, 600)
    qtbot.waitUntil(lambda: _rows(parts) > 1)
    combo = view.format_combo
    assert combo.fontMetrics().horizontalAdvance(combo.currentText()) < combo.width() - 20  # the title whole
    assert view.name_edit.width() >= view.name_edit.minimumSizeHint().width()
    assert view.name_edit.minimumSizeHint().width() >= 10 * view.name_edit.fontMetrics().averageCharWidth()
    for widget in parts:
        assert view.top_row.rect().contains(widget.mapTo(view.top_row, widget.rect().topLeft()))


@pytest.mark.parametrize("style_name", QStyleFactory.keys())
@pytest.mark.parametrize("points", [7, 11, 20])
def test_the_name_and_format_are_as_wide_as_the_style_draws_them(qtbot, style_name: str, points: int) -> None:  # type: ignore[no-untyped-def]
    # The top row reads the style's frame off Qt's own hints: it is what the style itself says.
    style = QStyleFactory.create(style_name)
    name, combo = NameEdit(), FormatCombo()
    for widget in (name, combo):
        qtbot.addWidget(widget)
        widget.setStyle(style)
        font = widget.font()
        font.setPointSize(points)
        widget.setFont(font)
    combo.addItems(["Revised", "Original 1995 rules (open)"])
    combo.show()
    qtbot.waitExposed(combo)
    combo.sizeHint()
    combo.addItem("A format whose title came after the first show, longer than the others")
    frame, box = QStyleOptionFrame(), QStyleOptionComboBox()
    name.initStyleOption(frame)
    combo.initStyleOption(box)
    for text in (0, 37, 250):
        asked = style.sizeFromContents(QStyle.ContentsType.CT_LineEdit, frame, QSize(text, 0), name)
        assert name.style_frame() == asked.width() - text
        asked = style.sizeFromContents(QStyle.ContentsType.CT_ComboBox, box, QSize(text, 20), combo)
        assert combo.style_frame() == asked.width() - text
    for index in range(combo.count()):
        combo.setCurrentIndex(index)
        assert combo.fontMetrics().horizontalAdvance(combo.currentText()) < combo.sizeHint().width() - 20


def test_the_browser_filters_go_to_one_column_when_narrow(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]

    window = make_window()
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    grid = window.browser.filter_grid
    qtbot.waitUntil(lambda: grid.columns == 2)  # the default split leaves the browser two filters to a row
    labels = [label for label, _field in grid.pairs]
    qtbot.waitUntil(lambda: len({label.x() for label in labels}) == 2)  # laid out: two columns of labels
    total = sum(window.splitter.sizes())
    window.splitter.setSizes([grid.needed(2) - 20, total - grid.needed(2) + 20])
    qtbot.waitUntil(lambda: grid.columns == 1)
    qtbot.waitUntil(lambda: len({label.x() for label in labels}) == 1)
    for widget in grid.findChildren(QWidget):
        if widget.isVisible() and not isinstance(widget, QLabel):
            assert widget.width() >= widget.minimumSizeHint().width() or widget.objectName().startswith("qt_")
    window.splitter.setSizes([grid.needed(2) + 40, total - grid.needed(2) - 40])
    qtbot.waitUntil(lambda: grid.columns == 2)

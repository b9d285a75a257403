"""Layout checks shared by the window tests: cut cell texts and clipped tab titles, measured with Qt's own metrics."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QStyle, QTableView, QTabWidget


def _text_margin(view: QAbstractItemView) -> int:
    # QCommonStyle draws an item's text inside PM_FocusFrameHMargin + 1 on each side.
    return 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)


def cut_cells(table: QTableView, column: int) -> list[str]:
    """Texts of `column` wider than the column shows (each row, scrolled into view or not)."""
    model = table.model()
    width = table.columnWidth(column)
    cut = []
    for row in range(model.rowCount()):
        index = model.index(row, column)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        font = index.data(Qt.ItemDataRole.FontRole)
        metrics = QFontMetrics(font) if isinstance(font, QFont) else table.fontMetrics()
        icon = 0 if index.data(Qt.ItemDataRole.DecorationRole) is None else table.iconSize().width() + 4
        if text and metrics.horizontalAdvance(text) + _text_margin(table) + icon > width:
            cut.append(text)
    return cut


def clipped_tab_titles(tabs: QTabWidget) -> list[str]:
    """Tab titles their tab does not show whole (elided or squeezed)."""
    bar = tabs.tabBar()
    metrics = bar.fontMetrics()
    clipped = []
    for i in range(bar.count()):
        text = bar.tabText(i).replace("&", "")
        if metrics.horizontalAdvance(text) > bar.tabRect(i).width() - 8:
            clipped.append(text)
    return clipped

"""A layout that lays its widgets out in a row and wraps them onto more rows when the row is too narrow."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget, QWidgetItem


class FlowLayout(QLayout):
    """Widgets left to right at their preferred widths, wrapped onto the next row where they do not fit; a row's
    spare width goes to its stretching widgets. Its height follows its width (heightForWidth), so whatever holds it
    gives it the rows it needs at the width it has, and its minimum width is its widest widget's."""

    def __init__(self, parent: QWidget | None = None, spacing: int = -1) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._stretch: list[int] = []
        self._spacing = spacing
        # Heights by width and which items show: Qt asks again and again for the same width while it lays a window
        # out, and each answer asks every widget for its sizes. A widget whose sizes change says so (updateGeometry
        # invalidates its layout), which forgets them.
        self._heights: dict[tuple[int, tuple[bool, ...]], int] = {}
        self.setContentsMargins(0, 0, 0, 0)  # a row among others: the holder's layout gives the margins

    # -- the items -------------------------------------------------------------------------------

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self._stretch.append(0)

    def addWidget(self, widget: QWidget, stretch: int = 0) -> None:
        """Add a widget; one with a stretch takes the spare width of its row."""
        self.insertWidget(len(self._items), widget, stretch)

    def insertWidget(self, index: int, widget: QWidget, stretch: int = 0) -> None:
        """Put a widget at a place in the order (another game's settings go after the Renown level's)."""
        self.addChildWidget(widget)
        index = max(0, min(index, len(self._items)))
        self._items.insert(index, QWidgetItem(widget))
        self._stretch.insert(index, stretch)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        self._stretch.pop(index)
        item = self._items.pop(index)
        self.invalidate()
        return item

    # -- sizes -----------------------------------------------------------------------------------

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        key = (width, tuple(item.isEmpty() for item in self._items))
        height = self._heights.get(key)
        if height is None:
            height = self._heights[key] = self._arrange(QRect(0, 0, width, 0), move=False)
        return height

    def invalidate(self) -> None:
        self._heights = {}
        super().invalidate()

    def sizeHint(self) -> QSize:
        shown = self._shown()
        margins = self.contentsMargins()
        width = sum(i.sizeHint().width() for i, _s in shown) + self._gap() * max(0, len(shown) - 1)
        height = max((i.sizeHint().height() for i, _s in shown), default=0)
        return QSize(width, height) + _grow(margins)

    def minimumSize(self) -> QSize:
        shown = self._shown()
        width = max((i.minimumSize().width() for i, _s in shown), default=0)
        height = max((i.sizeHint().height() for i, _s in shown), default=0)
        return QSize(width, height) + _grow(self.contentsMargins())

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    # -- laying out ------------------------------------------------------------------------------

    def _gap(self) -> int:
        if self._spacing >= 0:
            return self._spacing
        parent = self.parentWidget()
        if parent is None:
            return 6
        # Imported here: readying QStyle's enums for Python costs every start ~10 ms (the window's flows are spaced).
        from PySide6.QtWidgets import QStyle

        gap = parent.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing, None, parent)
        return gap if gap >= 0 else 6

    def _shown(self) -> list[tuple[QLayoutItem, int]]:
        return [(item, s) for item, s in zip(self._items, self._stretch, strict=True) if not item.isEmpty()]

    def _rows(self, width: int) -> list[list[tuple[QLayoutItem, int, int]]]:
        """The items of each row with their widths: preferred widths while they fit, a lone too-wide item shrunk
        to the row (never below its minimum)."""
        gap = self._gap()
        rows: list[list[tuple[QLayoutItem, int, int]]] = []
        used = 0
        for item, stretch in self._shown():
            # A stretching widget asks only for its minimum: it takes the row's spare width anyway.
            wanted = (
                item.minimumSize().width()
                if stretch
                else max(item.sizeHint().width(), item.minimumSize().width())
            )
            if not rows or used + gap + wanted > width:
                rows.append([])
                used = wanted
            else:
                used += gap + wanted
            rows[-1].append((item, stretch, max(item.minimumSize().width(), min(wanted, width))))
        return rows

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place the items in `rect` (or only measure, move=False); the height they take."""
        margins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        gap = self._gap()
        y = area.y()
        for number, row in enumerate(self._rows(area.width())):
            if number:
                y += gap
            height = max(item.sizeHint().height() for item, _s, _w in row)
            spare = area.width() - sum(w for _i, _s, w in row) - gap * (len(row) - 1)
            stretches = sum(s for _i, s, _w in row)
            x = area.x()
            for item, stretch, width in row:
                extra = spare * stretch // stretches if stretches and spare > 0 else 0
                if move:
                    item_height = min(height, max(item.sizeHint().height(), item.minimumSize().height()))
                    top = y + (height - item_height) // 2
                    item.setGeometry(QRect(QPoint(x, top), QSize(width + extra, item_height)))
                x += width + extra + gap
            y += height
        return y - area.y() + margins.top() + margins.bottom()


def _grow(margins: QMargins) -> QSize:
    return QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

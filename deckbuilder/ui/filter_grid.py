"""The card browser's filters: label–field pairs in two columns, or in one where two do not fit; the filter widgets."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QFocusEvent, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QComboBox, QGridLayout, QSizePolicy, QSpinBox, QWidget

from deckbuilder.ui.card_results import ANY


class FilterGrid(QWidget):
    """Filters two pairs to a row at the usual text sizes; one pair to a row when the browser is narrower than two
    pairs need (a larger text size), so the browser never takes the deck's width to keep its filters whole."""

    def __init__(self, pairs: list[tuple[QWidget, QWidget]], last: tuple[QWidget, QWidget, QWidget]) -> None:
        super().__init__()
        self.every_pair = list(pairs)
        self.pairs = pairs  # the pairs shown
        self.last = last  # the Collection label, its combo (two cells wide when it can) and the Reset button
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.columns = 0
        self._place(2)

    def _gap(self) -> int:
        return max(0, self.grid.horizontalSpacing())

    def needed(self, columns: int) -> int:
        """The least width the filters need laid out in that many columns of pairs."""
        labels = [*[label for label, _field in self.pairs], self.last[0]]
        fields = [field for _label, field in self.pairs]
        total = 0
        for column in range(columns):
            mine_labels = labels[column::columns] if columns > 1 else labels
            mine_fields = fields[column::columns]
            if columns > 1 and column == columns - 1:
                mine_fields = [
                    *mine_fields,
                    self.last[2],
                ]  # the last row's buttons share this column's fields
            total += max(w.minimumSizeHint().width() for w in mine_labels) + self._gap()
            total += max(w.minimumSizeHint().width() for w in mine_fields)
        if columns == 1:
            total = max(total, self.last[0].minimumSizeHint().width() + self._gap() + self._last_width())
        return total + self._gap() * (columns - 1)

    def _last_width(self) -> int:
        return max(self.last[1].minimumSizeHint().width(), self.last[2].minimumSizeHint().width())

    def _place(self, columns: int) -> None:
        if columns == self.columns:
            return
        self.columns = columns
        for widget in (*[w for pair in self.every_pair for w in pair], *self.last):
            self.grid.removeWidget(widget)
        for column in range(4):
            self.grid.setColumnStretch(column, 0)
        for position, (label, field) in enumerate(self.pairs):
            row, column = divmod(position, columns)
            self.grid.addWidget(label, row, 2 * column)
            self.grid.addWidget(field, row, 2 * column + 1)
        row = (len(self.pairs) + columns - 1) // columns
        collection, combo, reset = self.last
        self.grid.addWidget(collection, row, 0)
        if columns == 2:
            self.grid.addWidget(combo, row, 1, 1, 2)  # "Missing for this deck" shows whole
            self.grid.addWidget(reset, row, 3, Qt.AlignmentFlag.AlignRight)
        else:
            self.grid.addWidget(combo, row, 1)
            self.grid.addWidget(reset, row + 1, 1, Qt.AlignmentFlag.AlignRight)
        for column in range(columns):
            self.grid.setColumnStretch(2 * column + 1, 1)
        self.updateGeometry()

    def show_pairs(self, shown: list[tuple[QWidget, QWidget]]) -> None:
        """Show only these pairs (a game without a filter's field has no use for it), laid out without gaps."""
        if shown == self.pairs:
            return
        self.pairs = shown
        for pair in self.every_pair:
            for widget in pair:
                widget.setVisible(pair in shown)
        columns, self.columns = self.columns, 0
        self._place(columns or 2)

    def _fit(self) -> None:
        self._place(2 if self.width() >= self.needed(2) else 1)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.needed(1), self.grid.minimumSize().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            QTimer.singleShot(0, self, self._fit)


def refill_combo(combo: QComboBox, values: Sequence[str]) -> None:
    """Fill a filter combo with "Any" and `values`, keeping the chosen value where it still is one."""
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(QCoreApplication.translate("CardBrowser", ANY), "")
    for value in values:
        combo.addItem(value, value)
    found = combo.findData(current)
    combo.setCurrentIndex(max(found, 0))
    combo.blockSignals(False)


class ChoicesCombo(QComboBox):
    """A filter combo whose choices are read from the database when first needed (opened, focused or scrolled),
    not when the window starts: listing the distinct Types scans every card (~20 ms at 100,000 cards)."""

    def __init__(self, load: Callable[[], Sequence[str]]) -> None:
        super().__init__()
        self._load = load
        self._stale = True
        self.addItem(QCoreApplication.translate("CardBrowser", ANY), "")

    def invalidate(self) -> None:
        """Read the choices again when next needed (at once when one is chosen, so that it stays chosen)."""
        self._stale = True
        if self.currentIndex() > 0:
            self.ensure_filled()

    def ensure_filled(self) -> None:
        """Fill the choices if the database may have changed since they were read."""
        if self._stale:
            self._stale = False
            refill_combo(self, self._load())

    def showPopup(self) -> None:
        self.ensure_filled()
        super().showPopup()

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.ensure_filled()  # keys pick a choice without opening the list
        super().focusInEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.ensure_filled()
        super().wheelEvent(event)


def range_spin() -> QSpinBox:
    # Minimum value doubles as "no bound" (shown as "–").
    spin = QSpinBox()
    spin.setRange(-1, 99)
    spin.setValue(-1)
    spin.setSpecialValueText("–")
    # As wide as its text needs, no wider (it follows View → Text size).
    spin.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
    return spin

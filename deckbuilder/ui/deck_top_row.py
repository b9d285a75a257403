"""The parts of the deck's top row (name, Renown level, format, +/−), sized by what they show so the row wraps onto
a second line (ui/flow.py) rather than squeeze the name or cut the format's title."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionFrame,
    QWidget,
)


def pair(*widgets: QWidget) -> QWidget:
    """Widgets kept together on one row of the wrapping top row (a label and its field, the + and − buttons)."""
    holder = QWidget()
    layout = QHBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(4)
    for widget in widgets:
        layout.addWidget(widget)
    return holder


class NameEdit(QLineEdit):
    """The deck's name: as wide as the name (the top row wraps rather than cut it), between about a dozen and two
    dozen letters of the text size in force."""

    def __init__(self) -> None:
        super().__init__()
        self.textChanged.connect(self.updateGeometry)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        letter = self.fontMetrics().averageCharWidth()
        option = QStyleOptionFrame()
        self.initStyleOption(option)
        text = (
            self.fontMetrics().horizontalAdvance(self.text() or self.placeholderText()) + 6
        )  # + cursor, margins
        name = (
            self.style()
            .sizeFromContents(QStyle.ContentsType.CT_LineEdit, option, QSize(text, 0), self)
            .width()
        )
        return QSize(max(hint.width(), min(max(name, 12 * letter), 24 * letter)), hint.height())


class FormatCombo(QComboBox):
    """The format chooser, as wide as the chosen format's title (whole, and no wider: the top row stays one row
    wherever it can)."""

    def __init__(self) -> None:
        super().__init__()
        self.currentIndexChanged.connect(self.updateGeometry)

    def sizeHint(self) -> QSize:
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        metrics = self.fontMetrics()
        text = QSize(metrics.horizontalAdvance(self.currentText()) + 4, metrics.height())
        hint = self.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, text, self)
        return QSize(hint.width(), max(hint.height(), super().sizeHint().height()))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

"""The parts of the deck's top row (name, Renown level, format, +/−), sized by what they show so the row wraps onto
a second line (ui/flow.py) rather than squeeze the name or cut the format's title."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QWidget

# Both widgets size themselves by their text plus what the style draws around it (frame, margins, the combo's
# arrow). That is read off Qt's own size hint rather than asked of style().sizeFromContents(): handing the style to
# Python readies QStyle's ~600 enum values (~45 M instructions, a tenth of the window's start), and at start
# nothing else needs it. Qt's hints are the style's sizeFromContents of a known width (below), and every style
# adds a fixed width to it (tests/deckbuilder/ui/test_flow.py checks this against the style for each one installed).
# QLineEdit's sizeHint is 17 'x' wide plus 2 pixels each side and its text and contents margins.
_LINE_EDIT_XS = 17
_LINE_EDIT_MARGIN = 2


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
        metrics = self.fontMetrics()
        letter = metrics.averageCharWidth()
        text = metrics.horizontalAdvance(self.text() or self.placeholderText()) + 6  # + cursor, margins
        name = text + self.style_frame()
        return QSize(max(hint.width(), min(max(name, 12 * letter), 24 * letter)), hint.height())

    def style_frame(self) -> int:
        """The width the style adds around the text (its sizeFromContents of CT_LineEdit, less the text)."""
        metrics = self.fontMetrics()
        text, contents = self.textMargins(), self.contentsMargins()
        inner = _LINE_EDIT_XS * metrics.horizontalAdvance("x") + 2 * _LINE_EDIT_MARGIN
        inner += text.left() + text.right() + contents.left() + contents.right()
        return self.sizeHint().width() - inner


class FormatCombo(QComboBox):
    """The format chooser, as wide as the chosen format's title (whole, and no wider: the top row stays one row
    wherever it can)."""

    def __init__(self) -> None:
        super().__init__()
        # Qt's own hint (read below) then follows the titles as they change, not only those of the first show.
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.currentIndexChanged.connect(self.updateGeometry)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        text = self.fontMetrics().horizontalAdvance(self.currentText()) + 4
        return QSize(text + self.style_frame(), hint.height())

    def style_frame(self) -> int:
        """The width the style adds around the title (its sizeFromContents of CT_ComboBox, less the text)."""
        # Qt's hint is that of the widest title (its bounding width; 7 'x' with none) with what the style adds.
        metrics = self.fontMetrics()
        titles = [metrics.boundingRect(self.itemText(i)).width() for i in range(self.count())]
        return super().sizeHint().width() - max(titles, default=7 * metrics.horizontalAdvance("x"))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

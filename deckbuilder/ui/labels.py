"""A label whose text changes often without re-laying out the whole main window."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QEnterEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class SteadyLabel(QWidget):
    """A QLabel in a holder of its own height: new text repaints the label, and re-lays out only when its height
    changes.

    A bare QLabel asks every layout up to the main window to recompute on each setText, and the main window then
    repaints all its docks: on an edit that is most of the cost of showing the new counts.
    """

    def __init__(
        self,
        text: str = "",
        parent: QWidget | None = None,
        *,
        word_wrap: bool = False,
        selectable: bool = False,
        breaks_at: str = "",
    ) -> None:
        """`selectable`: its text can be selected with the mouse (and copied); `breaks_at`: a wrapped line breaks
        only there (the header's " · " between figures, so "Combat 21 / 20+" is never cut in two)."""
        super().__init__(parent)
        self._breaks_at = breaks_at
        self._text = text
        self.label = _Label(self._shown(text), self)
        self.label.selectable = selectable
        self.label.setWordWrap(word_wrap)
        self._word_wrap = word_wrap
        # One line's laid-out height by (font, word-wrapped): asked on every new text.
        self._lines: dict[tuple[str, bool], int] = {}
        # Other texts' laid-out heights by (text, width, font): an edit and its undo, or a card added and taken away
        # again, bring back texts shown before (the header wraps, and laying it out cost more than the rest of it).
        self._heights: dict[tuple[str, int, str], int] = {}
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(0)
        self._fit()

    def text(self) -> str:
        """The text on show, as it was given."""
        return self._text

    def _shown(self, text: str) -> str:
        """The text with its spaces non-breaking except in `breaks_at`."""
        if not self._breaks_at:
            return text
        return self._breaks_at.join(part.replace(" ", "\u00a0") for part in text.split(self._breaks_at))

    def setText(self, text: str) -> None:
        """Show new text (nothing happens when it is the same)."""
        if self._text != text:
            self._text = text
            self.label.drop_text_control()
            self.label.setText(self._shown(text))
            self._fit()

    def setObjectName(self, name: str) -> None:
        super().setObjectName(f"{name}Holder")
        self.label.setObjectName(name)

    def setToolTip(self, text: str) -> None:
        self.label.tip_source = None
        self.label.setToolTip(text)

    def set_tool_tip_source(self, source: Callable[[], str]) -> None:
        """A tooltip worked out when it is asked for (shown or read), not each time the label changes."""
        self.label.tip_source = source

    def _height_for(self, width: int) -> int:
        text = self.label.text()
        # One line of ASCII is drawn in the label's own font, so its height is the same for every such text: it is
        # measured once per font. Other text (a fallback font's glyphs may be taller, or line breaks) each time.
        one_line = text.isascii() and "\n" not in text and text != ""
        if not self._word_wrap or width <= 0:
            if not one_line:
                return self._laid_out(text, -1, lambda: self.label.sizeHint().height())
            return self._line_height(False, lambda: self.label.sizeHint().height())
        # Wrapped: each text's height at this width is kept, so a text shown before (an edit and its undo) is not
        # measured again, not even to see whether it fits on one line.
        return self._laid_out(text, width, lambda: self._wrapped_height(text, width, one_line))

    def _wrapped_height(self, text: str, width: int, one_line: bool) -> int:
        """A text's height word-wrapped at a width (> 0) in the label's font."""
        metrics = self.label.fontMetrics()
        if one_line and metrics.horizontalAdvance(text) <= width:
            # Fits on one line: no text layout needed.
            return self._line_height(
                True, lambda: max(metrics.height(), self.label.heightForWidth(max(width, 1)))
            )
        return max(self.label.heightForWidth(width), metrics.height())

    def _laid_out(self, text: str, width: int, measure: Callable[[], int]) -> int:
        """A text's laid-out height at a width (-1: unwrapped) in the label's font, measured when first wanted."""
        key = (text, width, self.label.font_key())
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) >= 64:
                self._heights.clear()  # a bound: the texts of the last few edits are the ones that come back
            height = self._heights[key] = measure()
        return height

    def _line_height(self, wrapped: bool, measure: Callable[[], int]) -> int:
        """One line's laid-out height in the label's font, measured the first time it is wanted."""
        key = (self.label.font_key(), wrapped)
        height = self._lines.get(key)
        if height is None:
            height = self._lines[key] = measure()
        return height

    def _fit(self) -> None:
        height = self._height_for(self.width())
        if height != self.height() or height != self.minimumHeight():
            self.setFixedHeight(height)  # the only case that needs the layouts above
        width = self.width()
        if self.label.width() != width or self.label.height() != height:
            # Only a new size: a resize to the same size still goes through the geometry code of Qt.
            self.label.resize(width, height)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.StyleChange:
            self._heights.clear()  # another style may lay text out with other margins
        elif event.type() == QEvent.Type.FontChange:
            # A larger text size (View → Text size) needs a taller line; the label's own font changes after ours.
            QTimer.singleShot(0, self, self._fit)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()


_TOOL_TIP = QEvent.Type.ToolTip


class _Label(QLabel):
    """A QLabel whose tooltip may come from a function, called only when the tooltip is wanted, and whose text, when
    selectable, is made selectable only while the pointer is over it or some of it is selected.

    A label selectable by mouse holds its text in a text document, built again for each new text and drawn through
    the document's layout: on an edit that was most of the cost of showing the deck's new figures. The text looks
    the same either way; the document is made when the pointer comes to the label, before it can select anything.
    """

    tip_source: Callable[[], str] | None = None
    selectable = False
    _font_key: str | None = None

    def font_key(self) -> str:
        """The label's font as a key (QFont.key()), worked out once per font: every new text asks for it."""
        if self._font_key is None:
            self._font_key = self.font().key()
        return self._font_key

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._font_key = None  # its own font, the holder's or the application's changed
        super().changeEvent(event)

    def enterEvent(self, event: QEnterEvent) -> None:
        if self.selectable:
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        super().enterEvent(event)

    def drop_text_control(self) -> None:
        """Stop holding the text in a document while nobody is selecting it (a new text is coming)."""
        if self.selectable and not self.underMouse() and not self.hasSelectedText():
            self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)

    def toolTip(self) -> str:
        return self.tip_source() if self.tip_source is not None else super().toolTip()

    def event(self, event: QEvent) -> bool:
        # Every event of the label passes here (each repaint too): the tooltip's type is read once (_TOOL_TIP).
        if self.tip_source is not None and event.type() == _TOOL_TIP:
            super().setToolTip(self.tip_source())
        return super().event(event)

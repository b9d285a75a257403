"""Fix it: each error of the deck with the hints the engine accepted; one click applies a hint as one undo step."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.i18n import current_language, render
from deckbuilder.legality.results import Report, Result, Severity
from deckbuilder.ui.translation import fill, ngettext

if TYPE_CHECKING:
    # deckbuilder.fixhints (the fix planners, odds, hashlib) is imported when hints are first worked out.
    from deckbuilder.fixhints import FixHint


# What an error's block shows: the language, the error and its hints (a block is kept while this stays the same).
_BlockKey = tuple[str, Result, tuple["FixHint", ...]]


class _Block:
    """One error's widget on show, with what it shows and its Apply buttons."""

    __slots__ = ("buttons", "key", "widget")

    def __init__(self, key: _BlockKey, widget: QWidget, buttons: list[QPushButton]) -> None:
        self.key, self.widget, self.buttons = key, widget, buttons


class FixHintsPanel(QWidget):
    """Lists the fix-it hints of the deck on show; computes them only while the panel is visible."""

    apply_requested = Signal(object)  # FixHint

    def __init__(self, db: CardDatabase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self._deck: Deck | None = None
        self._report: Report | None = None
        self._pool: Any = None
        self._stale = False
        self._candidates: list[Any] | None = None
        self._candidate_pool: Any = None
        self._candidate_count = -1
        self.hints: list[tuple[Result, list[FixHint]]] = []
        self.buttons: list[QPushButton] = []
        self.summary = QLabel()
        self.summary.setObjectName("fixSummary")
        self.summary.setWordWrap(True)
        font = self.summary.font()
        font.setBold(True)
        self.summary.setFont(font)
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.body_layout.setSpacing(4)
        self.body_layout.addStretch(1)  # the errors' blocks go above it
        self._blocks: list[_Block] = []
        scroll = QScrollArea()
        scroll.setObjectName("fixList")
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.body)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(scroll, 1)

    def show_deck(self, deck: Deck, report: Report | None, pool: Any = None) -> None:
        """The deck changed: recompute now if the panel is visible, else when it is next shown (`pool`: where the
        deck's game looks its cards up, the card database when None)."""
        self._deck, self._report, self._pool = deck, report, pool
        self._stale = True
        if self.isVisible():
            self.recompute()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.recompute()

    def candidates(self, pool: Any = None) -> list[Any]:
        """The cards of the deck's pool (the card database when None) hints may suggest, read again only when the
        pool or its card count changed (reading every card of the database is the slow part)."""
        pool = self.db if pool is None else pool
        count = pool.card_count()
        if self._candidates is None or pool is not self._candidate_pool or count != self._candidate_count:
            self._candidates = pool.all_cards()
            self._candidate_pool, self._candidate_count = pool, count
        return self._candidates

    def recompute(self) -> None:
        """Find and show the hints for the deck on show."""
        self._stale = False
        deck, report = self._deck, self._report
        if deck is None or report is None:
            self.hints = []
        else:
            pool: Any = self._pool if self._pool is not None else self.db
            cards = self.candidates(pool)  # the cards hints may suggest, whatever the pool
            from deckbuilder.fixhints import fix_hints

            self.hints = fix_hints(deck, pool, cards, report.format, dict(report.settings), report)
        self._rebuild()

    def _rebuild(self) -> None:
        """Show the summary and the hints, keeping the block of every error whose hints did not change (an edit
        changes a few: rebuilding every label and button each time cost more than working the hints out)."""
        self._show_summary()
        lang = current_language()
        kept: dict[_BlockKey, list[_Block]] = {}
        for block in self._blocks:
            kept.setdefault(block.key, []).append(block)
        shown: list[_Block] = []
        for error, hints in self.hints:
            key = (lang, error, tuple(hints))
            same = kept.get(key)
            shown.append(same.pop(0) if same else self._block(key, error, hints))
        focus = QApplication.focusWidget()
        focus_was = -1  # the place of the block that held the keyboard focus, when it goes
        for blocks in kept.values():
            for block in blocks:
                if focus is not None and block.widget.isAncestorOf(focus):
                    focus_was = self._blocks.index(block)
                self.body_layout.removeWidget(block.widget)
                block.widget.setParent(None)  # gone at once (Apply buttons are looked up by name)
                block.widget.deleteLater()
        for index, block in enumerate(shown):
            if self.body_layout.indexOf(block.widget) != index:
                self.body_layout.removeWidget(block.widget)
                self.body_layout.insertWidget(index, block.widget)
        self._blocks = shown
        self.buttons = [button for block in shown for button in block.buttons]
        if focus_was >= 0:
            self._refocus(focus_was)

    def _refocus(self, place: int) -> None:
        """The focus was in a block that went (its fix applied): give it to the next fix's Apply button, else the
        one before, else the panel, so that the keys go on working where the player was."""
        later = [b for block in self._blocks[place:] for b in block.buttons]
        earlier = [b for block in self._blocks[:place] for b in block.buttons]
        target: QWidget = later[0] if later else earlier[-1] if earlier else self
        target.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_summary(self) -> None:
        if self._report is None:
            self.summary.setText(self.tr("No deck checked"))
        elif self._report.is_legal:
            self.summary.setText(
                self.tr("The deck is legal; warnings with a fix are below (Undo takes a fix back)")
                if self.hints
                else self.tr("The deck is legal: nothing to fix")
            )
        else:
            errors = [hints for error, hints in self.hints if error.severity is Severity.ERROR]
            fixable = sum(1 for hints in errors if hints)
            count = len(errors)
            text = fill(
                ngettext(
                    "%1 error; one click applies a fix (Undo takes it back)",
                    "%1 errors; one click applies a fix (Undo takes it back)",
                    count,
                ),
                count,
            )
            if fixable != count:
                text += self.tr(" — %1 with a fix").replace("%1", str(fixable))
            self.summary.setText(text)

    def _block(self, key: _BlockKey, error: Result, hints: list[FixHint]) -> _Block:
        """One error's heading with its hints (or why it has none), as one widget."""
        from deckbuilder.fixhints import no_fix_reason

        widget = QWidget()
        layout = QVBoxLayout(widget)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        heading = QLabel()
        heading.setTextFormat(Qt.TextFormat.RichText)
        heading.setWordWrap(True)
        heading.setText(f"<b>{_escape(error.code)}</b> — {_escape(render(error))}")
        layout.addWidget(heading)
        if not hints:
            note = QLabel(self.tr("No automatic fix: %1").replace("%1", no_fix_reason(error.code)))
            note.setWordWrap(True)
            note.setIndent(12)
            layout.addWidget(note)
        buttons: list[QPushButton] = []
        for hint in hints:
            row, button = self._hint_row(hint)
            layout.addWidget(row)
            buttons.append(button)
        return _Block(key, widget, buttons)

    def _hint_row(self, hint: FixHint) -> tuple[QWidget, QPushButton]:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(12, 0, 0, 0)
        label = QLabel(self.hint_text(hint))
        label.setWordWrap(True)
        button = QPushButton(self.tr("Apply"))
        button.setObjectName("applyHint")
        button.setToolTip(self.tr("Make this change (one undo step)"))
        button.clicked.connect(self._emitter(hint))
        layout.addWidget(label, 1)
        layout.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
        return row, button

    def _emitter(self, hint: FixHint) -> Callable[[], None]:
        return lambda: self.apply_requested.emit(hint)

    def hint_text(self, hint: FixHint) -> str:
        """The hint in the player's language, from its code and parameters (deckbuilder.i18n)."""
        return render(hint)

    def hint_texts(self) -> list[str]:
        """Every hint as shown, in order."""
        return [self.hint_text(h) for _error, hints in self.hints for h in hints]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

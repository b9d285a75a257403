"""Fix it: each error of the deck with the hints the engine accepted; one click applies a hint as one undo step.

The hints are worked out on a worker thread (each is a whole check of a changed deck: ~0.2 s for a 600-card deck with
a hundred errors), so an edit never waits for them; the hints on show stay, not appliable, until the edited deck's
arrive, and are greyed once that takes longer than STALE_LOOK_MS.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
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
    from deckbuilder.ui.workers import CancelFn, NewestJob, ProgressFn

Hints = list[tuple[Result, list["FixHint"]]]

# Hints that arrive within this long after an edit replace those on show without greying them first: a small deck's
# come in 5-10 ms, and greying the list on every edit would flash it for a frame. (Their Apply buttons do nothing
# meanwhile all the same.)
STALE_LOOK_MS = 150


# What an error's block shows: the language, the error and its hints (a block is kept while this stays the same).
_BlockKey = tuple[str, Result, tuple["FixHint", ...]]


class _Block:
    """One error's widget on show, with what it shows and its Apply buttons."""

    __slots__ = ("buttons", "key", "widget")

    def __init__(self, key: _BlockKey, widget: QWidget, buttons: list[QPushButton]) -> None:
        self.key, self.widget, self.buttons = key, widget, buttons


class _CardReader:
    """Where the hint jobs read cards, used by one job at a time (NewestJob runs them in turn, never two at once).

    The window's card database stays on the GUI thread (its SQLite connection and its look-up caches are the GUI's,
    and an edit checks the deck with them while a job runs): the jobs read through a handle of their own, kept from
    job to job so that its caches stay warm (a fresh handle at 100,000 cards spent ~0.5 s more on its first check of
    a deck with unknown cards), and the cards hints may suggest are read from it once (~4 s at 100,000 cards), again
    only once anything has written to the database. A game's pool held in memory (GameCardPool) is read as it is:
    nothing changes it once built (the window builds a new one after an import).
    """

    def __init__(self) -> None:
        self._db: CardDatabase | None = None
        self._version = -1  # the handle's data_version when its caches were last good
        self._candidates: tuple[Any, list[Any]] | None = None  # (the pool they were read from, the cards)

    def pool(self, pool: Any) -> Any:
        """`pool` as this reader reads it: the card database, or its view of a game, through the reader's handle."""
        if not isinstance(pool, CardDatabase):
            return pool
        if self._db is None or self._db.path != pool.path:
            self.close()
            self._db = CardDatabase(pool.path)
        version = self._db.data_version()
        if version != self._version:
            # Cards were imported (by any connection) since the last job: read them anew.
            self._db.invalidate_caches()
            self._candidates = None
            self._version = version
        return self._db if pool.game == self._db.game else self._db.for_game(pool.game, pool.search_fields)

    def candidates(self, pool: Any) -> list[Any]:
        """Every card of `pool` (as `pool` gave it) that hints may suggest, read once per pool and database state."""
        if self._candidates is None or self._candidates[0] is not pool:
            self._candidates = (pool, pool.all_cards())
        return self._candidates[1]

    def close(self) -> None:
        """Release the handle (only while no job runs)."""
        if self._db is not None:
            self._db.close()
        self._db, self._version, self._candidates = None, -1, None


class FixHintsPanel(QWidget):
    """Lists the fix-it hints of the deck on show; computes them (on a worker thread) only while the panel is
    visible."""

    apply_requested = Signal(object)  # FixHint

    def __init__(self, db: CardDatabase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self._deck: Deck | None = None
        self._report: Report | None = None
        self._pool: Any = None
        self._stale = False
        # Each deck shown is numbered; the hints on show are of deck number `_hints_of` (an Apply button of another
        # deck's hints applies nothing: it would be a silent wrong edit).
        self._shown_deck = 0
        self._hints_of = 0
        self._jobs: NewestJob | None = None  # made when hints are first worked out
        self._reader = _CardReader()
        # Where the keyboard focus was in the list when it went stale: (the block's place, its button), given back
        # when the hints arrive (the panel holds the focus meanwhile, as a disabled button cannot).
        self._parked: tuple[int, QWidget | None] | None = None
        self._stale_look = QTimer(self)
        self._stale_look.setSingleShot(True)
        self._stale_look.setInterval(STALE_LOOK_MS)
        self._stale_look.timeout.connect(lambda: self._working(self.busy))
        self.hints: Hints = []
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
        self._shown_deck += 1
        if self.isVisible():
            self.recompute()
        elif self._jobs is not None:
            self._jobs.drop()  # hints still being worked out are for a deck no longer on show

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.recompute()

    @property
    def busy(self) -> bool:
        """True while the hints of the deck on show are being worked out (the ones on show are stale)."""
        return self._jobs is not None and self._jobs.busy

    def recompute(self) -> None:
        """Work out the hints for the deck on show on a worker thread; they are shown when they arrive."""
        self._stale = False
        deck, report = self._deck, self._report
        if deck is None or report is None:
            if self._jobs is not None:
                self._jobs.drop()
            self._show_hints((self._shown_deck, []))
            return
        if self._jobs is None:
            from deckbuilder.fixhints import HintsCancelled
            from deckbuilder.ui.workers import NewestJob

            # A stale job stops at its next candidate check; a failed one leaves the deck without hints (logged).
            self._jobs = NewestJob(
                self._show_hints,
                lambda _message: self._show_hints((self._shown_deck, [])),
                self,
                cancel_stale=True,
                cancel_exceptions=(HintsCancelled,),
            )
            app = QCoreApplication.instance()
            if app is not None:
                app.aboutToQuit.connect(self._close_reader)
        # What the job reads is taken now, on this thread: the window edits its deck in place.
        number, trial, given = self._shown_deck, deck.copy(), dict(report.settings)
        pool, reader = self._pool if self._pool is not None else self.db, self._reader

        def job(_progress: ProgressFn, cancel: CancelFn) -> tuple[int, Hints]:
            from deckbuilder.fixhints import fix_hints

            cards = reader.pool(pool)
            found = fix_hints(
                trial, cards, reader.candidates(cards), report.format, given, report, cancel=cancel
            )
            return number, found

        self._jobs.run(job)
        if not self._stale_look.isActive() and self.body.isEnabled():
            self._stale_look.start()  # not restarted by each edit of a quick run: greyed once the first is late

    def _close_reader(self) -> None:
        """The application quits: stop the job and close the reader's database handle (its -wal goes with it)."""
        if self._jobs is not None:
            self._jobs.drop()
            self._jobs.wait()
        self._reader.close()

    def _working(self, working: bool) -> None:
        """Grey the hints on show while the deck's are worked out (their Apply buttons off), or show them live."""
        if working and not self.body.isEnabled():
            return
        focus = QApplication.focusWidget()
        if working and focus is not None and self.body.isAncestorOf(focus):
            # A disabled button gives the focus to the next widget of the window (Space would press whatever that
            # is): the panel keeps it, and hands it back when the hints arrive.
            place = next((i for i, b in enumerate(self._blocks) if b.widget.isAncestorOf(focus)), 0)
            self._parked = (place, focus)
            self.setFocus(Qt.FocusReason.OtherFocusReason)
        if working:
            # The summary keeps its height (a shorter line would move every block up, then down again).
            self.summary.setMinimumHeight(self.summary.height())
            self.summary.setText(self.tr("Working out the fixes for the deck as it is now…"))
        else:
            self.summary.setMinimumHeight(0)
        self.summary.setEnabled(not working)
        self.body.setEnabled(not working)

    def _show_hints(self, answer: tuple[int, Hints]) -> None:
        """Show the hints a job worked out (for deck number `answer[0]`)."""
        self._hints_of, self.hints = answer
        self._stale_look.stop()
        self._working(False)
        self._rebuild()

    def _rebuild(self) -> None:
        """Show the summary and the hints, keeping the block of every error whose hints did not change (an edit
        changes a few: rebuilding every label and button each time cost more than working the hints out)."""
        self._show_summary()
        parked, self._parked = self._parked, None
        if parked is not None and QApplication.focusWidget() is not self:
            parked = None  # the player went elsewhere while the hints were worked out: the focus stays there
        lang = current_language()
        kept: dict[_BlockKey, list[_Block]] = {}
        for block in self._blocks:
            kept.setdefault(block.key, []).append(block)
        shown: list[_Block] = []
        for error, hints in self.hints:
            key = (lang, error, tuple(hints))
            same = kept.get(key)
            shown.append(same.pop(0) if same else self._block(key, error, hints))
        focus = parked[1] if parked is not None else QApplication.focusWidget()
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
        elif parked is not None:
            held = parked[1]
            if held is not None and any(block.widget.isAncestorOf(held) for block in shown):
                held.setFocus(Qt.FocusReason.OtherFocusReason)  # its block stayed: the same button
            else:
                self._refocus(parked[0])

    def focus_first_fix(self) -> None:
        """Give the keyboard focus to the first Apply button (Tab moves to the next, Space applies); while the hints
        are worked out the panel holds it, and the first button of the hints gets it when they arrive."""
        if self.busy:
            self._parked = (0, None)
            self.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return
        target: QWidget = self.buttons[0] if self.buttons else self
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)

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
        def apply() -> None:
            # Only a hint worked out for the deck on show (the buttons are off meanwhile; a click queued before is not).
            if self._hints_of == self._shown_deck:
                self.apply_requested.emit(hint)
            elif self.busy:
                self._working(True)  # a click before the list was greyed: grey it now, so the player sees why

        return apply

    def hint_text(self, hint: FixHint) -> str:
        """The hint in the player's language, from its code and parameters (deckbuilder.i18n)."""
        return render(hint)

    def hint_texts(self) -> list[str]:
        """Every hint as shown, in order."""
        return [self.hint_text(h) for _error, hints in self.hints for h in hints]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

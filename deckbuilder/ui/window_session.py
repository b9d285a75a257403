"""The window's session: autosave, crash restore and the remembered layout."""

from __future__ import annotations

import logging

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import (
    QCloseEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QTabWidget

from deckbuilder.deckfiles import (
    DeckFileError,
    deck_to_native,
    read_deck,
)
from deckbuilder.i18n import render_text
from deckbuilder.ui.session import AutosaveSlot
from deckbuilder.ui.window_base import WindowBase

log = logging.getLogger(__name__)

# Versioned: the deck splitter gained the "Starting in play" pane, and sizes saved for the old panes would land one
# pane off.
DECK_SPLITTER_KEY = "window/deckSplitter2"


class SessionMixin(WindowBase):
    """Autosave and crash restore; geometry, docks and splitters remembered between runs."""

    def _autosave_if_dirty(self) -> None:
        self.commit_pending_edits()
        if not self.interactive:
            return
        if self.is_dirty():
            self.autosave_now()
        else:
            self.autosave.discard()  # back to the saved state (undo): nothing to offer after a crash

    def autosave_now(self) -> bool:
        """Write this window's autosave file (whole or not at all)."""
        try:
            self.autosave.save(deck_to_native(self.deck), self.deck_path, self.deck.name)
        except OSError as exc:
            self.statusBar().showMessage(self.tr("Autosave failed: {0}").format(exc), 8000)
            return False
        return True

    def start_session(self) -> None:
        """At start: offer back a deck that a window which died left behind, then own an autosave slot.

        Slots of windows still running are locked by them and never touched here.
        """
        try:
            orphans = self.autosave.claim_orphans()
        except OSError as exc:
            log.warning("cannot look for autosaves: %s", exc)
            orphans = []
        adopted: AutosaveSlot | None = None
        for slot in orphans:
            if adopted is not None:
                slot.release()  # one deck per window: a later start offers this one
            elif self.ask_restore(slot.deck_name(), slot.source()):
                if self.restore_autosave(slot):
                    adopted = slot  # its autosave goes on in the same slot
                else:
                    slot.release()  # unreadable now; kept rather than deleted
            else:
                slot.remove()
        try:
            self.autosave.start_session(adopted)
            self._session_started = True
        except OSError as exc:
            self.statusBar().showMessage(self.tr("Autosave unavailable: {0}").format(exc), 8000)

    def restore_autosave(self, slot: AutosaveSlot) -> bool:
        """Load an autosaved deck as an unsaved deck (belonging to its original file, if any)."""
        try:
            loaded = read_deck(slot.deck_path, self.controller.document.contexts)
        except (DeckFileError, OSError) as exc:
            self.notify(
                self.tr("Cannot restore"),
                render_text(exc.reason) if isinstance(exc, DeckFileError) else str(exc),
            )
            return False
        notes = self.set_deck(loaded.deck, slot.source(), loaded.unknown)
        self.controller.mark_unsaved()
        self._update_title()
        if notes:
            self.notify(self.tr("Restored deck"), "\n".join(notes))
        return True

    def _restore_geometry(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        for key, splitter in (
            ("window/mainSplitter", self.splitter),
            (DECK_SPLITTER_KEY, self.deck_view.splitter),
        ):
            value = self.settings.value(key)
            if isinstance(value, QByteArray) and not value.isEmpty():
                splitter.restoreState(value)

    def save_window_state(self) -> None:
        """Remember geometry, dock layout and splitter positions."""
        self.check_space.remember()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("window/mainSplitter", self.splitter.saveState())
        self.settings.setValue(DECK_SPLITTER_KEY, self.deck_view.splitter.saveState())
        self.settings.sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._layout_restored:
            # Docks only take sizes once the window is laid out; a saved layout wins over these defaults.
            self._layout_restored = True
            if self.settings.value("window/state") is None:
                # At 1280×720: a browser wide enough for set names, a deck wide enough for its columns, and a
                # card pane whose scans are about 185 px wide (each side of a Character) above the deck check.
                # ... and wide enough for every deck check tab title on one row (Portuguese's are longer) while that
                # costs the deck little; past that the titles wrap onto two rows (check_space.WrappedTabs).
                tabs = self.findChild(QTabWidget, "reportTabs")
                titles = tabs.tabBar().sizeHint().width() + 4 if tabs is not None else 0
                right = max(380, round(self.width() * 0.30), min(titles, round(self.width() * 0.34)))
                self.resizeDocks([self.card_dock], [right], Qt.Orientation.Horizontal)
                tall = self.splitter.height()
                self.resizeDocks(
                    [self.card_dock, self.report_dock],
                    [round(tall * 0.7), round(tall * 0.3)],
                    Qt.Orientation.Vertical,
                )
                middle = self.width() - right
                # A wide window gives the browser what the deck does not need (its Type column then shows whole).
                browser = max(round(middle * 0.36), min(middle - 720, round(middle * 0.5)))
                # Its filters two to a row while that leaves the deck half (larger text: one to a row, narrower);
                # a little over, as the docks settle a few pixels wider than asked.
                browser = max(browser, min(self.browser.filters_width() + 12, round(middle * 0.5)))
                self.splitter.setSizes([browser, middle - browser])
            QTimer.singleShot(0, self.deck_view.fit_sections_to_content)
            QTimer.singleShot(0, self.check_space.apply)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.interactive and not self.maybe_save():
            event.ignore()
            return
        self.save_window_state()
        if self._session_started:
            self.autosave.end_session()
        event.accept()

"""The window's session, a part of it: autosave after edits and every minute, and the crash restore at start."""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from deckbuilder.deckfiles import (
    DeckFileError,
    deck_to_native,
    read_deck,
)
from deckbuilder.i18n import render_text
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.session import AutosaveSlot, AutosaveStore
from deckbuilder.ui.window_files import DeckFiles
from deckbuilder.ui.window_prompts import Prompts

log = logging.getLogger(__name__)

AUTOSAVE_INTERVAL_MS = 60_000
AUTOSAVE_DEBOUNCE_MS = 2_000


class AutosaveSession(QObject):
    """This window's autosave slot: written a pause after each edit and every minute, offered back after a crash."""

    def __init__(
        self,
        controller: DeckController,
        files: DeckFiles,
        prompts: Prompts,
        autosave: AutosaveStore,
        commit_pending_edits: Callable[[], None],
    ) -> None:
        super().__init__(files)
        self.controller = controller
        self.files = files  # a restored deck replaces the open one as an opened file does
        self.prompts = prompts
        self.autosave = autosave
        self.commit_pending_edits = commit_pending_edits
        self.started = False
        self._timer = QTimer(self)
        self._timer.setInterval(AUTOSAVE_INTERVAL_MS)
        self._timer.timeout.connect(self._autosave_if_dirty)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(AUTOSAVE_DEBOUNCE_MS)
        self._debounce.timeout.connect(self._autosave_if_dirty)
        # interactive=False (smoke test) never autosaves.
        if prompts.interactive:
            self._timer.start()
        controller.edited.connect(self._debounce.start)

    def _autosave_if_dirty(self) -> None:
        self.commit_pending_edits()
        if not self.prompts.interactive:
            return
        if self.controller.is_dirty():
            self.autosave_now()
        else:
            self.autosave.discard()  # back to the saved state (undo): nothing to offer after a crash

    def autosave_now(self) -> bool:
        """Write this window's autosave file (whole or not at all)."""
        deck = self.controller.deck
        try:
            self.autosave.save(deck_to_native(deck), self.controller.path, deck.name)
        except OSError as exc:
            self.prompts.status(self.tr("Autosave failed: {0}").format(exc), 8000)
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
            elif self.prompts.ask_restore(slot.deck_name(), slot.source()):
                if self.restore_autosave(slot):
                    adopted = slot  # its autosave goes on in the same slot
                else:
                    slot.release()  # unreadable now; kept rather than deleted
            else:
                slot.remove()
        try:
            self.autosave.start_session(adopted)
            self.started = True
        except OSError as exc:
            self.prompts.status(self.tr("Autosave unavailable: {0}").format(exc), 8000)

    def restore_autosave(self, slot: AutosaveSlot) -> bool:
        """Load an autosaved deck as an unsaved deck (belonging to its original file, if any)."""
        try:
            loaded = read_deck(slot.deck_path, self.files.games.contexts)
        except (DeckFileError, OSError) as exc:
            self.prompts.notify(
                self.tr("Cannot restore"),
                render_text(exc.reason) if isinstance(exc, DeckFileError) else str(exc),
            )
            return False
        notes = self.files.set_deck(loaded.deck, slot.source(), loaded.unknown)
        self.controller.mark_unsaved()  # the title's modified mark follows the undo stack's clean state
        if notes:
            self.prompts.notify(self.tr("Restored deck"), "\n".join(notes))
        return True

    def end_session(self) -> None:
        """The window closes cleanly: its autosave slot goes (nothing to offer at the next start)."""
        if self.started:
            self.autosave.end_session()

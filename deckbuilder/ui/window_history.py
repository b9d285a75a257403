"""The window's deck history and compare, a part of the window: File → Deck history… and File → Compare with…."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from deckbuilder.deck import Deck
from deckbuilder.deckfiles import DeckFileError, LoadedDeck, read_deck
from deckbuilder.i18n import render_text
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.translation import fill
from deckbuilder.ui.window_files import DeckFiles
from deckbuilder.ui.window_prompts import Prompts

if TYPE_CHECKING:
    # Imported when a history or compare window first opens: the window starts without them (and hashlib).
    from deckbuilder.ui.compare_view import CompareDialog
    from deckbuilder.ui.history_view import HistoryDialog


class DeckVersions(QObject):
    """Lists the open deck's kept versions; opens, restores and compares them; compares with any deck file."""

    def __init__(
        self,
        window: QWidget,
        controller: DeckController,
        games: DeckGames,
        files: DeckFiles,
        prompts: Prompts,
    ) -> None:
        super().__init__(window)
        self.window = window  # the history and compare windows' parent
        self.controller = controller
        self.games = games
        self.files = files  # a version opened replaces the deck as an opened file does
        self.prompts = prompts
        self.history_dialog: HistoryDialog | None = None
        self.compare_dialog: CompareDialog | None = None

    @property
    def deck(self) -> Deck:
        """The deck being edited."""
        return self.controller.deck

    def show_deck_history(self) -> HistoryDialog | None:
        """The History window of the open deck's file (a deck not saved yet has none)."""
        if self.controller.path is None:
            self.prompts.notify(
                self.tr("Deck history"),
                self.tr(
                    "This deck has no file yet: save it, and every later save keeps the version it replaces."
                ),
                warning=False,
            )
            return None
        from deckbuilder.history import DeckHistory
        from deckbuilder.ui.history_view import HistoryDialog

        dialog = HistoryDialog(DeckHistory(), self.controller.path, self.games.deck_pool(), self.window)
        dialog.open_requested.connect(self.open_version)
        dialog.restore_requested.connect(self.restore_version)
        dialog.compare_requested.connect(self._compare_versions)
        if self.prompts.interactive:
            dialog.show()
        self.history_dialog = dialog
        return dialog

    def _read(self, path: Path) -> LoadedDeck | None:
        try:
            return read_deck(path, self.games.deck_pool())
        except DeckFileError as exc:
            self.prompts.notify(self.tr("Cannot open deck"), render_text(exc.reason))
        except OSError as exc:
            self.prompts.notify(
                self.tr("Cannot open deck"), fill(self.tr("cannot read %1: %2"), str(path), str(exc))
            )
        return None

    def open_version(self, path: Path) -> bool:
        """Open a kept version as a deck of its own (Save asks where: the history is never written over)."""
        if not self.files.maybe_save():
            return False
        loaded = self._read(path)
        if loaded is None:
            return False
        self.files.set_deck(loaded.deck, None, loaded.unknown, source=path)
        self.controller.mark_unsaved()
        return True

    def restore_version(self, path: Path) -> bool:
        """Put a kept version's cards, notes and settings into the open deck as one undo step (its name stays)."""
        loaded = self._read(path)
        if loaded is None:
            return False
        if loaded.deck.game != self.deck.game:
            self.prompts.notify(self.tr("Cannot restore"), self.tr("That version is a deck of another game."))
            return False
        state = loaded.deck.state()
        return self.controller.edit(
            self.tr("Restore an earlier version"),
            lambda deck: deck.restore(state.replace(name=deck.name)),
        )

    def compare_with(self, path: Path | None = None) -> CompareDialog | None:
        """Compare a deck file (asked for when not given) with the open deck."""
        if path is None:
            path = self.prompts.ask_open_path()
            if path is None:
                return None
        loaded = self._read(path)
        if loaded is None:
            return None
        return self._show_compare(loaded.deck, self.deck, path.name, self.tr("this deck"))

    def _compare_versions(self, older: Path, newer: object) -> CompareDialog | None:
        from deckbuilder.ui.history_view import version_label

        first = self._read(older)
        if first is None:
            return None
        if isinstance(newer, Path):
            second = self._read(newer)
            if second is None:
                return None
            return self._show_compare(first.deck, second.deck, version_label(older), version_label(newer))
        return self._show_compare(first.deck, self.deck, version_label(older), self.tr("this deck"))

    def _show_compare(
        self, first: Deck, second: Deck, first_name: str, second_name: str
    ) -> CompareDialog | None:
        from deckbuilder.deckdiff import GamesDiffer, diff_decks
        from deckbuilder.ui.compare_view import CompareDialog

        try:
            diff = diff_decks(first, second, self.games.deck_pool())
        except GamesDiffer:
            self.prompts.notify(self.tr("Cannot compare"), self.tr("The two decks are of different games."))
            return None
        dialog = CompareDialog(diff, first_name, second_name, self.window)
        if self.prompts.interactive:
            dialog.show()
        self.compare_dialog = dialog
        return dialog

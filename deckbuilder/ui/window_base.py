"""What the parts of the main window share: the deck's controller, the database, the views they reach."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QMessageBox, QSplitter

from carddb.db import CardDatabase
from deckbuilder.deck import CardPool, Deck
from deckbuilder.legality.results import Report
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.session import AutosaveStore

if TYPE_CHECKING:
    from deckbuilder.games.description import Game
    from deckbuilder.ui.browser import CardBrowser
    from deckbuilder.ui.check_space import CheckSpace
    from deckbuilder.ui.deck_view import DeckView
    from deckbuilder.ui.game_cards import GameCardList
    from deckbuilder.ui.window_cards import DemoBanner

APP_TITLE = "Rage Deckbuilder"
Choice = QMessageBox.StandardButton


class WindowBase(QMainWindow):
    """The state every part of the window reads; the deck itself is read here and changed through `controller`.

    The parts (files, exports, card data, session, menus, prompts) are mixins over this base, and MainWindow
    lays them out and wires them; the methods declared below for type checking are defined by one part each.
    """

    db: CardDatabase
    controller: DeckController
    settings: QSettings
    autosave: AutosaveStore
    interactive: bool
    last_message: str
    browser: CardBrowser
    game_cards: GameCardList
    deck_view: DeckView
    banner: DemoBanner
    splitter: QSplitter
    card_dock: QDockWidget
    report_dock: QDockWidget
    history_dock: QDockWidget
    check_space: CheckSpace
    recent_menu: QMenu
    _layout_restored: bool
    _session_started: bool

    @property
    def deck(self) -> Deck:
        """The deck being edited (change it through the controller)."""
        return self.controller.deck

    @property
    def deck_path(self) -> Path | None:
        """The deck's file, None until saved."""
        return self.controller.path

    @property
    def report(self) -> Report | None:
        """The deck's latest check."""
        return self.controller.report

    @property
    def unknown(self) -> dict[str, list[str]]:
        """Names the deck's reader could not find, with the near names offered for each."""
        return self.controller.document.unknown

    @property
    def undo_stack(self) -> QUndoStack:
        """The deck's edit history."""
        return self.controller.undo_stack

    def is_dirty(self) -> bool:
        """True when the deck has edits not saved to its file."""
        return self.controller.is_dirty()

    if TYPE_CHECKING:  # defined by MainWindow or one of its parts

        def refresh(self) -> None: ...
        def deck_pool(self) -> CardPool: ...

        def pool_of(self, game: Game | None) -> CardPool: ...
        def commit_pending_edits(self) -> None: ...
        def open_collection(self) -> Any: ...
        def _update_title(self) -> None: ...
        def _focus_search(self) -> None: ...
        def _add_browser_selection(self) -> None: ...
        def reshow_card(self) -> None: ...
        def notify(self, title: str, text: str, warning: bool = True) -> None: ...
        def maybe_save(self) -> bool: ...
        def _last_folder(self) -> str: ...
        def ask_save_changes(self) -> QMessageBox.StandardButton: ...
        def ask_open_path(self) -> Path | None: ...
        def ask_save_path(self, caption: str, name_filter: str, suggested: str) -> Path | None: ...
        def ask_import_path(self, folder: bool) -> Path | None: ...
        def ask_game_card_path(self) -> Path | None: ...
        def ask_card_game(self, path: Path, games: list[Game]) -> Game | None: ...
        def ask_format_losses(self, file_name: str, losses: list[str]) -> QMessageBox.StandardButton: ...
        def ask_remove_demo(self) -> bool: ...
        def ask_restore(self, name: str, source: Path | None) -> bool: ...
        def set_deck(
            self,
            deck: Deck,
            path: Path | None,
            unknown: dict[str, list[str]] | None = None,
            source: Path | None = None,
        ) -> list[str]: ...
        def new_deck(self, game: str = ...) -> bool: ...
        def open_deck(
            self, path: Path | None = None, ask_first: bool = True, remember: bool = True
        ) -> bool: ...
        def import_clipboard(self) -> bool: ...
        def copy_deck_text(self) -> str: ...
        def save(self) -> bool: ...
        def save_as(self, path: Path | None = None) -> bool: ...
        def show_deck_history(self) -> Any: ...
        def compare_with(self, path: Path | None = None) -> Any: ...
        def _update_recent_menu(self) -> None: ...
        def export_deck(self, kind: str, path: Path | None = None) -> bool: ...
        def export_decklist_pdf(self, path: Path | None = None, options: Any = None) -> bool: ...
        def export_proxies_pdf(self, path: Path | None = None, options: Any = None) -> Any: ...
        def print_folder_decklists(self, folder: Path | None = None, target: Path | None = None) -> Any: ...
        def import_card_data(
            self, path: Path | None = None, folder: bool = True, game: Game | None = None
        ) -> Any: ...
        def import_game_cards(self) -> Any: ...

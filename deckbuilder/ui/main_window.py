"""The main window: composes its parts (card source, deck, card pane, deck check, history, files, menus...) and
wires them to each other and to the deck's controller."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QMainWindow,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from carddb.db import CardDatabase
from deckbuilder.deck import DEFAULT_GAME, CardPool, Deck
from deckbuilder.i18n import gettext
from deckbuilder.legality.formats import available_formats
from deckbuilder.legality.results import Report
from deckbuilder.ui.check_space import CheckSpace, WrappedTabs, tidy_tab_bar
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.docks import Dock
from deckbuilder.ui.session import AutosaveStore
from deckbuilder.ui.settings import app_settings
from deckbuilder.ui.translation import fill
from deckbuilder.ui.window_card_pane import CardPane
from deckbuilder.ui.window_card_source import CardSource
from deckbuilder.ui.window_cards import CardData
from deckbuilder.ui.window_check_area import CheckArea
from deckbuilder.ui.window_deck_area import DeckArea
from deckbuilder.ui.window_edit_history import EditHistory
from deckbuilder.ui.window_event import EventPrinting
from deckbuilder.ui.window_exports import Exports
from deckbuilder.ui.window_files import DeckFiles, dropped_deck_file
from deckbuilder.ui.window_history import DeckVersions
from deckbuilder.ui.window_keys import KeyboardActions
from deckbuilder.ui.window_layout import WindowLayout
from deckbuilder.ui.window_library import DeckLibrary
from deckbuilder.ui.window_menus import Menus
from deckbuilder.ui.window_prompts import APP_TITLE, Prompts
from deckbuilder.ui.window_session import AutosaveSession

if TYPE_CHECKING:
    from deckbuilder.games.description import Game
    from deckbuilder.ui.collection_dialog import CollectionDialog
    from deckbuilder.ui.compare_view import CompareDialog
    from deckbuilder.ui.deck_gallery import DeckGallery
    from deckbuilder.ui.history_view import HistoryDialog
    from deckbuilder.ui.shortcuts_dialog import ShortcutsDialog
    from deckbuilder.ui.stats import DeckStatsView

__all__ = ["APP_TITLE", "MainWindow", "app_settings"]

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    """One deck being edited against one card database: lays its parts out and wires them to each other.

    Each part is an object of its own over the deck's `controller` (ui/deck_controller.py) and `games` (the deck's
    game and pool): the card source (browser), the deck area (piles, pictures), the card pane, the deck check,
    the prompts, the deck's files, its versions, exports, the event's printing, card data, autosave, the layout,
    keyboard actions and menus. The methods below that only hand on to a part are the window's public face
    (app.py, tests, scripts); the widgets named here (browser, deck_view, legality...) are the parts' own.
    """

    def __init__(
        self,
        db: CardDatabase,
        *,
        show_demo_banner: bool = False,
        autosave: AutosaveStore | None = None,
        interactive: bool = True,
    ) -> None:
        super().__init__()
        self.db = db
        # The deck, its file and its check live in the controller's document; every edit goes through it.
        self.games = DeckGames(db, lambda: self.controller.deck)
        self.controller = DeckController(self.games.check, self)
        self.controller.document.contexts = self.games.contexts  # the deck's context: its game, cards, format
        self.settings = app_settings()
        self.autosave = autosave if autosave is not None else AutosaveStore()
        self.prompts = Prompts(self, self.controller, self.settings, interactive)
        # A bound slot (not a lambda) is disconnected by Qt when the window is destroyed.
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.setObjectName("mainWindow")
        self.setMinimumSize(960, 600)
        self.setAcceptDrops(True)  # drop a deck file on the window to open it

        # The parts that show the deck and the cards.
        self.card_source = CardSource(self, self.games)
        self.browser = self.card_source.browser
        self.card_pane = CardPane(self, self.games)
        self.card_view = self.card_pane.card_view
        self.preview = self.card_pane.preview
        # Shipped formats' titles are in the core catalogue; a player's own format is shown as written.
        formats = [(f.name, gettext(f.title) if f.title else f.name) for f in self._formats()]
        self.deck_area = DeckArea(self, self.controller, self.games, self.card_pane, formats)
        self.deck_view = self.deck_area.view
        self.deck_tabs = self.deck_area.tabs
        self.gallery_page = self.deck_area.gallery_page
        self.deck_view.remember_columns(self.settings)
        self.browser.remember_columns(self.settings)
        self.card_pane.watch_browser(self.browser)
        self.check = CheckArea(self, self.controller, self.games)
        self.report_tabs = self.check.tabs
        self.legality = self.check.legality
        self.stats_page = self.check.stats_page
        self.notes_view = self.check.notes_view
        self.fix_panel = self.check.fix_panel
        self.odds_view = self.check.odds_view

        # The parts that do the window's jobs.
        commit = self.check.commit_pending_edits
        self.files = DeckFiles(
            self, self.controller, self.games, self.prompts, self.settings, self.autosave, commit
        )
        self.versions = DeckVersions(self, self.controller, self.games, self.files, self.prompts)
        self.exports = Exports(self, self.controller, self.games, self.prompts, self.settings, commit)
        self.printing = EventPrinting(self, db, self.prompts, self.settings)
        self.cards = CardData(self, self.controller, self.games, self.files, self.prompts, show_demo_banner)
        self.banner = self.cards.banner
        self.session = AutosaveSession(self.controller, self.files, self.prompts, self.autosave, commit)
        self.library = DeckLibrary(
            self,
            db,
            self.prompts,
            lambda path: self.files.open_deck(path),
            lambda deck: self.exports.export_proxies_pdf(deck=deck),
        )
        self.card_pane.uses = self.library.uses
        self.browser.library_keys = self.library.card_keys  # `in:decks` in the search box

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.card_source.widget())
        self.splitter.addWidget(WrappedTabs(self.deck_tabs))
        self.splitter.setStretchFactor(0, 4)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setSizes([450, 520])
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(2)
        central_layout.addWidget(self.banner)
        central_layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.edit_history = EditHistory(self, self.undo_stack)
        self.undo_view = self.edit_history.view
        self.card_dock = self._dock(self.tr("Card"), "cardDock", self.card_view)
        self.report_dock = self._dock(self.tr("Deck check"), "legalityDock", WrappedTabs(self.report_tabs))
        self.history_dock = self._dock(self.tr("History"), "historyDock", self.undo_view)
        self.history_dock.visibilityChanged.connect(self.edit_history.shown)
        self.report_dock.visibilityChanged.connect(lambda _shown: self.check.update_stats_if_shown())
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.card_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.report_dock)
        tidy_tab_bar(self.report_tabs)
        tidy_tab_bar(self.deck_tabs)
        self.check_space = CheckSpace(
            self, self.card_dock, self.report_dock, self.report_tabs, self.check.page_keys(), self.settings
        )
        # History shares the deck check's place: the card pane keeps its whole height for the scan.
        self.tabifyDockWidget(self.report_dock, self.history_dock)
        self.report_dock.raise_()

        self.keys = KeyboardActions(
            self,
            self.controller,
            self.settings,
            self.browser,
            self.deck_view,
            self.deck_tabs,
            self.report_tabs,
            self.report_dock,
            self.check_space,
            self.prompts,
        )
        self.menus = Menus(
            self,
            self.controller,
            self.settings,
            self.prompts,
            self.files,
            self.versions,
            self.exports,
            self.printing,
            self.cards,
            self.keys,
            self.browser,
            (self.card_dock, self.report_dock, self.history_dock),
            self.open_collection,
            self.library.show_library,
        )
        self.appearance = self.keys.appearance
        self.theme_actions = self.keys.theme_actions
        self.language_actions = self.menus.language_actions
        self._connect()
        self.layout_memory = WindowLayout(
            self,
            self.settings,
            self.splitter,
            self.browser,
            self.deck_view,
            self.card_dock,
            self.report_dock,
            self.report_tabs,
            self.check_space,
        )
        self.resize(1280, 720)
        self.layout_memory.restore()
        self.refresh()
        self.statusBar().showMessage(
            fill(self.tr("%1 cards in %2"), str(db.card_count()), str(db.path)), 5000
        )

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = Dock(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        # Closable: without it Qt greys out the dock's toggleViewAction in the View menu.
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        return dock

    @staticmethod
    def _formats() -> list[Any]:
        try:
            return list(available_formats())
        except Exception:  # a broken format folder must not keep the window from opening
            log.exception("cannot list formats")
            return []

    def _connect(self) -> None:
        """The wiring between the parts: what one part asks, another (or the controller) does."""
        self.card_source.add_requested.connect(lambda name: self.controller.add_card(name))
        self.card_source.card_selected.connect(self.card_pane.show_card)
        self.browser.add_to_requested.connect(self.controller.add_to_pile)
        self.legality.cards_activated.connect(self.deck_view.select_cards)
        self.legality.cards_activated.connect(self.card_pane.show_first_card)
        self.files.deck_set.connect(self.deck_view.fit_sections_to_content)
        self.files.saving_as.connect(self.deck_view.name_after_file)
        self.cards.cards_imported.connect(self._cards_imported)
        self.cards.cards_imported.connect(lambda _database: self.library.changed_elsewhere())
        # A deck saved (the controller says its path at every save) or opened: the library, when on show, checks
        # what changed. Not on the undo stack's clean state: undoing back to it saves nothing.
        self.controller.path_changed.connect(lambda _path: self.library.changed_elsewhere())
        self.library.listed.connect(self.browser.library_changed)
        self.library.listed.connect(self.card_pane.uses_changed)
        self.controller.deck_changed.connect(self._show_deck)
        self.controller.deck_replaced.connect(self.card_pane.show_no_card)
        self.controller.path_changed.connect(self._on_path_changed)

    # -- the deck, read through the controller ----------------------------------------------------

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

    def deck_pool(self) -> CardPool:
        """Where the deck's names are looked up: its game's pool (games/cards.pool_for; Rage's is the database)."""
        return self.games.deck_pool()

    @property
    def interactive(self) -> bool:
        """False (smoke test, scripts): no modal dialog is run and nothing is autosaved (Prompts.interactive)."""
        return self.prompts.interactive

    @interactive.setter
    def interactive(self, value: bool) -> None:
        self.prompts.interactive = value

    @property
    def last_message(self) -> str:
        """The last message told to the player."""
        return self.prompts.last_message

    @property
    def stats(self) -> DeckStatsView:
        """The statistics view, built on first use (CheckArea.stats)."""
        return self.check.stats

    @property
    def gallery(self) -> DeckGallery:
        """The deck's card images by pile, built on first use (DeckArea.gallery)."""
        return self.deck_area.gallery

    @property
    def _gallery(self) -> DeckGallery | None:
        """The card images if they were built (docs/make_screenshots.py waits for their loading)."""
        return self.deck_area._gallery

    # -- the parts' jobs, handed on (the window's public face) ---------------------------------------

    def set_deck(
        self,
        deck: Deck,
        path: Path | None,
        unknown: dict[str, list[str]] | None = None,
        source: Path | None = None,
    ) -> list[str]:
        """Replace the deck being edited (DeckFiles.set_deck)."""
        return self.files.set_deck(deck, path, unknown, source)

    def new_deck(self, game: str = DEFAULT_GAME) -> bool:
        """Start an empty deck (of another game when named)."""
        return self.files.new_deck(game)

    def open_deck(self, path: Path | None = None, ask_first: bool = True, remember: bool = True) -> bool:
        """Open a deck file (native, .dek or text); unknown cards stay as unresolved rows."""
        return self.files.open_deck(path, ask_first, remember)

    def import_clipboard(self) -> bool:
        """Read a deck list from the clipboard as a new deck."""
        return self.files.import_clipboard()

    def save(self) -> bool:
        """Save to the deck's file, or ask where."""
        return self.files.save()

    def save_as(self, path: Path | None = None) -> bool:
        """Save under a new name in any format."""
        return self.files.save_as(path)

    def recent_files(self) -> list[str]:
        """Recently opened or saved decks, newest first."""
        return self.files.recent_files()

    def show_deck_history(self) -> HistoryDialog | None:
        """File → Deck history…."""
        return self.versions.show_deck_history()

    def compare_with(self, path: Path | None = None) -> CompareDialog | None:
        """File → Compare with…."""
        return self.versions.compare_with(path)

    def export_deck(self, kind: str, path: Path | None = None) -> bool:
        """Write the deck as a Lackey .dek or text file."""
        return self.exports.export_deck(kind, path)

    def export_decklist_pdf(self, path: Path | None = None, options: Any = None) -> bool:
        """Write the tournament decklist PDF."""
        return self.exports.export_decklist_pdf(path, options)

    def export_proxies_pdf(self, path: Path | None = None, options: Any = None) -> Any:
        """Write proxy sheets in a worker; the Worker (None if not started)."""
        return self.exports.export_proxies_pdf(path, options)

    def print_folder_decklists(self, folder: Path | None = None, target: Path | None = None) -> Any:
        """Every decklist of a folder in one PDF, in a worker; the Worker (None if not started)."""
        return self.printing.print_folder_decklists(folder, target)

    def import_card_data(
        self, path: Path | None = None, folder: bool = True, game: Game | None = None
    ) -> Any:
        """Import a plugin folder or card file (a CSV: another game's cards)."""
        return self.cards.import_card_data(path, folder, game)

    def card_data_games(self) -> list[Game]:
        """The installed games a CSV of cards imports into."""
        return self.cards.card_data_games()

    def offer_demo_removal(self) -> int:
        """Offer to delete the demo cards; how many went."""
        return self.cards.offer_demo_removal()

    def open_start_deck(self) -> bool:
        """At start: the demo deck while the database holds the demo pool only."""
        return self.cards.open_start_deck()

    def offer_found_plugins(self, home: Path | None = None) -> Path | None:
        """Offer a Lackey Rage plugin found on this computer in the demo banner."""
        return self.cards.offer_found_plugins(home)

    def start_session(self) -> None:
        """Offer back a deck a window that died left behind, then own an autosave slot."""
        self.session.start_session()

    def autosave_now(self) -> bool:
        """Write this window's autosave file."""
        return self.session.autosave_now()

    def show_shortcuts(self) -> ShortcutsDialog:
        """Help → Keyboard shortcuts."""
        return self.keys.show_shortcuts()

    def show_card(self, name: str) -> None:
        """Show a card in the card pane, looked up in the deck's game's cards."""
        self.card_pane.show_card(name)

    def reshow_card(self) -> None:
        """Show the card on show again from the database (cleared when the card is gone from it)."""
        self.card_pane.reshow_card()

    def commit_pending_edits(self) -> None:
        """Turn notes still being typed into an edit, so that saves, exports and autosaves include them."""
        self.check.commit_pending_edits()

    def open_collection(self) -> CollectionDialog:
        """The collection dialog; the deck view's owned/missing column follows its changes."""
        from deckbuilder.ui.collection_dialog import CollectionDialog

        dialog = CollectionDialog(self.db, self, game=self.deck.game)
        dialog.collection_changed.connect(self.refresh)
        dialog.collection_changed.connect(self.library.changed_elsewhere)
        if self.interactive:
            dialog.exec()
        else:
            dialog.show()
        return dialog

    # -- edits, handed to the controller ------------------------------------------------------------

    def add_card(self, name: str, count: int = 1, set_name: str | None = None) -> None:
        """Add copies of a card; with no printing given, copies join the card's existing row."""
        self.controller.add_card(name, count, set_name)

    def remove_card(self, name: str, set_name: str | None = None, count: int = 1) -> None:
        """Remove copies of one entry."""
        self.controller.remove_card(name, set_name, count)

    def start_in_play(self, name: str, set_name: str | None = None, count: int = 1) -> None:
        """Move copies of a sept entry to the starting-in-play list: one undo step."""
        self.controller.start_in_play(name, set_name, count)

    def set_notes(self, notes: str) -> None:
        """Replace the deck notes (one undo step per pause in typing)."""
        self.controller.set_notes(notes)

    def refresh(self) -> None:
        """Check the deck and show it everywhere (runs after every edit; the check takes milliseconds)."""
        self.controller.recheck()

    # -- the wiring's slots -----------------------------------------------------------------------

    def _show_deck(self) -> None:
        """Show the deck and its report in every part (after every edit, undo, redo, re-check and opened deck)."""
        self.card_source.show_source()
        self.card_pane.follow_pool()
        self.deck_area.show_deck()
        self.check.show_deck()
        self.deck_view.show_owned(self.card_source.follow_deck(self.deck))
        self.deck_area.update_gallery_if_shown()
        self._update_title()

    def _cards_imported(self, database_cards: bool) -> None:
        """Cards came in: the card lists read them again, the deck is checked again, the card on show looked up."""
        self.card_source.cards_imported(database_cards)
        self.refresh()
        self.card_pane.reshow_card()

    def _on_clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _on_path_changed(self, _path: object) -> None:
        self._update_title()

    def _update_title(self) -> None:
        path = self.controller.path
        where = path.name if path else self.tr("not saved")
        # Nothing happens when the title is the same.
        self.setWindowTitle(f"{self.deck.name} ({where})[*] — {APP_TITLE}")
        dirty = self.is_dirty()
        if dirty != self.isWindowModified():
            # Qt sets the platform window's title again and sends an event for every call, even with no change.
            self.setWindowModified(dirty)

    def plain_title(self) -> str:
        """The window title as shown (modified marker resolved)."""
        return self.windowTitle().replace("[*]", "*" if self.isWindowModified() else "")

    # -- the window's own events --------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.layout_memory.shown()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.interactive and not self.files.maybe_save():
            event.ignore()
            return
        self.layout_memory.remember()
        self.session.end_session()
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_deck_file(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        path = dropped_deck_file(event.mimeData())
        if path is None:
            super().dropEvent(event)
            return
        event.acceptProposedAction()
        # Opened after the drop returns: a Save question must not run inside the drag-and-drop loop.
        QTimer.singleShot(0, lambda: self.files.open_deck(path))

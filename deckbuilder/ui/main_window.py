"""The main window: lays out the browser, deck view, card view, deck check and history, and wires them."""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtGui import (
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QSplitter,
    QTabWidget,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from carddb.db import CardDatabase
from carddb.model import CardInfo
from deckbuilder.collection import Collection, deck_status, deck_terms
from deckbuilder.context import DeckContexts
from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.cards import GameCardPool, as_card_info
from deckbuilder.games.check import check
from deckbuilder.games.description import Game
from deckbuilder.games.loader import shipped_game
from deckbuilder.games.piles import game_of
from deckbuilder.i18n import gettext, render
from deckbuilder.legality.formats import available_formats
from deckbuilder.legality.results import Report
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.card_preview import CardPreview
from deckbuilder.ui.card_view import CardView
from deckbuilder.ui.check_space import CheckSpace, WrappedTabs, tidy_tab_bar
from deckbuilder.ui.commands import (
    DeckCommand,
)
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_model import DeckSectionModel
from deckbuilder.ui.deck_view import DeckView
from deckbuilder.ui.docks import Dock
from deckbuilder.ui.fixhints_panel import FixHintsPanel
from deckbuilder.ui.game_cards import GameCardList
from deckbuilder.ui.legality_panel import LegalityPanel
from deckbuilder.ui.notes import NotesEditor
from deckbuilder.ui.odds_view import OddsView
from deckbuilder.ui.session import AutosaveStore
from deckbuilder.ui.settings import app_settings
from deckbuilder.ui.translation import fill
from deckbuilder.ui.window_base import APP_TITLE
from deckbuilder.ui.window_cards import CardDataMixin, DemoBanner
from deckbuilder.ui.window_event import EventMixin
from deckbuilder.ui.window_exports import ExportsMixin
from deckbuilder.ui.window_files import FilesMixin
from deckbuilder.ui.window_history import HistoryMixin
from deckbuilder.ui.window_menus import MenusMixin
from deckbuilder.ui.window_prompts import PromptsMixin
from deckbuilder.ui.window_session import SessionMixin

if TYPE_CHECKING:
    from deckbuilder.fixhints import FixHint
    from deckbuilder.games.description import Game
    from deckbuilder.ui.collection_dialog import CollectionDialog
    from deckbuilder.ui.deck_gallery import DeckGallery
    from deckbuilder.ui.stats import DeckStatsView

__all__ = ["APP_TITLE", "MainWindow", "app_settings"]

log = logging.getLogger(__name__)

AUTOSAVE_INTERVAL_MS = 60_000
AUTOSAVE_DEBOUNCE_MS = 2_000


class MainWindow(
    MenusMixin, SessionMixin, CardDataMixin, ExportsMixin, EventMixin, FilesMixin, HistoryMixin, PromptsMixin
):
    """One deck being edited against one card database: the layout, and the wiring between its parts."""

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
        # The deck's game as its latest check found it (by the deck's game name).
        self._game_checked: tuple[str, Game | None] | None = None
        # interactive=False (smoke test) never shows a modal dialog and never autosaves.
        self.interactive = interactive
        # The deck, its file and its check live in the controller's document; every edit goes through it.
        self.controller = DeckController(self._check, self)
        self.controller.document.contexts = DeckContexts(db)  # every game's cards, read once per card import
        self.last_message = ""
        self._session_started = False
        self.settings = app_settings()
        self.autosave = autosave if autosave is not None else AutosaveStore()
        # A bound slot (not a lambda) is disconnected by Qt when the window is destroyed.
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.setObjectName("mainWindow")
        self.setMinimumSize(960, 600)
        self.setAcceptDrops(True)  # drop a deck file on the window to open it

        self.browser = CardBrowser(db)
        self.browser.setObjectName("cardBrowser")
        # Shipped formats' titles are in the core catalogue; a player's own format is shown as written.
        self.deck_view = DeckView(
            [(f.name, gettext(f.title) if f.title else f.name) for f in self._formats()]
        )
        self.deck_view.setObjectName("deckView")
        self.deck_view.remember_columns(self.settings)
        self.browser.remember_columns(self.settings)
        self.card_view = CardView()
        self.preview = CardPreview(db, self)
        self.preview.watch(self.browser.table, self._browser_card_at)
        self._watch_deck_tables()
        self.deck_view.sections_rebuilt.connect(self._watch_deck_tables)
        # Another game's deck lists that game's cards here instead of Rage's browser.
        self.game_cards = GameCardList()
        self.game_cards.setObjectName("gameCardList")
        self.game_cards.hide()
        self.game_cards.add_requested.connect(lambda name: self.add_card(name))
        self.game_cards.card_selected.connect(self.show_card)
        self.legality = LegalityPanel()
        # The statistics tab (charts) is built the first time it is shown: most sessions never open it.
        self.stats_page = QWidget()
        self.stats_page.setObjectName("statsPage")
        QVBoxLayout(self.stats_page).setContentsMargins(0, 0, 0, 0)
        self._stats_view: DeckStatsView | None = None
        self.banner = DemoBanner(
            lambda: self.import_card_data(folder=True), lambda: self.import_card_data(folder=False)
        )
        self.banner.setVisible(show_demo_banner)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        cards_side = QWidget()
        cards_layout = QVBoxLayout(cards_side)
        cards_layout.setContentsMargins(0, 0, 0, 0)
        cards_layout.addWidget(self.browser)
        cards_layout.addWidget(self.game_cards)
        self.splitter.addWidget(cards_side)
        # The deck as lists, or as a grid of card images by pile (built when first shown).
        self.deck_tabs = QTabWidget()
        self.deck_tabs.setObjectName("deckTabs")
        self.deck_tabs.setDocumentMode(True)
        self.deck_tabs.addTab(self.deck_view, self.tr("List"))
        self.gallery_page = QWidget()
        QVBoxLayout(self.gallery_page).setContentsMargins(0, 0, 0, 0)
        self._gallery: DeckGallery | None = None
        self.deck_tabs.addTab(self.gallery_page, self.tr("Card images"))
        self.deck_tabs.currentChanged.connect(lambda _index: self._update_gallery_if_shown())
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

        self.report_tabs = QTabWidget()
        self.report_tabs.setObjectName("reportTabs")
        self.report_tabs.addTab(self.legality, self.tr("Legality"))
        self.report_tabs.addTab(self.stats_page, self.tr("Statistics"))
        self._stats_stale = True
        self._owned_cache: tuple[tuple[int, str], dict[str, int]] | None = None
        self.report_tabs.currentChanged.connect(lambda _index: self._update_stats_if_shown())
        self.notes_view = NotesEditor()
        self.notes_view.notes_edited.connect(self.set_notes)
        self.report_tabs.addTab(self.notes_view, self.tr("Notes"))
        self.fix_panel = FixHintsPanel(db)
        self.fix_panel.setObjectName("fixHints")
        self.fix_panel.apply_requested.connect(self.apply_fix_hint)
        self.report_tabs.addTab(self.fix_panel, self.tr("Fix it"))
        self.odds_view = OddsView(db)
        self.odds_view.setObjectName("drawOdds")
        self.report_tabs.addTab(self.odds_view, self.tr("Draw odds"))
        self.undo_view = QUndoView(self.undo_stack)
        self.undo_view.setObjectName("editHistory")
        self.undo_view.setEmptyLabel(self.tr("<opened deck>"))
        self.card_dock = self._dock(self.tr("Card"), "cardDock", self.card_view)
        self.report_dock = self._dock(self.tr("Deck check"), "legalityDock", WrappedTabs(self.report_tabs))
        self.history_dock = self._dock(self.tr("History"), "historyDock", self.undo_view)
        # A QUndoView resets its whole list on every push: follow the stack only while the history is on screen.
        self._hidden_history = QUndoStack(self)  # what the view follows meanwhile: nothing
        self.undo_view.setStack(self._hidden_history)
        self.history_dock.visibilityChanged.connect(self._history_shown)
        self.report_dock.visibilityChanged.connect(lambda _shown: self._update_stats_if_shown())
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.card_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.report_dock)
        tidy_tab_bar(self.report_tabs)
        tidy_tab_bar(self.deck_tabs)
        check_keys = (
            (self.legality, "legality"),
            (self.stats_page, "statistics"),
            (self.notes_view, "notes"),
            (self.fix_panel, "fix"),
            (self.odds_view, "odds"),
        )
        self.check_space = CheckSpace(
            self,
            self.card_dock,
            self.report_dock,
            self.report_tabs,
            {self.report_tabs.indexOf(page): key for page, key in check_keys},
            self.settings,
        )
        # History shares the deck check's place: the card pane keeps its whole height for the scan.
        self.tabifyDockWidget(self.report_dock, self.history_dock)
        self.report_dock.raise_()
        self._layout_restored = False

        self._build_menus()
        self._connect()
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setInterval(AUTOSAVE_INTERVAL_MS)
        self._autosave_timer.timeout.connect(self._autosave_if_dirty)
        self._autosave_debounce = QTimer(self)
        self._autosave_debounce.setSingleShot(True)
        self._autosave_debounce.setInterval(AUTOSAVE_DEBOUNCE_MS)
        self._autosave_debounce.timeout.connect(self._autosave_if_dirty)
        if interactive:
            self._autosave_timer.start()
        self.resize(1280, 720)
        self._restore_geometry()
        self.controller.report_changed.connect(self.legality.show_report)
        self.controller.deck_changed.connect(self._show_deck)
        self.controller.deck_replaced.connect(self.show_no_card)
        self.controller.path_changed.connect(self._on_path_changed)
        self.controller.edited.connect(self._autosave_debounce.start)
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
        self.browser.add_requested.connect(lambda name: self.add_card(name))
        self.browser.card_selected.connect(self.show_card)
        view = self.deck_view
        deck = self.controller
        view.add_requested.connect(lambda n, s, c: deck.add_card(n, c, s))
        view.remove_requested.connect(lambda n, s, c: deck.remove_card(n, s, c))
        view.count_requested.connect(lambda n, s, c: deck.set_count(n, s, c))
        view.starting_count_requested.connect(lambda n, s, c: deck.set_count(n, s, c, starting=True))
        view.start_in_play_requested.connect(deck.start_in_play)
        view.return_to_sept_requested.connect(deck.return_to_sept)
        view.printing_requested.connect(deck.change_printing)
        view.renown_level_requested.connect(deck.set_renown_level)
        view.format_requested.connect(deck.set_format)
        view.setting_requested.connect(deck.set_setting)
        view.rename_requested.connect(deck.rename)
        view.replace_requested.connect(deck.replace_card)
        view.card_selected.connect(self.show_card)
        self.legality.cards_activated.connect(self.deck_view.select_cards)
        self.legality.cards_activated.connect(self._show_first_card)
        self.browser.show_requested.connect(self.show_card)
        self.browser.add_to_requested.connect(self.add_to_pile)

    def push(self, command: DeckCommand) -> None:
        """Run an edit through the undo stack (edits that change nothing are not recorded)."""
        self.controller.push(command)

    def add_card(self, name: str, count: int = 1, set_name: str | None = None) -> None:
        """Add copies of a card; with no printing given, copies join the card's existing row."""
        self.controller.add_card(name, count, set_name)

    def remove_card(self, name: str, set_name: str | None = None, count: int = 1) -> None:
        """Remove copies of one entry."""
        self.controller.remove_card(name, set_name, count)

    def start_in_play(self, name: str, set_name: str | None = None, count: int = 1) -> None:
        """Move copies of a sept entry to the starting-in-play list: one undo step."""
        self.controller.start_in_play(name, set_name, count)

    def return_to_sept(self, name: str, set_name: str | None = None, count: int = 1) -> None:
        """Move copies of a starting-in-play entry back to the sept deck: one undo step."""
        self.controller.return_to_sept(name, set_name, count)

    def replace_card(self, old_name: str, old_set: str | None, new_name: str) -> None:
        """Swap an (unknown) card for another in its place, keeping the count: one undo step."""
        self.controller.replace_card(old_name, old_set, new_name)

    def set_notes(self, notes: str) -> None:
        """Replace the deck notes (one undo step per pause in typing)."""
        self.controller.set_notes(notes)

    def add_to_pile(self, name: str, pile: str) -> None:
        """Add a copy of a card from the browser: to its section, or ("starting") to the starting-in-play list."""
        if pile != "starting":
            self.add_card(name)
            return
        current = self.deck.entry(name, None, starting=True)
        self.controller.set_count(name, None, current.count + 1 if current is not None else 1, starting=True)

    def apply_fix_hint(self, hint: FixHint) -> None:
        """Apply a fix-it hint as one undo step."""
        self.controller.apply_changes(render(hint), hint.changes)

    def commit_pending_edits(self) -> None:
        """Turn notes still being typed into an edit, so that saves, exports and autosaves include them."""
        self.notes_view.flush()

    def refresh(self) -> None:
        """Check the deck and show it everywhere (runs after every edit; the check takes milliseconds)."""
        self.controller.recheck()

    def _show_deck(self) -> None:
        """Show the deck and its report everywhere (after every edit, undo, redo, re-check and opened deck)."""
        self._show_card_source()
        # The deck's game as its check found it (game_of asks the disk whether the player installed games).
        self.deck_view.show_deck(
            self.deck, self.deck_pool(), self.report, self.unknown, game=self._deck_game()
        )
        self.notes_view.show_notes(self.deck.notes)
        self._refresh_features()
        self._stats_stale = True
        self._update_stats_if_shown()
        self._update_gallery_if_shown()
        self._update_title()

    @property
    def gallery(self) -> DeckGallery:
        """The deck's card images by pile (a DeckGallery), built on first use."""
        if self._gallery is None:
            from deckbuilder.ui.deck_gallery import DeckGallery

            self._gallery = DeckGallery(self.db)
            self._gallery.card_selected.connect(self.show_card)
            self._gallery.menu_for = self.deck_view.build_context_menu  # the list's menu, the list's requests
            for view in self._gallery.lists.values():
                self.preview.watch(view, self._gallery_card_at)
            self._gallery.watch = lambda view: self.preview.watch(
                view, self._gallery_card_at
            )  # another game's
            layout = self.gallery_page.layout()
            assert layout is not None
            layout.addWidget(WrappedTabs(self._gallery))
        return self._gallery

    def _gallery_card_at(self, index: QModelIndex) -> tuple[CardInfo, str | None] | None:
        row = self.gallery.row_at(index)
        card = self.gallery.card_at(index)  # another game's card as the CardInfo its thumbnail was drawn from
        return None if row is None or card is None else (card, row.entry.set_name)

    def _update_gallery_if_shown(self) -> None:
        """Refill the card images when they are on screen; hidden ones are refilled when shown."""
        if self.deck_tabs.currentWidget() is not self.gallery_page:
            return
        try:
            rows = {key: model.rows() for key, model in self.deck_view.models.items()}
            pool = self.deck_pool()
            # The deck view's game (the default game's for a deck of a game not installed): its piles, and its
            # images where its pool finds them (the card database's, for cards that are the database's own).
            images = pool.images if isinstance(pool, GameCardPool) else self.db
            game = self._deck_game() or shipped_game()
            self.gallery.show_rows(rows, self.deck_view.illegal, game, images)
        except Exception:  # the picture view must never block editing
            log.exception("deck images failed")

    @property
    def stats(self) -> DeckStatsView:
        """The statistics view (a DeckStatsView), built on first use."""
        if self._stats_view is None:
            from deckbuilder.ui.stats import DeckStatsView

            self._stats_view = DeckStatsView()
            layout = self.stats_page.layout()
            assert layout is not None
            layout.addWidget(self._stats_view)
        return self._stats_view

    def _history_shown(self, visible: bool) -> None:
        self.undo_view.setStack(self.undo_stack if visible else self._hidden_history)

    def _update_stats_if_shown(self) -> None:
        """Recount the statistics tab when it is on screen; a hidden tab is recounted when it is shown."""
        if not self._stats_stale or not self.stats_page.isVisible():
            return
        self._stats_stale = False
        try:
            game = self._deck_game() or shipped_game()
            report = self.report
            # The deck as its latest check resolved it: the charts count what the verdict counted, resolved once.
            resolved = report.resolved if report is not None else None
            found = resolved if resolved is not None and resolved.game == game.name else None
            self.stats.show_deck(game, self.deck, found, report, self.deck_pool())
        except Exception:  # statistics must never block editing
            log.exception("statistics failed")

    def _refresh_features(self) -> None:
        """Fix-it hints, draw odds and owned/missing copies for the deck on show (never blocks editing)."""
        try:
            pool = self.deck_pool()
            self.fix_panel.show_deck(self.deck, self.report, pool)
            self.odds_view.show_deck(self.deck, pool)
            version = self.db.data_version()  # asked once: every write by another connection moves it
            owned = self._owned_copies(self.deck.game, version)  # the deck's own game's collection
            self.deck_view.show_owned(deck_status(self.deck, owned) if owned else None)
            # The card lists' in:deck / is:owned / is:missing ask about this deck and its game's collection: worked
            # out once, when a list's query asks (a deck of 90,000 cards took a second and a half).
            deck = self.deck
            terms = functools.cache(lambda: deck_terms(deck, owned))
            self.browser.set_deck(terms, version)
            self.game_cards.set_deck(terms)
        except Exception:  # these panels are helpers; a failure must not stop the deck from showing
            log.exception("fix hints, odds or collection failed")

    def _owned_copies(self, game: str, data_version: int) -> dict[str, int]:
        """Copies owned per card of a game; read again only when the database changed (every write commits through
        another connection than the reader's, so its data_version moves) or the game did, not on every edit."""
        version = (data_version, game)
        if self._owned_cache is None or self._owned_cache[0] != version:
            self._owned_cache = (version, Collection(self.db, game).owned_map())
        return self._owned_cache[1]

    def open_collection(self) -> CollectionDialog:
        """The collection dialog; the deck view's owned/missing column follows its changes."""
        from deckbuilder.ui.collection_dialog import CollectionDialog

        dialog = CollectionDialog(self.db, self, game=self.deck.game)
        dialog.collection_changed.connect(self.refresh)
        if self.interactive:
            dialog.exec()
        else:
            dialog.show()
        return dialog

    def _watch_deck_tables(self) -> None:
        for table in self.deck_view.tables.values():
            self.preview.watch(table, self._deck_card_at)

    def _show_card_source(self) -> None:
        """The card browser over the card database's cards (Rage's), else the list of the deck's game's cards."""
        game = self._deck_game()
        pool = self.deck_pool()
        # A pool with printings is searched by the database's full-text index; other pools by their own list.
        self.browser.setVisible(pool.has_printings)
        self.game_cards.setVisible(not pool.has_printings)
        self.preview.images = (
            getattr(pool, "images", None) or self.db
        )  # another game's pictures, where they are
        if (
            game is not None
            and isinstance(pool, GameCardPool)
            and self.game_cards.source != (game.name, id(pool))
        ):
            self.game_cards.show_cards(game, pool.cards())
            self.game_cards.source = (game.name, id(pool))  # the pool is kept until the next card import

    def deck_pool(self) -> CardPool:
        """Where the deck's names are looked up: its game's pool (games/cards.pool_for; Rage's is the database)."""
        return self.pool_of(self._deck_game())

    def pool_of(self, game: Game | None) -> CardPool:
        """Where a deck of `game` looks its names up (read once per card import); the database for no game."""
        if game is None:
            return self.db
        return cast(CardPool, self.controller.document.contexts.pool(game))

    def _deck_game(self) -> Game | None:
        """The deck's game, looked up by each check and read from there by every part that shows the deck."""
        if self._game_checked is None or self._game_checked[0] != self.deck.game:
            self._game_checked = (self.deck.game, game_of(self.deck))
        return self._game_checked[1]

    def _check(self, deck: Deck) -> Report | None:
        """The deck's check by its game's engine, on the deck's format (its game's default, with a warning, when
        that format is gone); None for a deck of a game that is not installed."""
        self._game_checked = None  # a game installed or removed since the last check is found now
        self.controller.document.contexts.forget_games()
        game = game_of(deck) if deck is not self.deck else self._deck_game()
        return check(deck, self.deck_pool(), game) if game is not None else None

    def _browser_card_at(self, index: QModelIndex) -> tuple[CardInfo, str | None] | None:
        row = self.browser.model.row_at(index.row())
        card = self.db.lookup(row.name) if row is not None else None
        return None if card is None else (card, None)

    def _deck_card_at(self, index: QModelIndex) -> tuple[CardInfo, str | None] | None:
        model = index.model()
        row = model.row_at(index.row()) if isinstance(model, DeckSectionModel) else None
        game = self._deck_game()
        shown = as_card_info(row.card, game) if row is not None and game is not None else None
        if row is not None and row.card is not None and row.card.fields and shown is not None:
            return shown, None  # another game's card: its picture is found in the preview's `images`
        if row is None or not isinstance(row.card, CardInfo):
            return None  # an unknown card keeps its tooltip (the names it may stand for)
        return row.card, row.entry.set_name

    def _show_first_card(self, names: list[str]) -> None:
        if names:
            self.show_card(str(names[0]))

    def show_card(self, name: str) -> None:
        """Show a card in the card view, looked up in the deck's game's cards (unknown names clear it)."""
        game = self._deck_game()
        pool = self.deck_pool()
        card = pool.lookup(name)
        if card is not None and card.fields and game is not None:
            self.card_view.show_game_card(card, game, getattr(pool, "images", None))
        else:
            self.card_view.show_card(card if isinstance(card, CardInfo) else None, self.db)

    def show_no_card(self) -> None:
        """Clear the card pane (another deck took this one's place: its card belonged to the old one)."""
        self.card_view.show_card(None, None)

    def reshow_card(self) -> None:
        """Show the card on show again from the database (cleared when the card is gone from it)."""
        shown = self.card_view.card
        if shown is not None:
            self.card_view.show_card(self.db.lookup(shown.name), self.db)

    def _focus_search(self) -> None:
        self.browser.query_edit.setFocus()
        self.browser.query_edit.selectAll()

    def _add_browser_selection(self) -> None:
        for name in self.browser.selected_names():
            self.add_card(name)

    def _on_clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _on_path_changed(self, _path: object) -> None:
        self._update_title()

    def _update_title(self) -> None:
        where = self.deck_path.name if self.deck_path else self.tr("not saved")
        self.setWindowTitle(f"{self.deck.name} ({where})[*] — {APP_TITLE}")
        self.setWindowModified(self.is_dirty())

    def plain_title(self) -> str:
        """The window title as shown (modified marker resolved)."""
        return self.windowTitle().replace("[*]", "*" if self.isWindowModified() else "")

"""The main window: card browser, deck view, card view, legality / statistics, undo history, files and exports."""

from __future__ import annotations

import dataclasses
import functools
import html
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QByteArray, QMimeData, QModelIndex, QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
    QShowEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QSplitter,
    QTabWidget,
    QToolButton,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from carddb.db import CardDatabase, user_data_dir
from carddb.model import CardInfo
from carddb.normalize import normalize_name
from deckbuilder.collection import Collection, deck_status
from deckbuilder.deck import DEFAULT_GAME, DEFAULT_RENOWN_LEVEL, CardPool, Deck
from deckbuilder.deckfiles import (
    DECK_FILE_KINDS,
    KEEPS_NOTES,
    KEEPS_PRINTINGS,
    KEEPS_SETTINGS,
    KEEPS_UNREAD,
    DeckFileError,
    LoadedDeck,
    deck_file_kind,
    deck_to_native,
    kind_for_path,
    parse_deck_text,
    read_deck,
    write_deck,
)
from deckbuilder.deckfiles.kinds import open_filter, save_filter
from deckbuilder.export import EXPORTS
from deckbuilder.fixhints import FixHint, apply_changes
from deckbuilder.games.cards import GameCard, GameCardPool, pool_for
from deckbuilder.games.check import check_generic
from deckbuilder.games.check import statistics as game_statistics
from deckbuilder.games.description import available_games
from deckbuilder.games.piles import game_of
from deckbuilder.i18n import gettext, render, render_text
from deckbuilder.legality import check_deck
from deckbuilder.legality.formats import DEFAULT_FORMAT_NAME, FormatError, available_formats, load_format
from deckbuilder.legality.results import Report
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.card_preview import CardPreview
from deckbuilder.ui.card_view import CardView
from deckbuilder.ui.collection_dialog import KEY_MISSING_ONLY, CollectionDialog
from deckbuilder.ui.commands import (
    AddCardCommand,
    ChangePrintingCommand,
    DeckCommand,
    RemoveCardCommand,
    RenameDeckCommand,
    ReturnToSeptCommand,
    SetCountCommand,
    SetFormatCommand,
    SetNotesCommand,
    SetRenownLevelCommand,
    SetSettingCommand,
    StartInPlayCommand,
)
from deckbuilder.ui.deck_view import DeckSectionModel, DeckView
from deckbuilder.ui.fixhints_panel import FixHintsPanel
from deckbuilder.ui.game_cards import GameCardList
from deckbuilder.ui.legality_panel import LegalityPanel
from deckbuilder.ui.notes import NotesEditor
from deckbuilder.ui.odds_view import OddsView
from deckbuilder.ui.session import AutosaveSlot, AutosaveStore
from deckbuilder.ui.translation import fill, language_actions, save_language

if TYPE_CHECKING:
    from deckbuilder.ui.deck_gallery import DeckGallery
    from deckbuilder.ui.stats import DeckStatsView

log = logging.getLogger(__name__)

APP_TITLE = "Rage Deckbuilder"
MAX_RECENT = 8
AUTOSAVE_INTERVAL_MS = 60_000
AUTOSAVE_DEBOUNCE_MS = 2_000
Choice = QMessageBox.StandardButton


# Versioned: the deck splitter gained the "Starting in play" pane, and sizes saved for the old panes would land one
# pane off.
DECK_SPLITTER_KEY = "window/deckSplitter2"


def app_settings() -> QSettings:
    """The app's settings, an INI file in the user data folder (so tests with their own data folder are isolated)."""
    return QSettings(str(user_data_dir() / "settings.ini"), QSettings.Format.IniFormat)


def _settings_list(value: Any) -> list[str]:
    # QSettings hands back a str for a one-item list and None for a missing key.
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value else []
    return [str(v) for v in value]


def _is_bundled(path: Path) -> bool:
    """True for files shipped inside the installed package (never overwritten by Save)."""
    from carddb.demo import demo_deck_path

    try:
        return path.resolve() == demo_deck_path().resolve()
    except OSError:
        return False


class DemoBanner(QFrame):
    """Shown while the database holds only the demo set: offers to import real card data."""

    def __init__(
        self, on_plugin: Callable[[], None], on_file: Callable[[], None], parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.setObjectName("demoBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(self.palette().ColorRole.AlternateBase)
        self.label = label = QLabel(
            self.tr(
                "You are browsing the small <b>demo card set</b>. Import a LackeyCCG Rage plugin or a card data "
                "file to build with the full card pool."
            )
        )
        label.setWordWrap(True)
        # Shown only when a Lackey Rage plugin was found on this computer (first run of the packaged app).
        self.found_button = QPushButton()
        self.found_button.hide()
        self.found_plugin: Path | None = None
        plugin = QPushButton(self.tr("Import Lackey plugin…"))
        plugin.clicked.connect(on_plugin)
        data_file = QPushButton(self.tr("Import card file…"))
        data_file.clicked.connect(on_file)
        close = QToolButton()
        close.setText("✕")
        close.setToolTip(self.tr("Hide this message"))
        close.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(label, 1)
        layout.addWidget(self.found_button)
        layout.addWidget(plugin)
        layout.addWidget(data_file)
        layout.addWidget(close)

    def offer_found_plugin(self, folder: Path, on_import: Callable[[], None]) -> None:
        """Point the player at a Lackey Rage plugin found on this computer, with a one-click import."""
        self.found_plugin = folder
        self.label.setText(
            fill(
                self.tr(
                    "You are browsing the small <b>demo card set</b>. A LackeyCCG Rage plugin was found at <b>%1</b>: import it to build with the full card pool."
                ),
                str(html.escape(str(folder))),
            )
        )
        self.found_button.setText(self.tr("Import found plugin"))
        self.found_button.clicked.connect(on_import)
        self.found_button.show()


class MainWindow(QMainWindow):
    """One deck being edited against one card database."""

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
        self._game_pools: dict[str, object] = {}  # another game's cards by game name, read once per import
        # interactive=False (smoke test) never shows a modal dialog and never autosaves.
        self.interactive = interactive
        self.deck = Deck()
        self.deck_path: Path | None = None
        # Save into a .dek / text file warns once per deck about what that format drops.
        self._warned_format_losses = False
        self.unknown: dict[str, list[str]] = {}
        self.report: Report | None = None
        self.last_message = ""
        self._session_started = False
        self.settings = app_settings()
        self.autosave = autosave if autosave is not None else AutosaveStore()
        self.undo_stack = QUndoStack(self)
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
        self.splitter.addWidget(self.deck_tabs)
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
        self._owned_cache: tuple[int, dict[str, int]] | None = None
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
        self.undo_view.setEmptyLabel(self.tr("<opened deck>"))
        self.card_dock = self._dock(self.tr("Card"), "cardDock", self.card_view)
        self.report_dock = self._dock(self.tr("Deck check"), "legalityDock", self.report_tabs)
        self.history_dock = self._dock(self.tr("History"), "historyDock", self.undo_view)
        # A QUndoView resets its whole list on every push: follow the stack only while the history is on screen.
        self._hidden_history = QUndoStack(self)  # what the view follows meanwhile: nothing
        self.undo_view.setStack(self._hidden_history)
        self.history_dock.visibilityChanged.connect(self._history_shown)
        self.report_dock.visibilityChanged.connect(lambda _shown: self._update_stats_if_shown())
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.card_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.report_dock)
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
        self.refresh()
        self.statusBar().showMessage(
            fill(self.tr("%1 cards in %2"), str(db.card_count()), str(db.path)), 5000
        )

    # -- construction ----------------------------------------------------------------------------

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
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

    def _action(
        self, menu: QMenu, text: str, slot: Callable[[], object], shortcut: Any = None, name: str = ""
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        if name:
            action.setObjectName(name)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        keys = QKeySequence.StandardKey
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        self._action(file_menu, self.tr("&New deck"), self.new_deck, keys.New, "actionNew")
        games_menu = file_menu.addMenu(self.tr("New deck for another &game"))
        games_menu.setObjectName("menuNewGameDeck")
        for game in available_games():
            if game.name != DEFAULT_GAME:
                self._action(
                    games_menu,
                    game.title,
                    functools.partial(self.new_deck, game.name),
                    None,
                    f"actionNew-{game.name}",
                )
        self._action(file_menu, self.tr("&Open deck…"), self.open_deck, keys.Open, "actionOpen")
        self.recent_menu = file_menu.addMenu(self.tr("Open &recent"))
        self._action(
            file_menu, self.tr("Import deck from &clipboard"), self.import_clipboard, None, "actionPaste"
        )
        file_menu.addSeparator()
        self._action(file_menu, self.tr("&Save"), self.save, keys.Save, "actionSave")
        self._action(file_menu, self.tr("Save &as…"), self.save_as, keys.SaveAs, "actionSaveAs")
        export_menu = file_menu.addMenu(self.tr("&Export"))
        pdf_exports = {"decklist": self.export_decklist_pdf, "proxies": self.export_proxies_pdf}
        for (
            export
        ) in EXPORTS:  # the one registry of exports (deckbuilder.export), shared with `ragedeck export`
            if export.menu_label is not None:
                run = (
                    pdf_exports[export.name]
                    if export.deck_kind is None
                    else functools.partial(self.export_deck, export.name)
                )
                name = f"actionExport{export.name.capitalize()}"
                self._action(export_menu, gettext(export.menu_label), run, None, name)
        file_menu.addSeparator()
        cards_menu = file_menu.addMenu(self.tr("Import card &data"))
        self._action(
            cards_menu,
            self.tr("Lackey &plugin folder…"),
            lambda: self.import_card_data(folder=True),
            None,
            "actionImportPlugin",
        )
        self._action(
            cards_menu,
            self.tr("Card data &file (.txt / .json)…"),
            lambda: self.import_card_data(folder=False),
            None,
            "actionImportCardFile",
        )
        file_menu.addSeparator()
        self._action(file_menu, self.tr("&Quit"), self.close, keys.Quit, "actionQuit")

        edit_menu = bar.addMenu(self.tr("&Edit"))
        undo = self.undo_stack.createUndoAction(self, self.tr("&Undo"))
        undo.setShortcut(QKeySequence(keys.Undo))
        redo = self.undo_stack.createRedoAction(self, self.tr("&Redo"))
        redo.setShortcut(QKeySequence(keys.Redo))
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        edit_menu.addSeparator()
        self._action(edit_menu, self.tr("&Find cards"), self._focus_search, keys.Find)
        self._action(edit_menu, self.tr("Add selected card"), self._add_browser_selection, None)
        edit_menu.addSeparator()
        self._action(
            edit_menu, self.tr("&Copy deck as Lackey text"), self.copy_deck_text, None, "actionCopyDeck"
        )
        self._action(
            edit_menu, self.tr("&Paste deck from clipboard"), self.import_clipboard, None, "actionPasteDeck"
        )

        view_menu = bar.addMenu(self.tr("&View"))
        for dock in (self.card_dock, self.report_dock, self.history_dock):
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        self.language_menu = view_menu.addMenu(self.tr("&Language"))
        self.language_menu.setObjectName("menuLanguage")
        self.language_actions = language_actions(self.language_menu, self._language_chosen)

        collection_menu = bar.addMenu(self.tr("&Collection"))
        self._action(
            collection_menu, self.tr("&Edit collection…"), self.open_collection, None, "actionCollection"
        )
        self.missing_only_action = self._action(
            collection_menu,
            self.tr("Proxies: print only &missing copies"),
            lambda: None,
            None,
            "actionMissingOnly",
        )
        self.missing_only_action.setCheckable(True)
        # The proxy dialog's own checkbox writes the same setting: show its latest value.
        collection_menu.aboutToShow.connect(
            lambda: self.missing_only_action.setChecked(
                bool(self.settings.value(KEY_MISSING_ONLY, True, bool))
            )
        )
        self.missing_only_action.setChecked(bool(self.settings.value(KEY_MISSING_ONLY, True, bool)))
        self.missing_only_action.toggled.connect(lambda on: self.settings.setValue(KEY_MISSING_ONLY, on))
        self._update_recent_menu()

    def _language_chosen(self, lang: str | None) -> None:
        """Remember the language for the next start (the window's words are loaded once, at start)."""
        save_language(lang)
        self.notify(
            self.tr("Language"),
            self.tr("The new language is used the next time Rage Deckbuilder starts."),
            warning=False,
        )

    def _connect(self) -> None:
        self.browser.add_requested.connect(lambda name: self.add_card(name))
        self.browser.card_selected.connect(self.show_card)
        view = self.deck_view
        view.add_requested.connect(lambda n, s, c: self.add_card(n, c, s))
        view.remove_requested.connect(lambda n, s, c: self.remove_card(n, s, c))
        view.count_requested.connect(
            lambda n, s, c: self.push(SetCountCommand(self.deck, self.refresh, n, s, c))
        )
        view.starting_count_requested.connect(
            lambda n, s, c: self.push(SetCountCommand(self.deck, self.refresh, n, s, c, starting=True))
        )
        view.start_in_play_requested.connect(self.start_in_play)
        view.return_to_sept_requested.connect(self.return_to_sept)
        view.printing_requested.connect(
            lambda n, old, new: self.push(ChangePrintingCommand(self.deck, self.refresh, n, old, new))
        )
        view.renown_level_requested.connect(
            lambda v: self.push(SetRenownLevelCommand(self.deck, self.refresh, v))
        )
        view.format_requested.connect(lambda v: self.push(SetFormatCommand(self.deck, self.refresh, v)))
        view.setting_requested.connect(
            lambda s, label, v: self.push(SetSettingCommand(self.deck, self.refresh, s, label, v))
        )
        view.rename_requested.connect(lambda v: self.push(RenameDeckCommand(self.deck, self.refresh, v)))
        view.replace_requested.connect(self.replace_card)
        view.card_selected.connect(self.show_card)
        self.legality.cards_activated.connect(self.deck_view.select_cards)
        self.legality.cards_activated.connect(self._show_first_card)
        self.browser.show_requested.connect(self.show_card)
        self.browser.add_to_requested.connect(self.add_to_pile)

    # -- editing ---------------------------------------------------------------------------------

    def push(self, command: DeckCommand) -> None:
        """Run an edit through the undo stack (edits that change nothing are not recorded)."""
        self.undo_stack.push(command)
        if command.changes_nothing():
            # An obsolete command is removed from the stack by Qt when it is undone; drop it at once instead.
            command.setObsolete(True)
            self.undo_stack.undo()
        else:
            self._autosave_debounce.start()

    def add_card(self, name: str, count: int = 1, set_name: str | None = None) -> None:
        """Add copies of a card; with no printing given, copies join the card's existing row."""
        if set_name is None:
            key = normalize_name(name)
            existing = next((e for e in self.deck.entries if e.key == key), None)
            if existing is not None:
                name, set_name = existing.name, existing.set_name
        self.push(AddCardCommand(self.deck, self.refresh, name, count, set_name))

    def remove_card(self, name: str, set_name: str | None = None, count: int = 1) -> None:
        """Remove copies of one entry."""
        self.push(RemoveCardCommand(self.deck, self.refresh, name, set_name, count))

    def start_in_play(self, name: str, set_name: str | None = None, count: int = 1) -> None:
        """Move copies of a sept entry to the starting-in-play list: one undo step."""
        self.push(StartInPlayCommand(self.deck, self.refresh, name, set_name, count))

    def return_to_sept(self, name: str, set_name: str | None = None, count: int = 1) -> None:
        """Move copies of a starting-in-play entry back to the sept deck: one undo step."""
        self.push(ReturnToSeptCommand(self.deck, self.refresh, name, set_name, count))

    def replace_card(self, old_name: str, old_set: str | None, new_name: str) -> None:
        """Swap an (unknown) card for another, keeping the count: one undo step."""

        def swap(deck: Deck) -> None:
            deck.replace(old_name, old_set, new_name)

        label = fill(self.tr("Replace %1 with %2"), old_name, new_name)
        self.push(DeckCommand(self.deck, label, swap, self.refresh))

    def set_notes(self, notes: str) -> None:
        """Replace the deck notes (one undo step per pause in typing)."""
        self.push(SetNotesCommand(self.deck, self.refresh, notes))

    def commit_pending_edits(self) -> None:
        """Turn notes still being typed into an edit, so that saves, exports and autosaves include them."""
        self.notes_view.flush()

    def refresh(self) -> None:
        """Check the deck and show it everywhere (runs after every edit; the check takes milliseconds)."""
        self.report = self._check()
        self._show_card_source()
        self.deck_view.show_deck(self.deck, self.deck_pool(), self.report, self.unknown)
        self.legality.show_report(self.report)
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
            for view in self._gallery.lists.values():
                self.preview.watch(view, self._gallery_card_at)
            layout = self.gallery_page.layout()
            assert layout is not None
            layout.addWidget(self._gallery)
        return self._gallery

    def _gallery_card_at(self, index: QModelIndex) -> tuple[CardInfo, str | None] | None:
        row = self.gallery.row_at(index)
        return None if row is None or not isinstance(row.card, CardInfo) else (row.card, row.entry.set_name)

    def _update_gallery_if_shown(self) -> None:
        """Refill the card images when they are on screen; hidden ones are refilled when shown."""
        if self.deck_tabs.currentWidget() is not self.gallery_page:
            return
        try:
            self.gallery.show_rows({key: model.rows() for key, model in self.deck_view.models.items()})
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
            game = game_of(self.deck)
            if game is not None:
                charts = game_statistics(game, self.deck, self.deck_pool())
                self.stats.update_game_stats(charts, self.report)
                return
            self.stats.update_stats(self.deck, self.db, self.report)
        except Exception:  # statistics must never block editing
            log.exception("statistics failed")

    def _refresh_features(self) -> None:
        """Fix-it hints, draw odds and owned/missing copies for the deck on show (never blocks editing)."""
        try:
            if game_of(self.deck) is not None:
                # Fix hints, odds and the collection are Rage's: another game's deck shows none of them.
                self.fix_panel.show_deck(self.deck, None)
                self.odds_view.show_deck(Deck())
                self.deck_view.show_owned(None)
                return
            self.fix_panel.show_deck(self.deck, self.report)
            self.odds_view.show_deck(self.deck)
            owned = self._owned_copies()
            self.deck_view.show_owned(deck_status(self.deck, owned) if owned else None)
        except Exception:  # these panels are helpers; a failure must not stop the deck from showing
            log.exception("fix hints, odds or collection failed")

    def _owned_copies(self) -> dict[str, int]:
        """Copies owned per card; read again only when the database changed (every write commits through another
        connection than the reader's, so its data_version moves), not on every edit of the deck."""
        version = self.db.data_version()
        if self._owned_cache is None or self._owned_cache[0] != version:
            self._owned_cache = (version, Collection(self.db).owned_map())
        return self._owned_cache[1]

    def apply_fix_hint(self, hint: FixHint) -> None:
        """Apply a fix-it hint as one undo step."""
        self.push(
            DeckCommand(self.deck, render(hint), lambda deck: apply_changes(deck, hint.changes), self.refresh)
        )

    def open_collection(self) -> CollectionDialog:
        """The collection dialog; the deck view's owned/missing column follows its changes."""
        dialog = CollectionDialog(self.db, self)
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
        """Rage's browser for a Rage deck; the deck's game's cards for another game's."""
        game = game_of(self.deck)
        self.browser.setVisible(game is None)
        self.game_cards.setVisible(game is not None)
        pool = self.deck_pool() if game is not None else None
        if (
            game is not None
            and isinstance(pool, GameCardPool)
            and self.game_cards.source != (game.name, id(pool))
        ):
            self.game_cards.show_cards(game, pool.cards())
            self.game_cards.source = (game.name, id(pool))  # the pool is kept until the next card import

    def deck_pool(self) -> CardPool:
        """Where the deck's names are looked up: the database for Rage, its game's cards for another game."""
        game = game_of(self.deck)
        if game is None:
            return self.db
        pool = self._game_pools.get(game.name)
        if pool is None:
            pool = self._game_pools[game.name] = pool_for(self.db, game)[0]
        return cast(CardPool, pool)

    def _check(self) -> Report | None:
        game = game_of(self.deck)
        if game is not None:
            return check_generic(self.deck, self.deck_pool(), game)
        try:
            return check_deck(self.deck, self.db, self.deck.format, self.deck.renown_level)
        except FormatError as exc:
            # A format file removed while the deck is open: check on the default rather than raise.
            self.statusBar().showMessage(self.tr("Format problem: {0}").format(exc))
            try:
                return check_deck(self.deck, self.db, DEFAULT_FORMAT_NAME, self.deck.renown_level)
            except FormatError:
                return None

    def _settle_format(self, deck: Deck) -> list[str]:
        """Put a deck whose format is not installed on the default format; the note saying so, if any."""
        game = game_of(deck)
        if game is not None:
            if deck.format not in {f.name for f in game.formats}:
                deck.format = game.default_format  # a format of another game (or Rage's default) means none
            return []
        try:
            load_format(deck.format)
        except FormatError:
            missing = deck.format
            deck.format = DEFAULT_FORMAT_NAME
            return [
                self.tr(
                    "The deck's format “{0}” is not installed; the deck is opened on the default format “{1}”."
                ).format(missing, DEFAULT_FORMAT_NAME)
            ]
        return []

    def _browser_card_at(self, index: QModelIndex) -> tuple[CardInfo, str | None] | None:
        row = self.browser.model.row_at(index.row())
        card = self.db.lookup(row.name) if row is not None else None
        return None if card is None else (card, None)

    def _deck_card_at(self, index: QModelIndex) -> tuple[CardInfo, str | None] | None:
        model = index.model()
        row = model.row_at(index.row()) if isinstance(model, DeckSectionModel) else None
        if row is None or not isinstance(row.card, CardInfo):
            return None  # an unknown card keeps its tooltip (the names it may stand for); another game has no images
        return row.card, row.entry.set_name

    def _show_first_card(self, names: list[str]) -> None:
        if names:
            self.show_card(str(names[0]))

    def add_to_pile(self, name: str, pile: str) -> None:
        """Add a copy of a card from the browser: to its section, or ("starting") to the starting-in-play list."""
        if pile != "starting":
            self.add_card(name)
            return
        current = self.deck.entry(name, None, starting=True)
        count = current.count + 1 if current is not None else 1
        self.push(SetCountCommand(self.deck, self.refresh, name, None, count, starting=True))

    def copy_deck_text(self) -> str:
        """Put the deck on the clipboard as Lackey text (what Lackey and the readers here paste back)."""
        from deckbuilder.deckfiles import deck_to_text

        self.commit_pending_edits()
        text = deck_to_text(self.deck, self.deck_pool(), self.db.deck_zone_labels())
        QGuiApplication.clipboard().setText(text)
        self.statusBar().showMessage(self.tr("Copied the deck as Lackey text"), 5000)
        return text

    def show_card(self, name: str) -> None:
        """Show a card in the card view (unknown names clear it); another game's card from its own cards."""
        game = game_of(self.deck)
        if game is not None:
            card = self.deck_pool().lookup(name)
            if isinstance(card, GameCard):
                self.card_view.show_game_card(card, game)
            else:
                self.card_view.show_card(None, None)
            return
        self.card_view.show_card(self.db.lookup(name), self.db)

    def _focus_search(self) -> None:
        self.browser.query_edit.setFocus()
        self.browser.query_edit.selectAll()

    def _add_browser_selection(self) -> None:
        for name in self.browser.selected_names():
            self.add_card(name)

    # -- title and dirty state -------------------------------------------------------------------

    def is_dirty(self) -> bool:
        """True when the deck has edits not saved to its file."""
        return not self.undo_stack.isClean()

    def _on_clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        where = self.deck_path.name if self.deck_path else self.tr("not saved")
        self.setWindowTitle(f"{self.deck.name} ({where})[*] — {APP_TITLE}")
        self.setWindowModified(self.is_dirty())

    def plain_title(self) -> str:
        """The window title as shown (modified marker resolved)."""
        return self.windowTitle().replace("[*]", "*" if self.isWindowModified() else "")

    # -- asking the user (methods so that tests can replace them) -------------------------------

    def ask_save_changes(self) -> Choice:
        """Save / Discard / Cancel for a deck with unsaved edits."""
        return QMessageBox.question(
            self,
            APP_TITLE,
            fill(self.tr("“%1” has unsaved changes. Save them?"), str(self.deck.name)),
            Choice.Save | Choice.Discard | Choice.Cancel,
            Choice.Save,
        )

    def ask_open_path(self) -> Path | None:
        """A deck file to open, or None."""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open deck"), self._last_folder(), open_filter())
        return Path(path) if path else None

    def ask_save_path(self, caption: str, name_filter: str, suggested: str) -> Path | None:
        """Where to write, or None."""
        start = str(Path(self._last_folder()) / suggested)
        path, _ = QFileDialog.getSaveFileName(self, caption, start, name_filter)
        return Path(path) if path else None

    def ask_import_path(self, folder: bool) -> Path | None:
        """A Lackey plugin folder or card data file, or None."""
        if folder:
            path = QFileDialog.getExistingDirectory(
                self, self.tr("Import Lackey plugin folder"), self._last_folder()
            )
        else:
            path, _ = QFileDialog.getOpenFileName(
                self,
                self.tr("Import card data"),
                self._last_folder(),
                self.tr("Card data (*.txt *.json);;All files (*)"),
            )
        return Path(path) if path else None

    def ask_format_losses(self, file_name: str, losses: list[str]) -> Choice:
        """Before the first Save into a .dek / text file: Save (dropping `losses`), Save as .ragedeck, or Cancel."""
        box = QMessageBox(self)
        box.setWindowTitle(APP_TITLE)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setText(
            self.tr("{0} is a Lackey deck file; it cannot keep {1}. Save it anyway?").format(
                file_name, ", ".join(losses)
            )
        )
        box.setStandardButtons(Choice.Save | Choice.SaveAll | Choice.Cancel)
        box.button(Choice.SaveAll).setText(self.tr("Save as .ragedeck…"))
        box.setDefaultButton(Choice.Save)
        return Choice(box.exec())

    def ask_remove_demo(self) -> bool:
        """After an import: remove the invented demo cards, which no format accepts once real cards are in?"""
        answer = QMessageBox.question(
            self,
            APP_TITLE,
            self.tr(
                "The database still holds the invented demo cards (set “Demo”). With real card data imported, "
                "no format accepts them. Remove them now?"
            ),
            Choice.Yes | Choice.No,
            Choice.Yes,
        )
        return answer == Choice.Yes

    def ask_restore(self, name: str, source: Path | None) -> bool:
        """Offer the autosave left by a window that did not exit cleanly: its deck's name and file."""
        where = str(source) if source is not None else self.tr("never saved to a file")
        answer = QMessageBox.question(
            self,
            APP_TITLE,
            self.tr(
                "A Rage Deckbuilder window did not close properly while editing “{0}” ({1}). Restore that deck?"
            ).format(name or self.tr("a deck"), where),
            Choice.Yes | Choice.No,
            Choice.Yes,
        )
        return answer == Choice.Yes

    def notify(self, title: str, text: str, warning: bool = True) -> None:
        """Tell the user something (kept in last_message; a dialog only when interactive)."""
        self.last_message = text
        self.statusBar().showMessage(text.splitlines()[0] if text else "", 8000)
        if self.interactive:
            if warning:
                QMessageBox.warning(self, title, text)
            else:
                QMessageBox.information(self, title, text)

    def maybe_save(self) -> bool:
        """Before the deck is replaced or the window closes: True when it is fine to go on."""
        self.commit_pending_edits()
        if not self.is_dirty():
            return True
        choice = self.ask_save_changes()
        if choice == Choice.Save:
            return self.save()
        return choice == Choice.Discard

    # -- files -----------------------------------------------------------------------------------

    def _last_folder(self) -> str:
        if self.deck_path is not None:
            return str(self.deck_path.parent)
        return str(self.settings.value("lastFolder", str(Path.home())))

    def set_deck(
        self, deck: Deck, path: Path | None, unknown: dict[str, list[str]] | None = None
    ) -> list[str]:
        """Replace the deck being edited (history starts afresh); notes on what had to change (a missing format)."""
        notes = self._settle_format(deck)
        if game_of(deck) is not None:
            unknown = (
                None  # names the reader looked up among Rage's cards: the deck view asks its game's cards
            )
        self.deck = deck
        self.deck_path = path
        self._warned_format_losses = False
        self.unknown = dict(unknown or {})
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.refresh()
        self.deck_view.fit_sections_to_content()  # each opened deck gets sections sized by its rows
        return notes

    def new_deck(self, game: str = DEFAULT_GAME) -> bool:
        """Start an empty deck (of another game when named)."""
        if not self.maybe_save():
            return False
        self.set_deck(Deck(game=game), None)
        return True

    def open_deck(self, path: Path | None = None, ask_first: bool = True, remember: bool = True) -> bool:
        """Open a deck file (native, .dek or text); unknown cards stay as unresolved rows."""
        if ask_first and not self.maybe_save():
            return False
        if path is None:
            path = self.ask_open_path()
            if path is None:
                return False
        try:
            loaded = read_deck(path, self.db)
        except DeckFileError as exc:
            self.notify(self.tr("Cannot open deck"), render_text(exc.reason))
            return False
        except OSError as exc:
            self.notify(self.tr("Cannot open deck"), fill(self.tr("cannot read %1: %2"), str(path), str(exc)))
            return False
        # Save writes back to the file in its own format; the bundled demo deck, or a file whose extension names
        # no deck format, gets a new file.
        target = path if kind_for_path(path) is not None and not _is_bundled(path) else None
        # Unedited after opening even when Save will ask for a file (.dek / .txt / bundled): nothing to lose yet.
        notes = self.set_deck(loaded.deck, target, loaded.unknown)
        if remember:
            self._remember_recent(path)
        self._report_problems(loaded, path.name, notes)
        self.statusBar().showMessage(fill(self.tr("Opened %1"), str(path)), 5000)
        return True

    def _report_problems(self, loaded: LoadedDeck, source: str, notes: list[str]) -> None:
        lines = [
            *notes,
            *(render_text(p) for p in loaded.problems),
        ]  # the readers' notes, in the window's language
        if loaded.unknown:
            lines.append(
                fill(
                    self.tr("%1 card name(s) are not in the card database; see Unresolved."),
                    len(loaded.unknown),
                )
            )
        if lines:
            self.notify(fill(self.tr("Problems in %1"), str(source)), "\n".join(lines))

    def import_clipboard(self) -> bool:
        """Read a deck list from the clipboard as a new deck."""
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.notify(self.tr("Import from clipboard"), self.tr("The clipboard holds no text."))
            return False
        if not self.maybe_save():
            return False
        try:
            loaded = parse_deck_text(text, self.db, "clipboard")
        except DeckFileError as exc:
            self.notify(self.tr("Import from clipboard"), render_text(exc.reason))
            return False
        notes = self.set_deck(loaded.deck, None, loaded.unknown)
        self.undo_stack.resetClean()
        self._update_title()
        self._report_problems(loaded, self.tr("the clipboard text"), notes)
        return True

    def save(self) -> bool:
        """Save to the file the deck came from, in its own format (after saying once what it drops), or ask where."""
        if self.deck_path is None:
            return self.save_as()
        kind = kind_for_path(self.deck_path)
        if kind is not None and not self._warned_format_losses:
            losses = self.format_losses(kind)
            if losses:
                answer = self.ask_format_losses(self.deck_path.name, losses)
                if answer == Choice.Cancel:
                    return False
                self._warned_format_losses = True
                if answer == Choice.SaveAll:  # "Save as .ragedeck…": keep everything in a native file
                    return self.save_as()
        return self._write(self.deck_path)

    def format_losses(self, kind: str) -> list[str]:
        """What writing this deck as `kind` ("dek" or "text") cannot keep, in the player's words."""
        deck, keeps = self.deck, deck_file_kind(kind).keeps
        losses: list[str] = []
        if KEEPS_NOTES not in keeps and deck.notes.strip():
            losses.append(self.tr("the deck notes"))
        changed = deck.renown_level != DEFAULT_RENOWN_LEVEL or deck.format != DEFAULT_FORMAT_NAME
        if KEEPS_SETTINGS not in keeps and changed:
            losses.append(self.tr("the Renown level and format"))
        if KEEPS_PRINTINGS not in keeps and any(e.set_name for e in (*deck.entries, *deck.starting)):
            losses.append(self.tr("the chosen printings"))
        if KEEPS_UNREAD not in keeps and deck.unread:
            losses.append(self.tr("{0} part(s) of the file that could not be read").format(len(deck.unread)))
        return losses

    def save_as(self, path: Path | None = None) -> bool:
        """Save under a new name in any format (native unless the extension says .dek / .txt)."""
        if path is None:
            path = self.ask_save_path(
                self.tr("Save deck"), save_filter(), f"{self.deck.name}{DECK_FILE_KINDS[0].suffixes[0]}"
            )
            if path is None:
                return False
        if not path.suffix:
            path = path.with_suffix(DECK_FILE_KINDS[0].suffixes[0])
        return self._write(path)

    def _write(self, path: Path) -> bool:
        self.commit_pending_edits()
        try:
            write_deck(self.deck, path, pool=self.deck_pool(), zone_labels=self.db.deck_zone_labels())
        except (DeckFileError, OSError, ValueError) as exc:
            self.notify(self.tr("Cannot save deck"), fill(self.tr("Cannot save %1: %2"), str(path), str(exc)))
            return False
        if path != self.deck_path:
            self._warned_format_losses = False
        self.deck_path = path
        self.undo_stack.setClean()
        self.autosave.discard()
        self._remember_recent(path)
        self._update_title()
        self.statusBar().showMessage(fill(self.tr("Saved %1"), str(path)), 5000)
        return True

    def _remember_recent(self, path: Path) -> None:
        resolved = str(path.resolve())
        recent = [p for p in _settings_list(self.settings.value("recentFiles")) if p != resolved]
        self.settings.setValue("recentFiles", [resolved, *recent][:MAX_RECENT])
        self.settings.setValue("lastFolder", str(path.resolve().parent))
        self._update_recent_menu()

    def recent_files(self) -> list[str]:
        """Recently opened or saved decks, newest first."""
        return _settings_list(self.settings.value("recentFiles"))

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_files()
        for entry in recent:
            action = self.recent_menu.addAction(entry)
            action.triggered.connect(lambda _=False, p=entry: self.open_deck(Path(p)))
        self.recent_menu.setEnabled(bool(recent))

    # -- exports ---------------------------------------------------------------------------------

    def export_deck(self, kind: str, path: Path | None = None) -> bool:
        """Write the deck as a Lackey .dek or Lackey text file (the deck's own file is unchanged)."""
        self.commit_pending_edits()
        if path is None:
            chosen = deck_file_kind(kind)
            name = f"{self.deck.name}{chosen.suffixes[0]}"
            path = self.ask_save_path(self.tr("Export deck"), save_filter((chosen,)), name)
            if path is None:
                return False
        try:
            write_deck(
                self.deck, path, kind=kind, pool=self.deck_pool(), zone_labels=self.db.deck_zone_labels()
            )
        except (DeckFileError, OSError, ValueError) as exc:
            self.notify(self.tr("Export failed"), fill(self.tr("Cannot write %1: %2"), str(path), str(exc)))
            return False
        self.statusBar().showMessage(fill(self.tr("Exported %1"), str(path)), 5000)
        return True

    def ask_export_options(self, kind: str) -> Any:
        """The decklist or proxy options dialog, with its live preview of page 1; the options chosen, or None."""
        from deckbuilder.ui.export_dialog import DecklistExportDialog, ExportPreviewDialog, ProxyExportDialog

        dialog: ExportPreviewDialog
        if kind == "proxies":
            dialog = ProxyExportDialog(self.deck, self.db, self.settings, self)
        else:
            dialog = DecklistExportDialog(self.deck, self.db, self.settings, self.report, self)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            return dialog.options()
        finally:
            dialog.deleteLater()

    def _pdf_export_target(self, kind: str, options: Any, path: Path | None) -> tuple[Any, Path] | None:
        """Commit typed notes, then the options (dialog, or the last chosen when a path is given) and the file.

        None when the player cancels either question.
        """
        from deckbuilder.ui.export_dialog import decklist_options_from_settings, proxy_options_from_settings

        self.commit_pending_edits()
        if options is None:
            if path is None:
                options = self.ask_export_options(kind)
            elif kind == "proxies":
                options = proxy_options_from_settings(self.settings)
                if bool(self.settings.value(KEY_MISSING_ONLY, True, bool)):  # the dialog asks this itself
                    options = dataclasses.replace(options, owned=Collection(self.db).owned_map())
            else:
                options = decklist_options_from_settings(self.settings, self.report)
        if options is None:
            return None
        if path is None:
            caption = self.tr("Export proxies") if kind == "proxies" else self.tr("Export decklist")
            path = self.ask_save_path(caption, self.tr("PDF (*.pdf)"), f"{self.deck.name} {kind}.pdf")
        return None if path is None else (options, path)

    def export_decklist_pdf(self, path: Path | None = None, options: Any = None) -> bool:
        """Write the tournament decklist PDF: options from the dialog (or as last chosen when a path is given)."""
        from deckbuilder.export import write_decklist_pdf

        target = self._pdf_export_target("decklist", options, path)
        if target is None:
            return False
        options, path = target
        try:
            write_decklist_pdf(self.deck, self.db, path, options)
        except (OSError, ValueError) as exc:
            self.notify(self.tr("Export failed"), fill(self.tr("Cannot write %1: %2"), str(path), str(exc)))
            return False
        self.statusBar().showMessage(fill(self.tr("Exported %1"), str(path)), 5000)
        return True

    def export_proxies_pdf(self, path: Path | None = None, options: Any = None) -> Any:
        """Write proxy sheets in a background thread with a progress dialog; returns the Worker (None if not started).

        Options come from the dialog with its preview, or are the last chosen layout when a path is given.
        """
        from deckbuilder.export import ExportCancelled, write_proxies_pdf
        from deckbuilder.ui.workers import run_in_thread

        chosen_target = self._pdf_export_target("proxies", options, path)
        if chosen_target is None:
            return None
        chosen, target = chosen_target
        deck = self.deck.copy()  # the worker must not see edits made while it runs
        db_path = self.db.path

        def job(progress: Callable[[int, int], None], cancel: Callable[[], bool]) -> Any:
            # The worker thread gets its own database handle: SQLite connections stay on their thread.
            with CardDatabase(db_path) as worker_db:
                return write_proxies_pdf(deck, worker_db, target, chosen, progress=progress, cancel=cancel)

        dialog = QProgressDialog(self.tr("Writing proxy sheets…"), self.tr("Cancel"), 0, 0, self)
        dialog.setWindowTitle(self.tr("Export proxies"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(300)

        def progress(done: int, total: int) -> None:
            dialog.setMaximum(max(total, 1))
            dialog.setValue(min(done, max(total, 1)))

        def finished(report: Any) -> None:
            dialog.reset()
            messages = getattr(report, "messages", [])
            text = fill(self.tr("Wrote %1 page(s) to %2."), getattr(report, "pages", "?"), target)
            self.notify(self.tr("Proxies exported"), "\n".join([text, *messages]), warning=False)

        def failed(message: str) -> None:
            dialog.reset()
            self.notify(self.tr("Export failed"), message)

        def cancelled() -> None:
            dialog.reset()
            self.statusBar().showMessage(self.tr("Proxy export cancelled"), 5000)

        worker = run_in_thread(
            job,
            progress=progress,
            finished=finished,
            failed=failed,
            cancelled=cancelled,
            cancel_exceptions=(ExportCancelled,),
            parent=self,
        )
        dialog.canceled.connect(worker.cancel)
        self.proxy_worker = worker
        return worker

    # -- card data import ------------------------------------------------------------------------

    def import_card_data(self, path: Path | None = None, folder: bool = True) -> Any:
        """Import a plugin folder / card file with progress and Cancel; the browser and deck refresh after."""
        from deckbuilder.ui.import_dialog import run_import_dialog

        if path is None:
            path = self.ask_import_path(folder)
            if path is None:
                return None
        report = run_import_dialog(self, self.db, path)
        self.db.invalidate_caches()
        self._game_pools.clear()
        if report is not None:
            self.offer_demo_removal()
        self.browser.reload()
        self.refresh()
        if report is not None and self.db.card_count():
            self.banner.hide()
        return report

    def offer_demo_removal(self) -> int:
        """With real card data in, offer to delete the invented demo cards (no format accepts them); how many went."""
        from carddb.demo import demo_cards_barred, has_demo_cards, remove_demo_cards

        try:
            if not has_demo_cards(self.db) or not demo_cards_barred(self.db.set_names()):
                return 0
            if not self.ask_remove_demo():
                return 0
            removed = remove_demo_cards(self.db)
        except Exception as exc:  # the database may be read-only or busy: the import itself went through
            log.exception("cannot remove the demo cards")
            self.notify(self.tr("Demo cards"), self.tr("Cannot remove the demo cards: {0}").format(exc))
            return 0
        self.statusBar().showMessage(self.tr("Removed {0} demo cards").format(removed), 8000)
        return removed

    def open_start_deck(self) -> bool:
        """At start with no deck given or restored: open the demo deck while the database holds the demo pool only."""
        from carddb.demo import demo_cards_barred, demo_deck_path, has_demo_cards

        if not self.deck.is_empty() or self.deck_path is not None:
            return False
        try:
            if not has_demo_cards(self.db) or demo_cards_barred(self.db.set_names()):
                return False
        except Exception:  # an unreadable database opens on an empty deck, as before
            log.exception("cannot look for the demo cards")
            return False
        return self.open_deck(demo_deck_path(), ask_first=False, remember=False)

    def offer_found_plugins(self, home: Path | None = None) -> Path | None:
        """If the demo banner is up, look for a Lackey Rage plugin in the usual places and offer it."""
        if self.banner.isHidden():
            return None
        from carddb.lackey_locate import find_lackey_plugins

        found = find_lackey_plugins(home)
        if not found:
            return None
        folder = found[0]
        self.banner.offer_found_plugin(folder, lambda: self.import_card_data(folder=True, path=folder))
        return folder

    # -- autosave and crash recovery --------------------------------------------------------------

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
            loaded = read_deck(slot.deck_path, self.db)
        except (DeckFileError, OSError) as exc:
            self.notify(
                self.tr("Cannot restore"),
                render_text(exc.reason) if isinstance(exc, DeckFileError) else str(exc),
            )
            return False
        notes = self.set_deck(loaded.deck, slot.source(), loaded.unknown)
        self.undo_stack.resetClean()
        self._update_title()
        if notes:
            self.notify(self.tr("Restored deck"), "\n".join(notes))
        return True

    # -- window state ----------------------------------------------------------------------------

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
                right = max(380, round(self.width() * 0.30))
                self.resizeDocks([self.card_dock], [right], Qt.Orientation.Horizontal)
                tall = self.splitter.height()
                self.resizeDocks(
                    [self.card_dock, self.report_dock],
                    [round(tall * 0.7), round(tall * 0.3)],
                    Qt.Orientation.Vertical,
                )
                middle = self.width() - right
                self.splitter.setSizes([round(middle * 0.36), round(middle * 0.64)])
            QTimer.singleShot(0, self.deck_view.fit_sections_to_content)

    @staticmethod
    def _dropped_deck_file(mime: QMimeData) -> Path | None:
        """The first local deck file (by extension) among dropped URLs."""
        for url in mime.urls():
            if url.isLocalFile():
                path = Path(url.toLocalFile())
                if kind_for_path(path) is not None:
                    return path
        return None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._dropped_deck_file(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        path = self._dropped_deck_file(event.mimeData())
        if path is None:
            super().dropEvent(event)
            return
        event.acceptProposedAction()
        # Opened after the drop returns: a Save question must not run inside the drag-and-drop loop.
        QTimer.singleShot(0, lambda: self.open_deck(path))

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.interactive and not self.maybe_save():
            event.ignore()
            return
        self.save_window_state()
        if self._session_started:
            self.autosave.end_session()
        event.accept()

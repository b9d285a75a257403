"""The window's menus, a part of it: each action runs a method of the part that does the job."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import (
    QAction,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QMainWindow,
    QMenu,
)

from deckbuilder.deck import DEFAULT_GAME
from deckbuilder.export import EXPORTS
from deckbuilder.games.loader import available_games
from deckbuilder.i18n import gettext
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.settings import KEY_MISSING_ONLY
from deckbuilder.ui.shortcuts import sequences
from deckbuilder.ui.translation import language_actions, save_language
from deckbuilder.ui.window_cards import CardData
from deckbuilder.ui.window_event import EventPrinting
from deckbuilder.ui.window_exports import Exports
from deckbuilder.ui.window_files import DeckFiles
from deckbuilder.ui.window_history import DeckVersions
from deckbuilder.ui.window_keys import KeyboardActions
from deckbuilder.ui.window_prompts import Prompts

log = logging.getLogger(__name__)


class Menus(QObject):
    """The menu bar: File, Edit, View, Collection and Help, each action wired to the part that does its job."""

    def __init__(
        self,
        window: QMainWindow,
        controller: DeckController,
        settings: QSettings,
        prompts: Prompts,
        files: DeckFiles,
        versions: DeckVersions,
        exports: Exports,
        printing: EventPrinting,
        cards: CardData,
        keys: KeyboardActions,
        browser: CardBrowser,
        docks: tuple[QDockWidget, ...],
        open_collection: Callable[[], object],
        open_library: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.settings = settings
        self.prompts = prompts
        self.files = files
        self.versions = versions
        self.exports = exports
        self.printing = printing
        self.cards = cards
        self.keys = keys
        self.browser = browser
        self.docks = docks  # View lists them, to show or hide each
        self.open_collection = open_collection
        self.open_library = open_library  # File → Deck library (ui/window_library.py)
        self._build_menus()

    def _action(
        self, menu: QMenu, text: str, slot: Callable[[], object], shortcut: str | None = None, name: str = ""
    ) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcuts(sequences(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        if name:
            action.setObjectName(name)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.window.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        self._action(
            file_menu,
            self.tr("&New deck"),
            self.files.new_deck,
            "new",
            "actionNew",
        )
        games_menu = file_menu.addMenu(self.tr("New deck for another &game"))
        games_menu.setObjectName("menuNewGameDeck")
        # Listed when opened (by mouse or keys), not at every start: reading and checking every other game's
        # description took milliseconds of each start, and a game added to the games folder since is listed too.
        games_menu.aboutToShow.connect(functools.partial(self._list_games, games_menu))
        self._action(
            file_menu,
            self.tr("&Open deck…"),
            self.files.open_deck,
            "open",
            "actionOpen",
        )
        file_menu.addMenu(self.files.recent_menu)
        if self.open_library is not None:
            self._action(file_menu, self.tr("Deck &library…"), self.open_library, "library", "actionLibrary")
        self._action(
            file_menu,
            self.tr("Import deck from &clipboard"),
            self.files.import_clipboard,
            None,
            "actionPaste",
        )
        file_menu.addSeparator()
        self._action(file_menu, self.tr("&Save"), self.files.save, "save", "actionSave")
        self._action(
            file_menu,
            self.tr("Save &as…"),
            self.files.save_as,
            "save_as",
            "actionSaveAs",
        )
        self._action(
            file_menu, self.tr("Deck &history…"), self.versions.show_deck_history, None, "actionDeckHistory"
        )
        self._action(
            file_menu, self.tr("Co&mpare with…"), self.versions.compare_with, None, "actionCompareWith"
        )
        export_menu = file_menu.addMenu(self.tr("&Export"))
        pdf_exports = {
            "decklist": self.exports.export_decklist_pdf,
            "proxies": self.exports.export_proxies_pdf,
        }
        for (
            export
        ) in EXPORTS:  # the one registry of exports (deckbuilder.export), shared with `ragedeck export`
            if export.menu_label is not None:
                run = (
                    pdf_exports[export.name]
                    if export.deck_kind is None
                    else functools.partial(self.exports.export_deck, export.name)
                )
                name = f"actionExport{export.name.capitalize()}"
                self._action(export_menu, gettext(export.menu_label), run, None, name)
        self._action(
            file_menu,
            self.tr("&Print decklists of a folder…"),
            self.printing.print_folder_decklists,
            None,
            "actionPrintFolder",
        )
        file_menu.addSeparator()
        cards_menu = file_menu.addMenu(self.tr("Import card &data"))
        self._action(
            cards_menu,
            self.tr("Lackey &plugin folder…"),
            lambda: self.cards.import_card_data(folder=True),
            None,
            "actionImportPlugin",
        )
        self._action(
            cards_menu,
            self.tr("Card data &file (.txt / .json)…"),
            lambda: self.cards.import_card_data(folder=False),
            None,
            "actionImportCardFile",
        )
        self._action(
            cards_menu,
            self.tr("&Another game's card data (.csv)…"),
            self.cards.import_game_cards,
            None,
            "actionImportGameCards",
        )
        file_menu.addSeparator()
        self._action(file_menu, self.tr("&Quit"), self.window.close, "quit", "actionQuit")

        edit_menu = bar.addMenu(self.tr("&Edit"))
        undo = self.controller.undo_stack.createUndoAction(self.window, self.tr("&Undo"))
        undo.setShortcuts(sequences("undo"))
        redo = self.controller.undo_stack.createRedoAction(self.window, self.tr("&Redo"))
        redo.setShortcuts(sequences("redo"))
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        edit_menu.addSeparator()
        self._action(edit_menu, self.tr("&Find cards"), self._focus_search, "find", "actionFind")
        self._action(
            edit_menu,
            self.tr("Add selected card"),
            self._add_browser_selection,
            None,
        )
        edit_menu.addSeparator()
        self._action(
            edit_menu,
            self.tr("&Copy deck as Lackey text"),
            self.files.copy_deck_text,
            None,
            "actionCopyDeck",
        )
        self._action(
            edit_menu,
            self.tr("&Paste deck from clipboard"),
            self.files.import_clipboard,
            None,
            "actionPasteDeck",
        )

        view_menu = bar.addMenu(self.tr("&View"))
        for dock in self.docks:
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        self.language_menu = view_menu.addMenu(self.tr("&Language"))
        self.language_menu.setObjectName("menuLanguage")
        self.language_actions = language_actions(self.language_menu, self._language_chosen)

        collection_menu = bar.addMenu(self.tr("&Collection"))
        self._action(
            collection_menu,
            self.tr("&Edit collection…"),
            self.open_collection,
            None,
            "actionCollection",
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
        help_menu = bar.addMenu(self.tr("&Help"))
        help_menu.setObjectName("menuHelp")
        self.keys.build(edit_menu, view_menu, help_menu)

    def _list_games(self, menu: QMenu) -> None:
        """Fill File → New deck for another game with the games installed now."""
        menu.clear()
        for game in available_games():
            if game.name != DEFAULT_GAME:
                self._action(
                    menu,
                    game.title,
                    functools.partial(self.files.new_deck, game.name),
                    None,
                    f"actionNew-{game.name}",
                )

    def _language_chosen(self, lang: str | None) -> None:
        """Remember the language for the next start (the window's words are loaded once, at start)."""
        save_language(lang)
        self.prompts.notify(
            self.tr("Language"),
            self.tr("The new language is used the next time Rage Deckbuilder starts."),
            warning=False,
        )

    def _focus_search(self) -> None:
        self.browser.query_edit.setFocus()
        self.browser.query_edit.selectAll()

    def _add_browser_selection(self) -> None:
        for name in self.browser.selected_names():
            self.controller.add_card(name)

"""The deck, a part of the window: its piles as lists (DeckView) or as card pictures (DeckGallery, built when shown)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from carddb.model import CardInfo
from deckbuilder.games.cards import GameCardPool
from deckbuilder.games.loader import shipped_game
from deckbuilder.ui.check_space import WrappedTabs
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.deck_view import DeckView
from deckbuilder.ui.window_card_pane import CardPane

if TYPE_CHECKING:
    from deckbuilder.ui.deck_gallery import DeckGallery

log = logging.getLogger(__name__)


class DeckArea(QObject):
    """The deck's piles, every request of theirs an edit through the controller; the card chosen goes to the pane."""

    def __init__(
        self,
        parent: QObject,
        controller: DeckController,
        games: DeckGames,
        card_pane: CardPane,
        formats: list[tuple[str, str]],
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.games = games
        self.card_pane = card_pane  # shows the card chosen; pops up the scans of the piles' rows
        self.view = DeckView(formats)
        self.view.setObjectName("deckView")
        # The deck as lists, or as a grid of card images by pile (built when first shown).
        self.tabs = QTabWidget()
        self.tabs.setObjectName("deckTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.view, self.tr("List"))
        self.gallery_page = QWidget()
        QVBoxLayout(self.gallery_page).setContentsMargins(0, 0, 0, 0)
        self._gallery: DeckGallery | None = None
        self.tabs.addTab(self.gallery_page, self.tr("Card images"))
        self.tabs.currentChanged.connect(lambda _index: self.update_gallery_if_shown())
        self._watch_tables()
        self.view.sections_rebuilt.connect(self._watch_tables)
        self._connect_requests()

    def _connect_requests(self) -> None:
        view = self.view
        deck = self.controller
        view.add_requested.connect(lambda n, s, c: deck.add_card(n, c, s))
        view.remove_requested.connect(lambda n, s, c: deck.remove_card(n, s, c))
        view.changes_requested.connect(deck.apply_changes)
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
        view.card_selected.connect(self.card_pane.show_card)

    def _watch_tables(self) -> None:
        self.card_pane.watch_deck_tables(list(self.view.tables.values()))

    def show_deck(self) -> None:
        """Show the deck and its report in the piles (and the pictures, when on screen)."""
        # The deck's game as its check found it (game_of asks the disk whether the player installed games).
        controller = self.controller
        self.view.show_deck(
            controller.deck,
            self.games.deck_pool(),
            controller.report,
            controller.document.unknown,
            game=self.games.deck_game(),
        )

    @property
    def gallery(self) -> DeckGallery:
        """The deck's card images by pile (a DeckGallery), built on first use."""
        if self._gallery is None:
            from deckbuilder.ui.deck_gallery import DeckGallery

            self._gallery = DeckGallery(self.games.db)
            self._gallery.card_selected.connect(self.card_pane.show_card)
            self._gallery.menu_for = self.view.build_context_menu  # the list's menu, the list's requests
            for view in self._gallery.lists.values():
                self.card_pane.watch(view, self._gallery_card_at)
            self._gallery.watch = lambda view: self.card_pane.watch(
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

    def update_gallery_if_shown(self) -> None:
        """Refill the card images when they are on screen; hidden ones are refilled when shown."""
        if self.tabs.currentWidget() is not self.gallery_page:
            return
        try:
            rows = {key: model.rows() for key, model in self.view.models.items()}
            pool = self.games.deck_pool()
            # The deck view's game (the default game's for a deck of a game not installed): its piles, and its
            # images where its pool finds them (the card database's, for cards that are the database's own).
            images = pool.images if isinstance(pool, GameCardPool) else self.games.db
            game = self.games.deck_game() or shipped_game()
            self.gallery.show_rows(rows, self.view.illegal, game, images)
        except Exception:  # the picture view must never block editing
            log.exception("deck images failed")

"""The cards to add, a part of the window: Rage's browser or another game's card list, and the player's copies."""

from __future__ import annotations

import functools
import logging

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from carddb.db import CardDatabase
from deckbuilder.collection import Collection, RowStatus, deck_status, deck_terms
from deckbuilder.deck import Deck
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.game_cards import GameCardList

log = logging.getLogger(__name__)


class CardSource(QObject):
    """The card browser over the card database's cards (Rage's), else the list of the deck's game's cards."""

    add_requested = Signal(str)  # a card to add to the deck (Enter, double-click, the + button)
    card_selected = Signal(str)  # a card to show in the card pane

    def __init__(self, parent: QObject, games: DeckGames) -> None:
        super().__init__(parent)
        self.db: CardDatabase = games.db
        self.games = games
        self.browser = CardBrowser(self.db)
        self.browser.setObjectName("cardBrowser")
        self.browser.add_requested.connect(self.add_requested)
        self.browser.card_selected.connect(self.card_selected)
        self.browser.show_requested.connect(self.card_selected)
        # Another game's deck lists that game's cards here instead of Rage's browser.
        self.game_cards = GameCardList()
        self.game_cards.setObjectName("gameCardList")
        self.game_cards.hide()
        self.game_cards.add_requested.connect(self.add_requested)
        self.game_cards.card_selected.connect(self.card_selected)
        self._owned_cache: tuple[tuple[int, str], dict[str, int]] | None = None

    def widget(self) -> QWidget:
        """The browser above the other game's list (one of them shown)."""
        side = QWidget()
        layout = QVBoxLayout(side)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        layout.addWidget(self.game_cards)
        return side

    def show_source(self) -> None:
        """The list of the deck's game's cards: the browser for a pool with printings, else the game's own list."""
        game = self.games.deck_game()
        pool = self.games.deck_pool()
        # A pool with printings is searched by the database's full-text index; other pools by their own list.
        self.browser.setVisible(pool.has_printings)
        self.game_cards.setVisible(not pool.has_printings)
        if game is not None and not pool.has_printings and self.game_cards.source != (game.name, id(pool)):
            self.game_cards.show_cards(game, pool)
            self.game_cards.source = (game.name, id(pool))  # the pool is kept until the next card import

    def follow_deck(self, deck: Deck) -> dict[tuple[str, str | None, bool], RowStatus] | None:
        """The lists' in:deck / is:owned / is:missing follow the deck; its owned/missing copies (None: none owned)."""
        try:
            version = self.db.data_version()  # asked once: every write by another connection moves it
            owned = self._owned_copies(deck.game, version)  # the deck's own game's collection
            # The card lists' in:deck / is:owned / is:missing ask about this deck and its game's collection: worked
            # out once, when a list's query asks (a deck of 90,000 cards took a second and a half).
            terms = functools.cache(lambda: deck_terms(deck, owned))
            self.browser.set_deck(terms, version)
            self.game_cards.set_deck(terms)
            return deck_status(deck, owned) if owned else None
        except Exception:  # a helper; a failure must not stop the deck from showing
            log.exception("the collection's copies failed")
            return None

    def cards_imported(self, database_cards: bool) -> None:
        """Cards came in: the browser searches the database again, or the other game's list is read again."""
        if database_cards:
            self.browser.reload()
        else:
            self.game_cards.source = None  # the game's card list is read again, whatever pool came back

    def _owned_copies(self, game: str, data_version: int) -> dict[str, int]:
        """Copies owned per card of a game; read again only when the database changed (every write commits through
        another connection than the reader's, so its data_version moves) or the game did, not on every edit."""
        version = (data_version, game)
        if self._owned_cache is None or self._owned_cache[0] != version:
            self._owned_cache = (version, Collection(self.db, game).owned_map())
        return self._owned_cache[1]

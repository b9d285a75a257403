"""The cards to add, a part of the window: the card browser over the deck's game's cards, and the player's copies."""

from __future__ import annotations

import functools
import logging

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from carddb.db import CardDatabase
from deckbuilder.collection import Collection, RowStatus, deck_status, deck_terms
from deckbuilder.deck import Deck
from deckbuilder.games.cards import database_pool
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.deck_games import DeckGames

log = logging.getLogger(__name__)


class CardSource(QObject):
    """The card browser over the deck's game's cards in the card database (Rage's for a deck of no game)."""

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
        self._owned_cache: tuple[tuple[int, str], dict[str, int]] | None = None

    def widget(self) -> QWidget:
        """The browser, as the window lays it out."""
        side = QWidget()
        layout = QVBoxLayout(side)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        return side

    def show_source(self) -> None:
        """The browser lists the deck's game's cards: the database's own (Rage's), or its view of another game."""
        game = self.games.deck_game()
        if game is None:
            self.browser.show_game(self.db, None)
            return
        # Every game's cards are searched in the card database, a page at a time, whatever pool the deck reads
        # (with no card of the game imported, its view lists none); the database's own game's in its own columns.
        pool = self.games.deck_pool()
        view = pool if isinstance(pool, CardDatabase) else database_pool(self.db, game)
        self.browser.show_game(view, None if view is self.db else game)

    def follow_deck(self, deck: Deck) -> dict[tuple[str, str | None, bool], RowStatus] | None:
        """The lists' in:deck / is:owned / is:missing follow the deck; its owned/missing copies (None: none owned)."""
        try:
            version = self.db.data_version()  # asked once: every write by another connection moves it
            owned = self._owned_copies(deck.game, version)  # the deck's own game's collection
            # The card lists' in:deck / is:owned / is:missing ask about this deck and its game's collection: worked
            # out once, when a list's query asks (a deck of 90,000 cards took a second and a half).
            terms = functools.cache(lambda: deck_terms(deck, owned))
            self.browser.set_deck(terms, version)
            return deck_status(deck, owned) if owned else None
        except Exception:  # a helper; a failure must not stop the deck from showing
            log.exception("the collection's copies failed")
            return None

    def cards_imported(self, database_cards: bool) -> None:
        """Cards came in (to the database, whichever game's): the browser searches again."""
        self.browser.reload()

    def _owned_copies(self, game: str, data_version: int) -> dict[str, int]:
        """Copies owned per card of a game; read again only when the database changed (every write commits through
        another connection than the reader's, so its data_version moves) or the game did, not on every edit."""
        version = (data_version, game)
        if self._owned_cache is None or self._owned_cache[0] != version:
            self._owned_cache = (version, Collection(self.db, game).owned_map())
        return self._owned_cache[1]

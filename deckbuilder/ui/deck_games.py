"""The deck's game and card pool as the window reads them: looked up once per check, pools once per card import."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from carddb.db import CardDatabase
from deckbuilder.context import DeckContexts
from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.check import check
from deckbuilder.games.loader import UserFolders, user_folders
from deckbuilder.games.piles import game_of

if TYPE_CHECKING:
    from deckbuilder.games.description import Game
    from deckbuilder.legality.results import Report


class DeckGames:
    """Where the deck being edited looks its names up, and which game it is; every part of the window asks here."""

    def __init__(self, db: CardDatabase, deck: Callable[[], Deck]) -> None:
        self.db = db
        self._deck = deck  # the deck being edited (the controller's, read when asked)
        # Every game's description and cards, read once per card import: the document's (deckbuilder.context).
        self.contexts = DeckContexts(db)
        # The deck's game as its latest check found it (by the deck's game name).
        self._checked: tuple[str, Game | None] | None = None

    def forget_pools(self) -> None:
        """Cards were imported: every game's pool is read again when next asked for."""
        self.contexts.forget_cards()

    def deck_pool(self) -> CardPool:
        """Where the deck's names are looked up: its game's pool (games/cards.pool_for; Rage's is the database)."""
        return self.pool_of(self.deck_game())

    def pool_of(self, game: Game | None) -> CardPool:
        """Where a deck of `game` looks its names up (read once per card import); the database for no game."""
        if game is None:
            return self.db
        return cast(CardPool, self.contexts.pool(game))

    def deck_game(self, folders: UserFolders | None = None) -> Game | None:
        """The deck's game, looked up by each check and read from there by every part that shows the deck."""
        deck = self._deck()
        if self._checked is None or self._checked[0] != deck.game:
            self._checked = (deck.game, game_of(deck, folders))
        return self._checked[1]

    def check(self, deck: Deck) -> Report | None:
        """The deck's check by its game's engine, on the deck's format (its game's default, with a warning, when
        that format is gone); None for a deck of a game that is not installed."""
        self._checked = None  # a game installed or removed since the last check is found now
        self.contexts.forget_games()
        # The player's games and formats folders, looked at once for the deck's game and then its format.
        folders = user_folders()
        game = game_of(deck, folders) if deck is not self._deck() else self.deck_game(folders)
        return check(deck, self.deck_pool(), game, folders=folders) if game is not None else None

"""A deck's game (Rage's included), and its layout in deck files (its engine's, games/layout.py)."""

from __future__ import annotations

from collections.abc import Mapping

from deckbuilder.deck import DEFAULT_GAME, Deck
from deckbuilder.games.description import Game, GameError
from deckbuilder.games.engines import ENGINES
from deckbuilder.games.layout import (
    UNPLACED_ID as UNPLACED_ID,
)
from deckbuilder.games.layout import (
    UNPLACED_PILE_LABEL as UNPLACED_PILE_LABEL,
)
from deckbuilder.games.layout import (
    Layout,
)
from deckbuilder.games.layout import (
    grouped_by_pile as grouped_by_pile,
)
from deckbuilder.games.layout import (
    pile_ids_by_label as pile_ids_by_label,
)
from deckbuilder.games.loader import UserFolders, load_game


def game_of(deck: Deck, folders: UserFolders | None = None) -> Game | None:
    """The deck's game (Rage's for a deck that names none), None when that game is not installed (`folders`: the
    player's folders as the caller's check looked them up)."""
    try:
        return load_game(deck.game or DEFAULT_GAME, folders)
    except GameError:
        return None


def known_game(name: str) -> str | None:
    """The installed game with this name (as the game spells it; the default game for an empty name), else None."""
    try:
        return load_game(name.strip()[:60]).name
    except GameError:
        return None


def layout_of(game: Game | None, zone_labels: Mapping[str, str] | None = None) -> Layout:
    """How a deck of this game is laid out in deck files (a game that is not installed: the default game's)."""
    chosen = game if game is not None else load_game(DEFAULT_GAME)
    return ENGINES[chosen.engine].layout(chosen, zone_labels)

"""Rage's Renown level: a setting of the game (game.json `settings`), kept in a deck's settings like any game's."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckbuilder.deck import Deck
    from deckbuilder.games.description import Game

# The setting's id in game.json and in Deck.settings (native files of earlier versions wrote it as a deck field).
RENOWN_LEVEL = "renown_level"
# Before game.json is read (and when it says none): the revised rules' tournament level.
DEFAULT_RENOWN_LEVEL = 20
# The highest Renown level a deck may name (the CLI, the deck files and the window all take it from here).
MAX_RENOWN_LEVEL = 1000


def default_renown_level(game: Game | None) -> int:
    """The Renown level a deck that names none is checked at: the game's setting default."""
    if game is not None:
        for setting in game.settings:
            if setting.id == RENOWN_LEVEL and setting.default is not None:
                return setting.default
    return DEFAULT_RENOWN_LEVEL


def renown_level_of(deck: Deck, game: Game | None = None) -> int:
    """The deck's Renown level: its setting, else the game's default."""
    level = deck.settings.get(RENOWN_LEVEL)
    return level if level is not None else default_renown_level(game)

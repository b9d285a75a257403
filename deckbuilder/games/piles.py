"""A deck of a data-described game grouped by its piles, for the deck files and the views (Rage keeps its Sections)."""

from __future__ import annotations

from typing import Any

from deckbuilder.deck import DEFAULT_GAME, Deck, DeckEntry
from deckbuilder.games.description import Game, GameError
from deckbuilder.games.loader import load_game

UNPLACED_ID = "unplaced"
UNPLACED_PILE_LABEL = "Unplaced"


def is_rage(game: str) -> bool:
    """Whether a deck's game is Rage (every existing behaviour applies)."""
    return not game or game.casefold() == DEFAULT_GAME


def game_of(deck: Deck) -> Game | None:
    """The deck's game when it is a data-described one (None for Rage, or a game that is not installed)."""
    if is_rage(deck.game):
        return None
    try:
        return load_game(deck.game)
    except GameError:
        return None


def known_game(name: str) -> str | None:
    """The installed game with this name (as the game spells it; the default game for an empty name), else None."""
    try:
        return load_game(name.strip()[:60]).name
    except GameError:
        return None


def pile_ids_by_label(game: Game) -> dict[str, str]:
    """Each pile's id and label, casefolded, to its id: how deck files name a pile."""
    found: dict[str, str] = {}
    for pile in game.piles:
        found[pile.id.casefold()] = pile.id
        found[pile.label.casefold()] = pile.id
    found[UNPLACED_ID] = UNPLACED_ID
    found[UNPLACED_PILE_LABEL.casefold()] = UNPLACED_ID
    return found


def grouped_by_pile(deck: Deck, game: Game, pool: Any | None) -> list[tuple[str, str, list[DeckEntry]]]:
    """(pile id, label, entries) for every pile of the game, then the cards no pile takes (unknown or unplaceable)."""
    grouped: dict[str, list[DeckEntry]] = {p.id: [] for p in game.piles}
    grouped[UNPLACED_ID] = []
    for entry in (*deck.entries, *deck.starting):
        card = None
        if pool is not None:
            try:
                card = pool.lookup(entry.name)
            except Exception:  # a broken pool leaves the card unplaced, never crashes a save
                card = None
        pile = game.pile_of(card.type) if card is not None and hasattr(card, "values") else None
        grouped[pile or UNPLACED_ID].append(entry)
    piles = [(p.id, p.label, grouped[p.id]) for p in game.piles]
    piles.append((UNPLACED_ID, UNPLACED_PILE_LABEL, grouped[UNPLACED_ID]))
    return piles

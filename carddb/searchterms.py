"""What one search fills into its cached plan: the deck's and the library's names, and the game it is of.

A compiled query (carddb.search) keeps placeholders where these go, so one plan serves every deck and game.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

from carddb.record import FrozenRecord, set_field


class DeckTerms(FrozenRecord):
    """What `in:deck`, `is:missing` and `in:decks` ask: the deck's cards, those it lacks copies of, and the cards
    of every deck of the player's library (normalised names)."""

    __slots__ = _fields = ("cards", "missing", "library")

    cards: frozenset[str]
    missing: frozenset[str]
    library: frozenset[str]

    def __init__(
        self,
        cards: frozenset[str] = frozenset(),
        missing: frozenset[str] = frozenset(),
        library: frozenset[str] = frozenset(),
    ) -> None:
        set_field(self, "cards", cards)
        set_field(self, "missing", missing)
        set_field(self, "library", library)


NO_DECK = DeckTerms()


class _DeckNames:
    """A placeholder parameter in a cached plan, filled from the DeckTerms of each search."""

    def __init__(self, attribute: str) -> None:
        self.attribute = attribute


class _Searched:
    """A placeholder parameter in a cached plan, filled with what each search is of: the game, its range of places."""

    def __init__(self, attribute: str) -> None:
        self.attribute = attribute


_IN_DECK = _DeckNames("cards")
_MISSING = _DeckNames("missing")
_FLAG_NAMES = {"in_deck": _IN_DECK, "missing": _MISSING, "in_library": _DeckNames("library")}
_GAME = _Searched("game")


class _Scope(FrozenRecord):
    """What a search is of: the game, and the first and last place of its cards in name order (FTS rowids)."""

    __slots__ = _fields = ("game", "first", "last")

    game: str
    first: int
    last: int

    def __init__(self, game: str, first: int, last: int) -> None:
        set_field(self, "game", game)
        set_field(self, "first", first)
        set_field(self, "last", last)


def _scope(conn: sqlite3.Connection, game: str) -> _Scope:
    # Two seeks on ix_card_name_rank (game, name_rank): a game's cards hold one range of places.
    first = conn.execute(
        "SELECT name_rank FROM card WHERE game = ? ORDER BY name_rank LIMIT 1", (game,)
    ).fetchone()
    last = conn.execute(
        "SELECT name_rank FROM card WHERE game = ? ORDER BY name_rank DESC LIMIT 1", (game,)
    ).fetchone()
    return _Scope(game, int(first[0]) if first else 0, int(last[0]) if last else -1)


def _filled(params: Sequence[object], deck: DeckTerms | None, scope: _Scope | None = None) -> list[object]:
    """The plan's parameters with the deck's names and the searched game in place of the placeholders."""
    terms = deck or NO_DECK
    filled: list[object] = []
    for p in params:
        if isinstance(p, _DeckNames):
            filled.append(json.dumps(sorted(getattr(terms, p.attribute)), ensure_ascii=False))
        elif isinstance(p, _Searched):
            assert scope is not None
            filled.append(getattr(scope, p.attribute))
        else:
            filled.append(p)
    return filled

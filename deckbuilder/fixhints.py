"""Fix-it hints for a deck of any game: the smallest deck changes that clear a legality error, each re-checked by the
engine before it is offered.

What a hint is lives in games/hints.py; who plans them: Rage's planners (games/rage/fixhints.py) for the Rage engine,
the fixes each generic rule kind declares (games/fixes.py) for every other game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.fixes import KIND_FIXES, generic_hints
from deckbuilder.games.hints import (
    ADD_CARDS,
    ADD_CHARACTER,
    MAX_HINTS_PER_ERROR,
    MAX_TRIES_PER_ERROR,
    MESSAGES,
    NO_AUTOMATIC_FIX,
    REMOVE,
    REPLACE,
    SWAP,
    TRIM,
    Change,
    FixHint,
    HintList,
    apply_changes,
    no_fix_reason,
)
from deckbuilder.games.rage.fixhints import PLANNERS, rage_hints
from deckbuilder.legality.engine import check_deck
from deckbuilder.legality.formats import Format, load_format
from deckbuilder.legality.results import Report, Result, Severity

__all__ = [
    "ADD_CARDS",
    "ADD_CHARACTER",
    "KIND_FIXES",
    "MAX_HINTS_PER_ERROR",
    "MAX_TRIES_PER_ERROR",
    "MESSAGES",
    "NO_AUTOMATIC_FIX",
    "PLANNERS",
    "REMOVE",
    "REPLACE",
    "SWAP",
    "TRIM",
    "Change",
    "FixHint",
    "HintList",
    "apply_changes",
    "fix_hints",
    "game_fix_hints",
    "no_fix_reason",
]


def fix_hints(
    deck: Deck,
    pool: CardPool,
    candidates: Sequence[Any] | None = None,
    fmt: Format | str | None = None,
    renown_level: int | None = None,
    report: Report | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """For each error (and fixable warning) of the deck, the verified hints that clear it (empty when none found).

    `candidates` are the cards hints may suggest (a CardDatabase's `all_cards()`, a game pool's `cards()`); None
    means only the deck's own cards and the near-name suggestions are used. A deck of another game than Rage is
    planned by its rule kinds' fixes (`fmt` a format of its game, or None for the report's).
    """
    from deckbuilder.games.loader import load_game

    game = load_game(report.game if report is not None and report.game else deck.game)
    if game.engine != "rage":
        return game_fix_hints(deck, pool, game, candidates, fmt, report)
    if fmt is None:
        fmt = load_format(deck.format)
    elif isinstance(fmt, str):
        fmt = load_format(fmt)
    level = deck.renown_level if renown_level is None else renown_level
    report = report or check_deck(deck, pool, fmt, level)
    wanted = [r for r in report.results if r.severity is Severity.ERROR or r.code in PLANNERS]
    if not wanted:
        return []
    return rage_hints(deck, pool, list(candidates or ()), fmt, level, report, wanted)


def game_fix_hints(
    deck: Deck,
    pool: Any,
    game: Any,
    candidates: Sequence[Any] | None = None,
    fmt: Any = None,
    report: Report | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """Hints for a deck of a game on the generic engine, from the fixes its format's rule kinds declare."""
    from deckbuilder.games.check import _chosen_format, check

    chosen, _notes, _missing = _chosen_format(
        game, deck, fmt if fmt is not None else getattr(report, "format", None)
    )
    if chosen is None:
        return []
    report = report or check(deck, pool, game, chosen)
    wanted = [r for r in report.results if r.severity is Severity.ERROR]
    if not wanted:
        return []
    cards = list(candidates) if candidates is not None else list(getattr(pool, "cards", list)())
    return generic_hints(deck, pool, game, chosen, report, cards, wanted)

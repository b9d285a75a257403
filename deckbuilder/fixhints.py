"""Fix-it hints for a deck of any game: the smallest deck changes that clear a legality error, each re-checked by the
engine before it is offered.

What a hint is lives in games/hints.py; who plans them is the deck's engine: the module its `hints_module` names
(the generic engine's: the fixes each rule kind declares, games/fixes.py; Rage's: games/rage/fixhints.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.fixes import KIND_FIXES
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
from deckbuilder.legality.results import Report, Result

__all__ = [
    "ADD_CARDS",
    "ADD_CHARACTER",
    "KIND_FIXES",
    "MAX_HINTS_PER_ERROR",
    "MAX_TRIES_PER_ERROR",
    "MESSAGES",
    "NO_AUTOMATIC_FIX",
    "REMOVE",
    "REPLACE",
    "SWAP",
    "TRIM",
    "Change",
    "FixHint",
    "HintList",
    "apply_changes",
    "fix_hints",
    "no_fix_reason",
]


def fix_hints(
    deck: Deck,
    pool: CardPool,
    candidates: Sequence[Any] | None = None,
    fmt: Any = None,
    renown_level: int | None = None,
    report: Report | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """For each error (and fixable warning) of the deck, the verified hints that clear it (empty when none found).

    `candidates` are the cards hints may suggest (the pool's `all_cards()` or `cards()`); None means the engine's
    default (Rage: only the deck's own cards and near-name suggestions; the generic engine: the pool's cards).
    `fmt` is a format of the deck's game (or its name), None for the deck's own; `renown_level` None for the deck's.
    """
    from deckbuilder.games.check import ENGINES
    from deckbuilder.games.loader import load_game

    game = load_game(report.game if report is not None and report.game else deck.game)
    engine = ENGINES.get(game.engine)
    if engine is None:  # a game the loader refused to check has nothing to fix either
        return []
    planner = importlib.import_module(engine.hints_module).plan_hints
    result: list[tuple[Result, list[FixHint]]] = planner(
        deck, pool, game, candidates, fmt, renown_level, report
    )
    return result

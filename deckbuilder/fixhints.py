"""Fix-it hints for a deck of any game: the smallest deck changes that clear a legality error, each re-checked by the
engine before it is offered.

What a hint is lives in games/hints.py; who plans them is the deck's engine: the module its `hints_module` names
(the generic engine's: the fixes each rule kind declares, games/fixes.py; Rage's: games/rage/fixhints.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from deckbuilder.context import DeckContext
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
    HintsCancelled,
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
    "HintsCancelled",
    "apply_changes",
    "context_hints",
    "fix_hints",
    "no_fix_reason",
]


def fix_hints(
    deck: Deck,
    pool: CardPool,
    candidates: Sequence[Any] | None = None,
    fmt: Any = None,
    settings: Mapping[str, int | None] | int | None = None,
    report: Report | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """For each error (and fixable warning) of the deck, the verified hints that clear it (empty when none found).

    `candidates` are the cards hints may suggest (the pool's `all_cards()` or `cards()`); None means the engine's
    default (Rage: only the deck's own cards and near-name suggestions; the generic engine: the pool's cards).
    `fmt` is a format of the deck's game (or its name), None for the deck's own; `settings` the settings given over
    the deck's (a lone number stands for the game's one player-chosen setting, Rage's Renown level). `cancel` is asked
    between candidate checks: once it says True, HintsCancelled is raised (the window's worker stops a stale answer).
    """
    from deckbuilder.context import DeckContexts
    from deckbuilder.games.description import GameError

    try:
        game = DeckContexts().game(report.game if report is not None and report.game else deck.game)
    except GameError:  # a game that is not installed has nothing to fix either
        return []
    context = DeckContext(game, pool, settings=given_settings(game, settings))
    return context_hints(deck, context, report, candidates, fmt, cancel)


def given_settings(game: Any, settings: Mapping[str, int | None] | int | None) -> dict[str, int | None]:
    """Settings given over a deck's: a mapping by setting id, or one number for the game's one chosen setting."""
    if settings is None:
        return {}
    if isinstance(settings, Mapping):
        return {k: v for k, v in settings.items() if v is not None}
    chosen = [s.id for s in game.settings if not s.pile]
    return {chosen[0]: settings} if len(chosen) == 1 else {}


def context_hints(
    deck: Deck,
    context: DeckContext,
    report: Report | None = None,
    candidates: Sequence[Any] | None = None,
    fmt: Any = None,
    cancel: Callable[[], bool] | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """The fix-it hints of a deck in its context (its game, pool, format and settings); `candidates` None: every
    card of the game's pool (read once per run by the context); `cancel` as fix_hints'."""
    from deckbuilder.games.check import ENGINES

    engine = ENGINES.get(context.game.engine)
    if engine is None:  # a game the loader refused to check has nothing to fix either
        return []
    planner = importlib.import_module(engine.hints_module).plan_hints
    chosen_fmt = fmt if fmt is not None else context.format
    if chosen_fmt is None and report is not None:
        chosen_fmt = report.format
    cards = candidates if candidates is not None else context.candidates()
    result: list[tuple[Result, list[FixHint]]] = planner(
        deck, context.pool, context.game, cards, chosen_fmt, context.settings, report, cancel=cancel
    )
    return result

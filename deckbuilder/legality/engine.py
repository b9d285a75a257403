"""`check_deck`, the Rage-deck entry point, over the one check of any game (`deckbuilder.games.check.check`).

`check_deck` keeps the arguments the Rage callers pass (a Rage format or its name, a Renown level). The checker's
own results (how a check went, whatever the game) are `legality/checker.py`'s; their codes are read here too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.check import check
from deckbuilder.games.description import GameFormat
from deckbuilder.games.loader import find_format, load_game
from deckbuilder.games.rage.engine import DEMO_CARD as DEMO_CARD
from deckbuilder.games.rage.engine import RageRuleKind
from deckbuilder.games.registry import kind_named
from deckbuilder.legality import checker
from deckbuilder.legality.checker import DECK_FILE_UNREAD as DECK_FILE_UNREAD
from deckbuilder.legality.checker import FORMAT_NOT_INSTALLED as FORMAT_NOT_INSTALLED
from deckbuilder.legality.checker import INTERNAL_ERROR as INTERNAL_ERROR
from deckbuilder.legality.formats import available_formats
from deckbuilder.legality.results import Report, Result

if TYPE_CHECKING:
    from deckbuilder.games.rage.format import Format
    from deckbuilder.games.rage.rules import Rule


def format_not_installed(deck_format: str, fallback: Any, available: Iterable[str] | None = None) -> Result:
    """The warning for a deck naming a format that is not installed, checked against `fallback` instead."""
    if available is None:
        available = [f.name for f in available_formats()]
    return checker.format_not_installed(deck_format, fallback.name, available)


def check_deck(
    deck: Deck,
    pool: CardPool,
    fmt: Format | Any | str | None = None,
    renown_level: int | None = None,
    rules: Iterable[Rule] | None = None,
) -> Report:
    """Check a deck (of its game) against a format; never raises for deck content.

    A deck whose own format is not installed is checked against the game's default format, with a
    FORMAT_NOT_INSTALLED warning; a format name passed in that does not exist raises FormatError (the caller asked
    for it). `rules` replaces the format's rules (tests), each with the format's parameters for it.
    """
    chosen_rules = None
    if rules is not None:
        game = load_game(deck.game)
        shape: Any = getattr(fmt, "format", fmt)
        one: GameFormat = shape if isinstance(shape, GameFormat) else find_format(game, shape or deck.format)
        params = {rule.kind: rule.params for rule in one.rules}
        chosen_rules = []
        for rule in rules:
            name = f"{game.name}:{rule.code.lower()}"
            if name not in params:
                continue  # the format does not run it
            kind = kind_named(name)
            wrapped = kind if isinstance(kind, RageRuleKind) and kind.rule is rule else RageRuleKind(rule)
            chosen_rules.append((name, wrapped, params.get(name, {})))
    settings = {"renown_level": renown_level} if renown_level is not None else {}
    return check(deck, pool, None, fmt, settings, chosen_rules)

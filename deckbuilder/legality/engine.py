"""The checker's own results (how a check went, whatever the game) and `check_deck`, the Rage-deck entry point.

Checking any deck of any game is one call, `deckbuilder.games.check.check`; `check_deck` keeps the arguments the
Rage callers pass (a Rage format or its name, a Renown level).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from deckbuilder.deck import CardPool, Deck, UnreadPart
from deckbuilder.i18n import ENGLISH, Param, declare, format_message, message_key, params_of
from deckbuilder.legality.results import Report, Result, Severity

if TYPE_CHECKING:
    from deckbuilder.games.rage.format import Format
    from deckbuilder.games.rage.rules import Rule

INTERNAL_ERROR = "INTERNAL_ERROR"
# A deck file line or element the reader could not use: the checker did not see the whole deck, so it is not legal.
# Like INTERNAL_ERROR it is not a format's rule and no format can switch it off.
DECK_FILE_UNREAD = "DECK_FILE_UNREAD"
# The deck names a format that is not installed: it was checked against the default format instead (a warning).
FORMAT_NOT_INSTALLED = "FORMAT_NOT_INSTALLED"
# An invented demo card (Rage's demo set) when the database also holds real cards (games/rage/engine.py checks it).
DEMO_CARD = "DEMO_CARD"
MESSAGES = declare(
    {
        INTERNAL_ERROR: "internal error in rule {rule}: {error}",
        f"{INTERNAL_ERROR}.deck": "internal error while reading the deck: {error}",
        DECK_FILE_UNREAD: "{location}: {text} could not be read ({reason}); "
        "the deck cannot be judged legal until it is fixed",
        FORMAT_NOT_INSTALLED: "The deck's format '{format}' is not installed (available: {available}); "
        "it was checked against the default format '{default}'",
    }
)


def _result(code: str, severity: Severity, variant: str = "", **params: Param | list[str]) -> Result:
    values = params_of(params)
    message = format_message(message_key(code, variant), values, ENGLISH)
    return Result(code, severity, message, (), values, variant)


def format_not_installed(deck_format: str, fallback: Any, available: Iterable[str] | None = None) -> Result:
    """The warning for a deck naming a format that is not installed, checked against `fallback` instead."""
    if available is None:
        from deckbuilder.legality.formats import available_formats

        available = [f.name for f in available_formats()]
    return _result(
        FORMAT_NOT_INSTALLED,
        Severity.WARNING,
        format=" ".join(deck_format.split())[:60] or "(no name)",
        available=list(available),
        default=fallback.name,
    )


def unread_results(unread: Iterable[UnreadPart]) -> list[Result]:
    """One error per deck-file part the reader could not use, naming where it was and what it said."""
    results = []
    for part in unread:
        shown = part.text if len(part.text) <= 80 else part.text[:79] + "…"
        # The reader's reason is the reader's English words; the location and text are the file's own.
        results.append(
            _result(
                DECK_FILE_UNREAD, Severity.ERROR, location=part.location, text=repr(shown), reason=part.reason
            )
        )
    return results


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
    from deckbuilder.games.check import check
    from deckbuilder.games.registry import kind_named

    chosen_rules = None
    if rules is not None:
        from deckbuilder.games.description import GameFormat
        from deckbuilder.games.loader import find_format, load_game
        from deckbuilder.games.rage.engine import RageRuleKind

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

"""Searching a game's cards: words match the name, Type or any field; `field:word` and `field>=N` narrow by one field.

A field is named by its name or one of the search words its game description gives it (`t:` for type); `in:deck`
matches the cards of the deck being edited (as Rage's search does).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from carddb.model import CardInfo
from deckbuilder.games.description import Game

if TYPE_CHECKING:
    from carddb.search import DeckTerms

MAX_QUERY_CHARS = 1000
_COMPARE = re.compile(r"^(?P<field>[a-z0-9_.-]+)(?P<op><=|>=|=|<|>)(?P<value>-?\d{1,9})$")
_HAS = re.compile(r"^(?P<field>[a-z0-9_.-]+):(?P<value>.+)$")
_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "=": operator.eq,
    "<": operator.lt,
    ">": operator.gt,
}


def _texts(card: CardInfo, game: Game, only: str | None = None) -> list[str]:
    names = [only] if only else ["name", "type", *(f.name for f in game.fields)]
    found: list[str] = []
    for name in names:
        value = card.value(name)
        if isinstance(value, tuple):
            found.extend(value)
        elif value is not None:
            found.append(str(value))
    return [text.casefold() for text in found]


_IN_DECK = "in:deck"


def _is_deck_term(folded: str) -> bool:
    """`in:deck`, also as a player used to Rage's grouping types it (`(in:deck)`): this language has no parentheses,
    and a deck term is the one term whose answer needs a deck (any other term in parentheses is text to find)."""
    return folded.strip("()") == _IN_DECK


def _terms(query: str) -> tuple[list[str], list[str]]:
    """The query's wanted terms and its unwanted ones (`-term`, without the `-`)."""
    terms = query[:MAX_QUERY_CHARS].split()
    wanted = [t for t in terms if not t.startswith("-") or len(t) == 1]
    unwanted = [t[1:] for t in terms if t.startswith("-") and len(t) > 1]
    return wanted, unwanted


def uses_deck(query: str) -> bool:
    """Whether a query asks about the deck being edited (`in:deck`, negated or in parentheses): without a deck it
    cannot be answered, and is refused rather than answered as if the deck were empty."""
    wanted, unwanted = _terms(query)
    return any(_is_deck_term(term.casefold()) for term in (*wanted, *unwanted))


def _term_matches(card: CardInfo, game: Game, term: str, deck: DeckTerms | None) -> bool:
    folded = term.casefold()
    if _is_deck_term(folded):
        return deck is not None and card.norm_name in deck.cards
    compare = _COMPARE.match(folded)
    named = game.search_field(compare["field"]) if compare else None
    if compare and named is not None:
        number = card.number(named)
        return number is not None and _OPERATORS[compare["op"]](number, int(compare["value"]))
    has = _HAS.match(folded)
    named = game.search_field(has["field"]) if has else None
    if has and named is not None:
        wanted = has["value"].strip('"')
        return any(wanted in text for text in _texts(card, game, named))
    return any(folded in text for text in _texts(card, game))


def search_cards(
    game: Game, cards: Iterable[CardInfo], query: str, deck: DeckTerms | None = None
) -> list[CardInfo]:
    """The cards matching every term (`-term` excludes; `deck` answers `in:deck`), in name order; any text is valid."""
    wanted, unwanted = _terms(query)
    found = [
        card
        for card in cards
        if all(_term_matches(card, game, t, deck) for t in wanted)
        and not any(_term_matches(card, game, t, deck) for t in unwanted)
    ]
    return sorted(found, key=lambda c: c.norm_name)

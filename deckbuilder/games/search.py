"""A game's cards searched by the one query language (carddb.query), for cards held in memory.

The card database answers a query in SQL (carddb.search); a pool read into memory (a game's shipped card set when
there is no database to hold it, a list a view was handed) is searched here by the same parse tree with the same
meanings: free words match the start of a word of the name, Type or any field (a quoted phrase, words in a row);
`field:text` a field containing the text; `field>=N` a number field; `in:deck`, `is:missing`, `is:owned`, `own>=N`;
`-`, `OR`, parentheses.
"""

from __future__ import annotations

import operator
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from carddb.model import CardInfo
from carddb.query import OWN_FIELD, And, Compare, Field, Flag, Node, Not, Or, Text, parse_query
from deckbuilder.games.cards import search_fields
from deckbuilder.games.description import Game

if TYPE_CHECKING:
    from carddb.search import DeckTerms

_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    ">": operator.gt,
}
_WORD = re.compile(r"\w+")


def _folded(text: str) -> str:
    """Casefolded without accents: the full-text index's `remove_diacritics` reading."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(_folded(text)) if w != "_"]


def _field_text(card: CardInfo, name: str) -> str:
    value = card.value(name)
    if isinstance(value, tuple):
        return ", ".join(value)
    return "" if value is None else str(value)


class _Matcher:
    """One card's answers to a query's terms."""

    def __init__(self, game: Game, deck: DeckTerms | None, owned: Mapping[str, int] | None) -> None:
        self.game = game
        self.deck = deck
        self.owned = owned or {}

    def card_words(self, card: CardInfo) -> list[str]:
        texts = [card.name, card.type, *(_field_text(card, f.name) for f in self.game.fields)]
        return [w for text in texts for w in _words(text)]

    def matches(self, node: Node, card: CardInfo, words: list[str]) -> bool:
        if isinstance(node, Text):
            wanted = _words(node.text)
            if not wanted:
                return True  # a word of no letters matches every card, as in the database
            if not node.phrase:
                return all(any(w.startswith(part) for w in words) for part in wanted)
            size = len(wanted)
            return any(words[i : i + size] == wanted for i in range(len(words) - size + 1))
        if isinstance(node, Field):
            return node.value.casefold() in _field_text(card, node.field).casefold()
        if isinstance(node, Compare):
            number = self.owned.get(card.norm_name, 0) if node.field == OWN_FIELD else card.number(node.field)
            return number is not None and _OPERATORS[node.op](number, node.value)
        if isinstance(node, Flag):
            if node.flag == "owned":
                return self.owned.get(card.norm_name, 0) > 0
            if self.deck is None:
                return False
            names = {"in_deck": self.deck.cards, "in_library": self.deck.library}.get(
                node.flag, self.deck.missing
            )
            return card.norm_name in names
        if isinstance(node, Not):
            return not self.matches(node.child, card, words)
        if isinstance(node, And):
            return all(self.matches(child, card, words) for child in node.children)
        assert isinstance(node, Or)
        return any(self.matches(child, card, words) for child in node.children)


def search_cards(
    game: Game,
    cards: Iterable[CardInfo],
    query: str,
    deck: DeckTerms | None = None,
    owned: Mapping[str, int] | None = None,
) -> list[CardInfo]:
    """The cards matching `query` in name order (`deck` answers in:deck and is:missing, `owned` the copies the
    collection holds by normalised name). Raises carddb.query.QuerySyntaxError for a query it cannot read."""
    tree = parse_query(query, search_fields(game))
    matcher = _Matcher(game, deck, owned)
    found = [card for card in cards if matcher.matches(tree, card, matcher.card_words(card))]
    return sorted(found, key=lambda c: c.norm_name)

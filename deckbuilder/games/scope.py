"""What a rule's scope holds: the deck's cards by pile, read the same way by every engine's context.

The generic context (games/kinds.GameContext) and Rage's (games/rage/context.CheckContext) are both a `PileScope`
over the deck as games/resolve.py resolved it, so the generic rule kinds run on either: a rule's `pile` is one pile,
several (a list) or the whole deck.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from carddb.messages import declare, message
from carddb.record import MutableRecord

if TYPE_CHECKING:
    from carddb.model import CardInfo
    from deckbuilder.games.description import Game
    from deckbuilder.games.resolved import ResolvedCard, ResolvedDeck

# The whole deck as a rule's scope, in the reader's language.
declare({"THE_DECK": "The deck"})


class Item(MutableRecord):
    """One card of the deck in one pile: copies merged by normalised name, its pile decided by its Type (or the pile
    without `types` for the copies the deck lists apart)."""

    __slots__ = _fields = ("key", "name", "card", "pile", "count")
    key: str
    name: str
    card: CardInfo | None
    pile: str | None
    count: int

    def __init__(self, key: str, name: str, card: CardInfo | None, pile: str | None, count: int = 0) -> None:
        self.key = key
        self.name = name
        self.card = card
        self.pile = pile
        self.count = count


def items_of(resolved: ResolvedDeck) -> list[Item]:
    """The resolved cards as the rule kinds read them: one item per card and pile (copies listed apart, a
    sideboard's, are an item of their own in the pile without `types`)."""
    items: list[Item] = []
    for card in resolved.cards:
        if card.count or not card.starting or resolved.apart is None:
            # A card not in the card data has no Type: counted in no pile, wherever its file wrote it.
            pile = card.pile if card.card is not None else None
            items.append(Item(card.key, card.name, card.card, pile, card.count))
        if card.starting and resolved.apart is not None:
            items.append(Item(card.key, card.name, card.card, resolved.apart, card.starting))
    return items


def by_card(items: Iterable[Item]) -> list[Item]:
    """The items merged by card (each card's copies in every pile of the scope), in the deck's order."""
    merged: dict[str, Item] = {}
    for item in items:
        found = merged.get(item.key)
        if found is None:
            merged[item.key] = Item(item.key, item.name, item.card, item.pile, item.count)
        else:
            found.count += item.count
    return list(merged.values())


def _wanted(pile: Any) -> set[str] | None:
    """The piles a rule's `pile` names (None: the whole deck)."""
    if not pile:
        return None
    return {pile} if isinstance(pile, str) else set(pile)


class PileScope:
    """A context's reading of a rule's scope; the context holds `game`, `items` and `resolved`."""

    game: Game
    items: list[Item]
    resolved: ResolvedDeck | None
    # the resolved cards sorted on first need (an attribute of the context)
    _scope_sorted: SortedCards | None = None

    def scope_items(self) -> list[Item]:
        """The deck's cards by pile (the context's `items`; a context may make them on first need)."""
        return self.items

    def in_pile(self, pile: Any) -> list[Item]:
        """The items of a rule's scope: a pile, several piles (a list), or every placed item when empty."""
        wanted = _wanted(pile)
        if wanted is None:
            return [i for i in self.scope_items() if i.pile is not None]
        return [i for i in self.scope_items() if i.pile in wanted]

    def pile_label(self, pile: Any) -> str:
        """What a player calls a rule's scope ("The deck" for the whole deck, in the reader's language; several piles
        joined by " + ")."""
        if not pile:
            return message("THE_DECK")
        if isinstance(pile, str):
            return self.game.pile_label(pile)
        return " + ".join(self.game.pile_label(p) for p in pile)

    def _sorted(self, resolved: ResolvedDeck) -> SortedCards:
        """The resolved cards sorted once per check: by the pile their Type names, listed apart, unknown, unplaceable
        (a deck of 20,000 names is read once, not once per rule)."""
        found = self._scope_sorted
        if found is None or found.resolved is not resolved:
            found = self._scope_sorted = SortedCards(resolved)
        return found

    def copies_in(self, pile: Any) -> list[ResolvedCard]:
        """Each card of a rule's scope with every copy the deck holds of it (`copies`; `starting`: those listed apart):
        what a copy limit counts. A card is in the scope when the pile its Type names is, or when it has copies
        listed apart and the pile without `types` is."""
        resolved = self.resolved
        if resolved is None:
            return [_as_card(i) for i in by_card(self.in_pile(pile))]
        wanted = _wanted(pile)
        apart = resolved.apart
        if wanted is not None and len(wanted) == 1 and apart not in wanted:
            return list(self._sorted(resolved).by_pile.get(next(iter(wanted)), ()))
        if wanted is None:
            return [c for c in resolved.cards if _placed(c) or (c.starting and apart is not None)]
        apart_wanted = apart is not None and apart in wanted
        return [
            c for c in resolved.cards if (_placed(c) and c.pile in wanted) or (apart_wanted and c.starting)
        ]

    def count_in(self, pile: Any) -> int:
        """The cards of a rule's scope, copies counted (those listed apart in the pile without `types` only)."""
        resolved = self.resolved
        if resolved is None:
            return sum(i.count for i in self.in_pile(pile))
        wanted = _wanted(pile)
        sorted_cards = self._sorted(resolved)
        count = sum(map(sorted_cards.count, sorted_cards.by_pile if wanted is None else wanted))
        if resolved.apart is not None and (wanted is None or resolved.apart in wanted):
            count += sum(c.starting for c in sorted_cards.apart)
        return count

    def apart_in(self, pile: Any) -> int:
        """The copies the deck lists apart of cards whose Type's pile is in the scope (Rage's sept cards in play)."""
        if self.resolved is None:
            return 0
        by_pile = self._sorted(self.resolved).by_pile
        wanted = _wanted(pile)
        return sum(c.starting for p, cards in by_pile.items() if wanted is None or p in wanted for c in cards)

    def unplaceable_cards(self) -> list[ResolvedCard]:
        """The known cards whose Type no pile takes, once each (those listed apart too), in the deck's order."""
        if self.resolved is not None:
            return list(self._sorted(self.resolved).unplaceable)
        return [_as_card(i) for i in by_card(self.scope_items()) if i.card is not None and i.pile is None]

    def unknown_cards(self) -> list[ResolvedCard]:
        """The cards no card of the game answers to, once each, in the deck's order."""
        if self.resolved is not None:
            return list(self._sorted(self.resolved).unknown)
        return [_as_card(i) for i in by_card(self.scope_items()) if i.card is None]


class SortedCards:
    """A resolved deck's cards sorted once: by the pile their Type names (known cards only), those with copies
    listed apart, the unknown and the unplaceable ones, each in the deck's order."""

    __slots__ = ("_counts", "apart", "by_pile", "resolved", "unknown", "unplaceable")

    def __init__(self, resolved: ResolvedDeck) -> None:
        self.resolved = resolved
        self._counts: dict[str, int] = {}
        self.by_pile: dict[str, list[ResolvedCard]] = {}
        self.apart: list[ResolvedCard] = []
        self.unknown: list[ResolvedCard] = []
        self.unplaceable: list[ResolvedCard] = []
        by_pile = self.by_pile
        for card in resolved.cards:
            if card.starting:
                self.apart.append(card)
            if card.card is None:
                self.unknown.append(card)
            elif card.pile is None:
                self.unplaceable.append(card)
            else:
                cards = by_pile.get(card.pile)  # (setdefault would make a list for every card)
                if cards is None:
                    by_pile[card.pile] = [card]
                else:
                    cards.append(card)

    def count(self, pile: str) -> int:
        """The copies of a pile's cards (those listed apart not counted), added up once per check: the rules and the
        report's totals both ask."""
        found = self._counts.get(pile)
        if found is None:
            found = self._counts[pile] = sum(c.count for c in self.by_pile.get(pile, ()))
        return found


def _placed(card: ResolvedCard) -> bool:
    """Whether a card is in the pile its Type names (a card not in the card data has no Type: in no pile)."""
    return card.card is not None and card.pile is not None


def _as_card(item: Item) -> ResolvedCard:
    from deckbuilder.games.resolved import ResolvedCard

    return ResolvedCard(item.key, item.name, item.card, item.pile, item.count)

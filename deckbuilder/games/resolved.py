"""A deck resolved to its cards once per check: entries merged by card (reprints folded), each card in its pile.

games/resolve.py builds it for every game (Rage's folds `Whippoorwill (2)` into `Whippoorwill`); the report carries
it (`Report.resolved`), so the deck view, statistics, fix hints, odds, exports, collection and report read the same
cards the checker judged instead of looking each entry up again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from carddb.record import Record


class ResolvedCard(Record):
    """One card of the deck: its copies in the piles (the starting list apart) and the printings the deck names.

    A slotted class with a plain `__init__`, measured (callgrind, one check of a 27-card deck): a frozen dataclass
    costs a `object.__setattr__` per field to make, and a named tuple's fields are descriptors Python 3.11 does not
    specialise, so each of the several hundred reads a check makes went the slow generic way; slots are both cheap
    to fill and read at the speed of a local. `copies` is stored, not a property, for the same reason. Treat it as
    read-only (a `__setattr__` guard would cost every store); nothing writes to one after it is made. Equal by
    value, hashed and shown by its `_fields` (`Record`).
    """

    __slots__ = ("card", "copies", "count", "key", "name", "pile", "set_names", "starting")
    _fields = ("key", "name", "card", "pile", "count", "starting", "set_names")

    def __init__(
        self,
        key: str,
        name: str,
        card: Any,
        pile: str | None,
        count: int = 0,
        starting: int = 0,
        set_names: tuple[str, ...] = (),
    ) -> None:
        self.key = key  # the card's normalised name (the entry's when the card is unknown)
        self.name = name
        self.card = card  # the game's card (CardInfo), None when unknown
        self.pile = pile  # the pile its Type puts it in; None when unknown or unplaceable
        self.count = count  # copies in the pile its Type names
        self.starting = starting  # copies listed apart (ResolvedDeck.apart: the starting list, a sideboard)
        self.set_names = set_names
        self.copies = count + starting  # every copy, the starting list included (what copy limits count)


class ResolvedDeck:
    """The deck's cards as one check resolved them, in the deck's order (built on first use: a check that nobody
    reads back pays nothing for it)."""

    __slots__ = ("_build", "_cards", "apart", "entry_cards", "game", "retired", "suggestions")

    def __init__(
        self,
        game: str,
        cards: tuple[ResolvedCard, ...] | Callable[[], tuple[ResolvedCard, ...]],
        entry_cards: Mapping[str, Any] | None = None,
        apart: str | None = None,
        suggestions: Mapping[str, list[str]] | None = None,
        retired: Mapping[str, str] | None = None,
    ) -> None:
        self.game = game
        # The pile that takes no Type (Rage's starting list, another game's sideboard): it holds the `starting`
        # copies, counted there and nowhere else; None when the game has none.
        self.apart = apart
        # Near names for the unknown cards a check names (by key), when the check asked for them.
        self.suggestions: Mapping[str, list[str]] = suggestions if suggestions is not None else {}
        # Unknown cards a re-import retired (no longer in the card data): key -> the card that took its place ("").
        self.retired: Mapping[str, str] = retired if retired is not None else {}
        self._cards = cards if isinstance(cards, tuple) else None
        self._build = None if isinstance(cards, tuple) else cards
        # What the pool answered for each entry's name, by the entry's key (DeckEntry.key), before any reprint is
        # folded: the deck view's rows (one per entry) read it instead of looking each name up again. A name the
        # pool failed to answer is not in it.
        self.entry_cards: Mapping[str, Any] = entry_cards if entry_cards is not None else {}

    @property
    def cards(self) -> tuple[ResolvedCard, ...]:
        """Every card, in the deck's order."""
        if self._cards is None:
            assert self._build is not None
            self._cards, self._build = self._build(), None
        return self._cards

    def __iter__(self) -> Iterator[ResolvedCard]:
        return iter(self.cards)

    def in_pile(self, pile: str | None) -> tuple[ResolvedCard, ...]:
        """The cards of a pile (every placed card when `pile` is empty)."""
        if not pile:
            return tuple(c for c in self.cards if c.pile is not None)
        return tuple(c for c in self.cards if c.pile == pile)

    def pile_counts(self) -> dict[str, int]:
        """Copies per pile: each card's own copies in the pile its Type names, its copies listed apart in `apart`."""
        counts: dict[str, int] = {}
        for card in self.cards:
            if card.pile is not None and card.count:
                counts[card.pile] = counts.get(card.pile, 0) + card.count
            if card.starting and self.apart is not None:
                counts[self.apart] = counts.get(self.apart, 0) + card.starting
        return counts

    def known(self) -> tuple[ResolvedCard, ...]:
        """The cards found in the card data."""
        return tuple(c for c in self.cards if c.card is not None)

    def unknown(self) -> tuple[ResolvedCard, ...]:
        """The entries no card of the game answers to."""
        return tuple(c for c in self.cards if c.card is None)

    def card_named(self, key: str) -> ResolvedCard | None:
        """The resolved card for a normalised name (a reprint's own name finds the card it reprints only via key)."""
        return next((c for c in self.cards if c.key == key), None)

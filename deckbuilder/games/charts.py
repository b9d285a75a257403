"""A deck's statistics as its game's description lists them (`statistics`), for every game, Rage's included.

Qt-free: the Statistics tab draws these charts and its summary from them. Each chart counts the deck as one check
resolved it (`Report.resolved`: reprints folded into the card they reprint), else as resolved here the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckbuilder.i18n import N_

if TYPE_CHECKING:
    from deckbuilder.deck import Deck
    from deckbuilder.games.description import Game, Statistic
    from deckbuilder.games.resolved import ResolvedCard, ResolvedDeck

UNKNOWN_CARD = N_("Unknown card")  # the bar of cards the card data lacks (a chart with "unknown": true)
NO_VALUE = "-"  # the bar of cards without a value (a "values" chart)


@dataclass(frozen=True, slots=True)
class ChartBar:
    """One bar: its label (card data as written, or a card's name), its value, and whether it is drawn hatched."""

    label: str
    value: int
    accent: bool = False


@dataclass(frozen=True)
class Chart:
    """One chart of the game's `statistics`: its bars, and the figures said under it or in the summary."""

    statistic: Statistic
    bars: tuple[ChartBar, ...] = ()
    missing: int = 0  # a histogram: copies without a value of the field
    total: int = 0  # a "cards" chart: the sum of its bars
    accent_total: int = 0  # a "cards" chart: the sum of its hatched bars

    @property
    def accent_share(self) -> float:
        """The hatched bars' share of the total (0.0 when the total is 0)."""
        return self.accent_total / self.total if self.total else 0.0

    def counts(self) -> dict[str, int]:
        """Value per bar label (a histogram's gaps, drawn as empty bars, left out)."""
        return {bar.label: bar.value for bar in self.bars if bar.value or self.statistic.chart != "histogram"}


@dataclass(frozen=True)
class DeckCounts:
    """Copies per pile of the game, in its starting list, in no pile, and not in the card data."""

    piles: Mapping[str, int] = field(default_factory=dict)
    starting: int = 0
    unplaced: int = 0
    unknown: int = 0


class _Fields:
    """Any game's card read by field name, as conditions read one (a card database's card by its attributes)."""

    __slots__ = ("card",)

    def __init__(self, card: Any) -> None:
        self.card = card

    def value(self, name: str) -> Any:
        """A field's value (None when the card has none)."""
        from carddb.model import CardInfo

        return self.card.value(name) if isinstance(self.card, CardInfo) else getattr(self.card, name, None)

    def number(self, name: str) -> int | None:
        """A number field's value, None when it has none."""
        value = self.value(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def words(self, name: str) -> tuple[str, ...]:
        """A field's value as words, spaces tidied (a words field, or a text or number field as one word)."""
        value = self.value(name)
        if value is None or value == "":
            return ()
        found = value if isinstance(value, tuple) else (value,)
        return tuple(text for text in (" ".join(str(v).split()) for v in found) if text)


def resolved_deck(game: Game, deck: Deck | ResolvedDeck, pool: Any = None) -> ResolvedDeck:
    """The deck resolved as its game's engine resolves it for a check (given resolved, as it is)."""
    from deckbuilder.games import check
    from deckbuilder.games.resolved import ResolvedDeck

    return deck if isinstance(deck, ResolvedDeck) else check.resolve(deck, pool, game)


def deck_counts(game: Game, resolved: ResolvedDeck) -> DeckCounts:
    """Copies in each pile of the game, the starting list, no pile, and not in the card data."""
    piles = {pile.id: 0 for pile in game.piles}
    starting = unplaced = unknown = 0
    for item in resolved:
        starting += item.starting
        if item.card is None:
            unknown += item.copies
        if item.count <= 0:
            continue
        if item.pile in piles:
            piles[item.pile] += item.count
        else:
            unplaced += item.count
    start = game.starting_pile()
    if start is not None:
        piles[start] = starting
    return DeckCounts(piles, starting, unplaced, unknown)


def deck_charts(game: Game, deck: Deck | ResolvedDeck, pool: Any = None) -> list[Chart]:
    """Every chart the game's description lists, in its order."""
    resolved = resolved_deck(game, deck, pool)
    return [_chart(statistic, game, resolved) for statistic in game.statistics]


def _chart(statistic: Statistic, game: Game, resolved: ResolvedDeck) -> Chart:
    if statistic.chart == "cards":
        return _cards_chart(statistic, resolved.in_pile(statistic.pile))
    if statistic.chart == "histogram":
        return _histogram(statistic, resolved.in_pile(statistic.pile))
    return _values_chart(statistic, game, resolved)


def _copies(statistic: Statistic, item: ResolvedCard) -> int:
    # A pile's chart counts the pile's copies; a whole-deck chart every copy, the starting list's too.
    return item.count if statistic.pile else item.copies


def _values_chart(statistic: Statistic, game: Game, resolved: ResolvedDeck) -> Chart:
    """Copies per value of the field: numbers in order, words by how many copies have them, then by name."""
    items = resolved.in_pile(statistic.pile) if statistic.pile else tuple(resolved)
    counts: dict[str, int] = {}
    for item in items:
        copies = _copies(statistic, item)
        if copies <= 0:
            continue
        if item.card is None:
            if statistic.unknown:
                counts[UNKNOWN_CARD] = counts.get(UNKNOWN_CARD, 0) + copies
            continue
        for value in _Fields(item.card).words(statistic.field) or (NO_VALUE,):
            label = _grouped(statistic, value)
            counts[label] = counts.get(label, 0) + copies
    numeric = bool(counts) and all(v.lstrip("-").isdigit() for v in counts if v != NO_VALUE)
    if numeric:
        ordered = sorted(
            counts.items(), key=lambda kv: (kv[0] == NO_VALUE, int(kv[0]) if kv[0] != NO_VALUE else 0)
        )
    else:
        ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0].casefold()))
    return Chart(statistic, tuple(ChartBar(label, count) for label, count in ordered))


def _grouped(statistic: Statistic, value: str) -> str:
    """The bar a value counts in: a `group` whose patterns it fits ("Character*": every Character), else its own."""
    folded = value.casefold()
    for label, patterns in statistic.group:
        for pattern in patterns:
            wanted = pattern.casefold()
            if folded.startswith(wanted[:-1]) if wanted.endswith("*") else folded == wanted:
                return label
    return value


def _histogram(statistic: Statistic, items: tuple[ResolvedCard, ...]) -> Chart:
    """Copies per number from 0 (or the lowest) to the highest, the gaps as empty bars; copies without a number
    counted apart."""
    counts: dict[int, int] = {}
    missing = 0
    for item in items:
        if item.card is None or item.count <= 0:
            continue
        number = _Fields(item.card).number(statistic.field)
        if number is None:
            missing += item.count
        else:
            counts[number] = counts.get(number, 0) + item.count
    bars: tuple[ChartBar, ...] = ()
    if counts:
        low = min(0, *counts)
        bars = tuple(ChartBar(str(n), counts.get(n, 0)) for n in range(low, max(counts) + 1))
    return Chart(statistic, bars, missing=missing)


def _cards_chart(statistic: Statistic, items: tuple[ResolvedCard, ...]) -> Chart:
    """One bar per card: its number times its copies, biggest first; `accent` cards drawn hatched."""
    from deckbuilder.games.conditions import matches

    found: dict[str, tuple[str, int, int, bool]] = {}  # one card in two entries is one bar
    for item in items:
        if item.card is None or item.count <= 0:
            continue
        fields = _Fields(item.card)
        accent = statistic.accent is not None and matches(fields, statistic.accent)  # type: ignore[arg-type]
        name = item.card.name
        seen = found.get(name)
        copies = item.count + (seen[2] if seen else 0)
        found[name] = (name, fields.number(statistic.field) or 0, copies, accent)
    ordered = sorted(found.values(), key=lambda card: (-card[1] * card[2], card[0]))
    bars = [
        ChartBar(name if copies == 1 else f"{name} ×{copies}", number * copies, accent)
        for name, number, copies, accent in ordered
    ]
    total = sum(bar.value for bar in bars)
    return Chart(statistic, tuple(bars), total=total, accent_total=sum(b.value for b in bars if b.accent))


def statistics(
    game: Game, deck: Deck | ResolvedDeck, pool: Any = None
) -> list[tuple[str, list[tuple[str, int]]]]:
    """The charts as (title, [(bar label, value)]), for callers that print them."""
    return [(c.statistic.label, [(b.label, b.value) for b in c.bars]) for c in deck_charts(game, deck, pool)]

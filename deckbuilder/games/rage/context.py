"""A Rage deck resolved for the rules: each card looked up once (reprints folded), sections, pack and Renown."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from carddb.cardtypes import Section
from carddb.model import CardInfo
from carddb.record import MutableRecord, TupleRecord
from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.rage.facts import (
    GAIA,
    ROGUE,
    WYRM,
    CardFacts,
    Requirement,
    facts_of,
    known_with_facts,
    known_with_facts_by_pile,
    member_traits,
    parse_requirement,
    pool_vocabulary,
)
from deckbuilder.games.rage.format import GAME, Format
from deckbuilder.games.resolve import resolve_deck
from deckbuilder.games.resolved import ResolvedCard, ResolvedDeck
from deckbuilder.games.scope import Item, PileScope, SortedCards, items_of

if TYPE_CHECKING:
    from deckbuilder.games.description import Game


# The piles' ids, read once (an enum member's `.value` is a Python-level descriptor call, several a check).
CHARACTERS, SEPT, COMBAT = Section.CHARACTERS.value, Section.SEPT.value, Section.COMBAT.value

# One card of the deck as games/resolve.py resolved it: copies merged by normalised name across printings (reprints
# folded), `pile` the section its Type names, `starting` its copies in the starting list.
Placed = ResolvedCard


class Totals(TupleRecord):
    """Rage's counts of a checked deck, from which its engine values the header figures and piles of its game.json:
    section sizes as its rules count them, the pack's Renown sums, its allegiance and the Rogue cap."""

    __slots__ = ()
    _fields = (
        "characters",
        "sept",
        "combat",
        "renown",
        "rogue_renown",
        "starting",
        "unplaced",
        "allegiance",
        "rogue_cap",
    )

    characters: int
    sept: int
    combat: int
    renown: int
    rogue_renown: int
    starting: int
    unplaced: int
    allegiance: str  # "Gaia", "Wyrm" or "" when undecided
    rogue_cap: int  # most Renown Rogues may bring: half the pack's Renown (ROGUE_OVER_HALF)

    def __new__(
        cls,
        characters: int = 0,
        sept: int = 0,
        combat: int = 0,
        renown: int = 0,
        rogue_renown: int = 0,
        starting: int = 0,
        unplaced: int = 0,
        allegiance: str = "",
        rogue_cap: int = 0,
    ) -> Totals:
        return tuple.__new__(
            cls, (characters, sept, combat, renown, rogue_renown, starting, unplaced, allegiance, rogue_cap)
        )


class PackMember(MutableRecord):
    """A Character of the pack with the traits its cards are matched against."""

    __slots__ = _fields = ("placed", "card", "allegiance", "traits")
    placed: Placed
    card: CardInfo
    allegiance: str
    traits: frozenset[str]

    def __init__(self, placed: Placed, card: CardInfo, allegiance: str, traits: frozenset[str]) -> None:
        self.placed = placed
        self.card = card
        self.allegiance = allegiance
        self.traits = traits


class CheckContext(PileScope, MutableRecord):
    """Everything the rules read, built once per check: the deck's piles as every engine's context reads them
    (games/scope.py, for the generic rule kinds Rage's rules are worded over) and Rage's facts (pack, allegiance,
    Renown sums, Rogue cap)."""

    _fields = (
        "fmt",
        "renown_level",
        "cards",
        "characters",
        "sept",
        "combat",
        "unknown",
        "unplaced",
        "pack",
        "allegiance",
        "renown",
        "rogue_renown",
        "suggestions",
        "pool",
        "retired",
        "entry_cards",
        "resolved",
        "game",
    )
    fmt: Format
    renown_level: int
    cards: list[Placed]
    characters: list[Placed]
    sept: list[Placed]
    combat: list[Placed]
    unknown: list[Placed]
    unplaced: list[Placed]
    pack: list[PackMember]
    allegiance: str
    renown: int
    rogue_renown: int
    suggestions: dict[str, list[str]]
    pool: CardPool | None  # for the engine's own checks that ask the pool (DEMO_CARD: its sets)
    # Unknown cards a re-import retired (no longer in the card data): key -> the card that took its place ("").
    retired: dict[str, str]
    # What the pool answered for each entry's name, by the entry's key (a reprint as itself, a retired card as the
    # pool gives it): the deck view's rows read these instead of looking every name up again.
    entry_cards: dict[str, CardInfo | None]
    resolved: ResolvedDeck | None  # the deck as games/resolve.py resolved it, for every view to read
    game: Game | None  # type: ignore[assignment]  # Rage's description (its piles' labels)

    def __init__(
        self,
        fmt: Format,
        renown_level: int,
        cards: list[Placed],
        characters: list[Placed],
        sept: list[Placed],
        combat: list[Placed],
        unknown: list[Placed],
        unplaced: list[Placed],
        pack: list[PackMember],
        allegiance: str,
        renown: int,
        rogue_renown: int,
        suggestions: dict[str, list[str]],
        pool: CardPool | None = None,
        retired: dict[str, str] | None = None,
        entry_cards: dict[str, CardInfo | None] | None = None,
        resolved: ResolvedDeck | None = None,
        game: Game | None = None,
    ) -> None:
        self.fmt = fmt
        self.renown_level = renown_level
        self.cards = cards
        self.characters = characters
        self.sept = sept
        self.combat = combat
        self.unknown = unknown
        self.unplaced = unplaced
        self.pack = pack
        self.allegiance = allegiance
        self.renown = renown
        self.rogue_renown = rogue_renown
        self.suggestions = suggestions
        self.pool = pool
        self.retired = {} if retired is None else retired
        self.entry_cards = {} if entry_cards is None else entry_cards
        self.resolved = resolved
        self.game = game
        # Made on first need: the scope's items, each list's known cards, the Requires vocabulary.
        self._items: list[Item] | None = None
        self._known: dict[int, tuple[list[Placed], list[tuple[Placed, CardInfo]]]] = {}
        self._with_facts: dict[int, tuple[list[Placed], list[tuple[Placed, CardInfo, CardFacts]]]] = {}
        self._strongest: dict[str, PackMember] = {}
        self._vocabulary: frozenset[str] | None = None
        # Whether `sept` and `combat` are the known cards of `cards` in those piles (build_context's sorting).
        self._piles_from_cards = False

    def scope_items(self) -> list[Item]:
        """The cards by pile as the generic rule kinds read them, made on first need (the minimums ask)."""
        if self._items is None:
            self._items = items_of(self.resolved) if self.resolved is not None else []
        return self._items

    @property
    def vocabulary(self) -> frozenset[str]:
        """The words a Requires field is judged by (facts.pool_vocabulary), asked of the pool on first need: a
        deck without a Requires card never needs them (checking the pool's stored words costs a count of its cards)."""
        if self._vocabulary is None:
            self._vocabulary = pool_vocabulary(self.pool)
        return self._vocabulary

    @property
    def rogue_cap(self) -> int:
        """The most Renown Rogues may bring: half the pack's Renown (ROGUE_OVER_HALF)."""
        return self.renown // 2

    def requirement(self, card: CardInfo) -> Requirement:
        """The card's Requires field parsed with the pool's vocabulary."""
        if not card.requires.strip():
            return parse_requirement(card.requires)  # nothing required: the same whatever the vocabulary
        return parse_requirement(card.requires, self.vocabulary)

    def known(self, placed: list[Placed]) -> list[tuple[Placed, CardInfo]]:
        """The entries with a card in the database (worked out once per list per check: every rule asks)."""
        cached = self._known.get(id(placed))
        if cached is not None and cached[0] is placed:
            return cached[1]
        found = [(item, item.card) for item in placed if item.card is not None]
        self._known[id(placed)] = (placed, found)
        return found

    def strongest(self, measure: str, value: Callable[[PackMember], int]) -> PackMember:
        """The pack's first member of the highest `value` (as max() picks it), found once per check per `measure`:
        every card with a Gnosis or Renown need is held against the same best Character. The pack is not empty."""
        found = self._strongest.get(measure)
        if found is None:
            found = self._strongest[measure] = max(self.pack, key=value)
        return found

    def with_facts(self, placed: list[Placed]) -> list[tuple[Placed, CardInfo, CardFacts]]:
        """The entries with a card in the database and that card's facts (once per list per check: the rules walk
        the same piles card by card, and asking each card's facts anew in each rule was most of a check)."""
        cached = self._with_facts.get(id(placed))
        if cached is not None and cached[0] is placed:
            return cached[1]
        if self._piles_from_cards and (placed is self.cards or placed is self.sept or placed is self.combat):
            # Every check asks for all three: one walk over the deck finds them all (sept and combat are the known
            # cards of their piles, in the deck's order, when build_context sorted them).
            everything, by_pile = known_with_facts_by_pile(self.cards, (SEPT, COMBAT))
            for one, found in (
                (self.cards, everything),
                (self.sept, by_pile[SEPT]),
                (self.combat, by_pile[COMBAT]),
            ):
                self._with_facts[id(one)] = (one, found)
            return self._with_facts[id(placed)][1]
        found = known_with_facts(placed)
        self._with_facts[id(placed)] = (placed, found)
        return found


def _pack_allegiance(members: list[PackMember]) -> str:
    """The allegiance most of the pack's copies have (Rogues left out), "" on a tie."""
    gaia = wyrm = 0
    for m in members:
        if m.allegiance == GAIA:
            gaia += max(m.placed.copies, 1)
        elif m.allegiance == WYRM:
            wyrm += max(m.placed.copies, 1)
    if gaia == wyrm:
        return ""
    return GAIA if gaia > wyrm else WYRM


def build_context(
    deck: Deck, pool: CardPool, fmt: Format, renown_level: int, game: Game | None = None
) -> CheckContext:
    """Resolve the deck (games/resolve.py) and gather everything the rules read."""
    from deckbuilder.games.loader import load_game

    game = game if game is not None else load_game(GAME)
    resolved = resolve_deck(deck, pool, game, suggest=True)
    cards = list(resolved.cards)
    # A pile holds the cards its Type puts there: a card not in the database has no Type, so it is counted in no
    # pile, wherever the file wrote it (DECK-RULES §1: a card of unknown Type cannot be placed; never guess). The
    # cards are sorted into piles once, for Rage's rules and the generic kinds' scope alike.
    by_pile = (sorted_cards := SortedCards(resolved)).by_pile
    characters = by_pile.get(CHARACTERS, [])
    sept = by_pile.get(SEPT, [])
    combat = by_pile.get(COMBAT, [])
    unknown = sorted_cards.unknown
    unplaced = [p for p in cards if p.pile is None]

    pending = [
        (p, p.card, facts_of(p.card).allegiance) for p in characters if p.card is not None and p.copies > 0
    ]
    members = [PackMember(p, card, allegiance, frozenset()) for p, card, allegiance in pending]
    allegiance = _pack_allegiance(members)
    for member in members:
        member.traits = member_traits(member.card, member.allegiance, allegiance)

    renown = sum((m.card.renown or 0) * m.placed.copies for m in members)
    rogue_renown = sum((m.card.renown or 0) * m.placed.copies for m in members if m.allegiance == ROGUE)
    ctx = CheckContext(
        fmt=fmt,
        renown_level=renown_level,
        cards=cards,
        characters=characters,
        sept=sept,
        combat=combat,
        unknown=unknown,
        unplaced=unplaced,
        pack=members,
        allegiance=allegiance,
        renown=renown,
        rogue_renown=rogue_renown,
        suggestions=dict(resolved.suggestions),
        pool=pool,
        retired=dict(resolved.retired),
        entry_cards=dict(resolved.entry_cards),
        resolved=resolved,
        game=game,
    )
    ctx._scope_sorted = sorted_cards
    ctx._piles_from_cards = True
    return ctx


def totals(ctx: CheckContext) -> Totals:
    return Totals(
        characters=sum(p.copies for p in ctx.characters),
        sept=_pile_count(ctx, ctx.sept, SEPT),
        combat=_pile_count(ctx, ctx.combat, COMBAT),
        renown=ctx.renown,
        rogue_renown=ctx.rogue_renown,
        starting=_starting(ctx),
        unplaced=sum(p.copies for p in ctx.unplaced),
        allegiance=ctx.allegiance,
        rogue_cap=ctx.rogue_cap,
    )


def _sorted_by_build(ctx: CheckContext) -> SortedCards | None:
    """The cards build_context sorted, while the context's lists are still theirs."""
    sorted_cards = ctx._scope_sorted
    if sorted_cards is not None and sorted_cards.resolved is ctx.resolved and ctx._piles_from_cards:
        return sorted_cards
    return None


def _starting(ctx: CheckContext) -> int:
    """The copies the deck lists apart (the cards build_context sorted hold those with any; most cards have none)."""
    sorted_cards = _sorted_by_build(ctx)
    if sorted_cards is not None:
        return sum(p.starting for p in sorted_cards.apart)
    return sum(p.starting for p in ctx.cards if p.starting)


def _pile_count(ctx: CheckContext, cards: list[Placed], pile: str) -> int:
    """The copies of a section's cards outside the starting list, as the section minimums counted them."""
    sorted_cards = _sorted_by_build(ctx)
    if sorted_cards is not None and sorted_cards.by_pile.get(pile) is cards:
        return sorted_cards.count(pile)
    return sum(p.count for p in cards)

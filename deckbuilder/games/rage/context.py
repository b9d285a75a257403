"""A Rage deck resolved for the rules: each card looked up once (reprints folded), sections, pack and Renown."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from carddb.cardtypes import Section
from carddb.model import CardInfo
from carddb.reprints import reprint_of
from deckbuilder.deck import MAX_SUGGESTED_UNKNOWN, CardPool, Deck, prefetch_cards
from deckbuilder.games.rage.facts import (
    GAIA,
    ROGUE,
    WYRM,
    Requirement,
    facts_of,
    member_traits,
    parse_requirement,
    pool_vocabulary,
)
from deckbuilder.games.rage.format import Format
from deckbuilder.legality.results import Totals

if TYPE_CHECKING:
    from deckbuilder.games.description import Game


@dataclass(slots=True)
class Placed:
    """One card of the deck after resolution: copies merged by normalised name across printings."""

    key: str
    name: str
    card: CardInfo | None
    section: Section | None
    count: int = 0  # copies in the deck's entries
    starting: int = 0  # copies in the starting list
    set_names: list[str] = field(default_factory=list)

    @property
    def copies(self) -> int:
        """Copies for the copy limits (the starting list included)."""
        return self.count + self.starting


@dataclass(slots=True)
class PackMember:
    """A Character of the pack with the traits its cards are matched against."""

    placed: Placed
    card: CardInfo
    allegiance: str
    traits: frozenset[str]


@dataclass
class CheckContext:
    """Everything the rules read, built once per check."""

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
    pool: CardPool | None = None  # for the engine's own checks that ask the pool (DEMO_CARD: its sets)
    # Unknown cards a re-import retired (no longer in the card data): key -> the card that took its place ("").
    retired: dict[str, str] = field(default_factory=dict)
    # What the pool answered for each entry's name, by the entry's key (a reprint as itself, a retired card as the
    # pool gives it): the deck view's rows read these instead of looking every name up again.
    entry_cards: dict[str, CardInfo | None] = field(default_factory=dict)
    _known: dict[int, tuple[list[Placed], list[tuple[Placed, CardInfo]]]] = field(
        default_factory=dict, init=False, repr=False
    )
    _vocabulary: frozenset[str] | None = field(default=None, init=False, repr=False)

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


def _safe_lookup(pool: CardPool, name: str) -> CardInfo | None:
    try:
        return pool.lookup(name)
    except Exception:  # a broken pool must not crash the checker; the card is reported as unknown
        return None


def _safe_suggest(pool: CardPool, name: str) -> list[str]:
    try:
        return list(pool.suggest(name))
    except Exception:  # suggestions are a courtesy
        return []


def _folded(pool: CardPool, card: CardInfo | None) -> tuple[CardInfo | None, str | None]:
    """The card a deck name's card stands for, with a reprint (`Whippoorwill (2)`) folded into the card it reprints.

    Returns the card (its printings joined with the reprint's) and the set of the reprint's printing, if any.
    """
    if card is None or getattr(card, "retired", False):  # a retired card is no longer in the data: unknown
        return None, None
    cached = _REPRINTS.get(id(card))
    if cached is not None and cached[0] is card:
        return cached[1], cached[2]
    base = reprint_of(card, lambda other: _safe_lookup(pool, other))
    if base is None:
        answer: tuple[CardInfo, str | None] = (card, None)
    else:
        known = {p.set_name for p in base.printings}
        extra = tuple(p for p in card.printings if p.set_name not in known)
        merged = dataclasses.replace(base, printings=(*base.printings, *extra)) if extra else base
        answer = (merged, card.printings[0].set_name if card.printings else None)
    if len(_REPRINTS) >= 50_000:
        _REPRINTS.clear()  # a bound, not an eviction policy
    # Held with the card so its id cannot be reused; one merged object per card, so its facts are cached too.
    _REPRINTS[id(card)] = (card, *answer)
    return answer


# id(card as looked up) -> (that card, the card it stands for, the reprint's set or None).
_REPRINTS: dict[int, tuple[CardInfo, CardInfo, str | None]] = {}


def _section_of_card(card: CardInfo) -> Section | None:
    return card.section


def pile_placer(game: Game) -> Callable[[CardInfo], Section | None]:
    """Where a card goes by the piles of Rage's game.json (worked out once per Type for this game)."""
    known = _PLACERS.get(id(game))
    if known is not None and known[0] is game:
        return known[1]
    by_type: dict[str, Section | None] = {}
    sections = {s.value: s for s in Section}

    def place(card: CardInfo) -> Section | None:
        section = by_type.get(card.type, _UNSET)
        if section is _UNSET:
            pile = game.pile_of(card.type)
            section = by_type[card.type] = sections.get(pile) if pile is not None else None
        return section  # type: ignore[return-value]

    if len(_PLACERS) > 100:
        _PLACERS.clear()
    _PLACERS[id(game)] = (game, place)
    return place


_UNSET = object()
_PLACERS: dict[int, tuple[Game, Callable[[CardInfo], Section | None]]] = {}


def _resolve(
    deck: Deck,
    pool: CardPool,
    place: Callable[[CardInfo], Section | None] = _section_of_card,
    entry_cards: dict[str, CardInfo | None] | None = None,
) -> list[Placed]:
    """Merge entries and the starting list by card (reprints included), resolving each name once.

    `entry_cards` receives what the pool answered for each name (by the entry's key), before any reprint is folded.
    """
    placed: dict[str, Placed] = {}
    looked_up: dict[str, tuple[CardInfo | None, str | None]] = {}
    prefetch_cards(pool, deck)
    for entries, starting in ((deck.entries, False), (deck.starting, True)):
        for entry in entries:
            key = entry.key
            resolved = looked_up.get(key)
            if resolved is None:
                try:
                    answer = pool.lookup(entry.name)
                except Exception:  # a broken pool must not crash the checker; the card is reported as unknown
                    resolved = looked_up[key] = (None, None)
                else:
                    if entry_cards is not None:
                        entry_cards[key] = answer
                    resolved = looked_up[key] = _folded(pool, answer)
            card, reprint_set = resolved
            if card is not None:
                key = card.norm_name
            item = placed.get(key)
            if item is None:
                if card is not None:
                    item = Placed(key, card.name, card, place(card))
                else:
                    item = Placed(key, entry.name, None, entry.zone_hint)
                placed[key] = item
            if entry.count > 0:
                if starting:
                    item.starting += entry.count
                else:
                    item.count += entry.count
            set_name = entry.set_name or reprint_set
            if set_name and set_name not in item.set_names:
                item.set_names.append(set_name)
    return list(placed.values())


def _pack_allegiance(members: list[PackMember]) -> str:
    votes = Counter(
        m.allegiance for m in members for _ in range(max(m.placed.copies, 1)) if m.allegiance != ROGUE
    )
    gaia, wyrm = votes.get(GAIA, 0), votes.get(WYRM, 0)
    if gaia == wyrm:
        return ""
    return GAIA if gaia > wyrm else WYRM


def resolve_cards(deck: Deck, pool: CardPool, game: Game) -> list[Placed]:
    """The deck's cards merged by card (reprints folded), placed by the game's piles."""
    return _resolve(deck, pool, pile_placer(game))


def build_context(
    deck: Deck, pool: CardPool, fmt: Format, renown_level: int, game: Game | None = None
) -> CheckContext:
    """Resolve the deck and gather everything the rules read (cards placed by the game's piles, when given)."""
    entry_cards: dict[str, CardInfo | None] = {}
    cards = _resolve(deck, pool, pile_placer(game) if game is not None else _section_of_card, entry_cards)
    # A pile holds the cards its Type puts there: a card not in the database has no Type, so it is counted in no
    # pile, wherever the file wrote it (DECK-RULES §1: a card of unknown Type cannot be placed; never guess).
    characters = [p for p in cards if p.section is Section.CHARACTERS and p.card is not None]
    sept = [p for p in cards if p.section is Section.SEPT and p.card is not None]
    combat = [p for p in cards if p.section is Section.COMBAT and p.card is not None]
    unknown = [p for p in cards if p.card is None]
    unplaced = [p for p in cards if p.section is None]

    pending = [
        (p, p.card, facts_of(p.card).allegiance) for p in characters if p.card is not None and p.copies > 0
    ]
    members = [PackMember(p, card, allegiance, frozenset()) for p, card, allegiance in pending]
    allegiance = _pack_allegiance(members)
    for member in members:
        member.traits = member_traits(member.card, member.allegiance, allegiance)

    renown = sum((m.card.renown or 0) * m.placed.copies for m in members)
    rogue_renown = sum((m.card.renown or 0) * m.placed.copies for m in members if m.allegiance == ROGUE)
    suggestions = {p.key: _safe_suggest(pool, p.name) for p in unknown[:MAX_SUGGESTED_UNKNOWN]}
    retired = {
        p.key: str(getattr(card, "replaced_by", "") or "")
        for p in unknown[:MAX_SUGGESTED_UNKNOWN]
        if (card := _safe_lookup(pool, p.name)) is not None and getattr(card, "retired", False)
    }
    return CheckContext(
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
        suggestions=suggestions,
        pool=pool,
        retired=retired,
        entry_cards=entry_cards,
    )


def totals(ctx: CheckContext) -> Totals:
    return Totals(
        characters=sum(p.copies for p in ctx.characters),
        sept=sum(p.count for p in ctx.sept),
        combat=sum(p.count for p in ctx.combat),
        renown=ctx.renown,
        rogue_renown=ctx.rogue_renown,
        starting=sum(p.starting for p in ctx.cards),
        unplaced=sum(p.copies for p in ctx.unplaced),
        allegiance=ctx.allegiance,
        rogue_cap=ctx.rogue_cap,
    )

"""What Rage's rules read of one card, worked out once per card: Type parts, Requires, allegiance, identity, traits.

Requirement matching (`REQUIREMENT_UNMET`) judges the words it knows (tribes, auspices, breeds, Fera, Wyrm
factions and Aspects, allegiance) and every keyword some Character of the pool carries (Kailindo, Walid Set, ...);
a requirement such as "Crinos form" or "Not bluffed" is about play, not about the pack, so it is never judged: such
an unknown part is named once as REQUIREMENT_UNKNOWN (info).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, Protocol, TypeVar

from carddb.allegiance import GAIA as GAIA
from carddb.allegiance import ROGUE as ROGUE
from carddb.allegiance import WYRM as WYRM
from carddb.allegiance import allegiance_of
from carddb.cardtypes import Section
from carddb.demo import is_demo_card
from carddb.identities import character_identity, shipped_identities
from carddb.model import CardInfo
from carddb.record import Record, TupleRecord
from carddb.traits import (
    AUSPICES,
    BASTET_TRIBES,
    BREEDS,
    FERA,
    GAROU_TRIBES,
    WYRM_ASPECTS,
    canonical_trait,
)
from carddb.traits import (
    KNOWN_TRAITS as KNOWN_TRAITS,
)
from carddb.traits import (
    OTHER_TRAITS as OTHER_TRAITS,
)
from carddb.traits import (
    WYRM_FACTIONS as WYRM_FACTIONS,
)
from carddb.traits import scan_traits as _scan_traits
from carddb.traits import tokenize_traits as _tokenize_traits

_ALTERNATIVE_SPLIT = re.compile(r"\s+-\s*|\s*-\s+|,")
_RESTRICTED_TEXT = re.compile(r"(?:^|[.!]\s+)restricted\.", re.IGNORECASE)


class Requirement(TupleRecord):
    """A parsed Requires field: OR-alternatives, each an AND-set of traits; `judgeable` False means unknown.

    `unknown` holds the parts whose words are neither a known trait nor a keyword any Character carries.
    """

    __slots__ = ()
    _fields = ("text", "alternatives", "judgeable", "unknown", "judged")

    text: str
    alternatives: tuple[frozenset[str], ...]
    judgeable: bool
    unknown: tuple[str, ...]
    judged: tuple[str, ...]  # the alternatives as written, without those of play conditions only

    def __new__(
        cls,
        text: str,
        alternatives: tuple[frozenset[str], ...] = (),
        judgeable: bool = False,
        unknown: tuple[str, ...] = (),
        judged: tuple[str, ...] = (),
    ) -> Requirement:
        return tuple.__new__(cls, (text, alternatives, judgeable, unknown, judged))


@functools.lru_cache(maxsize=4096)
def parse_requirement(requires: str, vocabulary: frozenset[str] = KNOWN_TRAITS) -> Requirement:
    """Parse a Requires field; alternatives are split on ` - ` and commas, `+` joins parts that all apply.

    A word is judged when it is in `vocabulary` (the known traits and the pool's Character keywords).
    """
    text = requires.strip()
    if not text:
        return Requirement(text)
    alternatives: list[frozenset[str]] = []
    judged: list[str] = []
    unknown: list[str] = []
    partial = False
    for raw in _ALTERNATIVE_SPLIT.split(text):
        if not raw.strip():
            continue
        traits: set[str] = set()
        for part in raw.split("+"):
            part_traits, words = _scan_traits(part, vocabulary)
            if not words:
                traits |= part_traits
            else:
                unknown.append(part.strip(" ().").strip())
                partial = partial or bool(part_traits)
        # An alternative of play conditions only ("Not bluffed" in "Kailindo - Not bluffed") names nobody the pack
        # could lack: the Characters are judged by the other alternatives.
        if traits:
            alternatives.append(frozenset(traits))
            judged.append(raw.strip())
    named = tuple(dict.fromkeys(u for u in unknown if u))
    if partial:
        # A part naming a trait in words the checker cannot read ("Renown 1 Garou") might be met: never judged.
        return Requirement(text, unknown=named)
    return Requirement(text, tuple(alternatives), bool(alternatives), named, tuple(judged))


def pool_vocabulary(pool: object) -> frozenset[str]:
    """The words the pool lets a Requires field be judged by (`trait_vocabulary()`), else the known traits."""
    method = getattr(pool, "trait_vocabulary", None)
    if callable(method):
        try:
            vocabulary = method()
        except Exception:  # a broken pool must not crash the checker; judge by the known traits
            return KNOWN_TRAITS
        if isinstance(vocabulary, frozenset):
            return vocabulary
    return KNOWN_TRAITS


def character_allegiance(card: CardInfo) -> str:
    """A Character's allegiance, "Gaia", "Wyrm" or "Rogue": the one stored with the card (carddb.allegiance)."""
    return card.allegiance or allegiance_of(card.name, card.type, card.keywords)


class CardFacts(Record):
    """What the rules read of one card, derived once per card instead of once per rule per check.

    A slotted class, as games/resolved.ResolvedCard is (a tuple's fields are descriptors Python 3.11 does not
    specialise, and the rules read several facts of every card of every check); equal by value (`Record`).
    Read-only (a `FrozenRecord`'s guard would cost every store).
    """

    __slots__ = _fields = (
        "type_parts",
        "keyword_set",
        "totem",
        "restricted",
        "requirement",
        "allegiance",
        "identity",
        "crinos_rage",
        "own_traits",
        "sets",
        "gaia_block",
        "wyrm_block",
        "has_needs",
        "demo",
        "asks",
    )

    type_parts: frozenset[str]
    keyword_set: frozenset[str]
    totem: bool
    restricted: bool
    requirement: Requirement
    allegiance: str  # a Character's allegiance; "" for other cards
    identity: str  # a Character's identity for the versions rule; "" for other cards
    crinos_rage: int
    # A Character's traits before allegiance (member_traits); empty for other cards.
    own_traits: frozenset[str]
    sets: tuple[str, ...]
    gaia_block: str  # allegiance_block(card, GAIA)
    wyrm_block: str  # allegiance_block(card, WYRM)
    has_needs: bool  # a judgeable Requires, or a Gnosis/Renown a Character must reach (RequirementUnmetRule)
    # an invented demo card (carddb.demo.is_demo_card): DEMO_CARD asks of every card of every check
    demo: bool
    # A Requires written, or has_needs: whether RequirementUnmetRule has anything to read of the card (most cards
    # have neither: one fact read skips them).
    asks: bool

    def __init__(
        self,
        type_parts: frozenset[str],
        keyword_set: frozenset[str],
        totem: bool,
        restricted: bool,
        requirement: Requirement,
        allegiance: str,
        identity: str,
        crinos_rage: int,
        own_traits: frozenset[str],
        sets: tuple[str, ...],
        gaia_block: str,
        wyrm_block: str,
        has_needs: bool,
        demo: bool = False,
        asks: bool = False,
    ) -> None:
        self.type_parts = type_parts
        self.keyword_set = keyword_set
        self.totem = totem
        self.restricted = restricted
        self.requirement = requirement
        self.allegiance = allegiance
        self.identity = identity
        self.crinos_rage = crinos_rage
        self.own_traits = own_traits
        self.sets = sets
        self.gaia_block = gaia_block
        self.wyrm_block = wyrm_block
        self.has_needs = has_needs
        self.demo = demo
        self.asks = asks


class _HasCard(Protocol):
    card: CardInfo | None


class _HasPile(_HasCard, Protocol):
    pile: str | None


_Placed = TypeVar("_Placed", bound=_HasCard)
_PlacedInPile = TypeVar("_PlacedInPile", bound=_HasPile)

# id(card) -> (card, facts): the card is held so its id cannot be reused while the entry lives.
_FACTS: dict[int, tuple[CardInfo, CardFacts]] = {}
_MAX_FACTS = 50_000


def facts_of(card: CardInfo) -> CardFacts:
    """The card's facts, computed on first use and kept for as long as the card object lives in the pool's cache."""
    cached = _FACTS.get(id(card))
    if cached is not None and cached[0] is card:
        return cached[1]
    if len(_FACTS) >= _MAX_FACTS:
        _FACTS.clear()  # a bound, not an eviction policy: pools this big are rebuilt rarely
    facts = _derive_facts(card)
    _FACTS[id(card)] = (card, facts)
    return facts


def known_with_facts(placed: Iterable[_Placed]) -> list[tuple[_Placed, CardInfo, CardFacts]]:
    """Each placed card found in the database, with that card and its facts (known_with_facts_by_pile's walk)."""
    return known_with_facts_by_pile(placed, ())[0]  # type: ignore[type-var]  # (no pile is asked of them)


def known_with_facts_by_pile(
    placed: Iterable[_PlacedInPile], piles: tuple[str, ...]
) -> tuple[
    list[tuple[_PlacedInPile, CardInfo, CardFacts]],
    dict[str, list[tuple[_PlacedInPile, CardInfo, CardFacts]]],
]:
    """known_with_facts of every card, and the same for the cards of each of `piles` (by their `pile`), in one walk:
    a check reads the whole deck's facts and its sept and combat cards' both."""
    found: list[tuple[_PlacedInPile, CardInfo, CardFacts]] = []
    by_pile: dict[str, list[tuple[_PlacedInPile, CardInfo, CardFacts]]] = {pile: [] for pile in piles}
    made = _WITH_FACTS
    for item in placed:
        one = made.get(id(item))
        if one is None or one[0] is not item:
            if item.card is None:
                continue
            one = _with_facts(item)
        found.append(one)
        if by_pile:  # (known_with_facts asks for no pile: its cards need not have one)
            pile = by_pile.get(item.pile)  # type: ignore[arg-type]  # (no card of no pile is in one)
            if pile is not None:
                pile.append(one)
    return found, by_pile


def _with_facts(item: Any) -> Any:
    """(item, its card, the card's facts), kept by the item: a check's resolved cards are mostly those the last
    check had (games/resolve.py keeps them), so each check finds the same triples instead of making them anew."""
    card = item.card
    one = (item, card, facts_of(card))
    if len(_WITH_FACTS) >= _MAX_FACTS:
        _WITH_FACTS.clear()  # a bound, not an eviction policy
    _WITH_FACTS[id(item)] = one  # holds the item: its id cannot be reused while the entry lives
    return one


# id(placed card) -> (that placed card, its card, the card's facts).
_WITH_FACTS: dict[int, tuple[Any, CardInfo, CardFacts]] = {}


def _derive_facts(card: CardInfo) -> CardFacts:
    parts = frozenset(part.strip().casefold() for part in card.type.split(" - ") if part.strip())
    keywords = card.keyword_set
    character = card.section is Section.CHARACTERS
    totem = "totem" in parts or any("totem" in k for k in keywords)
    requirement = parse_requirement(card.requires)
    gnosis_need = card.gnosis is not None and ("gift" in parts or bool(keywords & GNOSIS_NEED_KEYWORDS))
    renown_need = card.renown is not None and bool(parts & RENOWN_NEED_TYPES)
    return CardFacts(
        type_parts=parts,
        keyword_set=keywords,
        totem=totem,
        restricted="restricted" in keywords or bool(_RESTRICTED_TEXT.search(card.text.strip())),
        requirement=requirement,
        allegiance=character_allegiance(card) if character else "",
        identity=identity_of(card) if character else "",
        crinos_rage=card.crage if card.crage is not None else (card.rage or 0),
        own_traits=_own_traits(card) if character else frozenset(),
        sets=card.sets,
        gaia_block=_allegiance_block(parts, keywords, totem, requirement, GAIA),
        wyrm_block=_allegiance_block(parts, keywords, totem, requirement, WYRM),
        has_needs=requirement.judgeable or gnosis_need or renown_need,
        demo=is_demo_card(card),
        asks=bool(requirement.text) or requirement.judgeable or gnosis_need or renown_need,
    )


def is_restricted(card: CardInfo) -> bool:
    """Whether a card is Restricted (keyword, or a sentence "Restricted." in its text; not "Combat Restricted")."""
    return facts_of(card).restricted


def type_parts(card: CardInfo) -> frozenset[str]:
    """The casefolded parts of a card's Type (`Ally - Victim` -> {"ally", "victim"})."""
    return facts_of(card).type_parts


def is_totem(card: CardInfo) -> bool:
    """Totems (Pack/Personal Totem events, or Type Totem) have no allegiance any more."""
    return facts_of(card).totem


@functools.cache
def _identity_table() -> dict[str, str]:
    return shipped_identities()


def identity_of(card: CardInfo) -> str:
    """The Character identity for the versions rule: the database's, else the shipped table + trailing number."""
    return card.identity or character_identity(card.name, _identity_table())


def _own_traits(card: CardInfo) -> frozenset[str]:
    """A Character's traits from its name and keywords, without allegiance (that depends on the pack)."""
    traits: set[str] = {canonical_trait(card.name)}
    for keyword in card.keywords:
        for piece in keyword.split(","):
            traits.add(canonical_trait(piece))
            traits |= _tokenize_traits(piece)[0]
    if traits & GAROU_TRIBES:
        traits.add("garou")
    if traits & (FERA | BASTET_TRIBES):
        traits.add("fera")
    return frozenset(traits - {"gaia", "wyrm"})


def member_traits(card: CardInfo, allegiance: str, pack_allegiance: str) -> frozenset[str]:
    """What a Character can match a Requires field with: keywords (and known traits in them), name, allegiance."""
    traits = facts_of(card).own_traits
    # A Rogue takes the pack's allegiance once the game begins (ch. 4 "Rogues").
    own = pack_allegiance if allegiance == ROGUE else allegiance
    return traits | {own.casefold()} if own else traits


def allegiance_block(card: CardInfo, allegiance: str) -> str:
    """Why a pack of this allegiance cannot use the card (ch. 4 "Allegiance"), or "" when it can."""
    return block_of(facts_of(card), allegiance)


def block_of(facts: CardFacts, allegiance: str) -> str:
    """allegiance_block from a card's facts already at hand (the rules walk the deck's cards with their facts)."""
    read = block_reader(allegiance)
    return read(facts) if read is not None else ""


def block_reader(allegiance: str) -> Callable[[CardFacts], str] | None:
    """block_of for one allegiance, as a reader of facts (a rule walking every sept card asks it once); None when
    the allegiance blocks nothing (a pack of no allegiance yet)."""
    return _BLOCK_READERS.get(allegiance)


_BLOCK_READERS: dict[str, Callable[[CardFacts], str]] = {
    GAIA: attrgetter("gaia_block"),
    WYRM: attrgetter("wyrm_block"),
}


def _allegiance_block(
    parts: frozenset[str], keywords: frozenset[str], totem: bool, requirement: Requirement, allegiance: str
) -> str:
    """allegiance_block from a card's parts (worked out once per card, for both allegiances, in its facts)."""
    if totem:
        return ""
    if allegiance == GAIA:
        if "board meeting" in parts:
            return "a Board Meeting, which only Wyrm packs can call"
        if "bane fetish" in keywords and "gaia fetish" not in keywords:
            return "a Bane Fetish, which Gaia creatures cannot use"
        if "gift" in parts and _needs_only(requirement, WYRM_ASPECTS):
            return "an Aspect Gift, which Gaia creatures cannot use"
    elif allegiance == WYRM:
        if "moot" in parts:
            return "a Moot, which only Gaia packs can call"
        if "gaia fetish" in keywords and "bane fetish" not in keywords:
            return "a Fetish, which Wyrm creatures cannot use"
        if "gift" in parts and _needs_only(requirement, AUSPICES | BREEDS):
            return "an Auspice or Breed Gift, which Wyrm creatures cannot use"
    return ""


def blocked_traits(card: CardInfo, allegiance: str) -> frozenset[str]:
    if "gift" not in facts_of(card).type_parts:
        return frozenset()
    if allegiance == GAIA:
        return WYRM_ASPECTS
    if allegiance == WYRM:
        return AUSPICES | BREEDS
    return frozenset()


def _needs_only(requirement: Requirement, traits: frozenset[str]) -> bool:
    """Whether every way to meet the Requires goes through one of `traits` (ch. 4 "Wyrm Gifts")."""
    return requirement.judgeable and all(alt & traits for alt in requirement.alternatives)


GNOSIS_NEED_KEYWORDS = frozenset({"gaia fetish", "bane fetish", "fetish"})
RENOWN_NEED_TYPES = frozenset({"rite", "moot", "board meeting", "junta"})

"""The legality rules of DECK-RULES.md §2–§4: one small class per rule, reading a context built once per check.

Codes are those of DECK-RULES.md. Additions to the specification:

- `UNPLACEABLE_CARD` (error): a known card whose Type fits no section (§1 "report it, never guess silently").
- `PRINTING_NOT_IN_FORMAT` (info): the deck names a printing from a set the format does not allow, but another
  printing of the card is allowed, so the card itself is legal.
- `INTERNAL_ERROR` (error): a rule failed; the engine reports it instead of crashing.
- `DECK_FILE_UNREAD` (error, engine): a line or element of the deck file the reader could not use (bad count,
  unreadable line, bad entry, cards in a zone that is no deck section); the deck was not seen whole, so it is not
  legal. No format can switch it off.
- `FORMAT_NOT_INSTALLED` (warning, engine): the deck names a format that is not installed; it was checked against
  the default format.

A reprint (`Whippoorwill (2)`, a trailing digit in parentheses on a card whose game text matches the card of the
base name; see carddb.reprints) is the same card: its copies count together with the base card's.

Requirement matching (`REQUIREMENT_UNMET`) only judges words it knows (tribes, auspices, breeds, Fera, Wyrm
factions and Aspects, allegiance); a requirement such as "Crinos form" or "Not bluffed" is about play, not about
the pack, so it is never reported.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from carddb.allegiance import GAIA as GAIA
from carddb.allegiance import ROGUE as ROGUE
from carddb.allegiance import WYRM as WYRM
from carddb.allegiance import allegiance_of
from carddb.cardtypes import Section
from carddb.identities import character_identity, shipped_identities
from carddb.model import CardInfo
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
from carddb.traits import tokenize_traits as _tokenize_traits
from deckbuilder.games.registry import Message, RuleKind, game_rules, register_game_rule
from deckbuilder.i18n import ENGLISH, Param, declare, format_message, message_key, params_of
from deckbuilder.legality.formats import Format
from deckbuilder.legality.results import Result, Severity

if TYPE_CHECKING:
    from deckbuilder.deck import CardPool
    from deckbuilder.games.kinds import GameContext

_ALTERNATIVE_SPLIT = re.compile(r"\s+-\s*|\s*-\s+|,")
_RESTRICTED_TEXT = re.compile(r"(?:^|[.!]\s+)restricted\.", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Requirement:
    """A parsed Requires field: OR-alternatives, each an AND-set of traits; `judgeable` False means unknown."""

    text: str
    alternatives: tuple[frozenset[str], ...] = ()
    judgeable: bool = False


@functools.lru_cache(maxsize=4096)
def parse_requirement(requires: str) -> Requirement:
    """Parse a Requires field; alternatives are split on ` - ` and commas, `+` joins parts that all apply."""
    text = requires.strip()
    if not text:
        return Requirement(text)
    alternatives: list[frozenset[str]] = []
    for raw in _ALTERNATIVE_SPLIT.split(text):
        if not raw.strip():
            continue
        traits: set[str] = set()
        for part in raw.split("+"):
            part_traits, understood = _tokenize_traits(part)
            if understood:
                traits |= part_traits
        if not traits:
            # One alternative the checker cannot judge (e.g. "Crinos form") might be met: never warn on this card.
            return Requirement(text)
        alternatives.append(frozenset(traits))
    return Requirement(text, tuple(alternatives), judgeable=bool(alternatives))


def character_allegiance(card: CardInfo) -> str:
    """A Character's allegiance, "Gaia", "Wyrm" or "Rogue": the one stored with the card (carddb.allegiance)."""
    return card.allegiance or allegiance_of(card.name, card.type, card.keywords)


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the rules read of one card, derived once per card instead of once per rule per check."""

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


def _derive_facts(card: CardInfo) -> CardFacts:
    parts = frozenset(part.strip().casefold() for part in card.type.split(" - ") if part.strip())
    keywords = card.keyword_set
    character = card.section is Section.CHARACTERS
    totem = "totem" in parts or any("totem" in k for k in keywords)
    requirement = parse_requirement(card.requires)
    gnosis_need = card.gnosis is not None and ("gift" in parts or bool(keywords & _GNOSIS_NEED_KEYWORDS))
    renown_need = card.renown is not None and bool(parts & _RENOWN_NEED_TYPES)
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
    _known: dict[int, tuple[list[Placed], list[tuple[Placed, CardInfo]]]] = field(
        default_factory=dict, init=False, repr=False
    )

    @property
    def rogue_cap(self) -> int:
        """The most Renown Rogues may bring: half the pack's Renown (ROGUE_OVER_HALF)."""
        return self.renown // 2

    def known(self, placed: list[Placed]) -> list[tuple[Placed, CardInfo]]:
        """The entries with a card in the database (worked out once per list per check: every rule asks)."""
        cached = self._known.get(id(placed))
        if cached is not None and cached[0] is placed:
            return cached[1]
        found = [(item, item.card) for item in placed if item.card is not None]
        self._known[id(placed)] = (placed, found)
        return found


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


def quoted(names: Sequence[str]) -> str:
    """'A', 'B' and 'C'."""
    items = [f"'{name}'" for name in names]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class Rule:
    """A legality rule: reads the context, yields results, never raises.

    A rule declares its messages once, as English templates keyed by message id (its code, or `CODE.variant`);
    its `codes` are derived from them and the templates are registered in the message catalogue (deckbuilder.i18n).
    """

    messages: ClassVar[Mapping[str, str]] = {}
    codes: ClassVar[tuple[str, ...]] = ()
    severity: ClassVar[Severity] = Severity.ERROR

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "messages" in cls.__dict__:
            declare(cls.messages)
            cls.codes = tuple(dict.fromkeys(key.split(".")[0] for key in cls.messages))

    @property
    def code(self) -> str:
        """The rule's main code."""
        return self.codes[0]

    def result(
        self,
        cards: Iterable[str] = (),
        *,
        code: str | None = None,
        variant: str = "",
        severity: Severity | None = None,
        extra: Mapping[str, Param] | None = None,
        **params: Param | Sequence[str],
    ) -> Result:
        """A result of this rule: its message rendered in English from the template of `code[.variant]`."""
        code = code or self.code
        values = params_of({**params, **(extra or {})})
        message = format_message(message_key(code, variant), values, ENGLISH)
        return Result(code, severity or self.severity, message, tuple(cards), values, variant)

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        """The rule's findings about the deck."""
        raise NotImplementedError


class UnknownCardRule(Rule):
    """Every card is in the card database (with near names suggested)."""

    messages: ClassVar[Mapping[str, str]] = {
        "UNKNOWN_CARD": "'{card}' is not in the card database",
        "UNKNOWN_CARD.hint": "'{card}' is not in the card database — did you mean {hints!r}?",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        for item in ctx.unknown:
            hints = ctx.suggestions.get(item.key, [])
            yield self.result([item.name], variant="hint" if hints else "", card=item.name, hints=hints)


class UnplaceableCardRule(Rule):
    """A known card whose Type fits no section is reported, never guessed."""

    messages: ClassVar[Mapping[str, str]] = {
        "UNPLACEABLE_CARD": "'{card}' has Type '{type}', which fits no deck section; it is not counted in any section",
        "UNPLACEABLE_CARD.no_type": "'{card}' has no Type, which fits no deck section; it is not counted in any section",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        for _item, card in ctx.known(ctx.unplaced):
            variant = "" if card.type.strip() else "no_type"
            yield self.result([card.name], variant=variant, card=card.name, type=card.type)


class SetNotInFormatRule(Rule):
    """Every card has a printing in a set the format allows."""

    messages: ClassVar[Mapping[str, str]] = {
        "SET_NOT_IN_FORMAT": "'{card}' is only printed in {sets}, which the {format} format does not allow",
        "PRINTING_NOT_IN_FORMAT": "'{card}' is listed from {sets}, which the format does not allow; "
        "it is legal through its {allowed} printing",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        for item, card in ctx.known(ctx.cards):
            sets = facts_of(card).sets
            if not sets:
                continue
            allowed = ctx.fmt.allowed_sets(sets)
            if not allowed:
                yield self.result(
                    [card.name], card=card.name, sets=sets, format=ctx.fmt.title or ctx.fmt.name
                )
                continue
            if not item.set_names:
                continue
            outside = sorted({s for s in item.set_names if s and not ctx.fmt.allows_set(s)})
            if outside:
                yield self.result(
                    [card.name],
                    code="PRINTING_NOT_IN_FORMAT",
                    severity=Severity.INFO,
                    card=card.name,
                    sets=outside,
                    allowed=allowed,
                )


class BannedCardRule(Rule):
    """No card on the format's banned list or of a banned Type."""

    messages: ClassVar[Mapping[str, str]] = {
        "BANNED_CARD": "'{card}' is banned in the {format} format",
        "BANNED_CARD.type": "'{card}' is a {type}; {type}s are banned in the {format} format",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        for _item, card in ctx.known(ctx.cards):
            label = ctx.fmt.title or ctx.fmt.name
            if ctx.fmt.is_banned_name(card.name):
                yield self.result([card.name], card=card.name, format=label)
                continue
            banned_type = ctx.fmt.banned_type_of(card.type)
            if banned_type:
                yield self.result([card.name], variant="type", card=card.name, type=banned_type, format=label)


class NoCharactersRule(Rule):
    """The pack holds at least one Character."""

    messages: ClassVar[Mapping[str, str]] = {
        "NO_CHARACTERS": "The pack has no Characters; at least one is required"
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        if not any(item.copies > 0 for item in ctx.characters):
            yield self.result()


class RenownOverLevelRule(Rule):
    """The pack's Renown (each copy counted) is within the level."""

    messages: ClassVar[Mapping[str, str]] = {
        "RENOWN_OVER_LEVEL": "Renown {renown} is over the level of {level} (by {over})"
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        if ctx.renown > ctx.renown_level:
            yield self.result(
                [m.card.name for m in ctx.pack],
                renown=ctx.renown,
                level=ctx.renown_level,
                over=ctx.renown - ctx.renown_level,
            )


class CharacterCopiesRule(Rule):
    """One copy of each Character; Multiple Characters up to the format's limit."""

    messages: ClassVar[Mapping[str, str]] = {
        "CHARACTER_COPIES": "Character '{card}' has {copies} copies; only {limit} is allowed",
        "CHARACTER_COPIES.multiple": "Character '{card}' (Multiple) has {copies} copies; at most {limit} are allowed",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        limits = ctx.fmt.limits
        for item in ctx.characters:
            multiple = item.card is not None and "multiple" in facts_of(item.card).keyword_set
            limit = limits.multiple_copies if multiple else limits.character_copies
            if limit is None or item.copies <= limit:
                continue
            variant = "multiple" if multiple else ""
            yield self.result([item.name], variant=variant, card=item.name, copies=item.copies, limit=limit)


class CharacterVersionsRule(Rule):
    """Two versions of one Character may not share a pack."""

    messages: ClassVar[Mapping[str, str]] = {
        "CHARACTER_VERSIONS": "{names!q} are versions of one Character; only one may be in the pack"
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        groups: dict[str, list[str]] = {}
        for member in ctx.pack:
            names = groups.setdefault(facts_of(member.card).identity, [])
            if member.card.name not in names:
                names.append(member.card.name)
        for names in groups.values():
            if len(names) > 1:
                yield self.result(names, names=names)


class AllegianceMixedRule(Rule):
    """Every non-Rogue Character has one allegiance."""

    messages: ClassVar[Mapping[str, str]] = {
        "ALLEGIANCE_MIXED": "Pack mixes Gaia ({gaia}) and Wyrm ({wyrm}) Characters; choose one allegiance",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        gaia = [m.card.name for m in ctx.pack if m.allegiance == GAIA]
        wyrm = [m.card.name for m in ctx.pack if m.allegiance == WYRM]
        if gaia and wyrm:
            yield self.result([*gaia, *wyrm], gaia=gaia, wyrm=wyrm)


class RogueOverHalfRule(Rule):
    """Rogues make up at most half the pack's Renown."""

    messages: ClassVar[Mapping[str, str]] = {
        "ROGUE_OVER_HALF": "Rogues make up {rogue} of your {renown} Renown; at most half ({cap}) may be Rogue",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        if ctx.rogue_renown > ctx.rogue_cap:
            rogues = [m.card.name for m in ctx.pack if m.allegiance == ROGUE]
            yield self.result(rogues, rogue=ctx.rogue_renown, renown=ctx.renown, cap=ctx.rogue_cap)


class _MinimumRule(Rule):
    """A section must hold at least the format's minimum."""

    section: ClassVar[Section]
    label: ClassVar[str]

    def _minimum(self, ctx: CheckContext) -> int | None:
        raise NotImplementedError

    def _size(self, ctx: CheckContext) -> int:
        items = ctx.sept if self.section is Section.SEPT else ctx.combat
        return sum(item.count for item in items)

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        minimum = self._minimum(ctx)
        size = self._size(ctx)
        if minimum is not None and size < minimum:
            starting = self.section is Section.SEPT and any(item.starting for item in ctx.sept)
            yield self.result(variant="starting" if starting else "", size=size, minimum=minimum)


class CombatMinimumRule(_MinimumRule):
    """The combat deck holds at least the format's minimum."""

    messages: ClassVar[Mapping[str, str]] = {
        "COMBAT_MINIMUM": "Combat deck has {size:plural:card|cards}; at least {minimum} are required"
    }
    section = Section.COMBAT
    label = "Combat"

    def _minimum(self, ctx: CheckContext) -> int | None:
        return ctx.fmt.limits.combat_minimum


class SeptMinimumRule(_MinimumRule):
    """The sept deck (starting list excluded) holds at least the format's minimum."""

    messages: ClassVar[Mapping[str, str]] = {
        "SEPT_MINIMUM": "Sept deck has {size:plural:card|cards}; at least {minimum} are required",
        "SEPT_MINIMUM.starting": "Sept deck has {size:plural:card|cards}; at least {minimum} are required "
        "(cards in the starting list do not count)",
    }
    section = Section.SEPT
    label = "Sept"

    def _minimum(self, ctx: CheckContext) -> int | None:
        return ctx.fmt.limits.sept_minimum


class CombatCopiesRule(Rule):
    """At most the format's number of copies of a combat card."""

    messages: ClassVar[Mapping[str, str]] = {
        "COMBAT_COPIES": "Combat card '{card}' has {copies} copies; at most {limit} are allowed"
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        limit = ctx.fmt.limits.combat_copies
        if limit is None:
            return
        for item in ctx.combat:
            if item.copies > limit:
                yield self.result([item.name], card=item.name, copies=item.copies, limit=limit)


class SeptCopiesRule(Rule):
    """At most the format's number of copies of a sept card (starting list included)."""

    messages: ClassVar[Mapping[str, str]] = {
        "SEPT_COPIES": "Sept card '{card}' has {copies} copies; at most {limit} are allowed",
        "SEPT_COPIES.starting": "Sept card '{card}' has {copies} copies ({starting} in the starting list); "
        "at most {limit} are allowed",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        limit = ctx.fmt.limits.sept_copies
        if limit is None:
            return
        for item in ctx.sept:
            if item.copies > limit:
                yield self.result(
                    [item.name],
                    variant="starting" if item.starting else "",
                    card=item.name,
                    copies=item.copies,
                    starting=item.starting,
                    limit=limit,
                )


def allegiance_block(card: CardInfo, allegiance: str) -> str:
    """Why a pack of this allegiance cannot use the card (ch. 4 "Allegiance"), or "" when it can."""
    facts = facts_of(card)
    if allegiance == GAIA:
        return facts.gaia_block
    if allegiance == WYRM:
        return facts.wyrm_block
    return ""


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


def _blocked_traits(card: CardInfo, allegiance: str) -> frozenset[str]:
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


class AllegianceUnusableRule(Rule):
    """Sept cards the pack's allegiance cannot use."""

    messages: ClassVar[Mapping[str, str]] = {
        "ALLEGIANCE_UNUSABLE": "'{card}' is {why}; your pack is {allegiance}",
        "ALLEGIANCE_UNUSABLE.board_meeting": "'{card}' is a Board Meeting, which only Wyrm packs can call; "
        "your pack is {allegiance}",
        "ALLEGIANCE_UNUSABLE.bane_fetish": "'{card}' is a Bane Fetish, which Gaia creatures cannot use; "
        "your pack is {allegiance}",
        "ALLEGIANCE_UNUSABLE.aspect_gift": "'{card}' is an Aspect Gift, which Gaia creatures cannot use; "
        "your pack is {allegiance}",
        "ALLEGIANCE_UNUSABLE.moot": "'{card}' is a Moot, which only Gaia packs can call; your pack is {allegiance}",
        "ALLEGIANCE_UNUSABLE.fetish": "'{card}' is a Fetish, which Wyrm creatures cannot use; "
        "your pack is {allegiance}",
        "ALLEGIANCE_UNUSABLE.auspice_gift": "'{card}' is an Auspice or Breed Gift, which Wyrm creatures cannot use; "
        "your pack is {allegiance}",
    }
    severity = Severity.WARNING
    # allegiance_block's reasons by their first words, so each is translated as a whole sentence.
    _variants: ClassVar[dict[str, str]] = {
        "a Board Meeting": "board_meeting",
        "a Bane Fetish": "bane_fetish",
        "an Aspect Gift": "aspect_gift",
        "a Moot": "moot",
        "a Fetish": "fetish",
        "an Auspice or Breed Gift": "auspice_gift",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        for item, card in ctx.known(ctx.sept):
            why = allegiance_block(card, ctx.allegiance)
            if why:
                variant = self._variants.get(why.split(",")[0], "")
                yield self.result(
                    [item.name], variant=variant, card=card.name, why=why, allegiance=ctx.allegiance
                )


_GNOSIS_NEED_KEYWORDS = frozenset({"gaia fetish", "bane fetish", "fetish"})
_RENOWN_NEED_TYPES = frozenset({"rite", "moot", "board meeting", "junta"})


class RequirementUnmetRule(Rule):
    """Cards whose Requires, Gnosis or Renown need no Character of the pack meets."""

    messages: ClassVar[Mapping[str, str]] = {
        "REQUIREMENT_UNMET": "'{card}' requires {wanted!O}; no Character in your pack meets that",
        "REQUIREMENT_UNMET.gnosis": "'{card}' needs Gnosis {need}; the highest in your pack is {best} ({best_card})",
        "REQUIREMENT_UNMET.renown": "'{card}' needs a Character of Renown {need}; the highest in your pack is "
        "{best} ({best_card})",
    }
    severity = Severity.WARNING

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        if not ctx.pack:
            return
        for item, card in (*ctx.known(ctx.sept), *ctx.known(ctx.combat)):
            if not facts_of(card).has_needs or allegiance_block(card, ctx.allegiance):
                continue  # nothing to meet, or ALLEGIANCE_UNUSABLE already says why
            problem = self._keyword_problem(card, ctx) or self._need_problem(card, ctx)
            if problem is not None:
                variant, params = problem
                yield self.result([item.name], variant=variant, card=card.name, extra=params)

    @staticmethod
    def _keyword_problem(card: CardInfo, ctx: CheckContext) -> tuple[str, dict[str, Param]] | None:
        facts = facts_of(card)
        requirement = facts.requirement
        if not requirement.judgeable:
            return None
        blocked = _blocked_traits(card, ctx.allegiance)
        totem = facts.totem
        for alternative in requirement.alternatives:
            if alternative & blocked:
                continue
            needed = alternative - {"gaia", "wyrm"} if totem else alternative
            if any(needed <= member.traits for member in ctx.pack):
                return None
        return "", {"wanted": tuple(requirement.text.split(" - "))}

    @staticmethod
    def _need_problem(card: CardInfo, ctx: CheckContext) -> tuple[str, dict[str, Param]] | None:
        facts = facts_of(card)
        parts = facts.type_parts
        if card.gnosis is not None and ("gift" in parts or facts.keyword_set & _GNOSIS_NEED_KEYWORDS):
            best = max(ctx.pack, key=lambda m: _best(m.card.gnosis, m.card.cgnosis))
            best_gnosis = _best(best.card.gnosis, best.card.cgnosis)
            if card.gnosis > best_gnosis:
                return "gnosis", {"need": card.gnosis, "best": best_gnosis, "best_card": best.card.name}
        if card.renown is not None and parts & _RENOWN_NEED_TYPES:
            best = max(ctx.pack, key=lambda m: m.card.renown or 0)
            if card.renown > (best.card.renown or 0):
                return "renown", {
                    "need": card.renown,
                    "best": best.card.renown or 0,
                    "best_card": best.card.name,
                }
        return None


def _best(*values: int | None) -> int:
    return max((v for v in values if v is not None), default=0)


class RestrictedExtraRule(Rule):
    """More than one copy of a Restricted sept card."""

    messages: ClassVar[Mapping[str, str]] = {
        "RESTRICTED_EXTRA": "'{card}' is Restricted: only one may be played per game, but the deck has {copies}",
    }
    severity = Severity.WARNING

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        for item, card in ctx.known(ctx.sept):
            if item.copies > 1 and is_restricted(card):
                yield self.result([item.name], card=card.name, copies=item.copies)


class RageAbovePackRule(Rule):
    """Combat Actions needing more Rage than any Character has in Crinos form."""

    messages: ClassVar[Mapping[str, str]] = {
        "RAGE_ABOVE_PACK": "'{card}' needs Rage {rage}, more than any of your Characters has in Crinos form "
        "({best}); it can only be played as a bluff",
    }
    severity = Severity.INFO

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        if not ctx.pack:
            return
        best = max(facts_of(m.card).crinos_rage for m in ctx.pack)
        for item, card in ctx.known(ctx.combat):
            if "combat action" in type_parts(card) and card.rage is not None and card.rage > best:
                yield self.result([item.name], card=card.name, rage=card.rage, best=best)


class JuntaNeedsAllyRule(Rule):
    """Moots and Board Meetings need a second pack of that allegiance at the table."""

    messages: ClassVar[Mapping[str, str]] = {
        "JUNTA_NEEDS_ALLY.moot": "Moots can only be called when a second {side} pack is at the table: {names!q}",
        "JUNTA_NEEDS_ALLY.board_meeting": "Board Meetings can only be called when a second {side} pack is at the "
        "table: {names!q}",
    }
    severity = Severity.INFO

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        for junta, side, other in (("moot", GAIA, WYRM), ("board meeting", WYRM, GAIA)):
            if ctx.allegiance == other:
                continue  # the pack cannot call these at all: ALLEGIANCE_UNUSABLE reports them
            names = [card.name for _item, card in ctx.known(ctx.sept) if junta in type_parts(card)]
            if names:
                yield self.result(names, variant=junta.replace(" ", "_"), side=side, names=names)


class RenownUnusedRule(Rule):
    """The pack's Renown is below the level."""

    messages: ClassVar[Mapping[str, str]] = {
        "RENOWN_UNUSED": "The pack's Renown is {renown} of {level}; {unused} unused"
    }
    severity = Severity.INFO

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        if ctx.pack and ctx.renown < ctx.renown_level:
            unused = ctx.renown_level - ctx.renown
            yield self.result(renown=ctx.renown, level=ctx.renown_level, unused=unused)


# Rule order is report order within each severity.
RULES: tuple[Rule, ...] = (
    UnknownCardRule(),
    UnplaceableCardRule(),
    SetNotInFormatRule(),
    BannedCardRule(),
    NoCharactersRule(),
    RenownOverLevelRule(),
    CharacterCopiesRule(),
    CharacterVersionsRule(),
    AllegianceMixedRule(),
    RogueOverHalfRule(),
    CombatMinimumRule(),
    CombatCopiesRule(),
    SeptMinimumRule(),
    SeptCopiesRule(),
    AllegianceUnusableRule(),
    RequirementUnmetRule(),
    RestrictedExtraRule(),
    RageAbovePackRule(),
    JuntaNeedsAllyRule(),
    RenownUnusedRule(),
)


GAME = "rage"


class RageRuleKind(RuleKind):
    """One of Rage's Python rules in the game rule registry, as `rage:<its main code in lower case>`."""

    engine = GAME

    def __init__(self, rule: Rule, always: bool = False) -> None:
        self.rule = rule
        # An engine check no format can switch off (DEMO_CARD): run for every format, never named by one.
        self.always = always
        self.name = rule.code.lower()
        # The rule's own templates (declared once, by the rule class; the same text again is no second truth).
        self.messages = tuple(Message(key, text, rule.severity) for key, text in rule.messages.items())

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        """Nothing in a generic game: a Rage rule reads Rage's context (the "rage" engine runs `rule` itself)."""
        return ()


for _rule in RULES:
    register_game_rule(GAME, RageRuleKind(_rule))


def registered_rules(always: bool = False) -> tuple[tuple[str, Rule], ...]:
    """Rage's rules as the game rule registry holds them, (`rage:<kind>`, rule), in report order.

    The rules a format names, or with `always` the engine's checks that run for every format.
    """
    return tuple(
        (name, kind.rule)
        for name, kind in game_rules(GAME)
        if isinstance(kind, RageRuleKind) and kind.always == always
    )

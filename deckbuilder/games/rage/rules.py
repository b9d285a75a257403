"""Rage's deck construction rules (DECK-RULES.md §2, §4): one small class per rule, reading a context built once
per check and the parameters its format gives it (minimums, copy limits, sets, bans).

Codes are those of DECK-RULES.md. Additions to the specification:

- `UNPLACEABLE_CARD` (error): a known card whose Type fits no section (§1 "report it, never guess silently").
- `RETIRED_CARD` (error): a card the card data had until a re-import no longer found it in its source (renamed or
  removed upstream); like `UNKNOWN_CARD` it is not in the card data, but the player is told why and, when it was
  renamed, the card that took its place.
- `PRINTING_NOT_IN_FORMAT` (info): the deck names a printing from a set the format does not allow, but another
  printing of the card is allowed, so the card itself is legal.

A reprint (`Whippoorwill (2)`, a trailing digit in parentheses on a card whose game text matches the card of the
base name; see carddb.reprints) is the same card: its copies count together with the base card's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from carddb.cardtypes import Section
from carddb.identities import numbered_base
from deckbuilder.games.kinds import CopiesAtMost, PileCount, UnknownCard, UnplaceableCard
from deckbuilder.games.rage.context import CHARACTERS, CheckContext
from deckbuilder.games.rage.facts import GAIA, ROGUE, WYRM, facts_of
from deckbuilder.games.rage.format import ban_list, set_filter
from deckbuilder.i18n import ENGLISH, Param, declare, format_message, message_key, params_of
from deckbuilder.legality.results import Result, Severity


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
    # The parameters a format may give the rule: whole numbers (null: no limit) and lists of text.
    numbers: ClassVar[tuple[str, ...]] = ()
    texts: ClassVar[tuple[str, ...]] = ()

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

    def param_problems(self, params: Mapping[str, Any]) -> list[str]:
        """What is wrong with the parameters a format gives this rule (one line each)."""
        accepted = {*self.numbers, *self.texts, *(("codes",) if len(self.codes) > 1 else ())}
        found = []
        extra = sorted(str(k) for k in params if k not in accepted)
        if extra:
            found.append(f"does not take {', '.join(extra)}")
        for key in self.numbers:
            value = params.get(key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                found.append(f'"{key}" must be a whole number of 0 or more, or null')
        for key in (*self.texts, "codes"):
            value = params.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                found.append(f'"{key}" must be a list of text values')
        codes = params.get("codes", [])
        if isinstance(codes, list) and any(c not in self.codes for c in codes if isinstance(c, str)):
            found.append(f'"codes" may only name {", ".join(self.codes)}')
        return found

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        """The rule's findings about the deck."""
        raise NotImplementedError


class UnknownCardRule(Rule):
    """Every card is in the card database (with near names suggested); a retired card is told apart: the generic
    `unknown_card` kind, whose codes and messages Rage's are."""

    messages: ClassVar[Mapping[str, str]] = {m.message_id: m.template for m in UnknownCard.messages}

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        return UNKNOWN_CARD.check(ctx, params)


class UnplaceableCardRule(Rule):
    """A known card whose Type fits no section is reported, never guessed: the generic `unplaceable_card` kind."""

    messages: ClassVar[Mapping[str, str]] = {m.message_id: m.template for m in UnplaceableCard.messages}

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        return UNPLACEABLE_CARD.check(ctx, params)


class SetNotInFormatRule(Rule):
    """Every card has a printing in a set the format allows."""

    messages: ClassVar[Mapping[str, str]] = {
        "SET_NOT_IN_FORMAT": "'{card}' is only printed in {sets}, which the {format} format does not allow",
        "PRINTING_NOT_IN_FORMAT": "'{card}' is listed from {sets}, which the format does not allow; "
        "it is legal through its {allowed} printing",
    }

    texts = ("allow", "deny")

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        sets_allowed = set_filter(tuple(params.get("allow", ("*",))), tuple(params.get("deny", ())))
        if sets_allowed.allows_all:
            return  # every printing of every card is allowed: nothing to find, card by card
        for item, card, facts in ctx.with_facts(ctx.cards):
            sets = facts.sets
            if not sets:
                continue
            allowed = sets_allowed.allowed(sets)
            if not allowed:
                yield self.result(
                    [card.name], card=card.name, sets=sets, format=ctx.fmt.title or ctx.fmt.name
                )
                continue
            if not item.set_names:
                continue
            outside = sorted({s for s in item.set_names if s and not sets_allowed.allows(s)})
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

    texts = ("cards", "types")

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        banned = ban_list(tuple(params.get("cards", ())), tuple(params.get("types", ())))
        if not banned.names and not banned.types:
            return
        for _item, card in ctx.known(ctx.cards):
            label = ctx.fmt.title or ctx.fmt.name
            if banned.is_banned_name(card.name):
                yield self.result([card.name], card=card.name, format=label)
                continue
            banned_type = banned.banned_type_of(card.type)
            if banned_type:
                yield self.result([card.name], variant="type", card=card.name, type=banned_type, format=label)


class NoCharactersRule(Rule):
    """The pack holds at least one Character."""

    messages: ClassVar[Mapping[str, str]] = {
        "NO_CHARACTERS": "The pack has no Characters; at least one is required"
    }

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        # The generic `pile_count` (at least one) over the Characters, a Character in the starting list counted too.
        wanted = {"pile": CHARACTERS, "min": 1}
        if any(values["apart"] == 0 for _index, values in PILE_COUNT.findings(ctx, wanted)):
            yield self.result()


class RenownOverLevelRule(Rule):
    """The pack's Renown (each copy counted) is within the level."""

    messages: ClassVar[Mapping[str, str]] = {
        "RENOWN_OVER_LEVEL": "Renown {renown} is over the level of {level} (by {over})"
    }

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
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

    numbers = ("max", "multiple")

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        # The generic `copies_at_most` twice over the Characters: `max` for those without Multiple in their
        # Keywords, `multiple` for those with it; reported in the pack's order.
        pile = CHARACTERS
        over: dict[str, tuple[str, dict[str, Any]]] = {}
        for variant, wanted in (
            ("", {"pile": pile, "max": params.get("max"), "except_words": [MULTIPLE]}),
            ("multiple", {"pile": pile, "max": params.get("multiple"), "only_words": [MULTIPLE]}),
        ):
            for cards, values in COPIES_AT_MOST.findings(ctx, wanted):
                over[cards[0]] = (variant, values)
        for item in ctx.characters:
            found = over.get(item.name)
            if found is not None:
                variant, values = found
                yield self.result(
                    [item.name], variant=variant, card=item.name, copies=values["count"], limit=values["max"]
                )


class CharacterVersionsRule(Rule):
    """Two versions of one Character may not share a pack."""

    messages: ClassVar[Mapping[str, str]] = {
        "CHARACTER_VERSIONS": "{names!q} are versions of one Character; only one may be in the pack"
    }

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        groups: dict[str, list[str]] = {}
        for member in ctx.pack:
            names = groups.setdefault(facts_of(member.card).identity, [])
            if member.card.name not in names:
                names.append(member.card.name)
        for identity, names in groups.items():
            if len(names) > 1 and _one_named_character(identity, names, ctx):
                yield self.result(names, names=names)


def _one_named_character(identity: str, names: Sequence[str], ctx: CheckContext) -> bool:
    """Whether Characters sharing `identity` are versions of one named Character (revised rules ch. 4
    "Experienced Characters"): a table gave it (it is no name without its trailing number), or a Character bears that
    name. Playtest's `Gaia 1` and `Gaia 2` share "gaia" only by the trailing-number rule, and no card is `Gaia`."""
    if ctx.pool is None or any(numbered_base(name) != identity for name in names):
        return True
    try:
        named = ctx.pool.lookup(identity)
    except Exception:  # a broken pool must not crash the checker: judged as before, by the identity alone
        return True
    return named is not None and named.section is Section.CHARACTERS


class AllegianceMixedRule(Rule):
    """Every non-Rogue Character has one allegiance."""

    messages: ClassVar[Mapping[str, str]] = {
        "ALLEGIANCE_MIXED": "Pack mixes Gaia ({gaia}) and Wyrm ({wyrm}) Characters; choose one allegiance",
    }

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        gaia = [m.card.name for m in ctx.pack if m.allegiance == GAIA]
        wyrm = [m.card.name for m in ctx.pack if m.allegiance == WYRM]
        if gaia and wyrm:
            yield self.result([*gaia, *wyrm], gaia=gaia, wyrm=wyrm)


class RogueOverHalfRule(Rule):
    """Rogues make up at most half the pack's Renown."""

    messages: ClassVar[Mapping[str, str]] = {
        "ROGUE_OVER_HALF": "Rogues make up {rogue} of your {renown} Renown; at most half ({cap}) may be Rogue",
    }

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        if ctx.rogue_renown > ctx.rogue_cap:
            rogues = [m.card.name for m in ctx.pack if m.allegiance == ROGUE]
            yield self.result(rogues, rogue=ctx.rogue_renown, renown=ctx.renown, cap=ctx.rogue_cap)


class _SectionRule(Rule):
    """A rule over one section's pile (`section`; `pile`, its id, read once per class: every check asks)."""

    section: ClassVar[Section]
    pile: ClassVar[str]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "section" in cls.__dict__:
            cls.pile = cls.section.value


class _MinimumRule(_SectionRule):
    """A section must hold at least the format's minimum: the generic `pile_count` over the section's pile, in
    Rage's words (the starting list's copies are not counted, and the sept message says so)."""

    section: ClassVar[Section]
    label: ClassVar[str]
    numbers = ("min",)

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        wanted = {"pile": self.pile, "min": params.get("min")}
        for _index, values in PILE_COUNT.findings(ctx, wanted):
            starting = self.section is Section.SEPT and values["apart"] > 0
            yield self.result(
                variant="starting" if starting else "", size=values["count"], minimum=values["min"]
            )


class CombatMinimumRule(_MinimumRule):
    """The combat deck holds at least the format's minimum."""

    messages: ClassVar[Mapping[str, str]] = {
        "COMBAT_MINIMUM": "Combat deck has {size:plural:card|cards}; at least {minimum} are required"
    }
    section = Section.COMBAT
    label = "Combat"


class SeptMinimumRule(_MinimumRule):
    """The sept deck (starting list excluded) holds at least the format's minimum."""

    messages: ClassVar[Mapping[str, str]] = {
        "SEPT_MINIMUM": "Sept deck has {size:plural:card|cards}; at least {minimum} are required",
        "SEPT_MINIMUM.starting": "Sept deck has {size:plural:card|cards}; at least {minimum} are required "
        "(cards in the starting list do not count)",
    }
    section = Section.SEPT
    label = "Sept"


class _CopiesRule(_SectionRule):
    """At most the format's number of copies of a section's card (starting list included): the generic
    `copies_at_most` over the section's pile, in Rage's words."""

    section: ClassVar[Section]
    numbers = ("max",)

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        wanted = {"pile": self.pile, "max": params.get("max")}
        for cards, values in COPIES_AT_MOST.findings(ctx, wanted):
            yield self.result(
                cards,
                variant="starting" if values["apart"] and "starting" in self.variants else "",
                card=values["card"],
                copies=values["count"],
                **({"starting": values["apart"]} if "starting" in self.variants else {}),
                limit=values["max"],
            )

    @property
    def variants(self) -> set[str]:
        """The message variants the rule has (`starting`: the copies in the starting list named)."""
        return {key.partition(".")[2] for key in self.messages}


class CombatCopiesRule(_CopiesRule):
    """At most the format's number of copies of a combat card."""

    messages: ClassVar[Mapping[str, str]] = {
        "COMBAT_COPIES": "Combat card '{card}' has {copies} copies; at most {limit} are allowed"
    }
    section = Section.COMBAT


class SeptCopiesRule(_CopiesRule):
    """At most the format's number of copies of a sept card (starting list included)."""

    messages: ClassVar[Mapping[str, str]] = {
        "SEPT_COPIES": "Sept card '{card}' has {copies} copies; at most {limit} are allowed",
        "SEPT_COPIES.starting": "Sept card '{card}' has {copies} copies ({starting} in the starting list); "
        "at most {limit} are allowed",
    }
    section = Section.SEPT


# The keyword that lets a Character have more copies (the format's `multiple`).
MULTIPLE = "Multiple"

# The generic kinds Rage's twins are worded over (one count, one copy limit, one unknown-card check for every game).
UNKNOWN_CARD = UnknownCard()
UNPLACEABLE_CARD = UnplaceableCard()
PILE_COUNT = PileCount()
COPIES_AT_MOST = CopiesAtMost()

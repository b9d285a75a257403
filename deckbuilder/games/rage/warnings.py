"""Rage's playability warnings and notes (DECK-RULES.md §3): legal, but a card the pack cannot use."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from carddb.model import CardInfo
from deckbuilder.games.rage.context import CheckContext
from deckbuilder.games.rage.facts import (
    GAIA,
    GNOSIS_NEED_KEYWORDS,
    RENOWN_NEED_TYPES,
    WYRM,
    CardFacts,
    Requirement,
    block_of,
    block_reader,
    blocked_traits,
    facts_of,
)
from deckbuilder.games.rage.rules import Rule
from deckbuilder.i18n import Param
from deckbuilder.legality.results import Result, Severity


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

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        blocked = block_reader(ctx.allegiance)
        if blocked is None:
            return  # a pack of no allegiance yet: nothing it cannot use
        for item, card, facts in ctx.with_facts(ctx.sept):
            why = blocked(facts)
            if why:
                variant = self._variants.get(why.split(",")[0], "")
                yield self.result(
                    [item.name], variant=variant, card=card.name, why=why, allegiance=ctx.allegiance
                )


class RequirementUnmetRule(Rule):
    """Cards whose Requires, Gnosis or Renown need no Character of the pack meets."""

    messages: ClassVar[Mapping[str, str]] = {
        "REQUIREMENT_UNMET": "'{card}' requires {wanted!O}; no Character in your pack meets that",
        "REQUIREMENT_UNMET.gnosis": "'{card}' needs Gnosis {need}; the highest in your pack is {best} ({best_card})",
        "REQUIREMENT_UNMET.renown": "'{card}' needs a Character of Renown {need}; the highest in your pack is "
        "{best} ({best_card})",
        "REQUIREMENT_UNKNOWN": "No card in the data carries '{word}' as a keyword, so the requirement of "
        "{names!q} is not checked",
    }
    severity = Severity.WARNING

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        # One walk over the sept and combat cards finds both: the words no card carries (reported first, once per
        # deck) and the needs no Character meets (only with a pack to meet them).
        cards_by_word: dict[str, list[str]] = {}
        found: list[Result] = []
        pack, allegiance = bool(ctx.pack), ctx.allegiance
        for item, card, facts in (*ctx.with_facts(ctx.sept), *ctx.with_facts(ctx.combat)):
            if not facts.asks:
                continue  # no Requires and no need: no word to look up, nothing to meet
            # A blank Requires reads the same whatever the vocabulary: the card's own parse (ctx.requirement's).
            requirement = ctx.requirement(card) if facts.requirement.text else facts.requirement
            if card.requires:  # most cards require nothing: no word to look up
                for word in requirement.unknown:
                    names = cards_by_word.setdefault(word, [])
                    if card.name not in names:
                        names.append(card.name)
            if not pack or not (requirement.judgeable or facts.has_needs) or block_of(facts, allegiance):
                continue  # nothing to meet, or ALLEGIANCE_UNUSABLE already says why
            problem = self._keyword_problem(card, ctx, facts, requirement) or self._need_problem(
                card, ctx, facts
            )
            if problem is not None:
                variant, values = problem
                found.append(self.result([item.name], variant=variant, card=card.name, extra=values))
        for word, names in cards_by_word.items():
            yield self.result(
                names, code="REQUIREMENT_UNKNOWN", severity=Severity.INFO, word=word, names=names
            )
        yield from found

    @staticmethod
    def _keyword_problem(
        card: CardInfo,
        ctx: CheckContext,
        facts: CardFacts | None = None,
        requirement: Requirement | None = None,
    ) -> tuple[str, dict[str, Param]] | None:
        # The check passes the card's facts and requirement it already holds; fix hints ask with the card alone.
        facts = facts if facts is not None else facts_of(card)
        requirement = requirement if requirement is not None else ctx.requirement(card)
        if not requirement.judgeable:
            return None
        blocked = blocked_traits(card, ctx.allegiance)
        totem = facts.totem
        for alternative in requirement.alternatives:
            if alternative & blocked:
                continue
            needed = alternative - {"gaia", "wyrm"} if totem else alternative
            if any(needed <= member.traits for member in ctx.pack):
                return None
        return "", {"wanted": requirement.judged}

    @staticmethod
    def _need_problem(
        card: CardInfo, ctx: CheckContext, facts: CardFacts | None = None
    ) -> tuple[str, dict[str, Param]] | None:
        facts = facts if facts is not None else facts_of(card)
        parts = facts.type_parts
        if card.gnosis is not None and ("gift" in parts or facts.keyword_set & GNOSIS_NEED_KEYWORDS):
            best = ctx.strongest("gnosis", lambda m: _best(m.card.gnosis, m.card.cgnosis))
            best_gnosis = _best(best.card.gnosis, best.card.cgnosis)
            if card.gnosis > best_gnosis:
                return "gnosis", {"need": card.gnosis, "best": best_gnosis, "best_card": best.card.name}
        if card.renown is not None and parts & RENOWN_NEED_TYPES:
            best = ctx.strongest("renown", lambda m: m.card.renown or 0)
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

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        for item, card, facts in ctx.with_facts(ctx.sept):
            if item.copies > 1 and facts.restricted:
                yield self.result([item.name], card=card.name, copies=item.copies)


class RageAbovePackRule(Rule):
    """Combat Actions needing more Rage than any Character has in Crinos form."""

    messages: ClassVar[Mapping[str, str]] = {
        "RAGE_ABOVE_PACK": "'{card}' needs Rage {rage}, more than any of your Characters has in Crinos form "
        "({best}); it can only be played as a bluff",
    }
    severity = Severity.INFO

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        if not ctx.pack:
            return
        best = max(facts_of(m.card).crinos_rage for m in ctx.pack)
        for item, card, facts in ctx.with_facts(ctx.combat):
            if "combat action" in facts.type_parts and card.rage is not None and card.rage > best:
                yield self.result([item.name], card=card.name, rage=card.rage, best=best)


class JuntaNeedsAllyRule(Rule):
    """Moots and Board Meetings need a second pack of that allegiance at the table."""

    messages: ClassVar[Mapping[str, str]] = {
        "JUNTA_NEEDS_ALLY.moot": "Moots can only be called when a second {side} pack is at the table: {names!q}",
        "JUNTA_NEEDS_ALLY.board_meeting": "Board Meetings can only be called when a second {side} pack is at the "
        "table: {names!q}",
    }
    severity = Severity.INFO

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        for junta, side, other in (("moot", GAIA, WYRM), ("board meeting", WYRM, GAIA)):
            if ctx.allegiance == other:
                continue  # the pack cannot call these at all: ALLEGIANCE_UNUSABLE reports them
            names = [
                card.name for _item, card, facts in ctx.with_facts(ctx.sept) if junta in facts.type_parts
            ]
            if names:
                yield self.result(names, variant=junta.replace(" ", "_"), side=side, names=names)


class RenownUnusedRule(Rule):
    """The pack's Renown is below the level."""

    messages: ClassVar[Mapping[str, str]] = {
        "RENOWN_UNUSED": "The pack's Renown is {renown} of {level}; {unused} unused"
    }
    severity = Severity.INFO

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        if ctx.pack and ctx.renown < ctx.renown_level:
            unused = ctx.renown_level - ctx.renown
            yield self.result(renown=ctx.renown, level=ctx.renown_level, unused=unused)

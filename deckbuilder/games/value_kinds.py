"""The generic rule kinds about the values cards share: exactly N of each group, one copy each within a group, one
value across a pile, and the value of the one card of another pile (a Leader's faction).

Registered with the other generic kinds in games/kinds.py (one list, one registry).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from deckbuilder.games.registry import Message, RuleKind
from deckbuilder.games.scope import by_card
from deckbuilder.legality.results import Result

if TYPE_CHECKING:
    from carddb.model import CardInfo
    from deckbuilder.games.description import Game
    from deckbuilder.games.kinds import GameContext


def words_param(value: Any) -> tuple[str, ...]:
    """A rule parameter that is a list of texts, as a tuple (anything else: none)."""
    return tuple(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) else ()


def _group_key(card: CardInfo, fields: tuple[str, ...]) -> str:
    return " / ".join(",".join(card.words(f)) or "-" for f in fields)


def _group_text(game: Game, by: tuple[str, ...], group: str) -> str:
    """A group key as a player reads it: `Starter - Mage / 1` by type and tier is "Type Starter - Mage, Tier 1"."""
    parts = group.split(" / ") if len(by) > 1 else [group]
    if len(parts) != len(by):
        return group
    return ", ".join(f"{game.field_label(name)} {part}" for name, part in zip(by, parts, strict=True))


def _by(params: Mapping[str, Any]) -> tuple[str, ...]:
    by = params.get("by")
    if isinstance(by, str):
        return (by,)
    return words_param(by)


class ExactCountPerGroup(RuleKind):
    """A pile holds exactly N cards of each group (groups by the values of one or more fields; others: none)."""

    name = "exact_count_per_group"
    messages = (
        Message(
            "GROUP_COUNT",
            "{pile} has {count:plural:card|cards} of {group}; exactly {wanted:plural:is|are} required",
        ),
    )
    required = ("by", "counts")
    optional = ("pile",)

    def more_problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        found = []
        by = _by(params)
        if not by:
            found.append('"by" must be a card field or a list of card fields')
        for name in by:
            if game.field_named(name) is None and name != "type":
                found.append(f'"by" names no card field of the game ({name!r:.40})')
        counts = params.get("counts")
        if not isinstance(counts, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in counts.values()
        ):
            found.append('"counts" must map each group to a whole number')
        return found

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        by = _by(params)
        wanted = {str(k).casefold(): (str(k), int(v)) for k, v in params["counts"].items()}
        counted: Counter[str] = Counter()
        shown: dict[str, str] = {}
        members: dict[str, list[str]] = {}
        for item in ctx.in_pile(params.get("pile")):
            if item.card is None:
                continue
            key = _group_key(item.card, by)
            counted[key.casefold()] += item.count
            shown.setdefault(key.casefold(), key)
            members.setdefault(key.casefold(), []).append(item.name)
        label = ctx.pile_label(params.get("pile"))
        for folded, (group, number) in wanted.items():
            if counted[folded] != number:
                yield self.messages[0].result(
                    members.get(folded, []),
                    pile=label,
                    count=counted[folded],
                    group=_group_text(ctx.game, by, group),
                    wanted=number,
                )
        for folded, number in counted.items():
            if folded not in wanted:
                yield self.messages[0].result(
                    members[folded],
                    pile=label,
                    count=number,
                    group=_group_text(ctx.game, by, shown[folded]),
                    wanted=0,
                )


class DistinctWithinGroup(RuleKind):
    """Cards of a group (a field holding one of some values) are all different: one copy each."""

    name = "distinct_within_group"
    messages = (
        Message(
            "GROUP_DUPLICATE",
            "'{card}' has {count:plural:copy|copies}; {group} cards in {pile} must all be different",
        ),
    )
    required = ("field", "values")
    optional = ("pile",)

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        values = {v.casefold() for v in words_param(params["values"])}
        name = str(params["field"])
        label = ctx.pile_label(params.get("pile"))
        for item in by_card(ctx.in_pile(params.get("pile"))):
            if item.card is None or item.count <= 1:
                continue
            matched = [w for w in item.card.words(name) if w.casefold() in values]
            if matched:
                yield self.messages[0].result(
                    [item.name], card=item.name, count=item.count, group=matched[0], pile=label
                )


class SameValue(RuleKind):
    """Every card of a pile shares one value of a field (a WarRift class deck is of one class)."""

    name = "same_value"
    messages = (
        Message("MIXED_VALUES", "{pile} mixes {field} values ({values}); its cards must all share one"),
    )
    required = ("field",)
    optional = ("pile",)

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        name = str(params["field"])
        seen: dict[str, list[str]] = {}
        for item in by_card(ctx.in_pile(params.get("pile"))):
            if item.card is not None:
                seen.setdefault(",".join(item.card.words(name)) or "-", []).append(item.name)
        if len(seen) > 1:
            yield self.messages[0].result(
                [n for names in seen.values() for n in names],
                pile=ctx.pile_label(params.get("pile")),
                field=ctx.game.field_label(name),
                values=", ".join(sorted(seen)),
            )


class SameAsCard(RuleKind):
    """Every card (of a pile, or the deck) shares a value of a field with the one card of another pile (a Leader's
    faction); `except_values` are always allowed and `allow_empty` lets cards without a value in."""

    name = "same_as_card"
    messages = (
        Message(
            "NOT_SHARED",
            "'{card}' has {field} {values!O}; every card must share {leader}'s {field} ({wanted!O})",
        ),
        Message(
            "NOT_SHARED.empty",
            "'{card}' has no {field}; every card must share {leader}'s {field} ({wanted!O})",
        ),
        Message("NOT_SHARED.leader", "'{leader}' has no {field}, so no card can share it"),
    )
    required = ("field", "card_pile")
    optional = ("pile", "except_values", "allow_empty")

    def more_problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        found: list[str] = []
        card_pile = params.get("card_pile")
        if not isinstance(card_pile, str) or card_pile not in {p.id for p in game.piles}:
            found.append(f'"card_pile" names no pile of the game ({card_pile!r:.40})')
        if "except_values" in params and not words_param(params["except_values"]):
            found.append('"except_values" must be a list of texts')
        if not isinstance(params.get("allow_empty", False), bool):
            found.append('"allow_empty" must be true or false')
        return found

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        name, card_pile = str(params["field"]), str(params["card_pile"])
        leaders = [i for i in ctx.in_pile(card_pile) if i.card is not None and i.count > 0]
        if len(leaders) != 1 or leaders[0].card is None:
            return  # no card or several: the rule asking for exactly one says so
        leader, label = leaders[0], ctx.game.field_label(name)
        wanted = leaders[0].card.words(name)
        if not wanted:
            yield self.messages[2].result([leader.name], leader=leader.name, field=label)
            return
        allowed = {w.casefold() for w in (*wanted, *words_param(params.get("except_values")))}
        for item in by_card(i for i in ctx.in_pile(params.get("pile")) if i.pile != card_pile):
            if item.card is None or item.pile == card_pile or item.count <= 0:
                continue
            values = item.card.words(name)
            if not values and params.get("allow_empty", False):
                continue
            if {v.casefold() for v in values} & allowed:
                continue
            message = self.messages[0] if values else self.messages[1]
            yield message.result(
                [item.name], card=item.name, field=label, values=values, leader=leader.name, wanted=wanted
            )

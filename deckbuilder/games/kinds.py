"""The generic rule kinds a game's formats are made of: each kind is declared once with its codes and messages.

A format rule is `{"kind": K, ...parameters, "source": "rulebook passage"}`. The kinds live in one registry
(games/registry.py); a game's own Python rules register there under `<game>:<kind>` (see `register_game_rule`)
and a format names them like any other kind.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckbuilder.games.description import Game, GameFormat
from deckbuilder.games.registry import RULE_KINDS as RULE_KINDS
from deckbuilder.games.registry import Message as Message
from deckbuilder.games.registry import RuleKind as RuleKind
from deckbuilder.games.registry import kind_named as kind_named
from deckbuilder.games.registry import register_game_rule as register_game_rule
from deckbuilder.games.registry import register_kind
from deckbuilder.games.registry import rule_codes as rule_codes
from deckbuilder.legality.results import Result

if TYPE_CHECKING:
    from deckbuilder.games.cards import GameCard


@dataclass(slots=True)
class Item:
    """One card of the deck after resolution: copies merged by normalised name, its pile decided by its Type."""

    key: str
    name: str
    card: GameCard | None
    pile: str | None
    count: int = 0


@dataclass
class GameContext:
    """Everything a rule kind reads, built once per check."""

    game: Game
    fmt: GameFormat
    items: list[Item]
    settings: dict[str, int | None]
    suggestions: dict[str, list[str]] = field(default_factory=dict)

    def in_pile(self, pile: str | None) -> list[Item]:
        """The items of a pile (every placed item when `pile` is empty)."""
        if not pile:
            return [i for i in self.items if i.pile is not None]
        return [i for i in self.items if i.pile == pile]

    def pile_label(self, pile: str | None) -> str:
        """What a player calls the pile ("the deck" for the whole deck)."""
        return self.game.pile_label(pile) if pile else "The deck"


def _words(value: Any) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) else ()


class UnknownCard(RuleKind):
    """Every card of the deck is in the game's card data (near names suggested)."""

    name = "unknown_card"
    # The same codes and texts as Rage's UnknownCardRule: declared once each (declare() refuses a different text).
    messages = (
        Message("UNKNOWN_CARD", "'{card}' is not in the card database"),
        Message("UNKNOWN_CARD.hint", "'{card}' is not in the card database — did you mean {hints!r}?"),
    )

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        for item in ctx.items:
            if item.card is None:
                hints = ctx.suggestions.get(item.key, [])
                message = self.messages[1] if hints else self.messages[0]
                yield message.result([item.name], card=item.name, hints=hints)


class UnplaceableCard(RuleKind):
    """A known card whose Type fits no pile of the game is reported, never guessed."""

    name = "unplaceable_card"
    messages = (
        Message(
            "UNPLACEABLE_CARD",
            "'{card}' has Type '{type}', which fits no deck section; it is not counted in any section",
        ),
        Message(
            "UNPLACEABLE_CARD.no_type",
            "'{card}' has no Type, which fits no deck section; it is not counted in any section",
        ),
    )

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        for item in ctx.items:
            if item.card is not None and item.pile is None:
                message = self.messages[0] if item.card.type.strip() else self.messages[1]
                yield message.result([item.name], card=item.name, type=item.card.type)


class PileCount(RuleKind):
    """The number of cards in a pile (or the deck) lies between bounds."""

    name = "pile_count"
    messages = (
        Message("PILE_TOO_SMALL", "{pile} has {count} cards; at least {min} are required"),
        Message("PILE_TOO_LARGE", "{pile} has {count} cards; at most {max} are allowed"),
    )
    optional = ("pile", "min", "max")

    def more_problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        return [] if "min" in params or "max" in params else ['needs "min" or "max"']

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        pile = params.get("pile")
        count = sum(i.count for i in ctx.in_pile(pile))
        label = ctx.pile_label(pile)
        low, high = params.get("min"), params.get("max")
        if low is not None and count < low:
            yield self.messages[0].result((), pile=label, count=count, min=low)
        if high is not None and count > high:
            yield self.messages[1].result((), pile=label, count=count, max=high)


class CopiesAtMost(RuleKind):
    """At most N copies of one card, except cards of some Types or with some words in a field (e.g. Multiple)."""

    name = "copies_at_most"
    messages = (Message("TOO_MANY_COPIES", "'{card}' has {count} copies; at most {max} are allowed"),)
    required = ("max",)
    optional = ("pile", "except_types", "except_words", "words_field")

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        limit = int(params["max"])
        types = {t.casefold() for t in _words(params.get("except_types"))}
        words = {w.casefold() for w in _words(params.get("except_words"))}
        words_field = str(params.get("words_field", "keywords"))
        for item in ctx.in_pile(params.get("pile")):
            if item.count <= limit:
                continue
            card = item.card
            if card is not None:
                head = card.type.split(" - ")[0].strip().casefold()
                if head in types or card.type.strip().casefold() in types:
                    continue
                if words and {w.casefold() for w in card.words(words_field)} & words:
                    continue
            yield self.messages[0].result([item.name], card=item.name, count=item.count, max=limit)


class SumAtMost(RuleKind):
    """A number field added up over a pile (copies counted) stays within a bound: a number or a deck setting."""

    name = "sum_at_most"
    messages = (
        Message("SUM_OVER_BOUND", "{pile}: {field} adds up to {total}, over the {bound_label} of {bound}"),
    )
    required = ("field", "bound")
    optional = ("pile",)

    def more_problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        bound = params.get("bound")
        if isinstance(bound, int) and not isinstance(bound, bool) and bound >= 0:
            return []
        if isinstance(bound, dict) and set(bound) == {"setting"}:
            if isinstance(bound["setting"], str) and bound["setting"] in {s.id for s in game.settings}:
                return []
            return [f'"bound" names no setting of the game ({bound["setting"]!r:.40})']
        return ['"bound" must be a whole number or {"setting": ID}']

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        bound_spec = params["bound"]
        if isinstance(bound_spec, dict):
            setting_id = str(bound_spec["setting"])
            bound = ctx.settings.get(setting_id)
            setting = next((s for s in ctx.game.settings if s.id == setting_id), None)
            bound_label = setting.label if setting is not None else setting_id
        else:
            bound, bound_label = int(bound_spec), "limit"
        if bound is None:
            return  # the card giving the bound is missing: the rule requiring that card says so
        name = str(params["field"])
        items = [i for i in ctx.in_pile(params.get("pile")) if i.card is not None]
        total = sum((i.card.number(name) or 0) * i.count for i in items if i.card is not None)
        if total > bound:
            card_field = ctx.game.field_named(name)
            yield self.messages[0].result(
                [i.name for i in items if i.card is not None and i.card.number(name)],
                pile=ctx.pile_label(params.get("pile")),
                field=card_field.label if card_field is not None else name,
                total=total,
                bound=bound,
                bound_label=bound_label,
            )


def _group_key(card: GameCard, fields: tuple[str, ...]) -> str:
    return " / ".join(",".join(card.words(f)) or "-" for f in fields)


def _by(params: Mapping[str, Any]) -> tuple[str, ...]:
    by = params.get("by")
    if isinstance(by, str):
        return (by,)
    return _words(by)


class ExactCountPerGroup(RuleKind):
    """A pile holds exactly N cards of each group (groups by the values of one or more fields; others: none)."""

    name = "exact_count_per_group"
    messages = (Message("GROUP_COUNT", "{pile} has {count} {group} cards; exactly {wanted} are required"),)
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
                    members.get(folded, []), pile=label, count=counted[folded], group=group, wanted=number
                )
        for folded, number in counted.items():
            if folded not in wanted:
                yield self.messages[0].result(
                    members[folded], pile=label, count=number, group=shown[folded], wanted=0
                )


class DistinctWithinGroup(RuleKind):
    """Cards of a group (a field holding one of some values) are all different: one copy each."""

    name = "distinct_within_group"
    messages = (
        Message(
            "GROUP_DUPLICATE", "'{card}' has {count} copies; {group} cards in {pile} must all be different"
        ),
    )
    required = ("field", "values")
    optional = ("pile",)

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        values = {v.casefold() for v in _words(params["values"])}
        name = str(params["field"])
        label = ctx.pile_label(params.get("pile"))
        for item in ctx.in_pile(params.get("pile")):
            if item.card is None or item.count <= 1:
                continue
            matched = [w for w in item.card.words(name) if w.casefold() in values]
            if matched:
                yield self.messages[0].result(
                    [item.name], card=item.name, count=item.count, group=matched[0], pile=label
                )


class ExactlyOne(RuleKind):
    """The deck holds exactly one card of a pile (one Ancestry, one Class)."""

    name = "exactly_one"
    messages = (Message("EXACTLY_ONE", "The deck needs exactly one {pile} card; it has {count}"),)
    required = ("pile",)

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        items = ctx.in_pile(params["pile"])
        count = sum(i.count for i in items)
        if count != 1:
            yield self.messages[0].result(
                [i.name for i in items], pile=ctx.pile_label(params["pile"]), count=count
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
        for item in ctx.in_pile(params.get("pile")):
            if item.card is not None:
                seen.setdefault(",".join(item.card.words(name)) or "-", []).append(item.name)
        if len(seen) > 1:
            card_field = ctx.game.field_named(name)
            yield self.messages[0].result(
                [n for names in seen.values() for n in names],
                pile=ctx.pile_label(params.get("pile")),
                field=card_field.label if card_field is not None else name,
                values=", ".join(sorted(seen)),
            )


# The generic kinds, registered by their own names; a game's own rules are added as "<game>:<kind>".
for _kind in (
    UnknownCard(),
    UnplaceableCard(),
    PileCount(),
    CopiesAtMost(),
    SumAtMost(),
    ExactCountPerGroup(),
    DistinctWithinGroup(),
    ExactlyOne(),
    SameValue(),
):
    register_kind(_kind)

"""The generic rule kinds a game's formats are made of: each kind is declared once with its codes and messages.

A format rule is `{"kind": K, ...parameters, "source": "rulebook passage"}`. The kinds live in one registry
(games/registry.py); a game's own Python rules register there under `<game>:<kind>` (see `register_game_rule`)
and a format names them like any other kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from carddb.messages import declare as declare_text
from carddb.messages import message
from carddb.record import MutableRecord
from deckbuilder.games.conditions import condition_problems, describe, matches
from deckbuilder.games.registry import RULE_KINDS as RULE_KINDS
from deckbuilder.games.registry import Message as Message
from deckbuilder.games.registry import RuleKind as RuleKind
from deckbuilder.games.registry import kind_named as kind_named
from deckbuilder.games.registry import register_game_rule as register_game_rule
from deckbuilder.games.registry import register_kind
from deckbuilder.games.registry import rule_codes as rule_codes
from deckbuilder.games.scope import Item as Item
from deckbuilder.games.scope import PileScope
from deckbuilder.games.value_kinds import (
    DistinctWithinGroup,
    ExactCountPerGroup,
    SameAsCard,
    SameValue,
    words_param,
)
from deckbuilder.legality.results import Result

if TYPE_CHECKING:
    from deckbuilder.games.description import Game, GameFormat
    from deckbuilder.games.resolved import ResolvedDeck

# Message parameters that are our words, not data: texts rendered in the reader's language.
declare_text({"THE_LIMIT": "limit"})


class GameContext(PileScope, MutableRecord):
    """Everything a rule kind reads, built once per check."""

    _fields = ("game", "fmt", "items", "settings", "suggestions", "entry_cards", "resolved")
    game: Game
    fmt: GameFormat
    items: list[Item]
    settings: dict[str, int | None]
    suggestions: dict[str, list[str]]
    # What the pool answered for each entry's name, by the entry's key (ResolvedDeck.entry_cards).
    entry_cards: dict[str, Any]
    resolved: ResolvedDeck | None  # the deck as games/resolve.py resolved it, for every view to read

    def __init__(
        self,
        game: Game,
        fmt: GameFormat,
        items: list[Item],
        settings: dict[str, int | None],
        suggestions: dict[str, list[str]] | None = None,
        entry_cards: dict[str, Any] | None = None,
        resolved: ResolvedDeck | None = None,
    ) -> None:
        self.game = game
        self.fmt = fmt
        self.items = items
        self.settings = settings
        self.suggestions = {} if suggestions is None else suggestions
        self.entry_cards = {} if entry_cards is None else entry_cards
        self.resolved = resolved


def _scope_piles(ctx: PileScope, pile: Any) -> set[str]:
    """The piles a rule's `pile` covers (every pile of the game when it names none)."""
    if not pile:
        return {p.id for p in ctx.game.piles}
    return {pile} if isinstance(pile, str) else set(pile)


class UnknownCard(RuleKind):
    """Every card of the deck is in the game's card data (near names suggested); a card a re-import retired is told
    apart, with the card that took its place."""

    name = "unknown_card"
    messages = (
        Message("UNKNOWN_CARD", "'{card}' is not in the card database"),
        Message("UNKNOWN_CARD.hint", "'{card}' is not in the card database — did you mean {hints!r}?"),
        Message("RETIRED_CARD", "'{card}' is no longer in the card data (retired by the last import)"),
        Message(
            "RETIRED_CARD.hint",
            "'{card}' is no longer in the card data (retired by the last import) — did you mean {hints!r}?",
        ),
        Message(
            "RETIRED_CARD.renamed",
            "'{card}' is no longer in the card data (retired by the last import) — did you mean '{replaced_by}'?",
        ),
    )
    # The results that name near names or a successor, by card, near names and successor: a check makes the same
    # ones edit after edit (a deck's ten unknown cards), and a "did you mean" message costs ~15-20 µs to put into
    # words. Results are frozen, so one may stand in every report that finds it.
    _made: ClassVar[dict[tuple[str, tuple[str, ...], str | None], Result]] = {}
    MAX_MADE: ClassVar[int] = 4096

    def check(self, ctx: Any, params: Mapping[str, Any]) -> Iterable[Result]:
        retired: Mapping[str, str] = ctx.resolved.retired if ctx.resolved is not None else {}
        for item in ctx.unknown_cards():
            hints = ctx.suggestions.get(item.key, [])
            successor = retired.get(item.key)
            if not hints and not successor:
                yield self._result_of(item.name, hints, successor)
                continue
            made = (item.name, tuple(hints), successor)
            found = self._made.get(made)
            if found is None:
                if len(self._made) >= self.MAX_MADE:
                    self._made.clear()
                found = self._made[made] = self._result_of(item.name, hints, successor)
            yield found

    def _result_of(self, name: str, hints: list[str], successor: str | None) -> Result:
        """The result for an unknown card (`successor` None) or a retired one ("" when nothing replaced it)."""
        if successor is None:
            return self.messages[1 if hints else 0].result([name], card=name, hints=hints)
        if successor:
            return self.messages[4].result([name], card=name, hints=hints, replaced_by=successor)
        return self.messages[3 if hints else 2].result([name], card=name, hints=hints)


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

    def check(self, ctx: PileScope, params: Mapping[str, Any]) -> Iterable[Result]:
        for item in ctx.unplaceable_cards():
            if item.card is not None:
                message = self.messages[0] if item.card.type.strip() else self.messages[1]
                yield message.result([item.card.name], card=item.card.name, type=item.card.type)


class PileCount(RuleKind):
    """The number of cards in a pile (or the deck) lies between bounds."""

    name = "pile_count"
    messages = (
        Message(
            "PILE_TOO_SMALL", "{pile} has {count:plural:card|cards}; at least {min:plural:is|are} required"
        ),
        Message(
            "PILE_TOO_LARGE", "{pile} has {count:plural:card|cards}; at most {max:plural:is|are} allowed"
        ),
        # A sideboard holds copies of the pile's cards that the pile does not count: a player sees 48 cards in a
        # deck of 48 + 2 and must be told why the 2 are left out.
        Message(
            "PILE_TOO_SMALL.apart",
            "{pile} has {count:plural:card|cards}; at least {min:plural:is|are} required (not counted:"
            " {apart:plural:card|cards} in {apart_pile})",
        ),
    )
    optional = ("pile", "min", "max")

    def more_problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        return [] if "min" in params or "max" in params else ['needs "min" or "max"']

    def findings(self, ctx: PileScope, params: Mapping[str, Any]) -> Iterable[tuple[int, dict[str, Any]]]:
        """(message index, values) of each bound the scope misses: its label, its count, the bound, and the copies of
        its cards the deck lists apart (not counted: a Type's pile never holds them)."""
        pile = params.get("pile")
        count = ctx.count_in(pile)
        low, high = params.get("min"), params.get("max")
        if (low is None or count >= low) and (high is None or count <= high):
            return
        values: dict[str, Any] = {"pile": ctx.pile_label(pile), "count": count, "apart": ctx.apart_in(pile)}
        if low is not None and count < low:
            yield 0, {**values, "min": low}
        if high is not None and count > high:
            yield 1, {**values, "max": high}

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        apart_pile = ctx.resolved.apart if ctx.resolved is not None else None
        outside = apart_pile is not None and apart_pile not in _scope_piles(ctx, params.get("pile"))
        for index, values in self.findings(ctx, params):
            apart = values.pop("apart")
            if index == 0 and apart and outside:
                yield self.messages[2].result(
                    (), **values, apart=apart, apart_pile=ctx.pile_label(apart_pile)
                )
            else:
                yield self.messages[index].result((), **values)


class CopiesAtMost(RuleKind):
    """At most N copies of one card, except cards of some Types or with some words in a field (e.g. Multiple), or
    only the cards with some words in that field (`only_words`: Multiple Characters have a limit of their own)."""

    name = "copies_at_most"
    messages = (
        Message(
            "TOO_MANY_COPIES", "'{card}' has {count:plural:copy|copies}; at most {max:plural:is|are} allowed"
        ),
    )
    required = ("max",)
    optional = ("pile", "except_types", "except_words", "only_words", "words_field")

    def findings(
        self, ctx: PileScope, params: Mapping[str, Any]
    ) -> Iterable[tuple[list[str], dict[str, Any]]]:
        """(cards, values) of each card over the limit: its name, every copy the deck holds of it (those listed
        apart included, `apart`) and the limit; a limit of null allows any number."""
        if params.get("max") is None:
            return
        limit = int(params["max"])
        exceptions: _Exceptions | None = None  # read from the parameters when a card is first over the limit
        for item in ctx.copies_in(params.get("pile")):
            if item.copies <= limit:
                continue
            if exceptions is None:
                exceptions = _Exceptions(params)
            if exceptions.excepts(item.card):
                continue
            yield [item.name], {"card": item.name, "count": item.copies, "max": limit, "apart": item.starting}

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        for cards, values in self.findings(ctx, params):
            del values["apart"]
            yield self.messages[0].result(cards, **values)


class _Exceptions:
    """The cards a copy limit leaves out: of some Types, with some words (`except_words`), or without any of
    `only_words` (a card not in the card data has no words)."""

    __slots__ = ("field", "only", "types", "words")

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.types = {t.casefold() for t in words_param(params.get("except_types"))}
        self.words = {w.casefold() for w in words_param(params.get("except_words"))}
        self.only = {w.casefold() for w in words_param(params.get("only_words"))}
        self.field = str(params.get("words_field", "keywords"))

    def excepts(self, card: Any) -> bool:
        """Whether the limit leaves this card out."""
        if card is None:
            return bool(self.only)
        head = card.type.split(" - ")[0].strip().casefold()
        if head in self.types or card.type.strip().casefold() in self.types:
            return True
        if not (self.words or self.only):
            return False
        held = {w.casefold() for w in card.words(self.field)}
        return bool(held & self.words) or bool(self.only and not held & self.only)


class SumAtMost(RuleKind):
    """A number field added up over a pile (copies counted, optionally only cards matching `where`) stays within a
    bound: a number or a deck setting. A card without that number is an error naming it, never counted as 0."""

    name = "sum_at_most"
    messages = (
        Message("SUM_OVER_BOUND", "{pile}: {field} adds up to {total}, over the {bound_label} of {bound}"),
        Message(
            "SUM_OVER_BOUND.where",
            "{pile}: the {field} of the cards with {where_field} {where_values!O} adds up to {total}, over the"
            " {bound_label} of {bound}",
        ),
        Message(
            "SUM_OVER_BOUND.where_any",
            "{pile}: the {field} of the cards with a {where_field} adds up to {total}, over the {bound_label} of"
            " {bound}",
        ),
        Message("NUMBER_MISSING", "'{card}' has no {field}, so the total {field} of {pile} cannot be judged"),
        Message(
            "NUMBER_MISSING.bound",
            "'{card}' has no {field}, so it sets no {bound_label} and no total can be legal",
        ),
    )
    required = ("field", "bound")
    optional = ("pile", "where")

    def more_problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        found = condition_problems(game, params.get("where")) if "where" in params else []
        card_field = game.field_named(str(params.get("field")))
        if card_field is not None and card_field.kind != "number":
            found.append(f'"field" must be a number field ({card_field.name} is {card_field.kind})')
        bound = params.get("bound")
        if isinstance(bound, int) and not isinstance(bound, bool) and bound >= 0:
            return found
        if isinstance(bound, dict) and set(bound) == {"setting"}:
            if isinstance(bound["setting"], str) and bound["setting"] in {s.id for s in game.settings}:
                return found
            return [*found, f'"bound" names no setting of the game ({bound["setting"]!r:.40})']
        return [*found, '"bound" must be a whole number or {"setting": ID}']

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        bound_spec = params["bound"]
        if isinstance(bound_spec, dict):
            setting_id = str(bound_spec["setting"])
            bound = ctx.settings.get(setting_id)
            setting = next((s for s in ctx.game.settings if s.id == setting_id), None)
            bound_label = setting.label if setting is not None else setting_id
            if bound is None and setting is not None and setting.pile:
                yield from self._bound_missing(ctx, setting.pile, setting.field, bound_label)
        else:
            bound, bound_label = int(bound_spec), message("THE_LIMIT")
        name = str(params["field"])
        label = ctx.game.field_label(name)
        pile = ctx.pile_label(params.get("pile"))
        where = params.get("where")
        items = [
            i
            for i in ctx.in_pile(params.get("pile"))
            if i.card is not None and i.count > 0 and (where is None or matches(i.card, where))
        ]
        for item in items:
            if item.card is not None and item.card.number(name) is None:
                yield self.messages[3].result([item.name], card=item.name, field=label, pile=pile)
        if bound is None:
            return  # the card giving the bound is missing: the rule requiring that card says so
        total = sum((i.card.number(name) or 0) * i.count for i in items if i.card is not None)
        if total > bound:
            cards = [i.name for i in items if i.card is not None and i.card.number(name)]
            values: dict[str, Any] = {"pile": pile, "field": label, "total": total, "bound": bound}
            values["bound_label"] = bound_label
            if where is None:
                yield self.messages[0].result(cards, **values)
            else:
                described = describe(ctx.game, where)
                variant = self.messages[1] if described["where_values"] else self.messages[2]
                yield variant.result(cards, **described, **values)

    def _bound_missing(
        self, ctx: GameContext, pile: str, field_name: str, bound_label: str
    ) -> Iterable[Result]:
        holders = [i for i in ctx.in_pile(pile) if i.card is not None and i.count > 0]
        if len(holders) == 1 and holders[0].card is not None and holders[0].card.number(field_name) is None:
            yield self.messages[4].result(
                [holders[0].name],
                card=holders[0].name,
                field=ctx.game.field_label(field_name),
                bound_label=bound_label,
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


class CountAtMost(RuleKind):
    """At most N cards (copies counted) of a pile, or the deck, match a condition (at most 1 Legendary card)."""

    name = "count_at_most"
    messages = (
        Message(
            "TOO_MANY_MATCHING",
            "{pile} has {count:plural:card|cards} with {where_field} {where_values!O}; at most {max:plural:is|are}"
            " allowed",
        ),
        Message(
            "TOO_MANY_MATCHING.any",
            "{pile} has {count:plural:card|cards} with a {where_field}; at most {max:plural:is|are} allowed",
        ),
    )
    required = ("where", "max")
    optional = ("pile",)

    def more_problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        return condition_problems(game, params.get("where"))

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        where, limit = params["where"], int(params["max"])
        chosen = [
            i
            for i in ctx.in_pile(params.get("pile"))
            if i.card is not None and i.count > 0 and matches(i.card, where)
        ]
        count = sum(i.count for i in chosen)
        if count > limit:
            described = describe(ctx.game, where)
            message = self.messages[0] if described["where_values"] else self.messages[1]
            yield message.result(
                [i.name for i in chosen],
                pile=ctx.pile_label(params.get("pile")),
                count=count,
                max=limit,
                **described,
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
    CountAtMost(),
    SameAsCard(),
):
    register_kind(_kind)

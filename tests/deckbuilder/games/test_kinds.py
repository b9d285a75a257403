"""One test per generic rule kind, each on a tiny game described in data."""

from __future__ import annotations

from typing import Any

import pytest

from deckbuilder.deck import Deck
from deckbuilder.games.cards import GameCard, GameCardPool
from deckbuilder.games.check import check_any
from deckbuilder.games.description import GameError, game_from_data
from deckbuilder.games.kinds import RULE_KINDS, rule_codes

_CARDS = [
    GameCard("tiny", "Hero", "Leader", {"cost": 5, "tier": ("Legendary",), "tags": ()}),
    GameCard("tiny", "Other Hero", "Leader", {"cost": 4, "tier": ("Legendary",), "tags": ()}),
    GameCard("tiny", "Strike", "Spell", {"cost": 2, "tier": ("1",), "tags": ("Fire",)}),
    GameCard("tiny", "Swarm", "Spell", {"cost": 1, "tier": ("1",), "tags": ("Multiple",)}),
    GameCard("tiny", "Dragon", "Spell - Beast", {"cost": 3, "tier": ("Legendary",), "tags": ()}),
    GameCard("tiny", "Relic", "Artifact", {"cost": 1, "tier": ("2",), "tags": ()}),
]


def _game(*rules: dict[str, Any]) -> Any:
    return game_from_data(
        {
            "name": "tiny",
            "fields": [
                {"name": "name"},
                {"name": "type"},
                {"name": "cost", "kind": "number"},
                {"name": "tier", "kind": "words"},
                {"name": "tags", "kind": "words"},
            ],
            "piles": [
                {"id": "leader", "label": "Leader", "types": ["Leader"]},
                {"id": "spells", "label": "Spells", "types": ["Spell"]},
            ],
            "settings": [
                {"id": "budget", "label": "Leader budget", "from_card": {"pile": "leader", "field": "cost"}},
                {"id": "chosen", "label": "Chosen limit", "default": 4},
            ],
            "formats": [{"name": "f", "rules": list(rules)}],
        },
        "test",
    )


def _codes(rule: dict[str, Any], cards: dict[str, int], settings: dict[str, int] | None = None) -> list[str]:
    deck = Deck(game="tiny", settings=settings or {})
    for name, count in cards.items():
        deck.add(name, count)
    return list(check_any(deck, GameCardPool("tiny", _CARDS), _game(rule)).codes)


def test_pile_count_reports_both_bounds() -> None:
    rule = {"kind": "pile_count", "pile": "spells", "min": 2, "max": 4}
    assert _codes(rule, {"Strike": 2}) == []
    assert _codes(rule, {"Strike": 1}) == ["PILE_TOO_SMALL"]
    assert _codes(rule, {"Strike": 3, "Swarm": 2}) == ["PILE_TOO_LARGE"]


def test_copies_at_most_with_exceptions_by_type_and_word() -> None:
    rule = {
        "kind": "copies_at_most",
        "max": 2,
        "except_types": ["Leader"],
        "except_words": ["Multiple"],
        "words_field": "tags",
    }
    assert _codes(rule, {"Strike": 2, "Swarm": 9, "Hero": 3}) == []
    assert _codes(rule, {"Strike": 3}) == ["TOO_MANY_COPIES"]


def test_sum_at_most_bound_from_a_card_or_a_chosen_setting() -> None:
    from_card = {"kind": "sum_at_most", "pile": "spells", "field": "cost", "bound": {"setting": "budget"}}
    assert _codes(from_card, {"Hero": 1, "Strike": 2, "Swarm": 1}) == []  # 5 <= Hero's 5
    assert _codes(from_card, {"Other Hero": 1, "Strike": 2, "Swarm": 1}) == ["SUM_OVER_BOUND"]  # 5 > 4
    chosen = {"kind": "sum_at_most", "field": "cost", "bound": {"setting": "chosen"}}
    assert _codes(chosen, {"Strike": 2}) == []
    assert _codes(chosen, {"Strike": 2}, {"chosen": 3}) == ["SUM_OVER_BOUND"]
    fixed = {"kind": "sum_at_most", "field": "cost", "bound": 1}
    assert _codes(fixed, {"Swarm": 2}) == ["SUM_OVER_BOUND"]


def test_exact_count_per_group_names_missing_and_unexpected_groups() -> None:
    rule = {
        "kind": "exact_count_per_group",
        "pile": "spells",
        "by": "tier",
        "counts": {"1": 3, "Legendary": 1},
    }
    assert _codes(rule, {"Strike": 2, "Swarm": 1, "Dragon": 1}) == []
    assert _codes(rule, {"Strike": 2, "Dragon": 1}) == ["GROUP_COUNT"]
    deck = Deck(game="tiny")
    for name in ("Strike", "Swarm", "Swarm", "Dragon", "Dragon"):
        deck.add(name)
    report = check_any(deck, GameCardPool("tiny", _CARDS), _game(rule))
    assert [r.message for r in report.results] == ["Spells has 2 Legendary cards; exactly 1 are required"]


def test_distinct_within_group() -> None:
    rule = {"kind": "distinct_within_group", "field": "tier", "values": ["Legendary"]}
    assert _codes(rule, {"Hero": 1, "Dragon": 1, "Strike": 3}) == []
    assert _codes(rule, {"Dragon": 2}) == ["GROUP_DUPLICATE"]


def test_exactly_one() -> None:
    rule = {"kind": "exactly_one", "pile": "leader"}
    assert _codes(rule, {"Hero": 1, "Strike": 1}) == []
    assert _codes(rule, {"Strike": 1}) == ["EXACTLY_ONE"]
    assert _codes(rule, {"Hero": 1, "Other Hero": 1}) == ["EXACTLY_ONE"]


def test_same_value() -> None:
    rule = {"kind": "same_value", "pile": "spells", "field": "tags"}
    assert _codes(rule, {"Strike": 2}) == []
    assert _codes(rule, {"Strike": 1, "Swarm": 1}) == ["MIXED_VALUES"]


def test_unknown_and_unplaceable_cards() -> None:
    assert _codes({"kind": "unknown_card"}, {"Strikee": 1, "Strike": 1}) == ["UNKNOWN_CARD"]
    assert _codes({"kind": "unplaceable_card"}, {"Relic": 1, "Strike": 1}) == ["UNPLACEABLE_CARD"]


def test_every_kind_is_tested_and_codes_are_derived_from_the_kinds() -> None:
    tested = {name for name in RULE_KINDS if ":" not in name}  # a game's own rules are "<game>:<kind>"
    assert tested == {
        "unknown_card",
        "unplaceable_card",
        "pile_count",
        "copies_at_most",
        "sum_at_most",
        "exact_count_per_group",
        "distinct_within_group",
        "exactly_one",
        "same_value",
    }
    codes = rule_codes()
    assert len(codes) == len(set(codes))
    assert {m.code for kind in RULE_KINDS.values() for m in kind.messages} == set(codes)


@pytest.mark.parametrize(
    ("rule", "wanted"),
    [
        ({"kind": "no_such_kind"}, "no such rule kind"),
        ({"kind": "pile_count", "pile": "nowhere", "max": 1}, "names no pile"),
        ({"kind": "pile_count", "pile": "spells"}, 'needs "min" or "max"'),
        ({"kind": "copies_at_most", "max": -1}, "whole number"),
        ({"kind": "sum_at_most", "field": "cost", "bound": {"setting": "nope"}}, "names no setting"),
        ({"kind": "sum_at_most", "field": "colour", "bound": 3}, "names no card field"),
        ({"kind": "exact_count_per_group", "by": "tier", "counts": {"1": "x"}}, '"counts"'),
        ({"kind": "exactly_one", "pile": "spells", "colour": 1}, "does not take colour"),
    ],
)
def test_bad_parameters_are_refused_with_the_rule_named(rule: dict[str, Any], wanted: str) -> None:
    with pytest.raises(GameError, match=wanted) as caught:
        _game(rule)
    assert "rules[0]" in str(caught.value)


def test_a_games_own_python_rule_is_registered_under_its_name_and_named_by_a_format() -> None:
    from collections.abc import Iterable, Mapping

    from deckbuilder.games.kinds import GameContext, RuleKind, register_game_rule
    from deckbuilder.legality.results import Result

    class NoDragonWithHero(RuleKind):
        """Tiny's own rule: Dragon and Hero never share a deck."""

        name = "no_dragon_with_hero"
        # An existing declaration reused: a message declared only by a test would leak into the catalogue.
        messages = (RULE_KINDS["same_value"].messages[0],)

        def check(self, ctx: GameContext, params: Mapping[str, object]) -> Iterable[Result]:
            names = {i.name for i in ctx.items if i.count > 0}
            if {"Dragon", "Hero"} <= names:
                yield self.messages[0].result(
                    ["Dragon", "Hero"], pile="The deck", field="Type", values="Leader, Spell - Beast"
                )

    register_game_rule("tiny", NoDragonWithHero())
    try:
        rule = {"kind": "tiny:no_dragon_with_hero"}
        assert _codes(rule, {"Dragon": 1, "Strike": 1}) == []
        assert _codes(rule, {"Dragon": 1, "Hero": 1}) == ["MIXED_VALUES"]
    finally:
        RULE_KINDS.pop("tiny:no_dragon_with_hero")
    with pytest.raises(GameError, match="no such rule kind"):
        _game(rule)

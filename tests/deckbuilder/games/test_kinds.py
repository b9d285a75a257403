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


def test_copies_at_most_only_for_cards_with_a_word_gives_them_a_limit_of_their_own() -> None:
    # Beside a rule that excepts Multiple cards, one that limits only them (Rage's Multiple Characters).
    rule = {"kind": "copies_at_most", "max": 5, "only_words": ["Multiple"], "words_field": "tags"}
    assert _codes(rule, {"Swarm": 5, "Strike": 9}) == []  # Strike has no Multiple: not this rule's card
    assert _codes(rule, {"Swarm": 6}) == ["TOO_MANY_COPIES"]
    assert _codes(rule, {"No Such Card": 9}) == []  # a card not in the card data has no words to match


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
    assert [r.message for r in report.results] == [
        "Spells has 2 cards of Tier Legendary; exactly 1 is required"
    ]


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
        "count_at_most",
        "same_as_card",
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
        ({"kind": "count_at_most", "max": 1, "where": {"field": "colour"}}, "where.field"),
        ({"kind": "count_at_most", "max": 1, "where": {"field": "tier", "values": []}}, "where.values"),
        ({"kind": "count_at_most", "max": 1, "where": "Legendary"}, '"where" must be an object'),
        ({"kind": "sum_at_most", "field": "tier", "bound": 3}, "must be a number field"),
        ({"kind": "same_as_card", "field": "tags", "card_pile": "nowhere"}, '"card_pile" names no pile'),
        ({"kind": "same_as_card", "field": "tags", "card_pile": "leader", "allow_empty": 1}, "true or false"),
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


# -- the kinds that say, without derived columns: a Leader's faction, at most N Legendary, Relics cost at most N --

_FACTION_CARDS = [
    GameCard("tiny", "Red Lord", "Leader", {"cost": 6, "tier": ("1",), "tags": ("Red",)}),
    GameCard("tiny", "Nobody", "Leader", {"cost": 6, "tier": ("1",), "tags": ()}),
    GameCard("tiny", "Red Bolt", "Spell", {"cost": 2, "tier": ("1",), "tags": ("Red",)}),
    GameCard("tiny", "Red Blue Bolt", "Spell", {"cost": 2, "tier": ("1",), "tags": ("Blue", "Red")}),
    GameCard("tiny", "Blue Bolt", "Spell", {"cost": 2, "tier": ("Legendary",), "tags": ("Blue",)}),
    GameCard("tiny", "Grey Bolt", "Spell", {"cost": None, "tier": ("Legendary",), "tags": ()}),
    GameCard("tiny", "Neutral Bolt", "Spell", {"cost": 1, "tier": ("2",), "tags": ("Neutral",)}),
]


def _report(rule: dict[str, Any], cards: dict[str, int]) -> Any:
    deck = Deck(game="tiny")
    for name, count in cards.items():
        deck.add(name, count)
    return check_any(deck, GameCardPool("tiny", _FACTION_CARDS), _game(rule))


def test_same_as_card_every_card_shares_the_leaders_value() -> None:
    rule = {"kind": "same_as_card", "field": "tags", "card_pile": "leader", "except_values": ["Neutral"]}
    assert _report(rule, {"Red Lord": 1, "Red Bolt": 3, "Red Blue Bolt": 1, "Neutral Bolt": 2}).codes == ()
    report = _report(rule, {"Red Lord": 1, "Red Bolt": 1, "Blue Bolt": 2, "Grey Bolt": 1})
    assert [(r.code, r.cards) for r in report.results] == [
        ("NOT_SHARED", ("Blue Bolt",)),
        ("NOT_SHARED", ("Grey Bolt",)),
    ]
    assert (
        report.results[0].message == "'Blue Bolt' has Tags Blue; every card must share Red Lord's Tags (Red)"
    )
    assert report.results[1].message == "'Grey Bolt' has no Tags; every card must share Red Lord's Tags (Red)"
    lenient = {**rule, "allow_empty": True}
    assert _report(lenient, {"Red Lord": 1, "Grey Bolt": 1}).codes == ()
    # A leader without the value says so once; no leader (or two) is the exactly_one rule's business.
    assert [r.cards for r in _report(rule, {"Nobody": 1, "Red Bolt": 1}).results] == [("Nobody",)]
    assert _report(rule, {"Red Bolt": 1, "Blue Bolt": 1}).codes == ()


def test_count_at_most_counts_copies_of_the_cards_that_match() -> None:
    rule = {"kind": "count_at_most", "where": {"field": "tier", "values": ["Legendary"]}, "max": 1}
    assert _report(rule, {"Blue Bolt": 1, "Red Bolt": 3}).codes == ()
    report = _report(rule, {"Blue Bolt": 1, "Grey Bolt": 1, "Red Bolt": 3})
    assert [r.message for r in report.results] == [
        "The deck has 2 cards with Tier Legendary; at most 1 is allowed"
    ]
    assert set(report.results[0].cards) == {"Blue Bolt", "Grey Bolt"}
    any_tags = {"kind": "count_at_most", "pile": "spells", "where": {"field": "tags"}, "max": 2}
    assert (
        _report(any_tags, {"Red Lord": 1, "Red Bolt": 1, "Grey Bolt": 5}).codes == ()
    )  # the Leader is not a spell
    assert [r.message for r in _report(any_tags, {"Red Bolt": 2, "Blue Bolt": 1}).results] == [
        "Spells has 3 cards with a Tags; at most 2 are allowed"
    ]
    by_type = {"kind": "count_at_most", "where": {"field": "type", "values": ["Spell"]}, "max": 0}
    assert _report(by_type, {"Red Lord": 1}).codes == ()
    assert _report(by_type, {"Red Bolt": 1}).codes == ("TOO_MANY_MATCHING",)


def test_sum_at_most_over_the_cards_that_match_a_condition() -> None:
    rule = {"kind": "sum_at_most", "field": "cost", "bound": 4, "where": {"field": "tags", "values": ["Red"]}}
    assert (
        _report(rule, {"Red Bolt": 1, "Red Blue Bolt": 1, "Blue Bolt": 5}).codes == ()
    )  # Blue costs are not Red
    report = _report(rule, {"Red Bolt": 2, "Red Blue Bolt": 1})
    assert [r.message for r in report.results] == [
        "The deck: the Cost of the cards with Tags Red adds up to 6, over the limit of 4"
    ]


def test_a_missing_number_in_a_sum_is_an_error_naming_the_card_never_zero() -> None:
    rule = {"kind": "sum_at_most", "pile": "spells", "field": "cost", "bound": 10}
    report = _report(rule, {"Red Bolt": 1, "Grey Bolt": 1})
    assert not report.is_legal
    assert [(r.code, r.cards, r.message) for r in report.results] == [
        (
            "NUMBER_MISSING",
            ("Grey Bolt",),
            "'Grey Bolt' has no Cost, so the total Cost of Spells cannot be judged",
        )
    ]


def test_a_bound_card_without_its_number_makes_no_total_legal() -> None:
    no_cost = GameCard("tiny", "Costless Hero", "Leader", {"cost": None, "tier": ("1",), "tags": ()})
    rule = {"kind": "sum_at_most", "pile": "spells", "field": "cost", "bound": {"setting": "budget"}}
    deck = Deck(game="tiny")
    deck.add("Costless Hero")
    deck.add("Red Bolt")
    report = check_any(deck, GameCardPool("tiny", [*_FACTION_CARDS, no_cost]), _game(rule))
    assert [(r.code, r.variant, r.cards) for r in report.results] == [
        ("NUMBER_MISSING", "bound", ("Costless Hero",))
    ]
    assert report.results[0].message == (
        "'Costless Hero' has no Cost, so it sets no Leader budget and no total can be legal"
    )


def test_the_new_kinds_read_in_portuguese() -> None:
    from deckbuilder.i18n import render

    rule = {"kind": "count_at_most", "where": {"field": "tier", "values": ["Legendary", "2"]}, "max": 1}
    result = _report(rule, {"Blue Bolt": 1, "Neutral Bolt": 1}).results[0]
    assert render(result, "pt_BR") == "O deck tem 2 cartas com Nível Legendary ou 2; o máximo é 1"


def test_a_numbers_limit_reads_in_the_readers_language() -> None:
    from deckbuilder.i18n import render

    rule = {"kind": "sum_at_most", "pile": "spells", "field": "cost", "bound": 3}
    result = _report(rule, {"Red Bolt": 2}).results[0]
    assert result.message == "Spells: Cost adds up to 4, over the limit of 3"
    assert render(result, "pt_BR") == "Spells: Custo soma 4, acima do máximo: limite 3"

"""Rage's own rules sit in the rule registry as `rage:<kind>`; its formats name them with their parameters."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from deckbuilder.games.description import GameError, game_from_data
from deckbuilder.games.loader import load_game
from deckbuilder.games.rage.context import CheckContext
from deckbuilder.games.rage.engine import RULES, RageRuleKind
from deckbuilder.games.rage.warnings import RenownUnusedRule
from deckbuilder.games.registry import RULE_KINDS, game_rules, kind_named
from deckbuilder.legality import check_deck, load_format
from deckbuilder.legality.formats import FormatError, format_from_data
from deckbuilder.legality.results import Result
from tests.deckbuilder.legality.pool import character, legal_deck, make_pool


def test_every_rage_rule_is_registered_under_the_games_name_in_report_order() -> None:
    registered = [(name, kind) for name, kind in game_rules("rage") if name != "rage:demo_card"]
    assert [name for name, _kind in registered] == [f"rage:{rule.code.lower()}" for rule in RULES]
    for (_name, kind), rule in zip(registered, RULES, strict=True):
        assert isinstance(kind, RageRuleKind)
        assert kind.rule is rule
        assert kind.engine == "rage"
        assert tuple(dict.fromkeys(m.code for m in kind.messages)) == rule.codes


def test_rages_game_description_is_read_at_run_time_with_its_formats() -> None:
    game = load_game("rage")
    assert game.engine == "rage"
    assert [f.name for f in game.formats] == ["revised", "original-1995", "revised-tournament"]
    assert game.default_format == "revised"
    tournament = next(f for f in game.formats if f.name == "revised-tournament")
    kinds = {rule.kind: dict(rule.params) for rule in tournament.rules}
    # The six limits are parameters of Rage's rule kinds, and the format view reads them from there.
    assert kinds["rage:sept_minimum"] == {"min": 30}
    assert kinds["rage:character_copies"] == {"max": 1, "multiple": 5}
    assert kinds["rage:banned_card"]["types"] == ["Battlefield"]
    assert load_format("revised-tournament").limits.sept_minimum == 30
    assert "rage:allegiance_mixed" not in {r.kind for r in load_game("rage").formats[1].rules}  # 1995


def test_a_format_in_the_earlier_shape_is_read_as_the_same_rule_kinds() -> None:
    by_kind = format_from_data({"name": "k", "rules": ["rage:sept_copies", "UNKNOWN_CARD"]}, "test")
    assert by_kind.rules == ("UNKNOWN_CARD", "SEPT_COPIES")
    assert by_kind.format is not None
    assert [r.kind for r in by_kind.format.rules] == ["rage:unknown_card", "rage:sept_copies"]
    with pytest.raises(FormatError, match="rage:no_such_rule"):
        format_from_data({"name": "k", "rules": ["rage:no_such_rule"]}, "test")
    old = format_from_data({"name": "old", "rules": ["SEPT_MINIMUM"], "limits": {"sept_minimum": 31}}, "t")
    new = format_from_data({"name": "new", "rules": [{"kind": "rage:sept_minimum", "min": 31}]}, "t")
    assert old.limits == new.limits and old.rules == new.rules == ("SEPT_MINIMUM",)
    assert (
        check_deck(legal_deck(), make_pool(), old).codes == check_deck(legal_deck(), make_pool(), new).codes
    )


def test_one_code_of_a_rule_may_be_chosen() -> None:
    fmt = format_from_data(
        {"name": "notes", "rules": [{"kind": "rage:set_not_in_format", "codes": ["PRINTING_NOT_IN_FORMAT"]}]},
        "t",
    )
    assert fmt.rules == ("PRINTING_NOT_IN_FORMAT",)
    with pytest.raises(FormatError, match='"codes" may only name'):
        format_from_data({"name": "x", "rules": [{"kind": "rage:set_not_in_format", "codes": ["NOPE"]}]}, "t")


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ({"kind": "rage:sept_minimum", "min": -1}, '"min" must be a whole number'),
        ({"kind": "rage:sept_minimum", "min": "30"}, '"min" must be a whole number'),
        ({"kind": "rage:sept_minimum", "max": 3}, "does not take max"),
        ({"kind": "rage:banned_card", "cards": "Dodge"}, '"cards" must be a list'),
        ({"kind": "rage:demo_card"}, "no such rule kind"),
        ({"kind": "pile_count", "max": 3}, 'runs only on the "generic" engine'),
    ],
)
def test_bad_parameters_of_a_rage_rule_name_the_rule_and_field(rule: dict[str, Any], expected: str) -> None:
    with pytest.raises(FormatError, match=expected):
        format_from_data({"name": "x", "rules": [rule]}, "test")


def test_a_format_naming_the_mixed_allegiance_rule_reports_a_mixed_pack() -> None:
    wyrm = character("Gutrot the Vile", 3, allegiance="Wyrm", keywords="Black Spiral Dancer - Ahroun")
    deck = legal_deck()
    deck.add(wyrm.name)
    fmt = format_from_data({"name": "allegiance-only", "rules": [{"kind": "rage:allegiance_mixed"}]}, "test")
    assert check_deck(deck, make_pool(wyrm), fmt, renown_level=30).codes == ("ALLEGIANCE_MIXED",)
    assert check_deck(legal_deck(), make_pool(), fmt).codes == ()


def test_the_engine_runs_whatever_rule_the_registry_holds_under_the_name() -> None:
    class Louder(RenownUnusedRule):
        """A stand-in registered in place of RENOWN_UNUSED: the engine must find it by name."""

        def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
            yield self.result(renown=1, level=2, unused=1)

    original = RULE_KINDS["rage:renown_unused"]
    RULE_KINDS["rage:renown_unused"] = RageRuleKind(Louder())
    try:
        report = check_deck(
            legal_deck(), make_pool()
        )  # the legal deck uses all its Renown: no note of its own
    finally:
        RULE_KINDS["rage:renown_unused"] = original
    (result,) = [r for r in report.results if r.code == "RENOWN_UNUSED"]
    assert result.message == "The pack's Renown is 1 of 2; 1 unused"
    assert "RENOWN_UNUSED" not in check_deck(legal_deck(), make_pool()).codes


def test_a_game_on_another_engine_cannot_name_a_rage_rule() -> None:
    data: Mapping[str, object] = {
        "name": "tiny",
        "fields": [{"name": "name"}, {"name": "type"}],
        "piles": [{"id": "main", "label": "Main", "types": ["Spell"]}],
        "formats": [{"name": "f", "rules": [{"kind": "rage:allegiance_mixed"}]}],
    }
    with pytest.raises(GameError, match='runs only on the "rage" engine'):
        game_from_data(dict(data), "test")
    assert kind_named("rage:allegiance_mixed") is not None


def test_the_engines_demo_check_is_registered_and_runs_for_a_format_that_enables_nothing() -> None:
    demo = RULE_KINDS["rage:demo_card"]
    assert isinstance(demo, RageRuleKind)
    assert demo.always
    assert [m.code for m in demo.messages] == ["DEMO_CARD"] * 3
    with pytest.raises(
        FormatError, match="rage:demo_card"
    ):  # no format can name it, so none can switch it off
        format_from_data({"name": "k", "rules": ["rage:demo_card"]}, "test")

    class Flagged(RenownUnusedRule):
        """A stand-in registered in place of the demo check: the engine must run it whatever the format says."""

        def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
            yield self.result(renown=0, level=0, unused=0)

    nothing = format_from_data({"name": "nothing", "rules": []}, "test")
    RULE_KINDS["rage:demo_card"] = RageRuleKind(Flagged(), always=True)
    try:
        report = check_deck(legal_deck(), make_pool(), nothing)
    finally:
        RULE_KINDS["rage:demo_card"] = demo
    assert report.codes == ("RENOWN_UNUSED",)
    assert check_deck(legal_deck(), make_pool(), nothing).codes == ()

"""Rage's own rules sit in the game rule registry as `rage:<kind>`; its formats resolve their rules through it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from deckbuilder.games.description import GameError, game_from_data
from deckbuilder.games.registry import RULE_KINDS, game_rules, kind_named
from deckbuilder.legality import check_deck, load_format
from deckbuilder.legality.engine import format_rules
from deckbuilder.legality.formats import FormatError, format_from_data
from deckbuilder.legality.results import Result
from deckbuilder.legality.rules import RULES, CheckContext, RageRuleKind, RenownUnusedRule
from tests.deckbuilder.legality.pool import character, legal_deck, make_pool


def test_every_rage_rule_is_registered_under_the_games_name_in_report_order() -> None:
    registered = [(name, kind) for name, kind in game_rules("rage") if name != "rage:demo_card"]
    assert [name for name, _kind in registered] == [f"rage:{rule.code.lower()}" for rule in RULES]
    assert "rage:allegiance_mixed" in dict(registered)
    for (_name, kind), rule in zip(registered, RULES, strict=True):
        assert isinstance(kind, RageRuleKind)
        assert kind.rule is rule
        assert kind.engine == "rage"
        assert tuple(dict.fromkeys(m.code for m in kind.messages)) == rule.codes


def test_a_shipped_format_runs_the_registered_rules_of_the_codes_it_enables() -> None:
    fmt = load_format("original-1995")
    names = fmt.rule_kinds()
    assert "rage:combat_minimum" in names
    assert "rage:allegiance_mixed" not in names  # allegiance came later than 1995
    kinds = [RULE_KINDS[name] for name in names]
    assert format_rules(fmt) == [kind.rule for kind in kinds if isinstance(kind, RageRuleKind)]
    assert len(format_rules(fmt)) == len(names)


def test_a_format_may_name_a_registered_rule_instead_of_its_codes() -> None:
    by_kind = format_from_data({"name": "k", "rules": ["rage:sept_copies", "UNKNOWN_CARD"]}, "test")
    assert by_kind.rules == ("UNKNOWN_CARD", "SEPT_COPIES")
    assert by_kind.rule_kinds() == ("rage:unknown_card", "rage:sept_copies")
    with pytest.raises(FormatError, match="rage:no_such_rule"):
        format_from_data({"name": "k", "rules": ["rage:no_such_rule"]}, "test")


def test_a_format_naming_the_mixed_allegiance_rule_reports_a_mixed_pack() -> None:
    wyrm = character("Gutrot the Vile", 3, allegiance="Wyrm", keywords="Black Spiral Dancer - Ahroun")
    deck = legal_deck()
    deck.add(wyrm.name)
    fmt = format_from_data({"name": "allegiance-only", "rules": ["rage:allegiance_mixed"]}, "test")
    assert check_deck(deck, make_pool(wyrm), fmt, renown_level=30).codes == ("ALLEGIANCE_MIXED",)
    assert check_deck(legal_deck(), make_pool(), fmt).codes == ()


def test_the_engine_runs_whatever_rule_the_registry_holds_under_the_name() -> None:
    class Louder(RenownUnusedRule):
        """A stand-in registered in place of RENOWN_UNUSED: the engine must find it by name."""

        def check(self, ctx: CheckContext) -> Iterable[Result]:
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

        def check(self, ctx: CheckContext) -> Iterable[Result]:
            yield self.result(renown=0, level=0, unused=0)

    nothing = format_from_data({"name": "nothing", "rules": []}, "test")
    RULE_KINDS["rage:demo_card"] = RageRuleKind(Flagged(), always=True)
    try:
        report = check_deck(legal_deck(), make_pool(), nothing)
    finally:
        RULE_KINDS["rage:demo_card"] = demo
    assert report.codes == ("RENOWN_UNUSED",)
    assert check_deck(legal_deck(), make_pool(), nothing).codes == ()

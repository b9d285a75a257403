"""Fix-it hints for games on the generic engine: each rule kind's declared fixes, every hint re-checked and tried."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckbuilder.deckfiles import parse_deck_text
from deckbuilder.fixhints import KIND_FIXES, HintsCancelled, apply_changes, fix_hints
from deckbuilder.games.cards import shipped_pool
from deckbuilder.games.check import check
from deckbuilder.games.kinds import RULE_KINDS
from deckbuilder.games.loader import load_game
from tests.deckbuilder.cli.helpers import run

LITHIC = load_game("lithic-rage")
POOL = shipped_pool(LITHIC)


def _deck(text: str):  # type: ignore[no-untyped-def]
    return parse_deck_text("# game: lithic-rage\n" + text).deck


def _hints(text: str, code: str):  # type: ignore[no-untyped-def]
    deck = _deck(text)
    report = check(deck, POOL, LITHIC)
    assert code in [r.code for r in report.errors], [r.code for r in report.results]
    found = fix_hints(deck, POOL, POOL.cards(), None, None, report)
    return deck, next(hints for error, hints in found if error.code == code)


def _count(deck, code: str) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for r in check(deck, POOL, LITHIC).results if r.code == code)


def test_every_generic_kind_that_can_be_violated_by_cards_declares_its_fixes() -> None:
    generic = {name for name in RULE_KINDS if ":" not in name}
    # Groups of exact sizes need a choice of cards per group no data says; their errors get an honest "no fix".
    assert generic - set(KIND_FIXES) == {"exact_count_per_group"}


def test_copies_over_the_limit_are_trimmed_and_the_deck_is_legal_after() -> None:
    deck, hints = _hints(
        "Ancestry:\n1\tRiver Folk\nClass:\n1\tBone Shaman\nActions:\n4\tSling Stone\n", "TOO_MANY_COPIES"
    )
    assert hints and hints[0].code == "TRIM"
    assert hints[0].message == "Trim 'Sling Stone' from 4 to 3 copies"
    fixed = deck.copy()
    apply_changes(fixed, hints[0].changes)
    assert check(fixed, POOL, LITHIC).is_legal


def test_a_mistyped_name_is_replaced_by_the_closest_before_being_removed() -> None:
    _deck, hints = _hints(
        "Ancestry:\n1\tRiver Folk\nClass:\n1\tBone Shaman\nActions:\n2\tSling Stoen\n", "UNKNOWN_CARD"
    )
    assert [h.code for h in hints][:2] == ["REPLACE", "REMOVE"]
    assert "'Sling Stone'" in hints[0].message


def test_a_missing_class_is_offered_a_class_card_and_every_hint_clears_its_error() -> None:
    deck, hints = _hints("Ancestry:\n1\tRiver Folk\nActions:\n2\tSling Stone\n", "EXACTLY_ONE")
    assert hints and all(h.code == "ADD_CHARACTER" for h in hints)
    for hint in hints:
        added = POOL.lookup(hint.changes[0].name)
        assert added is not None and added.type == "Class"
        fixed = deck.copy()
        apply_changes(fixed, hint.changes)
        assert _count(fixed, "EXACTLY_ONE") < _count(deck, "EXACTLY_ONE")


def test_two_conditions_keep_one() -> None:
    _deck, hints = _hints(
        "Ancestry:\n1\tRiver Folk\nClass:\n1\tBone Shaman\nCondition:\n2\tCondition Tracker\nActions:\n1\tStalk\n",
        "PILE_TOO_LARGE",
    )
    assert hints and hints[0].message.startswith("Remove 1 card from Condition: 1 × Condition Tracker")


def test_check_fix_hints_for_a_lithic_rage_deck(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(
        "# game: lithic-rage\nAncestry:\n1\tRiver Folk\nClass:\n1\tBone Shaman\nActions:\n4\tSling Stone\n"
    )
    code, out, err = run("check", str(path), "--fix-hints")
    assert code == 1, err
    assert "fix      TOO_MANY_COPIES: Trim 'Sling Stone' from 4 to 3 copies" in out
    code, out, err = run("check", str(path), "--fix-hints", "--json")
    hints = json.loads(out)["decks"][0]["fix_hints"]
    assert hints[0]["hints"][0]["changes"] == [
        {"name": "Sling Stone", "count": -1, "set": None, "starting": False}
    ]


def test_a_total_over_its_bound_takes_out_the_fewest_copies_that_fit() -> None:
    # 3 Mammoth Charge at Cost 5 = 15 against Bone Shaman's 12: taking 1 out leaves 10.
    deck, hints = _hints(
        "Ancestry:\n1\tRiver Folk\nClass:\n1\tBone Shaman\nActions:\n3\tMammoth Charge\n", "SUM_OVER_BOUND"
    )
    assert hints[0].message == "Trim 'Mammoth Charge' from 3 to 2 copies"
    fixed = deck.copy()
    apply_changes(fixed, hints[0].changes)
    assert check(fixed, POOL, LITHIC).is_legal


def test_a_group_count_has_an_honest_reason_instead_of_a_hint() -> None:
    from deckbuilder.fixhints import no_fix_reason

    assert "only the player can choose" in no_fix_reason("GROUP_COUNT")


def test_a_cancel_stops_the_generic_engines_hints_too() -> None:
    deck = _deck(
        "Ancestry:\n1\tRiver Folk\nClass:\n1\tBone Shaman\nActions:\n4\tSling Stone\n2\tSling Stoen\n"
    )
    report = check(deck, POOL, LITHIC)
    asked = [0]

    def cancel() -> bool:
        asked[0] += 1
        return asked[0] > 1

    with pytest.raises(HintsCancelled):
        fix_hints(deck, POOL, POOL.cards(), None, None, report, cancel)
    assert asked[0] == 2
    assert fix_hints(deck, POOL, POOL.cards(), None, None, report)  # never cancelled: its hints

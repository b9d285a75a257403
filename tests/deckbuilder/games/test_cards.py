"""Another game's card data is validated like Rage's: bad numbers, minimums, duplicate columns, unclosed quotes."""

from __future__ import annotations

import pytest

from deckbuilder.deck import Deck
from deckbuilder.games import cards
from deckbuilder.games.cards import GameCardPool, read_card_data, shipped_pool
from deckbuilder.games.check import check_any
from deckbuilder.games.loader import load_game

HEADER = "Name,Type,Subtype,Cost,M,A,W,S,Text\n"


def _read(rows: str) -> tuple[dict[str, object], list[tuple[int, str]]]:
    data = read_card_data(load_game("lithic-rage"), HEADER + rows)
    return {c.name: c.number("cost") for c in data.cards}, [(i.line, i.reason) for i in data.issues]


def test_a_superscript_or_double_minus_number_is_reported_per_row_never_a_crash() -> None:
    costs, issues = _read("Jab,Action,,²,,,,,x\nKick,Action,,--5,,,,,x\nPunch,Action,,3,,,,,x\n")
    assert costs == {"Jab": None, "Kick": None, "Punch": 3}  # every sound row and value kept
    assert issues == [
        (2, "'Jab': Cost '²' is not a whole number; left empty"),
        (3, "'Kick': Cost '--5' is not a whole number; left empty"),
    ]


def test_a_negative_cost_is_refused_where_the_description_says_whole_numbers_of_0_or_more() -> None:
    assert load_game("lithic-rage").field_named("cost").minimum == 0  # type: ignore[union-attr]
    costs, issues = _read("Jab,Action,,-2,,,,,x\n")
    assert costs == {"Jab": None}
    assert issues == [(2, "'Jab': Cost -2 is below the least allowed (0); left empty")]


def test_duplicate_columns_are_reported_not_resolved_silently() -> None:
    data = read_card_data(load_game("lithic-rage"), "Name,Type,Cost,cost\nJab,Action,1,9\n")
    assert [c.number("cost") for c in data.cards] == [1]
    assert [(i.line, i.reason) for i in data.issues] == [
        (1, "the header names the column 'cost' twice (columns 3 and 4); the first is read")
    ]


def test_an_unclosed_quote_is_reported_at_its_line_and_the_rows_after_it_are_kept() -> None:
    costs, issues = _read('Jab,Action,,1,,,,,x\nKick,Action,,2,,,,,"never closed\nPunch,Action,,3,,,,,x\n')
    assert costs == {"Jab": 1, "Punch": 3}
    assert issues == [(3, "a quote opened on this line is never closed; the line is skipped")]
    # A quoted field that does close may hold line breaks: nothing is reported.
    costs, issues = _read('Jab,Action,,1,,,,,"two\nlines"\nPunch,Action,,3,,,,,x\n')
    assert (costs, issues) == ({"Jab": 1, "Punch": 3}, [])


def test_unclosed_quotes_past_the_bound_stop_reading_with_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each unclosed quote re-reads the rest of the file: past a bound the reader stops and says so.
    monkeypatch.setattr(cards, "MAX_UNCLOSED_QUOTES", 0)
    _costs, issues = _read('Jab,Action,,1,,,,,"never closed\nPunch,Action,,3,,,,,x\n')
    assert [reason for _line, reason in issues] == [
        "a quote opened on this line is never closed; the line is skipped",
        "too many unclosed quotes; the rest of the file is not read",
    ]


def test_a_class_card_without_a_cost_cannot_make_the_actions_total_legal() -> None:
    game = load_game("lithic-rage")
    shipped = shipped_pool(game).cards()
    data = read_card_data(game, HEADER + "Empty Hunter,Class,,,1,1,1,10,No Cost printed.\n")
    pool = GameCardPool(game.name, [*shipped, *data.cards])
    deck = Deck(game=game.name)
    for name, count in {"Flint-Born": 1, "Empty Hunter": 1, "Sling Stone": 1}.items():
        deck.add(name, count)
    report = check_any(deck, pool)
    assert not report.is_legal
    assert [(r.code, r.cards) for r in report.errors] == [("NUMBER_MISSING", ("Empty Hunter",))]
    assert report.errors[0].message == (
        "'Empty Hunter' has no Cost, so it sets no Class Cost and no total can be legal"
    )


def test_every_games_near_names_come_from_the_one_matcher() -> None:
    pool = shipped_pool(load_game("lithic-rage"))
    assert pool.suggest("Flint Bron") == ["Flint-Born"]
    assert pool.suggest("Obsidian") == [
        "Obsidian Spear"
    ]  # part of a name is offered too, as for Rage's cards
    assert pool.suggest("zzzz") == []


def test_a_stray_quote_in_the_last_row_is_that_rows_problem_not_an_unclosed_quote() -> None:
    costs, issues = _read('Jab,Action,,1,,,,,x\nKick,Action,,2,,,,,"a"b\n')
    assert costs == {"Jab": 1}
    assert [(line, reason.split(" (")[0]) for line, reason in issues] == [(3, "unreadable row")]

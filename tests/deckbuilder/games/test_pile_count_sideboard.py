"""A pile too small while the sideboard holds copies of its cards says they are not counted (a game written from
docs/GAMES.md alone, tests/deckbuilder/sideboard_game.py), in every language."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.context import deck_context
from deckbuilder.deckfiles import parse_deck_text
from deckbuilder.i18n import render
from tests.deckbuilder import sideboard_game


def test_too_few_cards_says_the_sideboard_copies_are_not_counted(relic_raiders: Path) -> None:
    short = sideboard_game.LEGAL_DECK.replace("2 Reef Hound\n", "").replace("1 Storm Caller\n", "")
    deck = parse_deck_text(short).deck
    [error] = deck_context(deck, None).check(deck).errors
    assert error.message == ("Deck has 7 cards; at least 8 are required (not counted: 2 cards in Sideboard)")
    assert render(error, "pt_BR") == "Deck tem 7 cartas; o mínimo é 8 (não contam: 2 cartas em Sideboard)"
    # Without sideboard copies of deck cards the message is as before.
    alone = parse_deck_text(short.split("Sideboard:")[0]).deck
    [error] = deck_context(alone, None).check(alone).errors
    assert error.message == "Deck has 7 cards; at least 8 are required"


def test_a_rule_whose_scope_holds_the_sideboard_counts_it_and_says_nothing_more() -> None:
    rules = [*sideboard_game._rules(False), {"kind": "pile_count", "pile": ["deck", "sideboard"], "min": 13}]
    sideboard_game.install(rules=rules)
    deck = parse_deck_text(sideboard_game.LEGAL_DECK).deck
    [error] = deck_context(deck, None).check(deck).errors
    assert error.message == "Deck + Sideboard has 12 cards; at least 13 are required"

"""Fix hints for a game with a sideboard (tests/deckbuilder/sideboard_game.py, written from docs/GAMES.md alone): a
hint changes the pile whose rule failed, a rule over several piles gets its missing cards, and a card's copies in
the deck and the sideboard are taken from the pile that is over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckbuilder.context import deck_context
from deckbuilder.deckfiles import parse_deck_text
from deckbuilder.fixhints import Change, FixHint, apply_changes, context_hints
from deckbuilder.games.hints import Verifier
from tests.deckbuilder import sideboard_game
from tests.deckbuilder.cli.helpers import run

BASE = sideboard_game._rules(False)
NO_COPY_LIMIT = [rule for rule in BASE if rule["kind"] != "copies_at_most"]


def _hints(text: str, rules: list[dict[str, Any]] | None = None) -> tuple[Any, dict[str, list[FixHint]]]:
    sideboard_game.install(rules=rules)
    deck = parse_deck_text(text).deck
    context = deck_context(deck, None)
    found = {error.code: hints for error, hints in context_hints(deck, context, context.check(deck))}
    return deck, found


def _legal_after(text: str, hint: FixHint) -> bool:
    deck = parse_deck_text(text).deck
    apply_changes(deck, hint.changes)
    return deck_context(deck, None).check(deck).is_legal


def test_a_rule_over_the_leader_and_the_deck_is_offered_the_missing_cards() -> None:
    rules = [*BASE, {"kind": "pile_count", "pile": ["leader", "deck"], "min": 12}]
    _deck, found = _hints(sideboard_game.LEGAL_DECK, rules)
    assert list(found) == ["PILE_TOO_SMALL"]  # Leader + Deck hold 11 cards
    hints = found["PILE_TOO_SMALL"]
    assert hints, "a rule over several piles gets a hint"
    # The card goes to the main deck (a second Leader would break `exactly_one`) and the deck is legal after it.
    assert all(h.message.startswith("Add 1 card to Deck: 1 × ") for h in hints), [h.message for h in hints]
    assert all(_legal_after(sideboard_game.LEGAL_DECK, h) for h in hints)


def test_a_copy_limit_over_deck_and_sideboard_is_trimmed_in_the_sideboard() -> None:
    text = sideboard_game.LEGAL_DECK.replace("2 Ember Scout", "2 Ember Scout\n1 Tide Raider")
    _deck, found = _hints(text)
    assert list(found) == ["TOO_MANY_COPIES"]  # 2 Tide Raiders in the deck, 1 in the sideboard
    hints = found["TOO_MANY_COPIES"]
    sideboard = [h for h in hints if h.changes == (Change("Tide Raider", -1, None, starting=True),)]
    assert sideboard, [h.message for h in hints]
    assert "Sideboard" in sideboard[0].message
    assert all(_legal_after(text, h) for h in hints)


def test_a_sideboard_over_its_size_loses_its_own_copy_not_the_decks() -> None:
    rules = [*NO_COPY_LIMIT, {"kind": "pile_count", "pile": "sideboard", "max": 2}]
    text = sideboard_game.LEGAL_DECK.replace("2 Ember Scout", "3 Tide Raider")  # Tide Raider in both piles
    _deck, found = _hints(text, rules)
    assert list(found) == ["PILE_TOO_LARGE"]
    [hint] = found["PILE_TOO_LARGE"]
    assert hint.changes == (Change("Tide Raider", -1, None, starting=True),)
    assert hint.message == "Remove 1 card from Sideboard: 1 × Tide Raider"
    assert _legal_after(text, hint)


def test_a_card_off_the_faction_in_the_deck_and_the_sideboard_leaves_both() -> None:
    rules = [
        *(r for r in BASE if r["kind"] != "same_as_card"),
        {"kind": "same_as_card", "field": "faction", "card_pile": "leader", "except_values": ["Neutral"]},
    ]
    text = sideboard_game.LEGAL_DECK.replace("1 Boarding Action", "1 Ember Scout").replace(
        "2 Ember Scout", "1 Ember Scout"
    )
    _deck, found = _hints(text, rules)
    assert list(found) == ["NOT_SHARED"]  # the rule covers the whole deck, sideboard included
    hints = found["NOT_SHARED"]
    assert hints and hints[0].message == "Remove 'Ember Scout' (2 copies)"
    assert set(hints[0].changes) == {
        Change("Ember Scout", -1),
        Change("Ember Scout", -1, None, starting=True),
    }
    assert all(_legal_after(text, h) for h in hints)


def test_a_hint_that_clears_another_cards_error_of_the_same_code_is_refused(relic_raiders: Path) -> None:
    text = sideboard_game.LEGAL_DECK.replace("2 Ember Scout", "1 Tide Raider\n1 Deckhand")
    deck = parse_deck_text(text).deck
    context = deck_context(deck, None)
    report = context.check(deck)
    raider, deckhand = report.errors  # 3 Tide Raiders and 3 Deckhands, each over the limit of 2
    verifier = Verifier(deck, report, context.check)
    # Taking a Deckhand out leaves Tide Raider's error as it was: no hint for it, though one TOO_MANY_COPIES went.
    assert not verifier.accepted(raider, [Change("Deckhand", -1, None, starting=True)])
    assert verifier.accepted(raider, [Change("Tide Raider", -1, None, starting=True)])
    assert verifier.accepted(deckhand, [Change("Deckhand", -1, None, starting=True)])


def test_ragedeck_check_prints_the_sideboard_trim_in_english_and_portuguese(
    tmp_path: Path, relic_raiders: Path
) -> None:
    deck = tmp_path / "raiders.txt"
    deck.write_text(
        sideboard_game.LEGAL_DECK.replace("2 Ember Scout", "2 Ember Scout\n1 Tide Raider"), "utf-8"
    )
    db = str(tmp_path / "cards.sqlite")
    code, out, err = run("check", str(deck), "--db", db, "--fix-hints")
    assert code == 1, err
    assert "fix      TOO_MANY_COPIES: Trim 'Tide Raider' from 3 to 2 copies, taking 1 out of Sideboard" in out
    code, out, err = run("--lang", "pt_BR", "check", str(deck), "--db", db, "--fix-hints")
    assert "Reduzir 'Tide Raider' de 3 para 2 cópias, tirando 1 de Sideboard" in out, out

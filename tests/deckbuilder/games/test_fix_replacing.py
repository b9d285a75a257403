"""Fix hints try replacing a card when taking it out alone would break a pile of exact size."""

from __future__ import annotations

from deckbuilder.context import deck_context
from deckbuilder.deckfiles import parse_deck_text
from deckbuilder.fixhints import REPLACE, apply_changes, context_hints, fix_hints
from tests.deckbuilder import sideboard_game

# Ten deck cards, one of them (Ember Scout) off the Leader's faction; the sideboard left out.
OFF_FACTION = sideboard_game.LEGAL_DECK.split("Sideboard:")[0].replace("1 Boarding Action", "1 Ember Scout")


def _hints(exact: bool) -> dict[str, list[tuple[str, str]]]:
    sideboard_game.install(exact=exact)
    deck = parse_deck_text(OFF_FACTION).deck
    context = deck_context(deck, None)
    report = context.check(deck)
    return {
        error.code: [(hint.code, hint.message) for hint in hints]
        for error, hints in context_hints(deck, context, report)
    }


def test_a_card_off_the_leaders_faction_in_a_pile_of_exact_size_is_replaced() -> None:
    found = _hints(exact=True)
    assert list(found) == ["NOT_SHARED"]  # the deck has its 10 cards: only the faction is wrong
    hints = found["NOT_SHARED"]
    assert hints and all(code == REPLACE for code, _message in hints)
    # Each replacement is of the Leader's faction (Tide) or Neutral, and the engine accepted it.
    assert any("Replace 1 × 'Ember Scout' with 1 × " in message for _code, message in hints)
    assert not any("Ember Scout" in message.split(" with ")[1] for _code, message in hints)


def test_where_the_pile_may_shrink_taking_the_card_out_comes_first() -> None:
    found = _hints(exact=False)
    assert found["NOT_SHARED"][0] == ("REMOVE", "Remove 'Ember Scout'")


def test_the_replacement_leaves_the_deck_legal() -> None:
    sideboard_game.install(exact=True)
    deck = parse_deck_text(OFF_FACTION).deck
    context = deck_context(deck, None)
    [(error, hints)] = fix_hints(deck, context.pool, None, None, None, context.check(deck))
    assert error.code == "NOT_SHARED"
    apply_changes(deck, hints[0].changes)
    assert context.check(deck).is_legal

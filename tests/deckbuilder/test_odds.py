"""Draw odds against values worked out by hand (C(n, k) written out), and sample hands that a seed reproduces."""

from __future__ import annotations

import io
import json
from collections import Counter
from math import comb
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carddb.cardtypes import Section
from carddb.db import CardDatabase
from carddb.demo import demo_deck_path, ensure_demo_cards
from carddb.model import CardInfo
from deckbuilder.cli import main
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import read_deck
from deckbuilder.games.rage.odds import combat_hand_odds
from deckbuilder.odds import (
    EXACT,
    SIMULATED,
    Odds,
    SampleHand,
    at_least,
    at_least_one,
    card_by_turn,
    deck_piles,
    format_seed,
    parse_seed,
    shown_percent,
    type_by_turn,
    wilson,
)
from tests.deckbuilder.legality.pool import (
    BASE_COMBAT,
    BASE_SEPT,
    InMemoryPool,
    card,
    character,
    legal_deck,
    make_pool,
)

# C(20,5) = 15504, C(18,5) = 8568, C(16,5) = 4368, C(12,5) = 792, C(18,3) = 816
# C(20,10) = 184756, C(18,10) = 43758, C(30,5) = 142506, C(27,5) = 80730


def test_hypergeometric_matches_hand_counts() -> None:
    assert at_least_one(20, 2, 5) == pytest.approx(1 - 8568 / 15504)
    assert at_least_one(20, 0, 5) == 0.0
    assert at_least_one(4, 1, 10) == 1.0  # more draws than cards: every card is seen


def test_a_combat_card_by_turn_counts_the_combat_phase_redraw() -> None:
    # Revised rules, Combat Phase: the opening 5 combat cards, then at each Combat Phase a discard and redraw to 5,
    # and after each combat the card it played drawn back: by turn N's Combat Phase 5 + 5N + (N - 1) combat cards
    # seen (2 copies of 20 here).
    piles = deck_piles(legal_deck(), make_pool())
    first = card_by_turn(piles, BASE_COMBAT[0].name, 1)
    assert first.method == EXACT
    assert first.probability == pytest.approx(1 - comb(18, 10) / comb(20, 10))
    assert "Combat Phase" in first.source
    # Turn 2: 5 more at its Combat Phase, and 1 drawn after the first combat for the card it played (ch. 5,
    # Ending Combat: the hand is refilled after every combat): 16 seen.
    second = card_by_turn(piles, BASE_COMBAT[0].name, 2)
    assert second.probability == pytest.approx(1 - comb(18, 16) / comb(20, 16))
    assert dict(second.params)["seen"] == "16"
    assert "Ending Combat" in second.source


def _at_least(population: int, hits: int, seen: int, copies: int) -> float:
    """Worked out apart from the app: the sum of the hypergeometric terms of `copies` hits and more."""
    return sum(comb(hits, k) * comb(population - hits, seen - k) for k in range(copies, hits + 1)) / comb(
        population, seen
    )


@pytest.mark.parametrize("copies", [1, 2, 3])
@pytest.mark.parametrize("turn", [1, 2, 3])
def test_at_least_n_copies_of_a_sept_card_and_a_type_by_turn(copies: int, turn: int) -> None:
    piles = deck_piles(legal_deck(), make_pool())  # 10 sept cards × 3 copies
    odds = card_by_turn(piles, BASE_SEPT[0].name, turn, copies)
    assert odds.probability == pytest.approx(_at_least(30, 3, 5 * turn, copies))
    assert dict(odds.params)["copies"] == str(copies)
    if copies > 1:
        assert f"at least {copies} copies of" in odds.message
    # A Type: 20 combat cards are Combat Actions, all of them.
    assert type_by_turn(piles, "combat", "Combat Action", turn, copies).probability == 1.0
    assert at_least(30, 3, 5 * turn, copies) == pytest.approx(_at_least(30, 3, 5 * turn, copies))


def test_a_figure_reads_100_percent_only_when_certain() -> None:
    almost = 1 - comb(30, 20) / comb(40, 20)  # 99.978 %: rounds to 100.0 but is not certain
    assert at_least_one(40, 10, 20) == pytest.approx(almost)
    assert str(shown_percent(almost)) == "99.9%"
    assert Odds("BY_TURN", almost, EXACT, "").to_json()["probability"] < 1
    assert str(shown_percent(1.0)) == "100.0%"
    assert str(shown_percent(2e-5)) == "0.1%"
    assert str(shown_percent(0.0)) == "0.0%"
    piles = deck_piles(legal_deck(), make_pool())
    # 27 of 30 sept cards are not this one; by turn 6 the 30 cards are all seen: certain, and shown as 100.
    sure = card_by_turn(piles, BASE_SEPT[0].name, 6)
    assert sure.probability == 1.0 and sure.message.startswith("100.0%")


def test_a_simulated_margin_is_a_wilson_interval_that_never_collapses() -> None:
    for hits in (0, 1000):
        odds = Odds("X", hits / 1000, SIMULATED, "", trials=1000, seed=1)
        low, high = odds.interval
        assert odds.margin > 0.001
        assert low <= hits / 1000 <= high
    # Wilson worked out by hand at p = 0, n = 1000, z = 1.96: the upper end is z²/(n + z²).
    assert wilson(0, 1000)[1] == pytest.approx(1.96**2 / (1000 + 1.96**2))
    assert Odds("X", 0.5, EXACT, "").margin == 0.0


def test_a_sept_card_and_a_type_by_turn() -> None:
    piles = deck_piles(legal_deck(), make_pool())
    assert card_by_turn(piles, BASE_SEPT[0].name, 1).probability == pytest.approx(1 - 80730 / 142506)
    # Every combat card is a Combat Action: certain on turn 1; no sept card is a Gift.
    assert type_by_turn(piles, Section.COMBAT, "Combat Action", 1).probability == 1.0
    assert type_by_turn(piles, Section.SEPT, "Gift", 6).probability == 0.0
    assert "Hand Sizes" in card_by_turn(piles, BASE_SEPT[0].name, 1).source


def test_starting_cards_are_not_in_the_sept_pile() -> None:
    deck = legal_deck()
    deck.move_to_starting(BASE_SEPT[0].name, None, 3)
    piles = deck_piles(deck, make_pool())
    assert len(piles.sept) == 27
    with pytest.raises(KeyError):
        card_by_turn(piles, BASE_SEPT[0].name, 3)


AHROUN = character("Red Fang", 5, keywords="Garou - Fianna - Ahroun - Homid")
THEURGE = character("Grey Seer", 5, keywords="Garou - Stargazers - Theurge - Lupus")
FOR_AHROUN = [card(f"Rending Claw {i}", "Combat Action", requires="Ahroun", rage=1) for i in range(2)]
FOR_THEURGE = [card(f"Spirit Strike {i}", "Combat Action", requires="Theurge", rage=1) for i in range(2)]
TOO_ANGRY = [card(f"Berserk Howl {i}", "Combat Action", rage=9) for i in range(6)]


def _two_character_deck(*combat: tuple[CardInfo, int]) -> tuple[Deck, InMemoryPool]:
    cards = [AHROUN, THEURGE, *(c for c, _ in combat)]
    deck = Deck(name="Two fighters")
    deck.add(AHROUN.name)
    deck.add(THEURGE.name)
    for c, n in combat:
        deck.add(c.name, n)
    return deck, InMemoryPool(cards)


def _both_after_the_combat_phase(a: int, b: int, rest: int) -> float:
    """Two Characters with their own a and b cards: the opening 5, then keep one useful card each and redraw."""
    n, after = a + b + rest, a + b + rest - 5
    total = 0.0
    for i in range(min(a, 5) + 1):
        for j in range(min(b, 5 - i) + 1):
            opening = comb(a, i) * comb(b, j) * comb(rest, 5 - i - j) / comb(n, 5)
            if i and j:
                win = 1.0
            elif i:  # keep one of A, draw 4 hoping for a B
                win = 1 - comb(after - (b - j), 4) / comb(after, 4)
            elif j:
                win = 1 - comb(after - (a - i), 4) / comb(after, 4)
            else:  # discard all 5 and draw 5 again
                win = 1 - (comb(after - a, 5) + comb(after - b, 5) - comb(after - a - b, 5)) / comb(after, 5)
            total += opening * win
    return total


def test_each_character_exact_and_every_character_after_the_combat_phase_redraw() -> None:
    deck, pool = _two_character_deck(*((c, 2) for c in [*FOR_AHROUN, *FOR_THEURGE, *TOO_ANGRY]))
    odds = combat_hand_odds(deck, pool, seed=5, trials=40_000)
    by_name = {dict(o.params)["character"]: o for o in odds.per_character}
    # Each can play 4 of 20 cards (Rage 9 is more than their Crinos Rage of 5); keep one or redraw all: 10 seen.
    for name in (AHROUN.name, THEURGE.name):
        assert by_name[name].probability == pytest.approx(1 - comb(16, 10) / comb(20, 10))
        assert by_name[name].method == EXACT
        assert "Combat Phase" in by_name[name].source
    expected = _both_after_the_combat_phase(4, 4, 12)
    assert odds.every_character is not None and odds.every_character.method == SIMULATED
    assert abs(odds.every_character.probability - expected) <= odds.every_character.margin + 0.002


def test_sharing_one_card_needs_two_copies_in_hand_simulated() -> None:
    shared = card("Twin Strike", "Combat Action", rage=1)
    deck, pool = _two_character_deck((shared, 2), *((c, 3) for c in TOO_ANGRY))
    odds = combat_hand_odds(deck, pool, seed=7, trials=20_000)
    assert odds.every_character is not None and odds.distinct_cards is not None
    assert odds.every_character.probability == pytest.approx(1 - comb(18, 10) / comb(20, 10))
    # Each a card of its own: both copies by the Combat Phase (one kept, 4 drawn), worked out by opening hand.
    one = comb(2, 1) * comb(18, 4) / comb(20, 5) * (1 - comb(14, 4) / comb(15, 4))
    none = comb(18, 5) / comb(20, 5) * comb(2, 2) * comb(13, 3) / comb(15, 5)
    expected = comb(18, 3) / comb(20, 5) + one + none
    assert odds.distinct_cards.method == SIMULATED
    assert odds.distinct_cards.trials == 20_000
    assert abs(odds.distinct_cards.probability - expected) <= odds.distinct_cards.margin + 0.002
    # The same seed gives the same estimate.
    assert combat_hand_odds(deck, pool, seed=7, trials=20_000).distinct_cards == odds.distinct_cards


def test_form_requirement_needs_a_shapeshifter() -> None:
    kinfolk = character("Aunt Meg", 2, keywords="Kinfolk", crage=None)
    crinos = card("Crinos Slash", "Combat Action", requires="Crinos form", rage=1)
    deck = Deck(name="Kin")
    deck.add(kinfolk.name)
    deck.add(AHROUN.name)
    deck.add(crinos.name, 2)
    odds = combat_hand_odds(deck, InMemoryPool([kinfolk, AHROUN, crinos]))
    by_name = {dict(o.params)["character"]: o.probability for o in odds.per_character}
    assert by_name == {kinfolk.name: 0.0, AHROUN.name: 1.0}


def test_sample_hand_is_five_and_five_and_the_seed_deals_it_again() -> None:
    piles = deck_piles(legal_deck(), make_pool())
    hand = SampleHand.deal(piles, seed=0x1A2B3C4D)
    assert (len(hand.sept_hand), len(hand.combat_hand)) == (5, 5)
    assert set(hand.sept_hand) <= set(piles.sept)
    assert set(hand.combat_hand) <= set(piles.combat)
    again = SampleHand.deal(piles, seed=parse_seed(format_seed(0x1A2B3C4D)))
    assert (again.sept_hand, again.combat_hand) == (hand.sept_hand, hand.combat_hand)
    other = SampleHand.deal(piles, seed=2)
    assert (other.sept_hand, other.combat_hand) != (hand.sept_hand, hand.combat_hand)


def test_redraw_keeps_what_is_kept_and_never_deals_more_copies_than_the_deck_has() -> None:
    piles = deck_piles(legal_deck(), make_pool())
    hand = SampleHand.deal(piles, seed=5)
    kept = hand.sept_hand[0]
    for _turn in range(8):
        hand.redraw(discard_sept=range(1, 5), discard_combat=range(5))
        assert hand.sept_hand[0] == kept
        assert len(hand.combat_hand) == 5  # combat discards are reshuffled when the pile runs out
    assert hand.turn == 9
    # 8 redraws of 4 sept cards from a 30-card deck: the sept pile ran out and the hand stopped filling.
    assert len(hand.sept_hand) == 1
    seen = Counter([*hand.combat_hand, *hand.library("combat"), *hand.discards["combat"]])
    assert seen == Counter(piles.combat)


def test_seed_text_is_checked() -> None:
    assert parse_seed(" #00ff ") == 255
    with pytest.raises(ValueError, match="hand seed"):
        parse_seed("not hex")
    with pytest.raises(ValueError, match="hand seed"):
        parse_seed("123456789")


def test_cli_odds_with_a_shared_seed_deals_the_same_hand(tmp_path: Path) -> None:
    db_path = tmp_path / "db" / "cards.sqlite"
    with CardDatabase(db_path) as db:
        ensure_demo_cards(db)
    args = ["odds", str(demo_deck_path()), "--db", str(db_path), "--seed", "1A2B3C4D", "--card", "low feint"]
    documents = []
    for _ in range(2):
        out, err = io.StringIO(), io.StringIO()
        assert main([*args, "--json"], out=out, err=err) == 0, err.getvalue()
        documents.append(json.loads(out.getvalue()))
    assert documents[0]["sample_hand"] == documents[1]["sample_hand"]
    assert documents[0]["sample_hand"]["seed"] == "1A2B3C4D"
    assert len(documents[0]["sample_hand"]["combat"]) == 5
    by_turn = [o for o in documents[0]["odds"] if o["code"] == "BY_TURN"]
    assert [o["params"]["turn"] for o in by_turn] == ["1", "2", "3"]
    assert by_turn[0]["probability"] == pytest.approx(1 - comb(18, 10) / comb(20, 10), abs=1e-6)
    assert "Combat Phase" in by_turn[0]["source"]
    assert {o["method"] for o in documents[0]["odds"]} == {EXACT, SIMULATED}
    out, err = io.StringIO(), io.StringIO()
    assert main([*args, "--turns", "0"], out=out, err=err) == 2
    assert "--turns must be between" in err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert main([*args, "--trials", "10"], out=out, err=err) == 2
    assert "--trials must be between 1000 and" in err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert main([*args, "--copies", "2"], out=out, err=err) == 0, err.getvalue()
    assert "at least 2 copies of 'Low Feint'" in out.getvalue()
    assert "rule: rage-revised-rules.txt, Chapter 3, Combat Phase" in out.getvalue()


def test_cli_odds_answers_0_percent_for_a_card_that_is_not_in_the_deck(tmp_path: Path) -> None:
    # Issue 29: a card the deck lacks has no chance to be drawn, said as a figure rather than refused.
    db_path = tmp_path / "db" / "cards.sqlite"
    with CardDatabase(db_path) as db:
        ensure_demo_cards(db)
    out, err = io.StringIO(), io.StringIO()
    args = ["odds", str(demo_deck_path()), "--db", str(db_path), "--card", "Not A Card In This Deck"]
    assert main(args, out=out, err=err) == 0, err.getvalue()
    assert "0.0% to draw 'Not A Card In This Deck': no draw pile of the deck holds a copy" in out.getvalue()


@pytest.mark.realpool
def test_real_gaia_deck_dodge_by_turn_and_every_character_can_fight(shared_dir: Path) -> None:
    from tests.conftest import REAL_CARDDATA, REAL_DECKS
    from tests.deckbuilder.legality.pool import read_lackey_carddata

    pool = read_lackey_carddata(REAL_CARDDATA)
    deck = read_deck(REAL_DECKS / "gaia-example.txt", pool=pool).deck
    piles = deck_piles(deck, pool)
    assert (len(piles.sept), len(piles.combat)) == (30, 20)
    assert card_by_turn(piles, "Dodge", 1).probability == pytest.approx(1 - comb(18, 10) / comb(20, 10))
    odds = combat_hand_odds(deck, pool, seed=3, trials=2000)
    assert len(odds.per_character) == 6
    assert odds.every_character is not None
    least = min(o.probability for o in odds.per_character)
    assert 0 < odds.every_character.probability <= least + odds.every_character.margin
    assert odds.every_character.probability == 1.0 or not odds.every_character.message.startswith("100")


def test_more_characters_than_cards_in_a_hand_cannot_each_have_their_own() -> None:
    pack = [character(f"Packmate {i}", 2, keywords="Garou - Fianna - Ahroun - Homid") for i in range(6)]
    swing = card("Wide Swing", "Combat Action", rage=1)
    deck = Deck(name="Six")
    for member in pack:
        deck.add(member.name)
    deck.add(swing.name, 20)
    odds = combat_hand_odds(deck, InMemoryPool([*pack, swing]))
    assert odds.every_character is not None and odds.every_character.probability == 1.0
    assert odds.distinct_cards is not None
    assert (odds.distinct_cards.probability, odds.distinct_cards.method) == (0.0, EXACT)


@given(st.text(max_size=12))
def test_any_seed_text_is_a_seed_or_a_clear_error(text: str) -> None:
    try:
        seed = parse_seed(text)
    except ValueError as exc:
        assert "hand seed" in str(exc)
    else:
        assert 0 <= seed < 1 << 32
        assert parse_seed(format_seed(seed)) == seed


def test_each_its_own_card_when_one_character_has_a_choice() -> None:
    # X: both can play (2 copies); Y: only the Ahroun (2 copies); 16 cards neither can play.
    x = card("Shared Swipe", "Combat Action", rage=1)
    y = FOR_AHROUN[0]
    angry = [card(f"Frenzy {i}", "Combat Action", rage=9) for i in range(8)]
    deck, pool = _two_character_deck((x, 2), (y, 2), *((c, 2) for c in angry))
    odds = combat_hand_odds(deck, pool, seed=11, trials=40_000)
    # A hand works when it has 2 X, or an X and a Y. By opening hand (x X, y Y), then the Combat Phase redraw:
    expected = 0.0
    for x_count in range(3):
        for y_count in range(3):
            opening = comb(2, x_count) * comb(2, y_count) * comb(16, 5 - x_count - y_count) / comb(20, 5)
            if x_count == 2 or (x_count and y_count):
                win = 1.0
            elif x_count == 1:  # keep the X (Theurge or Ahroun), draw 4 of 15 hoping for the other X or a Y
                win = 1 - comb(12, 4) / comb(15, 4)
            elif y_count:  # keep one Y for the Ahroun, draw 4 of 15 hoping for an X for the Theurge
                win = 1 - comb(13, 4) / comb(15, 4)
            else:  # discard all, draw 5 of 15 (2 X, 2 Y, 11 others)
                win = sum(
                    comb(2, a) * comb(2, b) * comb(11, 5 - a - b)
                    for a in range(3)
                    for b in range(3)
                    if a == 2 or (a and b)
                ) / comb(15, 5)
            expected += opening * win
    assert odds.distinct_cards is not None
    assert abs(odds.distinct_cards.probability - expected) <= odds.distinct_cards.margin + 0.002

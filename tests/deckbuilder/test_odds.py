"""Draw odds against values worked out by hand (C(n, k) written out), and sample hands that a seed reproduces."""

from __future__ import annotations

import io
import json
from collections import Counter
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
from deckbuilder.odds import (
    EXACT,
    SIMULATED,
    SampleHand,
    at_least_one,
    card_by_turn,
    combat_hand_odds,
    deck_piles,
    format_seed,
    parse_seed,
    type_by_turn,
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


def test_a_combat_card_by_turn_one_and_two() -> None:
    piles = deck_piles(legal_deck(), make_pool())
    first = card_by_turn(piles, BASE_COMBAT[0].name, 1)
    assert first.method == EXACT
    assert first.probability == pytest.approx(1 - 8568 / 15504)  # 44.7%
    assert card_by_turn(piles, BASE_COMBAT[0].name, 2).probability == pytest.approx(
        1 - 43758 / 184756
    )  # 76.3%


def test_a_sept_card_and_a_type_by_turn() -> None:
    piles = deck_piles(legal_deck(), make_pool())
    assert card_by_turn(piles, BASE_SEPT[0].name, 1).probability == pytest.approx(1 - 80730 / 142506)
    # Every combat card is a Combat Action: certain on turn 1; no sept card is a Gift.
    assert type_by_turn(piles, Section.COMBAT, "Combat Action", 1).probability == 1.0
    assert type_by_turn(piles, Section.SEPT, "Gift", 6).probability == 0.0


def test_starting_cards_are_not_in_the_sept_pile() -> None:
    deck = legal_deck()
    deck.move_to_starting(BASE_SEPT[0].name, None, 3)
    piles = deck_piles(deck, make_pool())
    assert len(piles.sept) == 27
    assert card_by_turn(piles, BASE_SEPT[0].name, 3).probability == 0.0


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


def test_each_character_and_every_character_exact() -> None:
    deck, pool = _two_character_deck(*((c, 2) for c in [*FOR_AHROUN, *FOR_THEURGE, *TOO_ANGRY]))
    odds = combat_hand_odds(deck, pool)
    by_name = {dict(o.params)["character"]: o for o in odds.per_character}
    # Each can play 4 of 20 cards (Rage 9 is more than their Crinos Rage of 5).
    for name in (AHROUN.name, THEURGE.name):
        assert by_name[name].probability == pytest.approx(1 - 4368 / 15504)
        assert by_name[name].method == EXACT
    # Both at once: 1 - 2·C(16,5)/C(20,5) + C(12,5)/C(20,5) = 7560/15504 (48.8%).
    assert odds.every_character is not None
    assert odds.every_character.method == EXACT
    assert odds.every_character.probability == pytest.approx(7560 / 15504)


def test_sharing_one_card_needs_two_copies_in_hand_simulated() -> None:
    shared = card("Twin Strike", "Combat Action", rage=1)
    deck, pool = _two_character_deck((shared, 2), *((c, 3) for c in TOO_ANGRY))
    odds = combat_hand_odds(deck, pool, seed=7, trials=20_000)
    assert odds.every_character is not None and odds.distinct_cards is not None
    assert odds.every_character.probability == pytest.approx(1 - 8568 / 15504)
    # Each a card of its own: both copies in the hand, C(2,2)·C(18,3)/C(20,5) = 816/15504 (5.3%).
    assert odds.distinct_cards.method == SIMULATED
    assert odds.distinct_cards.trials == 20_000
    assert abs(odds.distinct_cards.probability - 816 / 15504) <= odds.distinct_cards.margin + 0.002
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
    seen = Counter([*hand.combat_hand, *hand.combat_library, *hand.combat_discard])
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
    assert by_turn[0]["probability"] == pytest.approx(1 - 8568 / 15504, abs=1e-6)
    assert {o["method"] for o in documents[0]["odds"]} == {EXACT, SIMULATED}
    out, err = io.StringIO(), io.StringIO()
    assert main([*args, "--turns", "0"], out=out, err=err) == 2
    assert "--turns must be between" in err.getvalue()


@pytest.mark.realpool
def test_real_gaia_deck_dodge_by_turn_and_every_character_can_fight(shared_dir: Path) -> None:
    from tests.conftest import REAL_CARDDATA, REAL_DECKS
    from tests.deckbuilder.legality.pool import read_lackey_carddata

    pool = read_lackey_carddata(REAL_CARDDATA)
    deck = read_deck(REAL_DECKS / "gaia-example.txt", pool=pool).deck
    piles = deck_piles(deck, pool)
    assert (len(piles.sept), len(piles.combat)) == (30, 20)
    assert card_by_turn(piles, "Dodge", 1).probability == pytest.approx(1 - 8568 / 15504)
    odds = combat_hand_odds(deck, pool, seed=3, trials=2000)
    assert len(odds.per_character) == 6
    assert odds.every_character is not None
    assert 0 < odds.every_character.probability <= min(o.probability for o in odds.per_character)


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
    # x X and y Y in the hand work when x >= 2, or x = 1 and y >= 1:
    # 2·2·C(16,3) + 2·1·C(16,2) + C(16,3) + 2·C(16,2) + C(16,1) = 2240 + 240 + 560 + 240 + 16 = 3296 of 15504.
    assert odds.distinct_cards is not None
    assert abs(odds.distinct_cards.probability - 3296 / 15504) <= odds.distinct_cards.margin + 0.002

"""The combat hand across turns (revised rules: the Combat Phase discard and redraw, one card played in each combat,
the refill after it, discards reshuffled when the combat deck runs out), checked against a game enumerated here card
by card with exact fractions, apart from the app's chain and simulation."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import comb

import pytest

from carddb.model import CardInfo
from deckbuilder.deck import Deck
from deckbuilder.games.loader import load_game
from deckbuilder.games.rage import combat_play
from deckbuilder.games.rage.combat_play import exact_by_turn
from deckbuilder.games.rage.odds import combat_hand_odds, combat_table
from deckbuilder.odds import EXACT, SIMULATED, OddsCancelled, deck_piles
from tests.deckbuilder.legality.pool import InMemoryPool, card, character

HAND = 5
# Rage's description: one card played in each combat (refilled after it).
PLAYED = next(d.played for d in load_game("rage").draws if d.pile == "combat")
# A pile as counts of kinds of card: "a" (the first Character can play it), "b" (the second), "-" (neither).
Pile = tuple[tuple[str, int], ...]
Keep = Callable[[Counter[str]], Counter[str]]
Play = Callable[[Counter[str]], str | None]


def _key(counts: Counter[str]) -> Pile:
    return tuple(sorted((kind, n) for kind, n in counts.items() if n))


def enumerate_game(
    pile: Counter[str], turns: int, keep: Keep, play: Play, wins: Callable[[Counter[str]], bool]
):  # type: ignore[no-untyped-def]
    """Per turn, the exact chance that the hand wins at the Combat Phase: every card drawn one at a time, each card
    of the combat deck as likely as any other; an empty combat deck takes the discards back."""

    @cache
    def draw(
        hand: Pile, library: Pile, discards: Pile, wanted: int
    ) -> tuple[tuple[Pile, Pile, Pile, Fraction], ...]:
        if wanted == 0:
            return ((hand, library, discards, Fraction(1)),)
        lib = Counter(dict(library))
        if not lib:
            if not discards:
                return ((hand, library, discards, Fraction(1)),)
            return draw(hand, discards, (), wanted)
        total = sum(lib.values())
        out: list[tuple[Pile, Pile, Pile, Fraction]] = []
        for kind, n in lib.items():
            rest = lib.copy()
            rest[kind] -= 1
            held = Counter(dict(hand))
            held[kind] += 1
            for result in draw(_key(held), _key(rest), discards, wanted - 1):
                out.append((*result[:3], result[3] * Fraction(n, total)))
        return tuple(out)

    def chance(
        state_probs: dict[tuple[Pile, Pile, Pile], Fraction], turn: int, found: list[Fraction]
    ) -> None:
        after: dict[tuple[Pile, Pile, Pile], Fraction] = {}
        for (hand, library, discards), p in state_probs.items():
            kept = keep(Counter(dict(hand)))
            thrown = Counter(dict(hand))
            thrown.subtract(kept)
            gone = Counter(dict(discards)) + thrown
            for h, lib, dis, q in draw(_key(kept), library, _key(gone), HAND - sum(kept.values())):
                after[(h, lib, dis)] = after.get((h, lib, dis), Fraction(0)) + p * q
        found.append(sum((p for (h, _l, _d), p in after.items() if wins(Counter(dict(h)))), Fraction(0)))
        if turn == turns:
            return
        refilled: dict[tuple[Pile, Pile, Pile], Fraction] = {}
        for (hand, library, discards), p in after.items():
            held = Counter(dict(hand))
            played = play(held)
            dis = Counter(dict(discards))
            if played is not None:
                held[played] -= 1
                dis[played] += 1
            for h, lib, d, q in draw(_key(held), library, _key(dis), HAND - sum(held.values())):
                refilled[(h, lib, d)] = refilled.get((h, lib, d), Fraction(0)) + p * q
        chance(refilled, turn + 1, found)

    start: dict[tuple[Pile, Pile, Pile], Fraction] = {}
    for h, lib, dis, p in draw((), _key(pile), (), HAND):
        start[(h, lib, dis)] = start.get((h, lib, dis), Fraction(0)) + p
    found: list[Fraction] = []
    chance(start, 1, found)
    return found


def _one_kind_keep(hand: Counter[str]) -> Counter[str]:
    return Counter({"a": hand["a"]})  # every playable card stays, the rest is redrawn


def _one_kind_play(hand: Counter[str]) -> str | None:
    return "a" if hand["a"] else None


@pytest.mark.parametrize(
    ("population", "useful", "turns"),
    [(8, 2, 4), (9, 1, 4), (12, 3, 4), (20, 4, 3), (20, 8, 3), (6, 3, 3), (4, 1, 2), (7, 0, 2)],
)
def test_one_characters_chance_each_turn_matches_the_game_played_card_by_card(
    population: int, useful: int, turns: int
) -> None:
    expected = enumerate_game(
        Counter({"a": useful, "-": population - useful}),
        turns,
        _one_kind_keep,
        _one_kind_play,
        lambda hand: hand["a"] > 0,
    )
    assert PLAYED == 1
    found = exact_by_turn(population, useful, HAND, turns, PLAYED)
    assert found == pytest.approx([float(p) for p in expected], abs=1e-12)
    # Certain and impossible turns are exactly so (a figure reads 100 % only when certain).
    assert [p for p, e in zip(found, expected, strict=True) if e in (0, 1)] == [
        e for e in expected if e in (0, 1)
    ]


@pytest.mark.parametrize("turn", [1, 2, 3, 4])
def test_with_nothing_played_the_chance_is_the_cards_seen(turn: int) -> None:
    # No card played, no refill needed: by the Combat Phase of turn N, 5 + 5N cards seen (all 20 at last).
    seen = min(HAND + HAND * turn, 20)
    by_hand = 1 - comb(20 - 3, seen) / comb(20, seen)
    assert exact_by_turn(20, 3, HAND, 4, plays=0)[turn - 1] == pytest.approx(by_hand)


AHROUN = character("Red Fang", 5, keywords="Garou - Fianna - Ahroun - Homid")
THEURGE = character("Grey Seer", 5, keywords="Garou - Stargazers - Theurge - Lupus")
FOR_AHROUN = card("Rending Claw", "Combat Action", requires="Ahroun", rage=1)
FOR_THEURGE = card("Spirit Strike", "Combat Action", requires="Theurge", rage=1)
TOO_ANGRY = card("Berserk Howl", "Combat Action", rage=9)


def _deck(*combat: tuple[CardInfo, int]) -> tuple[Deck, InMemoryPool]:
    deck = Deck(name="Two fighters")
    deck.add(AHROUN.name)
    deck.add(THEURGE.name)
    for c, n in combat:
        deck.add(c.name, n)
    return deck, InMemoryPool([AHROUN, THEURGE, *(c for c, _n in combat)])


def test_a_played_card_is_missed_at_the_next_combat_phase() -> None:
    # 2 copies each in 20 cards: after playing one, the chance at turn 2 is below the no-play "cards seen" figure.
    deck, pool = _deck((FOR_AHROUN, 2), (FOR_THEURGE, 2), (TOO_ANGRY, 16))
    odds = combat_hand_odds(deck, pool, seed=3, trials=2000, turns=3)
    second = odds.turn(2)
    assert second is not None
    ahroun = next(o for o in second.per_character if dict(o.params)["character"] == AHROUN.name)
    assert ahroun.method == EXACT and dict(ahroun.params)["turn"] == "2"
    expected = enumerate_game(
        Counter({"a": 2, "-": 18}), 2, _one_kind_keep, _one_kind_play, lambda hand: hand["a"] > 0
    )[1]
    assert ahroun.probability == pytest.approx(float(expected))
    assert ahroun.probability < 1 - comb(18, 15) / comb(20, 15)
    assert "turn 2" in ahroun.message and "refilled after" in ahroun.message
    assert "Ending Combat" in ahroun.source  # the refill's rule line, cited under the figures


def _two_kinds_keep(hand: Counter[str]) -> Counter[str]:
    """Both covered: keep every card of each; one covered: keep one card for it; redraw the rest."""
    if hand["a"] and hand["b"]:
        return Counter({"a": hand["a"], "b": hand["b"]})
    if hand["a"]:
        return Counter({"a": 1})
    return Counter({"b": 1}) if hand["b"] else Counter()


def _two_kinds_play(hand: Counter[str]) -> str | None:
    """The card whose loss costs least: a second copy first (a and b are alike, so which of one each is no matter)."""
    if hand["b"] > 1 and hand["a"] <= 1:
        return "b"
    if hand["a"]:
        return "a"
    return "b" if hand["b"] else None


def test_every_character_simulated_turn_by_turn_lies_within_its_margin_of_the_exact_game() -> None:
    # A tiny combat deck (reshuffled on turn 2): 2 cards only the Ahroun can play, 2 only the Theurge, 6 neither.
    deck, pool = _deck((FOR_AHROUN, 2), (FOR_THEURGE, 2), (TOO_ANGRY, 6))
    odds = combat_hand_odds(deck, pool, seed=19, trials=20_000, turns=3)
    expected = enumerate_game(
        Counter({"a": 2, "b": 2, "-": 6}),
        3,
        _two_kinds_keep,
        _two_kinds_play,
        lambda h: h["a"] > 0 and h["b"] > 0,
    )
    for turn, exact in enumerate(expected, start=1):
        found = odds.turn(turn)
        assert found is not None and found.every_character is not None
        every = found.every_character
        assert (every.method, every.trials, dict(every.params)["turn"]) == (SIMULATED, 20_000, str(turn))
        assert abs(every.probability - float(exact)) <= every.margin + 0.002, turn
    # The same seed plays the same games (played again, not the answer kept from the first ask).
    combat_play._SIMULATED.clear()
    assert combat_hand_odds(deck, pool, seed=19, trials=20_000, turns=3).turns == odds.turns


def test_odds_asked_again_are_the_ones_played_afresh_and_a_changed_deck_is_played_again() -> None:
    deck, pool = _deck((FOR_AHROUN, 2), (FOR_THEURGE, 2), (TOO_ANGRY, 6))
    combat_play._SIMULATED.clear()
    first = combat_hand_odds(deck, pool, seed=5, trials=3000, turns=3)
    again = combat_hand_odds(deck, pool, seed=5, trials=3000, turns=3)  # the tab shown again
    combat_play._SIMULATED.clear()
    assert again.turns == first.turns == combat_hand_odds(deck, pool, seed=5, trials=3000, turns=3).turns
    thinner, pool = _deck((FOR_AHROUN, 1), (FOR_THEURGE, 1), (TOO_ANGRY, 8))
    fewer = combat_hand_odds(thinner, pool, seed=5, trials=3000, turns=3)
    chances = [[t.every_character.probability for t in o.turns if t.every_character] for o in (fewer, first)]
    assert chances[0] < chances[1]  # fewer useful cards: played afresh, a lower chance
    # Many decks' odds over a long session: only a few answers are kept.
    for seed in range(3 * combat_play._SIMULATED_KEPT):
        combat_hand_odds(deck, pool, seed=seed, trials=10, turns=2)
    assert len(combat_play._SIMULATED) <= combat_play._SIMULATED_KEPT


def test_a_certain_or_impossible_turn_is_exactly_1_or_0() -> None:
    # 8 useful of 20, one played per combat: from turn 2's Combat Phase no way of play is left without one.
    chances = exact_by_turn(20, 8, HAND, 3, PLAYED)
    assert chances[0] < 1.0 and chances[1:] == [1.0, 1.0]
    assert exact_by_turn(20, 0, HAND, 3, PLAYED) == [0.0, 0.0, 0.0]
    assert exact_by_turn(20, 16, HAND, 2, PLAYED) == [1.0, 1.0]  # any 5 of 20 hold one of 16


@pytest.mark.parametrize("length", [0, 1, 2, 7, 40, 61, 300])
def test_the_simulations_shuffle_deals_what_random_shuffle_deals_from_the_same_seed(length: int) -> None:
    # A seed a player shares must deal the same games as before the simulation shuffled by itself.
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        shuffle = combat_play._shuffler(ours)
        mine, reference = list(range(length)), list(range(length))
        for _ in range(3):  # a deck shuffled again after its discards are put back
            shuffle(mine)
            theirs.shuffle(reference)
            assert mine == reference
        assert ours.getstate() == theirs.getstate()


def test_a_cancelled_simulation_stops_within_a_few_trials_and_a_live_one_answers_the_same() -> None:
    deck, pool = _deck((FOR_AHROUN, 2), (FOR_THEURGE, 2), (TOO_ANGRY, 6))
    job = combat_table(deck, pool, deck_piles(deck, pool), 7, 3000, 2)
    combat_play._SIMULATED.clear()
    asked: list[int] = []

    def cancel_after_two_looks() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(OddsCancelled):
        job(cancel_after_two_looks)
    assert len(asked) == 3  # stopped at its third look, a few dozen trials in, not after 3,000
    combat_play._SIMULATED.clear()
    live = job(lambda: False).rows
    combat_play._SIMULATED.clear()
    assert live == job(None).rows and any(o.method == SIMULATED for _label, o in live)

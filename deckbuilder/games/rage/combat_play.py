"""Rage's combat hand played turn after turn as the revised rules play it: the opening hand in the first Redraw
Phase; at each Combat Phase a discard of the cards not wanted and a draw back to the hand size (Chapter 3, Combat
Phase); each combat plays cards from the hand, and after every combat the hand is refilled to its size with no
voluntary discard (Chapter 5, Ending Combat); a combat deck that runs out is made again from its discards,
reshuffled. Exact for one kind of useful card (a chain over how many useful cards are where), seeded simulation
where the cards of several Characters interact.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from math import comb

from deckbuilder.odds import Cancel, OddsCancelled

# (useful cards in hand, cards in hand, useful cards in the combat deck, cards in the combat deck); the discards
# are the rest of the pile.
_State = tuple[int, int, int, int]


def exact_by_turn(
    population: int, useful: int, hand: int, turns: int, plays: int, first_redraw: bool = True
) -> list[float]:
    """Per turn 1..N, the exact chance that the combat hand holds a useful card at the Combat Phase, keeping every
    useful card, discarding the rest and redrawing there, and playing `plays` useful cards in each combat.

    `first_redraw` False: the first Combat Phase only draws the opening hand (the 1995 rules), no redraw yet."""
    useful = max(0, min(useful, population))
    states: dict[_State, float] = {}
    for state, p in _draw((0, 0, useful, population), hand, population, useful).items():
        states[state] = p
    chances: list[float] = []
    for turn in range(max(turns, 0)):
        # The Combat Phase: the cards not wanted go to the discards, then the hand is drawn back to its size.
        after = states if turn == 0 and not first_redraw else _redraw(states, hand, population, useful)
        chances.append(_share(after))
        if turn == turns - 1:
            break
        # The combat plays useful cards; after it the hand is refilled, nothing discarded by choice.
        states = {}
        for (held, size, lib_useful, lib_size), p in after.items():
            played = min(plays, held)
            kept: _State = (held - played, size - played, lib_useful, lib_size)
            for state, q in _draw(kept, hand - kept[1], population, useful).items():
                states[state] = states.get(state, 0.0) + p * q
    return chances


def _redraw(states: dict[_State, float], hand: int, population: int, useful: int) -> dict[_State, float]:
    """Keep the useful cards, discard the rest and draw back to the hand size."""
    after: dict[_State, float] = {}
    for (held, _size, lib_useful, lib_size), p in states.items():
        for state, q in _draw((held, held, lib_useful, lib_size), hand - held, population, useful).items():
            after[state] = after.get(state, 0.0) + p * q
    return after


def _share(states: dict[_State, float]) -> float:
    """The chance of a useful card in hand: exactly 1 (or 0) when no way of play misses (or finds) one, so a sum
    of floats never shows a certain figure as 99.9 % or an impossible one as 0.1 %."""
    found = [p for state, p in states.items() if state[0] > 0]
    if len(found) == len(states):
        return 1.0
    return min(1.0, sum(found)) if found else 0.0


def _draw(state: _State, wanted: int, population: int, useful: int) -> dict[_State, float]:
    """Draw `wanted` cards into the hand; an empty combat deck is made again from the discards, reshuffled."""
    held, size, lib_useful, lib_size = state
    if wanted <= 0:
        return {state: 1.0}
    take = min(wanted, lib_size)
    result: dict[_State, float] = {}
    lib_other = lib_size - lib_useful
    for k in range(max(0, take - lib_other), min(take, lib_useful) + 1):
        p = comb(lib_useful, k) * comb(lib_other, take - k) / comb(lib_size, take)
        drawn: _State = (held + k, size + take, lib_useful - k, lib_size - take)
        rest = wanted - take
        discards = population - drawn[1] - drawn[3]
        if rest and discards:
            reshuffled: _State = (drawn[0], drawn[1], useful - drawn[0] - drawn[2], discards)
            for further, q in _draw(reshuffled, rest, population, useful).items():
                result[further] = result.get(further, 0.0) + p * q
        else:
            result[drawn] = result.get(drawn, 0.0) + p
    return result


Worth = Callable[[tuple[int, ...]], int]


# The window shows the same deck's odds again and again (each time the tab is shown, in each window, in each
# language): the seeded simulation is a pure function of its inputs, so the last few answers are kept.
_SIMULATED: dict[tuple[object, ...], tuple[int, ...]] = {}
_SIMULATED_KEPT = 16
# The Draw odds tab simulates on a worker thread while the rest of the program may ask too: one at a time.
_SIMULATED_LOCK = threading.Lock()
# Trials between two looks at `cancel` (a few hundred microseconds of work): a stale table stops that soon.
CANCEL_EVERY = 64


def simulate_by_turn(
    masks: Sequence[int],
    hand_size: int,
    turns: int,
    seed: int,
    trials: int,
    worth: Worth,
    full: int,
    plays: int,
    first_redraw: bool = True,
    cancel: Cancel = None,
) -> list[int]:
    """Per turn 1..N, how many of `trials` seeded games have a hand worth `full` at the Combat Phase (OddsCancelled
    once `cancel` says so, asked every CANCEL_EVERY trials).

    `masks` holds, per card of the pile, a bit per Character (or group) that can use it. At each Combat Phase the
    hand keeps the fewest cards worth the most (and, once that is all it can be worth, spare copies of what it
    keeps), discards the rest and draws back to its size; each combat plays the useful card whose loss costs the
    hand least; after it the hand is refilled. The same inputs give the same answer: the last few are kept."""
    if cancel is not None and cancel():
        raise OddsCancelled  # even an answer kept from before is not wanted any more
    asked = (tuple(masks), hand_size, turns, seed, trials, worth, full, plays, first_redraw)
    with _SIMULATED_LOCK:
        kept = _SIMULATED.get(asked)
    if kept is not None:
        return list(kept)
    rng = random.Random(seed)
    shuffle = _shuffler(rng)
    keep = cache(lambda hand: _keep(hand, worth, full))
    play = cache(lambda hand: _play(hand, worth))
    judged: dict[tuple[int, ...], bool] = {}
    hits = [0] * max(turns, 0)
    for trial in range(trials):
        if cancel is not None and trial % CANCEL_EVERY == CANCEL_EVERY - 1 and cancel():
            raise OddsCancelled
        library = list(masks)
        shuffle(library)
        discards: list[int] = []
        hand: list[int] = []
        _fill(hand, library, discards, hand_size, shuffle)
        for turn in range(len(hits)):
            if turn or first_redraw:  # the 1995 rules draw the first combat hand at the first Combat Phase
                kept = keep(tuple(sorted(hand)))
                discards += _without(hand, kept)
                hand = list(kept)
                _fill(hand, library, discards, hand_size, shuffle)
            key = tuple(sorted(hand))
            verdict = judged.get(key)
            if verdict is None:
                verdict = judged[key] = worth(key) == full
            hits[turn] += verdict
            for _play_index in range(plays):
                card = play(key)
                if card is None:
                    break
                hand.remove(card)
                discards.append(card)
                key = tuple(sorted(hand))
            _fill(hand, library, discards, hand_size, shuffle)
    with _SIMULATED_LOCK:
        if len(_SIMULATED) >= _SIMULATED_KEPT:
            del _SIMULATED[next(iter(_SIMULATED))]  # the oldest answer goes first
        _SIMULATED[asked] = tuple(hits)
    return hits


def _shuffler(rng: random.Random) -> Callable[[list[int]], None]:
    """`rng.shuffle`, drawing exactly the same random bits (so a seed deals the same games), without its two calls per
    card: the simulation shuffles a deck per game, and those calls were half of its time."""
    getrandbits = rng.getrandbits
    # Per deck length: for each place from the last down, how many places to pick from and the bits that takes.
    steps: dict[int, list[tuple[int, int, int]]] = {}

    def shuffle(cards: list[int]) -> None:
        places = steps.get(len(cards))
        if places is None:
            places = steps[len(cards)] = [
                (i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(cards)))
            ]
        for i, below, bits in places:
            j = getrandbits(bits)
            while j >= below:
                j = getrandbits(bits)
            cards[i], cards[j] = cards[j], cards[i]

    return shuffle


def _fill(
    hand: list[int], library: list[int], discards: list[int], size: int, shuffle: Callable[[list[int]], None]
) -> None:
    while len(hand) < size:
        if not library:
            if not discards:
                return
            library.extend(discards)
            discards.clear()
            shuffle(library)
        hand.append(library.pop())


def _without(hand: Sequence[int], kept: Sequence[int]) -> list[int]:
    """The cards of a hand that are not kept (as a multiset), in the order they first appear in the hand."""
    rest: dict[int, int] = {}
    for card in hand:
        rest[card] = rest.get(card, 0) + 1
    for card in kept:
        rest[card] -= 1
    return [card for card, left in rest.items() for _ in range(left)]


def _keep(hand: tuple[int, ...], worth: Worth, full: int) -> tuple[int, ...]:
    """The fewest cards worth the most; when that is all a hand can be worth, spare copies of what it keeps too."""
    best: tuple[int, ...] = ()
    best_worth = 0
    for size in range(1, len(hand) + 1):
        for subset in combinations(hand, size):
            value = worth(subset)
            if value > best_worth:
                best, best_worth = subset, value
    if best_worth < full:
        return best
    spare = _without(hand, best)
    return tuple(sorted((*best, *(card for card in spare if any(card | k == card for k in best if k)))))


def _play(hand: tuple[int, ...], worth: Worth) -> int | None:
    """The useful card whose loss leaves the hand worth the most (None when no card of the hand is useful)."""
    best: int | None = None
    best_worth = -1
    for index, card in enumerate(hand):
        if not card:
            continue
        value = worth(hand[:index] + hand[index + 1 :])
        if value > best_worth:
            best, best_worth = card, value
    return best

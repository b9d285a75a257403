"""Rage's combat hand per Character, as the rules play it: the opening 5 combat cards, then at the Combat Phase a
discard of any of them and a redraw back to 5 (revised rules, Combat Phase), so the hand a Character fights with
has seen up to 10 cards. Exact where one Character is asked about; simulated (seeded) where Characters interact.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from carddb.model import CardInfo
from carddb.traits import KNOWN_TRAITS
from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.loader import find_format, load_game
from deckbuilder.games.rage.context import PackMember, build_context
from deckbuilder.games.rage.facts import parse_requirement, type_parts
from deckbuilder.games.rage.format import GAME, format_view
from deckbuilder.i18n import ENGLISH, N_, declare, format_message, gettext, message_key
from deckbuilder.odds import (
    DEFAULT_TRIALS,
    EXACT,
    MAX_TRIALS,
    SIMULATED,
    Odds,
    OddsTable,
    OddsUnavailable,
    Piles,
    at_least_one,
    deck_piles,
    shown_percent,
)

_FORM_WORDS = ("crinos", "hispo", "lupus form", "glabro", "homid form")
MESSAGES = declare(
    {
        "CHARACTER_CAN_FIGHT": "{percent} that {character} has a Combat Action it can play at the first Combat "
        "Phase ({playable} of {pile} combat cards; {seen} seen: the opening hand, then a discard and redraw)",
        "EVERY_CHARACTER_CAN_FIGHT": "{percent} that every Character has a Combat Action it can play at the first "
        "Combat Phase ({seen} cards seen: the opening hand, then a discard and redraw)",
        "EVERY_CHARACTER_CAN_FIGHT.simulated": "{percent} that every Character has a Combat Action it can play at "
        "the first Combat Phase, keeping the useful cards and redrawing the rest (simulated)",
        "EACH_CHARACTER_OWN_CARD": "{percent} that one opening combat hand gives each of {characters} Characters a "
        "different card: a hand holds only {hand}",
        "EACH_CHARACTER_OWN_CARD.simulated": "{percent} that the combat hand at the first Combat Phase gives every "
        "Character a different Combat Action it can play, keeping the useful cards and redrawing the rest "
        "(simulated)",
    }
)


def _message(message_id: str, params: tuple[tuple[str, str], ...]) -> str:
    return format_message(message_id, params, ENGLISH)


def can_play(member: PackMember, card: CardInfo, vocabulary: frozenset[str] = KNOWN_TRAITS) -> bool:
    """Whether this Character can play this Combat Action: its Requires, its form and its Rage (in Crinos)."""
    if "combat action" not in type_parts(card):
        return False
    character = member.card
    best_rage = max(v for v in (character.rage, character.crage, 0) if v is not None)
    if card.rage is not None and card.rage > best_rage:
        return False
    requires = card.requires.casefold()
    if any(form in requires for form in _FORM_WORDS) and character.crage is None:
        return False  # a form requirement needs a shapeshifter (a Character with a Crinos side)
    requirement = parse_requirement(card.requires, vocabulary)
    if not requirement.judgeable:
        return True
    return any(alternative <= member.traits for alternative in requirement.alternatives)


@dataclass(frozen=True)
class CombatOdds:
    """First Combat Phase odds: per Character (exact), every Character at once, each its own card (simulated)."""

    per_character: tuple[Odds, ...]
    every_character: Odds | None
    distinct_cards: Odds | None
    hand_size: int = 5


def combat_hand_odds(
    deck: Deck, pool: CardPool, seed: int = 1, trials: int = DEFAULT_TRIALS, piles: Piles | None = None
) -> CombatOdds:
    """The chance that each Character has a Combat Action it can play at the first Combat Phase."""
    piles = piles if piles is not None else deck_piles(deck, pool)
    draw = piles.draw("combat")
    if draw is None:
        raise OddsUnavailable("Rage's description gives no combat hand")
    hand_size = draw.hand
    seen = draw.seen_by_turn(1)
    game = load_game(GAME)
    fmt = format_view(find_format(game, deck.format), game)  # FormatError: the deck's format is not installed
    ctx = build_context(deck, pool, fmt, deck.renown_level)
    pile = piles.combat
    playable: list[tuple[PackMember, frozenset[int]]] = []
    for member in ctx.pack:
        positions = frozenset(
            i
            for i, name in enumerate(pile)
            if (card := piles.cards.get(name)) and can_play(member, card, ctx.vocabulary)
        )
        playable.append((member, positions))
    if not playable:
        return CombatOdds((), None, None, hand_size)
    per_character = tuple(
        _character_odds(member.card.name, len(pile), len(positions), seen, draw.source)
        for member, positions in playable
    )
    every = _every_character(pile, playable, hand_size, seen, seed, trials, draw.source)
    distinct = _distinct_cards(pile, playable, hand_size, seed, trials, draw.source)
    return CombatOdds(per_character, every, distinct, hand_size)


COMBAT_TABLE_TITLE = N_("First Combat Phase: a Combat Action each can play")
COMBAT_TABLE_TOOLTIP = N_(
    "By the first Combat Phase (the 5 opening combat cards, then a discard and redraw to 5; revised rules, Combat "
    "Phase) the hand holds a Combat Action the Character meets (Requires, form, Rage)"
)


def combat_table(deck: Deck, pool: CardPool, piles: Piles, seed: int, trials: int) -> OddsTable:
    """The Draw odds tab's table: each Character, every Character, and each its own card (when a hand can)."""
    combat = combat_hand_odds(deck, pool, seed=seed, trials=trials, piles=piles)
    rows: list[tuple[str, Odds]] = [(dict(o.params).get("character", ""), o) for o in combat.per_character]
    if combat.every_character is not None:
        rows.append((gettext("Every Character"), combat.every_character))
    if combat.distinct_cards is not None and 1 < len(combat.per_character) <= combat.hand_size:
        rows.append((gettext("Each its own card"), combat.distinct_cards))
    return OddsTable(COMBAT_TABLE_TITLE, COMBAT_TABLE_TOOLTIP, tuple(rows))


def _character_odds(name: str, population: int, hits: int, seen: int, source: str) -> Odds:
    # Keep a playable card if the opening hand has one, else discard all and draw again: `seen` cards in all.
    p = at_least_one(population, hits, seen)
    params = (
        ("character", name),
        ("playable", str(hits)),
        ("pile", str(population)),
        ("seen", str(min(seen, population))),
        ("percent", shown_percent(p)),
    )
    message = _message("CHARACTER_CAN_FIGHT", params)
    return Odds("CHARACTER_CAN_FIGHT", p, EXACT, message, params, source=source)


def _every_character(
    pile: Sequence[str],
    playable: list[tuple[PackMember, frozenset[int]]],
    hand_size: int,
    seen: int,
    seed: int,
    trials: int,
    source: str,
) -> Odds:
    """Exact when every Character can play the same cards; otherwise simulated with the keep-and-redraw play."""
    groups = sorted({positions for _member, positions in playable}, key=sorted)
    if all(at_least_one(len(pile), len(group), hand_size) == 1.0 for group in groups):
        groups = groups[:1]  # the opening hand alone holds a card for each: certain, whatever the groups
    if len(groups) == 1:
        p = at_least_one(len(pile), len(groups[0]), seen)
        params: tuple[tuple[str, str], ...] = (
            ("characters", str(len(playable))),
            ("seen", str(min(seen, len(pile)))),
            ("percent", shown_percent(p)),
        )
        message = _message("EVERY_CHARACTER_CAN_FIGHT", params)
        return Odds("EVERY_CHARACTER_CAN_FIGHT", p, EXACT, message, params, source=source)
    full = (1 << len(groups)) - 1
    masks = _masks(len(pile), groups)
    hits = _simulate(masks, hand_size, seed, trials, _coverage, lambda hand: _union(hand) == full)
    return _simulated("EVERY_CHARACTER_CAN_FIGHT", hits, len(playable), seed, trials, source)


def _distinct_cards(
    pile: Sequence[str],
    playable: list[tuple[PackMember, frozenset[int]]],
    hand_size: int,
    seed: int,
    trials: int,
    source: str,
) -> Odds:
    """Each Character a different card of the same hand: a matching, where requirements interact (simulated)."""
    sets = [positions for _member, positions in playable]
    if len(sets) > min(hand_size, len(pile)):
        params: tuple[tuple[str, str], ...] = (
            ("characters", str(len(sets))),
            ("percent", shown_percent(0.0)),
            ("hand", str(hand_size)),
        )
        message = _message("EACH_CHARACTER_OWN_CARD", params)
        return Odds("EACH_CHARACTER_OWN_CARD", 0.0, EXACT, message, params, source=source)
    masks = _masks(len(pile), sets)
    count = len(sets)
    hits = _simulate(
        masks, hand_size, seed, trials, _matching_size, lambda hand: _matching_size(hand) == count
    )
    return _simulated("EACH_CHARACTER_OWN_CARD", hits, count, seed, trials, source)


def _simulated(code: str, hits: int, characters: int, seed: int, trials: int, source: str) -> Odds:
    """A simulated chance about the pack's Characters: `hits` of `trials` seeded deals."""
    p = hits / trials if trials else 0.0
    # An estimate is never shown as certain or impossible: only an exact figure can be.
    shown = shown_percent(min(max(p, 1e-6), 1 - 1e-6))
    params = (("characters", str(characters)), ("percent", shown))
    message = _message(message_key(code, "simulated"), params)
    return Odds(code, p, SIMULATED, message, params, trials, seed, "simulated", source)


def _masks(population: int, sets: Sequence[frozenset[int]]) -> list[int]:
    """Per card of the pile, a bit per set (Character or group) that can use it."""
    masks = [0] * population
    for bit, positions in enumerate(sets):
        for position in positions:
            masks[position] |= 1 << bit
    return masks


def _simulate(
    masks: Sequence[int],
    hand_size: int,
    seed: int,
    trials: int,
    worth: Callable[[tuple[int, ...]], int],
    success: Callable[[tuple[int, ...]], bool],
) -> int:
    """Seeded deals that succeed at the first Combat Phase: the opening hand keeps the fewest cards worth the most
    (`worth`), the rest are discarded and the hand drawn back to its size from the cards below."""
    rng = random.Random(seed)
    trials = max(0, min(trials, MAX_TRIALS))
    population = len(masks)
    draws = min(2 * hand_size, population)
    opening = min(hand_size, population)
    keep = cache(lambda hand: _best_keep(hand, worth))
    judged: dict[tuple[int, ...], bool] = {}
    hits = 0
    for _ in range(trials):
        order = [masks[i] for i in rng.sample(range(population), draws)]
        kept = keep(tuple(sorted(order[:opening])))
        hand = tuple(sorted((*kept, *order[opening : opening + hand_size - len(kept)])))
        verdict = judged.get(hand)
        if verdict is None:
            verdict = judged[hand] = success(hand)
        hits += verdict
    return hits


def _best_keep(hand: tuple[int, ...], worth: Callable[[tuple[int, ...]], int]) -> tuple[int, ...]:
    """The fewest cards of a hand that are worth the most (the rest are discarded at the Combat Phase)."""
    best: tuple[int, ...] = ()
    best_worth = 0
    for size in range(1, len(hand) + 1):
        for subset in combinations(hand, size):
            value = worth(subset)
            if value > best_worth:
                best, best_worth = subset, value
    return best


def _union(hand: tuple[int, ...]) -> int:
    total = 0
    for mask in hand:
        total |= mask
    return total


def _coverage(hand: tuple[int, ...]) -> int:
    return _union(hand).bit_count()


def _matching_size(hand: tuple[int, ...]) -> int:
    """How many Characters can each take a different card of the hand (augmenting paths; hands are small)."""
    owner: dict[int, int] = {}  # character bit -> card index

    def assign(card: int, visited: set[int]) -> bool:
        mask = hand[card]
        bit = 0
        while mask >> bit:
            if mask >> bit & 1 and bit not in visited:
                visited.add(bit)
                if bit not in owner or assign(owner[bit], visited):
                    owner[bit] = card
                    return True
            bit += 1
        return False

    return sum(1 for card in range(len(hand)) if assign(card, set()))

"""Draw odds and sample hands: exact hypergeometric odds where they exist, seeded simulation where cards interact.

Rage hands are 5 sept and 5 combat cards (revised rules, "Hand Sizes"); at each redraw a player may discard any cards
and draw back to 5, so by turn N a player who keeps discarding has seen 5 × N cards of a deck (the most they can see).
Every odds value says whether it is exact or simulated (with its trials and seed).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb, sqrt

from carddb.cardtypes import Section
from carddb.model import CardInfo
from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.rage.context import PackMember, build_context
from deckbuilder.games.rage.facts import parse_requirement, type_parts
from deckbuilder.i18n import ENGLISH, N_, declare, format_message, message_key
from deckbuilder.i18n.numbers import Percent
from deckbuilder.legality.formats import load_format

HAND_SIZE = 5
EXACT = "exact"
SIMULATED = "simulated"
DEFAULT_TRIALS = 20_000
MAX_TRIALS = 200_000
# Inclusion–exclusion over the pack's distinct playable sets stays exact up to this many (2^12 terms).
MAX_EXACT_GROUPS = 12
MAX_TURNS = 30
_FORM_WORDS = ("crinos", "hispo", "lupus form", "glabro", "homid form")
# How a chance was found, as the CLI labels it.
METHOD_WORDS = {EXACT: N_("exact"), SIMULATED: N_("simulated")}
# Each chance's message, declared once: `CODE` or `CODE.variant`; `percent` is the chance already formatted.
MESSAGES = declare(
    {
        "BY_TURN.card.sept": "{percent} to see '{what}' by turn {turn} ({hits} of {pile} sept cards, {seen} seen)",
        "BY_TURN.card.combat": "{percent} to see '{what}' by turn {turn} ({hits} of {pile} combat cards, {seen} seen)",
        "BY_TURN.type.sept": "{percent} to see a {what} by turn {turn} ({hits} of {pile} sept cards, {seen} seen)",
        "BY_TURN.type.combat": "{percent} to see a {what} by turn {turn} ({hits} of {pile} combat cards, "
        "{seen} seen)",
        "CHARACTER_CAN_FIGHT": "{percent} that the opening combat hand holds a Combat Action {character} can play "
        "({playable} of {pile} cards)",
        "EVERY_CHARACTER_CAN_FIGHT": "{percent} that the opening combat hand holds a Combat Action for every "
        "Character",
        "EVERY_CHARACTER_CAN_FIGHT.simulated": "{percent} that the opening combat hand holds a Combat Action for "
        "every Character (simulated)",
        "EACH_CHARACTER_OWN_CARD": "{percent} that one opening combat hand gives each of {characters} Characters a "
        "different card: a hand holds only {hand}",
        "EACH_CHARACTER_OWN_CARD.simulated": "{percent} that one opening combat hand gives every Character a "
        "different Combat Action it can play (simulated)",
    }
)


def _message(message_id: str, params: tuple[tuple[str, str], ...]) -> str:
    return format_message(message_id, params, ENGLISH)


@dataclass(frozen=True, slots=True)
class Odds:
    """One chance: a stable code, its parameters, an English message, the value, and how it was found."""

    code: str
    probability: float
    method: str  # EXACT or SIMULATED
    message: str
    params: tuple[tuple[str, str], ...] = ()
    trials: int = 0
    seed: int | None = None
    variant: str = ""  # which of the code's messages ("" for the code's own)

    @property
    def message_id(self) -> str:
        """The catalogue key of the message: the code, or `CODE.variant`."""
        return message_key(self.code, self.variant)

    @property
    def margin(self) -> float:
        """Two standard errors of a simulated value (0 for exact values)."""
        if self.method == EXACT or not self.trials:
            return 0.0
        p = self.probability
        return 2 * sqrt(max(p * (1 - p), 1e-12) / self.trials)

    def to_json(self) -> dict[str, object]:
        """The shape `ragedeck odds --json` prints."""
        return {
            "code": self.code,
            "probability": round(self.probability, 6),
            "method": self.method,
            "message": self.message,
            "params": dict(self.params),
            **({"trials": self.trials, "seed": self.seed} if self.method == SIMULATED else {}),
        }


def at_least_one(population: int, successes: int, draws: int) -> float:
    """Hypergeometric P(at least one success) drawing `draws` cards from `population` holding `successes`."""
    if population <= 0 or successes <= 0 or draws <= 0:
        return 0.0
    draws = min(draws, population)
    return 1.0 - comb(population - successes, draws) / comb(population, draws)


def cards_seen_by_turn(turn: int, hand_size: int = HAND_SIZE) -> int:
    """Cards a player has seen by turn N when every card not wanted is discarded at each redraw."""
    return hand_size * max(turn, 0)


# -- the deck as piles of cards ------------------------------------------------------------------


@dataclass(frozen=True)
class Piles:
    """The deck's sept and combat piles as card names (one per copy, deck order) and the resolved cards."""

    sept: tuple[str, ...]
    combat: tuple[str, ...]
    cards: dict[str, CardInfo] = field(default_factory=dict)

    def pile(self, section: Section) -> tuple[str, ...]:
        """The names of one pile."""
        return self.sept if section is Section.SEPT else self.combat


def deck_piles(deck: Deck, pool: CardPool) -> Piles:
    """Sept and combat piles (the starting list is in play, not in the sept pile)."""
    sept: list[str] = []
    combat: list[str] = []
    cards: dict[str, CardInfo] = {}
    for entry in deck.entries:
        card = pool.lookup(entry.name)
        name = card.name if card is not None else entry.name
        if card is not None:
            cards[name] = card
        section = deck.section_of(entry, pool)
        if section is Section.SEPT:
            sept.extend([name] * max(entry.count, 0))
        elif section is Section.COMBAT:
            combat.extend([name] * max(entry.count, 0))
    return Piles(tuple(sept), tuple(combat), cards)


# -- by turn N -----------------------------------------------------------------------------------


def chance_by_turn(
    piles: Piles,
    section: Section,
    matches: Callable[[str, CardInfo | None], bool],
    label: str,
    turn: int,
    kind: str = "card",
) -> Odds:
    """Exact chance of at least one matching card of a pile by turn N (5 × N cards seen)."""
    pile = piles.pile(section)
    hits = sum(1 for name in pile if matches(name, piles.cards.get(name)))
    turn = max(1, min(turn, MAX_TURNS))
    seen = cards_seen_by_turn(turn)
    p = at_least_one(len(pile), hits, seen)
    params = (
        ("what", label),
        ("turn", str(turn)),
        ("hits", str(hits)),
        ("pile", str(len(pile))),
        ("percent", Percent(p)),
        ("seen", str(min(seen, len(pile)))),
    )
    variant = f"{kind}.{'sept' if section is Section.SEPT else 'combat'}"  # pile() reads combat for any other
    return Odds(
        code="BY_TURN",
        probability=p,
        method=EXACT,
        message=_message(f"BY_TURN.{variant}", params),
        params=params,
        variant=variant,
    )


def card_by_turn(piles: Piles, name: str, turn: int) -> Odds:
    """Chance of a given card (any of its copies) by turn N."""
    card = piles.cards.get(name)
    section = card.section if card is not None and card.section is not None else _section_of_name(piles, name)
    key = name.casefold()
    return chance_by_turn(piles, section, lambda n, _c: n.casefold() == key, name, turn)


def type_by_turn(piles: Piles, section: Section, type_word: str, turn: int) -> Odds:
    """Chance of any card whose Type holds a word (e.g. "Gift", "Combat Action") by turn N."""
    word = type_word.strip().casefold()

    def matches(_name: str, card: CardInfo | None) -> bool:
        return card is not None and (word in type_parts(card) or word == card.type.strip().casefold())

    return chance_by_turn(piles, section, matches, type_word.strip(), turn, kind="type")


def _section_of_name(piles: Piles, name: str) -> Section:
    return Section.SEPT if name in piles.sept else Section.COMBAT


# -- combat hand per Character -------------------------------------------------------------------


def can_play(member: PackMember, card: CardInfo) -> bool:
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
    requirement = parse_requirement(card.requires)
    if not requirement.judgeable:
        return True
    return any(alternative <= member.traits for alternative in requirement.alternatives)


@dataclass(frozen=True)
class CombatOdds:
    """Opening combat hand odds: per Character (exact), every Character at once (exact), each its own card (simulated)."""

    per_character: tuple[Odds, ...]
    every_character: Odds | None
    distinct_cards: Odds | None


def combat_hand_odds(
    deck: Deck, pool: CardPool, seed: int = 1, trials: int = DEFAULT_TRIALS, hand_size: int = HAND_SIZE
) -> CombatOdds:
    """The chance the opening combat hand holds a Combat Action each Character can play."""
    piles = deck_piles(deck, pool)
    ctx = build_context(deck, pool, load_format(deck.format), deck.renown_level)
    pile = piles.combat
    playable: list[tuple[PackMember, frozenset[int]]] = []
    for member in ctx.pack:
        positions = frozenset(
            i for i, name in enumerate(pile) if (card := piles.cards.get(name)) and can_play(member, card)
        )
        playable.append((member, positions))
    per_character = tuple(
        _character_odds(member.card.name, len(pile), len(positions), hand_size)
        for member, positions in playable
    )
    if not playable:
        return CombatOdds((), None, None)
    every = _every_character(pile, playable, hand_size, seed, trials)
    distinct = _distinct_cards(pile, playable, hand_size, seed, trials)
    return CombatOdds(per_character, every, distinct)


def _character_odds(name: str, population: int, hits: int, hand_size: int) -> Odds:
    p = at_least_one(population, hits, hand_size)
    params = (
        ("character", name),
        ("playable", str(hits)),
        ("pile", str(population)),
        ("percent", Percent(p)),
    )
    return Odds(
        code="CHARACTER_CAN_FIGHT",
        probability=p,
        method=EXACT,
        message=_message("CHARACTER_CAN_FIGHT", params),
        params=params,
    )


def _every_character(
    pile: Sequence[str],
    playable: list[tuple[PackMember, frozenset[int]]],
    hand_size: int,
    seed: int,
    trials: int,
) -> Odds:
    """Inclusion–exclusion over the distinct playable sets is exact; too many distinct sets fall back to simulation."""
    groups = sorted({positions for _member, positions in playable}, key=sorted)
    population = len(pile)
    if len(groups) <= MAX_EXACT_GROUPS and population > 0:
        draws = min(hand_size, population)
        total = 0.0
        for size in range(len(groups) + 1):
            for subset in combinations(groups, size):
                union = frozenset().union(*subset) if subset else frozenset()
                total += (-1) ** size * comb(population - len(union), draws) / comb(population, draws)
        p = max(0.0, min(1.0, total))
        params = (("characters", str(len(playable))), ("percent", Percent(p)))
        return Odds(
            "EVERY_CHARACTER_CAN_FIGHT", p, EXACT, _message("EVERY_CHARACTER_CAN_FIGHT", params), params
        )
    full = (1 << len(groups)) - 1
    masks = _masks(population, groups)
    hits = _simulate(masks, hand_size, seed, trials, lambda hand: _union(hand) == full)
    return _simulated("EVERY_CHARACTER_CAN_FIGHT", hits, len(playable), seed, trials)


def _distinct_cards(
    pile: Sequence[str],
    playable: list[tuple[PackMember, frozenset[int]]],
    hand_size: int,
    seed: int,
    trials: int,
) -> Odds:
    """Each Character a different card of the same hand: a matching, where requirements interact (simulated)."""
    sets = [positions for _member, positions in playable]
    if len(sets) > min(hand_size, len(pile)):
        params: tuple[tuple[str, str], ...] = (
            ("characters", str(len(sets))),
            ("percent", Percent(0.0)),
            ("hand", str(hand_size)),
        )
        return Odds(
            "EACH_CHARACTER_OWN_CARD", 0.0, EXACT, _message("EACH_CHARACTER_OWN_CARD", params), params
        )
    masks = _masks(len(pile), sets)
    hits = _simulate(masks, hand_size, seed, trials, lambda hand: _has_matching(hand, len(sets)))
    return _simulated("EACH_CHARACTER_OWN_CARD", hits, len(sets), seed, trials)


def _simulated(code: str, hits: int, characters: int, seed: int, trials: int) -> Odds:
    """A simulated chance about the pack's Characters: `hits` of `trials` seeded deals."""
    p = hits / trials if trials else 0.0
    params = (("characters", str(characters)), ("percent", Percent(p)))
    return Odds(
        code,
        p,
        SIMULATED,
        _message(message_key(code, "simulated"), params),
        params,
        trials=trials,
        seed=seed,
        variant="simulated",
    )


def _masks(population: int, sets: Sequence[frozenset[int]]) -> list[int]:
    """Per card of the pile, a bit per set (Character or group) that can use it."""
    masks = [0] * population
    for bit, positions in enumerate(sets):
        for position in positions:
            masks[position] |= 1 << bit
    return masks


def _simulate(
    masks: Sequence[int], hand_size: int, seed: int, trials: int, success: Callable[[tuple[int, ...]], bool]
) -> int:
    """Hands dealt with the seed that succeed; a hand is judged by its cards' masks, each kind of hand once."""
    rng = random.Random(seed)
    trials = max(0, min(trials, MAX_TRIALS))
    draws = min(hand_size, len(masks))
    indexes = range(len(masks))
    judged: dict[tuple[int, ...], bool] = {}
    hits = 0
    for _ in range(trials):
        hand = tuple(sorted(masks[i] for i in rng.sample(indexes, draws)))
        verdict = judged.get(hand)
        if verdict is None:
            verdict = judged[hand] = success(hand)
        hits += verdict
    return hits


def _union(hand: tuple[int, ...]) -> int:
    total = 0
    for mask in hand:
        total |= mask
    return total


def _has_matching(hand: tuple[int, ...], characters: int) -> bool:
    """Whether each Character can take a different card of the hand (Hall's condition; at most 5 Characters)."""
    for subset in range(1, 1 << characters):
        if sum(1 for mask in hand if mask & subset) < subset.bit_count():
            return False
    return True


# -- sample hands --------------------------------------------------------------------------------


def new_seed() -> int:
    """A fresh seed a player can share (shown as 8 hex digits)."""
    return random.SystemRandom().randrange(1 << 32)


def format_seed(seed: int) -> str:
    """A seed as players share it."""
    return f"{seed & 0xFFFFFFFF:08X}"


def parse_seed(text: str) -> int:
    """A shared seed back to its number; raises ValueError with a clear message."""
    cleaned = text.strip().removeprefix("#")
    if not cleaned or len(cleaned) > 8:
        raise ValueError(f"{text!r} is not a hand seed (up to 8 hex digits, e.g. 1A2B3C4D)")
    try:
        return int(cleaned, 16)
    except ValueError:
        raise ValueError(f"{text!r} is not a hand seed (up to 8 hex digits, e.g. 1A2B3C4D)") from None


@dataclass
class SampleHand:
    """A shuffled deck and the hands drawn from it; the same deck and seed always deal the same hands."""

    seed: int
    sept_library: list[str]
    combat_library: list[str]
    sept_hand: list[str] = field(default_factory=list)
    combat_hand: list[str] = field(default_factory=list)
    combat_discard: list[str] = field(default_factory=list)
    turn: int = 1
    _rng: random.Random = field(default_factory=random.Random, repr=False)

    @classmethod
    def deal(cls, piles: Piles, seed: int, hand_size: int = HAND_SIZE) -> SampleHand:
        """Shuffle both piles with the seed and draw the opening hands."""
        rng = random.Random(seed)
        sept, combat = list(piles.sept), list(piles.combat)
        rng.shuffle(sept)
        rng.shuffle(combat)
        hand = cls(seed, sept, combat, _rng=rng)
        hand._fill(Section.SEPT, hand_size)
        hand._fill(Section.COMBAT, hand_size)
        return hand

    def hand(self, section: Section) -> list[str]:
        """The current hand of one pile."""
        return self.sept_hand if section is Section.SEPT else self.combat_hand

    def redraw(
        self, discard_sept: Iterable[int] = (), discard_combat: Iterable[int] = (), hand_size: int = HAND_SIZE
    ) -> None:
        """The next turn's Redraw: discard the chosen cards (positions in each hand), draw back to the hand size."""
        for section, positions in ((Section.SEPT, discard_sept), (Section.COMBAT, discard_combat)):
            hand = self.hand(section)
            for index in sorted(set(positions), reverse=True):
                if 0 <= index < len(hand):
                    card = hand.pop(index)
                    if section is Section.COMBAT:
                        self.combat_discard.append(card)
            self._fill(section, hand_size)
        self.turn += 1

    def _fill(self, section: Section, hand_size: int) -> None:
        hand = self.hand(section)
        library = self.sept_library if section is Section.SEPT else self.combat_library
        while len(hand) < hand_size:
            if not library and section is Section.COMBAT and self.combat_discard:
                # Out of combat cards: the discards are reshuffled (revised rules, Combat Phase).
                library.extend(self.combat_discard)
                self.combat_discard.clear()
                self._rng.shuffle(library)
            if not library:
                break  # an empty sept deck draws no more
            hand.append(library.pop())

"""Draw odds and sample hands for any game whose description says how hands are drawn (`draws` in game.json).

By turn N a player who discards every card not wanted at each redraw has seen `Draw.seen_by_turn(N)` cards of a
pile (the most they can see); the chance of at least 1, 2 or 3 copies of a card or Type among them is exact
(hypergeometric). A simulated chance carries its trials, seed and a Wilson interval, which never shrinks to ±0.
Rage's combat hand per Character lives in the Rage package (games/rage/odds.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from math import comb, sqrt
from typing import Any

from deckbuilder.deck import Deck
from deckbuilder.games.description import Draw, Game, GameFormat
from deckbuilder.games.resolved import ResolvedDeck
from deckbuilder.i18n import ENGLISH, N_, declare, format_message, message_key
from deckbuilder.i18n.numbers import Percent

EXACT = "exact"
SIMULATED = "simulated"
DEFAULT_TRIALS = 20_000
# Fewer deals than this give a figure whose interval is wider than the differences players compare.
MIN_TRIALS = 1_000
MAX_TRIALS = 200_000
MAX_TURNS = 30
MAX_COPIES = 3
# The z of a 95 % Wilson interval.
WILSON_Z = 1.96
# How a chance was found, as the CLI labels it.
METHOD_WORDS = {EXACT: N_("exact"), SIMULATED: N_("simulated")}
# Each chance's message, declared once: `CODE` or `CODE.variant`; `percent` is the chance already formatted.
MESSAGES = declare(
    {
        "BY_TURN.card": "{percent} to see '{what}' by turn {turn} ({hits} of {pile} {pile_label} cards, "
        "{seen} seen)",
        "BY_TURN.card.copies": "{percent} to see at least {copies} copies of '{what}' by turn {turn} ({hits} of "
        "{pile} {pile_label} cards, {seen} seen)",
        "BY_TURN.type": "{percent} to see a {what} by turn {turn} ({hits} of {pile} {pile_label} cards, "
        "{seen} seen)",
        "BY_TURN.type.copies": "{percent} to see at least {copies} {what} cards by turn {turn} ({hits} of {pile} "
        "{pile_label} cards, {seen} seen)",
        "OPENING_HAND.card": "{percent} to have '{what}' in the opening hand ({hits} of {pile} {pile_label} cards, "
        "{seen} drawn)",
        "OPENING_HAND.card.copies": "{percent} to have at least {copies} copies of '{what}' in the opening hand "
        "({hits} of {pile} {pile_label} cards, {seen} drawn)",
        "OPENING_HAND.type": "{percent} to have a {what} in the opening hand ({hits} of {pile} {pile_label} cards, "
        "{seen} drawn)",
        "OPENING_HAND.type.copies": "{percent} to have at least {copies} {what} cards in the opening hand ({hits} "
        "of {pile} {pile_label} cards, {seen} drawn)",
        "NOT_IN_DECK": "{percent} to draw '{what}': no draw pile of the deck holds a copy",
    }
)


class OddsCancelled(BaseException):
    """A simulation was stopped by its caller's `cancel` (the deck changed). A BaseException, as asyncio's
    CancelledError: code that turns a failed figure into "unavailable" (`except Exception`) lets it by."""


# Asked between a simulation's trials: True once its answer is no longer wanted (None: never).
Cancel = Callable[[], bool] | None


class OddsUnavailable(Exception):
    """The game's description does not say what draw odds need (its message says what is missing)."""


def _message(message_id: str, params: tuple[tuple[str, str], ...]) -> str:
    return format_message(message_id, params, ENGLISH)


def shown_percent(share: float, digits: int = 1) -> Percent:
    """A share as a percentage that reads 100 % only when certain and 0 % only when impossible (never rounded to
    either end)."""
    step = 10.0 ** -(digits + 2)
    if 0.0 < share < 1.0:
        share = min(max(share, step), 1.0 - step)
    return Percent(share, digits)


def wilson(hits: int, trials: int, z: float = WILSON_Z) -> tuple[float, float]:
    """The Wilson score interval of `hits` successes in `trials` (never empty at 0 or at `trials`)."""
    if trials <= 0:
        return 0.0, 1.0
    p = hits / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


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
    source: str = ""  # the rulebook line the model of play comes from

    @property
    def message_id(self) -> str:
        """The catalogue key of the message: the code, or `CODE.variant`."""
        return message_key(self.code, self.variant)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of a simulated value (the value itself when exact)."""
        if self.method == EXACT or not self.trials:
            return self.probability, self.probability
        return wilson(round(self.probability * self.trials), self.trials)

    @property
    def margin(self) -> float:
        """The wider side of the interval (0 for exact values; never 0 for a simulated one)."""
        low, high = self.interval
        return max(high - self.probability, self.probability - low)

    @property
    def percent(self) -> Percent:
        """The value as shown: 100 % only when it is 1."""
        return shown_percent(self.probability)

    def to_json(self) -> dict[str, object]:
        """The shape `ragedeck odds --json` prints."""
        probability = round(self.probability, 6)
        if 0.0 < self.probability < 1.0:
            probability = min(max(probability, 1e-6), 1 - 1e-6)
        low, high = self.interval
        return {
            "code": self.code,
            "probability": probability,
            "method": self.method,
            "message": self.message,
            "params": dict(self.params),
            **({"source": self.source} if self.source else {}),
            **(
                {"trials": self.trials, "seed": self.seed, "interval": [round(low, 6), round(high, 6)]}
                if self.method == SIMULATED
                else {}
            ),
        }


def at_least(population: int, successes: int, draws: int, copies: int = 1) -> float:
    """Hypergeometric P(at least `copies` successes) drawing `draws` cards from `population` holding `successes`."""
    if copies <= 0:
        return 1.0
    if population <= 0 or successes < copies or draws < copies:
        return 0.0
    draws = min(draws, population)
    total = comb(population, draws)
    below = sum(comb(successes, k) * comb(population - successes, draws - k) for k in range(copies))
    return max(0.0, 1.0 - below / total)


def at_least_one(population: int, successes: int, draws: int) -> float:
    """Hypergeometric P(at least one success) drawing `draws` cards from `population` holding `successes`."""
    return at_least(population, successes, draws, 1)


# -- the deck as piles of cards ------------------------------------------------------------------


@dataclass(frozen=True)
class OddsTable:
    """Odds a game's engine works out beyond its description's draws (Rage's first combat hand), as a table.

    `title` and `tooltip` are English (translated where shown); each row is (label as shown, odds): a label names
    a card (data, as imported) or is already in the reader's language.
    """

    title: str
    tooltip: str
    rows: tuple[tuple[str, Odds], ...] = ()
    # A table worked out for a chosen turn: the turn chooser's prefix and tooltip (English); "" = no chooser.
    turn_prefix: str = ""
    turn_tooltip: str = ""


@dataclass(frozen=True)
class Piles:
    """The deck's draw piles as card names (one per copy, deck order), the resolved cards, and how hands are drawn."""

    piles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    cards: Mapping[str, Any] = field(default_factory=dict)
    draws: tuple[Draw, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)

    def pile(self, pile: str) -> tuple[str, ...]:
        """The names of one pile (a Rage `Section` is its pile id)."""
        return self.piles.get(str(pile), ())

    def draw(self, pile: str) -> Draw | None:
        """How hands are drawn from a pile."""
        return next((d for d in self.draws if d.pile == str(pile)), None)

    @property
    def sept(self) -> tuple[str, ...]:
        """Rage's sept pile."""
        return self.pile("sept")

    @property
    def combat(self) -> tuple[str, ...]:
        """Rage's combat pile."""
        return self.pile("combat")

    def pile_of(self, name: str) -> str | None:
        """The draw pile holding a card (case-insensitive), None when no pile does."""
        key = name.casefold()
        return next((p for p, names in self.piles.items() if any(n.casefold() == key for n in names)), None)


def lacking(game: Game) -> str:
    """What the game's description lacks for draw odds ("" when it says enough)."""
    if not game.draws:
        return (
            f'the description of {game.title} gives no "draws" (the piles hands are drawn from and the hand '
            "sizes), so draw odds cannot be worked out"
        )
    return ""


def draws_for(game: Game, fmt: GameFormat | None) -> tuple[Draw, ...]:
    """How hands are drawn: the game's draws, each pile's replaced by the format's own when its rules give one."""
    own = {d.pile: d for d in fmt.draws} if fmt is not None else {}
    return (*(own.pop(d.pile, d) for d in game.draws), *own.values())


def deck_format_of(game: Game, deck: Deck) -> GameFormat | None:
    """The format of its game a deck is played in: its own, else the game's default (as its check chooses)."""
    from deckbuilder.games.loader import formats_of

    known = formats_of(game)
    wanted = deck.format.strip().casefold()
    found = next((f for f in known if f.name.casefold() == wanted), None)
    return found or next((f for f in known if f.name == game.default_format), known[0] if known else None)


def deck_piles(
    deck: Deck,
    pool: Any,
    game: Game | None = None,
    resolved: ResolvedDeck | None = None,
    fmt: GameFormat | None = None,
) -> Piles:
    """The deck's draw piles as its game's engine resolved it (the starting list, a sideboard, is no draw pile),
    drawn as its format says (the deck's own format when `fmt` is None)."""
    from deckbuilder.games.check import resolve  # late: the check module imports every engine
    from deckbuilder.games.loader import load_game

    chosen = game if game is not None else load_game(deck.game)
    problem = lacking(chosen)
    if problem:
        raise OddsUnavailable(problem)
    draws = draws_for(chosen, fmt if fmt is not None else deck_format_of(chosen, deck))
    resolved = resolved if resolved is not None else resolve(deck, pool, chosen)
    wanted = {d.pile for d in draws}
    piles: dict[str, list[str]] = {pile: [] for pile in wanted}
    cards: dict[str, Any] = {}
    for item in resolved:
        if item.card is not None:
            cards[item.name] = item.card
        if item.pile in piles:
            piles[item.pile].extend([item.name] * max(item.count, 0))
    labels = {p: chosen.pile_label(p) for p in wanted}
    return Piles({p: tuple(n) for p, n in piles.items()}, cards, draws, labels)


def type_words(card: Any) -> set[str]:
    """A card's Type and each part of a compound Type (`Ally - Victim`), case folded."""
    text = " ".join(str(getattr(card, "type", "")).split()).casefold()
    return {text, *(part.strip() for part in text.split(" - "))} - {""}


# -- by turn N -----------------------------------------------------------------------------------


def chance_by_turn(
    piles: Piles,
    pile_id: str,
    matches: Callable[[str, Any], bool],
    label: str,
    turn: int,
    kind: str = "card",
    copies: int = 1,
    opening: bool = False,
) -> Odds:
    """Exact chance of at least `copies` matching cards of a pile by turn N (`opening`: in the opening hand)."""
    draw = piles.draw(pile_id)
    if draw is None:
        raise OddsUnavailable(f"no hand is drawn from the pile {pile_id}")
    pile = piles.pile(pile_id)
    hits = sum(1 for name in pile if matches(name, piles.cards.get(name)))
    turn = 1 if opening else max(1, min(turn, MAX_TURNS))
    copies = max(1, min(copies, MAX_COPIES))
    seen = draw.hand if opening else draw.seen_by_turn(turn)
    p = at_least(len(pile), hits, seen, copies)
    params = (
        ("what", label),
        ("turn", str(turn)),
        ("hits", str(hits)),
        ("pile", str(len(pile))),
        ("pile_label", piles.labels.get(str(pile_id), str(pile_id))),
        ("percent", shown_percent(p)),
        ("seen", str(min(seen, len(pile)))),
        ("copies", str(copies)),
    )
    variant = kind if copies == 1 else f"{kind}.copies"
    code = "OPENING_HAND" if opening else "BY_TURN"
    return Odds(
        code=code,
        probability=p,
        method=EXACT,
        message=_message(f"{code}.{variant}", params),
        params=params,
        variant=variant,
        source=draw.source,
    )


def card_by_turn(piles: Piles, name: str, turn: int, copies: int = 1, opening: bool = False) -> Odds:
    """Chance of at least `copies` copies of a card by turn N (`opening`: in the opening hand); KeyError when no draw
    pile of the deck holds it (`missing_card` says that chance)."""
    pile_id = piles.pile_of(name)
    if pile_id is None:
        raise KeyError(name)
    key = name.casefold()
    shown = next(n for n in piles.pile(pile_id) if n.casefold() == key)
    return chance_by_turn(
        piles, pile_id, lambda n, _c: n.casefold() == key, shown, turn, copies=copies, opening=opening
    )


def missing_card(name: str) -> Odds:
    """The chance of drawing a card no draw pile of the deck holds: none, said so (not an error)."""
    params = (("what", name.strip()), ("percent", shown_percent(0.0)))
    return Odds("NOT_IN_DECK", 0.0, EXACT, _message("NOT_IN_DECK", params), params)


def type_by_turn(
    piles: Piles, pile_id: str, type_word: str, turn: int, copies: int = 1, opening: bool = False
) -> Odds:
    """Chance of at least `copies` cards whose Type holds a word (e.g. "Gift", "Combat Action") by turn N
    (`opening`: in the opening hand)."""
    word = " ".join(type_word.split()).casefold()

    def matches(_name: str, card: Any) -> bool:
        return card is not None and word in type_words(card)

    return chance_by_turn(
        piles, pile_id, matches, type_word.strip(), turn, kind="type", copies=copies, opening=opening
    )


def pile_for_type(piles: Piles, type_word: str) -> str | None:
    """The draw pile holding most cards of a Type word (None when no drawn card has that Type)."""
    word = " ".join(type_word.split()).casefold()
    counts = {
        p: sum(1 for n in names if (c := piles.cards.get(n)) is not None and word in type_words(c))
        for p, names in piles.piles.items()
    }
    best = max(counts, key=lambda p: counts[p], default=None)
    return best if best is not None and counts[best] > 0 else None


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
    # int(…, 16) also takes a sign and underscores: "-1" would be a seed no hand was ever dealt with.
    if not cleaned or len(cleaned) > 8 or not all(c in "0123456789abcdefABCDEF" for c in cleaned):
        raise ValueError(f"{text!r} is not a hand seed (up to 8 hex digits, e.g. 1A2B3C4D)")
    try:
        return int(cleaned, 16)
    except ValueError:
        raise ValueError(f"{text!r} is not a hand seed (up to 8 hex digits, e.g. 1A2B3C4D)") from None


@dataclass
class SampleHand:
    """A shuffled deck and the hands drawn from it; the same deck and seed always deal the same hands."""

    seed: int
    libraries: dict[str, list[str]]
    hands: dict[str, list[str]]
    sizes: dict[str, int]
    discards: dict[str, list[str]] = field(default_factory=dict)
    # Piles whose discards are reshuffled when they run out (Rage's combat deck; a game's own rule otherwise).
    reshuffled: frozenset[str] = frozenset({"combat"})
    turn: int = 1
    _rng: random.Random = field(default_factory=random.Random, repr=False)

    @classmethod
    def deal(cls, piles: Piles, seed: int) -> SampleHand:
        """Shuffle each draw pile with the seed and draw the opening hands."""
        rng = random.Random(seed)
        libraries: dict[str, list[str]] = {}
        for draw in piles.draws:
            library = list(piles.pile(draw.pile))
            rng.shuffle(library)
            libraries[draw.pile] = library
        sizes = {d.pile: d.hand for d in piles.draws}
        hand = cls(seed, libraries, {p: [] for p in libraries}, sizes, {p: [] for p in libraries}, _rng=rng)
        for pile in libraries:
            hand._fill(pile)
        return hand

    def hand(self, pile: str) -> list[str]:
        """The current hand of one pile."""
        return self.hands.get(str(pile), [])

    @property
    def sept_hand(self) -> list[str]:
        """Rage's sept hand."""
        return self.hand("sept")

    @property
    def combat_hand(self) -> list[str]:
        """Rage's combat hand."""
        return self.hand("combat")

    def library(self, pile: str) -> list[str]:
        """The cards left to draw from a pile."""
        return self.libraries.get(str(pile), [])

    def redraw(self, discard_sept: Iterable[int] = (), discard_combat: Iterable[int] = ()) -> None:
        """Rage's next turn: discard the chosen cards (positions in each hand), draw back to the hand size."""
        self.redraw_piles({"sept": discard_sept, "combat": discard_combat})

    def redraw_piles(self, discards: Mapping[str, Iterable[int]]) -> None:
        """The next turn's redraw: discard the chosen cards (positions in each hand), draw back to the hand size."""
        for pile in self.hands:
            hand = self.hands[pile]
            for index in sorted(set(discards.get(pile, ())), reverse=True):
                if 0 <= index < len(hand):
                    self.discards[pile].append(hand.pop(index))
            self._fill(pile)
        self.turn += 1

    def _fill(self, pile: str) -> None:
        hand, library = self.hands[pile], self.libraries[pile]
        while len(hand) < self.sizes[pile]:
            if not library and pile in self.reshuffled and self.discards[pile]:
                # Out of cards: the discards are reshuffled (Rage: revised rules, Combat Phase).
                library.extend(self.discards[pile])
                self.discards[pile].clear()
                self._rng.shuffle(library)
            if not library:
                break  # an empty pile draws no more
            hand.append(library.pop())

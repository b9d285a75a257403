"""Rage's combat hand per Character, as the rules play it: the opening 5 combat cards, then at each Combat Phase a
discard of any of them and a redraw back to 5 (revised rules, Chapter 3, Combat Phase); each combat plays cards and
the hand is refilled after it (Chapter 5, Ending Combat), turn after turn (games/rage/combat_play.py). Exact where one
Character is asked about; simulated (seeded) where Characters interact.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from carddb.model import CardInfo
from carddb.traits import KNOWN_TRAITS
from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.loader import find_format, load_game
from deckbuilder.games.rage.combat_play import exact_by_turn, simulate_by_turn
from deckbuilder.games.rage.context import PackMember, build_context
from deckbuilder.games.rage.facts import parse_requirement, type_parts
from deckbuilder.games.rage.format import GAME, format_view
from deckbuilder.games.rage.renown import renown_level_of
from deckbuilder.i18n import ENGLISH, N_, declare, format_message, gettext, message_key
from deckbuilder.odds import (
    DEFAULT_TRIALS,
    EXACT,
    MAX_TRIALS,
    MAX_TURNS,
    SIMULATED,
    Cancel,
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
        "CHARACTER_CAN_FIGHT.later": "{percent} that {character} has a Combat Action it can play at the Combat "
        "Phase of turn {turn} ({playable} of {pile} combat cards; it plays one in each combat before and the hand "
        "is refilled after it, then a discard and redraw at each Combat Phase)",
        "EVERY_CHARACTER_CAN_FIGHT.later": "{percent} that every Character has a Combat Action it can play at the "
        "Combat Phase of turn {turn} (one played in each combat before and the hand refilled after it, then a "
        "discard and redraw at each Combat Phase)",
        "EVERY_CHARACTER_CAN_FIGHT.later.simulated": "{percent} that every Character has a Combat Action it can "
        "play at the Combat Phase of turn {turn}, keeping the useful cards, playing one in each combat before and "
        "refilling the hand after it (simulated)",
        "EACH_CHARACTER_OWN_CARD.later.simulated": "{percent} that the combat hand at the Combat Phase of turn "
        "{turn} gives every Character a different Combat Action it can play, keeping the useful cards, playing one "
        "in each combat before and refilling the hand after it (simulated)",
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
class CombatTurn:
    """The Combat Phase of one turn: per Character (exact), every Character at once, each its own card."""

    turn: int
    per_character: tuple[Odds, ...]
    every_character: Odds | None
    distinct_cards: Odds | None


@dataclass(frozen=True)
class CombatOdds:
    """The combat hand at each Combat Phase of turns 1..N; the first three fields are the first Combat Phase's."""

    per_character: tuple[Odds, ...]
    every_character: Odds | None
    distinct_cards: Odds | None
    hand_size: int = 5
    turns: tuple[CombatTurn, ...] = ()

    def turn(self, number: int) -> CombatTurn | None:
        """The odds at the Combat Phase of one turn (None when not worked out)."""
        return next((t for t in self.turns if t.turn == number), None)


def combat_hand_odds(
    deck: Deck,
    pool: CardPool,
    seed: int = 1,
    trials: int = DEFAULT_TRIALS,
    piles: Piles | None = None,
    turns: int = 1,
    plays: int | None = None,
) -> CombatOdds:
    """The chance that each Character has a Combat Action it can play at the Combat Phase of turns 1..N; each
    combat plays `plays` cards (by default the description's `played`: the one the alpha fights with)."""
    return _combat_job(deck, pool, seed, trials, piles, turns, plays)(None)


def _combat_job(
    deck: Deck,
    pool: CardPool,
    seed: int,
    trials: int,
    piles: Piles | None,
    turns: int,
    plays: int | None,
) -> Callable[[Cancel], CombatOdds]:
    """combat_hand_odds in two steps: the deck's cards are read from `pool` now; the call returned (given a `cancel`,
    or None) works the odds out from what was read (no pool, no database: a worker thread may run it)."""
    piles = piles if piles is not None else deck_piles(deck, pool)
    draw = piles.draw("combat")
    if draw is None:
        raise OddsUnavailable("Rage's description gives no combat hand")
    hand_size = draw.hand
    plays = draw.played if plays is None else max(0, plays)
    turns = max(1, min(turns, MAX_TURNS))
    trials = max(0, min(trials, MAX_TRIALS))
    game = load_game(GAME)
    fmt = format_view(find_format(game, deck.format), game)  # FormatError: the deck's format is not installed
    ctx = build_context(deck, pool, fmt, renown_level_of(deck, game))
    pile = piles.combat
    playable: list[tuple[PackMember, frozenset[int]]] = []
    for member in ctx.pack:
        positions = frozenset(
            i
            for i, name in enumerate(pile)
            if (card := piles.cards.get(name)) and can_play(member, card, ctx.vocabulary)
        )
        playable.append((member, positions))
    play = _Play(
        len(pile),
        hand_size,
        turns,
        plays,
        seed,
        trials,
        draw.source,
        draw.seen_by_turn(1),
        draw.refill_first_turn,
    )
    return functools.partial(_combat_odds, play, tuple(playable))


def _combat_odds(
    play: _Play, playable: tuple[tuple[PackMember, frozenset[int]], ...], cancel: Cancel = None
) -> CombatOdds:
    """The combat hand's odds of the pack's Characters, turn by turn (pure: what the deck's cards were, read);
    OddsCancelled once `cancel` says so."""
    if not playable:
        return CombatOdds((), None, None, play.hand)
    per_turn = [
        play.character_odds(member.card.name, len(positions)) for member, positions in playable
    ]  # per Character, per turn
    every = play.every_character(list(playable), cancel)
    distinct = play.distinct_cards(list(playable), cancel)
    found = tuple(
        CombatTurn(
            n + 1,
            tuple(chances[n] for chances in per_turn),
            every[n],
            distinct[n] if n < len(distinct) else None,
        )
        for n in range(play.turns)
    )
    first = found[0]
    return CombatOdds(first.per_character, first.every_character, first.distinct_cards, play.hand, found)


COMBAT_TABLE_TITLE = N_("Combat Phase: a Combat Action each can play")
COMBAT_TABLE_TOOLTIP = N_(
    "The combat hand at the Combat Phase of the chosen turn holds a Combat Action the Character meets (Requires, "
    "form, Rage)"
)
COMBAT_TURN_PREFIX = N_("Combat Phase of turn ")
COMBAT_TURN_TOOLTIP = N_(
    "At each Combat Phase the hand discards what it cannot use and draws back to 5; each combat plays one card and "
    "the hand is refilled after it (revised rules, Chapter 3, Combat Phase; Chapter 5, Ending Combat)"
)


def combat_extra_odds(
    deck: Deck, pool: CardPool, piles: Piles, seed: int, trials: int, turns: int
) -> list[Odds]:
    """`ragedeck odds`: the combat hand at each Combat Phase of turns 1..N (refilled after each combat)."""
    combat = combat_hand_odds(deck, pool, seed=seed, trials=trials, piles=piles, turns=turns)
    found: list[Odds] = []
    for turn in combat.turns:
        found += [*turn.per_character]
        found += [o for o in (turn.every_character, turn.distinct_cards) if o is not None]
    return found


def combat_table(
    deck: Deck, pool: CardPool, piles: Piles, seed: int, trials: int, turn: int
) -> Callable[[Cancel], OddsTable]:
    """The Draw odds tab's table at the Combat Phase of one turn (each Character, every Character, each its own
    card when a hand can hold one for each), as a job: the deck's cards are read from `pool` now, the call returned
    simulates (a worker thread may run it; OddsCancelled once its `cancel` says so)."""
    return functools.partial(_combat_table, _combat_job(deck, pool, seed, trials, piles, turn, None), turn)


def _combat_table(odds_of: Callable[[Cancel], CombatOdds], turn: int, cancel: Cancel = None) -> OddsTable:
    combat = odds_of(cancel)
    shown = combat.turn(turn)
    rows: list[tuple[str, Odds]] = []
    if shown is not None:
        rows = [(dict(o.params).get("character", ""), o) for o in shown.per_character]
        if shown.every_character is not None:
            rows.append((gettext("Every Character"), shown.every_character))
        if shown.distinct_cards is not None and 1 < len(shown.per_character) <= combat.hand_size:
            rows.append((gettext("Each its own card"), shown.distinct_cards))
    return OddsTable(
        COMBAT_TABLE_TITLE,
        COMBAT_TABLE_TOOLTIP,
        tuple(rows),
        turn_prefix=COMBAT_TURN_PREFIX,
        turn_tooltip=COMBAT_TURN_TOOLTIP,
    )


@dataclass(frozen=True)
class _Play:
    """The figures of one deck's combat pile, turn by turn, as one model of play."""

    population: int
    hand: int
    turns: int
    plays: int
    seed: int
    trials: int
    source: str
    seen: int  # cards seen by the first Combat Phase: the opening hand and one redraw
    first_redraw: bool = True  # the first Combat Phase redraws (revised), or only draws the hand (1995)

    def _variant(self, turn: int, simulated: bool = False) -> str:
        later = "later" if turn > 1 else ""
        return ".".join(v for v in (later, "simulated" if simulated else "") if v)

    def character_odds(self, name: str, hits: int) -> list[Odds]:
        """Exact, turn by turn: keep a playable card or discard all, redraw, play one in each combat, refill."""
        chances = exact_by_turn(self.population, hits, self.hand, self.turns, self.plays, self.first_redraw)
        found = []
        for n, p in enumerate(chances, start=1):
            params = (
                ("character", name),
                ("playable", str(hits)),
                ("pile", str(self.population)),
                ("seen", str(min(self.seen, self.population))),
                ("turn", str(n)),
                ("percent", shown_percent(p)),
            )
            variant = self._variant(n)
            message = _message(message_key("CHARACTER_CAN_FIGHT", variant), params)
            found.append(
                Odds("CHARACTER_CAN_FIGHT", p, EXACT, message, params, 0, None, variant, self.source)
            )
        return found

    def every_character(
        self, playable: list[tuple[PackMember, frozenset[int]]], cancel: Cancel = None
    ) -> list[Odds]:
        """Exact when every Character can play the same cards; otherwise simulated."""
        groups = sorted({positions for _member, positions in playable}, key=sorted)
        if all(at_least_one(self.population, len(group), self.hand) == 1.0 for group in groups):
            groups = groups[:1]  # any hand holds a card for each: certain, whatever the groups
        if len(groups) == 1:
            chances = exact_by_turn(
                self.population, len(groups[0]), self.hand, self.turns, self.plays, self.first_redraw
            )
            found = []
            for n, p in enumerate(chances, start=1):
                params: tuple[tuple[str, str], ...] = (
                    ("characters", str(len(playable))),
                    ("seen", str(min(self.seen, self.population))),
                    ("turn", str(n)),
                    ("percent", shown_percent(p)),
                )
                variant = self._variant(n)
                message = _message(message_key("EVERY_CHARACTER_CAN_FIGHT", variant), params)
                found.append(
                    Odds(
                        "EVERY_CHARACTER_CAN_FIGHT", p, EXACT, message, params, 0, None, variant, self.source
                    )
                )
            return found
        masks = _masks(self.population, groups)
        full = len(groups)
        hits = simulate_by_turn(
            masks,
            self.hand,
            self.turns,
            self.seed,
            self.trials,
            _coverage,
            full,
            self.plays,
            self.first_redraw,
            cancel,
        )
        return [
            self._simulated("EVERY_CHARACTER_CAN_FIGHT", h, len(playable), n) for n, h in enumerate(hits, 1)
        ]

    def distinct_cards(
        self, playable: list[tuple[PackMember, frozenset[int]]], cancel: Cancel = None
    ) -> list[Odds]:
        """Each Character a different card of the same hand: a matching, where requirements interact."""
        sets = [positions for _member, positions in playable]
        if len(sets) > min(self.hand, self.population):
            params: tuple[tuple[str, str], ...] = (
                ("characters", str(len(sets))),
                ("percent", shown_percent(0.0)),
                ("hand", str(self.hand)),
            )
            message = _message("EACH_CHARACTER_OWN_CARD", params)
            # Never, at any turn: one figure says so.
            return [Odds("EACH_CHARACTER_OWN_CARD", 0.0, EXACT, message, params, source=self.source)]
        masks = _masks(self.population, sets)
        count = len(sets)
        hits = simulate_by_turn(
            masks,
            self.hand,
            self.turns,
            self.seed,
            self.trials,
            _matching_size,
            count,
            self.plays,
            self.first_redraw,
            cancel,
        )
        return [self._simulated("EACH_CHARACTER_OWN_CARD", h, count, n) for n, h in enumerate(hits, 1)]

    def _simulated(self, code: str, hits: int, characters: int, turn: int) -> Odds:
        """A simulated chance about the pack's Characters: `hits` of `trials` seeded games."""
        p = hits / self.trials if self.trials else 0.0
        # An estimate is never shown as certain or impossible: only an exact figure can be.
        shown = shown_percent(min(max(p, 1e-6), 1 - 1e-6))
        params = (("characters", str(characters)), ("turn", str(turn)), ("percent", shown))
        variant = self._variant(turn, simulated=True)
        message = _message(message_key(code, variant), params)
        return Odds(code, p, SIMULATED, message, params, self.trials, self.seed, variant, self.source)


def _masks(population: int, sets: Sequence[frozenset[int]]) -> list[int]:
    """Per card of the pile, a bit per set (Character or group) that can use it."""
    masks = [0] * population
    for bit, positions in enumerate(sets):
        for position in positions:
            masks[position] |= 1 << bit
    return masks


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

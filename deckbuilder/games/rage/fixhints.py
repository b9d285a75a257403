"""Rage's fix-it hints: a planner per error code builds the smallest deck changes that clear it; the engine re-checks
each (games/hints.py `Verifier`) before it is offered. Fillers are chosen for fit with the pack (allegiance,
requirements the pack meets, Combat Actions most of its Characters can play), never by name.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from carddb.cardtypes import Section
from carddb.demo import is_demo_card
from carddb.model import CardInfo
from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.check import check, resolve
from deckbuilder.games.hints import (
    ADD_CARDS,
    ADD_CHARACTER,
    MAX_HINTS_PER_ERROR,
    REMOVE,
    REPLACE,
    SWAP,
    TRIM,
    Change,
    FixHint,
    Verifier,
    apply_changes,
    describe_added,
    make_hint,
    replace_with_suggestions,
)
from deckbuilder.games.loader import find_format
from deckbuilder.games.rage.context import CheckContext, Placed, build_context
from deckbuilder.games.rage.facts import (
    GAIA,
    ROGUE,
    WYRM,
    allegiance_block,
    character_allegiance,
    identity_of,
)
from deckbuilder.games.rage.format import Format, format_view
from deckbuilder.games.rage.odds import can_play
from deckbuilder.games.rage.renown import RENOWN_LEVEL, renown_level_of
from deckbuilder.games.rage.warnings import RequirementUnmetRule
from deckbuilder.games.resolved import ResolvedCard
from deckbuilder.legality.results import Report, Result, Severity

if TYPE_CHECKING:
    from deckbuilder.games.description import Game, GameFormat

# Errors whose hints keep the planner's order (the likeliest fix first), not smallest first.
PLANNER_ORDER = frozenset({"UNKNOWN_CARD", "RETIRED_CARD"})


def _check(deck: Deck, pool: CardPool, fmt: Format, level: int, game: Game | None = None) -> Report:
    """The engine's check of a Rage deck against a format at a Renown level (Rage's description read once: `game`)."""
    return check(deck, pool, game, fmt, {RENOWN_LEVEL: level})


def _stable(name: str) -> str:
    """A tie-break that is the same on every run but unrelated to the alphabet."""
    return hashlib.blake2s(name.casefold().encode(), digest_size=4).hexdigest()


@dataclass
class _Planner:
    """Builds candidate changes for each error of one deck and keeps those the engine accepts."""

    deck: Deck
    pool: CardPool
    fmt: Format
    level: int
    candidates: Sequence[CardInfo]
    report: Report
    game: Game | None = None  # Rage's description, read once for every trial check
    # True once the hints are no longer wanted (games/hints.py HintsCancelled).
    cancel: Callable[[], bool] | None = None
    ctx: CheckContext = field(init=False)
    verifier: Verifier = field(init=False)

    def __post_init__(self) -> None:
        self.ctx = build_context(self.deck, self.pool, self.fmt, self.level)
        self.verifier = Verifier(
            self.deck,
            self.report,
            lambda trial: _check(trial, self.pool, self.fmt, self.level, self.game),
            self.cancel,
        )

    def with_fill(self, changes: list[Change]) -> list[Change]:
        """Removals that drop a section under its minimum also add that many replacement cards."""
        trial = self.deck.copy()
        apply_changes(trial, changes)
        trial_sizes = self._sizes(trial)
        added: list[Change] = []
        for section in (Section.SEPT, Section.COMBAT):
            before = self.sizes.get(section.value, 0)
            after = trial_sizes.get(section.value, 0)
            minimum = self._minimum(section)
            if minimum is None or after >= minimum or after >= before:
                continue
            removed = {c.name for c in changes if c.count < 0}
            added.extend(self.fill(section, min(minimum, before) - after, exclude=removed, deck=trial))
        return changes + added

    @property
    def sizes(self) -> dict[str, int]:
        """Cards per pile as the checker counted them (the report's resolved deck; resolved here without one)."""
        resolved = self.report.resolved
        if resolved is None:
            resolved = resolve(self.deck, self.pool, self.game)
        return _pile_sizes(resolved)

    def _sizes(self, deck: Deck) -> dict[str, int]:
        return _pile_sizes(resolve(deck, self.pool, self.game))

    def _minimum(self, section: Section) -> int | None:
        limits = self.fmt.limits
        return limits.sept_minimum if section is Section.SEPT else limits.combat_minimum

    def _copy_limit(self, card: CardInfo) -> int | None:
        limits = self.fmt.limits
        if card.section is Section.SEPT:
            return limits.sept_copies
        if card.section is Section.COMBAT:
            return limits.combat_copies
        return limits.character_copies

    # -- what the pack can use -------------------------------------------------------------------

    def usable(self, card: CardInfo) -> bool:
        """A card the format allows and the pack can use (allegiance, requirements, Gnosis/Renown needs)."""
        if card.sets and not any(self.fmt.allows_set(s) for s in card.sets):
            return False
        if self.fmt.is_banned_name(card.name) or self.fmt.banned_type_of(card.type):
            return False
        if is_demo_card(card) and any(r.code == "DEMO_CARD" for r in self.report.results):
            return False
        if allegiance_block(card, self.ctx.allegiance):
            return False
        if not self.ctx.pack:
            return True
        rule = RequirementUnmetRule
        return not (rule._keyword_problem(card, self.ctx) or rule._need_problem(card, self.ctx))

    def fill(
        self, section: Section, missing: int, exclude: Iterable[str] = (), deck: Deck | None = None
    ) -> list[Change]:
        """`missing` copies for a section: more copies of the deck's own cards first, then usable pool cards."""
        deck = deck or self.deck
        excluded = {n.casefold() for n in exclude}
        changes: list[Change] = []
        seen: set[str] = set()
        for _item, card in self.ctx.known(self.ctx.cards):
            if missing <= 0:
                break
            if card.section is not section or card.name.casefold() in excluded or not self.usable(card):
                continue
            seen.add(card.norm_name)
            limit = self._copy_limit(card)
            room = missing if limit is None else limit - deck.count_of(card.name)
            take = min(room, missing)
            if take > 0:
                changes.append(Change(card.name, take))
                missing -= take
        for card in self._pool_cards(section):
            if missing <= 0:
                break
            if card.norm_name in seen or card.name.casefold() in excluded or deck.count_of(card.name):
                continue
            limit = self._copy_limit(card)
            take = missing if limit is None else min(limit, missing)
            if take > 0:
                changes.append(Change(card.name, take))
                missing -= take
        return changes if missing <= 0 else []

    def _pool_cards(self, section: Section) -> Iterator[CardInfo]:
        # The best fit first: cards most of the pack can play, of the pack's own side, of Types the deck already
        # uses; ties in an order unrelated to the alphabet (so no one card is offered to every deck).
        cards = [c for c in self.candidates if c.section is section and self.usable(c)]
        cards.sort(key=lambda c: (-self.fit(c), _stable(c.name)))
        yield from cards

    def fit(self, card: CardInfo) -> int:
        """How well a pool card suits this deck: higher is better."""
        score = 0
        if card.section is Section.COMBAT and self.ctx.pack:
            score += 4 * sum(1 for member in self.ctx.pack if can_play(member, card))
            score -= 2 * len(self.ctx.pack)  # a card no Character can play fits worse than no card at all
        if self.ctx.allegiance and character_allegiance_of_card(card) == self.ctx.allegiance:
            score += 2
        if card.type in self._deck_types:
            score += 1
        return score

    @property
    def _deck_types(self) -> frozenset[str]:
        return frozenset(p.card.type for p in self.ctx.cards if p.card is not None)

    def characters_for(self, allegiance: str, budget: int, exclude: Iterable[Placed] = ()) -> list[CardInfo]:
        """Pool Characters of that allegiance within a Renown budget, highest Renown first, none already used."""
        used = {identity_of(m.card) for m in self.ctx.pack}
        used |= {identity_of(p.card) for p in exclude if p.card is not None}
        found = [
            c
            for c in self.candidates
            if c.section is Section.CHARACTERS
            and (c.renown or 0) <= budget
            and character_allegiance(c) == allegiance
            and identity_of(c) not in used
            and self.deck.count_of(c.name) == 0
            and (not c.sets or any(self.fmt.allows_set(s) for s in c.sets))
            and not self.fmt.is_banned_name(c.name)
            and not self.fmt.banned_type_of(c.type)
        ]
        found.sort(key=lambda c: (-(c.renown or 0), c.name.casefold()))
        return found

    # -- one planner per error code --------------------------------------------------------------

    def hints_for(self, error: Result) -> list[FixHint]:
        """Verified hints for one error: smallest first, or in the planner's order where that matters."""
        planner = PLANNERS.get(error.code)
        if planner is None:
            return []
        return self.verifier.offered(error, planner(self, error), by_size=error.code not in PLANNER_ORDER)

    def placed(self, name: str) -> Placed | None:
        """The resolved deck card of that name."""
        key = name.casefold()
        for item in self.ctx.cards:
            if item.name.casefold() == key:
                return item
        return None

    def removal(self, item: Placed, keep: int = 0) -> list[Change]:
        """Changes taking an entry down to `keep` copies: the deck's entries first, then the starting list."""
        excess = item.copies - keep
        changes: list[Change] = []
        # The starting list first: a copy over the limit is dropped from play, not from the sept pile's count.
        for entry in self.deck.starting:
            if excess > 0 and entry.key == item.key:
                take = min(entry.count, excess)
                changes.append(Change(entry.name, -take, entry.set_name, starting=True))
                excess -= take
        for entry in self.deck.entries:
            if excess > 0 and entry.key == item.key:
                take = min(entry.count, excess)
                changes.append(Change(entry.name, -take, entry.set_name))
                excess -= take
        return changes


def _remove_or_replace(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Take the named cards out, filling a section back to its minimum (deck cards first, then the pool)."""
    for name in error.cards:
        item = p.placed(name)
        if item is None:
            continue
        changes = p.with_fill(p.removal(item))
        added = [c for c in changes if c.count > 0]
        if added:
            yield make_hint(
                REPLACE, error, changes, card=item.name, copies=item.copies, added=describe_added(added)
            )
        else:
            variant = "copies" if item.copies != 1 else ""
            yield make_hint(REMOVE, error, changes, variant, card=item.name, copies=item.copies)


def _replace_unknown(p: _Planner, error: Result) -> Iterator[FixHint]:
    """An unknown card: swap it for one of the names the database suggests, else take it out."""
    for name in error.cards:
        item = p.placed(name)
        if item is None:
            continue
        # The closest names first, leaving room for taking the card out (the last resort, offered last).
        yield from replace_with_suggestions(
            error, item.name, p.ctx.suggestions.get(item.key, []), p.removal(item)
        )
    yield from _remove_or_replace(p, error)


def _trim_copies(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Trim copies over the limit, refilling the section if that takes it under its minimum."""
    for name in error.cards:
        item = p.placed(name)
        if item is None or item.card is None:
            continue
        limit = p._copy_limit(item.card)
        if item.pile == Section.CHARACTERS and "multiple" in item.card.keyword_set:
            limit = p.fmt.limits.multiple_copies
        if limit is None:
            continue
        changes = p.with_fill(p.removal(item, keep=limit))
        added = [c for c in changes if c.count > 0]
        if not added and all(c.starting for c in changes):
            yield make_hint(REMOVE, error, changes, "starting", card=item.name, copies=item.copies - limit)
            continue
        extra = {"added": describe_added(added)} if added else {}
        variant = "add" if added else ""
        yield make_hint(
            TRIM, error, changes, variant, card=item.name, copies=item.copies, limit=limit, **extra
        )


def _add_missing(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Add the missing sept or combat cards: the deck's own cards first, then pool cards the pack can use."""
    section = Section.SEPT if error.code == "SEPT_MINIMUM" else Section.COMBAT
    minimum = p._minimum(section) or 0
    missing = minimum - p.sizes.get(section.value, 0)
    changes = p.fill(section, missing)
    if changes:
        yield make_hint(
            ADD_CARDS,
            error,
            changes,
            section.value,
            section=section.value,
            missing=missing,
            added=describe_added(changes),
        )


def _remove_character(p: _Planner, error: Result, members: Sequence[Placed]) -> Iterator[FixHint]:
    # Fewest Renown lost first, so the pack keeps as much of its Renown use as the rule allows.
    for item in sorted(members, key=lambda m: ((m.card.renown or 0) if m.card else 0, m.name.casefold())):
        yield make_hint(
            REMOVE,
            error,
            p.removal(item),
            "character",
            card=item.name,
            renown=item.card.renown or 0 if item.card else 0,
        )


def _swap_character(
    p: _Planner, error: Result, item: Placed, allegiance: str, budget: int
) -> Iterator[FixHint]:
    for card in p.characters_for(allegiance, budget, exclude=[item])[: MAX_HINTS_PER_ERROR * 2]:
        yield make_hint(
            SWAP,
            error,
            [*p.removal(item), Change(card.name, 1)],
            card=item.name,
            added=card.name,
            renown=(item.card.renown or 0) if item.card else 0,
            added_renown=card.renown or 0,
            allegiance=allegiance,
        )


def _over_level(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Over the Renown level: remove the smallest Character that is enough, or swap one for a cheaper one."""
    over = p.ctx.renown - p.level
    members = [m.placed for m in p.ctx.pack]
    enough = [m for m in members if (m.card.renown or 0 if m.card else 0) * m.copies >= over]
    swaps: list[tuple[int, FixHint]] = []
    for item in sorted(enough, key=lambda m: (m.card.renown or 0) if m.card else 0):
        renown = (item.card.renown or 0) if item.card else 0
        allegiance = p.ctx.allegiance or (character_allegiance(item.card) if item.card else GAIA)
        if allegiance == ROGUE:
            allegiance = GAIA
        for hint in _swap_character(p, error, item, allegiance, renown - over):
            added = sum(
                (c.count * ((card.renown or 0) if (card := p.pool.lookup(c.name)) else 0))
                for c in hint.changes
            )
            swaps.append((p.ctx.renown + added, hint))
    # The swaps that leave the pack's Renown use highest come first.
    swaps.sort(key=lambda pair: -pair[0])
    removals = list(_remove_character(p, error, enough))
    # The cheapest removal first, then the best swaps, so both kinds are offered.
    yield from removals[:1]
    yield from (hint for _renown, hint in swaps[: MAX_HINTS_PER_ERROR - 1])
    yield from removals[1:]


def _rogue_cap(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Rogues over half the Renown: swap a Rogue for a pack-allegiance Character, remove one, or add one."""
    rogues = [m.placed for m in p.ctx.pack if m.allegiance == ROGUE]
    allegiance = p.ctx.allegiance or GAIA
    for item in rogues:
        renown = (item.card.renown or 0) if item.card else 0
        yield from _swap_character(p, error, item, allegiance, renown + (p.level - p.ctx.renown))
    yield from _add_character(p, error, allegiance, p.level - p.ctx.renown)
    yield from _remove_character(p, error, rogues)


def _add_character(p: _Planner, error: Result, allegiance: str, room: int) -> Iterator[FixHint]:
    """Add one of the highest-Renown Characters of `allegiance` that fit in `room` Renown."""
    for card in p.characters_for(allegiance, room)[:MAX_HINTS_PER_ERROR]:
        yield make_hint(
            ADD_CHARACTER,
            error,
            [Change(card.name, 1)],
            added=card.name,
            renown=card.renown or 0,
            allegiance=allegiance,
        )


def _versions(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Two versions of one Character: keep one."""
    members = [item for name in error.cards if (item := p.placed(name)) is not None]
    yield from _remove_character(p, error, members)


def _mixed(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Gaia and Wyrm in one pack: remove (or swap) the side with less Renown."""
    sides: dict[str, list[Placed]] = {GAIA: [], WYRM: []}
    for member in p.ctx.pack:
        if member.allegiance in sides:
            sides[member.allegiance].append(member.placed)

    def renown(items: list[Placed]) -> int:
        return sum(((i.card.renown or 0) if i.card else 0) * i.copies for i in items)

    order = sorted(sides, key=lambda side: renown(sides[side]))
    for drop in order:
        keep = WYRM if drop == GAIA else GAIA
        items = sides[drop]
        if len(items) == 1:
            yield from _swap_character(p, error, items[0], keep, renown(items))
        changes = [c for item in items for c in p.removal(item)]
        yield make_hint(
            REMOVE,
            error,
            changes,
            "side",
            allegiance=drop,
            card=", ".join(i.name for i in items),
            names=tuple(i.name for i in items),
        )


def sept_allegiances(p: _Planner) -> list[str]:
    """The allegiances the deck's sept cards suit: those under which fewest sept copies are unusable."""
    blocked = {
        side: sum(
            item.copies for item in p.ctx.sept if item.card is not None and allegiance_block(item.card, side)
        )
        for side in (GAIA, WYRM)
    }
    least = min(blocked.values())
    return [side for side in (GAIA, WYRM) if blocked[side] == least]


def _no_characters(p: _Planner, error: Result) -> Iterator[FixHint]:
    """An empty pack: the highest-Renown Characters within the level of the allegiance the sept cards suit, or
    Rogues (who join any pack)."""
    for allegiance in (*sept_allegiances(p), ROGUE):
        yield from _add_character(p, error, allegiance, p.level)


def _demo_cards(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Invented demo cards once real cards are in: take every one out (sections refilled from real cards)."""
    demo = [item for item in p.ctx.cards if item.card is not None and is_demo_card(item.card)]
    if not demo:
        return
    removed = [c for item in demo for c in p.removal(item)]
    changes = p.with_fill(removed)
    yield make_hint(
        REMOVE,
        error,
        changes,
        "demo",
        card=", ".join(i.name for i in demo),
        names=tuple(i.name for i in demo),
    )


def character_allegiance_of_card(card: CardInfo) -> str:
    """The side a sept or combat card is made for ("" when either can use it): the one that is not blocked."""
    gaia, wyrm = allegiance_block(card, GAIA), allegiance_block(card, WYRM)
    if gaia and not wyrm:
        return WYRM
    if wyrm and not gaia:
        return GAIA
    return ""


def _pile_sizes(resolved: Iterable[ResolvedCard]) -> dict[str, int]:
    sizes: dict[str, int] = {}
    for item in resolved:
        if item.pile is not None:
            sizes[item.pile] = sizes.get(item.pile, 0) + item.count
    return sizes


PLANNERS = {
    "UNKNOWN_CARD": _replace_unknown,
    "RETIRED_CARD": _replace_unknown,  # the card that took its place first (the database suggests it first)
    "UNPLACEABLE_CARD": _remove_or_replace,
    "SET_NOT_IN_FORMAT": _remove_or_replace,
    "BANNED_CARD": _remove_or_replace,
    "NO_CHARACTERS": _no_characters,
    "RENOWN_OVER_LEVEL": _over_level,
    "CHARACTER_COPIES": _trim_copies,
    "CHARACTER_VERSIONS": _versions,
    "ALLEGIANCE_MIXED": _mixed,
    "ROGUE_OVER_HALF": _rogue_cap,
    "COMBAT_MINIMUM": _add_missing,
    "COMBAT_COPIES": _trim_copies,
    "SEPT_MINIMUM": _add_missing,
    "SEPT_COPIES": _trim_copies,
    # A warning, not an error: a sept card the pack's allegiance cannot use is replaced by one it can.
    "ALLEGIANCE_UNUSABLE": _remove_or_replace,
    "DEMO_CARD": _demo_cards,
}


def rage_hints(
    deck: Deck,
    pool: CardPool,
    candidates: Sequence[CardInfo],
    fmt: Format,
    level: int,
    report: Report,
    wanted: Sequence[Result],
    game: Game | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """For each wanted result of a Rage deck, the verified hints that clear it (empty when none found); HintsCancelled
    once `cancel` says so."""
    planner = _Planner(deck, pool, fmt, level, list(candidates), report, game, cancel)
    found: list[tuple[Result, list[FixHint]]] = []
    for error in wanted:
        planner.verifier.stop_if_cancelled()
        try:
            hints = planner.hints_for(error)
        except (
            Exception
        ):  # a hint is a courtesy: a planner failure leaves the error without one, never crashes
            hints = []
        found.append((error, hints))
    return found


def plan_hints(
    deck: Deck,
    pool: CardPool,
    game: Game,
    candidates: Sequence[Any] | None,
    fmt: Format | GameFormat | str | None,
    settings: Mapping[str, int | None],
    report: Report | None,
    cancel: Callable[[], bool] | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """The Rage engine's fix-it hints (its `hints_module`): each error and planned warning with its verified hints.

    `fmt` a Rage format view or a format's name (None: the deck's own); `settings` given over the deck's (its
    Renown level: the deck's own when not given); `cancel` asked between candidate checks (HintsCancelled).
    """
    if fmt is None or isinstance(fmt, str):
        fmt = format_view(find_format(game, deck.format if fmt is None else fmt), game)
    elif not isinstance(fmt, Format):  # a format of the game, as a deck's context holds it
        fmt = format_view(fmt, game)
    level = settings.get(RENOWN_LEVEL)
    if level is None:
        level = renown_level_of(deck, game)
    report = report or _check(deck, pool, fmt, level, game)
    wanted = [r for r in report.results if r.severity is Severity.ERROR or r.code in PLANNERS]
    if not wanted:
        return []
    return rage_hints(deck, pool, list(candidates or ()), fmt, level, report, wanted, game, cancel)

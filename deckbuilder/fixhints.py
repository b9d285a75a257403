"""Fix-it hints: the smallest deck changes that clear a legality error, each re-checked by the engine first.

A hint carries a stable code, its parameters and an English message (the window translates by code), plus the Deck
operations that apply it. Error codes without an automatic fix (see NO_AUTOMATIC_FIX) get no hint.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from carddb.cardtypes import Section
from carddb.model import CardInfo
from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.rage.context import CheckContext, Placed, build_context
from deckbuilder.games.rage.facts import (
    GAIA,
    ROGUE,
    WYRM,
    allegiance_block,
    character_allegiance,
    identity_of,
)
from deckbuilder.games.rage.warnings import RequirementUnmetRule
from deckbuilder.i18n import ENGLISH, Params, declare, format_message, message_key, params_json
from deckbuilder.i18n import gettext as _
from deckbuilder.legality.engine import check_deck
from deckbuilder.legality.formats import Format, load_format
from deckbuilder.legality.results import Report, Result, Severity

# Hints kinds (stable codes); each message is declared once here, keyed by `KIND` or `KIND.variant`.
REMOVE = "REMOVE"
TRIM = "TRIM"
SWAP = "SWAP"
REPLACE = "REPLACE"
ADD_CARDS = "ADD_CARDS"
ADD_CHARACTER = "ADD_CHARACTER"
MESSAGES = declare(
    {
        REMOVE: "Remove '{card}'",
        f"{REMOVE}.copies": "Remove '{card}' ({copies} copies)",
        f"{REMOVE}.character": "Remove '{card}' (Renown {renown})",
        f"{REMOVE}.side": "Remove the {allegiance} Characters {names!q}",
        REPLACE: "Replace {copies} × '{card}' with {added}",
        f"{REPLACE}.closest": "Replace '{card}' with '{added}' (the closest card name)",
        TRIM: "Trim '{card}' from {copies} to {limit} copies",
        f"{TRIM}.add": "Trim '{card}' from {copies} to {limit} copies and add {added}",
        f"{ADD_CARDS}.sept": "Add {missing} sept cards: {added}",
        f"{ADD_CARDS}.combat": "Add {missing} combat cards: {added}",
        SWAP: "Swap '{card}' (Renown {renown}) for '{added}' (Renown {added_renown}, {allegiance})",
        ADD_CHARACTER: "Add '{added}' (Renown {renown}, {allegiance})",
        "NO_FIX": "no change found that the checker accepts",
        "NO_FIX.INTERNAL_ERROR": "a rule failed inside the checker; there is nothing in the deck to change",
    }
)
# Why some errors have no automatic fix: the engine's own failure is not a deck problem.
NO_AUTOMATIC_FIX: dict[str, str] = {"INTERNAL_ERROR": MESSAGES["NO_FIX.INTERNAL_ERROR"]}


def no_fix_reason(code: str, lang: str | None = None) -> str:
    """Why an error has no hint, in a language."""
    return format_message(f"NO_FIX.{code}" if code in NO_AUTOMATIC_FIX else "NO_FIX", (), lang)


# How many hints of one kind are offered, and how many candidates are tried to find them (bounded work).
MAX_HINTS_PER_ERROR = 3
MAX_TRIES_PER_ERROR = 24


@dataclass(frozen=True, slots=True)
class Change:
    """One Deck operation: add (count > 0) or remove (count < 0) copies of a card, from the starting list if so."""

    name: str
    count: int
    set_name: str | None = None
    starting: bool = False
    zone_hint: Section | None = None


@dataclass(frozen=True, slots=True)
class FixHint:
    """One offered fix: which error it clears, a code with parameters, an English message and its changes."""

    code: str
    fixes: str  # the error code it clears
    message: str
    changes: tuple[Change, ...]
    params: Params = ()
    cards: tuple[str, ...] = ()  # the cards of the error it clears
    variant: str = ""  # which of the kind's messages ("" for the kind's own)

    @property
    def message_id(self) -> str:
        """The catalogue key of the message: the kind, or `KIND.variant`."""
        return message_key(self.code, self.variant)

    @property
    def size(self) -> int:
        """Copies moved in or out; smaller hints come first."""
        return sum(abs(c.count) for c in self.changes)

    def to_json(self) -> dict[str, object]:
        """The shape `ragedeck check --fix-hints --json` prints."""
        return {
            "code": self.code,
            "fixes": self.fixes,
            "message": self.message,
            "params": params_json(self.params),
            "changes": [
                {"name": c.name, "count": c.count, "set": c.set_name, "starting": c.starting}
                for c in self.changes
            ],
        }


def apply_changes(deck: Deck, changes: Iterable[Change]) -> None:
    """Run a hint's changes on the deck with the Deck's own operations."""
    for change in changes:
        if change.count > 0:
            deck.add(change.name, change.count, change.set_name, change.zone_hint, starting=change.starting)
        elif change.starting:
            deck.remove_exact(change.name, change.set_name, -change.count, starting=True)
        else:
            deck.remove(change.name, -change.count, change.set_name)


@dataclass
class _Planner:
    """Builds candidate changes for each error of one deck and keeps those the engine accepts."""

    deck: Deck
    pool: CardPool
    fmt: Format
    level: int
    candidates: Sequence[CardInfo]
    report: Report
    ctx: CheckContext = field(init=False)
    _before: Counter[str] = field(init=False)

    def __post_init__(self) -> None:
        self.ctx = build_context(self.deck, self.pool, self.fmt, self.level)
        self._before = Counter(r.code for r in self.report.results)
        self._errors_before = Counter(r.code for r in self.report.errors)

    # -- verification ----------------------------------------------------------------------------

    def accepted(self, target: Result, changes: Sequence[Change]) -> bool:
        """The engine's verdict: one fewer result of the target's code, and no error appears or grows."""
        if not changes:
            return False
        trial = self.deck.copy()
        apply_changes(trial, changes)
        after = check_deck(trial, self.pool, self.fmt, self.level)
        if sum(1 for r in after.results if r.code == target.code) >= self._before[target.code]:
            return False
        errors = Counter(r.code for r in after.errors)
        return all(errors[code] <= self._errors_before[code] for code in errors if code != target.code)

    def with_fill(self, changes: list[Change]) -> list[Change]:
        """Removals that drop a section under its minimum also add that many replacement cards."""
        trial = self.deck.copy()
        apply_changes(trial, changes)
        added: list[Change] = []
        for section in (Section.SEPT, Section.COMBAT):
            before = self._size(self.deck, section)
            after = self._size(trial, section)
            minimum = self._minimum(section)
            if minimum is None or after >= minimum or after >= before:
                continue
            removed = {c.name for c in changes if c.count < 0}
            added.extend(self.fill(section, min(minimum, before) - after, exclude=removed, deck=trial))
        return changes + added

    def _size(self, deck: Deck, section: Section) -> int:
        return sum(e.count for e in deck.entries if deck.section_of(e, self.pool) is section)

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
        # Plain cards first (no Requires), then by name, so the suggestion is one any pack can play.
        cards = [c for c in self.candidates if c.section is section and self.usable(c)]
        cards.sort(key=lambda c: (bool(c.requires.strip()), c.name.casefold()))
        yield from cards

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
        """Verified hints for one error, smallest first."""
        planner = PLANNERS.get(error.code)
        if planner is None:
            return []
        offered: list[FixHint] = []
        tries = 0
        for hint in planner(self, error):
            tries += 1
            if tries > MAX_TRIES_PER_ERROR or len(offered) >= MAX_HINTS_PER_ERROR:
                break
            if any(h.changes == hint.changes for h in offered):
                continue
            if self.accepted(error, hint.changes):
                offered.append(hint)
        offered.sort(key=lambda h: h.size)
        return offered

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
        for entry in self.deck.entries:
            if excess > 0 and entry.key == item.key:
                take = min(entry.count, excess)
                changes.append(Change(entry.name, -take, entry.set_name))
                excess -= take
        for entry in self.deck.starting:
            if excess > 0 and entry.key == item.key:
                take = min(entry.count, excess)
                changes.append(Change(entry.name, -take, entry.set_name, starting=True))
                excess -= take
        return changes


def _hint(
    code: str,
    error: Result,
    changes: Sequence[Change],
    variant: str = "",
    **params: str | int | tuple[str, ...],
) -> FixHint:
    values = tuple(params.items())
    return FixHint(
        code=code,
        fixes=error.code,
        message=format_message(message_key(code, variant), values, ENGLISH),
        changes=tuple(changes),
        params=values,
        cards=error.cards,
        variant=variant,
    )


def _describe_added(changes: Sequence[Change]) -> str:
    return ", ".join(f"{c.count} × {c.name}" for c in changes if c.count > 0)


def _remove_or_replace(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Take the named cards out, filling a section back to its minimum (deck cards first, then the pool)."""
    for name in error.cards:
        item = p.placed(name)
        if item is None:
            continue
        changes = p.with_fill(p.removal(item))
        added = [c for c in changes if c.count > 0]
        if added:
            yield _hint(
                REPLACE, error, changes, card=item.name, copies=item.copies, added=_describe_added(added)
            )
        else:
            variant = "copies" if item.copies != 1 else ""
            yield _hint(REMOVE, error, changes, variant, card=item.name, copies=item.copies)


def _replace_unknown(p: _Planner, error: Result) -> Iterator[FixHint]:
    """An unknown card: swap it for one of the names the database suggests, else take it out."""
    for name in error.cards:
        item = p.placed(name)
        if item is None:
            continue
        for suggestion in p.ctx.suggestions.get(item.key, []):
            removed = p.removal(item)
            # The printing written for the unknown name means nothing for the suggested card: take its newest.
            changes = [*removed, *(Change(suggestion, -c.count, None, c.starting) for c in removed)]
            yield _hint(REPLACE, error, changes, "closest", card=item.name, added=suggestion)
    yield from _remove_or_replace(p, error)


def _trim_copies(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Trim copies over the limit, refilling the section if that takes it under its minimum."""
    for name in error.cards:
        item = p.placed(name)
        if item is None or item.card is None:
            continue
        limit = p._copy_limit(item.card)
        if item.section is Section.CHARACTERS and "multiple" in item.card.keyword_set:
            limit = p.fmt.limits.multiple_copies
        if limit is None:
            continue
        changes = p.with_fill(p.removal(item, keep=limit))
        added = [c for c in changes if c.count > 0]
        extra = {"added": _describe_added(added)} if added else {}
        variant = "add" if added else ""
        yield _hint(TRIM, error, changes, variant, card=item.name, copies=item.copies, limit=limit, **extra)


def _add_missing(p: _Planner, error: Result) -> Iterator[FixHint]:
    """Add the missing sept or combat cards: the deck's own cards first, then pool cards the pack can use."""
    section = Section.SEPT if error.code == "SEPT_MINIMUM" else Section.COMBAT
    minimum = p._minimum(section) or 0
    missing = minimum - p._size(p.deck, section)
    changes = p.fill(section, missing)
    if changes:
        yield _hint(
            ADD_CARDS,
            error,
            changes,
            section.value,
            section=section.value,
            missing=missing,
            added=_describe_added(changes),
        )


def _remove_character(p: _Planner, error: Result, members: Sequence[Placed]) -> Iterator[FixHint]:
    # Fewest Renown lost first, so the pack keeps as much of its Renown use as the rule allows.
    for item in sorted(members, key=lambda m: ((m.card.renown or 0) if m.card else 0, m.name.casefold())):
        yield _hint(
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
        yield _hint(
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
        yield _hint(
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
        yield _hint(
            REMOVE,
            error,
            changes,
            "side",
            allegiance=drop,
            card=", ".join(i.name for i in items),
            names=tuple(i.name for i in items),
        )


def _no_characters(p: _Planner, error: Result) -> Iterator[FixHint]:
    """An empty pack: add the highest-Renown Character within the level, of the allegiance the sept cards suit."""
    for allegiance in (GAIA, WYRM):
        yield from _add_character(p, error, allegiance, p.level)


PLANNERS = {
    "UNKNOWN_CARD": _replace_unknown,
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
}


def fix_hints(
    deck: Deck,
    pool: CardPool,
    candidates: Sequence[CardInfo] | None = None,
    fmt: Format | str | None = None,
    renown_level: int | None = None,
    report: Report | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """For each error (and fixable warning) of the deck, the verified hints that clear it (empty when none found).

    `candidates` are the pool cards hints may suggest (a CardDatabase's `all_cards()`); None means only the deck's own
    cards and the database's name suggestions are used.
    """
    if fmt is None:
        fmt = load_format(deck.format)
    elif isinstance(fmt, str):
        fmt = load_format(fmt)
    level = deck.renown_level if renown_level is None else renown_level
    report = report or check_deck(deck, pool, fmt, level)
    wanted = [r for r in report.results if r.severity is Severity.ERROR or r.code in PLANNERS]
    if not wanted:
        return []
    planner = _Planner(deck, pool, fmt, level, list(candidates or ()), report)
    found: list[tuple[Result, list[FixHint]]] = []
    for error in wanted:
        try:
            hints = planner.hints_for(error)
        except (
            Exception
        ):  # a hint is a courtesy: a planner failure leaves the error without one, never crashes
            hints = []
        found.append((error, hints))
    return found


@dataclass(frozen=True)
class HintList:
    """The hints of one deck, as `ragedeck check --fix-hints` prints them."""

    items: list[tuple[Result, list[FixHint]]]

    def to_json(self) -> list[dict[str, object]]:
        """One object per error with its hints."""
        return [
            {"code": error.code, "message": error.message, "hints": [h.to_json() for h in hints]}
            for error, hints in self.items
        ]

    def print(self, out: TextIO) -> None:
        """Plain-text lines under the deck's report, in the current language."""
        from deckbuilder.i18n import render

        fix = _("fix")
        for error, hints in self.items:
            if not hints:
                reason = no_fix_reason(error.code)
                print(
                    f"  {fix:<8} {error.code}: " + _("no automatic fix ({reason})").format(reason=reason),
                    file=out,
                )
            for hint in hints:
                print(f"  {fix:<8} {error.code}: {render(hint)}", file=out)

"""How each generic rule kind's violations can be fixed: one fixer declared per kind (`register_fixes`), read by the
fix-it hints of every game on the generic engine (`ragedeck check --fix-hints`, the window's Fix it tab).

A fixer proposes deck changes for one result of its kind; every proposal is re-checked by the engine before it is
offered (games/hints.py `Verifier`), so a fixer may be generous. A game's own Python rule declares its fixes the
same way, under its registered name (`<game>:<kind>`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.games.check import ENGINES, _chosen_format, check
from deckbuilder.games.conditions import matches
from deckbuilder.games.description import Game, GameFormat
from deckbuilder.games.hints import (
    ADD_CARDS,
    ADD_CHARACTER,
    REMOVE,
    REPLACE,
    TRIM,
    Change,
    FixHint,
    Verifier,
    describe_added,
    describe_removed,
    make_hint,
    replace_with_suggestions,
)
from deckbuilder.games.kinds import GameContext, Item, kind_named
from deckbuilder.legality.results import Report, Result, Severity


@dataclass
class GenericPlanner:
    """What fixers read: the deck, its game and format, the check's context, the cards hints may add."""

    deck: Deck
    pool: Any
    game: Game
    fmt: GameFormat
    report: Report
    candidates: Sequence[Any]
    settings: Mapping[str, int | None] = field(default_factory=dict)  # given over the deck's own
    # True once the hints are no longer wanted (games/hints.py HintsCancelled).
    cancel: Callable[[], bool] | None = None
    ctx: GameContext = field(init=False)
    verifier: Verifier = field(init=False)

    def __post_init__(self) -> None:
        engine = ENGINES[self.game.engine]
        self.ctx = engine.context(self.deck, self.pool, self.game, self.fmt, self.settings)
        self.verifier = Verifier(
            self.deck,
            self.report,
            lambda trial: check(trial, self.pool, self.game, self.fmt, self.settings),
            self.cancel,
        )

    @property
    def apart(self) -> str | None:
        """The game's pile without `types` (a sideboard): its copies are the deck's starting entries."""
        return self.game.starting_pile()

    def item(self, name: str) -> Item | None:
        """The resolved deck card of that name (its copies in the main deck first)."""
        key = name.casefold()
        return next((i for i in self.ctx.items if i.name.casefold() == key), None)

    def items(self, name: str, scope: Any = None) -> list[Item]:
        """The card's copies in each pile of a rule's scope (in every pile, and in none, when it names no pile)."""
        key = name.casefold()
        held = self.ctx.in_pile(scope) if scope else self.ctx.items
        return [i for i in held if i.name.casefold() == key and i.count > 0]

    def copies_of(self, key: str) -> int:
        """Every copy the deck holds of a card, in every pile: what a copy limit counts."""
        return sum(i.count for i in self.ctx.items if i.key == key)

    def removal(self, item: Item, keep: int = 0) -> list[Change]:
        """Changes taking a card down to `keep` copies in the item's own pile, entry by entry (printings kept apart):
        a sideboard's copies come out of the sideboard, the others out of the main deck."""
        excess = item.count - keep
        lists: tuple[tuple[tuple[DeckEntry, ...], bool], ...]
        if self.apart is None:  # no pile holds the starting entries: every entry is the card's
            lists = ((self.deck.entries, False), (self.deck.starting, True))
        else:
            starting = item.pile is not None and item.pile == self.apart
            lists = ((self.deck.starting if starting else self.deck.entries, starting),)
        changes: list[Change] = []
        for entries, starting in lists:
            for entry in entries:
                if excess > 0 and (entry.key == item.key or entry.name.casefold() == item.name.casefold()):
                    take = min(entry.count, excess)
                    changes.append(Change(entry.name, -take, entry.set_name, starting=starting))
                    excess -= take
        return changes

    def scope_removal(self, items: Sequence[Item], keep: int = 0) -> list[Change]:
        """Changes taking a card's copies in several piles down to `keep` in all, from the items in their order."""
        excess = sum(i.count for i in items) - keep
        changes: list[Change] = []
        for item in items:
            take = min(item.count, excess)
            if take > 0:
                changes.extend(self.removal(item, keep=item.count - take))
                excess -= take
        return changes

    def pile_of_change(self, change: Change) -> str | None:
        """The pile a change takes its copies from (or puts them in)."""
        if change.starting and self.apart is not None:
            return self.apart
        found = [i for i in self.items(change.name) if i.pile != self.apart or self.apart is None]
        return found[0].pile if found else None

    def fits(self, card: Any, pile: str | None) -> bool:
        """Whether a card of the game may go in a pile (the sideboard takes any card a pile takes; no pile: any)."""
        placed = self.game.pile_of(card.type)
        if pile is None or (pile == self.apart and self.apart is not None):
            return placed is not None
        return placed == pile

    def copy_limit(self) -> int | None:
        """The format's copy limit (its copies_at_most rule over the whole deck), if any."""
        for rule in self.fmt.rules:
            if rule.kind == "copies_at_most" and "pile" not in rule.params:
                return int(rule.params["max"])
        return None

    def additions(self, pile: str | None, missing: int) -> list[Change]:
        """`missing` copies for a pile: more copies of the deck's own cards first, then the game's other cards."""
        limit = self.copy_limit()
        starting = pile is not None and pile == self.apart
        changes: list[Change] = []
        added: dict[str, int] = {}
        own = [i for i in self.ctx.in_pile(pile) if i.card is not None]
        for item in own:
            held = self.copies_of(item.key) + added.get(item.key, 0)
            room = missing if limit is None else min(missing, limit - held)
            if room > 0:
                changes.append(Change(item.name, room, starting=starting))
                added[item.key] = added.get(item.key, 0) + room
                missing -= room
        used = {i.key for i in self.ctx.items}
        for card in self.candidates:
            if missing <= 0:
                break
            if card.norm_name in used or not self.fits(card, pile):
                continue
            take = missing if limit is None else min(limit, missing)
            changes.append(Change(card.name, take, starting=starting))
            missing -= take
        return changes if missing <= 0 else []

    def replacements(
        self, error: Result, removal: Sequence[Change], prefer: Callable[[Any], bool] | None = None
    ) -> Iterator[FixHint]:
        """The removal with as many copies put back in the pile the cards leave: more of the deck's other cards of
        that pile first, then each other card of the game for it (those `prefer` picks first), so a pile of exact
        size keeps its size. Each is re-checked by the engine like every hint."""
        taken = -sum(c.count for c in removal if c.count < 0)
        leaving = [c for c in removal if c.count < 0]
        piles = {self.pile_of_change(c) for c in leaving}
        removed = [i for c in leaving if (i := self.item(c.name)) is not None]
        if taken <= 0 or not removed or len(piles) != 1:
            return
        pile = piles.pop()
        if pile is None:
            return
        starting = pile == self.apart
        first = removed[0]
        gone = {i.key for i in removed}
        limit = self.copy_limit()
        own: list[Change] = []
        missing = taken
        for item in self.ctx.in_pile(pile):
            if item.key in gone or item.card is None or missing <= 0 or (prefer and not prefer(item.card)):
                continue
            room = missing if limit is None else min(missing, limit - self.copies_of(item.key))
            if room > 0:
                own.append(Change(item.name, room, starting=starting))
                missing -= room
        if own and missing <= 0:
            yield self._replace_hint(error, removal, own, first, taken)
        used = {i.key for i in self.ctx.items}
        others = [c for c in self.candidates if c.norm_name not in used and self.fits(c, pile)]
        if prefer is not None:
            others.sort(key=lambda c: not prefer(c))  # stable: the candidates' own order within each group
        for card in others[:_REPLACEMENTS_PER_CARD]:
            if limit is None or taken <= limit:
                yield self._replace_hint(
                    error, removal, [Change(card.name, taken, starting=starting)], first, taken
                )

    def _replace_hint(
        self, error: Result, removal: Sequence[Change], added: list[Change], first: Item, taken: int
    ) -> FixHint:
        return make_hint(
            REPLACE, error, [*removal, *added], card=first.name, copies=taken, added=describe_added(added)
        )


# How many of the game's other cards are tried in place of one removed (each costs a check).
_REPLACEMENTS_PER_CARD = 6

Fixer = Callable[[GenericPlanner, Result, Mapping[str, Any]], Iterator[FixHint]]
# Every rule kind's fixer by the name a format gives the kind.
KIND_FIXES: dict[str, Fixer] = {}


def register_fixes(kind: str, fixer: Fixer) -> None:
    """Declare how the violations of a rule kind can be fixed."""
    KIND_FIXES[kind] = fixer


def _remove_cards(p: GenericPlanner, error: Result, params: Mapping[str, Any]) -> Iterator[FixHint]:
    """Take each card the result names out of the rule's scope, every pile of it (fewest copies first)."""
    held = [items for name in error.cards if (items := p.items(name, params.get("pile")))]
    for items in sorted(held, key=lambda found: sum(i.count for i in found)):
        copies = sum(i.count for i in items)
        variant = "copies" if copies != 1 else ""
        yield make_hint(REMOVE, error, p.scope_removal(items), variant, card=items[0].name, copies=copies)


def _off_card(p: GenericPlanner, error: Result, params: Mapping[str, Any]) -> Iterator[FixHint]:
    """A card that does not share the leading card's value: take it out, else put in its place a card that does
    (a pile of exact size breaks when a card only leaves it)."""
    proposals = list(_remove_cards(p, error, params))
    yield from proposals
    name, card_pile = str(params["field"]), str(params["card_pile"])
    leaders = [i.card for i in p.ctx.in_pile(card_pile) if i.card is not None and i.count > 0]
    wanted = {w.casefold() for w in leaders[0].words(name)} if len(leaders) == 1 else set()
    wanted |= {str(w).casefold() for w in params.get("except_values", ())}

    def shares(card: Any) -> bool:
        return bool({w.casefold() for w in card.words(name)} & wanted)

    for hint in proposals:
        yield from p.replacements(error, hint.changes, shares)


def _unknown(p: GenericPlanner, error: Result, params: Mapping[str, Any]) -> Iterator[FixHint]:
    """An unknown name: the closest names first, then taking it out."""
    for name in error.cards:
        items = p.items(name)
        if not items:
            continue
        yield from replace_with_suggestions(
            error, items[0].name, p.ctx.suggestions.get(items[0].key, []), p.scope_removal(items)
        )
    yield from _remove_cards(p, error, params)


def _pile_count(p: GenericPlanner, error: Result, params: Mapping[str, Any]) -> Iterator[FixHint]:
    """Too few cards: add the missing ones; too many: take the surplus out, most copies first."""
    pile = params.get("pile")
    label = p.ctx.pile_label(pile)
    count = sum(i.count for i in p.ctx.in_pile(pile))
    low, high = params.get("min"), params.get("max")
    if low is not None and count < low:
        # A scope of several piles grows in one of them: each is tried (a second Leader is refused by the check).
        for target in [pile] if pile is None or isinstance(pile, str) else list(pile):
            changes = p.additions(target, low - count)
            if changes:
                yield make_hint(
                    ADD_CARDS,
                    error,
                    changes,
                    "pile",
                    missing=low - count,
                    pile=p.ctx.pile_label(target),
                    added=describe_added(changes),
                )
    if high is not None and count > high:
        excess = count - high
        changes = []
        for item in sorted(p.ctx.in_pile(pile), key=lambda i: -i.count):
            take = min(item.count, excess)
            if take > 0:
                changes.extend(p.removal(item, keep=item.count - take))
                excess -= take
        yield make_hint(
            REMOVE, error, changes, "pile", count=count - high, pile=label, removed=describe_removed(changes)
        )


def _trim(limit_of: Callable[[Mapping[str, Any]], int], every_pile: bool) -> Fixer:
    def fixer(p: GenericPlanner, error: Result, params: Mapping[str, Any]) -> Iterator[FixHint]:
        """Trim each named card to the limit: its copies in one pile (the sideboard first), else in all of them.
        `every_pile`: the limit counts the card's copies in every pile (a copy limit), not in the scope only."""
        limit = limit_of(params)
        for name in error.cards:
            items = p.items(name, None if every_pile else params.get("pile"))
            copies = sum(i.count for i in items)
            if copies <= limit:
                continue
            if len(items) > 1:
                for item in sorted(items, key=lambda i: i.pile != p.apart):
                    if item.count >= copies - limit:
                        changes = p.removal(item, keep=item.count - (copies - limit))
                        yield make_hint(
                            TRIM,
                            error,
                            changes,
                            "pile",
                            card=item.name,
                            copies=copies,
                            limit=limit,
                            taken=copies - limit,
                            pile=p.ctx.pile_label(item.pile),
                        )
            changes = p.scope_removal(sorted(items, key=lambda i: i.pile != p.apart), keep=limit)
            yield make_hint(TRIM, error, changes, card=items[0].name, copies=copies, limit=limit)

    return fixer


def _exactly_one(p: GenericPlanner, error: Result, params: Mapping[str, Any]) -> Iterator[FixHint]:
    """None in the pile: add one of the game's cards for it; several: keep one."""
    pile = params["pile"]
    piles = [pile] if isinstance(pile, str) else list(pile)
    items = [i for i in p.ctx.in_pile(pile) if i.count > 0]
    if not items:
        for card in [c for c in p.candidates if any(p.fits(c, x) for x in piles)][:6]:
            yield make_hint(
                ADD_CHARACTER,
                error,
                [Change(card.name, 1, starting=piles[0] == p.apart)],
                "card",
                added=card.name,
                pile=p.ctx.pile_label(pile),
            )
        return
    for keep in items:
        changes = [c for other in items for c in p.removal(other, keep=1 if other is keep else 0)]
        removed = describe_removed(changes)
        yield make_hint(
            REMOVE,
            error,
            changes,
            "pile",
            count=sum(-c.count for c in changes),
            pile=p.ctx.pile_label(pile),
            removed=removed,
        )


def _count_at_most(p: GenericPlanner, error: Result, params: Mapping[str, Any]) -> Iterator[FixHint]:
    """Too many matching cards: take out the surplus, one card at a time."""
    chosen = [
        i
        for i in p.ctx.in_pile(params.get("pile"))
        if i.card is not None and matches(i.card, params["where"])
    ]
    excess = sum(i.count for i in chosen) - int(params["max"])
    for item in sorted(chosen, key=lambda i: i.count):
        take = min(item.count, excess)
        changes = p.removal(item, keep=item.count - take)
        yield make_hint(
            REMOVE,
            error,
            changes,
            "pile",
            count=take,
            pile=p.ctx.pile_label(params.get("pile")),
            removed=describe_removed(changes),
        )


def _same_value(p: GenericPlanner, error: Result, params: Mapping[str, Any]) -> Iterator[FixHint]:
    """Mixed values: take out the cards of each smaller group of values (the largest group stays)."""
    name = str(params["field"])
    groups: dict[str, list[Item]] = {}
    for item in p.ctx.in_pile(params.get("pile")):
        if item.card is not None:
            groups.setdefault(",".join(item.card.words(name)) or "-", []).append(item)
    keep = max(groups, key=lambda g: sum(i.count for i in groups[g]), default=None)
    changes = [c for value, items in groups.items() if value != keep for i in items for c in p.removal(i)]
    if changes:
        label = p.ctx.pile_label(params.get("pile"))
        yield make_hint(
            REMOVE,
            error,
            changes,
            "pile",
            count=sum(-c.count for c in changes),
            pile=label,
            removed=describe_removed(changes),
        )


def _sum_at_most(p: GenericPlanner, error: Result, params: Mapping[str, Any]) -> Iterator[FixHint]:
    """A total over its bound: of each named card, the fewest copies whose removal brings the total within it."""
    name = str(params["field"])
    values = dict(error.params)
    try:
        excess = int(str(values["total"])) - int(str(values["bound"]))
    except (KeyError, ValueError):
        yield from _remove_cards(p, error, params)
        return
    held = [found for card in error.cards if (found := p.items(card, params.get("pile")))]

    def value_of(items: list[Item]) -> int:
        card = items[0].card
        return (card.number(name) or 0) if card is not None else 0

    for items in sorted(held, key=lambda found: -value_of(found)):
        value, copies = value_of(items), sum(i.count for i in items)
        if value <= 0:
            continue
        take = min(copies, -(-excess // value))
        keep = copies - take
        if keep:
            changes = p.scope_removal(items, keep=keep)
            yield make_hint(TRIM, error, changes, card=items[0].name, copies=copies, limit=keep)
        else:
            variant = "copies" if copies != 1 else ""
            yield make_hint(REMOVE, error, p.scope_removal(items), variant, card=items[0].name, copies=copies)


for _name, _fixer in (
    ("unknown_card", _unknown),
    ("unplaceable_card", _remove_cards),
    ("pile_count", _pile_count),
    ("copies_at_most", _trim(lambda params: int(params["max"]), every_pile=True)),
    ("distinct_within_group", _trim(lambda _params: 1, every_pile=False)),
    ("exactly_one", _exactly_one),
    ("count_at_most", _count_at_most),
    ("same_value", _same_value),
    ("same_as_card", _off_card),
    ("sum_at_most", _sum_at_most),
):
    register_fixes(_name, _fixer)


def _put_back(p: GenericPlanner, error: Result, proposals: Sequence[FixHint]) -> Iterator[FixHint]:
    """For each proposal that only takes cards out of a pile whose size it would break (below its `pile_count`
    minimum: a pile of exact size), the same with as many cards put back."""
    for hint in proposals:
        if any(c.count > 0 for c in hint.changes):
            continue
        taken = -sum(c.count for c in hint.changes)
        piles = {p.pile_of_change(c) for c in hint.changes}
        if len(piles) != 1:
            continue
        pile = piles.pop()
        for rule in p.fmt.rules:
            low, scope = rule.params.get("min"), rule.params.get("pile")
            covers = scope == pile or (isinstance(scope, list) and pile in scope)
            if rule.kind == "pile_count" and pile is not None and covers and isinstance(low, int):
                if p.ctx.count_in(scope) - taken < low:
                    yield from p.replacements(error, hint.changes)
                break


def _rules_for(fmt: GameFormat, code: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The format's rules (kind name, parameters) that can report a code."""
    found = []
    for rule in fmt.rules:
        kind = kind_named(rule.kind)
        if kind is not None and code in {m.code for m in kind.messages}:
            found.append((rule.kind, rule.params))
    return found


def generic_hints(
    deck: Deck,
    pool: Any,
    game: Game,
    fmt: GameFormat,
    report: Report,
    candidates: Sequence[Any],
    wanted: Sequence[Result],
    settings: Mapping[str, int | None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """For each wanted result, the verified hints its rule kind's fixer proposes (empty when none helps);
    HintsCancelled once `cancel` says so."""
    planner = GenericPlanner(deck, pool, game, fmt, report, candidates, dict(settings or {}), cancel)
    found: list[tuple[Result, list[FixHint]]] = []
    for error in wanted:
        planner.verifier.stop_if_cancelled()
        proposals: list[FixHint] = []
        try:
            for kind, params in _rules_for(fmt, error.code):
                fixer = KIND_FIXES.get(kind)
                if fixer is not None:
                    planned = list(fixer(planner, error, params))
                    proposals.extend(planned)
                    if fixer is not _off_card:  # it puts in cards that share the leader's value itself
                        proposals.extend(_put_back(planner, error, planned))
            hints = planner.verifier.offered(error, iter(proposals), by_size=error.code != "UNKNOWN_CARD")
        except Exception:  # a hint is a courtesy: a fixer failure leaves the error without one, never crashes
            hints = []
        found.append((error, hints))
    return found


def plan_hints(
    deck: Deck,
    pool: Any,
    game: Game,
    candidates: Sequence[Any] | None,
    fmt: Any,
    settings: Mapping[str, int | None],
    report: Report | None,
    cancel: Callable[[], bool] | None = None,
) -> list[tuple[Result, list[FixHint]]]:
    """The generic engine's fix-it hints (its `hints_module`): each error with the hints its rule kind's fixes give.

    `fmt` a format of the game or its name (None: the report's, else the deck's own); `settings` the settings given
    over the deck's. `candidates` None: the pool's own cards. `cancel` asked between candidate checks
    (HintsCancelled).
    """
    chosen, _notes, _missing = _chosen_format(
        game, deck, fmt if fmt is not None else getattr(report, "format", None)
    )
    if chosen is None:
        return []
    report = report or check(deck, pool, game, chosen, settings)
    wanted = [r for r in report.results if r.severity is Severity.ERROR]
    if not wanted:
        return []
    cards = list(candidates) if candidates is not None else list(getattr(pool, "cards", list)())
    return generic_hints(deck, pool, game, chosen, report, cards, wanted, settings, cancel)

"""check_deck(): resolve each card once, build the rule context, run every rule the format enables."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import ClassVar

from carddb.cardtypes import Section
from carddb.demo import demo_cards_barred, is_demo_card
from carddb.model import CardInfo
from carddb.reprints import reprint_of
from deckbuilder.deck import MAX_SUGGESTED_UNKNOWN, CardPool, Deck, UnreadPart
from deckbuilder.games.registry import kind_named, register_game_rule
from deckbuilder.i18n import ENGLISH, Param, declare, format_message, message_key, params_of
from deckbuilder.legality.formats import Format, available_formats, load_format, load_format_or_default
from deckbuilder.legality.results import Report, Result, Severity, Totals
from deckbuilder.legality.rules import (
    GAIA,
    GAME,
    ROGUE,
    WYRM,
    CheckContext,
    PackMember,
    Placed,
    RageRuleKind,
    Rule,
    facts_of,
    member_traits,
    registered_rules,
)

INTERNAL_ERROR = "INTERNAL_ERROR"
# A deck file line or element the reader could not use: the checker did not see the whole deck, so it is not legal.
# Like INTERNAL_ERROR it is not a format's rule and no format can switch it off.
DECK_FILE_UNREAD = "DECK_FILE_UNREAD"
# The deck names a format that is not installed: it was checked against the default format instead (a warning).
FORMAT_NOT_INSTALLED = "FORMAT_NOT_INSTALLED"
# An invented demo card in a deck checked against a database that also holds real card data: not legal in any
# format (no format can switch it off), so a deck built on the demo set is never taken for a tournament deck.
DEMO_CARD = "DEMO_CARD"
_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
MESSAGES = declare(
    {
        INTERNAL_ERROR: "internal error in rule {rule}: {error}",
        f"{INTERNAL_ERROR}.deck": "internal error while reading the deck: {error}",
        DECK_FILE_UNREAD: "{location}: {text} could not be read ({reason}); "
        "the deck cannot be judged legal until it is fixed",
        FORMAT_NOT_INSTALLED: "The deck's format '{format}' is not installed (available: {available}); "
        "it was checked against the default format '{default}'",
    }
)


def _result(code: str, severity: Severity, variant: str = "", **params: Param | list[str]) -> Result:
    values = params_of(params)
    message = format_message(message_key(code, variant), values, ENGLISH)
    return Result(code, severity, message, (), values, variant)


def _safe_lookup(pool: CardPool, name: str) -> CardInfo | None:
    try:
        return pool.lookup(name)
    except Exception:  # a broken pool must not crash the checker; the card is reported as unknown
        return None


def _safe_suggest(pool: CardPool, name: str) -> list[str]:
    try:
        return list(pool.suggest(name))
    except Exception:  # suggestions are a courtesy
        return []


def _resolved_card(pool: CardPool, name: str) -> tuple[CardInfo | None, str | None]:
    """The card a deck name stands for, with a reprint (`Whippoorwill (2)`) folded into the card it reprints.

    Returns the card (its printings joined with the reprint's) and the set of the reprint's printing, if any.
    """
    try:
        card = pool.lookup(name)
    except Exception:  # a broken pool must not crash the checker; the card is reported as unknown
        return None, None
    if card is None:
        return None, None
    cached = _REPRINTS.get(id(card))
    if cached is not None and cached[0] is card:
        return cached[1], cached[2]
    base = reprint_of(card, lambda other: _safe_lookup(pool, other))
    if base is None:
        answer: tuple[CardInfo, str | None] = (card, None)
    else:
        known = {p.set_name for p in base.printings}
        extra = tuple(p for p in card.printings if p.set_name not in known)
        merged = dataclasses.replace(base, printings=(*base.printings, *extra)) if extra else base
        answer = (merged, card.printings[0].set_name if card.printings else None)
    if len(_REPRINTS) >= 50_000:
        _REPRINTS.clear()  # a bound, not an eviction policy
    # Held with the card so its id cannot be reused; one merged object per card, so its facts are cached too.
    _REPRINTS[id(card)] = (card, *answer)
    return answer


# id(card as looked up) -> (that card, the card it stands for, the reprint's set or None).
_REPRINTS: dict[int, tuple[CardInfo, CardInfo, str | None]] = {}


def _resolve(deck: Deck, pool: CardPool) -> list[Placed]:
    """Merge entries and the starting list by card (reprints included), resolving each name once."""
    placed: dict[str, Placed] = {}
    looked_up: dict[str, tuple[CardInfo | None, str | None]] = {}
    for entries, starting in ((deck.entries, False), (deck.starting, True)):
        for entry in entries:
            key = entry.key
            resolved = looked_up.get(key)
            if resolved is None:
                resolved = looked_up[key] = _resolved_card(pool, entry.name)
            card, reprint_set = resolved
            if card is not None:
                key = card.norm_name
            item = placed.get(key)
            if item is None:
                if card is not None:
                    item = Placed(key, card.name, card, card.section)
                else:
                    item = Placed(key, entry.name, None, entry.zone_hint)
                placed[key] = item
            if entry.count > 0:
                if starting:
                    item.starting += entry.count
                else:
                    item.count += entry.count
            set_name = entry.set_name or reprint_set
            if set_name and set_name not in item.set_names:
                item.set_names.append(set_name)
    return list(placed.values())


def _pack_allegiance(members: list[PackMember]) -> str:
    votes = Counter(
        m.allegiance for m in members for _ in range(max(m.placed.copies, 1)) if m.allegiance != ROGUE
    )
    gaia, wyrm = votes.get(GAIA, 0), votes.get(WYRM, 0)
    if gaia == wyrm:
        return ""
    return GAIA if gaia > wyrm else WYRM


def build_context(deck: Deck, pool: CardPool, fmt: Format, renown_level: int) -> CheckContext:
    """Resolve the deck and gather everything the rules read."""
    cards = _resolve(deck, pool)
    characters = [p for p in cards if p.section is Section.CHARACTERS]
    sept = [p for p in cards if p.section is Section.SEPT]
    combat = [p for p in cards if p.section is Section.COMBAT]
    unknown = [p for p in cards if p.card is None]
    unplaced = [p for p in cards if p.section is None]

    pending = [
        (p, p.card, facts_of(p.card).allegiance) for p in characters if p.card is not None and p.copies > 0
    ]
    members = [PackMember(p, card, allegiance, frozenset()) for p, card, allegiance in pending]
    allegiance = _pack_allegiance(members)
    for member in members:
        member.traits = member_traits(member.card, member.allegiance, allegiance)

    renown = sum((m.card.renown or 0) * m.placed.copies for m in members)
    rogue_renown = sum((m.card.renown or 0) * m.placed.copies for m in members if m.allegiance == ROGUE)
    suggestions = {p.key: _safe_suggest(pool, p.name) for p in unknown[:MAX_SUGGESTED_UNKNOWN]}
    return CheckContext(
        fmt=fmt,
        renown_level=renown_level,
        cards=cards,
        characters=characters,
        sept=sept,
        combat=combat,
        unknown=unknown,
        unplaced=unplaced,
        pack=members,
        allegiance=allegiance,
        renown=renown,
        rogue_renown=rogue_renown,
        suggestions=suggestions,
        pool=pool,
    )


def _totals(ctx: CheckContext) -> Totals:
    return Totals(
        characters=sum(p.copies for p in ctx.characters),
        sept=sum(p.count for p in ctx.sept),
        combat=sum(p.count for p in ctx.combat),
        renown=ctx.renown,
        rogue_renown=ctx.rogue_renown,
        starting=sum(p.starting for p in ctx.cards),
        unplaced=sum(p.copies for p in ctx.unplaced),
        allegiance=ctx.allegiance,
        rogue_cap=ctx.rogue_cap,
    )


def _run_rule(rule: Rule, ctx: CheckContext) -> list[Result]:
    try:
        found = list(rule.check(ctx))
    except Exception as exc:  # one faulty rule must not hide the others or crash the caller
        return [_result(INTERNAL_ERROR, Severity.ERROR, rule=rule.code, error=repr(exc))]
    return [r for r in found if ctx.fmt.enabled(r.code)]


def demo_results(ctx: CheckContext, pool: CardPool) -> list[Result]:
    """One error naming the deck's demo cards when the pool holds real card data (carddb.demo decides)."""
    demo = [card.name for _item, card in ctx.known(ctx.cards) if is_demo_card(card)]
    if not demo:
        return []
    set_names = getattr(pool, "set_names", None)
    try:
        barred = demo_cards_barred(set_names()) if callable(set_names) else False
    except Exception:  # a pool that cannot list its sets keeps the demo cards as they are
        return []
    if not barred:
        return []
    if len(demo) == 1:
        result = _result(DEMO_CARD, Severity.ERROR, cards=demo)
    elif len(demo) <= 5:
        result = _result(DEMO_CARD, Severity.ERROR, "many", cards=demo)
    else:
        result = _result(DEMO_CARD, Severity.ERROR, "more", cards=demo[:5], more=len(demo) - 5)
    return [dataclasses.replace(result, cards=tuple(demo))]


class DemoCardRule(Rule):
    """Invented demo cards are legal in no format once the pool holds real card data (no format switches it off)."""

    messages: ClassVar[Mapping[str, str]] = {
        DEMO_CARD: "{cards!q} is an invented demo card; demo cards are not legal in any format once real card "
        "data is imported",
        f"{DEMO_CARD}.many": "{cards!q} are invented demo cards; demo cards are not legal in any format once real "
        "card data is imported",
        f"{DEMO_CARD}.more": "{cards!q} and {more} more are invented demo cards; demo cards are not legal in any "
        "format once real card data is imported",
    }

    def check(self, ctx: CheckContext) -> Iterable[Result]:
        return demo_results(ctx, ctx.pool) if ctx.pool is not None else []


# The engine's own check sits in the game rule registry beside Rage's rules, as one every format runs.
register_game_rule(GAME, RageRuleKind(DemoCardRule(), always=True))


def _run_always(rule: Rule, ctx: CheckContext) -> list[Result]:
    try:
        return list(rule.check(ctx))
    except Exception as exc:  # one faulty check must not hide the others or crash the caller
        return [_result(INTERNAL_ERROR, Severity.ERROR, rule=rule.code, error=repr(exc))]


def format_not_installed(deck_format: str, fallback: Format) -> Result:
    """The warning for a deck naming a format that is not installed, checked against `fallback` instead."""
    return _result(
        FORMAT_NOT_INSTALLED,
        Severity.WARNING,
        format=" ".join(deck_format.split())[:60] or "(no name)",
        available=[f.name for f in available_formats()],
        default=fallback.name,
    )


def unread_results(unread: Iterable[UnreadPart]) -> list[Result]:
    """One error per deck-file part the reader could not use, naming where it was and what it said."""
    results = []
    for part in unread:
        shown = part.text if len(part.text) <= 80 else part.text[:79] + "…"
        # The reader's reason is the reader's English words; the location and text are the file's own.
        results.append(
            _result(
                DECK_FILE_UNREAD, Severity.ERROR, location=part.location, text=repr(shown), reason=part.reason
            )
        )
    return results


def format_rules(fmt: Format) -> list[Rule]:
    """The rules a format runs, resolved by name (`rage:<kind>`) through the game rule registry, in report order."""
    found = []
    for name in fmt.rule_kinds():
        kind = kind_named(name)
        if isinstance(kind, RageRuleKind):
            found.append(kind.rule)
    return found


def check_deck(
    deck: Deck,
    pool: CardPool,
    fmt: Format | str | None = None,
    renown_level: int | None = None,
    rules: Iterable[Rule] | None = None,
) -> Report:
    """Check a deck against a format; never raises for deck content.

    The format's rules come from the game rule registry (`format_rules`); `rules` replaces them (tests).
    A deck whose own format is not installed is checked against the default format, with a FORMAT_NOT_INSTALLED
    warning; a format name passed in that does not exist raises FormatError (the caller asked for it).
    """
    notes: list[Result] = []
    if fmt is None:
        fmt, missing = load_format_or_default(deck.format)
        if missing:
            notes.append(format_not_installed(deck.format, fmt))
    elif isinstance(fmt, str):
        fmt = load_format(fmt)
    level = deck.renown_level if renown_level is None else renown_level
    try:
        ctx = build_context(deck, pool, fmt, level)
    except Exception as exc:  # unexpected card data must still give the caller a report, not a crash
        failure = _result(INTERNAL_ERROR, Severity.ERROR, "deck", error=repr(exc))
        return Report(
            format=fmt.name,
            renown_level=level,
            totals=Totals(),
            results=(failure, *unread_results(deck.unread), *notes),
            limits=fmt.limits,
        )
    results: list[Result] = [*unread_results(deck.unread), *notes]
    for rule in format_rules(fmt) if rules is None else rules:
        if any(fmt.enabled(code) for code in rule.codes):
            results.extend(_run_rule(rule, ctx))
    for _name, check in registered_rules(always=True):  # rage:demo_card
        results.extend(_run_always(check, ctx))
    # Stable sort: errors, then warnings, then infos, each keeping rule order.
    results.sort(key=lambda r: _SEVERITY_ORDER[r.severity])
    return Report(
        format=fmt.name, renown_level=level, totals=_totals(ctx), results=tuple(results), limits=fmt.limits
    )

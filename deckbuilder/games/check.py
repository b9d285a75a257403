"""Checking a deck of any game: the game's engine (a registry) runs its format's rules and reports like Rage's."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from carddb.normalize import normalize_name
from deckbuilder.deck import DEFAULT_GAME, MAX_SUGGESTED_UNKNOWN, Deck
from deckbuilder.games.cards import GameCard
from deckbuilder.games.description import Game, GameError, GameFormat, load_game
from deckbuilder.games.kinds import GameContext, Item, kind_named
from deckbuilder.legality.results import Report, Result, Severity, Totals

_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class GamePool(Protocol):
    """What checking needs of a game's cards: look a name up, suggest near names."""

    def lookup(self, name: str) -> GameCard | None: ...

    def suggest(self, name: str, limit: int = 3) -> list[str]: ...


def validate_game(game: Game) -> list[str]:
    """What is wrong with a game's formats (unknown rule kinds, bad parameters), one line each."""
    problems: list[str] = []
    if game.engine not in ENGINES:
        problems.append(
            f'"engine" names no registered engine ({game.engine!r:.40}; known: {", ".join(ENGINES)})'
        )
    for fmt in game.formats:
        for index, rule in enumerate(fmt.rules):
            kind = kind_named(rule.kind)
            where = f"format {fmt.name}, rules[{index}] ({rule.kind})"
            if kind is None:
                problems.append(f"{where}: no such rule kind")
                continue
            problems.extend(f"{where}: {p}" for p in kind.problems(game, rule.params))
    for setting in game.settings:
        if setting.pile and setting.field:
            card_field = game.field_named(setting.field)
            if card_field is not None and card_field.kind != "number":
                problems.append(f"setting {setting.id}: field {setting.field} is not a number field")
    if game.formats and game.default_format not in {f.name for f in game.formats}:
        problems.append(f'"default_format" names no format of the game ({game.default_format!r:.40})')
    return problems


def _resolve(deck: Deck, pool: GamePool, game: Game) -> list[Item]:
    items: dict[str, Item] = {}
    for entry in (*deck.entries, *deck.starting):
        try:
            card = pool.lookup(entry.name)
        except Exception:  # a broken pool must not crash the checker; the card is reported as unknown
            card = None
        key = card.norm_name if card is not None else normalize_name(entry.name)
        item = items.get(key)
        if item is None:
            name = card.name if card is not None else entry.name
            item = items[key] = Item(key, name, card, game.pile_of(card.type) if card is not None else None)
        item.count += max(entry.count, 0)
    return list(items.values())


def deck_settings(game: Game, deck: Deck, items: Iterable[Item]) -> dict[str, int | None]:
    """Each setting's value: the deck's choice (else the default), or the field of the one card in its pile."""
    values: dict[str, int | None] = {}
    placed = list(items)
    for setting in game.settings:
        if setting.pile:
            holders = [
                i.card for i in placed if i.pile == setting.pile and i.card is not None and i.count > 0
            ]
            values[setting.id] = holders[0].number(setting.field) if len(holders) == 1 else None
        else:
            chosen = deck.settings.get(setting.id)
            values[setting.id] = chosen if chosen is not None else setting.default
    return values


def figures(
    game: Game, items: Iterable[Item], settings: dict[str, int | None]
) -> tuple[tuple[str, str], ...]:
    """The header figures of the game's description, as (label, shown value)."""
    placed = [i for i in items if i.pile is not None]
    shown: list[tuple[str, str]] = []
    for figure in game.header:
        chosen = [i for i in placed if not figure.pile or i.pile == figure.pile]
        if figure.sum:
            value = sum((i.card.number(figure.sum) or 0) * i.count for i in chosen if i.card is not None)
        else:
            value = sum(i.count for i in chosen)
        text = str(value)
        if figure.of:
            bound = settings.get(figure.of)
            text += f" / {bound if bound is not None else '?'}"
        shown.append((figure.label, text))
    return tuple(shown)


def _run(kind_name: str, params: Any, ctx: GameContext) -> list[Result]:
    # The engine's own messages (declared once, in legality/engine.py).
    from deckbuilder.legality.engine import INTERNAL_ERROR
    from deckbuilder.legality.engine import _result as engine_result

    kind = kind_named(kind_name)
    if kind is None:
        return [engine_result(INTERNAL_ERROR, Severity.ERROR, rule=kind_name, error="no such rule kind")]
    try:
        return list(kind.check(ctx, params))
    except Exception as exc:  # one faulty rule must not hide the others or crash the caller
        return [engine_result(INTERNAL_ERROR, Severity.ERROR, rule=kind_name, error=repr(exc))]


def check_generic(deck: Deck, pool: Any, game: Game, fmt: GameFormat | None = None) -> Report:
    """Check a deck of a data-described game against one of its formats (the deck's, else the default)."""
    from deckbuilder.legality.engine import FORMAT_NOT_INSTALLED, INTERNAL_ERROR, unread_results
    from deckbuilder.legality.engine import _result as engine_result

    notes: list[Result] = []
    if fmt is None:
        try:
            fmt = game.format_named(deck.format if deck.format in {f.name for f in game.formats} else None)
        except GameError as exc:
            return Report(
                format="",
                renown_level=0,
                totals=Totals(),
                results=(engine_result(INTERNAL_ERROR, Severity.ERROR, "deck", error=str(exc)),),
                game=game.name,
            )
        if deck.format not in {f.name for f in game.formats} and deck.format != Deck().format:
            notes.append(
                engine_result(
                    FORMAT_NOT_INSTALLED,
                    Severity.WARNING,
                    format=" ".join(deck.format.split())[:60] or "(no name)",
                    available=[f.name for f in game.formats],
                    default=fmt.name,
                )
            )
    items = _resolve(deck, pool, game)
    settings = deck_settings(game, deck, items)
    unknown = [i for i in items if i.card is None][:MAX_SUGGESTED_UNKNOWN]
    suggestions: dict[str, list[str]] = {}
    for item in unknown:
        try:
            suggestions[item.key] = list(pool.suggest(item.name))
        except Exception:  # suggestions are a courtesy
            suggestions[item.key] = []
    ctx = GameContext(game, fmt, items, settings, suggestions)
    results: list[Result] = [*unread_results(deck.unread), *notes]
    for rule in fmt.rules:
        results.extend(_run(rule.kind, rule.params, ctx))
    results.sort(key=lambda r: _SEVERITY_ORDER[r.severity])
    return Report(
        format=fmt.name,
        renown_level=0,
        totals=Totals(),
        results=tuple(results),
        game=game.name,
        figures=figures(game, items, settings),
        piles=tuple((p.id, p.label, sum(i.count for i in items if i.pile == p.id)) for p in game.piles),
    )


def _check_rage(deck: Deck, pool: Any, game: Game, fmt: Any = None) -> Report:
    from deckbuilder.legality.engine import check_deck

    return check_deck(deck, pool, fmt)


# A game's engine: "generic" runs the rule kinds its formats list; "rage" is Rage's own engine (legality/).
ENGINES: dict[str, Callable[..., Report]] = {"generic": check_generic, "rage": _check_rage}


def check_any(deck: Deck, pool: Any, game: Game | str | None = None, fmt: Any = None) -> Report:
    """Check a deck of its game (or `game`) with that game's engine; never raises for deck content."""
    chosen = game if isinstance(game, Game) else load_game(game or deck.game or DEFAULT_GAME)
    return ENGINES[chosen.engine](deck, pool, chosen, fmt)


def statistics(game: Game, deck: Deck, pool: Any) -> list[tuple[str, list[tuple[str, int]]]]:
    """The charts the game's description asks for: (title, [(value, copies)]), numbers in order, words by count."""
    items = [i for i in _resolve(deck, pool, game) if i.card is not None and i.pile is not None]
    charts: list[tuple[str, list[tuple[str, int]]]] = []
    for statistic in game.statistics:
        counts: dict[str, int] = {}
        for item in items:
            if statistic.pile and item.pile != statistic.pile:
                continue
            assert item.card is not None
            for value in item.card.words(statistic.field) or ("-",):
                counts[value] = counts.get(value, 0) + item.count
        numeric = all(v.lstrip("-").isdigit() for v in counts if v != "-")
        if numeric:
            ordered = sorted(counts.items(), key=lambda kv: (kv[0] == "-", int(kv[0]) if kv[0] != "-" else 0))
        else:
            ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0].casefold()))
        charts.append((statistic.label, ordered))
    return charts

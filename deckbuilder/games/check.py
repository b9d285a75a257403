"""Checking a deck of any game: the game's engine (a registry) runs its format's rules and reports like Rage's."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from carddb.normalize import normalize_name
from deckbuilder.deck import DEFAULT_FORMAT, DEFAULT_GAME, MAX_SUGGESTED_UNKNOWN, Deck
from deckbuilder.games.description import Game, GameFormat
from deckbuilder.games.kinds import GameContext, Item, RuleKind, kind_named
from deckbuilder.games.loader import find_format, formats_of, load_game
from deckbuilder.games.resolved import ResolvedCard, ResolvedDeck
from deckbuilder.legality.engine import FORMAT_NOT_INSTALLED, INTERNAL_ERROR, unread_results
from deckbuilder.legality.engine import _result as engine_result  # the checker's own messages, declared there
from deckbuilder.legality.results import Report, Result, Severity, Totals

if TYPE_CHECKING:
    from deckbuilder.games.cards import GameCard

_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class GamePool(Protocol):
    """What checking needs of a game's cards: look a name up, suggest near names."""

    def lookup(self, name: str) -> GameCard | None: ...

    def suggest(self, name: str, limit: int = 3) -> list[str]: ...


def validate_format(game: Game, fmt: GameFormat) -> list[str]:
    """What is wrong with one format of a game (unknown rule kinds, bad parameters), one line each."""
    problems: list[str] = []
    for index, rule in enumerate(fmt.rules):
        kind = kind_named(rule.kind)
        where = f"format {fmt.name}, rules[{index}] ({rule.kind:.60})"
        if kind is None or getattr(kind, "always", False):
            problems.append(f"{where}: no such rule kind")
            continue
        problems.extend(f"{where}: {p}" for p in kind.problems(game, rule.params))
    return problems


def validate_game(game: Game) -> list[str]:
    """What is wrong with a game's formats (unknown rule kinds, bad parameters), one line each."""
    problems: list[str] = []
    if game.engine not in ENGINES:
        problems.append(
            f'"engine" names no registered engine ({game.engine!r:.40}; known: {", ".join(ENGINES)})'
        )
    for fmt in game.formats:
        problems.extend(validate_format(game, fmt))
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


class Engine:
    """How a game's decks are checked: the context its rule kinds read, and the report's totals and figures.

    "generic" (here) reads a deck by its game's piles; a game package registers its own (Rage's, in games/rage/).
    """

    name = "generic"
    # Whether a player's own game may run on this engine (an engine that needs its game's own card data may not:
    # what cannot be checked is refused, never judged legal).
    user_games = True

    def context(
        self, deck: Deck, pool: Any, game: Game, fmt: GameFormat, settings: Mapping[str, int | None]
    ) -> Any:
        """Everything the rule kinds read, built once per check (the deck resolved to its cards)."""
        items = _resolve(deck, pool, game)
        values = deck_settings(game, deck, items)
        values.update({k: v for k, v in settings.items() if k in values and v is not None})
        suggestions: dict[str, list[str]] = {}
        for item in [i for i in items if i.card is None][:MAX_SUGGESTED_UNKNOWN]:
            try:
                suggestions[item.key] = list(pool.suggest(item.name))
            except Exception:  # suggestions are a courtesy
                suggestions[item.key] = []
        return GameContext(game, fmt, items, values, suggestions)

    def report(self, ctx: Any, game: Game, fmt: GameFormat, results: tuple[Result, ...]) -> Report:
        """The report of a check whose context was built."""
        return Report(
            format=fmt.name,
            renown_level=0,
            totals=Totals(),
            results=results,
            game=game.name,
            figures=figures(game, ctx.items, ctx.settings),
            piles=tuple(
                (p.id, p.label, sum(i.count for i in ctx.items if i.pile == p.id)) for p in game.piles
            ),
            settings=tuple(ctx.settings.items()),
            resolved=self.resolved(ctx, game),
        )

    def resolve(self, deck: Deck, pool: Any, game: Game) -> ResolvedDeck:
        """The deck resolved to its cards as a check would, without judging it (no suggestions looked for)."""
        items = _resolve(deck, pool, game)
        return ResolvedDeck(
            game.name, tuple(ResolvedCard(i.key, i.name, i.card, i.pile, i.count) for i in items)
        )

    def resolved(self, ctx: Any, game: Game) -> ResolvedDeck:
        """The deck as the context resolved it, for every view to read."""
        items = list(ctx.items)
        return ResolvedDeck(
            game.name, lambda: tuple(ResolvedCard(i.key, i.name, i.card, i.pile, i.count) for i in items)
        )

    def summary(self, report: Report, game: Game) -> tuple[dict[str, int], dict[str, str]]:
        """The report's cards per pile and header figures (label -> shown value), as `check --json` prints them."""
        return {pile: count for pile, _label, count in report.piles}, dict(report.figures)

    def failed(
        self,
        deck: Deck,
        game: Game,
        fmt: GameFormat,
        settings: Mapping[str, int | None],
        results: tuple[Result, ...],
    ) -> Report:
        """The report of a check whose context could not be built (the results say why)."""
        return Report(format=fmt.name, renown_level=0, totals=Totals(), results=results, game=game.name)

    def always(self, game: Game) -> list[tuple[str, RuleKind]]:
        """Checks every format of the game runs and none can name (none in the generic engine)."""
        return []

    def legacy_format(self, data: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """A format file of an earlier shape as the one shape, or None when the engine has no earlier shape."""
        return None


# Every engine by name; a game names one in its description ("engine").
ENGINES: dict[str, Engine] = {}


def register_engine(engine: Engine) -> None:
    """Register a game engine under its name."""
    ENGINES[engine.name] = engine


register_engine(Engine())


def _run(name: str, kind: RuleKind | None, params: Mapping[str, Any], ctx: Any) -> list[Result]:

    if kind is None:
        return [engine_result(INTERNAL_ERROR, Severity.ERROR, rule=name, error="no such rule kind")]
    try:
        return list(kind.check(ctx, params))
    except Exception as exc:  # one faulty rule must not hide the others or crash the caller
        label = getattr(kind, "label", "") or name
        return [engine_result(INTERNAL_ERROR, Severity.ERROR, rule=label, error=repr(exc))]


def _chosen_format(game: Game, deck: Deck, fmt: Any) -> tuple[GameFormat | None, list[Result], str]:
    """The format to check against, the notes that choice gives, and why there is none (when none)."""

    if isinstance(fmt, GameFormat):
        return fmt, [], ""
    if isinstance(getattr(fmt, "format", None), GameFormat):  # a game's view of one of its formats
        return fmt.format, [], ""
    if isinstance(fmt, str):
        return find_format(game, fmt), [], ""  # FormatError: the caller named a format that is not there
    known = formats_of(game)
    wanted = deck.format.strip().casefold()
    found = next((f for f in known if f.name.casefold() == wanted), None)
    if found is not None:
        return found, [], ""
    default = next((f for f in known if f.name == game.default_format), known[0] if known else None)
    if default is None:
        return None, [], f"the game {game.name} has no format"
    notes = []
    if deck.format != DEFAULT_FORMAT:
        notes.append(
            engine_result(
                FORMAT_NOT_INSTALLED,
                Severity.WARNING,
                format=" ".join(deck.format.split())[:60] or "(no name)",
                available=[f.name for f in known],
                default=default.name,
            )
        )
    return default, notes, ""


def check(
    deck: Deck,
    pool: Any,
    game: Game | str | None = None,
    fmt: Any = None,
    settings: Mapping[str, int | None] | None = None,
    rules: Iterable[tuple[str, RuleKind, Mapping[str, Any]]] | None = None,
) -> Report:
    """Check a deck of any game against a format of that game; never raises for deck content.

    `game` is the deck's own when None; `fmt` the deck's format (else the game's default, with a
    FORMAT_NOT_INSTALLED warning), or a name (FormatError when the game has no such format), or a format;
    `settings` override the deck's (Rage's Renown level); `rules` replaces the format's (name, kind, params).
    """

    chosen = game if isinstance(game, Game) else load_game(game or deck.game or DEFAULT_GAME)
    engine = ENGINES[chosen.engine]
    values = dict(settings or {})
    chosen_fmt, notes, missing = _chosen_format(chosen, deck, fmt)
    if chosen_fmt is None:
        failure = engine_result(INTERNAL_ERROR, Severity.ERROR, "deck", error=missing)
        return Report(format="", renown_level=0, totals=Totals(), results=(failure,), game=chosen.name)
    unread = unread_results(deck.unread)
    try:
        ctx = engine.context(deck, pool, chosen, chosen_fmt, values)
    except Exception as exc:  # unexpected card data must still give the caller a report, not a crash
        failure = engine_result(INTERNAL_ERROR, Severity.ERROR, "deck", error=repr(exc))
        return engine.failed(deck, chosen, chosen_fmt, values, (failure, *unread, *notes))
    results: list[Result] = [*unread, *notes]
    if rules is None:
        rules = [(rule.kind, kind_named(rule.kind), rule.params) for rule in chosen_fmt.rules]  # type: ignore[misc]
    for name, kind, params in rules:
        results.extend(_run(name, kind, params, ctx))
    for name, kind in engine.always(chosen):
        results.extend(_run(name, kind, {}, ctx))
    # Stable sort: errors, then warnings, then infos, each keeping rule order.
    results.sort(key=lambda r: _SEVERITY_ORDER[r.severity])
    return engine.report(ctx, chosen, chosen_fmt, tuple(results))


def resolve(deck: Deck, pool: Any, game: Game | str | None = None) -> ResolvedDeck:
    """The deck resolved to its cards as its game's engine resolves it for a check, without judging it."""
    chosen = game if isinstance(game, Game) else load_game(game or deck.game or DEFAULT_GAME)
    return ENGINES[chosen.engine].resolve(deck, pool, chosen)


def report_json(report: Report, game: Game | None = None) -> dict[str, object]:
    """The one JSON shape of a checked deck, for every game: `ragedeck check --json` prints it (see the README)."""
    chosen = game if game is not None and game.name == report.game else load_game(report.game)
    totals, shown = ENGINES[chosen.engine].summary(report, chosen)
    return {
        "game": report.game,
        "format": report.format,
        "legal": report.is_legal,
        "settings": dict(report.settings),
        "totals": totals,
        "figures": shown,
        "results": [r.to_json() for r in report.results],
    }


def check_generic(deck: Deck, pool: Any, game: Game, fmt: GameFormat | None = None) -> Report:
    """Check a deck of a data-described game (kept for callers; `check` is the one call)."""
    return check(deck, pool, game, fmt)


def check_any(deck: Deck, pool: Any, game: Game | str | None = None, fmt: Any = None) -> Report:
    """Check a deck of its game (or `game`) with that game's engine (kept for callers; `check` is the one call)."""
    return check(deck, pool, game, fmt)


def statistics(
    game: Game, deck: Deck | ResolvedDeck, pool: Any = None
) -> list[tuple[str, list[tuple[str, int]]]]:
    """The charts the game's description asks for: (title, [(value, copies)]), numbers in order, words by count.

    Read from the resolved deck (a report's `resolved`), or from the deck resolved here when given a deck and pool.
    """
    resolved = deck if isinstance(deck, ResolvedDeck) else resolve(deck, pool, game)
    items = [c for c in resolved.known() if c.pile is not None]
    charts: list[tuple[str, list[tuple[str, int]]]] = []
    for statistic in game.statistics:
        counts: dict[str, int] = {}
        for item in items:
            if statistic.pile and item.pile != statistic.pile:
                continue
            for value in item.card.words(statistic.field) or ("-",):
                counts[value] = counts.get(value, 0) + item.count
        numeric = all(v.lstrip("-").isdigit() for v in counts if v != "-")
        if numeric:
            ordered = sorted(counts.items(), key=lambda kv: (kv[0] == "-", int(kv[0]) if kv[0] != "-" else 0))
        else:
            ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0].casefold()))
        charts.append((statistic.label, ordered))
    return charts

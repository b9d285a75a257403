"""Checking a deck of any game: the game's engine (a registry) runs its format's rules and reports like Rage's.

The engines registry lives in games/engines.py; `ENGINES`, `Engine` and `register_engine` are read from here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from deckbuilder.deck import DEFAULT_FORMAT, DEFAULT_GAME, Deck
from deckbuilder.games.description import Game, GameFormat
from deckbuilder.games.engines import ENGINES as ENGINES
from deckbuilder.games.engines import Engine as Engine
from deckbuilder.games.engines import register_engine as register_engine
from deckbuilder.games.loader import UserFolders, find_format, formats_of, load_game, user_folders
from deckbuilder.games.registry import RuleKind, kind_named
from deckbuilder.games.resolved import ResolvedDeck
from deckbuilder.legality.checker import INTERNAL_ERROR, checker_result, format_not_installed, unread_results
from deckbuilder.legality.results import Report, Result, Severity

_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


def _run(name: str, kind: RuleKind | None, params: Mapping[str, Any], ctx: Any) -> list[Result]:

    if kind is None:
        return [checker_result(INTERNAL_ERROR, Severity.ERROR, rule=name, error="no such rule kind")]
    try:
        found = kind.check(ctx, params)
        # A rule's own list is read at once by the caller (extend): copied only when it is a generator to run here.
        return found if type(found) is list else list(found)
    except Exception as exc:  # one faulty rule must not hide the others or crash the caller
        label = getattr(kind, "label", "") or name
        return [checker_result(INTERNAL_ERROR, Severity.ERROR, rule=label, error=repr(exc))]


def _chosen_format(
    game: Game, deck: Deck, fmt: Any, folders: UserFolders | None = None
) -> tuple[GameFormat | None, list[Result], str]:
    """The format to check against, the notes that choice gives, and why there is none (when none)."""

    if isinstance(fmt, GameFormat):
        return fmt, [], ""
    if isinstance(getattr(fmt, "format", None), GameFormat):  # a game's view of one of its formats
        return fmt.format, [], ""
    if isinstance(fmt, str):
        # FormatError: the caller named a format that is not there.
        return find_format(game, fmt, folders), [], ""
    known = formats_of(game, folders)
    wanted = deck.format.strip().casefold()
    found = next((f for f in known if f.name.casefold() == wanted), None)
    if found is not None:
        return found, [], ""
    default = next((f for f in known if f.name == game.default_format), known[0] if known else None)
    if default is None:
        return None, [], f"the game {game.name} has no format"
    notes = []
    if deck.format != DEFAULT_FORMAT:
        notes.append(format_not_installed(deck.format, default.name, [f.name for f in known]))
    return default, notes, ""


def deck_format(game: Game, deck: Deck) -> tuple[GameFormat | None, list[Result]]:
    """The format of its game a deck is checked on (its own, else the game's default) and the note saying its own is
    not installed (none for a deck that names no format), as `check` chooses it; for callers that show the note."""
    chosen, notes, _missing = _chosen_format(game, deck, None)
    return chosen, notes


def check(
    deck: Deck,
    pool: Any,
    game: Game | str | None = None,
    fmt: Any = None,
    settings: Mapping[str, int | None] | None = None,
    rules: Iterable[tuple[str, RuleKind, Mapping[str, Any]]] | None = None,
    folders: UserFolders | None = None,
) -> Report:
    """Check a deck of any game against a format of that game; never raises for deck content.

    `game` is the deck's own when None; `fmt` the deck's format (else the game's default, with a
    FORMAT_NOT_INSTALLED warning), or a name (FormatError when the game has no such format), or a format;
    `settings` override the deck's (Rage's Renown level); `rules` replaces the format's (name, kind, params);
    `folders` are the player's games and formats folders when the caller looked them up for this check.
    """

    if isinstance(game, Game):
        chosen = game
    else:
        # The player's folders looked up once for the game and its formats (one added since the last check is seen).
        folders = folders or user_folders()
        chosen = load_game(game or deck.game or DEFAULT_GAME, folders)
    engine = ENGINES[chosen.engine]
    values = dict(settings or {})
    chosen_fmt, notes, missing = _chosen_format(chosen, deck, fmt, folders)
    if chosen_fmt is None:
        failure = checker_result(INTERNAL_ERROR, Severity.ERROR, "deck", error=missing)
        return Report(format="", results=(failure,), game=chosen.name)
    unread = unread_results(deck.unread)
    try:
        ctx = engine.context(deck, pool, chosen, chosen_fmt, values)
    except Exception as exc:  # unexpected card data must still give the caller a report, not a crash
        failure = checker_result(INTERNAL_ERROR, Severity.ERROR, "deck", error=repr(exc))
        return engine.failed(deck, chosen, chosen_fmt, values, (failure, *unread, *notes))
    results: list[Result] = [*unread, *notes]
    if rules is None:
        for rule in chosen_fmt.rules:  # each kind found by name on each check: a test may register another
            results.extend(_run(rule.kind, kind_named(rule.kind), rule.params, ctx))
    else:
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

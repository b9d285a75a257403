"""The engines registry: how a game's decks are checked (`Engine`, the generic one here), and a game's validation.

A game names its engine in its description ("engine"); a game package registers its own (Rage's, in games/rage/).
A game and its formats are validated against the registered engines and rule kinds (`validate_game`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from deckbuilder.deck import Deck
from deckbuilder.games.figures import FigureValue, generic_values
from deckbuilder.games.layout import Layout
from deckbuilder.games.registry import RULE_KINDS, RuleKind, game_rules, kind_named, load_kinds_when_missing
from deckbuilder.games.resolve import resolve_deck
from deckbuilder.games.resolved import ResolvedDeck
from deckbuilder.games.scope import items_of
from deckbuilder.legality.results import Report, Result

if TYPE_CHECKING:
    # The generic kinds are imported where the generic engine uses them (Rage's twins import them themselves).
    from carddb.model import CardInfo
    from deckbuilder.games.description import Game, GameFormat
    from deckbuilder.games.scope import Item


def _register_generic_kinds() -> None:
    import deckbuilder.games.kinds  # noqa: F401  (registers the generic kinds on import)


load_kinds_when_missing(_register_generic_kinds)


class GamePool(Protocol):
    """What checking needs of a game's cards: look a name up, suggest near names."""

    def lookup(self, name: str) -> CardInfo | None: ...

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
    piles = {p.id for p in game.piles}
    for index, draw in enumerate(fmt.draws):
        if draw.pile not in piles:
            problems.append(
                f"format {fmt.name}, draws[{index}].pile names no pile of the game ({draw.pile:.40})"
            )
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


class Engine:
    """How a game's decks are checked: the context its rule kinds read, and the report's totals and figures.

    "generic" (here) reads a deck by its game's piles; a game package registers its own (Rage's, in games/rage/).
    """

    name = "generic"
    # Whether the game's cards are the card database's own (card and printing tables, CardInfo, imported from a
    # Lackey plugin): its decks are looked up there, and the views of those cards (the card browser, card view,
    # collection) serve them. Otherwise its cards are a CardInfoPool (games/cards.pool_for).
    card_database = False
    # The module planning this engine's fix-it hints (its `plan_hints`, as in games/fixes.py), imported when hints
    # are first wanted (deckbuilder/fixhints.py): the generic engine's come from the fixes each rule kind declares.
    hints_module = "deckbuilder.games.fixes"
    # Whether a player's own game may run on this engine (an engine that needs its game's own card data may not:
    # what cannot be checked is refused, never judged legal).
    user_games = True

    def __init__(self) -> None:
        # game -> (registry size when looked, the names of its always-run kinds)
        self._always: dict[str, tuple[int, tuple[str, ...]]] = {}

    def context(
        self, deck: Deck, pool: Any, game: Game, fmt: GameFormat, settings: Mapping[str, int | None]
    ) -> Any:
        """Everything the rule kinds read, built once per check (the deck resolved to its cards)."""
        resolved = resolve_deck(deck, pool, game, suggest=True)
        items = items_of(resolved)
        values = deck_settings(game, deck, items)
        values.update({k: v for k, v in settings.items() if k in values and v is not None})
        from deckbuilder.games.kinds import GameContext

        return GameContext(
            game, fmt, items, values, dict(resolved.suggestions), dict(resolved.entry_cards), resolved
        )

    def report(self, ctx: Any, game: Game, fmt: GameFormat, results: tuple[Result, ...]) -> Report:
        """The report of a check whose context was built."""
        return Report(
            format=fmt.name,
            results=results,
            game=game.name,
            figures=generic_values(game, fmt, ctx.items, ctx.settings),
            piles=tuple(
                (p.id, p.label, sum(i.count for i in ctx.items if i.pile == p.id)) for p in game.piles
            ),
            settings=tuple(ctx.settings.items()),
            resolved=self.resolved(ctx, game),
            format_title=fmt.title,
        )

    def resolve(self, deck: Deck, pool: Any, game: Game) -> ResolvedDeck:
        """The deck resolved to its cards as a check would, without judging it (no suggestions looked for)."""
        return resolve_deck(deck, pool, game)

    def resolved(self, ctx: Any, game: Game) -> ResolvedDeck:
        """The deck as the context resolved it, for every view to read."""
        return ctx.resolved  # type: ignore[no-any-return]

    def figure_values(self, report: Report, game: Game) -> tuple[FigureValue, ...]:
        """The header figures game.json lists, as the check valued them (every engine fills `Report.figures`)."""
        return tuple(v for v in report.figures if isinstance(v, FigureValue))

    def summary(self, report: Report, game: Game) -> tuple[dict[str, int], dict[str, str]]:
        """The report's cards per pile and header figures (label -> shown value), as `check --json` prints them."""
        return {pile: count for pile, _label, count in report.piles}, self.shown_figures(report, game)

    def shown_figures(self, report: Report, game: Game) -> dict[str, str]:
        """Each header figure's label and its value with its bounds, in English (`{"Sept": "30 / 30+"}`)."""
        return {v.label: v.shown("en") for v in self.figure_values(report, game)}

    def failed(
        self,
        deck: Deck,
        game: Game,
        fmt: GameFormat,
        settings: Mapping[str, int | None],
        results: tuple[Result, ...],
    ) -> Report:
        """The report of a check whose context could not be built (the results say why): the deck's settings and
        format, no card counted (every engine's own report of a deck without cards), nothing resolved."""
        bare = Deck(
            name=deck.name,
            format=deck.format,
            game=deck.game,
            settings=deck.settings,
        )
        try:
            report = self.report(self.context(bare, _NoCards(), game, fmt, settings), game, fmt, results)
        except Exception:  # the engine cannot even report an empty deck: the results alone
            return Report(format=fmt.name, results=results, game=game.name)
        return report.replace(resolved=None)

    def always(self, game: Game) -> list[tuple[str, RuleKind]]:
        """Checks every format of the game runs and none can name: the game's own rule kinds registered `always`
        (Rage's demo-card check), found by name in the registry (looked for again when a kind was registered since)."""
        known = self._always.get(f"{game.name}:{game.engine}")
        if known is None or known[0] != len(RULE_KINDS):
            names = tuple(
                name
                for name, kind in game_rules(game.name)
                if getattr(kind, "always", False)
                and kind.engine == game.engine  # it reads this engine's context
            )
            known = self._always[f"{game.name}:{game.engine}"] = (len(RULE_KINDS), names)
        found = [(name, kind_named(name)) for name in known[1]]
        return [(name, kind) for name, kind in found if kind is not None]

    def legacy_format(self, data: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """A format file of an earlier shape as the one shape, or None when the engine has no earlier shape."""
        return None

    def card_pool(self, db: Any, game: Game) -> Any | None:
        """The card database itself for an engine whose cards are its own (`card_database`), else None.

        None: the game's cards are its `game_card` rows, else its shipped set (games/cards.pool_for).
        """
        return db if self.card_database else None

    def layout(self, game: Game, zone_labels: Mapping[str, str] | None = None) -> Layout:
        """How the game's decks are laid out in deck files (games/layout.py)."""
        return Layout(game, zone_labels)

    def extra_odds(
        self, deck: Deck, pool: Any, game: Game, piles: Any, seed: int, trials: int, turns: int = 1
    ) -> list[Any]:
        """Odds the engine works out beyond the description's draws for turns 1..N (Rage: the combat hand), as Odds."""
        return []

    def odds_table(
        self, deck: Deck, pool: Any, game: Game, piles: Any, seed: int, trials: int, turn: int = 1
    ) -> Callable[[Any], Any] | None:
        """Those odds at one turn as the Draw odds tab shows them, None when the engine has none; else a job: the
        deck's cards are read from `pool` now (on the caller's thread, the pool's), and the call returned works the
        odds.OddsTable out from what was read, so the tab runs it on a worker thread (simulations take a while). The
        job is given a `cancel` (odds.Cancel): once it says True, the job may stop with odds.OddsCancelled."""
        return None


class _NoCards:
    """The pool of a failed check's report: no card, no near name."""

    def lookup(self, name: str) -> None:
        return None

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        return []


# Every engine by name; a game names one in its description ("engine").
ENGINES: dict[str, Engine] = {}


def register_engine(engine: Engine) -> None:
    """Register a game engine under its name."""
    ENGINES[engine.name] = engine


register_engine(Engine())

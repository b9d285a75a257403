"""Rage's engine: its rules as rule kinds of the one registry (`rage:<code>`), its context and its report.

Each rule (`UnknownCardRule` … `RenownUnusedRule`, in `RULES` order, which is the order of the shipped formats and
of a format file in the earlier shape) is registered as `rage:<its main code in lower case>`, wrapped in a
`RageRuleKind` (engine "rage", the rule's own messages, its parameters checked). The demo-card check is registered
as `rage:demo_card` and runs for every format (no format can name it, so none can switch it off).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from carddb.demo import demo_cards_barred
from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.engines import Engine, register_engine
from deckbuilder.games.figures import FigureValue
from deckbuilder.games.rage.context import CheckContext, Totals, build_context, totals
from deckbuilder.games.rage.format import GAME, is_legacy, legacy_format
from deckbuilder.games.rage.format import format_view as format_view  # its home before; read from here too
from deckbuilder.games.rage.renown import RENOWN_LEVEL, renown_level_of
from deckbuilder.games.rage.rules import (
    AllegianceMixedRule,
    BannedCardRule,
    CharacterCopiesRule,
    CharacterVersionsRule,
    CombatCopiesRule,
    CombatMinimumRule,
    NoCharactersRule,
    RenownOverLevelRule,
    RogueOverHalfRule,
    Rule,
    SeptCopiesRule,
    SeptMinimumRule,
    SetNotInFormatRule,
    UnknownCardRule,
    UnplaceableCardRule,
)
from deckbuilder.games.rage.warnings import (
    AllegianceUnusableRule,
    JuntaNeedsAllyRule,
    RageAbovePackRule,
    RenownUnusedRule,
    RequirementUnmetRule,
    RestrictedExtraRule,
)
from deckbuilder.games.registry import (
    Message,
    RuleKind,
    game_rules,
    register_game_rule,
)
from deckbuilder.legality.results import Report, Result

if TYPE_CHECKING:
    from deckbuilder.games.description import Game, GameFormat
    from deckbuilder.games.layout import Layout
    from deckbuilder.games.rage.format import FormatLimits

# Rule order is report order within each severity (and the order of the shipped formats' rules).
RULES: tuple[Rule, ...] = (
    UnknownCardRule(),
    UnplaceableCardRule(),
    SetNotInFormatRule(),
    BannedCardRule(),
    NoCharactersRule(),
    RenownOverLevelRule(),
    CharacterCopiesRule(),
    CharacterVersionsRule(),
    AllegianceMixedRule(),
    RogueOverHalfRule(),
    CombatMinimumRule(),
    CombatCopiesRule(),
    SeptMinimumRule(),
    SeptCopiesRule(),
    AllegianceUnusableRule(),
    RequirementUnmetRule(),
    RestrictedExtraRule(),
    RageAbovePackRule(),
    JuntaNeedsAllyRule(),
    RenownUnusedRule(),
)


class RageRuleKind(RuleKind):
    """One of Rage's Python rules in the rule registry, as `rage:<its main code in lower case>`."""

    engine = GAME

    def __init__(self, rule: Rule, always: bool = False) -> None:
        self.rule = rule
        # An engine check no format can switch off (DEMO_CARD): run for every format, never named by one.
        self.always = always
        self.name = rule.code.lower()
        self.label = rule.code  # how an internal error names it
        # The rule's own templates (declared once, by the rule class; the same text again is no second truth).
        self.messages = tuple(Message(key, text, rule.severity) for key, text in rule.messages.items())

    def problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        """What is wrong with the parameters a format gives this rule."""
        found = self.rule.param_problems(params)
        if self.engine != game.engine:
            found.append(f'runs only on the "{self.engine}" engine (the game\'s engine is "{game.engine}")')
        return found

    def check(self, ctx: Any, params: Mapping[str, Any]) -> Iterable[Result]:
        """The rule's results (only the codes `codes` names, when the format gives it)."""
        codes = params.get("codes")
        found = self.rule.check(ctx, params)
        return found if not isinstance(codes, list) else [r for r in found if r.code in codes]


for _rule in RULES:
    register_game_rule(GAME, RageRuleKind(_rule))


DEMO_CARD = "DEMO_CARD"


def demo_results(ctx: CheckContext, pool: CardPool) -> list[Result]:
    """One error naming the deck's demo cards when the pool holds real card data (carddb.demo decides)."""
    demo = [card.name for _item, card, facts in ctx.with_facts(ctx.cards) if facts.demo]
    if not demo:
        return []
    set_names = getattr(pool, "set_names", None)
    try:
        barred = demo_cards_barred(set_names()) if callable(set_names) else False
    except Exception:  # a pool that cannot list its sets keeps the demo cards as they are
        return []
    if not barred:
        return []
    rule = DemoCardRule()
    if len(demo) == 1:
        result = rule.result(demo, extra={"cards": tuple(demo)})
    elif len(demo) <= 5:
        result = rule.result(demo, variant="many", extra={"cards": tuple(demo)})
    else:
        result = rule.result(demo, variant="more", extra={"cards": tuple(demo[:5]), "more": len(demo) - 5})
    return [result]


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

    def check(self, ctx: CheckContext, params: Mapping[str, Any]) -> Iterable[Result]:
        return demo_results(ctx, ctx.pool) if ctx.pool is not None else []


register_game_rule(GAME, RageRuleKind(DemoCardRule(), always=True))


def registered_rules(always: bool = False) -> tuple[tuple[str, Rule], ...]:
    """Rage's rules as the registry holds them, (`rage:<kind>`, rule), in report order.

    The rules a format names, or with `always` the engine's checks that run for every format.
    """
    return tuple(
        (name, kind.rule)
        for name, kind in game_rules(GAME)
        if isinstance(kind, RageRuleKind) and kind.always == always
    )


def _rogues_only(where: Mapping[str, Any] | None) -> bool:
    """Whether a figure's condition keeps only the Rogues (`{"field": "allegiance", "values": ["Rogue"]}`)."""
    return where is not None and where.get("field") == "allegiance" and where.get("values") == ["Rogue"]


def rage_figures(
    game: Game, totals: Totals, limits: FormatLimits | None, settings: Mapping[str, int | None]
) -> tuple[FigureValue, ...]:
    """game.json's header figures, valued as Rage's rules count: a Rogue is told by allegiance (worked out from Type
    and Keywords), the pack's allegiance leaves Rogues out, the Rogue cap is ROGUE_OVER_HALF's."""
    found: list[FigureValue] = []
    bounds = {
        "rage:sept_minimum": limits.sept_minimum if limits is not None else None,
        "rage:combat_minimum": limits.combat_minimum if limits is not None else None,
        "rage:rogue_over_half": totals.rogue_cap,
    }
    for figure in game.header:
        value: int | str
        if figure.shared == "allegiance":
            value = totals.allegiance
        elif figure.sum == "renown":
            value = totals.rogue_renown if _rogues_only(figure.where) else totals.renown
        else:
            piles = (figure.pile,) if isinstance(figure.pile, str) else figure.pile
            value = sum(int(getattr(totals, pile or "characters", 0)) for pile in piles)
        found.append(
            FigureValue(
                figure,
                value,
                settings.get(figure.of) if figure.of else None,
                bounds.get(figure.at_least) if figure.at_least else None,
                bounds.get(figure.at_most) if figure.at_most else None,
            )
        )
    return tuple(found)


def rage_piles(game: Game, totals: Totals) -> tuple[tuple[str, str, int], ...]:
    """Each pile of game.json with its cards as Rage's rules count them (a Character's every copy, the others' copies
    outside the starting list, which counts on its own)."""
    return tuple((pile.id, pile.label, int(getattr(totals, pile.id, 0))) for pile in game.piles)


class RageEngine(Engine):
    """Rage's engine: only what is Rage's, on the one engine's resolve step, rule run, scope and failed report.

    It overrides `context` (the pack, allegiance, Renown sums and Rogue cap beside the resolved deck), `report` (those
    valued into the header figures and Rage's totals), `legacy_format` (Rage's earlier format files), `layout`
    (Lackey's deck zones) and `extra_odds` / `odds_table` (the combat hand).
    """

    name = GAME
    card_database = True  # Rage's cards: the card and printing tables, imported from the Lackey plugin
    # a planner per error code (allegiance, Renown, versions)
    hints_module = "deckbuilder.games.rage.fixhints"
    # It reads the Rage card database (card and printing tables): a player's own game cannot run on it.
    user_games = False

    def context(
        self, deck: Deck, pool: Any, game: Game, fmt: GameFormat, settings: Mapping[str, int | None]
    ) -> CheckContext:
        """The deck resolved once (reprints folded), its sections, pack, allegiance and Renown."""
        level = settings.get(RENOWN_LEVEL)
        return build_context(
            deck, pool, format_view(fmt, game), renown_level_of(deck, game) if level is None else level, game
        )

    def report(self, ctx: Any, game: Game, fmt: GameFormat, results: tuple[Result, ...]) -> Report:
        """Rage's report in the one shape: its header figures and piles valued from its counts (the pack's Renown sums,
        allegiance and Rogue cap are Rage's), the Renown level as a setting."""
        counted = totals(ctx)
        settings = ((RENOWN_LEVEL, ctx.renown_level),)
        return Report(
            format=fmt.name,
            results=results,
            game=game.name,
            figures=rage_figures(game, counted, ctx.fmt.limits, dict(settings)),
            piles=rage_piles(game, counted),
            settings=settings,
            resolved=self.resolved(ctx, game),
            format_title=fmt.title,
        )

    def legacy_format(self, data: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """A format file of the earlier shape (codes and limits) as Rage's rule kinds with parameters."""
        return legacy_format(data) if is_legacy(data) else None

    def layout(self, game: Game, zone_labels: Mapping[str, str] | None = None) -> Layout:
        """Lackey's zones by the plugin's labels, then Unplaced and Starting (games/rage/layout.py)."""
        # Only deck files need it: `check` starts lighter.
        from deckbuilder.games.rage.layout import RageLayout

        return RageLayout(game, zone_labels)

    def extra_odds(
        self, deck: Deck, pool: Any, game: Game, piles: Any, seed: int, trials: int, turns: int = 1
    ) -> list[Any]:
        """The combat hand at each Combat Phase of turns 1..N: each Character, every Character, each its own card."""
        from deckbuilder.games.rage.odds import combat_extra_odds

        return list(combat_extra_odds(deck, pool, piles, seed, trials, turns))

    def odds_table(
        self, deck: Deck, pool: Any, game: Game, piles: Any, seed: int, trials: int, turn: int = 1
    ) -> Callable[[Any], Any] | None:
        """The Draw odds tab's Combat Phase table at one turn, as a job (games/rage/odds.py)."""
        from deckbuilder.games.rage.odds import combat_table

        return combat_table(deck, pool, piles, seed, trials, turn)


register_engine(RageEngine())

"""The parts of a game's description the deck's panels read (header figures, charts, draws), and the cross-checks of
a game once read: every pile column, header figure and chart names what the game has.

`game_from_data` (games/description.py) reads these parts with the readers here, builds the Game, then asks for the
problems only the whole game can show (a figure naming a pile or a rule kind of the game); a bad file names every
problem at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from carddb.record import FrozenRecord, set_field

if TYPE_CHECKING:
    from deckbuilder.games.description import Game

PRINTING_COLUMN = "printing"  # a pile column: the printing chosen (a game whose cards have printings)
_FIGURE_KEYS = frozenset({"label", "pile", "sum", "of", "where", "at_least", "at_most", "shared"})
_STATISTIC_KEYS = frozenset({"label", "field", "pile", "chart", "unknown", "group", "accent", "of"})
STATISTIC_CHARTS = ("values", "histogram", "cards")
_DRAW_KEYS = frozenset({"pile", "hand", "refill", "refill_first_turn", "played", "source"})


class GameError(Exception):
    """A game cannot be found or its description is not valid (the message says which field and why)."""


class Figure(FrozenRecord):
    """A header figure: the cards of a pile (or the deck), the sum of a field, or the value they share.

    Bounds shown beside it: `of` a setting (`12 / 15`), `at_least` the minimum of a format rule (`30 / 30+`),
    `at_most` the most a rule allows (`5 (max 9)`). `where` limits the cards to those meeting a condition.
    """

    __slots__ = _fields = ("label", "pile", "sum", "of", "where", "at_least", "at_most", "shared")

    label: str
    pile: str | tuple[str, ...]  # "" = the whole deck; several piles (a list in game.json) read together
    sum: str  # a number field to add up; "" = count cards
    of: str  # a setting shown as the bound ("12 / 15")
    where: Mapping[str, Any] | None  # only the cards meeting this condition (games/conditions.py)
    at_least: str  # a rule kind whose minimum the format sets for this pile ("30 / 30+")
    at_most: str  # a rule kind whose most allowed is shown ("5 (max 9)")
    shared: str  # a field whose one value the pile's cards share, shown alone ("Gaia"); hidden when none

    def __init__(
        self,
        label: str,
        pile: str | tuple[str, ...] = "",
        sum: str = "",
        of: str = "",
        where: Mapping[str, Any] | None = None,
        at_least: str = "",
        at_most: str = "",
        shared: str = "",
    ) -> None:
        set_field(self, "label", label)
        set_field(self, "pile", pile)
        set_field(self, "sum", sum)
        set_field(self, "of", of)
        set_field(self, "where", where)
        set_field(self, "at_least", at_least)
        set_field(self, "at_most", at_most)
        set_field(self, "shared", shared)


class Statistic(FrozenRecord):
    """A chart worth drawing: cards of a pile (the whole deck when "") by a field (see docs/GAMES.md)."""

    __slots__ = _fields = (
        "label",
        "field",
        "pile",
        "chart",
        "unknown",
        "group",
        "accent",
        "accent_label",
        "of",
    )

    label: str
    field: str
    pile: str
    chart: str  # one of STATISTIC_CHARTS
    unknown: bool  # a "values" chart of the whole deck: a bar for the cards the card data lacks
    group: tuple[tuple[str, tuple[str, ...]], ...]  # bar label -> the values it takes ("Character*")
    accent: Mapping[str, Any] | None  # a "cards" chart: the cards drawn hatched (a condition)
    accent_label: str  # what the hatched cards are ("Rogue")
    of: str  # a "cards" chart: the setting its total is said against in the summary ("16 of 20")

    def __init__(
        self,
        label: str,
        field: str,
        pile: str = "",
        chart: str = "values",
        unknown: bool = False,
        group: tuple[tuple[str, tuple[str, ...]], ...] = (),
        accent: Mapping[str, Any] | None = None,
        accent_label: str = "",
        of: str = "",
    ) -> None:
        set_field(self, "label", label)
        set_field(self, "field", field)
        set_field(self, "pile", pile)
        set_field(self, "chart", chart)
        set_field(self, "unknown", unknown)
        set_field(self, "group", group)
        set_field(self, "accent", accent)
        set_field(self, "accent_label", accent_label)
        set_field(self, "of", of)


class Draw(FrozenRecord):
    """A pile players draw a hand from: the hand size, the most new cards a turn brings, and the rule saying so."""

    __slots__ = _fields = ("pile", "hand", "refill", "refill_first_turn", "source", "played")

    pile: str
    hand: int
    # The most cards a turn's redraw brings (the whole hand when the rules let a player discard it).
    refill: int
    refill_first_turn: bool  # turn 1 already has a redraw before the moment the odds are about
    source: str  # the rulebook line the figures come from
    # Cards each turn plays from the hand that the rules draw back before the next redraw (Rage: the card played in
    # each combat, refilled after combat); the odds' one assumption about play, 0 when the description says none.
    played: int

    def __init__(
        self,
        pile: str,
        hand: int,
        refill: int,
        refill_first_turn: bool = False,
        source: str = "",
        played: int = 0,
    ) -> None:
        set_field(self, "pile", pile)
        set_field(self, "hand", hand)
        set_field(self, "refill", refill)
        set_field(self, "refill_first_turn", refill_first_turn)
        set_field(self, "source", source)
        set_field(self, "played", played)

    def seen_by_turn(self, turn: int) -> int:
        """Cards a player can have seen by turn N, discarding every card not wanted at each redraw (and drawing
        back the cards each earlier turn played)."""
        turn = max(turn, 1)
        return self.hand + self.refill * (turn - 1 + int(self.refill_first_turn)) + self.played * (turn - 1)


def _fail(source: str, message: str) -> GameError:
    return GameError(f"{source}: {message}")


def _text(data: Mapping[str, Any], key: str, source: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if value is None:
        raise _fail(source, f'field "{key}" is required')
    if not isinstance(value, str):
        raise _fail(source, f'field "{key}" must be text, not {type(value).__name__}')
    return value


def _piles(data: Mapping[str, Any], source: str) -> str | tuple[str, ...]:
    """A figure's `pile`: one pile's id, or a list of them (read together, as a rule's scope may be)."""
    value = data.get("pile", "")
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return value[0] if len(value) == 1 else tuple(value)
    if isinstance(value, list):
        raise _fail(source, 'field "pile" must be a pile\'s id or a list of them')
    return _text(data, "pile", source, "")


def _objects(data: Mapping[str, Any], key: str, source: str) -> list[Mapping[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise _fail(source, f'field "{key}" must be a list of objects')
    return value


def _figures(data: Mapping[str, Any], source: str) -> tuple[Figure, ...]:
    figures: list[Figure] = []
    for index, item in enumerate(_objects(data, "header", source)):
        where = f"{source}: header[{index}]"
        unknown = sorted(str(k) for k in item if k not in _FIGURE_KEYS)
        if unknown:
            raise _fail(source, f"header[{index}] has unknown key(s): {', '.join(unknown)}")
        condition = item.get("where")
        if condition is not None and not isinstance(condition, dict):
            raise _fail(source, f'header[{index}].where must be an object {{"field": F, "values": [...]}}')
        figure = Figure(
            _text(item, "label", where),
            _piles(item, where),
            _text(item, "sum", where, ""),
            _text(item, "of", where, ""),
            condition,
            _text(item, "at_least", where, ""),
            _text(item, "at_most", where, ""),
            _text(item, "shared", where, ""),
        )
        if figure.sum and figure.shared:
            raise _fail(source, f'header[{index}] takes "sum" or "shared", not both')
        figures.append(figure)
    return tuple(figures)


def _statistics(data: Mapping[str, Any], source: str) -> tuple[Statistic, ...]:
    found: list[Statistic] = []
    for index, item in enumerate(_objects(data, "statistics", source)):
        where = f"{source}: statistics[{index}]"
        unknown = sorted(str(k) for k in item if k not in _STATISTIC_KEYS)
        if unknown:
            raise _fail(source, f"statistics[{index}] has unknown key(s): {', '.join(unknown)}")
        chart = _text(item, "chart", where, "values")
        if chart not in STATISTIC_CHARTS:
            raise _fail(source, f"statistics[{index}].chart must be one of {', '.join(STATISTIC_CHARTS)}")
        if not isinstance(item.get("unknown", False), bool):
            raise _fail(source, f"statistics[{index}].unknown must be true or false")
        group = item.get("group", {})
        if not isinstance(group, dict) or not all(
            isinstance(v, list) and all(isinstance(w, str) and w for w in v) for v in group.values()
        ):
            raise _fail(
                source, f'statistics[{index}].group must be an object {{"bar label": ["value", ...]}}'
            )
        accent = item.get("accent")
        if accent is not None and (not isinstance(accent, dict) or not isinstance(accent.get("label"), str)):
            raise _fail(
                source, f'statistics[{index}].accent must be an object {{"label": L, "field": F, ...}}'
            )
        found.append(
            Statistic(
                _text(item, "label", where),
                _text(item, "field", where),
                _text(item, "pile", where, ""),
                chart,
                bool(item.get("unknown", False)),
                tuple((str(label), tuple(values)) for label, values in group.items()),
                {k: v for k, v in accent.items() if k != "label"} if accent is not None else None,
                str(accent["label"]) if accent is not None else "",
                _text(item, "of", where, ""),
            )
        )
    return tuple(found)


def _draws(data: Mapping[str, Any], piles: set[str], source: str) -> tuple[Draw, ...]:
    found: list[Draw] = []
    for index, item in enumerate(_objects(data, "draws", source)):
        where = f"draws[{index}]"
        unknown = sorted(str(k) for k in item if k not in _DRAW_KEYS)
        if unknown:
            raise _fail(source, f"{where} has unknown key(s): {', '.join(unknown)}")
        pile = item.get("pile")
        if not isinstance(pile, str) or pile not in piles:
            raise _fail(source, f"{where}.pile names no pile of the game ({pile!r:.40})")
        numbers: dict[str, int] = {}
        for key in ("hand", "refill"):
            value = item.get(key, numbers.get("hand"))
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
                raise _fail(source, f"{where}.{key} must be a whole number from 1 to 100")
            numbers[key] = value
        first = item.get("refill_first_turn", False)
        if not isinstance(first, bool):
            raise _fail(source, f"{where}.refill_first_turn must be true or false")
        played = item.get("played", 0)
        if isinstance(played, bool) or not isinstance(played, int) or not 0 <= played <= numbers["hand"]:
            raise _fail(source, f"{where}.played must be a whole number from 0 to the hand size")
        found.append(
            Draw(
                pile,
                numbers["hand"],
                numbers["refill"],
                first,
                _text(item, "source", f"{source}: {where}", ""),
                played,
            )
        )
    if len({d.pile for d in found}) != len(found):
        raise _fail(source, 'field "draws" names a pile twice')
    return tuple(found)


def pile_problems(game: Game) -> list[str]:
    """What is wrong with the piles' `columns` and `sheet`: each names a card field of the game (or, in `columns`,
    the printing: any game's cards may have printings)."""
    names = {f.name for f in game.fields} | {"type"}
    problems: list[str] = []
    for index, pile in enumerate(game.piles):
        for column in pile.columns:
            if column != PRINTING_COLUMN and (column not in names or column == "name"):
                problems.append(f"piles[{index}].columns names no card field of the game ({column!r:.40})")
        for column in pile.sheet:
            if column not in names or column == "name":
                problems.append(f"piles[{index}].sheet names no card field of the game ({column!r:.40})")
    return problems


def figure_problems(game: Game) -> list[str]:
    """What is wrong with the header figures of a game: piles, fields, settings and rule kinds they name."""
    from deckbuilder.games.conditions import condition_problems
    from deckbuilder.games.registry import kind_named

    problems: list[str] = []
    piles = {p.id for p in game.piles}
    settings = {s.id for s in game.settings}
    for index, figure in enumerate(game.header):
        where = f"header[{index}] ({figure.label:.40})"
        named = (figure.pile,) if isinstance(figure.pile, str) else figure.pile
        for pile in named:
            if pile and pile not in piles:
                problems.append(f"{where}: pile names no pile of the game ({pile!r:.40})")
        number = game.field_named(figure.sum) if figure.sum else None
        if figure.sum and (number is None or number.kind != "number"):
            problems.append(f"{where}: sum names no number field of the game ({figure.sum!r:.40})")
        if figure.shared and game.field_named(figure.shared) is None and figure.shared != "type":
            problems.append(f"{where}: shared names no card field of the game ({figure.shared!r:.40})")
        if figure.of and figure.of not in settings:
            problems.append(f"{where}: of names no setting of the game ({figure.of!r:.40})")
        if figure.where is not None:
            problems.extend(f"{where}: {p}" for p in condition_problems(game, figure.where))
        for key, kind in (("at_least", figure.at_least), ("at_most", figure.at_most)):
            found = kind_named(kind) if kind else None
            if kind and (found is None or found.engine != game.engine):
                problems.append(f"{where}: {key} names no rule kind of the game ({kind!r:.60})")
    return problems


def statistic_problems(game: Game) -> list[str]:
    """What is wrong with the charts of a game: piles, fields, settings and conditions they name."""
    from deckbuilder.games.conditions import condition_problems

    problems: list[str] = []
    piles = {p.id for p in game.piles}
    settings = {s.id for s in game.settings}
    for index, statistic in enumerate(game.statistics):
        where = f"statistics[{index}] ({statistic.label:.40})"
        if statistic.pile and statistic.pile not in piles:
            problems.append(f"{where}: pile names no pile of the game ({statistic.pile!r:.40})")
        found = game.field_named(statistic.field)
        if found is None and statistic.field != "type":
            problems.append(f"{where}: field names no card field of the game ({statistic.field!r:.40})")
        elif statistic.chart != "values" and (found is None or found.kind != "number"):
            problems.append(
                f"{where}: a {statistic.chart} chart needs a number field ({statistic.field!r:.40})"
            )
        if statistic.chart != "values" and (statistic.unknown or statistic.group):
            problems.append(f'{where}: "unknown" and "group" are for a values chart')
        if statistic.chart != "cards" and (statistic.accent is not None or statistic.of):
            problems.append(f'{where}: "accent" and "of" are for a cards chart')
        if statistic.of and statistic.of not in settings:
            problems.append(f"{where}: of names no setting of the game ({statistic.of!r:.40})")
        if statistic.accent is not None:
            problems.extend(f"{where}: accent: {p}" for p in condition_problems(game, statistic.accent))
    return problems

"""Cross-checks of a game's description once read: every pile column, header figure and chart names what the game has.

`game_from_data` (games/description.py) builds a Game from its JSON and then asks these for the problems that only the
whole game can show (a figure naming a pile or a rule kind of the game); a bad file names every problem at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckbuilder.games.description import Game

PRINTING_COLUMN = "printing"  # a pile column: the printing chosen (a game whose cards have printings)


def pile_problems(game: Game, printings: bool) -> list[str]:
    """What is wrong with the piles' `columns` and `sheet`: each names a card field of the game."""
    names = {f.name for f in game.fields} | {"type"}
    problems: list[str] = []
    for index, pile in enumerate(game.piles):
        for column in pile.columns:
            if column == PRINTING_COLUMN and not printings:
                problems.append(f"piles[{index}].columns: the game's cards have no printings ({column!r})")
            elif column != PRINTING_COLUMN and (column not in names or column == "name"):
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
        if figure.pile and figure.pile not in piles:
            problems.append(f"{where}: pile names no pile of the game ({figure.pile!r:.40})")
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

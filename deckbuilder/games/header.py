"""The deck header's line: the figures a game's description names, valued by the deck's check (Qt-free: the window
shows it, and the tests compare it with what the check counted)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckbuilder.deck import Deck
from deckbuilder.games.description import Game
from deckbuilder.games.engines import ENGINES
from deckbuilder.games.figures import figure_line, settings_line
from deckbuilder.games.piles import game_of
from deckbuilder.legality.results import Report

NOT_GIVEN: Any = object()  # header_text's game when the caller did not look it up


def header_text(
    deck: Deck,
    report: Report | None,
    not_found: Mapping[str, int] | None = None,
    game: Game | None = NOT_GIVEN,
    *,
    lang: str | None = None,
) -> str:
    """The header figures the deck's game's description names, valued by its check (its engine's figure_values).

    Before a check: the settings the player chose (`Renown level 20`). `not_found`: copies per pile that the check
    counts there by their file's zone but the view shows as unresolved. `game`: game_of(deck), when the caller has
    looked it up; `lang`: the reader's language, when the caller has it.
    """
    if game is NOT_GIVEN:
        game = game_of(deck)
    if game is None:
        return ""
    if report is None:
        return settings_line(game, dict(deck.settings) | {"renown_level": deck.renown_level}, lang)
    if report.game != game.name:
        return ""
    return figure_line(ENGINES[game.engine].figure_values(report, game), lang, not_found)

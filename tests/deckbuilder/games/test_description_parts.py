"""A game's charts are checked once the game is read: each names what the game has, in a shape its kind of chart takes."""

from __future__ import annotations

from typing import Any

import pytest

from deckbuilder.deck import Deck
from deckbuilder.games.cards import GameCard, GameCardPool
from deckbuilder.games.charts import deck_charts
from deckbuilder.games.description import GameError, game_from_data


def _game(*statistics: dict[str, Any]) -> Any:
    data = {
        "name": "tiny",
        "fields": [
            {"name": "name"},
            {"name": "type"},
            {"name": "cost", "kind": "number"},
            {"name": "faction"},
        ],
        "piles": [{"id": "deck", "label": "Deck", "types": ["Unit", "Spell"]}],
        "settings": [{"id": "budget", "label": "Budget", "default": 10}],
        "statistics": list(statistics),
    }
    return game_from_data(data, "test")


@pytest.mark.parametrize(
    ("statistic", "wanted"),
    [
        ({"label": "A", "field": "cost", "chart": "pie"}, "chart must be one of"),
        ({"label": "A", "field": "cost", "colour": "red"}, "unknown key"),
        ({"label": "A", "field": "colour"}, "names no card field"),
        ({"label": "A", "field": "cost", "pile": "hand"}, "names no pile"),
        ({"label": "A", "field": "faction", "chart": "histogram"}, "needs a number field"),
        ({"label": "A", "field": "cost", "chart": "cards", "of": "mana"}, "names no setting"),
        ({"label": "A", "field": "cost", "of": "budget"}, "for a cards chart"),
        ({"label": "A", "field": "cost", "chart": "histogram", "unknown": True}, "for a values chart"),
        ({"label": "A", "field": "type", "group": {"Units": "Unit*"}}, "group must be an object"),
        ({"label": "A", "field": "cost", "chart": "cards", "accent": {"field": "faction"}}, "accent must be"),
        ({"label": "A", "field": "cost", "chart": "cards", "accent": {"label": "B", "field": "x"}}, "accent"),
    ],
)
def test_a_chart_the_game_cannot_draw_is_refused_naming_it(statistic: dict[str, Any], wanted: str) -> None:
    with pytest.raises(GameError, match=wanted):
        _game(statistic)


def test_a_described_game_draws_histograms_cards_and_groups() -> None:
    game = _game(
        {"label": "Types", "field": "type", "unknown": True, "group": {"Everything": ["Uni*"]}},
        {"label": "Curve", "field": "cost", "pile": "deck", "chart": "histogram"},
        {
            "label": "Costliest",
            "field": "cost",
            "pile": "deck",
            "chart": "cards",
            "of": "budget",
            "accent": {"label": "Red", "field": "faction", "values": ["Red"]},
        },
    )
    cards = [
        GameCard("tiny", "Archer", "Unit", {"cost": 2, "faction": "Red"}),
        GameCard("tiny", "Bolt", "Spell", {"cost": None, "faction": "Blue"}),
        GameCard("tiny", "Knight", "Unit - Elite", {"cost": 3, "faction": "Blue"}),
    ]
    deck = Deck(game="tiny")
    for name, copies in (("Archer", 2), ("Bolt", 1), ("Knight", 1), ("Nobody", 2)):
        deck.add(name, copies)

    types, curve, costliest = deck_charts(game, deck, GameCardPool("tiny", cards))

    assert types.counts() == {"Everything": 3, "Unknown card": 2, "Spell": 1}
    assert [(b.label, b.value) for b in curve.bars] == [("0", 0), ("1", 0), ("2", 2), ("3", 1)]
    assert curve.missing == 1  # Bolt has no cost
    assert [(b.label, b.value, b.accent) for b in costliest.bars] == [
        ("Archer ×2", 4, True),
        ("Knight", 3, False),
        ("Bolt", 0, False),
    ]
    assert (costliest.total, costliest.accent_total) == (7, 4)

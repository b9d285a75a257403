"""A game's header figures and pile columns as its description gives them: valued by the check, written once."""

from __future__ import annotations

from typing import Any

import pytest

from deckbuilder.deck import Deck
from deckbuilder.games.cards import GameCard, GameCardPool
from deckbuilder.games.check import check, report_json
from deckbuilder.games.description import GameError, game_from_data
from deckbuilder.games.engines import ENGINES
from deckbuilder.games.figures import figure_line

HEADER = [
    {"label": "Deck", "pile": "deck", "at_least": "pile_count"},
    {"label": "Cost", "pile": "deck", "sum": "cost", "of": "command"},
    {
        "label": "Legendary",
        "pile": "deck",
        "where": {"field": "rarity", "values": ["Legendary"]},
        "at_most": "count_at_most",
    },
    {"label": "Faction", "pile": "deck", "shared": "faction"},
]


def _game(header: list[dict[str, Any]] = HEADER, **pile: Any) -> Any:
    data = {
        "name": "raiders",
        "fields": [
            {"name": "name"},
            {"name": "type"},
            {"name": "faction", "kind": "words"},
            {"name": "rarity", "kind": "words"},
            {"name": "cost", "kind": "number"},
            {"name": "command", "kind": "number"},
        ],
        "piles": [
            {"id": "leader", "types": ["Leader"]},
            {"id": "deck", "label": "Deck", "types": ["Unit"], **pile},
        ],
        "settings": [{"id": "command", "from_card": {"pile": "leader", "field": "command"}}],
        "header": header,
        "formats": [
            {
                "name": "standard",
                "rules": [
                    {"kind": "pile_count", "pile": "deck", "min": 4},
                    {
                        "kind": "count_at_most",
                        "pile": "deck",
                        "where": {"field": "rarity", "values": ["Legendary"]},
                        "max": 1,
                    },
                ],
            }
        ],
    }
    return game_from_data(data, "test")


def _card(name: str, kind: str = "Unit", **values: Any) -> GameCard:
    return GameCard("raiders", name, kind, values)


POOL = GameCardPool(
    "raiders",
    [
        _card("Vessa", "Leader", command=9),
        _card("Raider", faction=("Tide",), rarity=("Common",), cost=2),
        _card("Storm Caller", faction=("Tide",), rarity=("Legendary",), cost=5),
        _card("Drowned King", faction=("Tide",), rarity=("Legendary",), cost=6),
        _card("Ember Scout", faction=("Ash",), rarity=("Common",), cost=1),
    ],
)


def _deck(*names: tuple[int, str]) -> Deck:
    deck = Deck(game="raiders")
    for count, name in names:
        deck.add(name, count)
    return deck


def test_every_figure_shape_is_valued_from_the_check_and_written_in_order() -> None:
    game = _game()
    report = check(_deck((1, "Vessa"), (2, "Raider"), (1, "Storm Caller")), POOL, game)
    values = ENGINES[game.engine].figure_values(report, game)
    # 3 cards of at least 4; Cost 2·2 + 5 of the Leader's 9; one Legendary of at most 1; every card is Tide.
    assert figure_line(values) == "Deck 3 / 4+ · Cost 9 / 9 · Legendary 1 (max 1) · Tide"
    assert report_json(report, game)["figures"] == {
        "Deck": "3 / 4+",
        "Cost": "9 / 9",
        "Legendary": "1 (max 1)",
        "Faction": "Tide",
    }


def test_a_shared_figure_is_left_out_while_the_pile_shares_no_value() -> None:
    game = _game()
    report = check(_deck((1, "Vessa"), (2, "Raider"), (1, "Ember Scout")), POOL, game)
    line = figure_line(ENGINES[game.engine].figure_values(report, game))
    assert line == "Deck 3 / 4+ · Cost 5 / 9 · Legendary 0 (max 1)"


def test_a_figure_may_read_several_piles_together() -> None:
    # "Leader and deck": the cards of both piles counted (and a field summed) as one figure.
    header = [
        {"label": "Cards", "pile": ["leader", "deck"]},
        {"label": "Command", "pile": ["leader", "deck"], "sum": "command"},
        {"label": "Deck", "pile": ["deck"]},
    ]
    game = _game(header)
    report = check(_deck((1, "Vessa"), (2, "Raider"), (1, "Storm Caller")), POOL, game)
    assert figure_line(ENGINES[game.engine].figure_values(report, game)) == "Cards 4 · Command 9 · Deck 3"
    assert report_json(report, game)["figures"] == {"Cards": "4", "Command": "9", "Deck": "3"}


@pytest.mark.parametrize(
    ("figure", "wanted"),
    [
        ({"label": "X", "pile": "hand"}, "pile names no pile"),
        ({"label": "X", "pile": ["deck", "hand"]}, "pile names no pile"),
        ({"label": "X", "pile": ["deck", 3]}, "a list of them"),
        ({"label": "X", "sum": "faction"}, "sum names no number field"),
        ({"label": "X", "of": "budget"}, "of names no setting"),
        ({"label": "X", "at_most": "no_such_kind"}, "at_most names no rule kind"),
        (
            {"label": "X", "at_least": "rage:sept_minimum"},
            "at_least names no rule kind",
        ),  # Rage's engine only
        ({"label": "X", "where": {"field": "colour"}}, "where.field"),
        ({"label": "X", "shared": "colour"}, "shared names no card field"),
        ({"label": "X", "sum": "cost", "shared": "faction"}, '"sum" or "shared"'),
        ({"label": "X", "colour": "red"}, "unknown key"),
    ],
)
def test_a_bad_figure_names_what_is_wrong(figure: dict[str, Any], wanted: str) -> None:
    with pytest.raises(GameError, match=wanted):
        _game([figure])


def test_a_piles_columns_are_field_names_and_printing_only_where_cards_have_printings() -> None:
    assert _game(columns=["cost", "type"]).pile_columns("deck") == ("cost", "type")
    # No columns given: Type and the card list's columns.
    assert _game().pile_columns("deck") == ("type", "faction", "rarity", "cost", "command")
    with pytest.raises(GameError, match="no printings"):
        _game(columns=["printing", "type"])
    with pytest.raises(GameError, match="columns names no card field"):
        _game(columns=["colour"])
    with pytest.raises(GameError, match="sheet names no card field"):
        _game(sheet=["colour"])


def test_the_deck_view_shows_a_piles_described_columns(qtbot: Any) -> None:
    from deckbuilder.ui.deck_model import DeckSectionModel

    model = DeckSectionModel("deck", game=_game(columns=["cost", "faction", "type"]))
    assert model.columns == ("Qty", "Name", "Cost", "Faction", "Type")  # titled by the labels
    assert model.number_columns == {"Qty", "Cost"}

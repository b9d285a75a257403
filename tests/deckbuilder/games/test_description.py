"""The parts of a game description the card views and search read: columns, labels, search words, minimums."""

from __future__ import annotations

from typing import Any

import pytest

from deckbuilder.games.description import GameError, game_from_data
from deckbuilder.games.loader import load_game
from deckbuilder.games.search import search_shipped_cards


def _game(**extra: Any) -> Any:
    data = {
        "name": "tiny",
        "fields": [
            {"name": "name"},
            {"name": "type", "search": ["t"]},
            {"name": "cost", "kind": "number", "label": "Cost", "min": 0, "search": ["c"]},
            {"name": "flavour", "kind": "text"},
            {"name": "tags", "kind": "words"},
        ],
    }
    return game_from_data({**data, **extra}, "test")


def test_columns_default_to_name_type_and_every_number_and_words_field() -> None:
    assert _game().columns == ("name", "type", "cost", "tags")
    assert _game(columns=["name", "flavour"]).columns == ("name", "flavour")


@pytest.mark.parametrize(
    ("extra", "wanted"),
    [
        ({"columns": ["name", "colour"]}, "columns"),
        ({"columns": ["cost", "name"]}, 'start with "name"'),
        ({"fields": [{"name": "name"}, {"name": "cost", "kind": "text", "min": 0}]}, "min"),
        ({"fields": [{"name": "name", "search": ["x"]}, {"name": "x"}]}, "search word"),
        ({"fields": [{"name": "name", "colour": "red"}]}, "unknown key"),
    ],
)
def test_bad_columns_search_words_and_minimums_name_the_field(extra: dict[str, Any], wanted: str) -> None:
    with pytest.raises(GameError, match=wanted):
        _game(**extra)


def test_a_search_names_a_field_by_its_name_or_its_search_words() -> None:
    game = load_game("lithic-rage")
    by_word = {c.name for c in search_shipped_cards(game, "t:class")[0]}
    assert (
        by_word
        == {c.name for c in search_shipped_cards(game, "type:class")[0]}
        == {
            "Bone Shaman",
            "Spear Hunter",
            "Stone Warden",
        }
    )
    tiny = _game()
    assert tiny.search_field("c") == tiny.search_field("cost") == "cost"
    assert tiny.search_field("flavour") == "flavour" and tiny.search_field("nothing") is None


def test_labels_are_shown_in_the_readers_language_and_a_players_own_as_written() -> None:
    game = load_game("lithic-rage")
    assert game.shown_label("cost", "pt_BR") == "Custo"
    assert game.shown_label("cost", "en") == "Cost"
    assert _game(fields=[{"name": "name"}, {"name": "zing", "label": "Zing Factor"}]).shown_label(
        "zing", "pt_BR"
    ) == ("Zing Factor")


def test_a_card_goes_to_the_first_pile_that_takes_its_type_as_the_guide_says() -> None:
    game = _game(
        piles=[
            {"id": "beasts", "types": ["Spell - Beast"], "match": "whole"},
            {"id": "spells", "types": ["Spell"]},
            {"id": "gear", "types": ["Relic", "Weapon"], "match": "all"},
            {"id": "heroes", "types": ["Hero*"]},
        ]
    )
    assert game.pile_of("Spell  -  beast") == "beasts"  # the whole Type, case and spacing ignored
    assert (
        game.pile_of("Spell - Fire") == game.pile_of("Spell") == "spells"
    )  # "first": whole Type or first part
    assert game.pile_of("Relic - Weapon") == game.pile_of("Weapon") == "gear"  # "all": every part is listed
    assert game.pile_of("Relic - Crown") is None
    assert (
        game.pile_of("Heroine (Fire)") == "heroes"
    )  # a listed type ending in * takes every Type starting so
    assert game.pile_of("Beast") is None and game.pile_of("") is None

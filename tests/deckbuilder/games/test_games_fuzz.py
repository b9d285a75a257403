"""Hostile input: the card-data reader, the game description loader and the checker never raise on any input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckbuilder.deck import Deck
from deckbuilder.games.cards import GameCardPool, read_card_data
from deckbuilder.games.check import check_generic
from deckbuilder.games.description import GameError, game_from_data
from deckbuilder.games.loader import load_game

any_char = st.characters(blacklist_categories=())
hostile_text = st.text(
    alphabet=any_char | st.sampled_from(["\ud800", "\t", "\n", ",", '"', ";"]), max_size=200
)
csv_text = st.lists(
    st.one_of(
        hostile_text,
        st.sampled_from(
            ["Name,Type,Subtype,Cost", "Name", ",", '"', "\r\n", "Action", "3", "-2", "²", "--5", "Cost"]
        ),
    ),
    max_size=20,
).map("\n".join)
json_value = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 50)
    | hostile_text
    | st.sampled_from(["pile", "actions", "cost"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            hostile_text
            | st.sampled_from(
                list(
                    (
                        "name",
                        "kind",
                        "pile",
                        "field",
                        "max",
                        "min",
                        "bound",
                        "setting",
                        "by",
                        "counts",
                        "values",
                        "rules",
                        "piles",
                        "fields",
                        "formats",
                        "settings",
                        "types",
                        "id",
                        "from_card",
                    )
                )
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=30,
)


@given(csv_text)
def test_reading_any_card_data_never_raises_and_keeps_only_named_cards(text: str) -> None:
    game = load_game("lithic-rage")
    data = read_card_data(game, text)
    assert all(card.name.strip() for card in data.cards)
    assert len({card.norm_name for card in data.cards}) == len(data.cards)
    for card in data.cards:
        cost = card.number("cost")
        assert cost is None or (isinstance(cost, int) and cost >= 0)  # the description's minimum holds
    lines = text.count("\n") + text.count("\r") + 1
    assert all(0 <= issue.line <= lines for issue in data.issues)  # every issue names a line of the file


@given(json_value)
def test_any_game_description_is_a_game_or_a_game_error(data: Any) -> None:
    try:
        game = game_from_data(data, "fuzz")
    except GameError as exc:
        assert str(exc).startswith("fuzz")
        return
    for fmt in game.formats:  # a description that loads checks any deck without raising
        deck = Deck(game=game.name, format=fmt.name)
        deck.add("Anything", 2)
        report = check_generic(deck, GameCardPool(game.name, ()), game)
        assert report.game == game.name


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Flint-Born", "Spear Hunter", "Sling Stone", "Nope", "\ud800"]),
            st.integers(-3, 9),
        ),
        max_size=12,
    )
)
def test_checking_any_lithic_rage_deck_never_raises(entries: list[tuple[str, int]]) -> None:
    game = load_game("lithic-rage")
    from deckbuilder.games.cards import shipped_pool

    deck = Deck(game=game.name)
    for name, count in entries:
        deck.add(name, count)
    report = check_generic(deck, shipped_pool(game), game)
    assert "INTERNAL_ERROR" not in report.codes


def test_deeply_nested_game_file_is_refused_cleanly(tmp_path: Any) -> None:
    from deckbuilder.games.loader import load_game_dir

    (tmp_path / "game.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(GameError):
        load_game_dir(tmp_path)
    (tmp_path / "game.json").write_text(
        json.dumps({"name": "x", "formats": ["../../etc/passwd"]}), encoding="utf-8"
    )
    with pytest.raises(GameError, match="formats folder"):
        load_game_dir(tmp_path)


@pytest.mark.parametrize(
    "data",
    [
        {
            "name": "x",
            "piles": [{"id": "p"}],
            "fields": [{"name": "name"}],
            "settings": [{"id": "s", "from_card": {"pile": ["p"], "field": "name"}}],
        },
        {
            "name": "x",
            "piles": [{"id": "p"}],
            "fields": [{"name": "name"}],
            "settings": [{"id": "s", "from_card": {"pile": "p", "field": {"a": 1}}}],
        },
        {
            "name": "x",
            "formats": [
                {
                    "name": "f",
                    "rules": [{"kind": "sum_at_most", "field": "name", "bound": {"setting": ["s"]}}],
                }
            ],
        },
        {"name": "x", "formats": [{"name": "f", "rules": [{"kind": "pile_count", "pile": ["p"], "max": 1}]}]},
    ],
)
def test_unhashable_values_where_names_belong_are_game_errors(data: dict[str, Any]) -> None:
    with pytest.raises(GameError):
        game_from_data(data, "test")


def test_a_user_game_may_not_read_files_outside_its_folder(tmp_path: Any) -> None:
    from deckbuilder.games.cards import shipped_pool
    from deckbuilder.games.loader import load_game_dir

    outside = tmp_path / "secret.json"
    outside.write_text('{"name": "f", "rules": []}', encoding="utf-8")
    (tmp_path / "secret.csv").write_text("Name\nSecret Card\n", encoding="utf-8")
    game_dir = tmp_path / "game"
    (game_dir / "formats").mkdir(parents=True)
    (game_dir / "formats" / "f.json").symlink_to(outside)
    (game_dir / "game.json").write_text(json.dumps({"name": "g", "formats": ["f.json"]}), encoding="utf-8")
    with pytest.raises(GameError, match="leaves the game's folder"):
        load_game_dir(game_dir)
    (game_dir / "formats" / "f.json").unlink()
    (game_dir / "cards.csv").symlink_to(tmp_path / "secret.csv")
    (game_dir / "game.json").write_text(
        json.dumps({"name": "g", "fields": [{"name": "name"}], "cards": "cards.csv"}), encoding="utf-8"
    )
    assert shipped_pool(load_game_dir(game_dir)).cards() == []

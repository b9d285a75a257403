"""Fuzzing the loader: any bytes as a game description or format, any JSON as a format of any game, never a crash.

Only the documented errors come out (DataFileError from the JSON reader, GameError for a game, FormatError for a
format), each naming the file; a format that loads checks a deck without raising.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckbuilder.deck import Deck
from deckbuilder.games.cards import GameCardPool
from deckbuilder.games.check import check
from deckbuilder.games.datafiles import DataFileError, parse_json
from deckbuilder.games.description import GameError
from deckbuilder.games.loader import FormatError, format_of_data, load_game, load_game_dir
from tests.deckbuilder.legality.pool import legal_deck, make_pool

KEYS = [
    "name", "title", "description", "rules", "kind", "game", "codes", "min", "max", "multiple", "allow", "deny",
    "cards", "types", "limits", "sets", "banned_cards", "banned_types", "default_renown_level", "pile", "field",
    "sept_minimum", "combat_minimum", "bound", "setting", "source",
]  # fmt: skip
KINDS = ["rage:sept_minimum", "rage:set_not_in_format", "rage:banned_card", "rage:character_copies",
         "rage:demo_card", "unknown_card", "pile_count", "copies_at_most", "SEPT_MINIMUM", "NOPE"]  # fmt: skip
text = st.text(max_size=30) | st.sampled_from([*KEYS, *KINDS, "revised", "lithic-rage", "rage", "*", "x"])
json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**60) | st.floats(allow_nan=True) | text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=5),
    max_leaves=25,
)
format_data = st.fixed_dictionaries(
    {"name": st.sampled_from(["fz", "Bad Name", ""]) | text},
    optional={
        "game": st.sampled_from(["rage", "lithic-rage", "warrift", "nope"]) | json_value,
        "rules": st.lists(
            st.dictionaries(st.sampled_from(KEYS), json_value, max_size=4)
            | st.fixed_dictionaries(
                {"kind": st.sampled_from(KINDS)}, optional={k: json_value for k in KEYS[5:14]}
            )
            | st.sampled_from(KINDS),
            max_size=5,
        )
        | json_value,
        "limits": json_value,
        "sets": json_value,
        "banned_cards": json_value,
    },
)
raw_bytes = (
    st.binary(max_size=300)
    | json_value.map(lambda v: json.dumps(v).encode())
    | st.sampled_from(
        [b"[" * 5000, b'{"a": 1, "a": 2}', b"1" * 5000, b"\xff\xfe", b'{"name": "x", "formats": ["\\u0000"]}']
    )
)


@given(raw_bytes)
def test_any_bytes_parse_or_give_a_data_file_error(raw: bytes) -> None:
    try:
        parse_json(raw)
    except DataFileError as exc:
        assert str(exc)


@pytest.mark.slow
@given(format_data)
def test_any_format_data_is_a_format_or_a_format_error_and_a_format_checks_any_deck(
    data: dict[str, Any],
) -> None:
    try:
        fmt = format_of_data(data, "fuzz.json")
    except FormatError as exc:
        assert str(exc).startswith("fuzz.json")
        return
    game = load_game(fmt.game)
    if game.engine == "rage":
        report = check(legal_deck(), make_pool(), game, fmt)
    else:
        deck = Deck(game=game.name)
        deck.add("Anything", 2)
        report = check(deck, GameCardPool(game.name, ()), game, fmt)
    assert report.game == game.name and report.format == fmt.name
    assert "INTERNAL_ERROR" not in report.codes


@given(raw_bytes)
def test_any_bytes_as_game_json_give_a_game_or_a_game_error(tmp_path_factory: Any, raw: bytes) -> None:
    folder: Path = tmp_path_factory.mktemp("game")
    (folder / "game.json").write_bytes(raw)
    try:
        load_game_dir(folder)
    except GameError as exc:
        assert str(exc).startswith(str(folder))

"""Rage's Renown level is a setting of its game, kept in the deck's settings like any game's setting."""

from __future__ import annotations

import json
from pathlib import Path

from carddb.demo import demo_deck_path
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import deck_to_native, parse_deck_text
from deckbuilder.games.check import check
from deckbuilder.games.loader import load_game
from deckbuilder.games.rage.renown import RENOWN_LEVEL, default_renown_level, renown_level_of
from tests.deckbuilder.cli.helpers import demo_database, run


def _demo_native() -> dict[str, object]:
    data: dict[str, object] = json.loads(demo_deck_path().read_text(encoding="utf-8"))
    return data


def test_the_default_level_is_the_games_setting() -> None:
    game = load_game("rage")
    setting = next(s for s in game.settings if s.id == RENOWN_LEVEL)
    assert default_renown_level(game) == setting.default
    assert renown_level_of(Deck(), game) == setting.default
    assert Deck().settings == {}  # a deck that names no level keeps none


def test_an_old_native_file_with_the_renown_field_reads_as_the_setting() -> None:
    old = _demo_native() | {"renown_level": 15}
    loaded = parse_deck_text(json.dumps(old))
    assert loaded.deck.settings == {RENOWN_LEVEL: 15}
    assert dict(check(loaded.deck, None).settings)[RENOWN_LEVEL] == 15
    # Written back as earlier versions wrote it (a deck field), so they still read it.
    assert json.loads(deck_to_native(loaded.deck))["renown_level"] == 15
    # A level at the default is written too, and reads back as the default.
    default = parse_deck_text(json.dumps(_demo_native() | {"renown_level": 20})).deck
    assert default.settings == {} and json.loads(deck_to_native(default))["renown_level"] == 20


def test_a_bad_level_is_named_and_the_default_used() -> None:
    loaded = parse_deck_text(json.dumps(_demo_native() | {"renown_level": "high"}), source="d.json")
    assert loaded.deck.settings == {}
    assert any("'renown_level' must be a whole number from 0 to 1000" in str(p) for p in loaded.problems)


def test_another_game_has_no_renown(tmp_path: Path) -> None:
    lithic = "# game: lithic-rage\nClass:\n1\tBone Shaman\n"
    deck = parse_deck_text(lithic).deck
    assert "renown_level" not in json.loads(deck_to_native(deck))
    db = demo_database(tmp_path / "cards.sqlite")
    path = tmp_path / "lithic.txt"
    path.write_text(lithic, encoding="utf-8")
    code, out, _err = run("check", "--json", "--renown", "12", str(path), "--db", str(db))
    assert (
        code == 1 and json.loads(out)["decks"][0]["settings"].get(RENOWN_LEVEL) is None
    )  # one card: illegal


def test_the_renown_option_is_a_shorthand_for_the_setting(tmp_path: Path) -> None:
    db = demo_database(tmp_path / "cards.sqlite")
    _code, out, _err = run("check", "--json", "--renown", "12", str(demo_deck_path()), "--db", str(db))
    assert json.loads(out)["decks"][0]["settings"] == {RENOWN_LEVEL: 12}
    target = tmp_path / "out.json"
    code, _out, err = run(
        "export",
        str(demo_deck_path()),
        "--to",
        "native",
        "-o",
        str(target),
        "--renown",
        "12",
        "--db",
        str(db),
    )
    assert code == 0, err
    assert json.loads(target.read_text(encoding="utf-8"))["renown_level"] == 12
    assert parse_deck_text(target.read_text(encoding="utf-8")).deck.settings == {RENOWN_LEVEL: 12}


def test_renown_is_set_like_any_setting_on_the_command_line(tmp_path: Path) -> None:
    db = demo_database(tmp_path / "cards.sqlite")
    code, out, _err = run(
        "check", "--json", "--setting", "renown_level=14", str(demo_deck_path()), "--db", str(db)
    )
    assert json.loads(out)["decks"][0]["settings"] == {RENOWN_LEVEL: 14}
    code, _out, err = run("check", "--setting", "renown_level=high", str(demo_deck_path()), "--db", str(db))
    assert code == 2 and "--setting renown_level=high: give ID=N" in err

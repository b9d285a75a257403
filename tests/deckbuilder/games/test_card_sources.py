"""The card sources a game's description may name: JSON beside CSV and Lackey, through the one import entry."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from deckbuilder.games.cardimport import (
    GameCardImportError,
    import_game_card_file,
    import_own_cards,
    stores_own_cards,
)
from deckbuilder.games.cards import pool_for
from deckbuilder.games.cardsources import CARD_SOURCES
from deckbuilder.games.loader import load_game

CARDS = {
    "Sky Lancer": {"Type": "Unit", "Cost": 3, "Wing": ["Storm", "Gale"]},
    "Thunderclap": {"Type": "Spell", "Cost": "three", "Wing": "Storm"},
    "Broken": ["not", "an", "object"],
}


def _install(kind: str) -> None:
    folder = Path(os.environ["RAGEDECK_DATA_DIR"]) / "games" / "skyward"
    (folder / "formats").mkdir(parents=True, exist_ok=True)
    game = {
        "name": "skyward",
        "fields": [
            {"name": "name", "column": "Name"},
            {"name": "type", "column": "Type"},
            {"name": "cost", "kind": "number", "column": "Cost"},
            {"name": "wing", "kind": "words", "column": "Wing"},
        ],
        "card_data": {"format": kind},
        "piles": [{"id": "deck", "label": "Deck", "types": ["Unit", "Spell"]}],
        "formats": ["open.json"],
    }
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    (folder / "formats" / "open.json").write_text(
        json.dumps({"name": "open", "rules": [{"kind": "unknown_card"}]}), encoding="utf-8"
    )


def test_every_source_a_description_may_name_is_registered() -> None:
    assert set(CARD_SOURCES) == {"csv", "json", "lackey", "rage-lackey"}


def test_rages_lackey_source_is_named_by_its_description_and_imports_through_the_registry(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    from tests.carddb.test_importing import row, write_card_data

    rage = load_game("rage")
    assert rage.card_data["format"] == "rage-lackey" and stores_own_cards(rage)
    data = write_card_data(tmp_path / "carddata.txt", [row("Moon Bridge"), row("Moon Bridge", "Beta")])
    report = import_own_cards(tmp_db, rage, data)
    assert (report.cards_added, report.printings_added) == (1, 2)
    card = tmp_db.lookup("Moon Bridge")
    assert card is not None and {p.set_name for p in card.printings} == {"Alpha", "Beta"}
    with pytest.raises(GameCardImportError, match="own"):
        import_game_card_file(tmp_db, rage, data, "carddata.txt")  # Rage's cards are not stored by name


def test_a_json_card_file_imports_by_the_games_columns(tmp_db: CardDatabase, tmp_path: Path) -> None:
    _install("json")
    source = tmp_path / "skyward.json"
    source.write_text(json.dumps(CARDS, indent=2), encoding="utf-8")
    game = load_game("skyward")
    data = import_game_card_file(tmp_db, game, source, "skyward.json")
    assert sorted(c.name for c in data.cards) == ["Sky Lancer", "Thunderclap"]
    # Each problem names the line its card stands on: a Cost that is no number, an entry that is no object.
    lines = json.dumps(CARDS, indent=2).splitlines()
    assert {issue.line for issue in data.issues} == {
        next(i for i, text in enumerate(lines, 1) if '"Thunderclap"' in text),
        next(i for i, text in enumerate(lines, 1) if '"Broken"' in text),
    }
    lancer = pool_for(tmp_db, game)[0].lookup("sky lancer")
    assert lancer is not None and lancer.number("cost") == 3 and lancer.words("wing") == ("Storm", "Gale")


def test_a_broken_json_file_is_refused_naming_where_and_changes_nothing(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    _install("json")
    source = tmp_path / "skyward.json"
    source.write_text('{"Sky Lancer": {"Type": "Unit",}}', encoding="utf-8")
    before = tmp_db.path.read_bytes()
    with pytest.raises(GameCardImportError, match="line 1, column"):
        import_game_card_file(tmp_db, load_game("skyward"), source, "skyward.json")
    assert tmp_db.path.read_bytes() == before


def test_a_source_this_version_cannot_read_is_named(tmp_db: CardDatabase, tmp_path: Path) -> None:
    _install("xml")
    with pytest.raises(GameCardImportError, match="'xml'"):
        import_game_card_file(tmp_db, load_game("skyward"), tmp_path / "x.xml", "x.xml")


def test_a_database_that_cannot_take_the_shipped_cards_still_gives_them(
    tmp_db: CardDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    from deckbuilder.games.cards import GameCardPool

    def refused(*_args: object, **_kwargs: object) -> int:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(CardDatabase, "store_game_printings", refused)
    pool, shipped = pool_for(tmp_db, load_game("warrift"))
    assert isinstance(pool, GameCardPool) and shipped and pool.lookup("Apprentice Mage") is not None

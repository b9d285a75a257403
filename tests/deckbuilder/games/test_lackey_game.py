"""A second Lackey game as data: a game.json naming the Lackey source is enough for import, printings, search,
check, the window and proxies to work as they do for Rage."""

from __future__ import annotations

import json
from pathlib import Path

from carddb.db import CardDatabase
from deckbuilder.deckfiles import read_deck
from deckbuilder.export.proxies import ProxyOptions, write_proxies_pdf
from deckbuilder.games.cards import pool_for
from deckbuilder.games.loader import load_game
from tests.deckbuilder.cli.helpers import run
from tests.deckbuilder.export.helpers import image_xobjects
from tests.deckbuilder.games.lackey_game import GAME, ROWS, write_deck, write_plugin


def _import(plugin: Path, db: Path) -> dict[str, object]:
    code, out, err = run("import-cards", "--game", GAME, str(plugin), "--db", str(db), "--json")
    assert code == 0, err
    document: dict[str, object] = json.loads(out)
    return document


def test_a_lackey_plugin_of_another_game_imports_with_its_printings(tmp_path: Path, stonebound: Path) -> None:
    db_path = tmp_path / "db" / "cards.sqlite"
    report = _import(write_plugin(tmp_path / "plugin"), db_path)
    assert report["cards"] == 5  # Stone Wall once, with two printings
    # A Cost that is no number is reported by line, and the card kept without it.
    assert [issue["line"] for issue in report["issues"]] == [7]  # type: ignore[index]
    with CardDatabase(db_path) as db:
        pool, shipped = pool_for(db, load_game(GAME))
        assert not shipped
        wall = pool.lookup("stone wall")
        assert wall is not None and wall.game == GAME
        assert [p.set_name for p in wall.printings] == ["Beta", "Alpha"]  # newest first, in force
        assert wall.number("cost") == 2
        assert all(p.image_paths for p in wall.printings)  # each set's own image, copied in
        assert pool.lookup("Landslide").words("faction") == ("Earth", "Storm")
        assert db.lookup("Stone Wall") is None  # never a Rage card


def test_search_check_and_proxies_work_as_for_rage(tmp_path: Path, stonebound: Path) -> None:
    db = tmp_path / "db" / "cards.sqlite"
    _import(write_plugin(tmp_path / "plugin"), db)
    code, out, _err = run("search", "--game", GAME, "s:beta OR cost>=4", "--db", str(db), "--json")
    assert code == 0
    assert [c["name"] for c in json.loads(out)["cards"]] == ["Landslide", "Quartz Sentinel", "Stone Wall"]
    code, out, _err = run("search", "--game", GAME, '"one attack" f:earth', "--db", str(db), "--json")
    assert [c["name"] for c in json.loads(out)["cards"]] == ["Stone Wall"]
    deck_path = write_deck(tmp_path)
    code, out, err = run("check", str(deck_path), "--db", str(db))
    assert code == 0, out + err
    assert "LEGAL" in out
    deck = read_deck(deck_path).deck
    with CardDatabase(db) as opened:
        pdf = tmp_path / "proxies.pdf"
        proxies = write_proxies_pdf(deck, opened, pdf, ProxyOptions(duplex="none"))
    assert proxies.cards == 9
    assert proxies.images_embedded == 2  # the Warlord's and Stone Wall's (Beta's, in force), once each
    assert len(image_xobjects(pdf)) >= 2


def test_reimporting_one_card_data_file_retires_what_it_no_longer_has(
    tmp_path: Path, stonebound: Path
) -> None:
    db = tmp_path / "db" / "cards.sqlite"
    plugin = write_plugin(tmp_path / "plugin")
    _import(plugin, db)
    write_plugin(plugin, [row for row in ROWS if not row.startswith("Pebble Swarm")])
    _import(plugin / "sets" / "carddata.txt", db)  # the file alone, not the plugin folder
    with CardDatabase(db) as opened:
        pool = pool_for(opened, load_game(GAME))[0]
        pebble = pool.lookup("Pebble Swarm")
        assert pebble is not None and pebble.retired
        assert "Pebble Swarm" not in pool.names()
    code, out, _err = run("check", str(write_deck(tmp_path)), "--db", str(db))
    assert code == 1 and "Pebble Swarm" in out


def test_a_bad_plugin_is_refused_and_leaves_the_database_as_it_was(tmp_path: Path, stonebound: Path) -> None:
    db = tmp_path / "db" / "cards.sqlite"
    _import(write_plugin(tmp_path / "plugin"), db)
    before = db.read_bytes()
    empty = tmp_path / "empty-plugin"
    empty.mkdir()
    code, _out, err = run("import-cards", "--game", GAME, str(empty), "--db", str(db))
    assert code == 2 and "empty-plugin" in err and "no Stonebound card data" in err
    assert db.read_bytes() == before

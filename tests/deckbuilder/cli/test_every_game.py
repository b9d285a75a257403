"""Commands that answer for every game: formats, the empty-database note, export --section, odds, diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import read_deck
from tests.deckbuilder import sideboard_game
from tests.deckbuilder.cli.helpers import demo_database, run

LITHIC_DECK = """# game: lithic-rage
Ancestry:
1\tRiver Folk
Class:
1\tBone Shaman
Actions:
2\tObsidian Spear
1\tFire Dance
1\tAncestor's Whisper
"""


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_formats_lists_every_games_formats(relic_raiders: Path) -> None:
    code, out, _err = run("formats", "--json")
    assert code == 0
    found = {(f["game"], f["name"]) for f in json.loads(out)["formats"]}
    assert {("rage", "revised"), ("rage", "original-1995"), ("lithic-rage", "standard")} <= found
    assert {("warrift", "player"), ("relic-raiders", "standard")} <= found
    code, out, _err = run("formats")
    assert "Lithic Rage (lithic-rage):" in out and "Relic Raiders (relic-raiders):" in out
    code, out, _err = run("formats", "--game", "warrift", "--json")
    assert {f["game"] for f in json.loads(out)["formats"]} == {"warrift"}
    code, _out, err = run("formats", "--game", "chess")
    assert code == 2 and "Unknown game 'chess'" in err


def test_the_empty_database_note_names_the_game_that_has_no_cards(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite"
    CardDatabase(empty).close()
    lithic = _write(tmp_path / "lithic.txt", LITHIC_DECK)
    # Lithic Rage's shipped cards stand in: no note that the database is empty.
    code, _out, err = run("check", str(lithic), "--db", str(empty))
    assert code == 0, err
    assert "holds no" not in err and "empty" not in err
    # A Rage deck against the same database: the note names Rage.
    code, _out, err = run("check", str(demo_deck_path()), "--db", str(empty))
    assert "holds no Rage cards" in err
    # A game of the player's own that ships no cards: named, with its own import command.
    folder = sideboard_game.install()  # installed here: until now the game was not there
    (folder / "cards.csv").write_text("Name,Type\n", encoding="utf-8")
    deck = _write(tmp_path / "relic.txt", sideboard_game.LEGAL_DECK)
    code, _out, err = run("check", str(deck), str(lithic), "--db", str(empty))
    assert "holds no Relic Raiders cards" in err and "import-cards --game relic-raiders" in err
    assert "Lithic Rage cards" not in err


def test_export_section_takes_the_decks_piles(tmp_path: Path, relic_raiders: Path) -> None:
    db = demo_database(tmp_path / "cards.sqlite")
    deck = _write(tmp_path / "relic.txt", sideboard_game.LEGAL_DECK)
    out = tmp_path / "side.pdf"
    code, printed, err = run(
        "export", str(deck), "--to", "proxies", "-o", str(out), "--section", "sideboard", "--all-copies",
        "--db", str(db),
    )  # fmt: skip
    assert code == 0, err
    assert ": 2 cards on" in printed  # the two Ember Scouts of the sideboard, nothing else
    code, printed, err = run(
        "export", str(deck), "--to", "proxies", "-o", str(out), "--section", "Leader", "--all-copies",
        "--db", str(db),
    )  # fmt: skip
    assert code == 0 and ": 1 cards on" in printed, err
    code, _printed, err = run(
        "export", str(deck), "--to", "proxies", "-o", str(out), "--section", "sept", "--db", str(db)
    )
    assert code == 2 and "its piles: leader, deck, sideboard" in err
    # Rage's sections as before.
    code, printed, err = run(
        "export", str(demo_deck_path()), "--to", "proxies", "-o", str(out), "--section", "characters",
        "--all-copies", "--db", str(db),
    )  # fmt: skip
    assert code == 0, err
    rage = read_deck(demo_deck_path()).deck
    characters = sum(e.count for e in rage.entries if e.zone_hint and e.zone_hint.value == "characters")
    assert f": {characters} cards on" in printed or f": {2 * characters} cards on" in printed  # two-sided


@pytest.mark.parametrize("game_deck", ["lithic", "relic"])
def test_a_decks_cards_are_found_in_its_own_game(tmp_path: Path, game_deck: str, relic_raiders: Path) -> None:
    db = demo_database(tmp_path / "cards.sqlite")
    text = LITHIC_DECK if game_deck == "lithic" else sideboard_game.LEGAL_DECK
    deck = _write(tmp_path / "deck.txt", text)
    _code, out, err = run("check", "--json", str(deck), "--db", str(db))
    document = json.loads(out)["decks"][0]
    assert not [r for r in document["results"] if r["code"] == "UNKNOWN_CARD"], err

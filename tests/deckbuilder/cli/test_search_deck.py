"""`ragedeck search --deck FILE`: the deck and collection terms on the command line, for Rage and another game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from carddb.normalize import normalize_name
from deckbuilder.collection import Collection
from deckbuilder.deckfiles import read_deck
from tests.deckbuilder.cli.helpers import run


def _found(out: str) -> set[str]:
    return {card["name"] for card in json.loads(out)["cards"]}


def test_in_deck_lists_exactly_the_decks_cards(demo_db: Path) -> None:
    with CardDatabase(demo_db) as db:
        deck = read_deck(demo_deck_path(), pool=db).deck
        wanted = {db.lookup(e.name).name for e in (*deck.entries, *deck.starting)}  # type: ignore[union-attr]
        every = {card.name for card in db.all_cards()}
    deck_file = str(demo_deck_path())
    code, out, _err = run("search", "in:deck", "--deck", deck_file, "--db", str(demo_db), "--json")
    assert code == 0
    assert _found(out) == wanted
    # A query starting with "-" is a NOT, as everywhere else in `search`.
    code, out, _err = run("search", "-in:deck", "--deck", deck_file, "--db", str(demo_db), "--json")
    assert _found(out) == every - wanted


def test_owned_and_missing_follow_the_collection(demo_db: Path) -> None:
    with CardDatabase(demo_db) as db:
        Collection(db).set_counts([("Ashen Howler", None, 1), ("Bark Hide", None, 1)])
    deck_file = str(demo_deck_path())
    code, out, _err = run("search", "is:owned", "--db", str(demo_db), "--json")
    assert (code, _found(out)) == (0, {"Ashen Howler", "Bark Hide"})
    # The demo deck plays one Ashen Howler (owned) and three Bark Hide (one owned): Bark Hide is missing.
    code, out, _err = run("search", "is:missing t:gift", "--deck", deck_file, "--db", str(demo_db), "--json")
    assert "Bark Hide" in _found(out)
    code, out, _err = run(
        "search", "in:deck -is:missing", "--deck", deck_file, "--db", str(demo_db), "--json"
    )
    assert _found(out) == {"Ashen Howler"}


def test_a_deck_term_without_a_deck_is_a_clear_error(demo_db: Path) -> None:
    code, out, err = run("search", "t:gift in:deck", "--db", str(demo_db))
    assert code == 2
    assert out == ""
    assert "--deck FILE" in err
    code, _out, err = run("search", "in:deck", "--deck", "/nonexistent/deck.txt", "--db", str(demo_db))
    assert code == 2
    assert "deck.txt" in err


def test_another_games_search_takes_in_deck(demo_db: Path, tmp_path: Path) -> None:
    deck = tmp_path / "rift.txt"
    deck.write_text(
        "# game: warrift\nStarting deck:\n5 Apprentice Mage\n5 Recruit Warrior\n", encoding="utf-8"
    )
    code, out, _err = run(
        "search", "in:deck", "--game", "warrift", "--deck", str(deck), "--db", str(demo_db), "--json"
    )
    assert code == 0
    assert _found(out) == {"Apprentice Mage", "Recruit Warrior"}
    code, out, _err = run(
        "search",
        "-in:deck t:starter",
        "--game",
        "warrift",
        "--deck",
        str(deck),
        "--db",
        str(demo_db),
        "--json",
    )
    assert all(normalize_name(name) not in {"apprentice mage", "recruit warrior"} for name in _found(out))
    code, _out, err = run("search", "in:deck", "--game", "warrift", "--db", str(demo_db))
    assert code == 2 and "--deck FILE" in err


def test_portuguese_error_and_help(demo_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run("--lang", "pt_BR", "search", "in:deck", "--db", str(demo_db))
    assert code == 2
    assert "--deck ARQUIVO" in err and "precisam de um deck" in err
    assert run("--lang", "pt_BR", "search", "--help")[0] == 0
    assert "is:owned e own>=N leem a sua coleção" in " ".join(capsys.readouterr().out.split())


def test_another_game_has_the_whole_query_language_and_its_collection(demo_db: Path) -> None:
    # Words, OR, quoted phrases, parentheses and field terms by the game's own field names.
    code, out, _err = run(
        "search",
        '(class:werewolf OR "hollow king") -t:monster',
        "--game",
        "warrift",
        "--db",
        str(demo_db),
        "--json",
    )
    assert code == 0
    assert _found(out) == {"Moonpup Scout", "The Hollow King"}
    code, out, _err = run(
        "search", "magicka>=8 attack<9", "--game", "warrift", "--db", str(demo_db), "--json"
    )
    assert _found(out) == {"The First Judge", "Scales of Aurum", "Lady Ninefold Law", "Edict Eternal"}
    # The collection terms read the game's own collection, not Rage's.
    with CardDatabase(demo_db) as db:
        Collection(db, "warrift").set_counts([("Rift Rat", None, 2), ("Sellsword", None, 1)])
        Collection(db).set_counts([("Ashen Howler", None, 3)])
    code, out, _err = run("search", "is:owned", "--game", "warrift", "--db", str(demo_db), "--json")
    assert _found(out) == {"Rift Rat", "Sellsword"}
    code, out, _err = run("search", "own>=2", "--game", "warrift", "--db", str(demo_db), "--json")
    assert _found(out) == {"Rift Rat"}
    # A field another game does not have is a clear error pointing at it, as for Rage.
    code, _out, err = run("search", "renown>=3", "--game", "warrift", "--db", str(demo_db))
    assert code == 2 and 'unknown field "renown>="' in err and "^" in err


@pytest.mark.parametrize(
    "query", ["in:deck", "(in:deck)", "-(in:deck)", "((IN:DECK))", "-in:deck", "t:x (in:deck)"]
)
@pytest.mark.parametrize("game", [[], ["--game", "warrift"]])
def test_a_deck_term_without_a_deck_is_refused_however_written(
    demo_db: Path, query: str, game: list[str]
) -> None:
    code, out, err = run("search", query, *game, "--db", str(demo_db), "--json")
    assert (code, out) == (2, "")
    assert "in:deck and is:missing need a deck: give it with --deck FILE" in err


def test_a_grouped_deck_term_with_a_deck_reads_as_the_deck_term(demo_db: Path, tmp_path: Path) -> None:
    deck = tmp_path / "w.txt"
    deck.write_text("# game: warrift\nStarting deck:\n5 Apprentice Mage\n", encoding="utf-8")
    found = {}
    for query in ("in:deck", "(in:deck)", "-in:deck", "-(in:deck)"):
        code, out, _err = run(
            "search", query, "--game", "warrift", "--deck", str(deck), "--db", str(demo_db), "--json"
        )
        assert code == 0
        found[query] = _found(out)
    assert found["in:deck"] == found["(in:deck)"] == {"Apprentice Mage"}
    assert found["-in:deck"] == found["-(in:deck)"] and "Apprentice Mage" not in found["-(in:deck)"]
    assert len(found["-(in:deck)"]) == 44  # every other shipped WarRift card


def test_a_database_that_cannot_hold_a_games_cards_still_searches_them_with_the_same_answers(
    demo_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    from tests.deckbuilder.cli.helpers import demo_database

    queries = ('(class:werewolf OR "hollow king") -t:monster', "magicka>=8 attack<9", "s", "rift")
    writable = {q: run("search", q, "--game", "warrift", "--db", str(demo_db), "--json") for q in queries}
    locked = demo_database(tmp_path / "locked" / "cards.sqlite")
    opened = CardDatabase.raw_connection

    def read_only(self: CardDatabase) -> sqlite3.Connection:  # the player's file refuses every write
        if self.path == locked:
            return sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10, isolation_level=None)
        return opened(self)

    monkeypatch.setattr(CardDatabase, "raw_connection", read_only)
    for query, (code, out, err) in writable.items():
        assert code == 0 and json.loads(out)["cards"], (query, err)
        assert run("search", query, "--game", "warrift", "--db", str(locked), "--json") == (code, out, err), (
            query
        )
    code, out, _err = run("search", "s", "--game", "warrift", "--db", str(locked), "--limit", "2", "--json")
    assert code == 0 and json.loads(out)["total"] == json.loads(writable["s"][1])["total"] > 2
    with CardDatabase(locked) as db:
        assert db.game_names() == []  # it was searched in a scratch database: nothing was written here

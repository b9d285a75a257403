"""Issue 17: Rage takes the same path as every other game: its deck's game, its pool, its deck files' layout."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from carddb.db import CardDatabase
from deckbuilder.cli import main
from deckbuilder.deck import Deck, printed_in_sets
from deckbuilder.deckfiles import DECK_FILE_KINDS, read_deck, write_deck
from deckbuilder.games.cards import GameCardPool, pool_for
from deckbuilder.games.engines import Engine
from deckbuilder.games.loader import load_game
from deckbuilder.games.piles import game_of
from deckbuilder.games.rage.engine import RageEngine
from tests.databases import new_database


@pytest.fixture
def demo_db(tmp_path: Path) -> CardDatabase:
    db = CardDatabase(new_database(tmp_path / "cards.sqlite", demo=True))
    yield db
    db.close()


def _lithic_deck() -> Deck:
    deck = Deck(name="Shaman", game="lithic-rage")
    deck.add("River Folk", 1)
    deck.add("Bone Shaman", 1)
    deck.add("Obsidian Spear", 2)
    return deck


def _rage_deck() -> Deck:
    deck = Deck(name="Pack")
    deck.add("Low Feint", 2)
    deck.add("Rending Sweep", 1)
    return deck


def test_a_rage_deck_has_its_game_like_any_other() -> None:
    assert game_of(Deck()) == load_game("rage")
    assert game_of(_lithic_deck()) == load_game("lithic-rage")
    assert game_of(Deck(game="not-a-game")) is None


def test_the_pool_of_any_game_comes_from_one_call(demo_db: CardDatabase) -> None:
    rage, shipped = pool_for(demo_db, load_game("rage"))
    assert rage is demo_db and not shipped  # Rage's cards are the card database's own
    assert rage.lookup("Low Feint") is not None
    lithic, shipped = pool_for(demo_db, load_game("lithic-rage"))
    # One store: another game's shipped cards are imported into the same database, read as that game's pool.
    assert isinstance(lithic, CardDatabase) and lithic.path == demo_db.path and shipped
    bone = lithic.lookup("Bone Shaman")
    assert bone is not None and bone.game == "lithic-rage"
    assert demo_db.lookup("Bone Shaman") is None  # and never as a Rage card
    # With no database, the shipped set is read into memory.
    assert isinstance(pool_for(None, load_game("lithic-rage"))[0], GameCardPool)
    # Printings are the cards' own: Rage's are in named sets, Lithic Rage's card-data CSV has none.
    assert printed_in_sets(rage) and not printed_in_sets(lithic)
    assert not printed_in_sets(pool_for(None, load_game("lithic-rage"))[0])


def test_every_deck_file_kind_reads_and_writes_every_game_through_its_engines_layout(
    demo_db: CardDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[str, str]] = []

    def recording(original: Any) -> Any:
        def layout(self: Engine, game: Any, zone_labels: Any = None) -> Any:
            asked.append((self.name, game.name))
            return original(self, game, zone_labels)

        return layout

    monkeypatch.setattr(Engine, "layout", recording(Engine.layout))
    monkeypatch.setattr(RageEngine, "layout", recording(RageEngine.layout))
    for deck in (_rage_deck(), _lithic_deck()):
        pool = pool_for(demo_db, load_game(deck.game))[0]
        for kind in DECK_FILE_KINDS:
            asked.clear()
            path = tmp_path / f"{deck.game}{kind.suffixes[0]}"
            write_deck(deck, path, kind=kind.name, pool=pool)
            loaded = read_deck(path, pool=pool)
            engine = load_game(deck.game).engine
            # Written and read back by the deck's game's engine's layout, whatever the game.
            assert asked and set(asked) == {(engine, deck.game)}, (kind.name, asked)
            assert loaded.deck.game == deck.game
            assert sorted((e.name, e.count) for e in loaded.deck.entries) == sorted(
                (e.name, e.count) for e in deck.entries
            )


def test_diff_of_decks_whose_game_is_not_installed_is_a_clear_error(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        path.write_text(
            '{"format_version": 1, "game": "gone-game", "sections": {"characters": [{"name": "X"}]}}',
            encoding="utf-8",
        )
    out, err = io.StringIO(), io.StringIO()
    code = main(["diff", str(first), str(second), "--db", str(tmp_path / "cards.sqlite")], out=out, err=err)
    assert code == 2 and "gone-game" in err.getvalue()


LITHIC_TEXT = """# game: lithic-rage
Ancestry:
1\tRiver Folk
Class:
1\tBone Shaman
Actions:
2\tObsidian Spear
1\tFire Dance
1\tAncestor's Whisper
"""


def _native(path: Path, deck: Deck, fmt: str) -> Path:
    deck.format = fmt
    write_deck(deck, path, kind="native")
    return path


def test_check_treats_a_missing_format_the_same_way_for_every_game(
    demo_db: CardDatabase, tmp_path: Path
) -> None:
    lithic = read_deck(_write(tmp_path / "lithic.txt", LITHIC_TEXT)).deck
    files = [
        _native(tmp_path / "lithic.json", lithic, "league"),
        _native(tmp_path / "rage.json", _rage_deck(), "league"),
    ]
    out, err = io.StringIO(), io.StringIO()
    main(["check", "--json", *map(str, files), "--db", str(demo_db.path)], out=out, err=err)
    documents = json.loads(out.getvalue())["decks"]
    for document in documents:
        # Checked against its game's default format, the note among the file's problems, as Rage's always was.
        assert any("'league' is not installed" in p for p in document["problems"]), document
        assert "FORMAT_NOT_INSTALLED" not in {r["code"] for r in document["results"]}
    assert [d["format"] for d in documents] == ["standard", "revised"]


def test_the_organisers_report_judges_every_game_the_same_way(demo_db: CardDatabase, tmp_path: Path) -> None:
    from deckbuilder.games.loader import user_formats_dir
    from deckbuilder.report import check_files

    user_formats_dir().mkdir(parents=True, exist_ok=True)
    (user_formats_dir() / "open.json").write_text(
        json.dumps({"name": "open", "game": "lithic-rage", "rules": []}), encoding="utf-8"
    )
    lithic = _write(tmp_path / "lithic.txt", LITHIC_TEXT)
    gone = _write(tmp_path / "gone.json", '{"format_version": 1, "game": "gone-game", "sections": {}}')
    rows = check_files([lithic, gone], demo_db, "open")
    # The format asked for is used for the decks of a game that has it, Rage's or not.
    assert (rows[0].game, rows[0].format, rows[0].verdict) == ("lithic-rage", "open", "legal")
    # A deck of a game that is not installed is a row saying so, not a crash of the whole report.
    assert rows[1].verdict == "unreadable" and "gone-game" in rows[1].read_error


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_pile_that_takes_no_type_holds_the_starting_list_of_any_game(tmp_path: Path) -> None:
    from deckbuilder.games.loader import user_games_dir

    folder = user_games_dir() / "reserve-game"
    folder.mkdir(parents=True)
    game = {
        "name": "reserve-game",
        "title": "Reserve Game",
        "fields": [{"name": "name", "column": "Name"}, {"name": "type", "column": "Type"}],
        "piles": [
            {"id": "deck", "label": "Deck", "types": ["Card"]},
            {"id": "reserve", "label": "Reserve"},  # takes no Type: the cards the deck lists apart, as Rage's
        ],
        "formats": [{"name": "open", "rules": []}],
        "cards": "cards.csv",
    }
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    (folder / "cards.csv").write_text("Name,Type\nSpark,Card\nEmber,Card\n", encoding="utf-8")
    pool = pool_for(None, load_game("reserve-game"))[0]
    deck = Deck(game="reserve-game")
    deck.add("Spark", 3)
    deck.add("Ember", 1, starting=True)
    for kind in DECK_FILE_KINDS:
        path = tmp_path / f"reserve{kind.suffixes[0]}"
        write_deck(deck, path, kind=kind.name, pool=pool)
        loaded = read_deck(path, pool=pool).deck
        assert [(e.name, e.count) for e in loaded.starting] == [("Ember", 1)], kind.name
        assert [(e.name, e.count) for e in loaded.entries] == [("Spark", 3)], kind.name
        assert not loaded.unread, kind.name


class _JunkPool:
    """A pool answering every name with something that is no card: the check cannot build its context."""

    def lookup(self, name: str) -> object:
        return object()

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        return []


@pytest.mark.parametrize(
    ("game", "figures"),
    [
        ("rage", "Renown 0 / 17 · Rogue 0 (max 0) · Sept 0 / 30+ · Combat 0 / 20+"),
        ("lithic-rage", "Cost 0 / ? · Actions 0"),
    ],
)
def test_a_check_that_cannot_resolve_the_deck_still_reports_the_games_figures(
    game: str, figures: str
) -> None:
    from deckbuilder.games.check import check
    from deckbuilder.games.figures import figure_line

    deck = Deck(game=game, renown_level=17)
    deck.add("Anything", 2)
    report = check(deck, _JunkPool())
    assert [r.code for r in report.errors] == ["INTERNAL_ERROR"] and not report.is_legal
    # The same report shape as any check of the game: its figures and piles, nothing resolved.
    assert figure_line(report.figures, "en") == figures
    assert [pile for pile, _label, _count in report.piles] == [p.id for p in load_game(game).piles]
    assert report.resolved is None

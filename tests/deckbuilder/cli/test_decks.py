"""`ragedeck decks`: the library (or folders) listed with one JSON shape, `--uses`, and `search in:decks`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from carddb.demo import demo_deck_path
from carddb.paths import user_data_dir
from tests.deckbuilder.cli.helpers import run

KEYS = ["file", "name", "game", "format", "legal", "fingerprint", "cards", "tags", "missing", "built"]


@pytest.fixture
def library() -> Path:
    """The library's decks folder: the demo deck, a text list of two demo cards, and a file that is no deck."""
    folder = user_data_dir() / "decks"
    folder.mkdir(parents=True)
    shutil.copy(demo_deck_path(), folder / "demo.json")
    (folder / "pair.txt").write_text("2\tAshen Howler\n1\tBark Hide\n", encoding="utf-8")
    (folder / "zero.dek").write_bytes(b"\x00\x01\x02 not a deck")
    return folder


def test_json_lists_every_deck_in_the_issue_shape(demo_db: Path, library: Path) -> None:
    code, out, _err = run("decks", "--db", str(demo_db), "--json")
    assert code == 0
    decks = {Path(d["file"]).name: d for d in json.loads(out)["decks"]}
    assert list(decks["demo.json"]) == KEYS
    assert decks["demo.json"]["legal"] is True and decks["demo.json"]["cards"] == 55
    assert decks["pair.txt"]["legal"] is False and decks["pair.txt"]["tags"] == []
    assert set(decks["zero.dek"]) == {"file", "error"} and decks["zero.dek"]["error"]


def test_uses_keeps_the_decks_holding_the_card_with_their_copies(demo_db: Path, library: Path) -> None:
    code, out, _err = run("decks", "--db", str(demo_db), "--json", "--uses", "ashen howler")
    assert code == 0
    found = {Path(d["file"]).name: d["uses"] for d in json.loads(out)["decks"]}
    assert found == {"demo.json": 1, "pair.txt": 2}
    code, out, _err = run("decks", "--db", str(demo_db), "--json", "--uses", "No Such Card")
    assert (code, json.loads(out)) == (0, {"decks": []})


def test_folders_given_are_listed_instead(demo_db: Path, library: Path, tmp_path: Path) -> None:
    (tmp_path / "event").mkdir()
    shutil.copy(demo_deck_path(), tmp_path / "event" / "a.json")
    code, out, _err = run("decks", str(tmp_path / "event"), "--db", str(demo_db), "--json")
    assert code == 0 and [Path(d["file"]).name for d in json.loads(out)["decks"]] == ["a.json"]
    code, _out, err = run("decks", str(tmp_path / "nowhere"), "--db", str(demo_db))
    assert code == 2 and "not a folder" in err


def test_text_lists_each_deck_with_its_verdict_in_the_players_language(demo_db: Path, library: Path) -> None:
    code, out, _err = run("--lang", "pt_BR", "decks", "--db", str(demo_db))
    assert code == 0
    assert "LEGAL Demo Gaia pack (rage, revised · 55 cartas" in out
    assert "zero.dek: não foi possível ler" in out
    assert out.rstrip().endswith("3 decks: 1 legal, 1 não legal, 0 não verificado, 1 ilegível")


def test_search_in_decks_finds_the_library_cards(demo_db: Path, library: Path) -> None:
    shutil.rmtree(library)
    library.mkdir()
    (library / "pair.txt").write_text("2\tAshen Howler\n1\tBark Hide\n", encoding="utf-8")
    code, out, _err = run("search", "in:decks", "--db", str(demo_db), "--json")
    assert code == 0
    assert sorted(card["name"] for card in json.loads(out)["cards"]) == ["Ashen Howler", "Bark Hide"]


def test_a_deck_of_a_game_not_installed_is_listed_unjudged_with_why(demo_db: Path, library: Path) -> None:
    document = json.loads(demo_deck_path().read_text(encoding="utf-8"))
    document["game"] = "nosuchgame"
    (library / "other.json").write_text(json.dumps(document), encoding="utf-8")
    code, out, _err = run("decks", "--db", str(demo_db), "--json")
    listed = {Path(d["file"]).name: d for d in json.loads(out)["decks"]}
    assert (
        code == 0 and listed["other.json"]["legal"] is None and listed["other.json"]["game"] == "nosuchgame"
    )
    code, out, _err = run("decks", "--db", str(demo_db))
    assert "NOT CHECKED Demo Gaia pack (nosuchgame" in out and "nosuchgame" in out.split("NOT CHECKED", 1)[1]

"""`ragedeck diff A B`: the same cards in another file kind are equal; a change is shown per pile; exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import read_deck, write_deck
from tests.deckbuilder.cli.helpers import run

LITHIC = (
    "# game: lithic-rage\nAncestry:\n1\tRiver Folk\nClass:\n1\tBone Shaman\nActions:\n2\tObsidian Spear\n"
)


def _demo_copies(db_path: Path, folder: Path) -> tuple[Path, Path]:
    """The demo deck as a .dek, and as text with one card fewer and one card more of its sept pile."""
    with CardDatabase(db_path) as db:
        deck = read_deck(demo_deck_path(), pool=db).deck
        write_deck(deck, folder / "same.dek", pool=db)
        sept = next(e for e in deck.entries if db.lookup(e.name) is not None and e.count > 1)
        deck.set_count(sept.name, sept.set_name, sept.count - 1)
        write_deck(deck, folder / "changed.txt", pool=db)
        return folder / "same.dek", folder / "changed.txt"


def test_equal_decks_in_two_file_kinds_exit_0(demo_db: Path, tmp_path: Path) -> None:
    same, _changed = _demo_copies(demo_db, tmp_path)
    code, out, _err = run("diff", str(demo_deck_path()), str(same), "--db", str(demo_db))
    assert code == 0
    assert "The decks hold the same cards." in out
    assert out.count("LEGAL") == 2


def test_a_changed_count_exits_1_and_names_the_card_in_its_pile(demo_db: Path, tmp_path: Path) -> None:
    same, changed = _demo_copies(demo_db, tmp_path)
    code, out, _err = run("diff", str(same), str(changed), "--db", str(demo_db))
    assert code == 1
    lines = [line for line in out.splitlines() if line.startswith("  ~ ")]
    assert len(lines) == 1
    code, text, _err = run("diff", str(same), str(changed), "--db", str(demo_db), "--json")
    assert code == 1
    data = json.loads(text)
    assert data["equal"] is False and data["game"] == "rage"
    changes = [c for p in data["piles"] for c in p["changes"]]
    assert len(changes) == 1 and changes[0]["status"] == "changed"
    assert changes[0]["before"] - changes[0]["after"] == 1
    assert changes[0]["card"] in lines[0]


def test_unreadable_file_or_two_games_exit_2(demo_db: Path, tmp_path: Path) -> None:
    (tmp_path / "lithic.txt").write_text(LITHIC, encoding="utf-8")
    code, _out, err = run("diff", str(demo_deck_path()), str(tmp_path / "missing.dek"), "--db", str(demo_db))
    assert code == 2 and "missing.dek" in err
    code, _out, err = run("diff", str(demo_deck_path()), str(tmp_path / "lithic.txt"), "--db", str(demo_db))
    assert code == 2 and "different games" in err


def test_another_games_decks_are_compared_by_its_piles(demo_db: Path, tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(LITHIC, encoding="utf-8")
    (tmp_path / "b.txt").write_text(
        LITHIC.replace("2\tObsidian Spear", "3\tObsidian Spear"), encoding="utf-8"
    )
    code, out, _err = run("diff", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "--db", str(demo_db))
    assert code == 1
    assert "~ Obsidian Spear  2 → 3" in out

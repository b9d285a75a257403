"""`ragedeck check --fix-hints` on the real pool: an illegal tournament deck gets changes that make it legal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from deckbuilder.deckfiles import read_deck
from deckbuilder.fixhints import Change, apply_changes
from deckbuilder.legality import check_deck
from tests.conftest import REAL_DECKS
from tests.deckbuilder.cli.helpers import run

pytestmark = pytest.mark.realpool


def _over_level_deck(tmp_path: Path) -> Path:
    text = (REAL_DECKS / "gaia-example.txt").read_text(encoding="utf-8")
    path = tmp_path / "alice.txt"
    path.write_text(text.replace("1\tIvan Korda", "1\tIvan Korda\n2\tHoward Koar"), encoding="utf-8")
    return path


def test_fix_hints_are_printed_under_each_error(real_db: Path, tmp_path: Path) -> None:
    deck = _over_level_deck(tmp_path)
    code, out, _ = run("check", str(deck), "--db", str(real_db), "--fix-hints")
    assert code == 1
    assert "CHARACTER_COPIES" in out
    assert "fix      CHARACTER_COPIES: Trim 'Howard Koar' from 3 to 1 copy" in out


def test_json_hints_applied_to_the_deck_make_it_legal(real_db: Path, tmp_path: Path) -> None:
    deck_path = _over_level_deck(tmp_path)
    code, out, _ = run("check", str(deck_path), "--db", str(real_db), "--fix-hints", "--json")
    assert code == 1
    hints = json.loads(out)["decks"][0]["fix_hints"]
    by_code = {error["code"]: error["hints"] for error in hints}
    assert set(by_code) == {"RENOWN_OVER_LEVEL", "CHARACTER_COPIES"}
    with CardDatabase(real_db) as db:
        for code, offered in by_code.items():
            assert offered, code
            for hint in offered:
                deck = read_deck(deck_path, pool=db).deck
                changes = [Change(c["name"], c["count"], c["set"], c["starting"]) for c in hint["changes"]]
                apply_changes(deck, changes)
                codes = [e.code for e in check_deck(deck, db, "revised", 20).errors]
                assert code not in codes, hint["message"]
        # Trimming the extra copies clears both errors at once.
        deck = read_deck(deck_path, pool=db).deck
        trim = by_code["CHARACTER_COPIES"][0]
        apply_changes(deck, [Change(c["name"], c["count"], c["set"], c["starting"]) for c in trim["changes"]])
        assert check_deck(deck, db, "revised", 20).is_legal


def test_a_legal_deck_prints_no_hints(real_db: Path) -> None:
    code, out, _ = run("check", str(REAL_DECKS / "gaia-example.txt"), "--db", str(real_db), "--fix-hints")
    assert code == 0
    assert "fix " not in out

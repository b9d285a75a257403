"""The `ragedeck` command line, run in-process and as `python -m deckbuilder` like a user would."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.importing import demo_deck_path, ensure_demo_cards
from deckbuilder.cli import main
from tests.conftest import REAL_DECKS, REAL_PLUGIN


def run(*args: str) -> tuple[int, str, str]:
    """Run the CLI in-process; return exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def demo_db(tmp_path: Path) -> Path:
    """A database holding only the bundled demo set."""
    path = tmp_path / "demo" / "cards.sqlite"
    with CardDatabase(path) as db:
        assert ensure_demo_cards(db)
    return path


@pytest.fixture
def real_db(shared_dir: Path, tmp_path: Path) -> Path:
    """A database with the real pool imported through the CLI."""
    path = tmp_path / "real" / "cards.sqlite"
    code, _out, err = run("import-cards", str(REAL_PLUGIN), "--db", str(path))
    assert code == 0, err
    return path


def test_demo_deck_is_legal(demo_db: Path) -> None:
    code, out, _ = run("check", str(demo_deck_path()), "--db", str(demo_db))
    assert code == 0
    assert "LEGAL" in out


def test_json_output_has_the_documented_shape(demo_db: Path) -> None:
    code, out, _ = run("check", str(demo_deck_path()), "--db", str(demo_db), "--json")
    assert code == 0
    document = json.loads(out)
    (deck,) = document["decks"]
    assert deck["legal"] is True
    assert deck["format"] == "revised"
    assert deck["renown_level"] == 20
    assert set(deck["totals"]) == {"characters", "sept", "combat", "renown", "rogue_renown"}
    assert deck["totals"]["combat"] >= 20 and deck["totals"]["sept"] >= 30
    for result in deck["results"]:
        assert set(result) == {"code", "severity", "message", "cards"}


def test_renown_override_makes_the_demo_deck_illegal(demo_db: Path) -> None:
    code, out, _ = run("check", str(demo_deck_path()), "--db", str(demo_db), "--renown", "5", "--json")
    assert code == 1
    deck = json.loads(out)["decks"][0]
    assert deck["renown_level"] == 5
    assert "RENOWN_OVER_LEVEL" in [r["code"] for r in deck["results"]]


def test_unreadable_file_exits_2_and_says_why(demo_db: Path, tmp_path: Path) -> None:
    missing = tmp_path / "nope.dek"
    code, _, err = run("check", str(missing), "--db", str(demo_db))
    assert code == 2
    assert "nope.dek" in err and "cannot read" in err


def test_unreadable_file_wins_over_illegal(demo_db: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.dek"
    bad.write_text("<deck><superzone name='Sept'><card><name>", encoding="utf-8")
    illegal = tmp_path / "small.txt"
    illegal.write_text("1\tNo Such Card\n", encoding="utf-8")
    code, out, _ = run("check", str(illegal), str(bad), "--db", str(demo_db), "--json")
    assert code == 2
    decks = json.loads(out)["decks"]
    assert decks[0]["legal"] is False and "UNKNOWN_CARD" in [r["code"] for r in decks[0]["results"]]
    assert "error" in decks[1]


def test_unknown_format_is_a_clear_error(demo_db: Path) -> None:
    code, _, err = run("check", str(demo_deck_path()), "--db", str(demo_db), "--format", "no-such-format")
    assert code == 2
    assert "no-such-format" in err


def test_formats_lists_the_shipped_formats() -> None:
    code, out, _ = run("formats", "--json")
    assert code == 0
    names = {f["name"] for f in json.loads(out)["formats"]}
    assert {"revised", "revised-tournament", "original-1995"} <= names


def test_search_reports_bad_syntax_with_a_pointer(demo_db: Path) -> None:
    code, _, err = run("search", "renown>=", "--db", str(demo_db))
    assert code == 2
    assert "^" in err


def test_search_json_finds_demo_characters(demo_db: Path) -> None:
    code, out, _ = run("search", "t:character", "--db", str(demo_db), "--json")
    assert code == 0
    document = json.loads(out)
    assert document["count"] == len(document["cards"]) > 0
    assert all(card["type"].lower().startswith("character") for card in document["cards"])


def test_export_dek_then_check_gives_the_same_verdict(demo_db: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "demo.dek"
    code, _, err = run(
        "export", str(demo_deck_path()), "--to", "dek", "-o", str(out_file), "--db", str(demo_db)
    )
    assert code == 0, err
    assert out_file.read_text(encoding="utf-8").lstrip().startswith("<")
    code, out, _ = run("check", str(out_file), "--db", str(demo_db), "--json")
    assert code == 0
    before = json.loads(run("check", str(demo_deck_path()), "--db", str(demo_db), "--json")[1])["decks"][0]
    after = json.loads(out)["decks"][0]
    assert after["totals"] == before["totals"]


def test_import_cards_missing_path_exits_2(tmp_path: Path) -> None:
    code, _, err = run("import-cards", str(tmp_path / "missing"), "--db", str(tmp_path / "c.sqlite"))
    assert code == 2
    assert "does not exist" in err


def test_real_example_decks_are_legal(real_db: Path) -> None:
    decks = [str(REAL_DECKS / "wyrm-example.dek"), str(REAL_DECKS / "gaia-example.txt")]
    code, out, _ = run("check", *decks, "--db", str(real_db), "--json")
    document = json.loads(out)
    assert [d["legal"] for d in document["decks"]] == [True, True], document
    assert code == 0
    wyrm, gaia = document["decks"]
    assert wyrm["totals"]["characters"] == 6
    assert gaia["totals"]["combat"] == 20 and gaia["totals"]["sept"] == 30


def test_python_dash_m_deckbuilder_is_ragedeck(demo_db: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "deckbuilder", "check", str(demo_deck_path()), "--db", str(demo_db), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["decks"][0]["legal"] is True

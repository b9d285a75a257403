"""`ragedeck check` of a Rage deck starts without what it never uses (each costs every start 1–2 ms)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from carddb.db import CardDatabase

ROOT = Path(__file__).resolve().parents[3]
NOT_NEEDED = (
    "deckbuilder.report",  # the organiser's report (only --report writes one)
    "deckbuilder.games.cards",  # other games' card pools (Rage's cards are the card database)
    # (deckbuilder.games.kinds is used: Rage's minimums, copy limits and unknown cards are generic kinds in its words)
    "deckbuilder.fingerprint",  # only --fingerprint prints one
    "hashlib",  # OpenSSL: nothing of a check hashes
    "PySide6",
    "babel",
    # argparse's help formatter sizes itself with shutil (which imports bz2 and lzma) on every add_argument: the
    # CLI's formatter asks the terminal itself, so only what a command runs is imported
    "shutil",
    "bz2",
    "lzma",
    "sqlalchemy",  # the schema's declarations: reading cards needs only sqlite3
    "sqlmodel",
    # a dataclass or named tuple generates its methods with exec() on import, and dataclasses imports inspect (ast,
    # dis, tokenize): the check's value classes are carddb.record's
    "dataclasses",
    "inspect",
)
_CODE = """
import io, json, sys
from deckbuilder.cli import main
code = main(["check", sys.argv[1], "--db", sys.argv[2]], out=io.StringIO(), err=io.StringIO())
print(json.dumps({"code": code, "loaded": [m for m in json.loads(sys.argv[3]) if m in sys.modules]}))
"""


def test_a_rage_check_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    db_path = tmp_path / "cards.sqlite"
    CardDatabase(db_path).close()  # created here: creating a database is not what is measured
    deck = tmp_path / "deck.txt"
    deck.write_text("Characters:\n1\tSomeone Unknown\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _CODE, str(deck), str(db_path), json.dumps(NOT_NEEDED)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["code"] == 1  # the deck was checked (and is illegal: its card is unknown)
    assert found["loaded"] == []


def test_ragedeck_check_leaves_its_output_and_report_whole(tmp_path: Path) -> None:
    # The console entry skips the interpreter's teardown: what it wrote must still all be there.
    db_path = tmp_path / "cards.sqlite"
    CardDatabase(db_path).close()
    deck = tmp_path / "deck.txt"
    deck.write_text("Characters:\n1\tSomeone Unknown\n", encoding="utf-8")
    report = tmp_path / "report.csv"
    done = subprocess.run(
        [sys.executable, "-m", "deckbuilder", "check", str(deck), "--db", str(db_path), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 1, done.stderr  # checked: its one card is unknown
    assert json.loads(done.stdout)["decks"][0]["legal"] is False
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "deckbuilder",
            "check",
            str(deck),
            "--db",
            str(db_path),
            "--report",
            str(report),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "Someone Unknown" in report.read_text(encoding="utf-8")
    assert not (tmp_path / "cards.sqlite-wal").exists()  # the database was closed, not left to the OS

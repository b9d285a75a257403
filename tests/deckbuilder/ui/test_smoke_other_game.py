"""`ragedeck --smoke-test` opens another game's deck too, reporting that game's piles."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_smoke_test_of_another_games_deck_reports_its_piles(tmp_path: Path) -> None:
    deck = tmp_path / "lithic.txt"
    deck.write_text("# game: lithic-rage\n1 Some Ancestry\n2 Some Action\n", encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "deckbuilder", "--smoke-test", str(deck), "--db", str(tmp_path / "db.sqlite"),
         "--smoke-window-only"],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    line = json.loads(proc.stdout.splitlines()[-1])
    assert "characters" not in line["sections"] and sum(line["sections"].values()) == 3

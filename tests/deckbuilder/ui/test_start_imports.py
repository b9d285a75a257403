"""The window starts without the modules of windows and panels it opens later (history, compare, fix hints,
the deck fingerprint)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LATER = (
    "deckbuilder.fixhints",
    "deckbuilder.history",
    "deckbuilder.deckdiff",
    "deckbuilder.ui.compare_view",
    "deckbuilder.fingerprint",  # with hashlib: only when the deck header's tooltip is wanted
    "deckbuilder.odds",  # only when the Draw odds tab is first shown
)
_CODE = """
import json, sys
import deckbuilder.ui.main_window
print(json.dumps([m for m in json.loads(sys.argv[1]) if m in sys.modules]))
"""


def test_the_window_module_loads_no_dialog_or_planner_it_opens_later() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _CODE, json.dumps(LATER)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []

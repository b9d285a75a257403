"""Start-up pays only for what it shows: opening the window with a deck loads no export, chart or import code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Loaded only when the player exports, opens the statistics tab, imports card data, looks for a Lackey plugin,
# edits the collection or asks for the keyboard shortcuts.
NOT_AT_START = (
    "deckbuilder.ui.collection_dialog",
    "deckbuilder.ui.shortcuts_dialog",
    "reportlab",
    "pypdfium2",
    "PIL",
    "deckbuilder.export.decklist",
    "deckbuilder.export.proxies",
    "deckbuilder.export.preview",
    "deckbuilder.ui.export_dialog",
    "deckbuilder.ui.import_dialog",
    "deckbuilder.ui.stats",
    "deckbuilder.games.charts",
    "carddb.importing",
    "carddb.lackey_locate",
)

SCRIPT = """
import json, sys
from pathlib import Path
from deckbuilder.ui import app
code = app.smoke_test(Path(sys.argv[1]), Path(sys.argv[2]), export_preview=False)
prefixes = json.loads(sys.argv[3])
loaded = sorted(m for m in sys.modules if any(m == p or m.startswith(p + ".") for p in prefixes))
print(json.dumps({"code": code, "loaded": loaded}))
"""


def test_showing_the_window_with_a_deck_loads_no_export_chart_or_import_code(tmp_path: Path) -> None:
    from carddb.db import CardDatabase
    from carddb.demo import demo_deck_path, ensure_demo_cards

    db_path = tmp_path / "cards.sqlite"
    with CardDatabase(db_path) as db:
        ensure_demo_cards(
            db
        )  # a start on a database that already holds cards, as every start after the first
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(demo_deck_path()), str(db_path), json.dumps(NOT_AT_START)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["code"] == 0
    assert result["loaded"] == []

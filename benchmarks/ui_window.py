"""Window figures for issue 11: edit -> legality panel vs check_deck, and cold start vs a bare QMainWindow process.

Usage: python benchmarks/ui_window.py DB DECK  (a card database and a deck file; runs each figure in a child).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = str(ROOT)
    return env


def child_edit(db_path: str, deck_path: str) -> dict[str, float]:
    """Median ms of one add or remove through the undo stack until the panels show it, and check_deck alone."""
    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    from carddb.cardtypes import Section
    from carddb.db import CardDatabase
    from deckbuilder.legality import check_deck
    from deckbuilder.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(["bench"])
    db = CardDatabase(Path(db_path))
    window = MainWindow(db, interactive=False)
    window.show()
    assert window.open_deck(Path(deck_path), ask_first=False)
    app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
    sept = [e.name for e in window.deck.entries if (c := db.lookup(e.name)) and c.section == Section.SEPT]
    target = sept[0] if sept else window.deck.entries[0].name
    edits: list[float] = []
    for _ in range(30):
        for action in (window.add_card, window.remove_card):
            start = time.perf_counter()
            action(target)
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
            edits.append((time.perf_counter() - start) * 1000)
    checks: list[float] = []
    for _ in range(60):
        start = time.perf_counter()
        check_deck(window.deck, db)
        checks.append((time.perf_counter() - start) * 1000)
    window.close()
    db.close()
    edit, check = statistics.median(edits), statistics.median(checks)
    return {"edit_ms": edit, "check_deck_ms": check, "ratio": edit / check}


BARE = (
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "app = QApplication(['bare']); w = QMainWindow(); w.resize(1280, 720); w.show(); app.processEvents()\n"
    "print('{}')\n"
)


def _wall(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        command, capture_output=True, text=True, env=_env(), cwd=ROOT, check=False, timeout=300
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{command} failed: {done.stderr[-800:]}")
    return wall * 1000


def cold_start(db_path: str, deck_path: str, runs: int = 5) -> dict[str, float]:
    """Median wall ms of a whole `--smoke-test --smoke-window-only` process and of a bare QMainWindow process."""
    smoke = [
        sys.executable,
        "-m",
        "deckbuilder",
        "--smoke-test",
        deck_path,
        "--smoke-window-only",
        "--db",
        db_path,
    ]
    bare = [sys.executable, "-c", BARE]
    walls_app, walls_bare = [], []
    for _ in range(runs):  # interleaved, so machine load hits both alike
        walls_bare.append(_wall(bare))
        walls_app.append(_wall(smoke))
    app, base = statistics.median(walls_app), statistics.median(walls_bare)
    return {"window_process_ms": app, "bare_qmainwindow_ms": base, "ratio": app / base}


def main() -> None:
    """Print both figures as JSON lines."""
    if len(sys.argv) == 4 and sys.argv[1] == "--child-edit":
        print(json.dumps(child_edit(sys.argv[2], sys.argv[3])))
        return
    db_path, deck_path = sys.argv[1], sys.argv[2]
    done = subprocess.run(
        [sys.executable, __file__, "--child-edit", db_path, deck_path],
        capture_output=True, text=True, env=_env(), cwd=ROOT, check=False, timeout=600,
    )  # fmt: skip
    print("edit -> panels:", done.stdout.strip() or done.stderr[-800:])
    print("cold start:", json.dumps(cold_start(db_path, deck_path)))


if __name__ == "__main__":
    main()

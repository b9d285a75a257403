"""Window figures for issue 11: edit -> legality panel vs check_deck, and cold start vs a bare QMainWindow process.

Usage: python benchmarks/ui_window.py DB DECK [CODE_ROOT]  (a card database, a deck file, and optionally another
checkout to time instead of this one, e.g. an older commit unpacked with `git archive`).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _env(root: Path = ROOT) -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = str(root)
    # An installed app has its bytecode compiled: measure that, not compiling every module on each start.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "ragedeck-bench-pyc" / root.name)
    return env


def child_edit(db_path: str, deck_path: str) -> dict[str, float]:
    """Median ms of one add or remove through the undo stack until the panels show it, and check_deck alone."""
    from measure import edit_target  # benchmarks/ is on sys.path when this file runs as a script
    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from deckbuilder.legality import check_deck
    from deckbuilder.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(["bench"])
    db = CardDatabase(Path(db_path))
    window = MainWindow(db, interactive=False)
    window.show()
    assert window.open_deck(Path(deck_path), ask_first=False)
    app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
    target, _sept = edit_target(window.deck, db)
    # Two pairs first, not counted: a window's first edits measure each label's and line's new size once.
    for _ in range(2):
        for action in (window.add_card, window.remove_card):
            action(target)
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
    edits: list[float] = []
    edits_cpu: list[float] = []
    for _ in range(30):
        for action in (window.add_card, window.remove_card):
            start, start_cpu = time.perf_counter(), time.thread_time()
            action(target)
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
            edits.append((time.perf_counter() - start) * 1000)
            edits_cpu.append((time.thread_time() - start_cpu) * 1000)
    # In a row, after the edits: a check after each edit would warm the next edit's own check.
    checks: list[float] = []
    checks_cpu: list[float] = []
    for _ in range(60):
        start, start_cpu = time.perf_counter(), time.thread_time()
        check_deck(window.deck, db)
        checks.append((time.perf_counter() - start) * 1000)
        checks_cpu.append((time.thread_time() - start_cpu) * 1000)
    window.close()
    db.close()
    edit, check = statistics.median(edits), statistics.median(checks)
    # CPU time of this thread beside the wall time: on a loaded machine an edit (milliseconds) is often put off the
    # CPU part-way and a check (a fraction of one) seldom is, so the wall ratio grows with the load; the CPU ratio
    # does not. The goal is judged on the wall figures; the CPU ones say how much of the gap is the machine's.
    edit_cpu, check_cpu = statistics.median(edits_cpu), statistics.median(checks_cpu)
    return {
        "edit_ms": edit,
        "check_deck_ms": check,
        "ratio": edit / check,
        "edit_cpu_ms": edit_cpu,
        "check_deck_cpu_ms": check_cpu,
        "ratio_cpu": edit_cpu / check_cpu,
        "load_1min": os.getloadavg()[0],
    }


BARE = (
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "app = QApplication(['bare']); w = QMainWindow(); w.resize(1280, 720); w.show(); app.processEvents()\n"
    "print('{}', flush=True)\n"
)


def _timed(command: list[str], root: Path) -> tuple[float, float]:
    """Wall ms until the process prints its first line (the window is shown) and until it has exited."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(root), cwd=root
    )
    assert process.stdout is not None
    process.stdout.readline()
    shown = time.perf_counter() - start
    _out, err = process.communicate(timeout=300)
    ended = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"{command} failed: {err[-800:]}")
    return shown * 1000, ended * 1000


def cold_start(db_path: str, deck_path: str, runs: int = 7, root: Path = ROOT) -> dict[str, float]:
    """Median wall ms of a `--smoke-test --smoke-window-only` process and of a bare QMainWindow process.

    Both to the moment the window is shown (the first line printed) and to the end of the process.
    """
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
    _timed(smoke, root)  # compile the bytecode caches once
    _timed(bare, root)
    app: list[tuple[float, float]] = []
    base: list[tuple[float, float]] = []
    for _ in range(runs):  # interleaved, so machine load hits both alike
        base.append(_timed(bare, root))
        app.append(_timed(smoke, root))
    shown_app, shown_base = statistics.median(a[0] for a in app), statistics.median(b[0] for b in base)
    end_app, end_base = statistics.median(a[1] for a in app), statistics.median(b[1] for b in base)
    return {
        "window_shown_ms": shown_app,
        "bare_shown_ms": shown_base,
        "ratio_shown": shown_app / shown_base,
        "window_process_ms": end_app,
        "bare_process_ms": end_base,
        "ratio_process": end_app / end_base,
    }


def main() -> None:
    """Print both figures as JSON lines."""
    if len(sys.argv) == 4 and sys.argv[1] == "--child-edit":
        print(json.dumps(child_edit(sys.argv[2], sys.argv[3])))
        return
    db_path, deck_path = sys.argv[1], sys.argv[2]
    root = Path(sys.argv[3]).resolve() if len(sys.argv) > 3 else ROOT
    done = subprocess.run(
        [sys.executable, __file__, "--child-edit", db_path, deck_path],
        capture_output=True, text=True, env=_env(root), cwd=root, check=False, timeout=600,
    )  # fmt: skip
    print("edit -> panels:", done.stdout.strip() or done.stderr[-800:])
    print(
        "cold start:",
        json.dumps({k: round(v, 2) for k, v in cold_start(db_path, deck_path, root=root).items()}),
    )


if __name__ == "__main__":
    main()

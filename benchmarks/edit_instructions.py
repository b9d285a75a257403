"""Issue 32.4: the instructions one edit costs, by part, against check_deck alone (callgrind: the same figure whatever
the machine's load).

Usage: python benchmarks/edit_instructions.py DB DECK [EDITS] [CODE_ROOT]  (a card database, a deck file, the number
of add + remove pairs, and optionally another checkout to measure instead of this one, e.g. main before a change).

Each part runs inside a CPython C function nothing else on the edit's path calls (exec, reduce, operator.call, ...);
callgrind collects only inside those (--collect-atstart=no --toggle-collect=...), and the inclusive cost of each is
its part's. An edit is the add (or remove) of one copy of a sept card through the undo stack ("push": the check and
every view shown again) and the event loop turn after it ("settle": Qt's layout and paint). For reference, the same
edits in benchmarks/edit_floor.py's minimal window ("floor": the check and the least Qt can repaint to show it).
"""

from __future__ import annotations

import contextvars
import functools
import itertools
import json
import operator
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Each part's runner (calls f once, inside a C function of CPython) and that function's name for callgrind.
RUNNERS: dict[str, tuple[Callable[[Callable[[], object]], object], str]] = {
    "push": (lambda f: functools.reduce(lambda _a, _b: f(), [0, 0]), "functools_reduce"),
    "settle": (lambda f: operator.call(f), "_operator_call"),  # type: ignore[attr-defined]
    "check (window)": (lambda f: contextvars.Context().run(f), "context_run"),
    "deck view": (lambda f: list(itertools.starmap(f, [()])), "starmap_next"),
    "legality panel": (lambda f: sys.call_tracing(f, ()), "sys_call_tracing"),
    "check_deck alone": (lambda f: eval(_CALL, {"f": f}), "builtin_eval"),
    # The same edit in benchmarks/edit_floor.py's minimal window, check and paint together (for reference).
    "floor (edit + paint)": (
        lambda f: list(itertools.dropwhile(lambda _x: f() and False, [0])),
        "dropwhile_next",
    ),
}
# Compiled once: compiling it inside each eval would count as check_deck's.
_CALL = compile("f()", "<part>", "eval")


def _child(db_path: str, deck_path: str, pairs: int) -> None:
    """Open the deck in a window, then run the edits with each part measured in turn."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from measure import edit_target  # benchmarks/ is on sys.path when this file runs as a script
    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from deckbuilder.legality import check_deck
    from deckbuilder.ui.main_window import MainWindow

    def measured(part: str, f: Callable[[], Any]) -> Any:
        out: list[Any] = []
        RUNNERS[part][0](lambda: out.append(f()))
        return out[0]

    app = QApplication.instance() or QApplication(["bench"])
    # No blinking text cursor: under callgrind the clock runs slow, and the search box's cursor repainted on some
    # edits' turns of the event loop and not on others.
    app.setCursorFlashTime(0)
    db = CardDatabase(Path(db_path))
    window = MainWindow(db, interactive=False)
    window.resize(1280, 720)
    window.show()
    assert window.open_deck(Path(deck_path), ask_first=False)

    def settle() -> None:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)

    settle()
    target, sept = edit_target(window.deck, db)

    def edits(part: str | None = None) -> None:
        for _ in range(pairs):
            for action in (window.add_card, window.remove_card):
                if part == "push":
                    measured("push", functools.partial(action, target))
                else:
                    action(target)
                if part == "settle":
                    measured("settle", settle)
                else:
                    settle()

    edits()  # warm: every first time (an error mark's width, a line's size) is measured once
    edits("push")
    edits("settle")
    for obj, name, part in (
        (window.controller, "_check", "check (window)"),
        (window.deck_area, "show_deck", "deck view"),
        (window.check.legality, "show_report", "legality panel"),
    ):
        real = getattr(obj, name)
        setattr(obj, name, lambda *a, _f=real, _p=part, **k: measured(_p, lambda: _f(*a, **k)))
        edits()
        setattr(obj, name, real)
    deck = window.deck
    for _ in range(2 * pairs):
        measured("check_deck alone", lambda: check_deck(deck, db))
    from edit_floor import FloorWindow  # benchmarks/ is on sys.path when this file runs as a script

    window.hide()
    floor = FloorWindow(deck.copy(), db, sept)
    floor.resize(1280, 720)
    floor.show()
    settle()
    for part in (None, None, "floor (edit + paint)"):  # two uncounted rounds first, as the window's edits had
        for _ in range(pairs):
            for add in (True, False):
                if part is None:
                    floor.edit(target, add)
                    settle()
                else:
                    measured(part, lambda add=add: (floor.edit(target, add), settle()))
    sys.stdout.flush()
    os._exit(0)  # the figures are in; tearing the window down is not measured


def measure(db_path: str, deck_path: str, pairs: int = 10, root: Path = ROOT) -> dict[str, float]:
    """Millions of instructions per edit by part (and per check_deck), and the edit's ratio to check_deck."""
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        raise SystemExit("valgrind (callgrind) is not installed")
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        toggles = [f"--toggle-collect={symbol}" for _runner, symbol in RUNNERS.values()]
        env = {**os.environ, "PYTHONPATH": str(root), "QT_QPA_PLATFORM": "offscreen"}
        command = ["valgrind", "--tool=callgrind", "--collect-atstart=no", *toggles,
                   f"--callgrind-out-file={out}", sys.executable, str(Path(__file__).resolve()), "--child",
                   db_path, deck_path, str(pairs)]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root, check=False)
        if not out.exists():
            raise SystemExit(f"callgrind wrote nothing: {done.stderr[-2000:]}")
        annotated = subprocess.run(
            ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    by_symbol = {symbol: part for part, (_runner, symbol) in RUNNERS.items()}
    figures: dict[str, float] = {}
    for line in annotated.splitlines():
        found = re.match(r"\s*([\d,]+) .*:(\w+) ", line)
        if found and found.group(2) in by_symbol:
            figures[by_symbol[found.group(2)]] = int(found.group(1).replace(",", "")) / (2 * pairs) / 1e6
    figures["edit (push + settle)"] = figures.get("push", 0.0) + figures.get("settle", 0.0)
    figures["ratio"] = figures["edit (push + settle)"] / figures["check_deck alone"]
    if "floor (edit + paint)" in figures:
        figures["floor ratio"] = figures["floor (edit + paint)"] / figures["check_deck alone"]
    return figures


def main(argv: list[str]) -> int:
    """Print the figures as JSON."""
    if argv[:1] == ["--child"]:
        _child(argv[1], argv[2], int(argv[3]))
        return 0
    db_path, deck_path = argv[0], argv[1]
    pairs = int(argv[2]) if len(argv) > 2 else 10
    root = Path(argv[3]).resolve() if len(argv) > 3 else ROOT
    print(json.dumps({k: round(v, 3) for k, v in measure(db_path, deck_path, pairs, root).items()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

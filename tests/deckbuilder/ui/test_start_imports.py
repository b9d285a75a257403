"""The window starts without the modules of windows and panels it opens later (history, compare, fix hints,
the deck fingerprint)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from carddb.db import CardDatabase
from carddb.demo import ensure_demo_cards

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


# The smoke start (`ragedeck --smoke-test DECK --smoke-window-only`) run in-process, then asked what it built: a
# dataclass or named tuple generates its methods with exec()/eval() as its module is imported, and `dataclasses`
# itself is a large import; the window's value classes are carddb.record's.
_SMOKE = """
import inspect, io, json, sys
from deckbuilder.cli import main
code = main(["--smoke-test", sys.argv[1], "--db", sys.argv[2], "--smoke-window-only"])
generated = sorted(
    f"{name}.{value.__qualname__}"
    for name, module in list(sys.modules.items())
    if name.split(".")[0] in ("deckbuilder", "carddb")
    for value in vars(module).values()
    if isinstance(value, type) and value.__module__ == name
    and (hasattr(value, "__dataclass_fields__") or (issubclass(value, tuple) and hasattr(value, "_make")))
)
print(json.dumps({"code": code, "dataclasses": "dataclasses" in sys.modules, "generated": generated}))
"""


def test_the_window_start_builds_no_class_at_run_time(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("Characters:\n1\tSomeone Unknown\n", encoding="utf-8")
    db_path = tmp_path / "db.sqlite"
    with CardDatabase(db_path) as db:
        ensure_demo_cards(db)  # here: the first run's import of the demo cards is not the start measured
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", _SMOKE, str(deck), str(db_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["code"] == 0  # the window was shown with the deck checked
    assert found["generated"] == []
    assert found["dataclasses"] is False

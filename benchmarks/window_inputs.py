"""Huge window inputs for issue 22: a .dek of unknown names, a native deck, a JSON card file (written, never committed),
and the window's side of their measurements (each child runs in its own process, started by run.py).

Usage: python benchmarks/window_inputs.py FOLDER  (writes unknown.dek, native.deck.json and cards.json into FOLDER).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

DEK_NAMES = 100_000
NATIVE_ENTRIES = 90_000
JSON_CARDS = 200_000


def write_unknown_dek(path: Path, names: int = DEK_NAMES) -> Path:
    """A Lackey .dek whose every card name is unknown to any card database."""
    cards = "".join(f"<card><name>Nowhere {i}</name></card>\n" for i in range(names))  # under the 5 MiB cap
    text = f'<deck version="0.8"><meta><game>rage</game></meta><superzone name="Sept">\n{cards}</superzone></deck>\n'
    path.write_text(text, encoding="utf-8")
    return path


def write_native_deck(path: Path, entries: int = NATIVE_ENTRIES) -> Path:
    """A native deck with `entries` distinct (unknown) names across the sept and the characters."""
    from deckbuilder.deck import Deck, DeckEntry
    from deckbuilder.deckfiles.native import deck_to_native

    deck = Deck(name="Huge", entries=[DeckEntry(f"Native {i}", 1 + i % 3) for i in range(entries)])
    compact = json.dumps(json.loads(deck_to_native(deck)), separators=(",", ":"))  # under the 5 MiB cap
    path.write_text(compact, encoding="utf-8")
    return path


def write_json_cards(path: Path, cards: int = JSON_CARDS) -> Path:
    """A JSON card file in the shape `import-cards` reads, with `cards` distinct cards."""
    rows = {
        f"Json Card {i}": {
            "Name": f"Json Card {i}",
            "Expansion": "Unlimited",
            "Type": "Gift",
            "Text": f"Inflicts {i % 7} damage on the opposing character.",
        }
        for i in range(cards)
    }
    path.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    folder.mkdir(parents=True, exist_ok=True)
    write_unknown_dek(folder / "unknown.dek")
    write_native_deck(folder / "native.deck.json")
    write_json_cards(folder / "cards.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


def child_window_open(args: dict[str, str]) -> dict[str, float]:
    """Seconds for the window to open a deck file until its rows and report are shown (run in its own process)."""
    import time

    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from deckbuilder.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(["bench"])
    window = MainWindow(CardDatabase(Path(args["db"])), interactive=False)
    window.prompts.notify = lambda *_a, **_k: None  # type: ignore[method-assign]  # no modal box in a benchmark
    window.show()
    app.processEvents()
    start = time.perf_counter()
    if not window.open_deck(Path(args["deck"]), ask_first=False):
        raise RuntimeError(f"the window did not open {args['deck']}")
    app.processEvents()
    return {"seconds": time.perf_counter() - start}


def child_window_import(args: dict[str, Any]) -> dict[str, Any]:
    """Seconds from starting the window's card import (progress dialog, worker thread) to its done signal."""
    import time

    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from deckbuilder.ui.import_dialog import ImportProgressDialog
    from deckbuilder.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(["bench"])
    db = CardDatabase(Path(args["db"]))
    window = MainWindow(db, interactive=False)
    window.show()
    app.processEvents()
    dialog = ImportProgressDialog(db, Path(args["source"]), window)
    ended: list[object] = []
    loop = QEventLoop()
    dialog.import_ended.connect(lambda report: (ended.append(report), loop.quit()))
    start = time.perf_counter()
    dialog.start()
    dialog.show()
    if not ended:
        loop.exec()
    seconds = time.perf_counter() - start
    if not ended or ended[0] is None:
        raise RuntimeError(f"the window's import of {args['source']} failed: {dialog.error}")
    if dialog.worker is not None:
        dialog.worker.wait()
    return {"seconds": seconds, "rows": float(getattr(ended[0], "rows_read", 0))}


def child_cli_import(args: dict[str, Any]) -> dict[str, Any]:
    """Seconds of the import inside `ragedeck import-cards` (the same call, no Qt), for the window's comparison."""
    import time

    from carddb.db import CardDatabase
    from carddb.importing import import_path

    db = CardDatabase(Path(args["db"]))
    start = time.perf_counter()
    report = import_path(db, Path(args["source"]))
    return {"seconds": time.perf_counter() - start, "rows": float(report.rows_read)}


def bench_window_import(
    folder: Path,
    run_child: Callable[[str, dict[str, str]], dict[str, Any]],
    ragedeck: list[str],
    env: dict[str, str],
) -> tuple[float, float, float]:
    """(window, `ragedeck import-cards` process, import_path in a process without Qt) seconds for one JSON file.

    Each imports `JSON_CARDS` entries into a new database; the two children and the CLI run in turns.
    """
    import subprocess
    import time

    folder.mkdir(parents=True, exist_ok=True)
    source = write_json_cards(folder / "cards.json")
    window = run_child("window-import", {"db": str(folder / "window.sqlite"), "source": str(source)})[
        "seconds"
    ]
    start = time.perf_counter()
    done = subprocess.run(
        [*ragedeck, "import-cards", str(source), "--db", str(folder / "cli.sqlite")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    cli = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"import-cards exited {done.returncode}: {done.stderr[-500:]}")
    bare = run_child("cli-import", {"db": str(folder / "bare.sqlite"), "source": str(source)})["seconds"]
    return window, cli, bare

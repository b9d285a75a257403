"""A real `ragedeck` window in its own process, driven for the several-windows tests (run as a script).

It starts the app through `run_gui` (offscreen), answers the restore question as told, optionally adds a card and
autosaves, prints JSON lines (`offered`, `ready`, `message`) and closes cleanly once the file `quit` appears in the
control folder; a test may instead kill it with SIGKILL.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from deckbuilder.ui import app as ui_app
from deckbuilder.ui.main_window import MainWindow
from deckbuilder.ui.window_prompts import Prompts


def emit(event: str, **fields: Any) -> None:
    """One JSON line on stdout, flushed at once (the test waits for it)."""
    print(json.dumps({"event": event, **fields}), flush=True)


def main() -> int:
    """Run one window until told to quit."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--deck", type=Path)
    parser.add_argument("--add")
    parser.add_argument("--answer", choices=("yes", "no"), default="no")
    parser.add_argument("--control", type=Path, required=True)
    args = parser.parse_args()

    def ask_restore(self: Prompts, name: str = "", source: Path | None = None) -> bool:
        emit("offered", name=name, source=str(source) if source else "")
        return bool(args.answer == "yes")

    def notify(self: Prompts, title: str, text: str, warning: bool = True) -> None:
        emit("message", text=text)

    Prompts.ask_restore = ask_restore  # type: ignore[method-assign]
    Prompts.notify = notify  # type: ignore[method-assign]
    Prompts.ask_save_changes = lambda self: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    application = ui_app._application([sys.argv[0]])

    def window() -> MainWindow:
        return next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))

    def started() -> None:
        win = window()
        if args.add:
            win.add_card(args.add)
            win.autosave_now()
        entries = [[e.name, e.count] for e in win.deck.entries]
        emit("ready", deck=entries, name=win.deck.name, path=str(win.deck_path or ""))
        poll.start()

    def poll_quit() -> None:
        if (args.control / "quit").exists():
            poll.stop()
            window().close()

    poll = QTimer(application)
    poll.setInterval(50)
    poll.timeout.connect(poll_quit)
    QTimer.singleShot(0, started)
    return ui_app.run_gui([sys.argv[0]], args.db, args.deck)


if __name__ == "__main__":
    sys.exit(main())

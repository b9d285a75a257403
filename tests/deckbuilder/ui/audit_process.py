"""The layout audit in a process of its own (run as a script): QT_SCALE_FACTOR is read when the QApplication is
made, so each scale needs a fresh process (the text sizes it is given are audited one window after another). Prints
one JSON line: the scale in force, and per text size the font's height and what the audit found."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main() -> int:
    """Open the demo deck (with an error) at a size, language and text size; audit every view."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, nargs=2, default=(1280, 720))
    parser.add_argument("--lang", default="en")
    parser.add_argument("--text-size", type=int, nargs="+", default=[100])
    args = parser.parse_args()

    from PySide6.QtCore import QDeadlineTimer, QEventLoop
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase, user_data_dir
    from carddb.demo import demo_deck_path, ensure_demo_cards
    from deckbuilder.ui.main_window import MainWindow
    from deckbuilder.ui.settings import app_settings
    from deckbuilder.ui.theme import KEY_TEXT_SIZE
    from deckbuilder.ui.translation import install
    from tests.deckbuilder.ui.layout_audit import audit_every_view

    app = QApplication([sys.argv[0]])
    desktop_px = QFontMetrics(app.font()).height()
    install(app, args.lang)

    def wait(ms: int) -> None:
        deadline = QDeadlineTimer(ms)
        while not deadline.hasExpired():
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, ms)

    db = CardDatabase(Path(user_data_dir()) / "cards.sqlite")
    ensure_demo_cards(db)
    sizes: dict[str, dict[str, object]] = {}
    for text_size in args.text_size:
        app_settings().setValue(KEY_TEXT_SIZE, text_size)  # as chosen in View → Text size, read at start
        app_settings().remove("window")  # each window starts from the default layout, not the last one's
        window = MainWindow(db, interactive=False)
        window.resize(*args.size)
        window.show()
        if not window.open_deck(demo_deck_path(), ask_first=False):
            print(json.dumps({"error": window.last_message}))
            return 1
        window.add_card("Bark Hide")  # an error: the verdict, Fix it and the marks have names to show
        window.browser.search_in_background()
        deadline = QDeadlineTimer(30_000)
        while window.browser.model.rowCount() == 0 and not deadline.hasExpired():
            wait(20)
        wait(50)
        sizes[str(text_size)] = {
            "font_px": window.fontMetrics().height(),
            "size": list(window.size().toTuple()),
            "problems": audit_every_view(window, wait),
        }
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()
        wait(10)
    print(json.dumps({"scale": app.devicePixelRatio(), "desktop_font_px": desktop_px, "sizes": sizes}))
    db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

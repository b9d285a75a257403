"""The layout audit in a process of its own (run as a script): QT_SCALE_FACTOR is read when the QApplication is
made, so each scale needs a fresh process. One process audits every language, window size and text size asked of
its scale, one window after another (the language is installed and the text size read when a window is made), on
one demo database. Prints one JSON line: the scale in force, the desktop's font height, and per audit (language,
window size) per text size the font's height and what the audit found."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _audit_spec(text: str) -> tuple[str, tuple[int, int], list[int]]:
    """`LANG:WIDTHxHEIGHT:TEXT,SIZES` (e.g. `pt_BR:1280x720:100,200`)."""
    lang, size, text_sizes = text.split(":")
    width, height = size.split("x")
    return lang, (int(width), int(height)), [int(t) for t in text_sizes.split(",")]


def main() -> int:
    """Open the demo deck (with an error) at each language, size and text size asked; audit every view."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--audit", type=_audit_spec, action="append", required=True)
    args = parser.parse_args()

    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase, user_data_dir
    from carddb.demo import demo_deck_path, ensure_demo_cards
    from deckbuilder.ui.main_window import MainWindow
    from deckbuilder.ui.settings import app_settings
    from deckbuilder.ui.theme import KEY_TEXT_SIZE
    from deckbuilder.ui.translation import install
    from tests.deckbuilder.ui.layout_audit import audit_every_view, deal_alike, settle_layout, wait_until

    deal_alike()
    app = QApplication([sys.argv[0]])
    desktop_px = QFontMetrics(app.font()).height()
    db = CardDatabase(Path(user_data_dir()) / "cards.sqlite")
    ensure_demo_cards(db)
    audits: list[dict[str, object]] = []
    for lang, size, text_sizes in args.audit:
        install(app, lang)
        sizes: dict[str, dict[str, object]] = {}
        for text_size in text_sizes:
            app_settings().setValue(KEY_TEXT_SIZE, text_size)  # as chosen in View → Text size, read at start
            app_settings().remove("window")  # each window starts from the default layout, not the last one's
            window = MainWindow(db, interactive=False)
            window.resize(*size)
            window.show()
            if not window.open_deck(demo_deck_path(), ask_first=False):
                print(json.dumps({"error": window.last_message}))
                return 1
            window.add_card("Bark Hide")  # an error: the verdict, Fix it and the marks have names to show
            window.browser.search_in_background()
            wait_until(lambda: window.browser.model.rowCount() > 0, 30_000)  # noqa: B023 - this window's
            settle_layout(window)
            sizes[str(text_size)] = {
                "font_px": window.fontMetrics().height(),
                "size": list(window.size().toTuple()),
                "problems": audit_every_view(window, lambda: settle_layout(window)),  # noqa: B023 - this window
            }
            window.undo_stack.setClean()
            window.close()
            window.deleteLater()
            app.processEvents()
        audits.append({"lang": lang, "size": list(size), "sizes": sizes})
    print(json.dumps({"scale": app.devicePixelRatio(), "desktop_font_px": desktop_px, "audits": audits}))
    db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

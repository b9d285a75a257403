"""Retake the README's window screenshots from the real card pool: python docs/make_screenshots.py PLUGIN DECK OUTDIR."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

# (file, window size, deck made illegal, language, deck check tab shown: None for Legality)
SHOTS = (
    ("screenshot-legal.png", (1280, 720), False, "en", None),
    ("screenshot-large.png", (1920, 1080), False, "en", None),
    ("screenshot-illegal.png", (1280, 720), True, "en", None),
    ("screenshot-pt_BR.png", (1280, 720), True, "pt_BR", None),
    ("screenshot-large-pt_BR.png", (1920, 1080), False, "pt_BR", None),
    ("fix-hints.png", (1280, 720), True, "en", "fix_panel"),
    ("draw-odds.png", (1280, 720), False, "en", "odds_view"),
)


def main(argv: list[str]) -> int:
    """Import the plugin into a scratch database, open the deck at each size and save the window's picture."""
    plugin, deck_path, out_dir = (Path(a) for a in argv[:3])
    only = set(argv[3:])
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = Path(tempfile.mkdtemp(prefix="ragedeck-shots-"))
    os.environ["RAGEDECK_DATA_DIR"] = str(scratch)  # fresh settings: the default layout is what is shown
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from carddb.importing import import_path
    from deckbuilder.ui.main_window import MainWindow
    from deckbuilder.ui.translation import install

    app = QApplication.instance() or QApplication([sys.argv[0]])
    db = CardDatabase(scratch / "cards.sqlite")
    import_path(db, plugin)
    for name, (width, height), illegal, lang, tab in SHOTS:
        if only and name not in only:
            continue
        install(app, lang)
        for stale in scratch.glob("settings.ini"):
            stale.unlink()
        window = MainWindow(db, interactive=False)
        window.resize(width, height)
        window.show()
        if not window.open_deck(deck_path, ask_first=False):
            print(window.last_message, file=sys.stderr)
            return 1
        if illegal:
            window.add_card("Dodge")  # a third copy: over the combat copy limit
            window.add_card("Buggerhead")  # a second copy of a Character
        characters = window.deck_view.tables["characters"]
        characters.selectRow(0)
        window.show_card(window.deck_view.models["characters"].rows()[0].entry.name)
        for _ in range(5):
            app.processEvents()
        if tab is not None:
            window.report_tabs.setCurrentWidget(getattr(window, tab))
        for _ in range(10):
            app.processEvents()
        window.grab().save(str(out_dir / name))
        print(f"wrote {out_dir / name} at {width}x{height}")
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()
        app.processEvents()
    db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

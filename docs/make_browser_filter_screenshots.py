"""Retake the browser's Deck/Collection filter screenshots: python docs/make_browser_filter_screenshots.py PLUGIN DECK
OUTDIR (the real card pool; half of the deck's cards go into a scratch collection)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

SIZE = (1280, 720)
# (file, language, Deck filter, Collection filter)
SHOTS = (
    ("browser-deck-filter.png", "en", "in", "missing"),
    ("browser-deck-filter-pt_BR.png", "pt_BR", "in", "missing"),
)


def main(argv: list[str]) -> int:
    """Open the deck, own every other card of it, and grab the window with the filters set."""
    plugin, deck_path, out_dir = (Path(a) for a in argv[:3])
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = Path(tempfile.mkdtemp(prefix="ragedeck-filter-shots-"))
    os.environ["RAGEDECK_DATA_DIR"] = str(scratch)
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from carddb.importing import import_path
    from deckbuilder.collection import Collection
    from deckbuilder.ui.main_window import MainWindow
    from deckbuilder.ui.translation import install

    app = QApplication.instance() or QApplication([sys.argv[0]])
    db = CardDatabase(scratch / "cards.sqlite")
    import_path(db, plugin)
    for name, lang, deck_filter, collection_filter in SHOTS:
        install(app, lang)
        for stale in scratch.glob("settings.ini"):
            stale.unlink()
        window = MainWindow(db, interactive=False)
        window.resize(*SIZE)
        window.show()
        if not window.open_deck(deck_path, ask_first=False):
            print(window.last_message, file=sys.stderr)
            return 1
        Collection(db).set_counts((e.name, None, 1) for e in window.deck.entries[::2])
        window.refresh()
        browser = window.browser
        browser.deck_combo.setCurrentIndex(browser.deck_combo.findData(deck_filter))
        browser.collection_combo.setCurrentIndex(browser.collection_combo.findData(collection_filter))
        browser.run_search()
        for _ in range(10):
            app.processEvents()
        window.grab().save(str(out_dir / name))
        print(f"wrote {out_dir / name}: {browser.result_count()} cards shown")
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()
        app.processEvents()
    db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

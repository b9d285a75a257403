"""Retake the History and Compare screenshots from the demo deck: python docs/make_history_screenshots.py OUTDIR."""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

SIZE = (1280, 720)
# Four saves of the demo deck, each changing a few cards (the deck stays legal), then an unsaved edit.
SAVES = (
    (("add", "Sudden Thaw", 2),),
    (("set", "Long Night", 2), ("add", "Gathering at Dusk", 1)),
    (("set", "Bark Hide", 0), ("add", "Rite of Quiet Waters", 3)),
    (("set", "Whisper of Roots", 2),),
    (("set", "Iron-Shod Staff", 2), ("add", "Stone Circle Caern", 1)),
)


def main(argv: list[str]) -> int:
    """Save the demo deck a few times, then grab the History and Compare windows in English and Portuguese."""
    out_dir = Path(argv[0])
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = Path(tempfile.mkdtemp(prefix="ragedeck-history-shots-"))
    os.environ["RAGEDECK_DATA_DIR"] = str(scratch)
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from carddb.demo import demo_deck_path, ensure_demo_cards
    from deckbuilder.deck import Deck
    from deckbuilder.deckfiles import read_deck, write_deck
    from deckbuilder.history import DeckHistory
    from deckbuilder.ui.main_window import MainWindow
    from deckbuilder.ui.translation import install

    app = QApplication.instance() or QApplication([sys.argv[0]])
    db = CardDatabase(scratch / "cards.sqlite")
    ensure_demo_cards(db)
    for lang, suffix in (("en", ""), ("pt_BR", "-pt_BR")):
        install(app, lang)
        window = MainWindow(db, interactive=False)
        path = scratch / lang / "Gaia pack.ragedeck"
        path.parent.mkdir()
        window.set_deck(read_deck(demo_deck_path(), pool=db).deck, None)
        window.save_as(path)
        start = datetime(2026, 11, 20, 18, 30, tzinfo=UTC)

        def change(deck: Deck, steps: tuple[tuple[str, str, int], ...]) -> None:
            for what, name, count in steps:
                if what == "add":
                    deck.add(name, count)
                else:
                    deck.set_count(name, "Demo", count)

        for day, steps in enumerate(SAVES):
            window.controller.edit("edit", lambda deck, s=steps: change(deck, s))
            if day < len(SAVES) - 1:  # the last edit stays unsaved: "this deck"
                DeckHistory().keep(path, window.deck_pool(), now=start + timedelta(days=day, hours=day))
                write_deck(window.deck, path, pool=window.deck_pool())
        history = window.show_deck_history()
        assert history is not None
        history.resize(*SIZE)
        history.show()
        history.table.selectRow(2)
        app.processEvents()
        history.grab().save(str(out_dir / f"history{suffix}.png"))
        history.compare_button.click()
        compare = window.versions.compare_dialog
        compare.resize(*SIZE)
        compare.show()
        app.processEvents()
        compare.grab().save(str(out_dir / f"compare{suffix}.png"))
        print(f"wrote {out_dir / f'history{suffix}.png'} and {out_dir / f'compare{suffix}.png'}")
        for dialog in (history, compare):
            dialog.close()
        window.undo_stack.setClean()
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

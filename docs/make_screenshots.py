"""Retake the README's window screenshots from the real card pool: python docs/make_screenshots.py PLUGIN DECK OUTDIR
[FILE ...]. Run it under Xvfb for the real platform (xvfb-run -s "-screen 0 1280x720x24" ...); offscreen otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple


class Shot(NamedTuple):
    """One screenshot: its file, the window's size (logical pixels), what is shown and how."""

    name: str
    size: tuple[int, int]
    illegal: bool  # the deck made illegal (a third Dodge, a second Buggerhead)
    lang: str
    tab: str | None = None  # the deck check tab shown (None: Legality)
    theme: str = "light"
    # QT_SCALE_FACTOR: read when the application starts, so such a shot runs in its own process
    scale: str = "1"
    deck_tab: int = 0  # 0: the deck as lists, 1: as card images
    text_size: int = 100  # View → Text size, in per cent of the desktop's
    # "list": the deck library's window; "card": the window with the library's decks listed; "trash": the library's
    # trash with a deleted deck
    library: str = ""


SHOTS = (
    Shot("screenshot-legal.png", (1280, 720), False, "en"),
    Shot("screenshot-large.png", (1920, 1080), False, "en"),
    Shot("screenshot-illegal.png", (1280, 720), True, "en"),
    Shot("screenshot-pt_BR.png", (1280, 720), True, "pt_BR"),
    Shot("screenshot-large-pt_BR.png", (1920, 1080), False, "pt_BR"),
    Shot("fix-hints.png", (1280, 720), True, "en", "fix_panel"),
    Shot("draw-odds.png", (1280, 720), False, "en", "odds_view"),
    Shot("screenshot-dark.png", (1280, 720), True, "en", theme="dark"),
    Shot("screenshot-dark-pt_BR.png", (1280, 720), True, "pt_BR", "stats_page", theme="dark", deck_tab=1),
    Shot("screenshot-scale150.png", (1280, 720), True, "en", scale="1.5"),
    Shot("screenshot-scale150-pt_BR.png", (1280, 720), False, "pt_BR", "fix_panel", scale="1.5"),
    Shot("screenshot-text200.png", (1280, 720), True, "en", "odds_view", text_size=200),
    Shot("screenshot-text200-pt_BR.png", (1280, 720), True, "pt_BR", text_size=200),
    Shot("screenshot-text130-pt_BR.png", (1280, 720), False, "pt_BR", "odds_view", text_size=130),
    Shot("library.png", (1280, 720), False, "en", library="list"),
    Shot("library-large.png", (1920, 1080), False, "en", library="list"),
    Shot("library-pt_BR.png", (1280, 720), False, "pt_BR", library="list"),
    Shot("library-large-pt_BR.png", (1920, 1080), False, "pt_BR", library="list"),
    Shot("library-card-pane.png", (1280, 720), False, "en", library="card"),
    Shot("library-text200-pt_BR.png", (1280, 720), False, "pt_BR", text_size=200, library="list"),
    Shot("library-trash.png", (1280, 720), False, "en", library="trash"),
    Shot("library-trash-pt_BR.png", (1280, 720), False, "pt_BR", library="trash"),
)


def main(argv: list[str]) -> int:
    """Import the plugin into a scratch database, open the deck for each shot and save the window's picture."""
    plugin, deck_path, out_dir = (Path(a) for a in argv[:3])
    only = set(argv[3:])
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    here = os.environ.get("QT_SCALE_FACTOR", "1")
    wanted = [s for s in SHOTS if (not only or s.name in only)]
    for shot in (s for s in wanted if s.scale != here):
        # Another scale: this script again, in a process that starts at that scale, for that shot alone.
        env = {**os.environ, "QT_SCALE_FACTOR": shot.scale}
        done = subprocess.run([sys.executable, __file__, *argv[:3], shot.name], env=env, check=False)
        if done.returncode:
            return done.returncode
    wanted = [s for s in wanted if s.scale == here]
    if not wanted:
        return 0
    scratch = Path(tempfile.mkdtemp(prefix="ragedeck-shots-"))
    os.environ["RAGEDECK_DATA_DIR"] = str(scratch)  # fresh settings: the default layout is what is shown
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from carddb.importing import import_path
    from deckbuilder.ui.main_window import MainWindow
    from deckbuilder.ui.settings import app_settings
    from deckbuilder.ui.theme import KEY_TEXT_SIZE
    from deckbuilder.ui.translation import install

    app = QApplication.instance() or QApplication([sys.argv[0]])
    db = CardDatabase(scratch / "cards.sqlite")
    import_path(db, plugin)
    if any(shot.library for shot in wanted):
        _fill_library(db, deck_path, scratch, [Path(a) for a in argv[3:] if Path(a).is_file()])
    for shot in wanted:
        install(app, shot.lang)
        for stale in scratch.glob("settings.ini"):
            stale.unlink()
        app_settings().setValue(KEY_TEXT_SIZE, shot.text_size)  # read when the window is made
        window = MainWindow(db, interactive=False)
        window.appearance.set_theme(shot.theme)
        window.resize(*shot.size)
        window.show()
        if not window.open_deck(deck_path, ask_first=False):
            print(window.last_message, file=sys.stderr)
            return 1
        if shot.illegal:
            window.add_card("Dodge")  # a third copy: over the combat copy limit
            window.add_card("Buggerhead")  # a second copy of a Character
        characters = window.deck_view.tables["characters"]
        characters.selectRow(0)
        window.show_card(window.deck_view.models["characters"].rows()[0].entry.name)
        window.deck_tabs.setCurrentIndex(shot.deck_tab)
        for _ in range(5):
            app.processEvents()
        if shot.tab is not None:
            window.report_tabs.setCurrentWidget(getattr(window, shot.tab))
        gallery = getattr(window, "_gallery", None)
        while gallery is not None and shot.deck_tab and gallery.loading():
            app.processEvents()
        while window.odds_view.working_out:  # the Combat Phase table comes from a worker thread
            app.processEvents()
        while window.fix_panel.busy:  # and Fix it's hints too
            app.processEvents()
        for _ in range(10):
            app.processEvents()
        shown = window
        if shot.library:
            view = window.library.show_library()
            view.resize(*shot.size)
            while window.library.worker is not None:
                app.processEvents()
            view.choose([d.file for d in view.model.decks if "copy" in d.file.name][:1])
            if shot.library == "card":
                view.hide()
                window.show_card(window.deck_view.models["characters"].rows()[0].entry.name)
            else:
                shown = view
            if shot.library == "trash":  # a deck deleted (a copy: the other shots keep their decks)
                copy = window.library.library.duplicate(
                    scratch / "decks" / deck_path.name, "Wyrm league night"
                )
                window.library.library.delete(copy)
                window.library.show_listing()
                trash = window.library.show_trash()
                trash.move(view.geometry().center() - trash.rect().center())
            for _ in range(10):
                app.processEvents()
        image = _with_trash(window, shown) if shot.library == "trash" else shown.grab()
        image.save(str(out_dir / shot.name))
        print(
            f"wrote {out_dir / shot.name} at {shot.size[0]}x{shot.size[1]} ({image.width()}x{image.height()} px)"
        )
        if shot.library == "trash":
            window.library.library.empty_trash()
        window.undo_stack.setClean()
        window.close()
        window.deleteLater()
        app.processEvents()
    db.close()
    return 0


def _with_trash(window: object, view: object) -> object:
    """The library's window with its trash drawn over it, where the trash stands on the screen."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QPainter

    trash = window.library.trash_view  # type: ignore[attr-defined]
    image = view.grab()  # type: ignore[attr-defined]
    painter = QPainter(image)
    corner = trash.mapToGlobal(QPoint(0, 0)) - view.mapToGlobal(QPoint(0, 0))  # type: ignore[attr-defined]
    painter.drawPixmap(corner, trash.grab())  # type: ignore[attr-defined]
    painter.end()
    return image


def _fill_library(db: object, deck_path: Path, data: Path, others: list[Path]) -> None:
    """The library's decks folder for the library shots: the deck as given, a native copy tagged and built, the
    copy made illegal, a file cut short (listed with why) and a few owned cards, so that every column says something."""
    import shutil

    from deckbuilder.collection import Collection
    from deckbuilder.deckfiles import read_deck, write_deck
    from deckbuilder.library import Library

    folder = data / "decks"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(deck_path, folder / deck_path.name)
    for other in others:
        shutil.copy(other, folder / other.name)
    deck = read_deck(deck_path, db).deck  # type: ignore[arg-type]
    deck.name = "Gaia tournament"
    write_deck(deck, folder / "Gaia tournament.json")
    deck.name = "Gaia tournament copy"
    first = deck.entries[-1]
    deck.add(first.name, 3)  # over the copy limit
    write_deck(deck, folder / "Gaia tournament copy.json")
    (folder / "half-written.json").write_text('{"format_version": 1, "name": "Half', encoding="utf-8")
    Collection(db).set_counts([(e.name, None, e.count) for e in deck.entries[:6]])  # type: ignore[arg-type]
    library = Library(db)
    library.set_tags(folder / "Gaia tournament.json", ["tournament", "gaia"])
    library.set_tags(folder / deck_path.name, ["casual"])
    library.set_built(folder / "Gaia tournament.json", True)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Starting the GUI (`ragedeck`) and the offscreen smoke test (`ragedeck --smoke-test DECK`)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.db import CardDatabase, DatabaseError
from carddb.demo import ensure_demo_cards

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

ORGANIZATION = "ragedeck"
APPLICATION = "Rage Deckbuilder"
SMOKE_TIMEOUT_S = 10.0
# How long a thread may hold the GIL while another waits for it (Python's default is 5 ms). The window's workers
# (Fix it's hints, searches, Draw odds, imports) run Python beside the GUI thread, which waits up to this long at
# each hand-over: an edit of a 601-card deck with a hundred errors and Fix it on screen took ~60 ms with the default,
# ~16-28 ms with this, the hints arriving no later (benchmarks/fixit_edit.py).
GUI_SWITCH_INTERVAL_S = 0.0005


def _application(argv: list[str]) -> QApplication:
    """The one QApplication, made on first use."""
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    if existing is None:
        from deckbuilder.qtcheck import check_window_libraries

        # Qt would abort blaming the wrong library; name the missing ones and the command installing them.
        missing = check_window_libraries()
        if missing is not None:
            print(missing.message(), file=sys.stderr)
            raise SystemExit(1)
    app = existing if isinstance(existing, QApplication) else QApplication(argv)
    sys.setswitchinterval(GUI_SWITCH_INTERVAL_S)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    icon = application_icon_path()
    if icon is not None:
        from PySide6.QtGui import QIcon

        app.setWindowIcon(QIcon(str(icon)))
    if existing is None:
        from deckbuilder.ui.translation import install

        # `--lang`, else the language chosen in the window, else the system's; Qt's own dialogs follow it too.
        install(app)
    return app


def application_icon_path() -> Path | None:
    """The app icon: bundled beside the frozen app, or in images/ of a source checkout; None if absent."""
    roots = [Path(getattr(sys, "_MEIPASS", "")), Path(__file__).resolve().parents[2]]
    for root in roots:
        candidate = root / "images" / "ragedeck-256.png"
        if str(root) and candidate.is_file():
            return candidate
    return None


def run_gui(argv: list[str], db_path: Path | None, deck_path: Path | None) -> int:
    """Open the main window on the user's database (demo cards on a fresh install), optionally a deck; run."""
    app = _application(argv)
    from PySide6.QtWidgets import QMessageBox

    from deckbuilder.ui.main_window import MainWindow

    try:
        db = CardDatabase(db_path)
    except DatabaseError as exc:
        from deckbuilder.i18n import render_text

        QMessageBox.critical(None, APPLICATION, render_text(exc.args[0]) if exc.args else str(exc))
        return 2
    try:
        imported_demo = ensure_demo_cards(db)
        window = MainWindow(db, show_demo_banner=imported_demo or _only_demo_cards(db))
        window.show()
        window.start_session()
        window.offer_found_plugins()  # first run: a Lackey Rage plugin on this computer is one click away
        if deck_path is not None:
            window.open_deck(deck_path, ask_first=False)
        else:
            window.open_start_deck()  # the README promises the demo deck on a fresh install
        return int(app.exec())
    finally:
        from deckbuilder.ui.workers import shutdown_workers

        # A job still running (the deck library's check, a search) is cancelled and waited for before its
        # database closes: a thread left running aborts the process as Qt tears down.
        shutdown_workers()
        db.close()


def _only_demo_cards(db: CardDatabase) -> bool:
    """True when no card data beyond the bundled demo set has been imported."""
    from carddb.demo import DEMO_SET

    return set(db.set_names()) <= {DEMO_SET}


_RENOWN = re.compile(r"Renown (\d+) /")


def _smoke_proxy_preview(app: QApplication, window: Any) -> dict[str, Any]:
    """Open the proxy export dialog and wait for its first-page preview (proves PDF rendering is bundled)."""
    from PySide6.QtCore import QDeadlineTimer, QEventLoop

    from deckbuilder.ui.export_dialog import ProxyExportDialog

    dialog = ProxyExportDialog(window.deck, window.db, window.settings, window)
    try:
        dialog.show()
        deadline = QDeadlineTimer(int(SMOKE_TIMEOUT_S * 1000))
        while dialog.preview is None and dialog.preview_error is None and not deadline.hasExpired():
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        if dialog.preview is None:
            raise RuntimeError(f"the proxy preview did not render: {dialog.preview_error or 'timed out'}")
        pixmap = dialog.preview_label.pixmap()
        return {"pages": dialog.preview.pages, "pixels": [pixmap.width(), pixmap.height()]}
    finally:
        dialog.reject()
        dialog.deleteLater()


_RAGE_SECTIONS = ("characters", "sept", "combat")


def smoke_test(deck_path: Path, db_path: Path | None, export_preview: bool = True) -> int:
    """Build the real window offscreen, open the deck, print what the widgets show as one JSON line.

    With `export_preview` it also opens the proxy export dialog and waits for its rendered first page.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = _application([sys.argv[0] if sys.argv else "ragedeck"])
    from PySide6.QtCore import QDeadlineTimer, QEventLoop

    from deckbuilder.ui.main_window import MainWindow

    try:
        db = CardDatabase(db_path)
    except DatabaseError as exc:
        print(f"smoke test: {exc}", file=sys.stderr)
        return 2
    try:
        ensure_demo_cards(db)
        window = MainWindow(db, interactive=False)
        window.show()
        if not window.open_deck(deck_path, ask_first=False):
            print(f"smoke test: cannot open {deck_path}: {window.last_message}", file=sys.stderr)
            return 1
        deadline = QDeadlineTimer(int(SMOKE_TIMEOUT_S * 1000))
        while window.legality.report is None and not deadline.hasExpired():
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        app.processEvents()
        if window.legality.report is None:
            print("smoke test: the legality panel never showed a report", file=sys.stderr)
            return 1
        counts = window.deck_view.section_counts()
        match = _RENOWN.search(window.deck_view.header_label.text())
        preview = _smoke_proxy_preview(app, window) if export_preview else None
        line = {
            "title": window.plain_title(),
            # Rage's three sections as before; another game's deck shows its own piles.
            "sections": {k: counts[k] for k in _RAGE_SECTIONS}
            if set(_RAGE_SECTIONS) <= set(counts)
            else counts,
            "renown": int(match.group(1)) if match else None,
            "codes": window.legality.shown_codes(),
        }
        if preview is not None:
            line["proxy_preview"] = preview
        print(json.dumps(line))
        window.close()
        return 0
    except Exception as exc:  # the smoke test reports any failure as a message and a non-zero exit
        print(f"smoke test failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        db.close()

"""Everything the benchmarks run in a process of its own, ours and the baselines': `python children.py KIND JSON`
prints one JSON line (started by measure.run_child), plus the in-process baselines the search and check figures
stand beside. Each baseline does exactly the work the product does (same rows, same page, same count).
"""

from __future__ import annotations

import json
import os
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from measure import edit_target, p95, peak_mib, timed_ms

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, for a child started by path

UNKNOWN_EDIT_BUDGET_S = 15.0  # wall time the edits with unknown cards may take before the child moves on

# Rows the browser shows first (its lazy model fetches more on scroll): the search baseline fetches exactly these.
DEFAULT_PAGE = 100
TYPED = ("s", "sh", "sha", "shad", "shado", "shadow")
FTS_PAGE = "SELECT rowid FROM card_fts WHERE card_fts MATCH ? ORDER BY rowid LIMIT ?"
FTS_COUNT = "SELECT count(*) FROM card_fts WHERE card_fts MATCH ?"
# For reference (no goal): the same page as rows of the ten columns the browser shows, straight from SQLite, as the
# issue's "floor with shown columns" was measured; the goal's baseline above fetches ids only.
FTS_PAGE_SHOWN = (
    "SELECT card.id, card.name, card.type, card.section, card.newest_set, card.renown, card.rage, card.gnosis, "
    "card.health, card.requires FROM card_fts JOIN card ON card.game = 'rage' AND card.name_rank = card_fts.rowid "
    "WHERE card_fts MATCH ? ORDER BY card_fts.rowid LIMIT ?"
)


def _fields(where: str) -> tuple[str, str]:
    return (
        f"SELECT id FROM card WHERE {where} ORDER BY name_rank LIMIT ?",
        f"SELECT count(*) FROM card WHERE {where}",
    )


# (query as typed, free words only?, baseline page SQL, baseline count SQL, parameters): the baseline fetches the
# same first page of ids and the same count the browser shows, straight from SQLite.
QUERIES: tuple[tuple[str, bool, str, str, tuple[object, ...]], ...] = (
    *((prefix, True, FTS_PAGE, FTS_COUNT, (f'"{prefix}"*',)) for prefix in TYPED),
    ("moon", True, FTS_PAGE, FTS_COUNT, ('"moon"*',)),
    ("rage", True, FTS_PAGE, FTS_COUNT, ('"rage"*',)),
    ('"of the"', True, FTS_PAGE, FTS_COUNT, ('"of the"',)),
    ("moon bridge", True, FTS_PAGE, FTS_COUNT, ('"moon"* AND "bridge"*',)),
    ("t:gift", False, *_fields("type LIKE ?"), ("%gift%",)),
    ("k:ahroun", False, *_fields("keywords LIKE ?"), ("%ahroun%",)),
    ("renown>=3", False, *_fields("renown >= ?"), (3,)),
    ("shadow t:gift", False, FTS_PAGE, FTS_COUNT, ('"shadow"* AND type : gift*',)),
    ("a:wyrm renown>=4", False, *_fields("allegiance = ? AND renown >= 4"), ("Wyrm",)),
)


def raw_page_and_count(db: Any, page_sql: str, count_sql: str, params: tuple[object, ...], page: int) -> int:
    """Honest baseline: the first page of ids and the match count, as raw SQL on the read connection."""
    rows = db.reader.execute(page_sql, (*params, page)).fetchall()
    return len(rows) + int(db.reader.execute(count_sql, params).fetchone()[0])


def resolve_cards(deck: Any, db: Any) -> list[Any]:
    """Baseline for the legality check: normalise every deck entry's name and look it up, nothing more.

    The name is normalised here, as every lookup did when the goal was set: the database now keeps each name's
    key, and a baseline of two dict look-ups would make the ratio grow whenever the lookup gets faster."""
    from carddb.normalize import normalize_name

    return [db.lookup(normalize_name(entry.name)) for entry in deck.entries]


def browser_page() -> int:
    """How many rows the card browser builds first (PAGE_SIZE of deckbuilder.ui.browser when it has one)."""
    try:
        from deckbuilder.ui import browser
    except ImportError:
        return DEFAULT_PAGE
    return int(getattr(browser, "PAGE_SIZE", DEFAULT_PAGE))


def search_like_the_browser(db: Any, query: str, page: int) -> int:
    """What the browser shows for a query: its first page of rows and the number of matches (one parse)."""
    from carddb.search import search_page

    rows, total = search_page(db, query, limit=page)
    return len(rows) + total


SQLITE_ONE_ROW = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('SELECT * FROM card LIMIT 1').fetchone()"


# -- children (each runs in its own process) -------------------------------------------------------------------------


def child_import(args: dict[str, Any]) -> dict[str, Any]:
    """Import a plugin folder into a new database with the project's importer."""
    from carddb.db import CardDatabase
    from carddb.importing import import_path

    db = CardDatabase(args["db"])
    start = time.perf_counter()
    report = import_path(db, Path(args["source"]))
    seconds = time.perf_counter() - start
    cards = db.card_count()
    db.close()
    # Only counts per severity: issue reasons quote card data, which must not land in the README.
    severities: dict[str, int] = {}
    for issue in report.issues:
        severities[issue.severity] = severities.get(issue.severity, 0) + 1
    return {
        "seconds": seconds,
        "peak_mib": peak_mib(),
        "rows": report.rows_read,
        "cards": cards,
        "issues": len(report.issues),
        "issues_by_severity": severities,
    }


def child_baseline_import(args: dict[str, Any]) -> dict[str, Any]:
    """Baseline: read the same card data files and executemany the rows into a plain table, one transaction."""
    files = sorted((Path(args["source"]) / "sets").glob("*.txt"))
    conn = sqlite3.connect(args["db"], isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    start = time.perf_counter()
    rows = 0
    conn.execute("BEGIN")
    for path in files:
        with path.open(encoding="utf-8", errors="replace", newline="") as handle:
            header = handle.readline().rstrip("\r\n").split("\t")
            width = len(header)
            columns = ", ".join(f"c{i}" for i in range(width))
            conn.execute(f"CREATE TABLE IF NOT EXISTS plain ({columns})")
            cells = [(line.rstrip("\r\n").split("\t") + [""] * width)[:width] for line in handle]
            conn.executemany(f"INSERT INTO plain VALUES ({', '.join('?' * width)})", cells)
            rows += len(cells)
    conn.execute("COMMIT")
    seconds = time.perf_counter() - start
    conn.close()
    return {"seconds": seconds, "peak_mib": peak_mib(), "rows": rows}


def child_baseline_import_fts(args: dict[str, Any]) -> dict[str, Any]:
    """Second baseline: the bare executemany, then the project's own full-text index built in raw SQL."""
    from carddb.db import FTS_DEFINITION

    result = child_baseline_import(args)
    conn = sqlite3.connect(args["db"], isolation_level=None)
    start = time.perf_counter()
    conn.execute("BEGIN")
    conn.execute(FTS_DEFINITION)
    # Columns of the Lackey header: Name 0, Type 4, Requires 6, Keywords 7, Text 16, Errata 17.
    conn.execute(
        "INSERT INTO card_fts (rowid, name, type, keywords, requires, text) "
        "SELECT rowid, c0, c4, c7, c6, trim(c16 || ' ' || c17) FROM plain ORDER BY rowid"
    )
    conn.execute("COMMIT")
    conn.close()
    result["seconds"] += time.perf_counter() - start
    result["peak_mib"] = peak_mib()
    return result


# PySide6 6.12.0 on CPython 3.11 drops a reference to None on every call of a Qt method returning void (and to
# True/False on every signal emit); after a few thousand calls Python aborts with "deallocating None". Holding
# spare references keeps the benchmark alive; the app itself needs a fixed PySide6 (see benchmarks/README.md).
_SPARE_REFERENCES: list[object] = []


def guard_pyside_refcount_bug() -> None:
    """Give None, True and False a million spare references each (24 MB) for the length of a GUI child."""
    if not _SPARE_REFERENCES:
        _SPARE_REFERENCES.extend([None, True, False] * 1_000_000)


def child_gui(args: dict[str, Any]) -> dict[str, Any]:
    """Time the main window: Qt import, first show, search as you type, edit -> legality panel update."""
    guard_pyside_refcount_bug()
    started = time.perf_counter()
    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication, QMainWindow

    from carddb.db import CardDatabase
    from deckbuilder.legality import check_deck
    from deckbuilder.ui.main_window import MainWindow

    imported = time.perf_counter()
    app = QApplication.instance() or QApplication(["bench"])

    def settle() -> None:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)

    bare_start = time.perf_counter()
    bare = QMainWindow()
    bare.resize(1280, 720)
    bare.show()
    settle()
    bare_ms = (time.perf_counter() - bare_start) * 1000
    bare.close()

    db = CardDatabase(args["db"])
    window_start = time.perf_counter()
    window = MainWindow(db, interactive=False)
    window.show()
    settle()
    window_ms = (time.perf_counter() - window_start) * 1000

    deck_text = Path(args["deck"]).read_text(encoding="utf-8")
    open_start = time.perf_counter()
    opened = window.open_deck(Path(args["deck"]), ask_first=False)
    settle()
    open_ms = (time.perf_counter() - open_start) * 1000

    # Search as you type: set the box's text, wait for the results model to reset (includes the debounce).
    browser = window.browser
    reset_at: list[float] = []
    browser.model.modelReset.connect(lambda: reset_at.append(time.perf_counter()))
    typed: dict[str, dict[str, float]] = {}
    page = browser_page()
    for prefix in TYPED:
        reset_at.clear()
        start = time.perf_counter()
        browser.query_edit.setText(prefix)
        while not reset_at and time.perf_counter() - start < 10:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
        to_model_ms = (reset_at[0] - start) * 1000 if reset_at else float("nan")
        direct = timed_ms(browser.run_search, 3)
        settle()
        raw = timed_ms(partial(raw_page_and_count, db, FTS_PAGE, FTS_COUNT, (f'"{prefix}"*',), page), 3)
        typed[prefix] = {
            "to_model_ms": to_model_ms,
            "run_search_ms": statistics.median(direct),
            "raw_fts_ms": statistics.median(raw),
            "results": browser.result_count(),
        }

    # Edit -> legality panel: add a copy of a sept card and take it away again, through the undo stack, after two
    # pairs not counted (a window's first edits measure each label's and line's new size once). Then check_deck
    # alone, twenty in a row: a check timed after each edit would leave its data in the CPU's caches for the next
    # edit's own check.
    target, sept = edit_target(window.deck, db)

    def timed_edits(pairs: int, budget_s: float | None = None) -> list[float]:
        """Each edit's ms until the window shows it (past `budget_s`, no more pairs once two were timed)."""
        samples: list[float] = []
        stop_at = time.perf_counter() + budget_s if budget_s is not None else None
        for _ in range(pairs):
            if stop_at is not None and len(samples) >= 2 and time.perf_counter() > stop_at:
                break
            for action in (window.add_card, window.remove_card):
                start = time.perf_counter()
                action(target)
                settle()
                samples.append((time.perf_counter() - start) * 1000)
        return samples

    timed_edits(2)
    edits = timed_edits(10)
    check_only = timed_ms(lambda: check_deck(window.deck, db), 20)
    plain_deck = window.deck.copy()

    # The same edits on the same deck plus ten cards the database does not know (suggestions are computed).
    # Beside the database (in the run's scratch folder), never beside the deck, which may be in ../shared.
    unknown_deck = Path(args["db"]).with_name("with-unknown-cards.txt")
    unknown_lines = "".join(f"1\tNo Such Card Number {n} Of The Benchmark\n" for n in range(10))
    unknown_deck.write_text(deck_text.rstrip("\n") + "\n" + unknown_lines, encoding="utf-8")
    window.open_deck(unknown_deck, ask_first=False)
    settle()
    # Bounded: while suggestions are uncached an edit can take seconds at 100,000 cards.
    timed_edits(2, UNKNOWN_EDIT_BUDGET_S / 3)
    unknown_edits = timed_edits(10, UNKNOWN_EDIT_BUDGET_S)
    window.close()
    floor_edits = timed_floor_edits(plain_deck, db, target, sept, settle)
    db.close()
    return {
        "import_qt_ms": (imported - started) * 1000,
        "bare_window_ms": bare_ms,
        "window_ms": window_ms,
        "open_deck_ms": open_ms,
        "opened": bool(opened),
        "typed": typed,
        "debounce_ms": browser.DEBOUNCE_MS,
        "edit_ms": statistics.median(edits),
        "edit_p95_ms": p95(edits),
        "edit_unknown_ms": statistics.median(unknown_edits),
        "check_only_ms": statistics.median(check_only),
        "floor_edit_ms": statistics.median(floor_edits),
        "peak_mib": peak_mib(),
    }


def timed_floor_edits(
    deck: Any, db: Any, target: str, pile: list[str], settle: Callable[[], None]
) -> list[float]:
    """The same edits in edit_floor.py's minimal window (the edit's floor, for reference), after two uncounted pairs."""
    from edit_floor import FloorWindow  # benchmarks/ is on sys.path when this file runs as a script

    floor = FloorWindow(deck, db, [name for name in pile if deck.count_of(name)])
    floor.resize(1280, 720)
    floor.show()
    settle()
    samples: list[float] = []
    for counted in (False, False, *(True,) * 10):
        for add in (True, False):
            start = time.perf_counter()
            floor.edit(target, add)
            settle()
            if counted:
                samples.append((time.perf_counter() - start) * 1000)
    floor.close()
    return samples


def child_bare_qt(_args: dict[str, Any]) -> dict[str, Any]:
    """Baseline for cold start: a fresh interpreter that imports Qt and shows an empty main window."""
    guard_pyside_refcount_bug()
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(["bench"])
    window = QMainWindow()
    window.resize(1280, 720)
    window.show()
    app.processEvents()
    return {"peak_mib": peak_mib()}


def child_proxies(args: dict[str, Any]) -> dict[str, Any]:
    """Write proxy sheets for a deck with the project's exporter."""
    from carddb.db import CardDatabase
    from deckbuilder.deck import Deck
    from deckbuilder.export.proxies import ProxyOptions, write_proxies_pdf

    db = CardDatabase(args["db"])
    deck = Deck(name="Proxy benchmark")
    for name, count in args["cards"]:
        deck.add(name, count)
    start = time.perf_counter()
    report = write_proxies_pdf(deck, db, Path(args["out"]), ProxyOptions())
    seconds = time.perf_counter() - start
    preview = preview_timings(deck, db, Path(args["out"]).with_name("first-sheet.pdf"))
    db.close()
    return {
        **preview,
        "seconds": seconds,
        "peak_mib": peak_mib(),
        "pages": report.pages,
        "faces": report.cards,
        "embedded": report.images_embedded,
        "text_proxies": report.text_proxies,
        "bytes": Path(args["out"]).stat().st_size,
    }


def preview_timings(deck: Any, db: Any, page: Path, repeat: int = 7) -> dict[str, float]:
    """The export dialog's first-sheet preview vs PDFium rendering the same one-page PDF alone (medians, ms)."""
    from deckbuilder.export.preview import preview_proxies, render_pdf_page
    from deckbuilder.export.proxies import ProxyOptions, write_proxies_pdf
    from deckbuilder.ui.export_dialog import PREVIEW_BOX

    options = ProxyOptions()
    preview_proxies(deck, db, options, PREVIEW_BOX)  # warm: first PDFium load and image checks
    ours = statistics.median(timed_ms(lambda: preview_proxies(deck, db, options, PREVIEW_BOX), repeat))
    write_proxies_pdf(deck, db, page, options, page_limit=1)
    render_pdf_page(page, PREVIEW_BOX)
    render_only = statistics.median(timed_ms(lambda: render_pdf_page(page, PREVIEW_BOX), repeat))
    return {"preview_ms": ours, "render_only_ms": render_only}


def child_img2pdf(args: dict[str, Any]) -> dict[str, Any]:
    """Baseline: img2pdf of the same image files, one page per face."""
    import img2pdf

    start = time.perf_counter()
    data = img2pdf.convert(args["images"])
    Path(args["out"]).write_bytes(data)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "peak_mib": peak_mib(), "bytes": len(data)}


def child_window_import(args: dict[str, Any]) -> dict[str, Any]:
    """The window's card import (benchmarks/window_inputs.py), with the PySide6 guard of the other GUI children."""
    guard_pyside_refcount_bug()
    return __import__("window_inputs").child_window_import(args)  # type: ignore[no-any-return]


CHILDREN: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "import": child_import,
    "baseline-import": child_baseline_import,
    "baseline-import-fts": child_baseline_import_fts,
    "gui": child_gui,
    "bare-qt": child_bare_qt,
    "proxies": child_proxies,
    "img2pdf": child_img2pdf,
    "window-open": lambda args: __import__("window_inputs").child_window_open(
        args
    ),  # benchmarks/ is on sys.path
    "window-import": child_window_import,
    "cli-import": lambda args: __import__("window_inputs").child_cli_import(args),
}


def main(argv: list[str]) -> int:
    """Run one child: `children.py KIND JSON`."""
    kind, payload = argv
    print(json.dumps(CHILDREN[kind](json.loads(payload))), flush=True)
    sys.stderr.flush()
    # Skip interpreter teardown: with the PySide6 refcount bug it can abort after the figures are out.
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

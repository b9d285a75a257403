"""Benchmarks: import, search, legality, GUI and proxy export at several pool sizes, each beside a baseline.

`python benchmarks/run.py [--sizes 1600,20000,100000] [--no-readme]` prints a table and writes it to
benchmarks/README.md with the machine it ran on; `--quick` (under a minute) judges only the `ragedeck check`
processes on the 1,600-card pool, by instruction counts where valgrind exists. The run exits 1 when a goal is not
met. The 1,600-card pool is the real one from ../shared when present (otherwise generated); larger pools come from
benchmarks/generate.py.

The parts, by role: goals.py (the goals and their MET / NOT MET cells), measure.py (wall times, processes in turns,
instruction counts, child processes), children.py (what runs in a process of its own, ours and the baselines'),
report.py (the table and this folder's README), run.py (what is measured against what, and the exit status).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (
    str(ROOT),
    str(Path(__file__).resolve().parent),
):  # the checkout, and benchmarks/ when loaded by path
    if _path not in sys.path:
        sys.path.insert(0, _path)

import measure  # noqa: E402
from children import (  # noqa: E402
    FTS_PAGE_SHOWN,
    QUERIES,
    SQLITE_ONE_ROW,
    browser_page,
    raw_page_and_count,
    resolve_cards,
    search_like_the_browser,
)
from goals import (  # noqa: E402
    GOAL_CHECK_200_DECKS,
    GOAL_CHECK_300,
    GOAL_CHECK_ONE_DECK,
    GOAL_COLD_START,
    GOAL_EDIT_PANEL,
    GOAL_EDIT_UNKNOWN,
    GOAL_IMPORT,
    GOAL_IMPORT_LINEAR,
    GOAL_IMPORT_MIB,
    GOAL_LIBRARY_CACHED_MS,
    GOAL_SEARCH_FREE_WORD,
    GOAL_SEARCH_P95,
    GOAL_SIZE,
    QUICK_SIZE,
    goal,
    under,
)
from measure import (  # noqa: E402
    child_env,
    instructions,
    p95,
    paired_ms,
    process_seconds,
    processes_in_turns,
    ragedeck_command,
    run_child,
    scratch,
    timed_ms,
    valgrind_available,
)
from report import README, Results, machine, markdown  # noqa: E402

# The real card pool; RAGEDECK_BENCH_SHARED points elsewhere when the project is not checked out beside it.
SHARED = Path(os.environ.get("RAGEDECK_BENCH_SHARED", str(ROOT.parent / "shared")))
REAL_PLUGIN = SHARED / "data" / "lackey-rage"
REAL_DECK_60 = SHARED / "data" / "decks" / "gaia-example.txt"
REAL_SIZE = 1600
BATCH_DECKS = 200  # a tournament folder: half Lackey text lists, half .dek files, checked with --json


def bench_window_open(results: Results) -> None:
    """Issue 22: the window opens a 100,000-unknown-name .dek and a 90,000-entry native deck vs `ragedeck check`."""
    from window_inputs import write_native_deck, write_unknown_dek  # benchmarks/ is on sys.path as a script

    from carddb.db import CardDatabase
    from carddb.demo import ensure_demo_cards

    folder = scratch() / "window-open"
    folder.mkdir(exist_ok=True)
    db_path = folder / "cards.sqlite"
    db = CardDatabase(db_path)
    ensure_demo_cards(db)
    db.close()
    decks = [
        ("100,000 unknown names (.dek)", write_unknown_dek(folder / "unknown.dek")),
        ("90,000 entries (native)", write_native_deck(folder / "native.ragedeck")),
    ]
    for label, deck in decks:
        (cli,) = processes_in_turns(
            [([*ragedeck_command(), "check", str(deck), "--db", str(db_path)], (0, 1))], 1
        )
        window = run_child("window-open", {"db": str(db_path), "deck": str(deck)})["seconds"]
        results.add(label, "window opens the deck", window, "s", "`ragedeck check` (process)", cli)


def bench_window_import(results: Results) -> None:
    """Issue 22: the window imports a 200,000-entry JSON card file (worker thread, progress, cancel) vs the CLI."""
    from window_inputs import JSON_CARDS
    from window_inputs import bench_window_import as measure

    window, cli, bare = measure(scratch() / "window-import", run_child, ragedeck_command(), child_env())
    label = f"{JSON_CARDS:,} JSON cards"
    results.add(
        label,
        "window imports the card file (start -> done)",
        window,
        "s",
        "`ragedeck import-cards` (process)",
        cli,
    )
    results.details.append(f"{label}: the same import_path call in a process without Qt: {bare:.2f} s")


def prepare_pool(size: int, seed: int) -> tuple[Path, str, Path | None, Path]:
    """(plugin folder, label, 60-card deck, 300-card deck) for a pool size; real cards at 1,600 when present."""
    from generate import write_plugin  # benchmarks/ is on sys.path when run.py runs as a script

    generated = scratch() / f"pool-{size}"
    paths = write_plugin(generated, size, seed)
    if size == REAL_SIZE and (REAL_PLUGIN / "sets" / "carddata.txt").is_file():
        return REAL_PLUGIN, "real pool", REAL_DECK_60 if REAL_DECK_60.is_file() else None, paths["deck-300"]
    return generated, f"{size:,} generated", paths["deck-60"], paths["deck-300"]


def build_deck_300_from_db(db: Any) -> str:
    """A legal-shaped 300-card deck (Lackey text) from whatever cards a database holds."""
    cards = db.all_cards()
    gaia = [
        c
        for c in cards
        if str(c.section).endswith("characters")
        and "gaia" in c.type.casefold()
        and c.renown
        and not c.name.rsplit(" ", 1)[-1].isdigit()
        and "multiple" not in c.keyword_set
    ]
    pack, renown = [], 0
    for card in gaia:
        if renown + (card.renown or 0) <= 20:
            pack.append(card.name)
            renown += card.renown or 0
    sept = [c.name for c in cards if str(c.section).endswith("sept") and not c.requires][:66]
    combat = [c.name for c in cards if str(c.section).endswith("combat") and not c.requires][:50]
    lines = [
        "Characters:",
        *(f"1\t{n}" for n in pack),
        "Sept:",
        *(f"3\t{n}" for n in sept),
        "Combat:",
        *(f"2\t{n}" for n in combat),
    ]
    return "\n".join(lines) + "\n"


def tournament_folder(tag: str, db_path: Path, deck: Path) -> list[str]:
    """BATCH_DECKS copies of a deck, half as Lackey text and half as .dek (written by `ragedeck export`), as an
    organiser's folder holds them."""
    folder = scratch() / f"decks-{tag.split()[0]}"
    folder.mkdir(exist_ok=True)
    dek = folder / "deck.dek"
    subprocess.run(
        [*ragedeck_command(), "export", str(deck), "--to", "dek", "-o", str(dek), "--db", str(db_path)],
        capture_output=True, env=child_env(), cwd=ROOT, check=True,
    )  # fmt: skip
    copies = []
    for n in range(BATCH_DECKS):
        source, suffix = (deck, ".txt") if n % 2 == 0 else (dek, ".dek")
        copy = folder / f"deck-{n:03}{suffix}"
        shutil.copyfile(source, copy)
        copies.append(str(copy))
    return copies


def check_commands(db_path: Path, deck: Path, copies: list[str]) -> list[tuple[list[str], tuple[int, ...]]]:
    """The baseline process, `ragedeck check` of one deck, and of the whole folder with --json (exit 0 or 1)."""
    return [
        ([sys.executable, "-c", SQLITE_ONE_ROW, str(db_path)], (0,)),
        ([*ragedeck_command(), "check", str(deck), "--db", str(db_path)], (0, 1)),
        ([*ragedeck_command(), "check", *copies, "--json", "--db", str(db_path)], (0, 1)),
    ]


def bench_check_processes(tag: str, db_path: Path, deck: Path, results: Results, judged: bool) -> None:
    """`ragedeck check` of one deck and of a tournament folder, each a whole process, vs a bare sqlite3 process."""
    copies = tournament_folder(tag, db_path, deck)
    floor, one, many = processes_in_turns(check_commands(db_path, deck, copies), 5)
    base = "python: sqlite3 open + one row"
    results.add(tag, "`ragedeck check` one deck (process)", one * 1000, "ms", base, floor * 1000,
                goal(one / floor, GOAL_CHECK_ONE_DECK) if judged else "")  # fmt: skip
    results.add(tag, f"`ragedeck check` {BATCH_DECKS} decks, .txt + .dek, --json (process)", many * 1000, "ms",
                base, floor * 1000, goal(many / floor, GOAL_CHECK_200_DECKS) if judged else "")  # fmt: skip


def bench_library(tag: str, db_path: Path, decks: list[Path], results: Results, judged: bool) -> None:
    """Issue 33: the deck library listed from its verdict cache at 1,000 decks (the window's pane on opening) vs
    walking the same folders and reading each file's size and time, and the first check of all of them."""
    from library import LIBRARY_DECKS, measure_library

    found = measure_library(db_path, decks)
    results.add(tag, f"library: {LIBRARY_DECKS:,} decks listed from the cache (median)", found["cached_ms"], "ms",
                "walk the folders + stat each file", found["walk_ms"],
                under(found["cached_ms"], GOAL_LIBRARY_CACHED_MS) if judged else "")  # fmt: skip
    results.add(tag, f"library: {LIBRARY_DECKS:,} decks listed from the cache, CPU time (median)", found["cached_cpu_ms"],
                "ms")  # fmt: skip
    results.add(tag, f"library: {LIBRARY_DECKS:,} decks, refresh with nothing changed", found["unchanged_refresh_ms"],
                "ms")  # fmt: skip
    results.add(
        tag, f"library: {LIBRARY_DECKS:,} decks checked the first time", found["first_refresh_s"], "s"
    )


def bench_quick(seed: int, results: Results) -> None:
    """The quick mode: the check processes on the 1,600-card pool, by instruction counts when valgrind is here."""
    source, label, deck60, deck300 = prepare_pool(QUICK_SIZE, seed)
    tag = f"{QUICK_SIZE:,}" + (" (real)" if label == "real pool" else "")
    db_path = scratch() / "db-quick" / "cards.sqlite"
    run_child("import", {"db": str(db_path), "source": str(source)})
    deck = deck60 or deck300
    copies = tournament_folder(tag, db_path, deck)
    commands = check_commands(db_path, deck, copies)
    base = "python: sqlite3 open + one row"
    if valgrind_available():
        floor, one, many = (instructions(command, ok) for command, ok in commands)
        unit, scale = "M instr.", 1e-6
    else:
        results.note("valgrind is not installed: the quick mode judges wall-time medians instead")
        floor, one, many = processes_in_turns(commands, 5)
        unit, scale = "ms", 1000.0
    results.add(tag, "`ragedeck check` one deck (process)", one * scale, unit, base, floor * scale,
                goal(one / floor, GOAL_CHECK_ONE_DECK))  # fmt: skip
    results.add(tag, f"`ragedeck check` {BATCH_DECKS} decks, .txt + .dek, --json (process)", many * scale, unit,
                base, floor * scale, goal(many / floor, GOAL_CHECK_200_DECKS))  # fmt: skip


def bench_search(tag: str, db: Any, results: Results, judged: bool) -> None:
    """Every query: the browser's first page + count vs the same page of ids + count in raw SQL."""
    from carddb.search import search

    page = browser_page()
    reps = 31
    ours_all: list[float] = []
    raw_all: list[float] = []
    per_query = []
    worst: tuple[float, str] = (0.0, "")
    # Free-word query -> ours vs raw rows of the shown columns (reference, no goal).
    shown: dict[str, float] = {}
    floor: dict[
        str, float
    ] = {}  # raw rows of the shown columns vs raw ids: the least a page of shown rows costs
    for query, free_words, page_sql, count_sql, params in QUERIES:
        hits = len(search(db, query))  # also warms SQLite's page cache
        raw_page_and_count(db, page_sql, count_sql, params, page)
        ours, theirs = paired_ms(
            partial(search_like_the_browser, db, query, page),
            partial(raw_page_and_count, db, page_sql, count_sql, params, page),
            reps,
        )
        ours_all += ours
        raw_all += theirs
        ratio = statistics.median(ours) / max(statistics.median(theirs), 1e-6)
        if free_words and ratio > worst[0]:
            worst = (ratio, query)
        if free_words:
            mine, rows = paired_ms(
                partial(search_like_the_browser, db, query, page),
                partial(raw_page_and_count, db, FTS_PAGE_SHOWN, count_sql, params, page),
                reps,
            )
            shown[query] = statistics.median(mine) / max(statistics.median(rows), 1e-6)
            # The floor: raw SQL fetching the shown columns vs the goal's baseline (ids only), paired the same way.
            rows, ids = paired_ms(
                partial(raw_page_and_count, db, FTS_PAGE_SHOWN, count_sql, params, page),
                partial(raw_page_and_count, db, page_sql, count_sql, params, page),
                reps,
            )
            floor[query] = statistics.median(rows) / max(statistics.median(ids), 1e-6)
        per_query.append(
            f"`{query}` {hits:,} hits: {statistics.median(ours):.2f} ms vs raw {statistics.median(theirs):.2f} ms "
            f"({ratio:.2f}×)"
        )
        if free_words and judged:
            results.add(tag, f"search `{query}`: page of {page} + count", statistics.median(ours), "ms",
                        "raw FTS5 page + count", statistics.median(theirs),
                        goal(ratio, GOAL_SEARCH_FREE_WORD))  # fmt: skip
    results.details.append(
        f"{tag} search (page of {page} + count), median per query: " + "; ".join(per_query)
    )
    results.add(tag, f"search, worst free-word query (`{worst[1]}`)", worst[0], "×", "", None,
                goal(worst[0], GOAL_SEARCH_FREE_WORD) if judged else "")  # fmt: skip
    if worst[1] in shown:
        results.add(tag, f"search `{worst[1]}` vs raw rows of the shown columns + count (reference)",
                    shown[worst[1]], "×", "", None, "")  # fmt: skip
        results.add(tag, f"search `{worst[1]}`: raw rows of the shown columns + count vs the raw ids + count (floor)",
                    floor[worst[1]], "×", "", None, "")  # fmt: skip
    ours_p95, raw_p95 = p95(ours_all), p95(raw_all)
    results.add(tag, "search, page + count: p95 over the query set", ours_p95, "ms", "raw SQL page + count",
                raw_p95, goal(ours_p95 / raw_p95, GOAL_SEARCH_P95) if judged else "")  # fmt: skip


def bench_size(size: int, seed: int, results: Results, judged: bool) -> None:
    from carddb.db import CardDatabase
    from deckbuilder.deckfiles import parse_deck_text
    from deckbuilder.legality import check_deck

    source, label, deck60_path, deck300_path = prepare_pool(size, seed)
    tag = f"{size:,}" + (" (real)" if label == "real pool" else "")
    print(f"\n== {label}: {source}", flush=True)
    db_path = scratch() / f"db-{size}" / "cards.sqlite"
    imported = run_child("import", {"db": str(db_path), "source": str(source)})
    base = run_child(
        "baseline-import", {"db": str(scratch() / f"plain-{size}.sqlite"), "source": str(source)}
    )
    base_fts = run_child(
        "baseline-import-fts", {"db": str(scratch() / f"plain-fts-{size}.sqlite"), "source": str(source)}
    )
    results.imports[size] = (imported["seconds"], imported["rows"], label)
    results.add(tag, "import: time", imported["seconds"], "s", "executemany, plain table", base["seconds"])
    results.add(tag, "import: time", imported["seconds"], "s", "executemany + same FTS index, raw SQL",
                base_fts["seconds"],
                goal(imported["seconds"] / base_fts["seconds"], GOAL_IMPORT) if judged else "")  # fmt: skip
    mem_goal = ""
    if judged:
        mem_goal = f"goal < {GOAL_IMPORT_MIB:g} MiB: {'MET' if imported['peak_mib'] < GOAL_IMPORT_MIB else 'NOT MET'}"
    results.add(tag, "import: peak memory (child process)", imported["peak_mib"], "MiB",
                "executemany + FTS, raw SQL", base_fts["peak_mib"], mem_goal)  # fmt: skip
    results.details.append(
        f"{tag}: {imported['rows']:,} rows -> {imported['cards']:,} cards, {imported['issues']} issues "
        f"({', '.join(f'{n} {kind}' for kind, n in sorted(imported['issues_by_severity'].items()))})"
    )

    db = CardDatabase(db_path)
    bench_search(tag, db, results, judged)
    bench_library(tag, db_path, [p for p in (deck60_path, deck300_path) if p is not None], results, judged)

    deck_texts = {
        "60": deck60_path.read_text(encoding="utf-8") if deck60_path else None,
        "300": deck300_path.read_text(encoding="utf-8")
        if label != "real pool"
        else build_deck_300_from_db(db),
    }
    for deck_size, text in deck_texts.items():
        if text is None:
            continue
        cold_db = CardDatabase(db_path)
        deck = parse_deck_text(text, cold_db).deck
        start = time.perf_counter()
        report = check_deck(deck, cold_db)
        cold_ms = (time.perf_counter() - start) * 1000
        cold_db.close()
        deck = parse_deck_text(text, db).deck
        report = check_deck(deck, db)
        warm = statistics.median(timed_ms(partial(check_deck, deck, db), 50))
        resolve = statistics.median(timed_ms(partial(resolve_cards, deck, db), 50))
        cards = deck.total_cards()
        results.add(tag, f"legality check, {cards}-card deck (median)", warm, "ms", "resolve the cards only",
                    resolve, goal(warm / resolve, GOAL_CHECK_300) if judged and deck_size == "300" else "")  # fmt: skip
        results.add(tag, f"legality check, {cards}-card deck, cold cache", cold_ms, "ms")
        if not report.is_legal:
            results.note(
                f"{tag}: the {cards}-card benchmark deck is not legal: {sorted({r.code for r in report.errors})}"
            )
    db.close()

    gui_deck = deck60_path or deck300_path
    try:
        bench_check_processes(tag, db_path, gui_deck, results, judged)
    except RuntimeError as exc:
        results.note(f"{tag}: check process benchmark failed: {str(exc)[:400]}")
    try:
        gui = run_child("gui", {"db": str(db_path), "deck": str(gui_deck)})
    except RuntimeError as exc:
        results.note(f"{tag}: GUI benchmark failed: {str(exc)[:400]}")
        return
    results.add(tag, "GUI: main window built and shown", gui["window_ms"], "ms", "empty QMainWindow",
                gui["bare_window_ms"])  # fmt: skip
    results.add(tag, "GUI: open deck (read + check + show)", gui["open_deck_ms"], "ms")
    typed = gui["typed"]
    to_model = [v["to_model_ms"] for v in typed.values()]
    direct = [v["run_search_ms"] for v in typed.values()]
    raw_typed = [v["raw_fts_ms"] for v in typed.values()]
    debounce = float(gui["debounce_ms"])
    results.add(tag, "GUI: keystroke -> results model (max)", max(to_model), "ms",
                f"{debounce:.0f} ms debounce + raw FTS5 page + count (max)", debounce + max(raw_typed))  # fmt: skip
    results.add(tag, "GUI: run_search, no debounce (max)", max(direct), "ms", "raw FTS5 page + count (max)",
                max(raw_typed))  # fmt: skip
    results.add(tag, "GUI: edit -> legality panel (median)", gui["edit_ms"], "ms", "check_deck alone",
                gui["check_only_ms"], goal(gui["edit_ms"] / gui["check_only_ms"], GOAL_EDIT_PANEL) if judged else "")  # fmt: skip
    results.add(tag, "GUI: the same edit in a minimal Qt window (floor, reference)", gui["floor_edit_ms"], "ms",
                "check_deck alone", gui["check_only_ms"])  # fmt: skip
    results.add(tag, "GUI: edit -> legality panel vs that floor (reference)", gui["edit_ms"], "ms",
                "the floor", gui["floor_edit_ms"])  # fmt: skip
    results.add(tag, "GUI: edit of a deck with 10 unknown cards (median)", gui["edit_unknown_ms"], "ms",
                "same edit, no unknown cards", gui["edit_ms"],
                goal(gui["edit_unknown_ms"] / gui["edit_ms"], GOAL_EDIT_UNKNOWN) if judged else "")  # fmt: skip
    results.details.append(
        f"{tag} GUI search as you type (keystroke -> model incl. {debounce:.0f} ms debounce / run_search / raw FTS, "
        "results): "
        + "; ".join(
            f"`{p}` {v['to_model_ms']:.0f} / {v['run_search_ms']:.1f} / {v['raw_fts_ms']:.1f} ms, {v['results']:,}"
            for p, v in typed.items()
        )
    )
    results.details.append(
        f"{tag} GUI child: Qt + app imports {gui['import_qt_ms']:.0f} ms, peak {gui['peak_mib']:.0f} MiB"
    )

    # Cold start: a fresh process that opens the window on this database and a deck, to its JSON line.
    cold = run_cold_start(db_path, gui_deck)
    if cold is not None:
        smoke, bare_s = cold
        bare_ms = bare_s * 1000
        results.add(tag, "cold start: `ragedeck --smoke-test` process", smoke * 1000, "ms",
                    "process showing empty QMainWindow", bare_ms,
                    goal(smoke * 1000 / bare_ms, GOAL_COLD_START) if judged else "")  # fmt: skip

    if label == "real pool" or judged:
        bench_proxies(tag, db_path, results)


def judge_import_linearity(results: Results) -> None:
    """Seconds per row at the largest generated size vs the smallest generated size."""
    generated = sorted((n, v) for n, v in results.imports.items() if v[2] != "real pool")
    if len(generated) < 2:
        return
    (small, (s_sec, s_rows, _)), (large, (l_sec, l_rows, _)) = generated[0], generated[-1]
    per_small, per_large = s_sec / s_rows * 1e6, l_sec / l_rows * 1e6
    results.add(f"{small:,}→{large:,}", "import: µs per row, largest vs smallest", per_large, "µs",
                f"µs per row at {small:,}", per_small, goal(per_large / per_small, GOAL_IMPORT_LINEAR))  # fmt: skip


def run_cold_start(db_path: Path, deck: Path, repeat: int = 5) -> tuple[float, float] | None:
    """Median wall seconds of `python -m deckbuilder --smoke-test DECK --db DB` (a fresh process to its JSON line)
    and of a fresh process showing an empty QMainWindow, run in turns so machine load hits both alike."""
    command = [
        sys.executable, "-m", "deckbuilder", "--smoke-test", str(deck), "--smoke-window-only", "--db", str(db_path)
    ]  # fmt: skip
    app: list[float] = []
    bare: list[float] = []
    for attempt in range(repeat + 1):  # the first pair fills the bytecode cache and is not counted
        bare_wall = run_child("bare-qt", {})["process_wall_s"]
        start = time.perf_counter()
        done = subprocess.run(
            command, capture_output=True, text=True, env=child_env(), cwd=ROOT, timeout=300, check=False
        )
        wall = time.perf_counter() - start
        if done.returncode != 0:
            print(f"  smoke test failed: {done.stderr[-500:]}", flush=True)
            return None
        if attempt:
            app.append(wall)
            bare.append(bare_wall)
    return statistics.median(app), statistics.median(bare)


def bench_proxies(tag: str, db_path: Path, results: Results) -> None:
    """Proxy sheets for 60 copies of real cards that have images, beside img2pdf of the same image files."""
    from carddb.db import CardDatabase
    from deckbuilder.deck import Deck
    from deckbuilder.export.proxies import ProxyOptions, plan_faces

    db = CardDatabase(db_path)
    with_images = [
        c
        for c in db.all_cards()
        if c.printings
        and c.printings[0].image_paths
        and all(db.image_path(p) for p in c.printings[0].image_paths)
    ]
    chosen = [(c.name, 3) for c in with_images[:20]]
    deck = Deck(name="Proxy benchmark")
    for name, count in chosen:
        deck.add(name, count)
    faces = plan_faces(deck, db, ProxyOptions(), [])
    images = [str(f.image.path) for f in faces if f.image is not None]
    db.close()
    if not images:
        results.note(f"{tag}: no card images in the database; proxy benchmark skipped")
        return
    deck_file = scratch() / "proxy-deck.txt"
    deck_file.write_text("".join(f"{n}\t{name}\n" for name, n in chosen), encoding="utf-8")
    distinct_images = sorted(set(images))
    ours = process_seconds(
        [*ragedeck_command(), "export", str(deck_file), "--to", "proxies", "-o", str(scratch() / "proxies.pdf"),
         "--db", str(db_path)], 3)  # fmt: skip
    theirs = run_child("img2pdf", {"images": distinct_images, "out": str(scratch() / "img2pdf.pdf")})
    copies = sum(n for _, n in chosen)
    results.add(tag, f"proxies: `ragedeck export --to proxies` process, {copies} cards", ours * 1000, "ms",
                f"img2pdf process, same {len(distinct_images)} distinct images", theirs["process_wall_s"] * 1000,
                "no goal set")  # fmt: skip
    pdf = scratch() / "proxies.pdf"
    results.details.append(
        f"{tag} proxies: {len(faces)} faces, {len(distinct_images)} distinct images; our PDF "
        f"{pdf.stat().st_size / 1024 if pdf.exists() else 0:.0f} KiB, img2pdf {theirs['bytes'] / 1024:.0f} KiB"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the Rage Deckbuilder benchmarks.")
    parser.add_argument("--sizes", default="1600,20000,100000", help="comma-separated pool sizes")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="under a minute: the check processes at 1,600 cards, by instruction counts where valgrind exists",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-readme", action="store_true", help="print only; do not rewrite benchmarks/README.md"
    )
    args = parser.parse_args(argv)

    sizes = (
        [QUICK_SIZE] if args.quick else [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    )
    info = machine()
    print(f"{info['uname']}\n{info['cpu']}, Python {info['python']}, {info['date']}")
    results = Results()
    started = time.perf_counter()
    try:
        if args.quick:
            bench_quick(args.seed, results)
        else:
            judged_size = GOAL_SIZE if GOAL_SIZE in sizes else max(sizes)
            for size in sizes:
                bench_size(size, args.seed, results, judged=size == judged_size)
            judge_import_linearity(results)
            bench_window_open(results)
            bench_window_import(results)
    finally:
        measure.remove_scratch()
    elapsed = time.perf_counter() - started
    if not args.no_readme and not args.quick:  # the quick mode's few figures never replace the full table
        README.write_text(markdown(results, info, sizes, elapsed), encoding="utf-8")
        print(f"\nwrote {README} ({elapsed:.0f} s)")
    for row in results.missed:
        print(f"goal missed: {row.size}: {row.measure}: {row.ratio} ({row.budget})", file=sys.stderr)
    return 1 if results.missed else 0


if __name__ == "__main__":
    sys.exit(main())

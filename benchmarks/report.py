"""The benchmarks' report: the results table, the machine it ran on and benchmarks/README.md's text."""

from __future__ import annotations

import os
import platform
import sqlite3
import subprocess
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from goals import (
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
)

README = Path(__file__).resolve().parent / "README.md"


@dataclass
class Row:
    """One line of the results table."""

    size: str
    measure: str
    figure: str
    baseline: str = ""
    baseline_figure: str = ""
    ratio: str = ""
    budget: str = ""


@dataclass
class Results:
    """Everything measured, for the table and the README."""

    rows: list[Row] = field(default_factory=list)
    imports: dict[int, tuple[float, int, str]] = field(default_factory=dict)  # size -> (seconds, rows, label)
    notes: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        """Something the reader must know (a failed step, an illegal benchmark deck)."""
        self.notes.append(text)
        print(f"  NOTE: {text}", flush=True)

    def add(
        self,
        size: str,
        measure: str,
        figure: float,
        unit: str,
        baseline: str = "",
        base: float | None = None,
        budget: str = "",
    ) -> None:
        ratio = f"{figure / base:.2f}×" if base else ""
        self.rows.append(
            Row(
                size,
                measure,
                _fmt(figure, unit),
                baseline,
                _fmt(base, unit) if base is not None else "",
                ratio,
                budget,
            )
        )
        print(
            f"  {measure:<44} {_fmt(figure, unit):>10}   {baseline:<32} {_fmt(base, unit) if base is not None else '':>10} {ratio:>7} {budget}",
            flush=True,
        )

    @property
    def missed(self) -> list[Row]:
        """The judged rows whose goal was not met (the run's exit status reads them)."""
        return [row for row in self.rows if row.budget.startswith("goal") and row.budget.endswith("NOT MET")]


def _fmt(value: float | None, unit: str) -> str:
    if value is None:
        return ""
    if unit == "ms":
        return f"{value:.2f} ms" if value < 10 else f"{value:.0f} ms"
    if unit == "s":
        return f"{value:.2f} s"
    if unit == "MiB":
        return f"{value:.0f} MiB"
    if unit == "µs":
        return f"{value:.1f} µs"
    if unit == "×":
        return f"{value:.2f}×"
    if unit == "KiB":
        return f"{value:.0f} KiB"
    if unit == "M instr.":
        return f"{value:,.0f} M instr."
    return f"{value:g} {unit}".strip()


def machine() -> dict[str, str]:
    """What the benchmark ran on."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        cpu = platform.processor()
    try:
        uname = subprocess.run(["uname", "-a"], capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        uname = " ".join(platform.uname())
    memory = ""
    try:
        total_kib = int(
            next(
                line for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal")
            ).split()[1]
        )
        memory = f"{total_kib / 2**20:.0f} GiB"
    except (OSError, StopIteration, ValueError):
        pass
    return {
        "uname": uname,
        "cpu": f"{cpu} ({os.cpu_count()} logical CPUs)",
        "memory": memory,
        "python": sys.version.split()[0],
        "sqlite": sqlite3.sqlite_version,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


# Written by hand from profiles of this code on 2026-11-23; re-check them after changing the code they name.
PROFILING_NOTES = """## Where the time goes (profiles of 2026-11-23, 100,000 cards)

- Search. Full-text rows carry the card's place in name order (`card.name_rank`) as rowid, so a free-word page is
  FTS5 streaming its doclist in order and stopping after the page; the count is FTS5's own `count(*)`. Every column
  a row shows comes from the covering index `ix_card_name_rank` (the newest set is stored on the card at import).
  Broad queries (`s`, `rage`, `"of the"`) are 0.9–1.1× the raw page + count, because the count dominates both.
  The narrowest prefix (`sh`, ~0.32 ms raw) sits at 1.4–1.55×: rows are now built in C (`tuple.__new__` over
  `map`, ~10 µs for the page), so what remains (~0.11 ms) is SQLite joining each of the 100 rowids to the card
  index and decoding its ten columns, which the raw baseline (rowids only) does not do. By callgrind (2026-12-07,
  `sh`, per search): raw 3.86 M instructions (page 0.40 M, count 3.46 M), ours 5.75 M. A row the browser shows
  costs ~16 k against ~4 k for a raw rowid: the seek into `ix_card_name_rank` ~4.8 k (~2.2 k with `name_rank`
  before `game` in the key), nine more cells ~5.1 k (CPython 3.11's `_sqlite` releases and takes back the GIL
  around each cell's `sqlite3_column_type`, ~0.6 k a cell), their values ~4.8 k, the SearchRow ~1.6 k. The raw
  count plus 100 such rows and nothing else is already 5.49 M (1.42×); the pinned names' query (0.35 M, 20 rows of
  twelve cells) takes the place of 20 page rows, and Python around it adds ~0.25 M. Tried and slower: the count as
  a column of the page (+0.16 M), `count(*) OVER ()` (41 M), the page as JSON from SQLite (+0.33 M) or as one
  joined text per row (+0.03 M).
- Import (profiles of 2026-11-27, 100,000 rows, CPU seconds of child processes on a loaded 2-core machine, medians
  of 5 interleaved runs): lines are read a 64 KiB chunk at a time (one split and one UTF-8 decode per chunk,
  `carddb/lackey_lines.py`), and the usual row (a header naming every Lackey column, 18 cells, nothing to note) is
  checked from its cells by `_Importer.add_cells`, with no dict per row; a row with anything to say still goes
  through `add_row`, so issues and reports are unchanged. Rows are staged in a temp table of the import's own
  connection (`carddb/staging.py`, 64 MiB of temp cache: the write reads them back by seq in name order), then
  written in SQL (`carddb/cardwriter.write_staged`; new cards are put in name order by sorting their seqs alone).
  Reading and checking rows (before staging) is now ~0.85 s (was ~1.75 s); the rest is SQL: the FTS5 index (as in
  the baseline, ~27% of the import's samples), cards and printings with their indexes (~13% each), the staging
  executemany (~10%), the commit (~9%). 4.9 s against the baseline's 2.5 s (1.95× CPU; 2.74× before this change in
  the same runs). Peak memory: 209 MiB at 100,000 rows, 363 MiB at 1,000,000 (the temp cache is capped, so it stays
  linear).
  Later the same day (callgrind instruction counts of `import_path`, repeatable whatever the load): a numeric
  cell left empty is staged as '' and read back as NULL (`staging.stage_fields`), because sqlite3 looks for an
  adapter for every None it binds (~3,300 instructions each, ~614,000 of them at 100,000 rows); an import into an
  empty card table skips the window that renumbered every card (they are written in place) and feeds FTS5 in id
  order; the printings' INSERT reads the stage straight through instead of by its index; image names are passed by
  C scans before any regex. 20,000 rows: 5.92 → 5.19 G instructions (baseline with FTS 2.75 G); 100,000 rows:
  30.5 G (baseline with FTS 17.9 G).
- Import linearity (2026-12-07; on-CPU time per phase from /proc/self/schedstat, because on this loaded machine half
  of each import's wall time was waiting for a CPU, which is most of what moves the 20,000 → 100,000 ratio between
  runs; time off the CPU, I/O and the checkpoint's fsync included, is ~2 µs a row at both sizes). What grew per row:
  FTS5's build, ~15 → ~20 µs a row, because with its 1 MiB of pending terms and merges four segments at a time
  every posting was rewritten once per level, one level more at 100,000 (the raw baseline grows for the same
  reason); and the write's sorts and joins, ~12 → ~18 (n log n, and a working set past the CPU caches). The index
  is now built with 4 MiB pending and no merging while it is built (`carddb/searchindex.py`; FTS5's defaults come
  back afterwards and nothing stays in `card_fts_config`): each posting is written once, ~10 → ~12 µs a row, and
  100,000 cards leave 10 segments as before (eight queries' page + count: the same instructions within 0.3 %). The
  printings are ordered on (card id, seq) alone, as new cards were, instead of sorting whole printings (a sorter
  holds up to cache_size of rows: it was the import's memory peak). Medians of 5 interleaved runs, on-CPU µs a row
  at 20,000 / 100,000: before 69.9 / 74.9, after 57.7 / 67.1, baseline with FTS 28.8 / 37.0 (wall 132 / 184,
  134 / 157, 65 / 85); callgrind, a whole import process at 20,000: 7.47 → 6.90 G instructions (SQLite's
  steps 3.26 → 2.70 G); peak 219 → 214 MiB at 100,000, 381 → 347 MiB at 1,000,000.
- `ragedeck check` processes: the command builds only its own parser (argparse's gettext look-ups cost ~0.5 ms a
  subparser), reads shipped data beside the modules (no importlib.resources/zipfile), imports XML only for .dek,
  csv/html only for reports, tempfile only to write, and probes for an empty database with one row instead of
  counting 100,000. What is left is Python start-up, `dataclasses` (→ inspect/ast/dis, ~6 ms) and the legality
  rules module (~3 ms). Children now run with compiled bytecode, like an installed app: with
  PYTHONDONTWRITEBYTECODE set every start recompiled all of our modules (~30 ms) while the baselines imported
  only precompiled standard modules.
- Cold start: the Type filter fills its choices when first opened or focused (`SELECT DISTINCT type` scans every
  card, ~20 ms at 100,000), set names hop along their index (0.02 ms instead of 7 ms), and the Qt library check
  imports subprocess/ctypes only when it runs ldd. The figure is a median of interleaved runs of both processes.
- Edit with ten unknown cards (2026-11-28, callgrind): suggestions are cached (rapidfuzz), nothing is recomputed
  per edit. The legality panel keeps each line's size on the line (Qt reads it in C++, no Python delegate), and
  after a layout repaints only the lines in view that moved or changed, so the ten long "did you mean" lines are
  not redrawn when only the "Errors (n)" heading changed: 9.0 M instructions against 8.1 M for the plain edit
  (1.11×; the code before the reshape: 23.5 M against 12.6 M, 1.87×).
- Edit → legality panel (2026-11-28, callgrind, per add or remove of a sept card at 100,000 cards): 7.65 M
  instructions (4.1 M in the push, 3.5 M in Qt's layout and paint) against `check_deck`'s 1.47 M (5.2×; before the
  reshape 12.46 M against 2.20 M, 5.7×). The collection is read again only when the database's `data_version`
  moved; the deck tables send one signal per changed row span and read each Qt role once; the deck header and pile
  titles paint their own background, and the header keeps a text document only under the pointer. Wall times of
  a 2–4 ms edit move 20–50 % between runs on this shared 2-core machine, so single runs of this ratio say little.
  3× (~0.5 ms) is below Qt's own repaint of one table, so the goal cannot be met with widgets that repaint.
"""


def markdown(results: Results, info: dict[str, str], sizes: list[int], elapsed: float) -> str:
    lines = [
        "# Benchmarks",
        "",
        "Run everything with `python benchmarks/run.py` (sizes 1,600, 20,000 and 100,000 cards; a few minutes);",
        "`--sizes 1600,5000` picks sizes. The run rewrites this file and exits 1 when a goal below is NOT MET.",
        "`python benchmarks/run.py --quick` (under a minute of CPU; prints, never rewrites this file) judges the",
        "`ragedeck check` processes on the 1,600-card pool by instruction counts (callgrind, the same figure whatever",
        "the load) where valgrind is installed, else by wall-time medians. By role: `goals.py` (goals, MET / NOT",
        "MET), `measure.py` (timing, processes in turns, instruction counts, children), `children.py` (what runs in a",
        "process of its own, ours and the baselines'), `report.py` (this table), `run.py` (what is measured against",
        "what). Synthetic pools come from `python benchmarks/generate.py N OUT_DIR [--seed S]` (invented names, the real",
        "pool's type mix, reprints, quotes and odd characters, plus a legal ~60-card and ~300-card deck); the 1,600 pool",
        "is the real one from `../shared/data/lackey-rage` when present (`RAGEDECK_BENCH_SHARED=DIR` points elsewhere).",
        "`python benchmarks/search_instructions.py --tree OLD --tree .` compares the browser's search at 100,000 cards",
        "(page + count of `sh`, `moon`, `s`, beside raw FTS5) between code trees by callgrind instruction counts.",
        "",
        "Every figure stands beside a baseline measured in the same run on the same data, and every goal of issue 11",
        "is judged at 100,000 cards (or the largest size run) as MET / NOT MET:",
        "",
        "- search: what the browser shows — `search(db, q, limit=PAGE)` plus `count_matches(db, q)` — vs raw SQL that",
        "  fetches exactly that first page of ids and the count (`SELECT rowid FROM card_fts WHERE card_fts MATCH ?",
        "  ORDER BY rowid LIMIT ?` + `SELECT count(*) ...`; field queries the same over `card`). Goals: every free-word",
        f"  query ≤ {GOAL_SEARCH_FREE_WORD:g}×, p95 over the query set ≤ {GOAL_SEARCH_P95:g}×. For reference (no goal), the",
        "  worst free-word query also beside raw SQL fetching the same page as rows of the ten shown columns, and that",
        "  raw SQL beside the goal's baseline (the floor a page of shown rows has);",
        "- `ragedeck check`: whole processes (one deck; 200 decks in one command, half Lackey text, half .dek, with",
        "  `--json`, as an organiser's folder is checked) vs a Python process that opens the",
        f"  database with sqlite3 and reads one row (medians of five runs of each, in turns). Goals ≤ {GOAL_CHECK_ONE_DECK:g}× and",
        f"  ≤ {GOAL_CHECK_200_DECKS:g}×;",
        "- cold start: a fresh `python -m deckbuilder --smoke-test DECK --smoke-window-only` process vs a fresh process",
        f"  that shows an empty QMainWindow (medians of five runs of each, in turns). Goal ≤ {GOAL_COLD_START:g}×.",
        "  Every process runs with compiled bytecode (in a scratch cache), as an installed app does;",
        "- import (each in its own process, peak memory = ru_maxrss): vs a bare `executemany` into a plain table, and vs",
        "  that plus building the project's own full-text index (`carddb.db.FTS_DEFINITION`) in raw SQL. Goals",
        f"  ≤ {GOAL_IMPORT:g}× the second baseline, µs per row at the largest size ≤ {GOAL_IMPORT_LINEAR:g}× the smallest generated",
        f"  size (linear), memory < {GOAL_IMPORT_MIB:g} MiB;",
        f"- legality: `check_deck` of the 300-card deck vs resolving its cards. Goal ≤ {GOAL_CHECK_300:g}×;",
        "- GUI (offscreen `MainWindow`): an edit through the undo stack until the legality panel shows the new report",
        f"  vs `check_deck` alone (goal ≤ {GOAL_EDIT_PANEL:g}×), each run of edits after two pairs not counted; for",
        "  reference, the same edits in a minimal Qt window (`edit_floor.py`: the check, the pile's rows in a",
        "  QStandardItemModel, the labels and the legality lines; the floor); the same edit on the deck plus ten unknown",
        f"  cards vs without them (goal ≤ {GOAL_EDIT_UNKNOWN:g}×);",
        "- proxies: a whole `ragedeck export --to proxies` process vs an `img2pdf` process on the same distinct images",
        "  (no goal set; for reference);",
        "- deck library (issue 33): `Library.cached()` of 1,000 deck files (the 60- and 300-card decks, in folders of",
        "  100) from the verdict cache, in a fresh `Library`, vs walking the same folders and stat-ing every file",
        f"  (median of 15; CPU time beside it). Goal < {GOAL_LIBRARY_CACHED_MS:g} ms; the first full check and a",
        "  refresh with nothing changed for reference.",
        "",
        "## Machine",
        "",
        f"- `{info['uname']}`",
        f"- CPU: {info['cpu']}; memory {info['memory']}",
        f"- Python {info['python']}, SQLite {info['sqlite']}",
        f"- Date: {info['date']}; sizes {', '.join(f'{s:,}' for s in sizes)}; whole run {elapsed:.0f} s",
        "",
        "## Results",
        "",
        "| Cards | Measure | Figure | Baseline | Baseline figure | Ratio | Goal |",
        "|---|---|---:|---|---:|---:|---|",
    ]
    for row in results.rows:
        lines.append(
            f"| {row.size} | {row.measure} | {row.figure} | {row.baseline} | {row.baseline_figure} | "
            f"{row.ratio} | {row.budget} |"
        )
    if results.notes:
        lines += ["", "## Notes", ""] + [f"- {note}" for note in results.notes]
    lines += ["", PROFILING_NOTES.rstrip()]
    lines += ["", "## Details", ""] + [f"- {detail}" for detail in results.details]
    hand_notes = _hand_written_notes()
    if hand_notes:
        lines += ["", hand_notes]
    return "\n".join(lines) + "\n"


HAND_NOTES_HEADING = "## Notes (written by hand"


def _hand_written_notes() -> str:
    """The README's hand-written notes section (kept when the run rewrites the file), or ""."""
    try:
        text = README.read_text(encoding="utf-8")
    except OSError:
        return ""
    start = text.find(HAND_NOTES_HEADING)
    return text[start:].rstrip() if start >= 0 else ""

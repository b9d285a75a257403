"""Search at 100,000 cards on several code trees, by instruction counts (callgrind) and wall time, beside raw FTS5.

`python benchmarks/search_instructions.py --tree /work/base29 --tree /work/base --tree .` generates one synthetic
pool (benchmarks/generate.py, the same seed for every tree), imports it with each tree's own importer into a
database of that tree's schema, then for each tree and query counts the instructions of what the browser shows
(its first page of rows and the number of matches), of raw SQL that fetches that page of FTS5 rowids and the
count, and of raw SQL that fetches the same page as rows of the browser's ten columns (the floor with the shown
columns). Instructions are counted by callgrind between two client requests (a tiny C library built with `cc` from
valgrind's header) around ROUNDS searches after a warm-up one, divided by ROUNDS: the figure does not depend on the
machine's load. Wall figures are medians of interleaved in-process repeats.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ("sh", "moon", "s")
PAGE = 100
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")

# A counter of callgrind's own: instructions between two calls, whatever else the process did before (its start,
# the database's opening, the warm-up searches). Built from valgrind's header when the script runs.
COUNTER_C = r"""
#include <valgrind/callgrind.h>
void counting_on(void) { CALLGRIND_ZERO_STATS; CALLGRIND_TOGGLE_COLLECT; }
void counting_off(const char *what) { CALLGRIND_TOGGLE_COLLECT; CALLGRIND_DUMP_STATS_AT(what); }
"""

# Runs inside a tree (its carddb on sys.path): argv = counter library, db, rounds, queries...
CHILD = r"""
import ctypes, json, statistics, sys, time
from carddb.db import CardDatabase
import carddb.search as s

counter_path, db_path, rounds, queries = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
PAGE = 100
db = CardDatabase(db_path)
conn = db.reader

def ours(q):
    if hasattr(s, "search_page"):  # one round trip for the page and its count, as the browser asks
        rows, total = s.search_page(db, q, limit=PAGE)
        return len(rows) + total
    return len(s.search(db, q, limit=PAGE)) + s.count_matches(db, q)

def raw(q):
    match = '"' + q + '"*'
    ids = conn.execute(
        "SELECT rowid FROM card_fts WHERE card_fts MATCH ? ORDER BY rowid LIMIT ?", (match, PAGE)
    ).fetchall()
    return len(ids) + conn.execute("SELECT count(*) FROM card_fts WHERE card_fts MATCH ?", (match,)).fetchone()[0]

# The floor with the browser's ten columns: the same page as rows of them, straight from SQLite (this tree's schema;
# a tree whose card table has other columns is measured without it).
SHOWN = (
    "SELECT card.id, card.name, card.type, card.section, card.newest_set, card.renown, card.rage, card.gnosis, "
    "card.health, card.requires FROM card_fts JOIN card ON card.game = 'rage' AND card.name_rank = card_fts.rowid "
    "WHERE card_fts MATCH ? ORDER BY card_fts.rowid LIMIT ?"
)

def shown(q):
    match = '"' + q + '"*'
    rows = conn.execute(SHOWN, (match, PAGE)).fetchall()
    return len(rows) + conn.execute("SELECT count(*) FROM card_fts WHERE card_fts MATCH ?", (match,)).fetchone()[0]

try:
    shown("sh")
    KINDS = (("ours", ours), ("raw", raw), ("shown", shown))
except Exception:
    KINDS = (("ours", ours), ("raw", raw))

if counter_path == "-":  # wall time, interleaved so that load hits both alike
    out = {}
    for q in queries:
        for _name, f in KINDS:
            f(q)
        times = {name: [] for name, _f in KINDS}
        for _ in range(rounds):
            for name, f in KINDS:
                start = time.perf_counter()
                f(q)
                times[name].append(time.perf_counter() - start)
        out[q] = {k: statistics.median(v) * 1000 for k, v in times.items()}
    print(json.dumps(out))
else:
    counter = ctypes.CDLL(counter_path)
    for q in queries:
        for name, f in KINDS:
            f(q)  # warm: plans cached, pages read
            counter.counting_on()
            for _ in range(rounds):
                f(q)
            counter.counting_off(f"{name} {q}".encode())
"""


def run(tree: Path, args: list[str], out: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The child in `tree`'s code (under callgrind when `out` names its output files)."""
    command = [sys.executable, "-c", CHILD, *args]
    if out is not None:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--collect-atstart=no",
            f"--callgrind-out-file={out}",
            *command,
        ]
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, cwd=tree, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{tree}: exited {done.returncode}: {done.stderr[-800:]}")
    return done


_TRIGGER = re.compile(r"^desc: Trigger: Client Request: (.*)$", re.MULTILINE)
_SUMMARY = re.compile(r"^summary: (\d+)", re.MULTILINE)


def instructions(
    tree: Path, db: Path, counter: Path, queries: list[str], rounds: int, work: Path
) -> dict[str, float]:
    """Instructions of one search (\"ours q\") and one raw FTS5 page + count (\"raw q\") per query, in `tree`'s code."""
    out = work / f"cg-{tree.name}.out"
    for old in work.glob(f"cg-{tree.name}.out*"):
        old.unlink()
    run(tree, [str(counter), str(db), str(rounds), *queries], out)
    counts: dict[str, float] = {}
    for dump in work.glob(f"cg-{tree.name}.out.*"):
        text = dump.read_text(errors="replace")
        trigger, summary = _TRIGGER.search(text), _SUMMARY.search(text)
        if trigger and summary:
            counts[trigger.group(1).strip()] = int(summary.group(1)) / rounds
    return counts


def counter_library(work: Path) -> Path:
    """The callgrind counter, compiled once."""
    library = work / "counter.so"
    if not library.exists():
        source = work / "counter.c"
        source.write_text(COUNTER_C)
        subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", str(library), str(source)], check=True)
    return library


def build(tree: Path, pool: Path, db: Path) -> None:
    """Import the pool into a new database with `tree`'s importer."""
    code = "import sys; from carddb.db import CardDatabase; from carddb.importing import import_path; " + (
        "from pathlib import Path; db = CardDatabase(sys.argv[1]); import_path(db, Path(sys.argv[2])); db.close()"
    )
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", code, str(db), str(pool)], cwd=tree, env=env, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", type=Path, help="a code tree (default: this one)")
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5, help="searches counted per query")
    parser.add_argument("--repeat", type=int, default=40, help="wall-time repeats per query")
    parser.add_argument("--queries", default=",".join(QUERIES))
    parser.add_argument("--work", type=Path, help="keep pools and databases here (reused when present)")
    options = parser.parse_args(argv)
    trees = [t.resolve() for t in (options.tree or [ROOT])]
    queries = options.queries.split(",")
    work = options.work or Path(tempfile.mkdtemp(prefix="search-instr-"))
    work.mkdir(parents=True, exist_ok=True)
    pool = work / f"pool-{options.size}"
    if not (pool / "sets").is_dir():
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from generate import write_plugin

        write_plugin(pool, options.size, 1)
    counter = counter_library(work)
    report = {}
    for tree in trees:
        db = work / f"{tree.name}-{options.size}" / "cards.sqlite"
        if not db.exists():
            db.parent.mkdir(parents=True, exist_ok=True)
            build(tree, pool, db)
        counts = instructions(tree, db, counter, queries, options.rounds, work)
        ours = sum(counts[f"ours {q}"] for q in queries)
        raw = sum(counts[f"raw {q}"] for q in queries)
        wall = json.loads(run(tree, ["-", str(db), str(options.repeat), *queries]).stdout)
        report[str(tree)] = {"ours": ours, "raw": raw, "counts": counts, "wall": wall}
        print(
            f"{tree}: {' + '.join(queries)} page + count = {ours / 1e6:.2f} M instr (raw FTS5 {raw / 1e6:.2f} M)"
        )
        for q in queries:
            w, mine, theirs = wall[q], counts[f"ours {q}"], counts[f"raw {q}"]
            print(
                f"  {q!r}: {mine / 1e6:.2f} M vs raw {theirs / 1e6:.2f} M ({mine / theirs:.2f}x); "
                f"wall {w['ours']:.2f} ms vs raw {w['raw']:.2f} ms ({w['ours'] / w['raw']:.2f}x)",
                flush=True,
            )
            if f"shown {q}" in counts:
                rows = counts[f"shown {q}"]
                print(
                    f"    floor, raw rows of the shown columns: {rows / 1e6:.2f} M ({rows / theirs:.2f}x raw ids; "
                    f"ours {mine / rows:.2f}x it); wall {w['shown']:.2f} ms ({w['shown'] / w['raw']:.2f}x raw ids)",
                    flush=True,
                )
    if len(trees) > 1:
        first = report[str(trees[0])]["ours"]
        for tree in trees[1:]:
            print(f"{tree} vs {trees[0]}: {report[str(tree)]['ours'] / first - 1:+.1%} instructions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

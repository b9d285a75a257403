"""The deck library (issue 33): listing 1,000 decks from the verdict cache, and checking them all once.

`python benchmarks/library.py --db CARDS.sqlite DECK [DECK...] [--decks 1000]` prints the figures; run.py measures
the same at each pool size (goal: the cached listing under GOAL_LIBRARY_CACHED_MS).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LIBRARY_DECKS = 1000
PER_FOLDER = 100  # a player's decks in folders of a hundred, as a tidy library holds them


def library_folder(folder: Path, decks: list[Path], count: int = LIBRARY_DECKS) -> list[Path]:
    """`count` copies of the given deck files in sub-folders of PER_FOLDER (each copy a file of its own)."""
    made = []
    for number in range(count):
        source = decks[number % len(decks)]
        target = folder / f"set-{number // PER_FOLDER:02}" / f"deck-{number:04}{source.suffix}"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        made.append(target)
    return made


def walk_floor(folder: Path) -> None:
    """The floor under any listing: walk the folders and stat every file (what `cached()` cannot avoid)."""
    stack = [folder]
    while stack:
        for entry in os.scandir(stack.pop()):
            if entry.is_dir(follow_symlinks=False):
                stack.append(Path(entry.path))
            else:
                entry.stat(follow_symlinks=False)


def measure_library(db_path: Path, decks: list[Path], count: int = LIBRARY_DECKS) -> dict[str, Any]:
    """Seconds of a first full check of `count` decks, and medians (ms) of a cached listing, a refresh with nothing
    changed and the walk floor."""
    from carddb.db import CardDatabase
    from deckbuilder.library import Library

    work = Path(tempfile.mkdtemp(prefix="ragedeck-library-"))
    try:
        folder = work / "decks"
        library_folder(folder, decks, count)
        db = CardDatabase(db_path)
        start = time.perf_counter()
        listed = Library(db, [folder], data_dir=work / "data").refresh()
        first = time.perf_counter() - start
        cached, cpu, unchanged, floor = [], [], [], []
        for _ in range(15):
            library = Library(db, [folder], data_dir=work / "data")  # a fresh window: nothing kept in memory
            start, start_cpu = time.perf_counter(), time.thread_time()
            library.cached()
            cached.append((time.perf_counter() - start) * 1000)
            cpu.append(
                (time.thread_time() - start_cpu) * 1000
            )  # what a busy machine's other work does not add
            start = time.perf_counter()
            walk_floor(folder)
            floor.append((time.perf_counter() - start) * 1000)
        for _ in range(3):
            start = time.perf_counter()
            Library(db, [folder], data_dir=work / "data").refresh()
            unchanged.append((time.perf_counter() - start) * 1000)
        db.close()
        return {
            "decks": len(listed),
            "checked": sum(deck.legal is not None for deck in listed),
            "first_refresh_s": first,
            "cached_ms": statistics.median(cached),
            "cached_max_ms": max(cached),
            "cached_cpu_ms": statistics.median(cpu),
            "unchanged_refresh_ms": statistics.median(unchanged),
            "walk_ms": statistics.median(floor),
        }
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure the deck library at 1,000 decks.")
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("decks", nargs="+", type=Path)
    parser.add_argument("--decks", dest="count", type=int, default=LIBRARY_DECKS)
    args = parser.parse_args(argv)
    figures = measure_library(args.db, args.decks, args.count)
    for key, value in figures.items():
        print(f"{key}: {value:.2f}" if isinstance(value, float) else f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

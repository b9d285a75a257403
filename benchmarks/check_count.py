"""Instructions per `check_deck` of the Gaia example deck against the real pool, by callgrind (load does not move it).

    python benchmarks/check_count.py [--tree DIR ...] [-n 20]

Each tree (this checkout by default; another checkout of the project, e.g. the code before a change, to compare) is
run twice under `valgrind --tool=callgrind`: set-up only, then set-up plus N checks; the difference over N is one
check. The real pool (`../shared/data/lackey-rage`) is imported once per tree into a scratch database first.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("RAGEDECK_BENCH_SHARED", str(ROOT.parent / "shared")))
PLUGIN = SHARED / "data" / "lackey-rage"
DECK = SHARED / "data" / "decks" / "gaia-example.txt"


def child(db_path: Path, checks: int) -> None:
    """In the tree's own process: import the pool when the database is new, read the deck, check it N times."""
    from carddb.db import CardDatabase
    from carddb.importing import import_path
    from deckbuilder.deckfiles import parse_deck_text
    from deckbuilder.legality import check_deck

    fresh = not db_path.exists()
    db = CardDatabase(db_path)
    if fresh:
        import_path(db, PLUGIN)
    deck = parse_deck_text(DECK.read_text(encoding="utf-8"), db).deck
    check_deck(deck, db)  # warm: the first check reads the pool's vocabulary and caches
    for _ in range(checks):
        check_deck(deck, db)


def instructions(tree: Path, db_path: Path, checks: int) -> int:
    """The whole process's instruction count under callgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={scratch}/out",
            sys.executable,
            __file__,
            "--child",
            str(db_path),
            str(checks),
        ]
        env = {**os.environ, "PYTHONPATH": str(tree)}
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind gave no count for {tree}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tree", action="append", type=Path, help="a checkout of the project (default: this one)"
    )
    parser.add_argument("-n", type=int, default=20, help="checks to count (default 20)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(Path(args.child[0]), int(args.child[1]))
        return 0
    if not PLUGIN.is_dir() or not DECK.is_file():
        raise SystemExit(f"the real pool and deck are not under {SHARED / 'data'}")
    with tempfile.TemporaryDirectory() as scratch:
        for index, tree in enumerate(args.tree or [ROOT]):
            db_path = Path(scratch) / f"tree{index}.sqlite"
            instructions(tree, db_path, 0)  # imports the pool and compiles the tree's bytecode: not counted
            base = instructions(tree, db_path, 0)
            total = instructions(tree, db_path, args.n)
            print(f"{tree}: {(total - base) / args.n / 1e6:.3f} M instructions per check_deck")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Issue 30.6: work bounded by the input's size. Each figure is a process of its own with its peak memory:
a Lackey file of N rows repeating one card beside N distinct rows, and `check FOLDER --print-all` over a folder
holding a deck of many unknown names beside `check FOLDER` alone.

`python benchmarks/bounds.py [--rows 200000] [--names 160000]` prints the table (nothing is written to the README;
the inputs are generated in a temporary folder and removed).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from measure import ROOT, child_env, peak_mib, run_child

LACKEY_HEADER = (
    "Name\tExpansion\tImageFile\tSealed\tType\tNotes\tRequires\tKeywords\tRenown\tRage\tGnosis\tHealth\tCRage"
    "\tCGnosis\tCHealth\tDamage\tText\tErrata\n"
)


def write_lackey(path: Path, rows: int, repeated: bool) -> Path:
    """A Lackey card data file of `rows` Combat Actions: one card on every row, or a card of its own on each."""
    with path.open("w", encoding="utf-8") as out:
        out.write(LACKEY_HEADER)
        for n in range(rows):
            name = "Claw Rake" if repeated else f"Claw Rake {n}"
            out.write(f"{name}\tUnlimited\t\t\tCombat Action\t\t\t\t\t2\t\t\t\t\t\t3\tDeal 3 damage.\t\n")
    return path


def write_unknown_deck_folder(folder: Path, names: int) -> Path:
    """An event folder: a text deck of `names` unknown one-copy lines (4.9 MB at 160,000) and the demo deck."""
    from carddb.demo import demo_deck_path

    folder.mkdir(parents=True, exist_ok=True)
    words = ("Shadow", "Moon", "Claw", "Rake", "Bridge", "Garou", "Wyrm", "Spirit", "Fang", "Storm")
    with (folder / "huge.txt").open("w", encoding="utf-8") as out:
        for n in range(names):
            out.write(f"1 {words[n % 10]} {words[n // 10 % 10].lower()} of {words[n // 100 % 10]} {n}\n")
    shutil.copyfile(demo_deck_path(), folder / "demo.json")
    return folder


def child_cli(args: dict[str, Any]) -> dict[str, Any]:
    """`ragedeck ARGS` run in this process, with its seconds and this process's peak memory."""
    import io

    from deckbuilder.cli import main

    start = time.perf_counter()
    code = main(args["argv"], io.StringIO(), io.StringIO())
    return {"seconds": time.perf_counter() - start, "peak_mib": peak_mib(), "code": code}


def run_cli_child(argv: list[str]) -> dict[str, Any]:
    """child_cli in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", json.dumps({"argv": argv})],
        capture_output=True,
        text=True,
        env=child_env(),
        cwd=ROOT,
        check=False,
        timeout=3600,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(f"ragedeck {' '.join(argv[:2])} failed: {done.stderr[-2000:]}")
    return dict(json.loads(lines[-1]))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--names", type=int, default=160_000)
    parser.add_argument("--child")
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child_cli(json.loads(args.child))), flush=True)
        return 0
    sys.path.insert(0, str(ROOT))
    scratch = Path(tempfile.mkdtemp(prefix="ragedeck-bounds-"))
    try:
        print(f"{'measure':<52} {'seconds':>9} {'peak MiB':>9}")
        for repeated in (False, True):
            source = write_lackey(scratch / f"rows-{repeated}.txt", args.rows, repeated)
            found = run_child(
                "import", {"db": str(scratch / f"import-{repeated}.sqlite"), "source": str(source)}
            )
            label = f"import {args.rows:,} Lackey rows, " + (
                "one card on every row" if repeated else "all distinct"
            )
            print(
                f"{label:<52} {found['seconds']:>9.2f} {found['peak_mib']:>9.0f}  ({found['issues']} issues)"
            )
        db = scratch / "demo.sqlite"
        from carddb.db import CardDatabase
        from carddb.demo import ensure_demo_cards

        with CardDatabase(db) as opened:
            ensure_demo_cards(opened)
        folder = write_unknown_deck_folder(scratch / "event", args.names)
        size = (folder / "huge.txt").stat().st_size
        for extra in ([], ["--print-all", str(scratch / "all.pdf")]):
            found = run_cli_child(["check", str(folder), "--db", str(db), *extra])
            label = f"check a folder with {args.names:,} unknown names ({size / 1e6:.1f} MB)" + (
                " --print-all" if extra else ""
            )
            print(f"{label:<52} {found['seconds']:>9.2f} {found['peak_mib']:>9.0f}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Measuring: wall times, paired and in turns, whole processes, instruction counts, and child processes.

Children (benchmarks/children.py) run in fresh interpreters so that each reports its own peak memory and pays its
own start-up, as a user's process does.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHILDREN_SCRIPT = Path(__file__).resolve().with_name("children.py")


def edit_target(deck: Any, db: Any) -> tuple[str, list[str]]:
    """The card every edit benchmark adds a copy of and takes it away again (the deck's first sept card, else its
    first entry), and the deck's sept cards in its order (the floor's pile): one choice, so their figures compare."""
    from carddb.cardtypes import Section

    sept = [e.name for e in deck.entries if (card := db.lookup(e.name)) and card.section == Section.SEPT]
    return (sept[0] if sept else deck.entries[0].name), sept


def peak_mib() -> float:
    """This process's peak resident memory in MiB (ru_maxrss is KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (2**20 if sys.platform == "darwin" else 2**10)


def timed_ms(func: Callable[[], object], repeat: int) -> list[float]:
    """Wall times of `repeat` calls, in milliseconds."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def paired_ms(
    ours: Callable[[], object], theirs: Callable[[], object], repeat: int
) -> tuple[list[float], list[float]]:
    """Wall times of both, alternating call by call, so a busy machine slows both alike."""
    mine: list[float] = []
    base: list[float] = []
    for _ in range(repeat):
        for func, samples in ((ours, mine), (theirs, base)):
            start = time.perf_counter()
            func()
            samples.append((time.perf_counter() - start) * 1000)
    return mine, base


def p95(samples: Sequence[float]) -> float:
    """95th percentile (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def run_child(
    kind: str, args: dict[str, Any], env: dict[str, str] | None = None, timeout: float = 900
) -> dict[str, Any]:
    """Run `children.py KIND JSON` in a fresh interpreter; returns the JSON it prints last (plus its wall time)."""
    command = [sys.executable, str(CHILDREN_SCRIPT), kind, json.dumps(args)]
    start = time.perf_counter()
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env or child_env(),
        cwd=ROOT,
        check=False,
    )
    wall = time.perf_counter() - start
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(
            f"child {kind} failed (exit {done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
        )
    result: dict[str, Any] = json.loads(lines[-1])
    result["process_wall_s"] = wall
    return result


_SCRATCH: Path | None = None


def scratch() -> Path:
    """A temp folder for this run (databases, generated pools, PDFs); removed at the end."""
    global _SCRATCH
    if _SCRATCH is None:
        _SCRATCH = Path(tempfile.mkdtemp(prefix="ragedeck-bench-"))
    return _SCRATCH


def child_env() -> dict[str, str]:
    """Environment for children: headless Qt, and a throwaway home so no user settings are read or written."""
    home = scratch() / "home"
    home.mkdir(exist_ok=True)
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        RAGEDECK_DATA_DIR=str(home / "data"),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    )
    env.pop("RAGEDECK_DB", None)
    # An installed app has its bytecode compiled (pip compiles wheels): time that, not compiling every module of
    # ours on each start, which PYTHONDONTWRITEBYTECODE would force on the app while the baselines import only
    # precompiled standard modules. The caches go to the scratch folder, never into the checkout.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(scratch() / "pycache")
    return env


def ragedeck_command() -> list[str]:
    """How a user starts `ragedeck` from this interpreter's environment."""
    script = Path(sys.executable).with_name("ragedeck")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "deckbuilder"]


def process_seconds(command: list[str], repeat: int, ok: tuple[int, ...] = (0,)) -> float:
    """Median wall time of a whole process (start to exit)."""
    subprocess.run(
        command, capture_output=True, env=child_env(), cwd=ROOT, check=False
    )  # fill the bytecode cache
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, env=child_env(), cwd=ROOT, check=False)
        samples.append(time.perf_counter() - start)
        if done.returncode not in ok:
            raise RuntimeError(f"{command[:3]} exited {done.returncode}: {done.stderr[-500:]}")
    return statistics.median(samples)


def processes_in_turns(commands: Sequence[tuple[list[str], tuple[int, ...]]], repeat: int) -> list[float]:
    """Median wall seconds of each whole process, run in turns (one of each per round, after a round that fills
    the bytecode caches) so that load from other work on the machine hits the figure and its baseline alike."""
    samples: list[list[float]] = [[] for _ in commands]
    for round_number in range(repeat + 1):
        for number, (command, ok) in enumerate(commands):
            start = time.perf_counter()
            done = subprocess.run(
                command, capture_output=True, text=True, env=child_env(), cwd=ROOT, check=False
            )
            wall = time.perf_counter() - start
            if done.returncode not in ok:
                raise RuntimeError(f"{command[:3]} exited {done.returncode}: {done.stderr[-500:]}")
            if round_number:
                samples[number].append(wall)
    return [statistics.median(times) for times in samples]


def remove_scratch() -> None:
    """Remove the run's temp folder (databases, pools, PDFs)."""
    global _SCRATCH
    if _SCRATCH is not None:
        shutil.rmtree(_SCRATCH, ignore_errors=True)
        _SCRATCH = None


def valgrind_available() -> bool:
    """Whether callgrind can count instructions here."""
    return shutil.which("valgrind") is not None


_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(command: list[str], ok: tuple[int, ...] = (0,)) -> float:
    """Instructions a whole process executes (callgrind's total): the same figure whatever else the machine does.

    A first plain run fills the bytecode cache, as an installed app has it."""
    subprocess.run(command, capture_output=True, env=child_env(), cwd=ROOT, check=False)
    out = scratch() / "callgrind.out"
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
        capture_output=True, text=True, env=child_env(), cwd=ROOT, check=False,
    )  # fmt: skip
    if done.returncode not in ok:
        raise RuntimeError(f"{command[:3]} exited {done.returncode} under callgrind: {done.stderr[-500:]}")
    found = _COLLECTED.findall(done.stderr)
    if not found:
        raise RuntimeError(f"callgrind printed no total for {command[:3]}: {done.stderr[-500:]}")
    return float(found[-1])

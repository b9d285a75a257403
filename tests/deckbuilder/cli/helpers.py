"""Running `ragedeck` in-process for the tests: one helper, and the demo card database it is pointed at."""

from __future__ import annotations

import io
from pathlib import Path
from typing import NamedTuple

from deckbuilder.cli import main
from tests.databases import new_database


class CliRun(NamedTuple):
    """What one command did: its exit code and what it printed."""

    code: int
    out: str
    err: str


def run(*args: str) -> CliRun:
    """The CLI in-process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out=out, err=err)
    return CliRun(code, out.getvalue(), err.getvalue())


def run_bounded(*args: str) -> CliRun:
    """The CLI in-process, in a thread that must finish: a command that hangs (on a FIFO) fails the test."""
    from tests.carddb.test_bounded_readers import finishes

    result: CliRun = finishes(lambda: run(*args))
    return result


def demo_database(path: Path) -> Path:
    """A card database at `path` holding only the bundled demo set."""
    return new_database(path, demo=True)

"""Running one Python script in several real processes at once, started together (for the concurrency tests)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import PROJECT_ROOT

# Long enough for two interpreters on a loaded 2-core machine; a run that takes longer is a hang.
DEADLINE_SECONDS = 120.0

# Prepended to every script: wait until the parent says go, so the processes really run at the same time.
_START = """
import os, sys, time
ready, go = sys.argv[1], sys.argv[2]
open(ready, "w").close()
while not os.path.exists(go):
    time.sleep(0.001)
worker = int(sys.argv[3])
"""


def run_together(script: str, count: int, folder: Path, env: dict[str, str] | None = None) -> list[str]:
    """Run `script` in `count` processes started together (`worker` is each one's number); their outputs.

    Fails the test when one exits with an error or they are not all done by DEADLINE_SECONDS.
    """
    environment = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), **(env or {})}
    go = folder / "go"
    readies = [folder / f"ready-{n}" for n in range(count)]
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", _START + script, str(ready), str(go), str(n)],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n, ready in enumerate(readies)
    ]
    deadline = time.monotonic() + DEADLINE_SECONDS
    try:
        while not all(ready.exists() for ready in readies):
            assert all(p.poll() is None for p in processes), [p.communicate() for p in processes]
            assert time.monotonic() < deadline, "the processes did not start"
            time.sleep(0.01)  # polling for the ready files: the condition waited on
        go.touch()
        outputs = []
        for process in processes:
            out, err = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
            assert process.returncode == 0, err
            outputs.append(out)
        return outputs
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()

"""Running one Python script in several real processes at once, started together (for the concurrency tests)."""

from __future__ import annotations

import os
import selectors
import subprocess
import sys
import time

from tests.conftest import PROJECT_ROOT

# Long enough for two interpreters on a loaded 2-core machine; a run that takes longer is a hang.
DEADLINE_SECONDS = 120.0

# Prepended to every script: say "ready" and block until the parent's "go" line, so that every process has
# started its interpreter before any of them works (the processes really run at the same time).
_START = """
import sys
sys.stdout.write("ready\\n")
sys.stdout.flush()
sys.stdin.readline()
worker = int(sys.argv[1])
"""
_READY = "ready\n"


def run_together(
    script: str,
    count: int,
    env: dict[str, str] | None = None,
    prelude: str = "",
    deadline_seconds: float = DEADLINE_SECONDS,
) -> list[str]:
    """Run `script` in `count` processes started together (`worker` is each one's number); their outputs.

    `prelude` runs in each process before it says it is ready (its imports, say), so the script itself starts in
    every process at the same moment. Fails the test when one exits with an error or they are not all done by
    `deadline_seconds`.
    """
    environment = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), **(env or {})}
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", prelude + _START + script, str(n)],
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(count)
    ]
    deadline = time.monotonic() + deadline_seconds
    try:
        with selectors.DefaultSelector() as waiting:
            for process in processes:
                assert process.stdout is not None
                waiting.register(process.stdout, selectors.EVENT_READ, process)
            while waiting.get_map():
                left = deadline - time.monotonic()
                assert left > 0, "the processes did not start"
                for key, _events in waiting.select(timeout=left):  # blocks until a process says something
                    process = key.data
                    line = process.stdout.readline()
                    assert line == _READY, (line, process.communicate())
                    waiting.unregister(key.fileobj)
        for process in processes:
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()
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

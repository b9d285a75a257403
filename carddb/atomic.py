"""Write files whole or not at all: write a temp file beside the target, then replace it."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


def _process_umask() -> int:
    # os.umask() would briefly change the umask for every thread; /proc reads it without that.
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return 0o022


def _wanted_mode(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)  # replacing a file keeps its permissions
    except OSError:
        return 0o666 & ~_process_umask()


@contextlib.contextmanager
def atomic_open(path: Path | str) -> Iterator[BinaryIO]:
    """Open a binary temp file that replaces `path` only when the block finishes without error."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # here: every deck reader imports this module, and tempfile pulls shutil and random

    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    tmp = Path(tmp_name)
    try:
        if hasattr(os, "fchmod"):  # mkstemp files are private (0600); a deck or PDF should not be
            with contextlib.suppress(OSError):
                os.fchmod(fd, _wanted_mode(target))
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Replace `path` with `data` atomically."""
    with atomic_open(path) as handle:
        handle.write(data)


def atomic_write_text(path: Path | str, text: str, encoding: str = "utf-8") -> None:
    """Replace `path` with `text` atomically."""
    atomic_write_bytes(path, text.encode(encoding))

"""Write files whole or not at all, and never replace anything but a regular file.

What stands at the target decides how it is written (one policy for every writer: decks, exports, reports, the
collection):

- nothing, or a regular file: a temp file beside it, then `os.replace` (a replaced file keeps its permissions);
  a link to a regular file replaces the file it points at and the link stays; a link to nothing is refused;
- a pipe (FIFO) or the null device or the terminal we print to: written as a stream, once the whole content is
  ready (a failed export writes nothing); the pipe is opened without blocking, so one with no reader is refused
  at once instead of hanging;
- anything else (a folder, a socket, a disk or any other device): refused, left as it is.

Refusals are `UnsafeTargetError` (an OSError) whose `strerror` is a translatable carddb Message.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from carddb.messages import Message, declare, message
from carddb.safeio import what_it_is

declare(
    {
        "WRITE_NOT_REPLACED": "{what} stands there: only a regular file is replaced, so nothing was written",
        "WRITE_WHAT_DEVICE": "a device other than the null device or this terminal",
        "WRITE_PIPE_NO_READER": "a named pipe that nobody reads: nothing was written",
        "WRITE_DANGLING_LINK": "a link to a file that does not exist: not followed, nothing was written",
        "WRITE_TARGET_CHANGED": "something other than a regular file appeared there while writing: not replaced",
    }
)

_STREAM_FLAGS = (
    os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
)


class UnsafeTargetError(OSError):
    """A target that is not replaced or written (a device, socket, folder, pipe with no reader, dangling link)."""

    def __init__(self, reason: Message, code: int = errno.EINVAL, path: Path | str | None = None) -> None:
        if path is None:
            super().__init__(code, reason)
        else:
            super().__init__(
                code, reason, os.fspath(path)
            )  # `filename`, as the OSError of an open() would have
        self.reason = reason


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


def _streamable_devices() -> set[int]:
    """Device numbers written as a stream: the null device and the terminals of our standard streams."""
    found: set[int] = set()
    with contextlib.suppress(OSError):
        found.add(os.stat(os.devnull).st_rdev)  # stat only: the real null device is never opened here
    for fd in (0, 1, 2):
        with contextlib.suppress(OSError, ValueError):
            info = os.fstat(fd)
            if stat.S_ISCHR(info.st_mode) and os.isatty(fd):
                found.add(info.st_rdev)
    return found


def _refusal(mode: int, path: Path) -> UnsafeTargetError:
    what = message("WRITE_WHAT_DEVICE") if stat.S_ISCHR(mode) else what_it_is(mode)
    return UnsafeTargetError(message("WRITE_NOT_REPLACED", what=what), path=path)


def _is_stream(mode: int, rdev: int) -> bool:
    return stat.S_ISFIFO(mode) or (stat.S_ISCHR(mode) and rdev in _streamable_devices())


def writable_target(path: Path | str) -> Path | None:
    """Where a replacing write of `path` lands (the file a link points at), None for a stream; else refused."""
    target = Path(path)
    try:
        info = os.stat(target)  # follows links: what the player's path names
    except FileNotFoundError:
        if os.path.islink(target):
            raise UnsafeTargetError(message("WRITE_DANGLING_LINK"), errno.ENOENT, target) from None
        return target
    if stat.S_ISREG(info.st_mode):
        return Path(os.path.realpath(target)) if os.path.islink(target) else target
    if _is_stream(info.st_mode, info.st_rdev):
        return None
    raise _refusal(info.st_mode, target)


def _open_stream(path: Path) -> int:
    """A write descriptor of a pipe or streamable device, opened without blocking on a pipe with no reader."""
    try:
        fd = os.open(path, _STREAM_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO opened for writing with O_NONBLOCK and no reader
            raise UnsafeTargetError(message("WRITE_PIPE_NO_READER"), errno.ENXIO, path) from exc
        raise
    try:
        info = os.fstat(fd)
        if not _is_stream(info.st_mode, info.st_rdev):  # swapped between the check and the open
            raise _refusal(info.st_mode, path)
        if hasattr(os, "set_blocking"):  # not on every platform; there O_NONBLOCK was never set either
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


@contextlib.contextmanager
def _stream_open(path: Path) -> Iterator[BinaryIO]:
    import shutil
    import tempfile

    fd = _open_stream(path)  # before the work: a pipe nobody reads is refused at once
    with os.fdopen(fd, "wb") as stream, tempfile.TemporaryFile() as buffer:
        yield buffer
        buffer.seek(0)
        shutil.copyfileobj(buffer, stream)


def _still_replaceable(target: Path) -> None:
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise UnsafeTargetError(message("WRITE_TARGET_CHANGED"), path=target)


@contextlib.contextmanager
def atomic_open(path: Path | str) -> Iterator[BinaryIO]:
    """A binary handle whose content replaces `path` (or streams into its pipe) only when the block succeeds."""
    target = writable_target(path)
    if target is None:
        with _stream_open(Path(path)) as buffer:
            yield buffer
        return
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
        _still_replaceable(target)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Replace `path` with `data` atomically (or stream it into a pipe; see the module docstring)."""
    with atomic_open(path) as handle:
        handle.write(data)


def atomic_write_text(path: Path | str, text: str, encoding: str = "utf-8") -> None:
    """Replace `path` with `text` atomically."""
    atomic_write_bytes(path, text.encode(encoding))


def reads_target(target: Path | str, sources: Iterable[Path | str]) -> Path | None:
    """The first of `sources` (files a command reads) that writing `target` would replace, else None.

    A command never writes onto a file it reads: the same file by name, by a link or by a hard link.
    """
    try:
        wanted = os.stat(target)
    except (OSError, ValueError):
        return None  # nothing there yet: nothing read can be replaced
    for source in sources:
        try:
            found = os.stat(source)
        except (OSError, ValueError):
            continue
        if (found.st_dev, found.st_ino) == (wanted.st_dev, wanted.st_ino):
            return Path(source)
    return None

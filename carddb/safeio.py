"""Read files that may be hostile: regular files only, opened without blocking, never more than a byte cap.

Every reader of a user-supplied file goes through `read_regular_bytes` (or `open_regular` for a stream): a FIFO, a
device (`/dev/zero`, `/dev/urandom`), a socket or a folder is refused before a byte is read, so nothing hangs or
reads forever; a file over the cap is refused by its size, and a file that grows while it is read (or a size that
lies) is still cut off at the cap.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

from carddb.messages import Message, declare, message

declare(
    {
        "SAFEIO_NOT_REGULAR": "not a regular file ({what})",
        "SAFEIO_TOO_LARGE": "too large ({size} bytes; at most {limit} are read)",
        "SAFEIO_WHAT_FOLDER": "a folder",
        "SAFEIO_WHAT_FIFO": "a named pipe",
        "SAFEIO_WHAT_DEVICE": "a device",
        "SAFEIO_WHAT_SOCKET": "a socket",
        "SAFEIO_WHAT_OTHER": "not a file",
    }
)

_CHUNK = 1 << 20
# O_NONBLOCK: opening a FIFO with no writer must not wait for one; it is refused right after, by its type.
_OPEN_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
)


class UnsafeFileError(OSError):
    """A path that is not a regular file, or one too large to read; `reason` (without the path) says which."""

    def __init__(self, reason: Message, code: int, size: int | None = None) -> None:
        super().__init__(code, str(reason))
        self.reason = reason
        self.size = size  # bytes found, when the file was refused as too large


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "SAFEIO_WHAT_FOLDER"
    if stat.S_ISFIFO(mode):
        return "SAFEIO_WHAT_FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "SAFEIO_WHAT_DEVICE"
    if stat.S_ISSOCK(mode):
        return "SAFEIO_WHAT_SOCKET"
    return "SAFEIO_WHAT_OTHER"


def what_it_is(mode: int) -> Message:
    """What a file of this mode is, in words ("a named pipe", "a device"...)."""
    return message(_kind_of(mode))


def not_regular_error(mode: int) -> UnsafeFileError:
    """The error for a file whose mode is not a regular file's."""
    code = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
    return UnsafeFileError(message("SAFEIO_NOT_REGULAR", what=what_it_is(mode)), code)


def _too_large(size: int, limit: int) -> UnsafeFileError:
    return UnsafeFileError(message("SAFEIO_TOO_LARGE", size=size, limit=limit), errno.EFBIG, size)


def open_regular(path: Path | str, limit: int | None = None) -> BinaryIO:
    """Open a regular file for reading without blocking on FIFOs; UnsafeFileError for anything else or too big."""
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise not_regular_error(info.st_mode)
        if limit is not None and info.st_size > limit:
            raise _too_large(info.st_size, limit)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a regular file: ordinary reads from here on
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular_bytes(path: Path | str, limit: int) -> bytes:
    """The whole content of a regular file of at most `limit` bytes (checked by size and again while reading)."""
    with open_regular(path, limit) as handle:
        parts: list[bytes] = []
        total = 0
        while True:
            chunk = handle.read(min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
            if total > limit:
                raise _too_large(total, limit)
        return b"".join(parts)


def read_regular_text(path: Path | str, limit: int, encoding: str = "utf-8", errors: str = "strict") -> str:
    """`read_regular_bytes` decoded."""
    return read_regular_bytes(path, limit).decode(encoding, errors)


def is_regular_file(path: Path | str) -> bool:
    """True for a regular file (following links), False for anything else or nothing."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False

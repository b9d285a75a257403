"""The one rule for every file the app keeps in the user data folder (deck history, printer profiles, autosaves).

- **Read-modify-write under an inter-process lock** (`locked`, `update`): two windows, or a window and a script,
  changing one file at once lose nothing. POSIX: `fcntl.flock` on a lock file beside it; elsewhere a lock file made
  with O_EXCL holding the owner's process id, broken when that process is gone or the lock is older than
  `STALE_LOCK_SECONDS` (before LOCK_TIMEOUT_SECONDS runs out for the next writer).
- **Written whole or not at all** (carddb.atomic).
- **Never through a link leading out of its folder** (`inside`): such a file is neither read nor written.
- **Never onto a file the same command reads** (carddb.atomic.reads_target, for the commands' outputs).
- **Damaged content is refused in one line** (`DamagedFile`), and before anything replaces it the damaged file is
  kept aside, renamed beside it (`keep_aside`): never overwritten silently.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Generic, TypeVar

from carddb.atomic import atomic_write_bytes
from carddb.record import FrozenRecord, set_field
from carddb.safeio import UnsafeFileError, read_regular_bytes
from deckbuilder.i18n import gettext as _

try:
    import fcntl
except ImportError:  # Windows: the O_EXCL lock file below
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")

USE_FCNTL = fcntl is not None  # False: the O_EXCL lock file (Windows; the tests run it here too)
LOCK_TIMEOUT_SECONDS = 30.0
STALE_LOCK_SECONDS = 20.0  # a holder keeps it for a file's read and write: far less than this
DAMAGED_SUFFIX = ".damaged-"
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


class UserFileError(ValueError):
    """A user data file that cannot be used as asked: one line saying which and why."""


class DamagedFile(UserFileError):
    """A user data file whose content is damaged (the parser's one-line reason)."""


def inside(path: Path, folder: Path) -> Path:
    """`path` when it stays inside `folder` once links are followed; UserFileError naming it otherwise."""
    try:
        if Path(path).resolve().is_relative_to(Path(folder).resolve()):
            return Path(path)
    except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL in the name
        pass
    raise UserFileError(
        _("{path} leads out of its folder {folder}: not used").format(path=path, folder=folder)
    )


def _lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def _stale(lock: Path, info: os.stat_result) -> bool:
    """Whether an O_EXCL lock file is stale: older than STALE_LOCK_SECONDS, or its process is gone."""
    if time.time() - info.st_mtime > STALE_LOCK_SECONDS:
        return True
    try:
        text = read_regular_bytes(lock, 64).decode("ascii").strip()
    except (OSError, ValueError):
        return False
    if not text:
        return False  # its owner is writing its process id this very moment
    try:
        pid = int(text)
    except ValueError:
        return True  # not a lock of ours
    if pid <= 0:
        return True
    if sys.platform == "win32":
        return False  # os.kill(pid, 0) would end the process there: only age tells
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, someone else's process
    return False


def _try_exclusive(lock: Path) -> bool:
    """One attempt at the O_EXCL lock file; a stale one is removed (only the very file judged stale)."""
    try:
        fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, 0o600)
    except FileExistsError:
        with contextlib.suppress(OSError):
            info = os.lstat(lock)
            if _stale(lock, info) and os.lstat(lock).st_ino == info.st_ino:
                os.unlink(lock)
        return False
    with os.fdopen(fd, "w") as handle:
        handle.write(str(os.getpid()))
    return True


def _wait(deadline: float, path: Path, delay: float) -> float:
    if time.monotonic() > deadline:
        raise UserFileError(_("{path} is being changed by another program: try again").format(path=path))
    time.sleep(delay)  # polling a lock held by another process: nothing to wait on but time
    return min(delay * 2, 0.05)


@contextlib.contextmanager
def locked(
    path: Path, timeout: float = LOCK_TIMEOUT_SECONDS, use_fcntl: bool | None = None
) -> Iterator[None]:
    """Hold the inter-process lock of one user data file (a lock file beside it) for a read-modify-write."""
    lock = _lock_path(Path(path))
    lock.parent.mkdir(parents=True, exist_ok=True)
    deadline, delay = time.monotonic() + timeout, 0.001
    if use_fcntl is None:
        use_fcntl = USE_FCNTL
    if not use_fcntl or fcntl is None:
        while not _try_exclusive(lock):
            delay = _wait(deadline, path, delay)
        try:
            yield
        finally:
            with contextlib.suppress(OSError, ValueError):
                # Only our own: a lock held past STALE_LOCK_SECONDS may have been broken and taken by another.
                if read_regular_bytes(lock, 64).decode("ascii").strip() == str(os.getpid()):
                    os.unlink(lock)
        return
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | _NO_FOLLOW, 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UserFileError(_("{path} is not a lock file: not used").format(path=lock))
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                delay = _wait(deadline, path, delay)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def read_bytes(path: Path, folder: Path, limit: int) -> bytes | None:
    """A user data file's bytes (None when there is none); UserFileError for a link out, not a file, too big."""
    path = Path(path)
    if not os.path.lexists(path):
        return None
    inside(path, folder)
    try:
        return read_regular_bytes(path, limit)
    except FileNotFoundError:
        return None
    except UnsafeFileError as exc:
        raise UserFileError(_("cannot read {path}: {reason}").format(path=path, reason=exc.reason)) from None
    except OSError as exc:
        raise UserFileError(
            _("cannot read {path}: {reason}").format(path=path, reason=exc.strerror or exc)
        ) from None


def write_bytes(path: Path, folder: Path, data: bytes) -> None:
    """Replace a user data file whole (never through a link leading out of `folder`)."""
    inside(Path(path), folder)
    atomic_write_bytes(path, data)


def keep_aside(path: Path) -> Path:
    """Rename a damaged file beside itself (`NAME.damaged-<UTC date>[-n]`) so nothing replaces it; the new name."""
    path = Path(path)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    for attempt in range(1, 1000):
        aside = path.with_name(f"{path.name}{DAMAGED_SUFFIX}{stamp}" + (f"-{attempt}" if attempt > 1 else ""))
        if os.path.lexists(aside):
            continue
        if hasattr(os, "link") and not os.path.islink(path):
            try:
                os.link(path, aside)  # fails rather than replace a file that appeared meanwhile
            except FileExistsError:
                continue
            except OSError:
                os.rename(path, aside)  # a file system without hard links
                return aside
            os.unlink(path)
            return aside
        os.rename(path, aside)
        return aside
    raise UserFileError(_("cannot keep {path} aside: too many damaged copies beside it").format(path=path))


class Updated(FrozenRecord, Generic[T]):
    """What an update found and did: the content it read (None: no file, or a damaged one), and the damage."""

    __slots__ = _fields = ("before", "written", "damaged", "kept_as")
    before: T | None
    written: bool
    damaged: str | None  # why the file read was refused
    kept_as: Path | None  # where the damaged file was kept

    def __init__(
        self, before: T | None, written: bool, damaged: str | None = None, kept_as: Path | None = None
    ) -> None:
        set_field(self, "before", before)
        set_field(self, "written", written)
        set_field(self, "damaged", damaged)
        set_field(self, "kept_as", kept_as)

    def note(self) -> str | None:
        """One line for the player when a damaged file was kept aside, else None."""
        if self.damaged is None or self.kept_as is None:
            return None
        return _("{reason}; the damaged file was kept as {aside}").format(
            reason=self.damaged, aside=self.kept_as.name
        )


def update(
    path: Path,
    folder: Path,
    limit: int,
    parse: Callable[[bytes], T],
    change: Callable[[T | None], bytes | None],
) -> Updated[T]:
    """Read-modify-write one user data file under its lock.

    `parse` turns the bytes into content or raises DamagedFile (or ValueError) with a one-line reason; `change`
    gets that content (None when there is no file or it is damaged) and returns the new bytes, or None to leave
    the file as it is. A damaged file is kept aside before it is replaced.
    """
    path = Path(path)
    with locked(path):
        before: T | None = None
        damaged: str | None = None
        raw = read_bytes(path, folder, limit)  # a link out or a device: refused, nothing written
        if raw is not None:
            try:
                before = parse(raw)
            except (ValueError, RecursionError) as exc:
                damaged = _("{path} is damaged: {reason}").format(
                    path=path, reason=str(exc) or type(exc).__name__
                )
        data = change(before)
        if data is None:
            return Updated(before, False, damaged)
        kept_as = keep_aside(path) if damaged is not None else None
        write_bytes(path, folder, data)
        return Updated(before, True, damaged, kept_as)


def plain_file(path: Path) -> bool:
    """True for a regular file that is not a link (a version's file, an entry of the user data folder)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except (OSError, ValueError):
        return False

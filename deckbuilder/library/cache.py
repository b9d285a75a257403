"""The verdict cache: each deck file's last check, keyed by its identity (path, size, mtime_ns) and a stamp.

One SQLite file in the user data folder. SQLite writes each transaction whole and lets two processes write in
turn (its own lock), so two refreshes at once lose nothing. A damaged cache is kept aside and rebuilt; when even
that fails the library works without one (everything is checked again): never fatal.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CACHE_FILE = "library-cache.sqlite"
_VERSION = "1"
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS verdict (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,"
    " stamp TEXT NOT NULL, entry TEXT NOT NULL)",
)
_MAX_ENTRY_CHARS = 2_000_000  # a deck of a few thousand distinct cards: anything longer is not ours


@dataclass(frozen=True)
class Identity:
    """What says a deck file did not change since it was checked: its path, size and modification time."""

    path: str
    size: int
    mtime_ns: int


@dataclass(frozen=True)
class Cached:
    """A deck's cached check: the identity and stamp it was made with, and the entry (see check.py)."""

    identity: Identity
    stamp: str
    entry: Mapping[str, Any]


class VerdictCache:
    """The cache file, opened per call (each thread and process its own connection)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path  # None: no cache (nothing kept between runs)
        self._memory: dict[str, Cached] = {}  # used when the file cannot be
        self._lock = threading.Lock()
        self._ready = False

    def _connect(self) -> sqlite3.Connection | None:
        if self.path is None:
            return None
        for attempt in range(2):
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
                if not self._ready:
                    conn.execute("PRAGMA journal_mode=WAL")
                    for statement in _SCHEMA:
                        conn.execute(statement)
                    row = conn.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
                    if row is None or row[0] != _VERSION:
                        with _transaction(conn):
                            conn.execute("DELETE FROM verdict")
                            conn.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (_VERSION,))
                    self._ready = True
                return conn
            except (sqlite3.Error, OSError):
                if attempt == 0 and not self._set_aside():
                    break
        self.path = None  # no usable cache file: keep verdicts in memory for this run
        return None

    def _set_aside(self) -> bool:
        """Keep a damaged cache file aside (never deleted), so the next try starts a new one."""
        from deckbuilder.userdata import UserFileError, keep_aside

        assert self.path is not None
        try:
            for suffix in ("", "-wal", "-shm"):
                part = self.path.with_name(self.path.name + suffix)
                if part.exists() and not part.is_symlink():
                    keep_aside(part)
        except (OSError, UserFileError):
            return False
        return True

    def read(self, paths: Iterable[str] | None = None) -> dict[str, Cached]:
        """The cached checks (of these paths, or every one), by path; damaged rows are left out."""
        with self._lock:
            conn = self._connect()
            if conn is None:
                return dict(self._memory)
            try:
                rows = conn.execute("SELECT path, size, mtime_ns, stamp, entry FROM verdict").fetchall()
            except sqlite3.Error:
                conn.close()
                self._ready = False
                if not self._set_aside():
                    self.path = None
                return dict(self._memory)
            conn.close()
        wanted = None if paths is None else set(paths)
        found: dict[str, Cached] = {}
        for path, size, mtime_ns, stamp, text in rows:
            if wanted is not None and path not in wanted:
                continue
            entry = _entry(text)
            if entry is not None and isinstance(size, int) and isinstance(mtime_ns, int):
                found[str(path)] = Cached(Identity(str(path), size, mtime_ns), str(stamp), entry)
        return found

    def write(self, checked: Iterable[Cached]) -> None:
        """Keep these checks (one transaction: all or none)."""
        items = list(checked)
        with self._lock:
            for item in items:
                self._memory[item.identity.path] = item
            conn = self._connect()
            if conn is None:
                return
            try:
                with _transaction(conn):
                    conn.executemany(
                        "INSERT OR REPLACE INTO verdict VALUES (?, ?, ?, ?, ?)",
                        [
                            (
                                i.identity.path,
                                i.identity.size,
                                i.identity.mtime_ns,
                                i.stamp,
                                json.dumps(i.entry, ensure_ascii=False),
                            )
                            for i in items
                        ],
                    )
            except sqlite3.Error:
                pass  # a cache that cannot be written costs a re-check next time, nothing else
            finally:
                conn.close()

    def forget(self, paths: Iterable[str]) -> None:
        """Drop the cached checks of files that are gone."""
        gone = list(paths)
        with self._lock:
            for path in gone:
                self._memory.pop(path, None)
            conn = self._connect()
            if conn is None:
                return
            with contextlib.suppress(sqlite3.Error), _transaction(conn):
                conn.executemany("DELETE FROM verdict WHERE path = ?", [(p,) for p in gone])
            conn.close()


@contextlib.contextmanager
def _transaction(conn: sqlite3.Connection) -> Any:
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _entry(text: object) -> dict[str, Any] | None:
    if not isinstance(text, str) or len(text) > _MAX_ENTRY_CHARS:
        return None
    try:
        entry = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return entry if isinstance(entry, dict) else None

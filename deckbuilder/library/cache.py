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
from pathlib import Path
from typing import Any, NamedTuple

CACHE_FILE = "library-cache.sqlite"
_VERSION = "2"
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    # entry: the check (a small JSON object, read at every listing); counts: copies by card (JSON, read only when
    # the collection or a built mark changed, or a card's decks are asked for); missing: the copies the deck lacked
    # when the collection and the built decks had the stamp missing_stamp.
    "CREATE TABLE IF NOT EXISTS verdict (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,"
    " stamp TEXT NOT NULL, entry TEXT NOT NULL, counts TEXT NOT NULL DEFAULT '[]', missing_stamp TEXT NOT NULL"
    " DEFAULT '', missing INTEGER)",
)
_MAX_ENTRY_CHARS = 2_000_000  # a deck of a few thousand distinct cards: anything longer is not ours


class Identity(NamedTuple):
    """What says a deck file did not change since it was checked: its path, size and modification time.

    Named tuples, not frozen dataclasses: a listing makes two per deck, a thousand decks at a time."""

    path: str
    size: int
    mtime_ns: int


class Cached(NamedTuple):
    """A deck's cached check: the identity and stamp it was made with, the entry and counts (see check.py), and
    the copies it lacked (`missing`) when the collection and built decks had `missing_stamp`."""

    identity: Identity
    stamp: str
    entry: Mapping[str, Any]
    counts: str | None = "[]"  # JSON [[key, name, copies], ...]; None: not read (see VerdictCache.counts)
    missing_stamp: str = ""
    missing: int | None = None


def copies_of(text: str | None) -> tuple[dict[str, int], dict[str, str]]:
    """Copies by card key, and each key's name as written, from a deck's kept counts (nothing when damaged)."""
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    items = _json(text)
    for item in items if isinstance(items, list) else ():
        if isinstance(item, list) and len(item) == 3 and isinstance(item[2], int) and item[2] > 0:
            counts[str(item[0])] = item[2]
            names[str(item[0])] = str(item[1])
    return counts, names


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
        wanted = None if paths is None else list(paths)
        with self._lock:
            conn = self._connect()
            if conn is None:
                return {p: c for p, c in self._memory.items() if wanted is None or p in wanted}
            try:
                rows = _select(conn, "path, size, mtime_ns, stamp, entry, missing_stamp, missing", wanted)
            except sqlite3.Error:
                conn.close()
                self._ready = False
                if not self._set_aside():
                    self.path = None
                return dict(self._memory)
            conn.close()
        entries = _entries([row[4] for row in rows])
        found: dict[str, Cached] = {}
        for (path, size, mtime_ns, stamp, _text, missing_stamp, missing), entry in zip(
            rows, entries, strict=True
        ):
            if isinstance(entry, dict) and isinstance(size, int) and isinstance(mtime_ns, int):
                found[str(path)] = Cached(
                    Identity(str(path), size, mtime_ns),
                    str(stamp),
                    entry,
                    None,
                    str(missing_stamp),
                    missing if isinstance(missing, int) else None,
                )
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
                        "INSERT OR REPLACE INTO verdict VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        [
                            (
                                i.identity.path,
                                i.identity.size,
                                i.identity.mtime_ns,
                                i.stamp,
                                json.dumps(i.entry, ensure_ascii=False),
                                i.counts,
                                i.missing_stamp,
                                i.missing,
                            )
                            for i in items
                        ],
                    )
            except sqlite3.Error:
                pass  # a cache that cannot be written costs a re-check next time, nothing else
            finally:
                conn.close()

    def counts(self, paths: Iterable[str]) -> dict[str, str]:
        """The kept counts (JSON text) of these decks, by path (read apart: a listing does not need them)."""
        wanted = list(paths)
        with self._lock:
            conn = self._connect()
            if conn is None:
                return {p: self._memory[p].counts or "[]" for p in wanted if p in self._memory}
            try:
                rows = _select(conn, "path, counts", wanted)
            except sqlite3.Error:
                rows = []
            finally:
                conn.close()
        return {str(path): counts if isinstance(counts, str) else "[]" for path, counts in rows}

    def keep_missing(self, found: Iterable[tuple[str, str, int | None]]) -> None:
        """Keep the copies decks lack, each (path, missing stamp, missing), for the next listing."""
        items = list(found)
        if not items:
            return
        with self._lock:
            for path, stamp, missing in items:
                old = self._memory.get(path)
                if old is not None:
                    self._memory[path] = old._replace(missing_stamp=stamp, missing=missing)
            conn = self._connect()
            if conn is None:
                return
            # Asked by a listing, maybe on the window's thread: a cache busy with another writer is not waited for
            # (the numbers are counted again next time).
            conn.execute("PRAGMA busy_timeout = 200")
            with contextlib.suppress(sqlite3.Error), _transaction(conn):
                conn.executemany(
                    "UPDATE verdict SET missing_stamp = ?, missing = ? WHERE path = ?",
                    [(stamp, missing, path) for path, stamp, missing in items],
                )
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


def _select(conn: sqlite3.Connection, columns: str, paths: list[str] | None) -> list[tuple[Any, ...]]:
    """Rows of the verdict table: every one, or those of these paths (asked 500 at a time)."""
    if paths is None:
        return conn.execute(f"SELECT {columns} FROM verdict").fetchall()
    rows: list[tuple[Any, ...]] = []
    for start in range(0, len(paths), 500):
        part = paths[start : start + 500]
        marks = ", ".join("?" * len(part))
        rows.extend(conn.execute(f"SELECT {columns} FROM verdict WHERE path IN ({marks})", part).fetchall())
    return rows


def _entries(texts: list[Any]) -> list[Any]:
    """The entries' JSON objects, parsed in one call when they are all sound (a damaged one: None, alone)."""
    if all(isinstance(t, str) and t.startswith("{") and len(t) <= _MAX_ENTRY_CHARS for t in texts):
        try:
            found = json.loads("[" + ",".join(texts) + "]")
        except (ValueError, RecursionError):
            pass
        else:
            if isinstance(found, list) and len(found) == len(texts):
                return found
    return [_json(text) for text in texts]


def _json(text: object) -> Any:
    if not isinstance(text, str) or len(text) > _MAX_ENTRY_CHARS:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None

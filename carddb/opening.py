"""Opening a card database file: refuse what is not ours, create a new one whole, migrate an old one, WAL.

A file is written only when it is missing (then it is built in a temporary file beside it and linked into place
whole, so no process ever sees a half-made database) or when it is a database of ours (then it is migrated under
one write lock, with its state read again inside it). Anything else given as the database — a file of any size
that is not SQLite, another application's SQLite file, a folder, a device — is refused and never written.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import Any

from carddb.messages import Message, declare, message
from carddb.versions import APPLICATION_ID, SCHEMA_VERSION

# The tables every version of our schema has; with user_version >= 1 they mark a database written before
# application_id was set (schema 1 and 2).
OUR_TABLES = frozenset({"meta", "card", "printing", "character_identity"})
# Full-text index: contentless (the text lives in `card`), one- and two-letter prefixes indexed so the first keys a
# player types are answered from their own doclist. Its rowid is card.name_rank (see carddb.search).
FTS_DEFINITION = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS card_fts USING fts5("
    "name, type, keywords, requires, text, content = '', "
    "tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2')"
)
SQLITE_MAGIC = b"SQLite format 3\x00"
_WAL_ATTEMPTS = 40  # switching to WAL when many processes open a new database at once (~40 s at most)
_CREATING = ".creating"
_STALE_CREATING = 600.0  # a temporary database this old was left by a killed process


class DatabaseError(Exception):
    """The card database cannot be opened or is not a Rage Deckbuilder database."""


def damaged(path: Path, exc: sqlite3.Error) -> DatabaseError:
    """The one-line error for a database SQLite cannot read or write (damaged pages, read-only file, full disk)."""
    message = str(exc).strip() or type(exc).__name__
    if "readonly" in message or "read-only" in message:
        return DatabaseError(f"{path} is read-only: cannot change the card database ({message})")
    return DatabaseError(f"{path} is not a usable card database: {message}")


def is_file_failure(exc: BaseException) -> bool:
    """A failure of the file (damaged, read-only, locked, full), not a programming error in our SQL."""
    return isinstance(exc, sqlite3.Error) and not isinstance(
        exc, sqlite3.ProgrammingError | sqlite3.InterfaceError
    )


def set_pragmas(conn: sqlite3.Connection) -> None:
    """Per-connection settings; journal_mode (WAL) is a property of the file, set once when it is opened."""
    conn.execute("PRAGMA busy_timeout = 10000")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")


def connect(path: Path, check_same_thread: bool = True) -> sqlite3.Connection:
    """A connection to an existing database file; never creates one (a file gone missing is an error)."""
    uri = Path(os.path.abspath(path)).as_uri() + "?mode=rw"
    return sqlite3.connect(
        uri, uri=True, timeout=10, isolation_level=None, check_same_thread=check_same_thread
    )


def open_database(path: Path) -> sqlite3.Connection:
    """An autocommit connection to the card database at `path`: created when missing, migrated when older.

    A file is checked before anything changes it (a migration, the switch to WAL): a damaged one is refused, and a
    migration that fails for any reason is rolled back, so the refusal leaves the file as it was and says so.
    """
    if not os.path.lexists(path):
        _create_new(path)
    _refuse_unless_sqlite(path)
    try:
        conn = connect(path, check_same_thread=False)
    except sqlite3.Error as exc:
        raise damaged(path, exc) from exc
    change = _Change(path)
    try:
        conn.execute("PRAGMA busy_timeout = 10000")
        if _bring_current(conn, path, change):
            # A connection that ran an integrity check answers its first wal_checkpoint(TRUNCATE) "database
            # table is locked" until it writes: the migrated file is served by a new one.
            conn.close()
            conn = connect(path, check_same_thread=False)
            conn.execute("PRAGMA busy_timeout = 10000")
        _use_wal(conn, change)
        set_pragmas(conn)
    except (sqlite3.Error, _Damaged) as exc:
        conn.close()  # first: a WAL file's -wal and -shm go with the last connection
        raise change.refusal(exc) from exc
    except BaseException:
        conn.close()
        raise
    return conn


declare(
    {
        "DB_DAMAGED": "{path} is damaged ({reason}): {outcome}",
        "DB_NOT_USABLE": "{path} is not a usable card database ({reason}): {outcome}",
        "DB_FAILED_WHILE": "{reason} while {doing}",
        "DB_MIGRATING": "migrating it from schema {old} to {new}",
        "DB_SWITCHING_TO_WAL": "switching it to WAL",
        "DB_AFTER_MIGRATION": "after migrating it: {problem}",
        "DB_UNCHANGED": "refused, the file was not changed",
        "DB_CHANGED": "refused, but the file was changed: restore it from a backup copy",
    }
)


class _Damaged(Exception):
    """The integrity check's first finding, before or after a migration."""


class _Change:
    """What opening a file is about to change, so that a refusal can say truly whether the file was touched.

    `begin` fingerprints the file (and its -wal) under the write lock, before the first change; a refusal
    compares it with the file as the closed connection left it.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.before: tuple[bytes, ...] | None = None
        self.doing: Message | None = None  # what was being done ("migrating it from schema 2 to 9")

    def begin(self, doing: Message) -> None:
        """Remember the file as it is now, before `doing` changes it."""
        self.doing = doing
        if self.before is None:
            self.before = _fingerprint(self.path)

    def refusal(self, exc: BaseException) -> DatabaseError:
        """The one-line error (a translatable Message): what failed, doing what, and whether the file is as it was."""
        found = exc.args[0] if isinstance(exc, _Damaged) and exc.args else None
        reason = found if isinstance(found, Message) else " ".join(str(exc).split()) or type(exc).__name__
        if isinstance(exc, sqlite3.Error) and ("readonly" in reason or "read-only" in reason):
            return damaged(self.path, exc)
        unchanged = self.before is None or _fingerprint(self.path) == self.before
        outcome = message("DB_UNCHANGED" if unchanged else "DB_CHANGED")
        if isinstance(exc, _Damaged):
            return DatabaseError(message("DB_DAMAGED", path=str(self.path), reason=reason, outcome=outcome))
        if self.doing is not None:
            reason = message("DB_FAILED_WHILE", reason=reason, doing=self.doing)
        return DatabaseError(message("DB_NOT_USABLE", path=str(self.path), reason=reason, outcome=outcome))


def _fingerprint(path: Path) -> tuple[bytes, ...]:
    """Digests of the bytes that make the database: the file and its write-ahead log (a missing or empty log as
    b"": the last connection to close removes an empty one)."""
    import hashlib

    found = []
    for name in (str(path), f"{path}-wal"):
        digest = hashlib.sha256()
        try:
            with open(name, "rb") as handle:
                while block := handle.read(1 << 20):
                    digest.update(block)
        except FileNotFoundError:
            found.append(b"")
            continue
        except OSError as exc:
            found.append(repr(exc).encode())
            continue
        found.append(digest.digest() if digest.digest() != hashlib.sha256().digest() else b"")
    return tuple(found)


def first_damage(conn: sqlite3.Connection) -> str:
    """SQLite's integrity check of the database as `conn` sees it: "" when sound, else its first finding."""
    found = str(_first_row(conn, "PRAGMA integrity_check(1)")[0])
    if found == "ok":
        return ""
    # "*** in database main ***\nPage 2: ..." on one line, without the banner.
    return " ".join(found.replace("*** in database main ***", "").split()) or "integrity check failed"


def _not_ours(path: Path, why: str) -> DatabaseError:
    return DatabaseError(
        f"{path} is {why}, not a Rage Deckbuilder card database: refused, nothing was changed"
    )


def _refuse_unless_sqlite(path: Path) -> None:
    """Refuse anything but a regular file that starts like an SQLite database (read without blocking)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise DatabaseError(f"cannot open the card database {path}: {exc.strerror or exc}") from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _not_ours(path, "not a regular file")
        head = os.read(fd, 100)
    except OSError as exc:
        raise DatabaseError(f"cannot read the card database {path}: {exc.strerror or exc}") from exc
    finally:
        os.close(fd)
    if len(head) < 100 or not head.startswith(SQLITE_MAGIC):
        raise _not_ours(path, "empty" if not head else "not an SQLite database file")


def _state(conn: sqlite3.Connection) -> tuple[int, int, frozenset[str]]:
    """application_id, user_version and table names, read together (call inside a transaction)."""
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    names = frozenset(str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
    return app_id, version, names


def _refuse_foreign(path: Path, app_id: int, version: int, names: frozenset[str]) -> None:
    """Raise DatabaseError unless the file is ours at a version this code can read."""
    if app_id not in (0, APPLICATION_ID):
        raise DatabaseError(f"{path} belongs to another application (application id {app_id}): refused")
    if app_id == 0 and (version < 1 or not names >= OUR_TABLES):
        raise _not_ours(
            path, "another application's SQLite database" if names else "an empty SQLite database"
        )
    if version > SCHEMA_VERSION:
        raise DatabaseError(
            f"{path} was written by a newer Rage Deckbuilder (schema {version}, this version knows {SCHEMA_VERSION})"
        )
    if version < 1:
        raise DatabaseError(f"{path} is not a usable card database: schema version {version}")


def _bring_current(conn: sqlite3.Connection, path: Path, change: _Change) -> bool:
    """Check the file is ours and current; migrate it under one write lock if it is older (checked first).
    Whether it was migrated."""
    conn.execute("BEGIN")  # one snapshot: another process may commit between two bare reads
    try:
        app_id, version, names = _state(conn)
    finally:
        conn.execute("COMMIT")
    if app_id == APPLICATION_ID and version == SCHEMA_VERSION:
        return False
    _refuse_foreign(path, app_id, version, names)  # before taking a write lock or writing anything
    conn.execute("BEGIN IMMEDIATE")  # serialises migration between processes
    try:
        app_id, version, names = _state(conn)  # another process may have moved it on meanwhile
        _refuse_foreign(path, app_id, version, names)
        if (app_id, version) != (APPLICATION_ID, SCHEMA_VERSION):
            change.begin(message("DB_MIGRATING", old=version, new=SCHEMA_VERSION))
            migrate_checked(conn, version)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")  # every step undone: the file is as it was before BEGIN
        raise
    return change.before is not None


def migrate_checked(conn: sqlite3.Connection, version: int) -> None:
    """Inside the caller's write transaction: check the database, run every step from `version` to today's, and
    check the result, so a damaged file is refused before it is changed and a bad result is never committed."""
    from carddb.migrations import migrate

    problem = first_damage(conn)
    if problem:
        raise _Damaged(problem)
    if version < SCHEMA_VERSION:
        migrate(conn, version)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    problem = first_damage(conn) or _foreign_key_problem(conn)
    if problem:
        raise _Damaged(message("DB_AFTER_MIGRATION", problem=problem))


def _first_row(conn: sqlite3.Connection, sql: str) -> Any:
    """The first row of a statement, the statement then closed (an open one keeps its tables locked)."""
    cursor = conn.execute(sql)
    try:
        return cursor.fetchone()
    finally:
        cursor.close()


def _foreign_key_problem(conn: sqlite3.Connection) -> str:
    row = _first_row(conn, "PRAGMA foreign_key_check")
    return "" if row is None else f"a row of {row[0]} points at a missing row of {row[2]}"


def _create_new(path: Path) -> None:
    """Build a new database in a temporary file beside `path` and link it into place whole (first one wins).

    Processes creating the same database at once take turns on a lock file, so one builds it and the rest find it.
    """
    lock_path = path.with_name(f".{path.name}.lock")
    try:
        lock = sqlite3.connect(lock_path, timeout=60, isolation_level=None)
    except sqlite3.Error as exc:
        raise damaged(lock_path, exc) from exc
    try:
        lock.execute("BEGIN EXCLUSIVE")  # SQLite's own file lock, on every platform
        if not os.path.lexists(path):
            _build_and_link(path)
    except sqlite3.Error as exc:
        raise damaged(path, exc) from exc
    finally:
        lock.close()  # the lock file stays: removing it under a waiting process would fail that process's open


def _build_and_link(path: Path) -> None:
    import secrets  # late: hashlib/OpenSSL (~2 ms) only when a database is created, never on a check

    _remove_stale_creations(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}{_CREATING}")
    try:
        conn = sqlite3.connect(temp, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            create_schema(conn)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute("COMMIT")
        finally:
            conn.close()
        try:
            os.link(temp, path)  # never replaces: when another process got there first, its database is used
        except FileExistsError:
            pass
        except OSError:
            if not os.path.lexists(path):  # a file system without hard links
                os.replace(temp, path)
    except OSError as exc:
        raise DatabaseError(f"cannot create the card database {path}: {exc.strerror or exc}") from exc
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _remove_stale_creations(path: Path) -> None:
    now = time.time()
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            if entry.name.startswith(f".{path.name}.") and _CREATING in entry.name:
                with contextlib.suppress(OSError):
                    if now - entry.stat(follow_symlinks=False).st_mtime > _STALE_CREATING:
                        os.unlink(entry.path)


def create_schema(conn: sqlite3.Connection) -> None:
    """Today's schema in an empty database: the tables (carddb/schema.py's, as frozen SQL), then the full-text
    index and seed data."""
    from carddb.identities import shipped_identities
    from carddb.migrations import fresh

    for statement in fresh.STATEMENTS:
        conn.execute(statement)
    conn.execute(FTS_DEFINITION)
    conn.executemany(
        "INSERT OR IGNORE INTO character_identity (norm_name, identity, shipped) VALUES (?, ?, 1)",
        shipped_identities().items(),
    )


def _use_wal(conn: sqlite3.Connection, change: _Change) -> None:
    # WAL lets a reader and a writer (two app windows, CLI + GUI) work at once without corruption.
    if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).casefold() == "wal":
        return  # the file already is (journal mode belongs to the file): nothing to lock for
    if change.before is None:  # not just migrated and checked: the switch writes the file's header
        change.begin(message("DB_SWITCHING_TO_WAL"))
        # On a connection of its own: after an integrity check, SQLite answers this connection's first
        # wal_checkpoint(TRUNCATE) "database table is locked" until it writes.
        checker = connect(change.path)
        try:
            problem = first_damage(checker)
        finally:
            checker.close()
        if problem:
            raise _Damaged(problem)
    for attempt in range(_WAL_ATTEMPTS):
        try:
            conn.execute("PRAGMA journal_mode = WAL").fetchall()  # its row read: the statement ends
            return
        except sqlite3.OperationalError as exc:
            if "readonly" in str(exc):
                return  # a read-only file keeps its journal mode; reads still work
            # Switching needs the file to itself; many processes opening a new database at once can keep
            # it busy past SQLite's busy handler. Another process may switch it meanwhile, which is as good.
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            if attempt == _WAL_ATTEMPTS - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
            if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).casefold() == "wal":
                return

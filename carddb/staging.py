"""The rows of a running import, kept in a temporary table of its own connection instead of in Python.

A million-row file would need well over a gigabyte as Python objects; SQLite keeps the same rows in a temp file
(never in the card database: a cancelled import leaves nothing), and the write resolves duplicates, reprints and
the printing in force in SQL (carddb.cardwriter). Nothing here knows what a row means beyond its key.
"""

from __future__ import annotations

import sqlite3
from array import array
from typing import Any

from carddb.fields import CARD_FIELDS, NUMERIC_FIELDS

STAGE = "temp.stage"
# One row per validated printing; seq (its rowid) is the row's place in the source, so later rows win.
STAGE_COLUMNS: tuple[str, ...] = (
    "norm",
    "name",
    "set_name",
    *CARD_FIELDS,
    "image_file",
    "image_paths",
    "extra",
    "source",
    "line",
    "section",
    "identity",
    "allegiance",
)
# A numeric field with no value is staged as "" and read back as NULL (stage_fields): sqlite3 binds a str as it is,
# but looks for an adapter for every None (~3 µs each; 100,000 rows have ~600,000 empty numbers).
NO_NUMBER = ""


def stage_fields(alias: str) -> str:
    """SQL for the card fields of the staged rows `alias`, in CARD_FIELDS order (a staged NO_NUMBER reads as NULL)."""
    return ", ".join(
        f"nullif({alias}.{f}, '')" if f in NUMERIC_FIELDS else f"{alias}.{f}" for f in CARD_FIELDS
    )


_INSERT = f"INSERT INTO {STAGE} ({', '.join(STAGE_COLUMNS)}) VALUES ({', '.join('?' * len(STAGE_COLUMNS))})"
_BATCH = 2000  # rows held in Python between two inserts


class Stage:
    """Validated rows of one import in `temp.stage`; a later row of the same (norm name, set) replaces an earlier.

    `add` says which earlier row a new one replaces (its line and source, for the note), remembering only a hash
    of each key and the row's number, so memory stays a few dozen bytes a row; a hash shared by two keys is
    told apart by reading the earlier row back.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        # The write reads staged rows back by seq in name order; in SQLite's default 2 MB temp cache each such read
        # goes back to the temp file. Capped like the write's own cache, so memory stays bounded at any size.
        conn.execute("PRAGMA temp.cache_size = -65536")
        conn.execute(f"CREATE TEMP TABLE stage (seq INTEGER PRIMARY KEY, {', '.join(STAGE_COLUMNS)})")
        # One transaction for all the staging (a third cheaper than one per batch). It writes only the temp
        # database, so it holds no lock and no snapshot of the card database: finish() commits it.
        conn.execute("BEGIN")
        self.rows = 0  # rows added (each has seq = its number)
        self._buffer: list[tuple[Any, ...]] = []
        self._seen: dict[int, int] = {}  # hash of (norm, set) -> seq of the latest row with such a key
        self._exact: dict[tuple[str, str], int] = {}  # keys whose hash an earlier, other key holds
        self._replaced = array("q")  # seqs of rows a later row replaced
        # Per row (by seq - 1): 1 when it replaced an earlier row. A row replacing one that itself replaced another
        # is a repeat already told of: `add` returns nothing for it and counts it in `quiet_repeats`, so a card
        # repeated a million times costs one note and a counter, not a million notes.
        self._replacer = bytearray()
        self.quiet_repeats = 0

    def add(self, row: tuple[Any, ...]) -> tuple[int, str] | None:
        """Stage one row (in STAGE_COLUMNS order); (line, source) of the earlier row it replaces, or None (also when
        that row replaced one in its turn: counted in `quiet_repeats`)."""
        seq = self.rows + 1
        key = (row[0], row[2])
        earlier = self._exact.get(key) if self._exact else None
        if earlier is not None:
            self._exact[key] = seq
        else:
            hashed = hash(key)
            earlier = self._seen.get(hashed)
            if earlier is None or self._key_of(earlier) == key:
                self._seen[hashed] = seq
            else:  # another key holds this hash: this key is remembered exactly
                earlier = None
                self._exact[key] = seq
        found = None
        if earlier is not None:
            self._replaced.append(earlier)
            if self._replacer[earlier - 1]:
                self.quiet_repeats += 1
            else:
                found = self._line_of(earlier)
        self._replacer.append(earlier is not None)
        self._buffer.append(row)
        self.rows = seq
        if len(self._buffer) >= _BATCH:
            self.flush()
        return found

    def _row(self, seq: int, columns: str) -> tuple[Any, ...]:
        flushed = self.rows - len(self._buffer)
        if seq > flushed:
            buffered = self._buffer[seq - flushed - 1]
            return tuple(buffered[STAGE_COLUMNS.index(c)] for c in columns.split(", "))
        found = self.conn.execute(f"SELECT {columns} FROM {STAGE} WHERE seq = ?", (seq,)).fetchone()
        return tuple(found)

    def _key_of(self, seq: int) -> tuple[str, str]:
        norm, set_name = self._row(seq, "norm, set_name")
        return str(norm), str(set_name)

    def _line_of(self, seq: int) -> tuple[int, str]:
        line, source = self._row(seq, "line, source")
        return int(line), str(source)

    def flush(self) -> None:
        """Write the rows held in Python to the table."""
        if self._buffer:
            self.conn.executemany(_INSERT, self._buffer)
            self._buffer.clear()

    def finish(self) -> None:
        """Leave exactly the rows in force in the table (no two with one key), indexed by key, for the write."""
        self.flush()
        self._seen.clear()
        self._exact.clear()
        self._replacer = bytearray()
        if self._replaced:
            self.conn.executemany(f"DELETE FROM {STAGE} WHERE seq = ?", ((seq,) for seq in self._replaced))
            self._replaced = array("q")
        self.conn.execute("CREATE UNIQUE INDEX IF NOT EXISTS temp.stage_key ON stage (norm, set_name)")
        if self.conn.in_transaction:
            self.conn.execute("COMMIT")

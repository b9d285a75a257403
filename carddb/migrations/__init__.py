"""Frozen migrations: each step holds the literal SQL of its own version, never today's table classes.

A new database is created from today's SQLModel tables (carddb.schema) as frozen SQL (fresh.py, held equal to
what the tables generate by a test); an older one is brought forward one version
at a time by the steps below. A step is written once, when its version is made, and never edited afterwards: a later
change of the schema gets a step of its own. tests/carddb/test_migrations.py builds a database of every earlier
version from that version's own SQL and checks that migrating it gives exactly a fresh database's schema.

Every step runs through carddb.opening.migrate_checked: inside one write transaction, after an integrity check of
the old file and before one of the result, so a damaged file or a failing step leaves the file byte-identical.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from carddb.migrations import v2, v3, v4, v5, v6, v7, v8, v9, v10

# Version N-1 -> N.
STEPS: dict[int, Callable[[sqlite3.Connection], None]] = {
    2: v2.upgrade,
    3: v3.upgrade,
    4: v4.upgrade,
    5: v5.upgrade,
    6: v6.upgrade,
    7: v7.upgrade,
    8: v8.upgrade,
    9: v9.upgrade,
    10: v10.upgrade,
}
LATEST = max(STEPS)


def columns(conn: sqlite3.Connection, table: str) -> set[str]:
    """The column names of a table (empty when it does not exist)."""
    return {str(row[1]) for row in conn.execute(f"PRAGMA table_info({table})")}


def migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring a database at `version` (1..LATEST) to LATEST, inside the caller's write transaction."""
    if version >= 3 and "newest_set" not in columns(conn, "card"):
        # Schema 3 changed shape during its development (its first files lack the stored newest set and covering
        # index), and for a few minutes it meant the collection alone (renumbered 4): such a file lacks what step 3
        # adds, and step 3 and every later one are safe to run on it.
        version = 2
    for target in range(version + 1, LATEST + 1):
        STEPS[target](conn)

"""Schema 3 -> 4: the player's collection (owned cards by name and printing), never touched by card imports."""

from __future__ import annotations

import sqlite3

STATEMENTS = (
    "CREATE TABLE IF NOT EXISTS collection (\n"
    "\tnorm_name VARCHAR NOT NULL, \n"
    "\tset_name VARCHAR NOT NULL, \n"
    "\tname VARCHAR NOT NULL, \n"
    "\tcount INTEGER NOT NULL, \n"
    "\tPRIMARY KEY (norm_name, set_name)\n"
    ")",
)


def upgrade(conn: sqlite3.Connection) -> None:
    """Run the frozen statements of schema 4."""
    for statement in STATEMENTS:
        conn.execute(statement)

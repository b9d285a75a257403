"""Schema 7 -> 8: the collection keeps each game's owned cards apart (`game` joins its key); what was owned is Rage's."""

from __future__ import annotations

import sqlite3

STATEMENTS = (
    "CREATE TABLE collection_v8 (\n"
    "\tgame VARCHAR NOT NULL, \n"
    "\tnorm_name VARCHAR NOT NULL, \n"
    "\tset_name VARCHAR NOT NULL, \n"
    "\tname VARCHAR NOT NULL, \n"
    "\tcount INTEGER NOT NULL, \n"
    "\tPRIMARY KEY (game, norm_name, set_name)\n"
    ")",
    "INSERT INTO collection_v8 (game, norm_name, set_name, name, count) "
    "SELECT 'rage', norm_name, set_name, name, count FROM collection",
    "DROP TABLE collection",
    "ALTER TABLE collection_v8 RENAME TO collection",
)


def upgrade(conn: sqlite3.Connection) -> None:
    """Run the frozen statements of schema 8."""
    for statement in STATEMENTS:
        conn.execute(statement)

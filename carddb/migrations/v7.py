"""Schema 6 -> 7: retired cards, those a re-import no longer found in their source (renamed or removed upstream)."""

from __future__ import annotations

import sqlite3

STATEMENTS = (
    "CREATE TABLE IF NOT EXISTS retired_card (\n"
    "\tnorm_name VARCHAR NOT NULL, \n"
    "\tname VARCHAR NOT NULL, \n"
    "\treplaced_by VARCHAR NOT NULL, \n"
    "\tfields VARCHAR NOT NULL, \n"
    "\tretired_on VARCHAR NOT NULL, \n"
    "\tsource VARCHAR NOT NULL, \n"
    "\tPRIMARY KEY (norm_name)\n"
    ")",
)


def upgrade(conn: sqlite3.Connection) -> None:
    """Run the frozen statements of schema 7."""
    for statement in STATEMENTS:
        conn.execute(statement)

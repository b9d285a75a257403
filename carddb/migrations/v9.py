"""Schema 8 -> 9: another game's card may have an image, stored under the database folder like Rage's."""

from __future__ import annotations

import sqlite3

STATEMENTS = ("ALTER TABLE game_card ADD COLUMN image VARCHAR DEFAULT '' NOT NULL",)


def upgrade(conn: sqlite3.Connection) -> None:
    """Run the frozen statements of schema 9."""
    for statement in STATEMENTS:
        conn.execute(statement)

"""Schema 4 -> 5: cards of other games (game_card), kept apart from Rage's cards by their game."""

from __future__ import annotations

import sqlite3

STATEMENTS = (
    "CREATE TABLE IF NOT EXISTS game_card (\n"
    "\tgame VARCHAR NOT NULL, \n"
    "\tnorm_name VARCHAR NOT NULL, \n"
    "\tname VARCHAR NOT NULL, \n"
    "\ttype VARCHAR NOT NULL, \n"
    "\tfields VARCHAR NOT NULL, \n"
    "\tsource VARCHAR NOT NULL, \n"
    "\tsource_line INTEGER NOT NULL, \n"
    "\tPRIMARY KEY (game, norm_name)\n"
    ")",
)


def upgrade(conn: sqlite3.Connection) -> None:
    """Run the frozen statements of schema 5."""
    for statement in STATEMENTS:
        conn.execute(statement)

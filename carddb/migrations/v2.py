"""Schema 1 -> 2: index one-letter prefixes (the first key a player types) and printings by set and rank."""

from __future__ import annotations

import sqlite3

STATEMENTS = (
    "DROP TABLE IF EXISTS card_fts",
    "CREATE VIRTUAL TABLE card_fts USING fts5(name, type, keywords, requires, text, "
    "tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')",
    "INSERT INTO card_fts (rowid, name, type, keywords, requires, text) "
    "SELECT id, name, type, keywords, requires, trim(text || ' ' || errata) FROM card",
    "CREATE INDEX IF NOT EXISTS ix_printing_set_rank ON printing (set_name, set_rank)",
)


def upgrade(conn: sqlite3.Connection) -> None:
    """Run the frozen statements of schema 2."""
    for statement in STATEMENTS:
        conn.execute(statement)

"""Schema 2 -> 3: stored allegiance, name order as the full-text rowid, the newest set on the card, a contentless
full-text index, a covering index for search rows, and the indexes nothing reads any more dropped.
"""

from __future__ import annotations

import sqlite3

# Added only when missing: an early schema-3 file (development history) already has the first two.
NEW_COLUMNS = (
    ("allegiance", "ALTER TABLE card ADD COLUMN allegiance VARCHAR DEFAULT '' NOT NULL"),
    ("name_rank", "ALTER TABLE card ADD COLUMN name_rank INTEGER DEFAULT 0 NOT NULL"),
    ("newest_set", "ALTER TABLE card ADD COLUMN newest_set VARCHAR DEFAULT '' NOT NULL"),
)
STATEMENTS = (
    "UPDATE card SET newest_set = coalesce((SELECT p.set_name FROM printing AS p WHERE p.card_id = card.id"
    " ORDER BY p.set_rank DESC, p.id DESC LIMIT 1), '')",
    # An early schema 3 indexed name_rank alone: the covering index replaces it.
    "DROP INDEX IF EXISTS ix_card_name_rank",
    "CREATE INDEX ix_card_name_rank ON card (name_rank, id, name, type, section, newest_set, renown, rage, gnosis, "
    "health, requires)",
    "CREATE INDEX IF NOT EXISTS ix_printing_set_rank ON printing (set_name, set_rank)",
    "DROP INDEX IF EXISTS ix_printing_set_name",
    "DROP INDEX IF EXISTS ix_printing_newest",
    "DROP INDEX IF EXISTS ix_card_section",
    "DROP TABLE IF EXISTS card_fts",
    "CREATE VIRTUAL TABLE card_fts USING fts5(name, type, keywords, requires, text, content = '', "
    "tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2')",
)
FILL_INDEX = (
    "INSERT INTO card_fts (rowid, name, type, keywords, requires, text) "
    "SELECT name_rank, name, type, keywords, requires, trim(text || ' ' || errata) FROM card ORDER BY name_rank"
)
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def upgrade(conn: sqlite3.Connection) -> None:
    """Run the frozen statements of schema 3, store every Character's allegiance and fill the index."""
    have = {str(row[1]) for row in conn.execute("PRAGMA table_info(card)")}
    for column, statement in NEW_COLUMNS:
        if column not in have:
            conn.execute(statement)
    for statement in STATEMENTS:
        conn.execute(statement)
    _store_allegiances(conn)
    # Name order as schema 3 defines it: SQLite's NOCASE (ASCII letters fold), then id.
    rows = conn.execute("SELECT id, name FROM card").fetchall()
    rows.sort(key=lambda r: (str(r[1]).translate(_ASCII_LOWER), int(r[0])))
    conn.executemany("UPDATE card SET name_rank = ? WHERE id = ?", [(n, r[0]) for n, r in enumerate(rows, 1)])
    conn.execute(FILL_INDEX)


def _store_allegiances(conn: sqlite3.Connection) -> None:
    # The allegiance is the checker's answer of the day it is stored (DECK-RULES §2), read from schema 3's columns.
    from carddb.allegiance import allegiance_of
    from carddb.normalize import split_keywords

    rows = conn.execute("SELECT id, name, type, keywords, section FROM card").fetchall()
    conn.executemany(
        "UPDATE card SET allegiance = ? WHERE id = ?",
        [
            (allegiance_of(name, kind, split_keywords(keywords)) if section == "characters" else "", card_id)
            for card_id, name, kind, keywords, section in rows
        ],
    )

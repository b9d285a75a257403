"""Schema 5 -> 6: each card field stored once. The card keeps the fields in force; a printing keeps only the
values its own row gave differently (`own_fields`, JSON), instead of a second copy of every field.
"""

from __future__ import annotations

import json
import sqlite3

# The card fields as schema 5 stored them, on both the card and each printing.
FIELDS = (
    "sealed",
    "type",
    "notes",
    "requires",
    "keywords",
    "renown",
    "rage",
    "gnosis",
    "health",
    "crage",
    "cgnosis",
    "chealth",
    "damage",
    "text",
    "errata",
)
CREATE_PRINTING = (
    "CREATE TABLE printing_6 (\n"
    "\tid INTEGER NOT NULL, \n"
    "\tcard_id INTEGER NOT NULL, \n"
    "\tset_name VARCHAR NOT NULL, \n"
    "\tset_rank INTEGER NOT NULL, \n"
    "\timage_file VARCHAR NOT NULL, \n"
    "\timage_paths VARCHAR NOT NULL, \n"
    "\town_fields VARCHAR DEFAULT '' NOT NULL, \n"
    "\textra VARCHAR NOT NULL, \n"
    "\tsource VARCHAR NOT NULL, \n"
    "\tsource_line INTEGER NOT NULL, \n"
    "\tPRIMARY KEY (id), \n"
    "\tUNIQUE (card_id, set_name), \n"
    "\tFOREIGN KEY(card_id) REFERENCES card (id) ON DELETE CASCADE\n"
    ")"
)
COPY = (
    "INSERT INTO printing_6 (id, card_id, set_name, set_rank, image_file, image_paths, own_fields, extra, source, "
    "source_line) SELECT id, card_id, set_name, set_rank, image_file, image_paths, '', extra, source, source_line "
    "FROM printing"
)
FINISH = (
    "DROP TABLE printing",
    "ALTER TABLE printing_6 RENAME TO printing",
    "CREATE INDEX ix_printing_set_rank ON printing (set_name, set_rank)",
)


def upgrade(conn: sqlite3.Connection) -> None:
    """Keep each printing's differing values, then rebuild the printing table without the copied fields."""
    columns = ", ".join(f"p.{f}" for f in FIELDS)
    card_columns = ", ".join(f"c.{f}" for f in FIELDS)
    own = []
    for row in conn.execute(
        f"SELECT p.id, {columns}, {card_columns} FROM printing AS p JOIN card AS c ON c.id = p.card_id"
    ):
        mine, card = row[1 : 1 + len(FIELDS)], row[1 + len(FIELDS) :]
        if mine != card:
            differs = {f: v for f, v, w in zip(FIELDS, mine, card, strict=True) if v != w}
            own.append((json.dumps(differs, ensure_ascii=False), row[0]))
    conn.execute(CREATE_PRINTING)
    conn.execute(COPY)
    conn.executemany("UPDATE printing_6 SET own_fields = ? WHERE id = ?", own)
    for statement in FINISH:
        conn.execute(statement)

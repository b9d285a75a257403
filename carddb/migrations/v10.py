"""Schema 9 -> 10: one card store for every game. Another game's cards leave `game_card` for `card` (its fields as a
JSON object, one printing each holding its image); a card is known by game and name; each game's cards take
contiguous places in name order, and the full-text index covers every game (another game's field values as text).
"""

from __future__ import annotations

import sqlite3

STATEMENTS = (
    "ALTER TABLE card ADD COLUMN game VARCHAR DEFAULT 'rage' NOT NULL",
    "ALTER TABLE card ADD COLUMN fields VARCHAR DEFAULT '{}' NOT NULL",
    "DROP INDEX ix_card_norm_name",
    "DROP INDEX ix_card_name_rank",
    "CREATE UNIQUE INDEX ix_card_game_norm_name ON card (game, norm_name)",
    "CREATE INDEX ix_card_name_rank ON card (game, name_rank, id, name, type, section, newest_set, renown, rage, "
    "gnosis, health, requires)",
    "INSERT INTO card (game, norm_name, name, type, fields, sealed, notes, requires, keywords, text, errata, "
    "section, identity, allegiance, name_rank, newest_set) "
    "SELECT game, norm_name, name, type, CASE WHEN json_valid(fields) THEN fields ELSE '{}' END, "
    "'', '', '', '', '', '', NULL, '', '', 0, '' FROM game_card ORDER BY game, norm_name",
    "INSERT INTO printing (card_id, set_name, set_rank, image_file, image_paths, own_fields, extra, source, "
    "source_line) SELECT c.id, '', 0, g.image, CASE WHEN g.image = '' THEN '' ELSE json_array(g.image) END, '', "
    "'{}', g.source, g.source_line FROM game_card AS g JOIN card AS c ON c.game = g.game AND c.norm_name = g.norm_name",
    "DROP TABLE game_card",
    "CREATE TABLE retired_card_v10 (\n"
    "\tgame VARCHAR NOT NULL, \n"
    "\tnorm_name VARCHAR NOT NULL, \n"
    "\tname VARCHAR NOT NULL, \n"
    "\treplaced_by VARCHAR NOT NULL, \n"
    "\tfields VARCHAR NOT NULL, \n"
    "\tretired_on VARCHAR NOT NULL, \n"
    "\tsource VARCHAR NOT NULL, \n"
    "\tPRIMARY KEY (game, norm_name)\n"
    ")",
    "INSERT INTO retired_card_v10 (game, norm_name, name, replaced_by, fields, retired_on, source) "
    "SELECT 'rage', norm_name, name, replaced_by, fields, retired_on, source FROM retired_card",
    "DROP TABLE retired_card",
    "ALTER TABLE retired_card_v10 RENAME TO retired_card",
    # Places in name order, game by game (a game's cards are one range of the full-text index's rowids).
    "CREATE TEMP TABLE v10_place (id INTEGER PRIMARY KEY, place INTEGER NOT NULL)",
    "INSERT INTO temp.v10_place SELECT id, row_number() OVER (ORDER BY game, name COLLATE NOCASE, id) FROM card",
    "UPDATE card SET name_rank = (SELECT place FROM temp.v10_place WHERE temp.v10_place.id = card.id)",
    "DROP TABLE temp.v10_place",
    "INSERT INTO card_fts (card_fts) VALUES ('delete-all')",
    "INSERT INTO card_fts (rowid, name, type, keywords, requires, text) "
    "SELECT name_rank, name, type, keywords, requires, trim(text || ' ' || errata || ' ' || "
    "CASE WHEN fields = '{}' OR NOT json_valid(fields) THEN '' "
    "ELSE (SELECT coalesce(group_concat(value, ' '), '') FROM json_each(card.fields)) END) "
    "FROM card ORDER BY name_rank",
)


def upgrade(conn: sqlite3.Connection) -> None:
    """Run the frozen statements of schema 10."""
    for statement in STATEMENTS:
        conn.execute(statement)

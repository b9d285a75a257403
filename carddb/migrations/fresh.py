"""Today's schema as frozen SQL: the statements SQLModel generates for carddb/schema.py's tables, at VERSION.

A new database is created from these, so that making one does not load SQLModel, SQLAlchemy and pydantic (about half
a second of a first start, and of every command that makes a new database). carddb/schema.py still declares the
tables: tests/carddb/test_fresh_schema.py holds these statements equal to what they generate today, and writes this
file again after a change of the tables (see its docstring).
"""

from __future__ import annotations

VERSION = 10

STATEMENTS = (
    (
        "\n"
        "CREATE TABLE IF NOT EXISTS card (\n"
        "\tsealed VARCHAR NOT NULL, \n"
        "\ttype VARCHAR NOT NULL, \n"
        "\tnotes VARCHAR NOT NULL, \n"
        "\trequires VARCHAR NOT NULL, \n"
        "\tkeywords VARCHAR NOT NULL, \n"
        "\trenown INTEGER, \n"
        "\trage INTEGER, \n"
        "\tgnosis INTEGER, \n"
        "\thealth INTEGER, \n"
        "\tcrage INTEGER, \n"
        "\tcgnosis INTEGER, \n"
        "\tchealth INTEGER, \n"
        "\tdamage INTEGER, \n"
        "\ttext VARCHAR NOT NULL, \n"
        "\terrata VARCHAR NOT NULL, \n"
        "\tid INTEGER NOT NULL, \n"
        "\tnorm_name VARCHAR NOT NULL, \n"
        "\tname VARCHAR NOT NULL, \n"
        "\tsection VARCHAR, \n"
        "\tidentity VARCHAR NOT NULL, \n"
        "\tallegiance VARCHAR DEFAULT '' NOT NULL, \n"
        "\tname_rank INTEGER DEFAULT 0 NOT NULL, \n"
        "\tnewest_set VARCHAR DEFAULT '' NOT NULL, \n"
        "\tgame VARCHAR DEFAULT 'rage' NOT NULL, \n"
        "\tfields VARCHAR DEFAULT '{}' NOT NULL, \n"
        "\tPRIMARY KEY (id)\n"
        ")\n"
        "\n"
    ),
    "CREATE UNIQUE INDEX IF NOT EXISTS ix_card_game_norm_name ON card (game, norm_name)",
    "CREATE INDEX IF NOT EXISTS ix_card_name_rank ON card (game, name_rank, id, name, type, section, newest_set, renown, rage, gnosis, health, requires)",
    (
        "\n"
        "CREATE TABLE IF NOT EXISTS character_identity (\n"
        "\tnorm_name VARCHAR NOT NULL, \n"
        "\tidentity VARCHAR NOT NULL, \n"
        "\tshipped BOOLEAN NOT NULL, \n"
        "\tPRIMARY KEY (norm_name)\n"
        ")\n"
        "\n"
    ),
    (
        "\n"
        "CREATE TABLE IF NOT EXISTS collection (\n"
        "\tgame VARCHAR NOT NULL, \n"
        "\tnorm_name VARCHAR NOT NULL, \n"
        "\tset_name VARCHAR NOT NULL, \n"
        "\tname VARCHAR NOT NULL, \n"
        "\tcount INTEGER NOT NULL, \n"
        "\tPRIMARY KEY (game, norm_name, set_name)\n"
        ")\n"
        "\n"
    ),
    (
        "\n"
        "CREATE TABLE IF NOT EXISTS meta (\n"
        '\t"key" VARCHAR NOT NULL, \n'
        "\tvalue VARCHAR NOT NULL, \n"
        '\tPRIMARY KEY ("key")\n'
        ")\n"
        "\n"
    ),
    (
        "\n"
        "CREATE TABLE IF NOT EXISTS retired_card (\n"
        "\tgame VARCHAR NOT NULL, \n"
        "\tnorm_name VARCHAR NOT NULL, \n"
        "\tname VARCHAR NOT NULL, \n"
        "\treplaced_by VARCHAR NOT NULL, \n"
        "\tfields VARCHAR NOT NULL, \n"
        "\tretired_on VARCHAR NOT NULL, \n"
        "\tsource VARCHAR NOT NULL, \n"
        "\tPRIMARY KEY (game, norm_name)\n"
        ")\n"
        "\n"
    ),
    (
        "\n"
        "CREATE TABLE IF NOT EXISTS printing (\n"
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
        ")\n"
        "\n"
    ),
    "CREATE INDEX IF NOT EXISTS ix_printing_set_rank ON printing (set_name, set_rank)",
)

"""Frozen migrations: a database of every earlier schema version, built from that version's own SQL, migrates to
exactly the schema of a fresh database (table by table, column by column, index by index) and keeps its data."""

from __future__ import annotations

import ast
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import carddb.migrations
from carddb.db import CardDatabase
from carddb.migrations import LATEST, STEPS
from carddb.search import search
from carddb.versions import APPLICATION_ID, SCHEMA_VERSION

FIXTURES = Path(__file__).parent / "fixtures"
SCHEMAS = FIXTURES / "schemas"
# Every schema version before today's, as its own code wrote it ("3early": schema 3 as first released, before its
# covering index and stored newest set).
OLD_VERSIONS = sorted(p.stem for p in SCHEMAS.glob("v*.sql"))


def _build(path: Path, version: str) -> None:
    conn = sqlite3.connect(path)
    conn.executescript((SCHEMAS / f"{version}.sql").read_text(encoding="utf-8"))
    conn.close()


def schema_of(conn: sqlite3.Connection) -> dict[str, Any]:
    """Everything a schema change could forget: objects, columns, indexes (with their columns), foreign keys."""
    shape: dict[str, Any] = {}
    objects = conn.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
    ).fetchall()
    for kind, name, table, sql in objects:
        entry: dict[str, Any] = {"type": kind, "table": table}
        if kind == "table" and sql and sql.upper().startswith("CREATE VIRTUAL"):
            entry["sql"] = " ".join(sql.split())  # the full-text definition: tokenizer, prefixes, content
        if kind == "table":
            # By name: a column added by ALTER TABLE sits last, and nothing reads columns by position.
            entry["columns"] = {
                str(c[1]): (str(c[2]).upper(), int(c[3]), c[4], int(c[5]))
                for c in conn.execute(f'PRAGMA table_info("{name}")')
            }
            entry["indexes"] = {
                str(i[1]): (int(i[2]), str(i[3]), int(i[4]))
                for i in conn.execute(f'PRAGMA index_list("{name}")')
            }
            entry["foreign_keys"] = sorted(
                tuple(str(v) for v in fk[2:]) for fk in conn.execute(f'PRAGMA foreign_key_list("{name}")')
            )
        if kind == "index":
            entry["columns"] = [
                (int(x[0]), x[2], int(x[3]), str(x[4]), int(x[5]))  # by name, not table position
                for x in conn.execute(f'PRAGMA index_xinfo("{name}")')
            ]
        shape[name] = entry
    return shape


@pytest.fixture(scope="module")
def fresh_schema(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    with CardDatabase(tmp_path_factory.mktemp("fresh") / "fresh.sqlite") as db:
        return schema_of(db.reader)


def test_every_version_before_today_has_a_frozen_database_and_a_step() -> None:
    assert LATEST == SCHEMA_VERSION
    assert sorted(STEPS) == list(range(2, SCHEMA_VERSION + 1))
    built = {int(v[1:].removesuffix("early")) for v in OLD_VERSIONS}
    assert built == set(range(1, SCHEMA_VERSION))


@pytest.mark.parametrize("version", OLD_VERSIONS)
def test_a_database_of_every_version_migrates_to_exactly_the_fresh_schema(
    tmp_path: Path, version: str, fresh_schema: dict[str, Any]
) -> None:
    path = tmp_path / f"{version}.sqlite"
    _build(path, version)
    with CardDatabase(path) as db:
        conn = db.reader
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        migrated = schema_of(conn)
        assert set(migrated) == set(fresh_schema)
        for name, entry in fresh_schema.items():
            assert migrated[name] == entry, name
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        # The data survives: cards, their newest printing in force, search, stored allegiance, the collection.
        assert db.names() == ["Claw Rake", "Full Moon", "Mari Cabrah", "Moon Bridge", "Pentex Goon"]
        mari = db.lookup("mari cabrah")
        assert mari is not None
        assert (mari.text, mari.errata, mari.gnosis) == ("She fights harder.", "Errata one", 4)
        assert [p.set_name for p in mari.printings] == ["Unleashed", "Limited"]
        assert mari.allegiance == "Gaia"
        own = conn.execute(
            "SELECT own_fields FROM printing WHERE set_name = 'Limited' AND card_id = ?", (mari.id,)
        )
        assert json.loads(own.fetchone()[0]) == {"gnosis": 3, "text": "She fights.", "errata": ""}
        pentex = db.lookup("Pentex Goon")
        assert pentex is not None and pentex.allegiance == "Wyrm"
        assert [r.name for r in search(db, "moon")] == [
            "Moon Bridge",
            "Full Moon",
        ]  # a name begun by the words first
        assert [r.set_name for r in search(db, "fights")] == ["Unleashed"]
        assert [r.name for r in search(db, "a:wyrm")] == ["Pentex Goon"]
        assert db.identity_table()["king albrecht"] == "lord albrecht"
        assert db.get_meta("card_data_source") == "cards.txt"
        number = int(version[1])
        if number >= 4:
            # What was owned before the collection knew games is Rage's.
            rows = conn.execute("SELECT game, name, count FROM collection").fetchall()
            assert [tuple(r) for r in rows] == [("rage", "Mari Cabrah", 2)]
        if number >= 5:
            # Another game's cards moved into the one card store (schema 10): same table, search, printings.
            warrift = db.for_game("warrift")
            assert db.game_card_rows("warrift")[0] == ("Axe", "Relic", "{}")
            assert warrift.names()[0] == "Axe"
            assert db.lookup("Axe") is None  # Rage's cards are Rage's
            assert [r.name for r in search(warrift, "axe")] == ["Axe"]
            assert [r.name for r in search(db, "moon")] == [
                "Moon Bridge",
                "Full Moon",
            ]  # a name begun by the words first
        if version == "v9":
            shield = db.for_game("warrift").lookup("shield wall")
            assert (
                shield is not None and shield.number("cost") == 2 and shield.words("keywords") == ("Guard",)
            )
            assert shield.image == "card-images/shield.abcdef0123456789.png"
            assert [r.name for r in search(db.for_game("warrift"), "guard")] == ["Shield Wall"]


def test_the_schema_2_file_written_by_the_schema_2_code_migrates_to_the_fresh_schema(
    tmp_path: Path, fresh_schema: dict[str, Any]
) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURES / "schema-v2.db", path)
    with CardDatabase(path) as db:
        assert schema_of(db.reader) == fresh_schema
        assert db.card_count() == 7


def test_a_schema_3_file_that_holds_only_the_collection_gets_every_later_step(
    tmp_path: Path, fresh_schema: dict[str, Any]
) -> None:
    # For a few minutes of history, schema 3 meant the collection alone (the merge made it 4).
    path = tmp_path / "collection-3.sqlite"
    _build(path, "v2")
    conn = sqlite3.connect(path)
    conn.executescript(";".join(carddb.migrations.v4.STATEMENTS) + "; PRAGMA user_version = 3;")
    conn.close()
    with CardDatabase(path) as db:
        assert schema_of(db.reader) == fresh_schema
        assert db.lookup("Mari Cabrah") is not None


def test_no_migration_step_reads_todays_tables() -> None:
    # A step that replays today's SQLModel tables would create them in tomorrow's shape: steps hold their own SQL.
    for path in Path(carddb.migrations.__file__).parent.glob("v*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
        } | {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        assert not {
            m for m in imported if m.startswith(("carddb.schema", "carddb.search", "carddb.db", "sqlmodel"))
        }, path

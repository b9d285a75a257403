"""Opening the card database: migrations, pragmas, concurrent opens, refusing foreign files."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from carddb.db import CardDatabase, DatabaseError, default_db_path
from carddb.schema import SCHEMA_VERSION


def test_new_database_is_migrated_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    with CardDatabase(tmp_path / "c.sqlite") as db:
        conn = db.reader
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.identity_table()["king albrecht"] == "lord albrecht"


def test_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    CardDatabase(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(DatabaseError, match="newer"):
        CardDatabase(path)


def test_a_file_that_is_not_a_database_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    path.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(DatabaseError, match="not a usable card database"):
        CardDatabase(path)


def test_env_var_chooses_the_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAGEDECK_DB", str(tmp_path / "elsewhere.sqlite"))
    assert default_db_path() == tmp_path / "elsewhere.sqlite"


def test_image_paths_outside_the_database_folder_are_refused(tmp_path: Path) -> None:
    with CardDatabase(tmp_path / "db" / "c.sqlite") as db:
        (tmp_path / "outside.jpg").write_bytes(b"x")
        inside = db.images_dir / "Set" / "a.jpg"
        inside.parent.mkdir(parents=True)
        inside.write_bytes(b"x")
        assert db.image_path("card-images/Set/a.jpg") == inside.resolve()
        assert db.image_path("../outside.jpg") is None
        assert db.image_path(str(tmp_path / "outside.jpg")) is None
        assert db.image_path("card-images/Set/missing.jpg") is None


def _open_and_write(path: str, worker: int) -> None:
    db = CardDatabase(path)
    for i in range(50):
        db.set_meta(f"w{worker}-{i}", str(i))
    db.close()


def test_two_processes_opening_at_once_do_not_corrupt_it(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.sqlite")
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_open_and_write, args=(path, n)) for n in range(2)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(60)
        assert proc.exitcode == 0
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT COUNT(*) FROM meta WHERE key LIKE 'w%'").fetchone()[0] == 100


def test_a_version_1_database_is_migrated_and_keeps_its_cards(tmp_path: Path) -> None:
    from carddb import db as db_module
    from carddb.importing import ensure_demo_cards
    from carddb.search import search

    path = tmp_path / "old.sqlite"
    # Build a database exactly as version 1 left it: migration 1 only, user_version 1.
    original = dict(db_module.MIGRATIONS)
    try:
        db_module.MIGRATIONS.pop(2)
        import carddb.schema

        carddb.schema.SCHEMA_VERSION = 1
        with CardDatabase(path) as old:
            ensure_demo_cards(old)
            count = old.card_count()
            fts_sql = old.reader.execute("SELECT sql FROM sqlite_master WHERE name = 'card_fts'").fetchone()[
                0
            ]
            assert "'2 3'" in fts_sql
    finally:
        db_module.MIGRATIONS.clear()
        db_module.MIGRATIONS.update(original)
        carddb.schema.SCHEMA_VERSION = SCHEMA_VERSION
    with CardDatabase(path) as new:
        conn = new.reader
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert new.card_count() == count
        assert (
            "'1 2 3'" in conn.execute("SELECT sql FROM sqlite_master WHERE name = 'card_fts'").fetchone()[0]
        )
        assert conn.execute("SELECT COUNT(*) FROM card_fts").fetchone()[0] == count
        assert search(new, "a")  # one-letter prefix search works on the rebuilt index
        assert conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'ix_printing_set_rank'").fetchone()

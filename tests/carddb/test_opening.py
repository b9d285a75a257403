"""Opening a card database: only a missing path or a database of ours is ever written; creation is whole."""

from __future__ import annotations

import io
import os
import sqlite3
from pathlib import Path

import pytest

import carddb.opening
from carddb.db import CardDatabase, DatabaseError
from carddb.demo import ensure_demo_cards
from carddb.search import QuerySyntaxError, count_matches, search
from carddb.versions import APPLICATION_ID, SCHEMA_VERSION


def _sqlite_file(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


HOSTILE = {
    "one byte": lambda p: p.write_bytes(b"x"),
    "empty file": lambda p: p.write_bytes(b""),
    "99 bytes of the SQLite header": lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\x00" * 83),
    "a page of text": lambda p: p.write_bytes(b"my notes\n" * 500),
    "a large binary file": lambda p: p.write_bytes(os.urandom(300_000)),
    "another application's SQLite": lambda p: _sqlite_file(p, "CREATE TABLE album (id INTEGER PRIMARY KEY)"),
    "an empty SQLite database": lambda p: _sqlite_file(p, "PRAGMA user_version = 0", "VACUUM"),
    "SQLite with our tables but no version": lambda p: _sqlite_file(
        p, *(f"CREATE TABLE {t} (x)" for t in ("meta", "card", "printing", "character_identity"))
    ),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_file_that_is_not_our_database_is_refused_and_never_written(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "given.db"
    HOSTILE[kind](path)
    before = path.read_bytes()
    with pytest.raises(DatabaseError) as caught:
        CardDatabase(path)
    assert str(path) in str(caught.value)
    assert "Rage Deckbuilder card database" in str(caught.value) or "refused" in str(caught.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["given.db"]  # no journal, WAL or temporary file


def test_a_folder_given_as_the_database_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "cards.sqlite"
    folder.mkdir()
    with pytest.raises(DatabaseError, match="not a regular file"):
        CardDatabase(folder)
    assert list(folder.iterdir()) == []


def test_the_cli_names_the_refused_file_and_leaves_it_alone(tmp_path: Path) -> None:
    from deckbuilder.cli import main

    path = tmp_path / "x.db"
    path.write_bytes(b"\x07")
    out, err = io.StringIO(), io.StringIO()
    assert main(["search", "moon", "--db", str(path)], out, err) == 2
    assert str(path) in err.getvalue() and "not a Rage Deckbuilder card database" in err.getvalue()
    assert path.read_bytes() == b"\x07"


def test_a_missing_path_is_created_and_a_database_of_ours_is_reopened(tmp_path: Path) -> None:
    path = tmp_path / "new" / "cards.sqlite"
    with CardDatabase(path) as db:
        ensure_demo_cards(db)
        count = db.card_count()
    with CardDatabase(path) as again:
        assert again.card_count() == count > 0
        version = again.reader.execute("PRAGMA user_version").fetchone()[0]
        app_id = again.reader.execute("PRAGMA application_id").fetchone()[0]
        assert (version, app_id) == (SCHEMA_VERSION, APPLICATION_ID)
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".creating")]


def test_a_new_database_appears_whole_and_the_first_creator_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another program puts a database at the path while this one is still building its own: this one's half-made
    # file is never visible at the path, and it then opens the other's instead of replacing it.
    path = tmp_path / "cards.sqlite"
    with CardDatabase(tmp_path / "theirs.sqlite") as theirs:
        theirs.set_meta("created-by", "other")
        theirs.reader.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    real_create = carddb.opening.create_schema
    seen: list[bool] = []

    def create_while_another_program_does(conn: sqlite3.Connection) -> None:
        seen.append(path.exists())
        os.link(tmp_path / "theirs.sqlite", path)
        real_create(conn)

    monkeypatch.setattr(carddb.opening, "create_schema", create_while_another_program_does)
    with CardDatabase(path) as db:
        assert db.get_meta("created-by") == "other"
    assert seen == [False]
    assert [p.name for p in tmp_path.iterdir() if "creating" in p.name] == []


def test_a_database_deleted_while_open_is_not_recreated_empty_by_a_write(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    db = CardDatabase(path)
    db.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    with pytest.raises(DatabaseError):
        db.set_meta("k", "v")
    assert not path.exists()


def test_a_field_text_too_long_for_sqlite_is_a_query_error_not_a_damaged_database(tmp_path: Path) -> None:
    with CardDatabase(tmp_path / "cards.sqlite") as db:
        ensure_demo_cards(db)
        for query in ("n:" + "a" * 60_000, 't:"' + "%" * 30_000 + '"', "k:" + "é" * 20_000):
            with pytest.raises(QuerySyntaxError, match="too long"):
                search(db, query)
            with pytest.raises(QuerySyntaxError, match="too long"):
                count_matches(db, query)
        assert search(db, "n:" + "a" * 5) == []

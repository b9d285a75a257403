"""A database is checked before it is changed: a damaged file of any earlier schema is refused before a migration,
a migration that fails (or whose result does not check clean) is rolled back, and the refusal says in one line that
the file was left as it was — its bytes unchanged, no journal, WAL or shared-memory file left beside it."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

import carddb.migrations
from carddb.db import CardDatabase, DatabaseError
from carddb.migrations import LATEST
from carddb.versions import SCHEMA_VERSION
from tests.carddb.test_migrations import OLD_VERSIONS, SCHEMAS

PAGE = 4096  # the page size every fixture is written with (SQLite's default)


def _build(path: Path, version: str, wal: bool = False) -> None:
    conn = sqlite3.connect(path)
    conn.executescript((SCHEMAS / f"{version}.sql").read_text(encoding="utf-8"))
    if (
        wal
    ):  # as the app left its files: WAL is a property of the file (its -wal goes with the last connection)
        conn.execute("PRAGMA journal_mode = WAL")
    conn.close()
    assert int.from_bytes(path.read_bytes()[16:18], "big") == PAGE


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _zero_page(path: Path, page: int) -> None:
    data = bytearray(path.read_bytes())
    data[(page - 1) * PAGE : page * PAGE] = bytes(PAGE)
    path.write_bytes(bytes(data))


def _refused_untouched(path: Path) -> str:
    """Open `path`, expect a refusal, and check nothing was changed; the refusal's text."""
    before = _digest(path)
    listing = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(DatabaseError) as caught:
        CardDatabase(path)
    text = str(caught.value)
    assert _digest(path) == before, text
    assert sorted(p.name for p in path.parent.iterdir()) == listing, text  # no -journal, -wal or -shm left
    assert "\n" not in text and str(path) in text
    assert "the file was not changed" in text
    return text


@pytest.mark.parametrize("wal", [False, True], ids=["rollback journal", "WAL"])
@pytest.mark.parametrize("version", OLD_VERSIONS)
def test_an_old_database_with_any_page_zeroed_is_refused_before_it_is_migrated(
    tmp_path: Path, version: str, wal: bool
) -> None:
    base = tmp_path / "base.sqlite"
    _build(base, version, wal)
    pages = len(base.read_bytes()) // PAGE
    assert pages >= 5  # every table, index and the full-text index have pages of their own to damage
    for page in range(2, pages + 1):  # page 1 is the header: without it the file is no SQLite file at all
        folder = tmp_path / f"page-{page}"
        folder.mkdir()
        path = folder / "cards.sqlite"
        path.write_bytes(base.read_bytes())
        _zero_page(path, page)
        text = _refused_untouched(path)
        assert "damaged" in text or "not a usable card database" in text, (page, text)
        with sqlite3.connect(path) as check:  # still the old schema: an older app opens it as before
            assert check.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION


def _wrap_step(
    monkeypatch: pytest.MonkeyPatch, target: int, after: Callable[[sqlite3.Connection], None]
) -> None:
    real = carddb.migrations.STEPS[target]

    def step(conn: sqlite3.Connection) -> None:
        real(conn)
        after(conn)

    monkeypatch.setitem(carddb.migrations.STEPS, target, step)


def test_a_migration_that_fails_after_writing_the_file_leaves_it_byte_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cards.sqlite"
    _build(path, "v1")
    before = _digest(path)
    written: list[bool] = []
    # A one-page cache makes every step spill its pages into the file itself before the failure.
    _wrap_step(monkeypatch, 2, lambda conn: conn.execute("PRAGMA cache_size = 1"))

    def fail(conn: sqlite3.Connection) -> None:
        written.append(_digest(path) != before)
        raise sqlite3.OperationalError("disk I/O error")

    _wrap_step(monkeypatch, LATEST, fail)
    text = _refused_untouched(path)
    assert written == [True]  # the migration had changed the file's bytes: the rollback put them back
    assert "disk I/O error" in text and f"migrating it from schema 1 to {SCHEMA_VERSION}" in text
    monkeypatch.undo()
    with CardDatabase(path) as db:  # the same file, once nothing fails, migrates as any other
        assert db.lookup("Mari Cabrah") is not None


def test_a_migrated_result_that_does_not_check_clean_is_never_committed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cards.sqlite"
    _build(path, "v8", wal=True)
    # A step that leaves a printing pointing at no card: only the check of the result can see it.
    _wrap_step(
        monkeypatch,
        LATEST,
        lambda conn: conn.execute(
            "UPDATE printing SET card_id = 99999 WHERE id = (SELECT min(id) FROM printing)"
        ),
    )
    text = _refused_untouched(path)
    assert "after migrating it" in text and "printing" in text


def test_a_damaged_database_of_todays_schema_is_not_switched_to_wal(tmp_path: Path) -> None:
    # Journal mode is a header byte: a file of ours in rollback mode is checked before the switch writes it.
    path = tmp_path / "cards.sqlite"
    CardDatabase(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
    _zero_page(path, 3)
    _refused_untouched(path)


def test_a_sound_old_database_in_wal_mode_still_migrates(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    _build(path, "v2", wal=True)
    with CardDatabase(path) as db:
        assert db.reader.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.names()[:2] == ["Claw Rake", "Full Moon"]


def test_the_refusal_is_one_line_in_the_players_language_from_the_cli(tmp_path: Path) -> None:
    from tests.deckbuilder.cli.helpers import run

    path = tmp_path / "cards.sqlite"
    _build(path, "v2")
    _zero_page(path, 7)
    before = _digest(path)
    english = run("search", "moon", "--db", str(path))
    portuguese = run("--lang", "pt_BR", "search", "moon", "--db", str(path))
    assert english.code == portuguese.code == 2
    assert english.err.count("\n") == portuguese.err.count("\n") == 1
    assert f"{path} is damaged (" in english.err and "refused, the file was not changed" in english.err
    assert (
        f"{path} está danificado (" in portuguese.err
        and "recusado, o arquivo não foi alterado" in portuguese.err
    )
    assert _digest(path) == before

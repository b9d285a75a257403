"""Opening the card database: migrations, pragmas, concurrent opens, refusing foreign files."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from carddb.db import CardDatabase, DatabaseError, default_db_path
from carddb.demo import demo_card_data_path
from carddb.versions import APPLICATION_ID, SCHEMA_VERSION
from tests.deckbuilder.together import run_together

FIXTURES = Path(__file__).parent / "fixtures"


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
    with pytest.raises(DatabaseError, match="not an SQLite database file"):
        CardDatabase(path)
    assert path.read_bytes() == b"this is not sqlite at all" * 100


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
        proc.join(120)
        assert proc.exitcode == 0
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT COUNT(*) FROM meta WHERE key LIKE 'w%'").fetchone()[0] == 100


# Imported before each process says it is ready (run_together's prelude): all of them open at the same moment.
_IMPORTS = "from pathlib import Path\nfrom carddb.db import CardDatabase\n"
_OPEN_ONCE = """
# Ten new databases in turn: every one is created by twenty processes at the same moment.
for k in range(10):
    with CardDatabase(Path(FOLDER) / f"new-{k}.sqlite") as db:
        assert db.card_count() == 0
        db.set_meta(f"opened-by-{worker}", "yes")
"""


def test_twenty_processes_creating_one_new_database_all_succeed(tmp_path: Path) -> None:
    folder = tmp_path / "missing"
    script = f"FOLDER = {str(folder)!r}\n" + _OPEN_ONCE
    # Twenty interpreters on a loaded 2-core machine: more time than run_together's usual two need.
    run_together(script, 20, prelude=_IMPORTS, deadline_seconds=300)
    for k in range(10):
        conn = sqlite3.connect(folder / f"new-{k}.sqlite")
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT COUNT(*) FROM meta WHERE key LIKE 'opened-by-%'").fetchone()[0] == 20
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        conn.close()


def test_a_schema_2_database_file_is_migrated_and_keeps_its_cards(tmp_path: Path) -> None:
    from carddb.search import count_matches, search

    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURES / "schema-v2.db", path)
    with CardDatabase(path) as db:
        conn = db.reader
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.card_count() == 7
        allegiances = {c.name: c.allegiance for c in db.all_cards()}
        assert allegiances == {
            "Bare Wyrmling": "Wyrm",
            "Defiler Wretch": "Wyrm",
            "Full Moon": "",
            "Mari Cabrah": "Gaia",
            "Moon Bridge": "",
            "Pentex Goon": "Wyrm",
            "Rogue Wolf": "Rogue",
        }
        assert [r.name for r in search(db, "moon")] == [
            "Moon Bridge",
            "Full Moon",
        ]  # a name begun by the words first
        assert count_matches(db, "m") == 2 + 1  # Moon Bridge, Full Moon, Mari Cabrah
        assert [r.name for r in search(db, "a:wyrm")] == ["Bare Wyrmling", "Defiler Wretch", "Pentex Goon"]
    # Opening it again finds it current: nothing to migrate, the cards are still there.
    with CardDatabase(path) as again:
        assert again.lookup("Salamander") is None
        assert again.lookup("rogue wolf") is not None


def test_another_applications_database_is_refused_and_left_byte_identical(tmp_path: Path) -> None:
    path = tmp_path / "photos.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT)")
    conn.execute("INSERT INTO album (title) VALUES ('Holiday')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match="another application"):
        CardDatabase(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photos.db"]  # no WAL or journal left either


def test_a_database_with_another_application_id_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1234")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match="another application"):
        CardDatabase(path)
    assert path.read_bytes() == before


def _damaged_database(tmp_path: Path) -> Path:
    from carddb.demo import ensure_demo_cards

    path = tmp_path / "damaged.sqlite"
    with CardDatabase(path) as db:
        ensure_demo_cards(db)
        db.reader.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(page, len(data), page):  # keep the header page, scramble every other
        data[offset : offset + page] = bytes((i * 7 + 13) % 256 for i in range(page))
    path.write_bytes(bytes(data))
    return path


def test_a_damaged_database_gives_one_clear_error_in_lookup_search_and_import(tmp_path: Path) -> None:
    from carddb.importing import import_path
    from carddb.search import search

    path = _damaged_database(tmp_path)
    cards = tmp_path / "cards.txt"
    shutil.copyfile(demo_card_data_path(), cards)
    for action in (
        lambda db: db.lookup("Full Moon"),
        lambda db: search(db, "moon"),
        lambda db: search(db, "t:gift renown>=1"),
        lambda db: import_path(db, cards),
    ):
        with pytest.raises(DatabaseError) as caught, CardDatabase(path) as db:
            action(db)
        message = str(caught.value)
        assert "\n" not in message and str(path) in message


@contextmanager
def _read_only(path: Path) -> Iterator[None]:
    """Make a file read-only for this process: chmod, or for root (who ignores modes) the immutable flag."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        yield
        path.chmod(0o644)
        return
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)], check=False).returncode:
        pytest.skip("running as root without a file system that supports chattr +i")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_database_reads_and_refuses_writes_clearly(tmp_path: Path) -> None:
    from carddb.demo import ensure_demo_cards
    from carddb.importing import import_path
    from carddb.search import search

    path = tmp_path / "ro.sqlite"
    with CardDatabase(path) as db:
        ensure_demo_cards(db)
        count = db.card_count()
    cards = tmp_path / "cards.txt"
    shutil.copyfile(demo_card_data_path(), cards)
    with _read_only(path), CardDatabase(path) as db:
        assert db.card_count() == count
        assert db.lookup("Ashen Howler") is not None
        assert search(db, "ashen")
        with pytest.raises(DatabaseError, match="read-only"):
            import_path(db, cards)
        assert db.card_count() == count


_LOOKUP_ONLY = """
import sys
from carddb.db import CardDatabase
with CardDatabase(sys.argv[1]) as db:
    assert db.lookup("Ashen Howler") is not None
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("sqlmodel", "sqlalchemy", "pydantic"))
print(",".join(heavy))
"""


def test_opening_a_current_database_and_looking_up_a_card_imports_no_orm(tmp_path: Path) -> None:
    from carddb.demo import ensure_demo_cards

    path = tmp_path / "c.sqlite"
    with CardDatabase(path) as db:
        ensure_demo_cards(db)
    out = subprocess.run(
        [sys.executable, "-c", _LOOKUP_ONLY, str(path)], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


def test_the_schema_columns_come_from_the_one_field_list() -> None:
    from carddb.fields import CARD_FIELDS
    from carddb.model import CardInfo
    from carddb.schema import Card, Printing

    columns = [c.name for c in Card.__table__.columns]
    assert [c for c in columns if c in CARD_FIELDS] == list(CARD_FIELDS)
    # Each field is stored once: on the card, in force; a printing keeps only what its row gave differently.
    assert not {c.name for c in Printing.__table__.columns} & set(CARD_FIELDS)
    info_fields = set(CardInfo._fields)
    assert {("keywords_field" if f == "keywords" else f) for f in CARD_FIELDS} <= info_fields


def test_the_cli_reports_a_damaged_database_in_one_line(tmp_path: Path) -> None:
    import io

    from deckbuilder.cli import main

    path = _damaged_database(tmp_path)
    cards = tmp_path / "cards.txt"
    shutil.copyfile(demo_card_data_path(), cards)
    for command in (["search", "moon"], ["import-cards", str(cards)]):
        out, err = io.StringIO(), io.StringIO()
        assert main([*command, "--db", str(path)], out, err) == 2
        assert err.getvalue().count("\n") == 1 and "not a usable card database" in err.getvalue()


def test_has_cards_tells_an_empty_database_from_one_with_cards(tmp_path: Path) -> None:
    from carddb.importing import import_lackey_file

    with CardDatabase(tmp_path / "cards.sqlite") as db:
        assert not db.has_cards()
        import_lackey_file(db, demo_card_data_path())
        assert db.has_cards() and db.card_count() > 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fast path is Linux's")
@pytest.mark.parametrize("xdg", [None, "", "  ", "/srv/data", "/srv/data/ "])
def test_user_data_dir_is_where_platformdirs_puts_it(
    xdg: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    from carddb.db import APP_NAME, user_data_dir

    monkeypatch.delenv("RAGEDECK_DATA_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    assert user_data_dir() == Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def test_the_card_count_follows_an_import_by_another_connection(tmp_path: Path) -> None:
    from carddb.importing import import_lackey_file
    from carddb.search import count_matches

    path = tmp_path / "cards.sqlite"
    with CardDatabase(path) as writer, CardDatabase(path) as window:
        import_lackey_file(writer, demo_card_data_path())
        everything = window.card_count()
        assert everything > 2 and count_matches(window, "") == everything
        # Another program's import (here another connection) of one more card: the window counts again.
        header, first = demo_card_data_path().read_text(encoding="utf-8").splitlines(True)[:2]
        more = tmp_path / "more.txt"
        more.write_text(header + first.replace("Ashen Howler", "Ashen Howler's Twin"), encoding="utf-8")
        import_lackey_file(writer, more)
        assert window.card_count() == count_matches(window, "") == everything + 1
        window.close()  # a new reader numbers its data versions afresh
        assert window.card_count() == everything + 1

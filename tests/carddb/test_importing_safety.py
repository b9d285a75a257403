"""Importing hostile or damaged plugin folders: links out, broken images, killed imports, read-only databases."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.importing import CardImportError, ImportCancelled, clean_import_leftovers, import_path
from carddb.leftovers import LEFTOVER_AGE, markers_dir
from deckbuilder import cli
from tests.carddb.test_importing import HEADER, PLUGIN_INFO, dump, row, write_card_data
from tests.conftest import PROJECT_ROOT
from tests.deckbuilder.export.helpers import jpeg_bytes, jpeg_claiming

GOOD = jpeg_bytes(colour=(10, 120, 200))


def make_plugin(folder: Path, rows: list[str], images: dict[str, bytes]) -> Path:
    """A plugin folder with plugininfo.txt, sets/cards.txt and images under setimages/Alpha."""
    write_card_data(folder / "sets" / "cards.txt", rows)
    (folder / "plugininfo.txt").write_text(PLUGIN_INFO)
    image_folder = folder / "sets" / "setimages" / "Alpha"
    image_folder.mkdir(parents=True)
    for name, data in images.items():
        (image_folder / name).write_bytes(data)
    return folder


def stored_files(db: CardDatabase) -> list[Path]:
    return sorted(p for p in db.images_dir.rglob("*") if p.is_file()) if db.images_dir.exists() else []


def age_everything(folder: Path) -> None:
    """Make every file under `folder` look older than the leftover age (as after a long pause)."""
    past = time.time() - LEFTOVER_AGE - 60
    for path in folder.rglob("*"):
        os.utime(path, (past, past), follow_symlinks=False)


# -- links out of the plugin folder ----------------------------------------------------------------


def test_links_leaving_the_plugin_folder_are_refused_and_never_read(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = jpeg_bytes(colour=(1, 2, 3))
    (outside / "secret.jpg").write_bytes(secret)
    (outside / "Beta").mkdir()
    (outside / "Beta" / "beta.jpg").write_bytes(secret)
    folder = make_plugin(
        tmp_path / "plugin",
        [
            row("Linked Image", ImageFile="linked"),
            row("Inside", ImageFile="inside"),
            row("Beta Card", "Beta", ImageFile="beta"),
        ],
        {"inside.jpg": GOOD},
    )
    images = folder / "sets" / "setimages"
    (images / "Alpha" / "linked.jpg").symlink_to(outside / "secret.jpg")
    (images / "Beta").symlink_to(outside / "Beta")
    report = import_path(tmp_db, folder)
    refused = {skip.card: skip.reason for skip in report.images_not_copied}
    assert set(refused) == {"Linked Image", "Beta Card"}
    assert "linked.jpg" in refused["Linked Image"] and "outside the plugin folder" in refused["Linked Image"]
    assert "Beta" in refused["Beta Card"] and "outside the plugin folder" in refused["Beta Card"]
    assert [p.read_bytes() for p in stored_files(tmp_db)] == [GOOD]
    assert report.images_copied == 1


def test_a_linked_setimages_folder_is_refused_as_a_whole(tmp_db: CardDatabase, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere" / "Alpha"
    outside.mkdir(parents=True)
    (outside / "pic.jpg").write_bytes(GOOD)
    folder = tmp_path / "plugin"
    write_card_data(folder / "sets" / "cards.txt", [row("Pictured", ImageFile="pic")])
    (folder / "sets" / "setimages").symlink_to(tmp_path / "elsewhere")
    report = import_path(tmp_db, folder)
    assert any("setimages" in i.reason and "outside the plugin folder" in i.reason for i in report.issues)
    assert stored_files(tmp_db) == [] and tmp_db.lookup("Pictured") is not None


def test_linked_card_data_and_plugininfo_outside_are_refused(tmp_db: CardDatabase, tmp_path: Path) -> None:
    outside = write_card_data(tmp_path / "outside" / "cards.txt", [row("Smuggled")])
    (tmp_path / "outside" / "plugininfo.txt").write_text(PLUGIN_INFO.replace("Pack Zone", "Stolen"))
    folder = tmp_path / "plugin"
    (folder / "sets").mkdir(parents=True)
    (folder / "sets" / "cards.txt").symlink_to(outside)
    (folder / "plugininfo.txt").symlink_to(tmp_path / "outside" / "plugininfo.txt")
    with pytest.raises(CardImportError, match=r"cards\.txt.*outside the plugin folder"):
        import_path(tmp_db, folder)
    assert tmp_db.card_count() == 0 and tmp_db.deck_zone_labels()["characters"] == "Characters"
    write_card_data(folder / "sets" / "own.txt", [row("Own Card")])
    report = import_path(tmp_db, folder)
    assert {c.name for c in tmp_db.all_cards()} == {"Own Card"}
    reasons = [i.reason for i in report.issues]
    assert any("plugininfo.txt" in r and "outside the plugin folder" in r for r in reasons)
    assert tmp_db.deck_zone_labels()["characters"] == "Characters"


def test_a_linked_sets_folder_outside_is_refused(tmp_db: CardDatabase, tmp_path: Path) -> None:
    write_card_data(tmp_path / "outside" / "cards.txt", [row("Smuggled")])
    folder = tmp_path / "plugin"
    folder.mkdir()
    (folder / "sets").symlink_to(tmp_path / "outside")
    with pytest.raises(CardImportError, match=r"sets is a link to .*outside the plugin folder"):
        import_path(tmp_db, folder)
    assert tmp_db.card_count() == 0


def test_links_that_stay_inside_the_plugin_folder_are_followed(tmp_db: CardDatabase, tmp_path: Path) -> None:
    folder = make_plugin(tmp_path / "plugin", [row("Alias", ImageFile="alias")], {"real.jpg": GOOD})
    (folder / "sets" / "setimages" / "Alpha" / "alias.jpg").symlink_to("real.jpg")
    report = import_path(tmp_db, folder)
    assert report.images_not_copied == [] and [p.read_bytes() for p in stored_files(tmp_db)] == [GOOD]


# -- broken images -----------------------------------------------------------------------------------


def test_broken_images_are_reported_at_import_and_not_copied(tmp_db: CardDatabase, tmp_path: Path) -> None:
    folder = make_plugin(
        tmp_path / "plugin",
        [
            row("Cut Off", ImageFile="cut"),
            row("Not Picture", ImageFile="text"),
            row("Bomb", ImageFile="bomb"),
            row("Fine", ImageFile="fine"),
        ],
        {
            "cut.jpg": GOOD[: len(GOOD) // 2],
            "text.jpg": b"this is not an image at all",
            "bomb.jpg": jpeg_claiming(60_000, 60_000),
            "fine.jpg": GOOD,
        },
    )
    report = import_path(tmp_db, folder)
    skipped = {s.card: s for s in report.images_not_copied}
    assert set(skipped) == {"Cut Off", "Not Picture", "Bomb"}
    assert "truncated" in skipped["Cut Off"].reason or "broken" in skipped["Cut Off"].reason
    assert "not a readable JPEG or PNG" in skipped["Not Picture"].reason
    assert "too large" in skipped["Bomb"].reason
    assert skipped["Bomb"].line == 4 and skipped["Bomb"].image.endswith("bomb.jpg")
    assert [p.read_bytes() for p in stored_files(tmp_db)] == [GOOD]
    assert "3 not copied" in report.summary()
    assert [s["card"] for s in report.to_json()["images_not_copied"]] == ["Cut Off", "Not Picture", "Bomb"]
    bomb = tmp_db.lookup("Bomb")
    assert bomb is not None and bomb.printings[0].image_paths == ("",)


# -- killed imports ------------------------------------------------------------------------------------

_KILL_SCRIPT = textwrap.dedent(
    """
    import os, signal, sys
    import carddb.importing as importing
    from carddb.db import CardDatabase

    original = importing._Importer._write_transaction
    def die(self):
        if sys.argv[3] == "after":
            original(self)
        os.kill(os.getpid(), signal.SIGKILL)
    importing._Importer._write_transaction = die
    importing.import_path(CardDatabase(sys.argv[1]), sys.argv[2])
    """
)


def _killed_import(db_path: Path, source: Path, when: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", _KILL_SCRIPT, str(db_path), str(source), when],
        cwd=PROJECT_ROOT,
        capture_output=True,
        timeout=120,
    )
    assert result.returncode == -9, result.stderr.decode()


def test_an_import_killed_right_after_its_commit_leaves_no_card_without_its_image(tmp_path: Path) -> None:
    folder = make_plugin(tmp_path / "plugin", [row("Pictured", ImageFile="pic")], {"pic.jpg": GOOD})
    db_path = tmp_path / "db" / "cards.sqlite"
    CardDatabase(db_path).close()
    _killed_import(db_path, folder, "after")
    with CardDatabase(db_path) as db:
        card = db.lookup("Pictured")
        assert card is not None
        path = db.image_path(card.printings[0].image_paths[0])
        assert path is not None and path.read_bytes() == GOOD


def test_leftovers_of_an_import_killed_before_its_commit_are_cleaned_at_the_next_start(
    tmp_path: Path,
) -> None:
    db_path = tmp_path / "db" / "cards.sqlite"
    first = make_plugin(tmp_path / "first", [row("Kept", ImageFile="kept")], {"kept.jpg": GOOD})
    with CardDatabase(db_path) as db:
        import_path(db, first)
        kept = stored_files(db)
    second = make_plugin(
        tmp_path / "second", [row("Lost", ImageFile="lost")], {"lost.jpg": jpeg_bytes(colour=(250, 0, 0))}
    )
    _killed_import(db_path, second, "before")
    images = db_path.parent / "card-images"
    (images / "Alpha" / ".lost.jpg.x1.importing").write_bytes(b"half a copy")  # a copy cut off by the kill
    with CardDatabase(db_path) as db:  # right after the kill: the dead import still looks alive
        assert len(stored_files(db)) == 4
    age_everything(images)
    with CardDatabase(db_path) as db:
        assert stored_files(db) == kept
        assert db.lookup("Lost") is None
        assert not markers_dir(db).exists()


def test_cleaning_spares_files_a_live_import_may_still_commit(tmp_db: CardDatabase, tmp_path: Path) -> None:
    orphan = tmp_db.images_dir / "Alpha" / "orphan.0123456789abcdef.jpg"
    orphan.parent.mkdir(parents=True)
    orphan.write_bytes(GOOD)
    age_everything(tmp_db.images_dir)
    markers_dir(tmp_db).mkdir()
    (markers_dir(tmp_db) / "12345-live").touch()  # another process is importing right now
    assert clean_import_leftovers(tmp_db) == 0 and orphan.exists()
    age_everything(tmp_db.images_dir)  # ... and then it died
    assert clean_import_leftovers(tmp_db) == 1 and not orphan.exists()


def test_clean_import_leftovers_keeps_referenced_and_young_files(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    import_path(tmp_db, make_plugin(tmp_path / "p", [row("Used", ImageFile="used")], {"used.jpg": GOOD}))
    young = tmp_db.images_dir / "Alpha" / "young.jpg"
    young.write_bytes(GOOD)
    assert clean_import_leftovers(tmp_db) == 0
    age_everything(tmp_db.images_dir)
    assert clean_import_leftovers(tmp_db) == 1  # only the unreferenced one
    used = tmp_db.lookup("Used")
    assert used is not None and tmp_db.image_path(used.printings[0].image_paths[0]) is not None


# -- cancel at every step ------------------------------------------------------------------------------


def test_cancel_is_honoured_before_anything_is_read_or_copied(tmp_db: CardDatabase, tmp_path: Path) -> None:
    folder = make_plugin(tmp_path / "plugin", [row("Pictured", ImageFile="pic")], {"pic.jpg": GOOD})
    with pytest.raises(ImportCancelled):
        import_path(tmp_db, folder, cancel=lambda: True)
    assert not tmp_db.images_dir.exists()


def test_cancel_is_asked_for_every_row_and_every_step(tmp_db: CardDatabase, tmp_path: Path) -> None:
    rows = [row(f"Card {i}", ImageFile=f"pic{i % 3}") for i in range(30)]
    folder = make_plugin(
        tmp_path / "plugin", rows, {f"pic{i}.jpg": jpeg_bytes(colour=(i, 9, 9)) for i in range(3)}
    )
    asked = 0

    def count() -> bool:
        nonlocal asked
        asked += 1
        return False

    import_path(tmp_db, folder, cancel=count)
    assert asked >= 30 + 3  # every row and every image copy
    before = dump(tmp_db)
    for stop_at in range(1, asked + 1):
        calls = 0

        def stop(limit: int = stop_at) -> bool:
            nonlocal calls
            calls += 1
            return calls >= limit

        fresh = make_plugin(
            tmp_path / f"again{stop_at}",
            rows,
            {f"pic{i}.jpg": jpeg_bytes(colour=(i, 99, 9)) for i in range(3)},
        )
        with pytest.raises(ImportCancelled):
            import_path(tmp_db, fresh, cancel=stop)
        assert dump(tmp_db) == before
        assert len(stored_files(tmp_db)) == 3  # nothing of the cancelled imports stays behind


# -- read-only and damaged databases -------------------------------------------------------------------


def _read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Open every later connection read-only, as SQLite does for a file the user may not write."""

    def connect(self: CardDatabase) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10, isolation_level=None)

    monkeypatch.setattr(CardDatabase, "raw_connection", connect)


def test_importing_into_a_read_only_database_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_path = tmp_path / "db" / "cards.sqlite"
    CardDatabase(db_path).close()
    source = write_card_data(tmp_path / "cards.txt", [row("Anything")])
    _read_only(monkeypatch)
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["import-cards", "--db", str(db_path), str(source)], out=out, err=err)
    assert code == 2
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1 and str(db_path) in lines[0] and "read-only" in lines[0]
    assert "Traceback" not in out.getvalue() + err.getvalue()


def test_header_only_file_reads_nothing_and_writes_nothing(tmp_db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "header.txt"
    path.write_text(HEADER + "\n")
    before = dump(tmp_db)
    assert import_path(tmp_db, path).rows_read == 0
    assert dump(tmp_db) == before


# -- through the command line ------------------------------------------------------------------------


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_refuses_card_data_linked_from_outside_in_one_line(tmp_path: Path) -> None:
    outside = write_card_data(tmp_path / "outside" / "cards.txt", [row("Smuggled")])
    folder = tmp_path / "plugin"
    (folder / "sets").mkdir(parents=True)
    (folder / "sets" / "cards.txt").symlink_to(outside)
    db_path = tmp_path / "db" / "cards.sqlite"
    code, out, err = run_cli("import-cards", "--db", str(db_path), str(folder))
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        f"error: {folder / 'sets' / 'cards.txt'} is a link to {outside.resolve()}, "
        "outside the plugin folder: refused, not read"
    ]


def test_cli_lists_images_not_copied_and_joined_lines(tmp_path: Path) -> None:
    folder = make_plugin(
        tmp_path / "plugin",
        [row("Broken Pic", ImageFile="bad", Text="Start."), "More text." + "\t" * 17],
        {"bad.jpg": b"not an image"},
    )
    code, out, _err = run_cli("import-cards", "--db", str(tmp_path / "db" / "cards.sqlite"), str(folder))
    assert code == 0
    assert "1 not copied" in out and "1 lines joined" in out
    assert "line 3 joined to Broken Pic's text" in out
    assert "'Broken Pic': image 'bad' not copied: broken or unsafe image" in out


def test_cli_json_too_deep_is_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("{" + '"a": {' * 100_000 + "}" * 100_001)
    code, _out, err = run_cli("import-cards", "--db", str(tmp_path / "db" / "cards.sqlite"), str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "nested too deeply" in err


def test_an_oversized_plugininfo_is_not_read_and_sets_txt_are_imported(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    folder = tmp_path / "plugin"
    write_card_data(folder / "sets" / "cards.txt", [row("Still Here")])
    (folder / "plugininfo.txt").write_text(PLUGIN_INFO + " " * 1_100_000)
    report = import_path(tmp_db, folder)
    assert any("plugininfo.txt" in i.reason and "too large" in i.reason for i in report.suspicious)
    assert tmp_db.lookup("Still Here") is not None
    assert tmp_db.deck_zone_labels()["characters"] == "Characters"  # nothing from the refused file


def test_an_image_removed_before_the_commit_is_written_again(tmp_db: CardDatabase, tmp_path: Path) -> None:
    folder = make_plugin(
        tmp_path / "plugin", [row("Pictured", ImageFile="pic"), row("Other")], {"pic.jpg": GOOD}
    )
    removed: list[Path] = []

    def racing_cleanup() -> bool:  # another process's clean-up removes the staged copy once
        if not removed:
            removed.extend(p for p in stored_files(tmp_db) if p.suffix == ".jpg")
            for path in removed:
                path.unlink()
        return False

    import_path(tmp_db, folder, cancel=racing_cleanup)
    assert removed
    card = tmp_db.lookup("Pictured")
    assert card is not None
    path = tmp_db.image_path(card.printings[0].image_paths[0])
    assert path is not None and path.read_bytes() == GOOD

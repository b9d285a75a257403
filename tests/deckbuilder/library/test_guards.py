"""The library's guards: a Lackey file's bytes never change, two processes tagging at once lose nothing, a
refresh in a worker thread and a listing at once, hostile sidecars and caches are never fatal."""

from __future__ import annotations

import hashlib
import json
import shutil
import threading
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.paths import user_data_dir
from deckbuilder.library import Library, LibraryDeck
from deckbuilder.library.cache import CACHE_FILE
from deckbuilder.library.marks import SIDECAR
from tests.conftest import REAL_DECKS
from tests.deckbuilder.together import run_together


def checksums(folder: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()
    }


def by_name(decks: list[LibraryDeck]) -> dict[str, LibraryDeck]:
    return {deck.file.name: deck for deck in decks}


def test_listing_checking_tagging_and_marking_never_change_a_lackey_file(
    shared_dir: Path, tmp_db: CardDatabase
) -> None:
    folder = user_data_dir() / "decks"
    folder.mkdir(parents=True)
    for deck in REAL_DECKS.iterdir():
        if deck.suffix in (".dek", ".txt"):
            shutil.copy(deck, folder / deck.name)
    before = checksums(folder)
    assert before, "no real deck to guard"
    library = Library(tmp_db)
    library.cached()
    listed = library.refresh()
    assert {deck.file.name for deck in listed} == set(before)
    for deck in listed:
        library.set_tags(deck.file, ["league", "2026"])
        library.set_built(deck.file, True)
    library.refresh()
    after = checksums(folder)
    assert after.pop(SIDECAR)  # the marks live beside the decks (with the hidden lock file of their changes)
    assert {name: code for name, code in after.items() if not name.startswith(".")} == before
    assert all(d.tags == ("league", "2026") and d.built for d in library.cached())


SCRIPT = """
from pathlib import Path
from deckbuilder.library import Library
folder = Path(FOLDER)
library = Library(None, [folder])
decks = sorted(folder.glob("deck-*"))
for n, deck in enumerate(decks):
    library.add_tags([deck], [f"by-{worker}"])
    if n % 2 == worker:
        library.set_built(deck, True)
"""


def test_two_processes_tagging_the_same_decks_at_once_lose_nothing(tmp_path: Path) -> None:
    from carddb.demo import demo_deck_path

    folder = tmp_path / "decks"
    folder.mkdir()
    for n in range(8):
        (folder / f"deck-{n:02}.txt").write_text("1\tAshen Howler\n", encoding="utf-8")
        shutil.copy(demo_deck_path(), folder / f"deck-{n:02}.json")
    run_together(SCRIPT.replace("FOLDER", repr(str(folder))), 2)
    listed = Library(None, [folder]).refresh()  # a native deck's tags are read when it is checked
    assert len(listed) == 16
    for deck in listed:
        assert set(deck.tags) == {"by-0", "by-1"}, deck.file.name
        assert deck.built is True, deck.file.name


def test_a_refresh_in_a_worker_thread_while_the_list_is_read(demo_db: CardDatabase, decks: Path) -> None:
    for n in range(30):
        (decks / f"copy-{n:02}.txt").write_text(f"{n % 3 + 1}\tAshen Howler\n", encoding="utf-8")
    library = Library(demo_db)
    done = threading.Event()
    failures: list[BaseException] = []

    def work() -> None:
        try:
            library.refresh()
        except BaseException as exc:  # reported to the test below
            failures.append(exc)
        finally:
            done.set()

    worker = threading.Thread(target=work)
    worker.start()
    while not done.is_set():
        assert len(library.cached()) == 33  # the list is whole whatever the worker has checked
    worker.join()
    assert not failures
    assert all(deck.current for deck in library.cached())


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\xff\xfe not json",
        b"[1, 2, 3]",
        b'{"decks": []}',
        b"[" * 100_000,
        b'{"decks": {"../x.txt": {"tags": ["x"]}}}',
    ],
)
def test_a_damaged_sidecar_is_never_fatal_and_is_kept_aside(
    demo_db: CardDatabase, decks: Path, content: bytes
) -> None:
    (decks / SIDECAR).write_bytes(content)
    library = Library(demo_db)
    assert by_name(library.cached())["list.txt"].tags == ()
    library.set_tags(decks / "list.txt", ["again"])
    assert by_name(library.cached())["list.txt"].tags == ("again",)


def test_a_sidecar_link_out_of_the_folder_is_neither_read_nor_written(
    demo_db: CardDatabase, decks: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere.json"
    outside.write_text(json.dumps({"decks": {"list.txt": {"tags": ["planted"]}}}), encoding="utf-8")
    (decks / SIDECAR).symlink_to(outside)
    library = Library(demo_db)
    assert by_name(library.cached())["list.txt"].tags == ()
    with pytest.raises(ValueError):
        library.set_tags(decks / "list.txt", ["x"])
    assert json.loads(outside.read_text(encoding="utf-8")) == {"decks": {"list.txt": {"tags": ["planted"]}}}


def test_hostile_cache_rows_are_checked_again(demo_db: CardDatabase, decks: Path) -> None:
    import sqlite3

    library = Library(demo_db)
    library.refresh()
    conn = sqlite3.connect(library.data_dir / CACHE_FILE)
    with conn:
        conn.execute("UPDATE verdict SET entry = '[' || entry WHERE path LIKE '%demo.json'")
        conn.execute("UPDATE verdict SET entry = '\"text\"', counts = '{' WHERE path LIKE '%list.txt'")
    conn.close()
    listed = by_name(Library(demo_db).refresh())
    assert listed["demo.json"].legal is True and listed["list.txt"].legal is False


def test_hostile_deck_files_are_listed_with_why_and_never_hang(demo_db: CardDatabase, decks: Path) -> None:
    import os

    from tests.carddb.test_bounded_readers import finishes

    os.mkfifo(decks / "pipe.dek")
    (decks / "huge.txt").write_bytes(b"1\tAshen Howler\n" * 500_000)
    (decks / "latin1.txt").write_bytes("2\tAshen Howler\n1\tBark Hide \xe9\n".encode("latin-1"))
    listed = by_name(finishes(Library(demo_db).refresh))
    assert listed["pipe.dek"].error and listed["huge.txt"].error
    assert listed["latin1.txt"].legal is False and not listed["latin1.txt"].error  # read, with a note

"""Duplicate, rename, move, delete and restore: no file is ever replaced, marks follow, a deleted deck comes back."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from deckbuilder.deckfiles import read_deck
from deckbuilder.library import Library, LibraryDeck, LibraryError


def by_name(decks: list[LibraryDeck]) -> dict[str, LibraryDeck]:
    return {deck.file.name: deck for deck in decks}


def test_duplicate_copies_a_native_deck_under_a_new_name(demo_db: CardDatabase, decks: Path) -> None:
    library = Library(demo_db)
    library.set_tags(decks / "demo.json", ["tournament"])
    copy = library.duplicate(decks / "demo.json")
    assert copy.name == "Demo Gaia pack copy.json"
    loaded = read_deck(copy, pool=demo_db).deck
    assert (loaded.name, loaded.tags) == ("Demo Gaia pack copy", ("tournament",))
    assert library.duplicate(decks / "demo.json").name == "Demo Gaia pack copy 2.json"
    listed = by_name(library.refresh())
    assert listed[copy.name].fingerprint == listed["demo.json"].fingerprint


def test_duplicate_of_a_text_deck_keeps_its_bytes_and_tags_not_its_built_mark(
    demo_db: CardDatabase, decks: Path
) -> None:
    library = Library(demo_db)
    library.set_tags(decks / "list.txt", ["proxy"])
    library.set_built(decks / "list.txt", True)
    copy = library.duplicate(decks / "list.txt", "Second list")
    assert copy.read_bytes() == (decks / "list.txt").read_bytes()
    listed = by_name(library.cached())
    assert (listed["Second list.txt"].tags, listed["Second list.txt"].built) == (("proxy",), False)


def test_rename_of_a_lackey_deck_changes_its_name_only_and_keeps_its_marks(
    demo_db: CardDatabase, decks: Path
) -> None:
    library = Library(demo_db)
    library.refresh()
    before = (decks / "list.txt").read_bytes()
    library.set_tags(decks / "list.txt", ["old"])
    library.set_built(decks / "list.txt", True)
    renamed = library.rename(decks / "list.txt", "Wolves: the/return")
    assert renamed.name == "Wolves the return.txt" and renamed.read_bytes() == before
    assert not (decks / "list.txt").exists()
    listed = by_name(library.cached())
    assert listed[renamed.name].tags == ("old",) and listed[renamed.name].built
    assert listed[renamed.name].current  # its check came along: the bytes did not change


def test_rename_of_a_native_deck_renames_the_deck_inside(demo_db: CardDatabase, decks: Path) -> None:
    renamed = Library(demo_db).rename(decks / "demo.json", "Moon pack")
    document = json.loads(renamed.read_text(encoding="utf-8"))
    assert renamed.name == "Moon pack.json" and document["name"] == "Moon pack"
    assert document["sections"]  # every other key kept


def test_a_taken_name_is_refused_and_nothing_changes(demo_db: CardDatabase, decks: Path) -> None:
    (decks / "taken.txt").write_text("1\tBark Hide\n", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in decks.iterdir()}
    with pytest.raises(LibraryError, match="already exists"):
        Library(demo_db).rename(decks / "list.txt", "taken")
    assert {p.name: p.read_bytes() for p in decks.iterdir()} == before


def test_move_carries_the_deck_and_its_marks_to_another_folder(
    demo_db: CardDatabase, decks: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    library = Library(demo_db)
    library.add_folder(other)
    library.set_tags(decks / "list.txt", ["travel"])
    moved = library.move(decks / "list.txt", other)
    assert moved == other / "list.txt" and not (decks / "list.txt").exists()
    assert by_name(library.cached())["list.txt"].tags == ("travel",)
    with pytest.raises(LibraryError):
        library.move(decks / "demo.json", tmp_path / "nowhere")


def test_delete_moves_into_the_trash_and_restore_puts_it_back_with_its_marks(
    demo_db: CardDatabase, decks: Path
) -> None:
    library = Library(demo_db)
    before = (decks / "list.txt").read_bytes()
    library.set_tags(decks / "list.txt", ["gone"])
    library.set_built(decks / "list.txt", True)
    trashed = library.delete(decks / "list.txt")
    assert "list.txt" not in by_name(library.cached())
    assert [t.token for t in library.trashed()] == [trashed.token]
    restored = library.restore(trashed)
    assert restored == decks / "list.txt" and restored.read_bytes() == before
    listed = by_name(library.cached())["list.txt"]
    assert (listed.tags, listed.built) == (("gone",), True)
    assert library.trashed() == []


def test_restore_never_replaces_a_deck_made_meanwhile(demo_db: CardDatabase, decks: Path) -> None:
    library = Library(demo_db)
    trashed = library.delete(decks / "list.txt")
    (decks / "list.txt").write_text("1\tBark Hide\n", encoding="utf-8")
    with pytest.raises(LibraryError, match="already exists"):
        library.restore(trashed)
    assert (decks / "list.txt").read_text(encoding="utf-8") == "1\tBark Hide\n"
    assert library.trashed()  # still there, to restore under another name later


def test_a_link_is_never_acted_on(demo_db: CardDatabase, decks: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    shutil.copy(decks / "list.txt", outside)
    (decks / "link.txt").symlink_to(outside)
    library = Library(demo_db)
    for act in (library.delete, lambda f: library.rename(f, "x"), library.duplicate):
        with pytest.raises(LibraryError):
            act(decks / "link.txt")
    assert outside.read_bytes() == (decks / "list.txt").read_bytes()


def test_emptying_the_trash_deletes_for_good_only_what_is_old_enough(
    demo_db: CardDatabase, decks: Path
) -> None:
    library = Library(demo_db)
    library.delete(decks / "list.txt")
    assert library.empty_trash(older_than_days=1) == 0 and len(library.trashed()) == 1
    assert library.empty_trash() == 1 and library.trashed() == []


def test_a_file_too_big_to_copy_is_refused_in_one_line(demo_db: CardDatabase, decks: Path) -> None:
    from deckbuilder.deckfiles.common import MAX_FILE_BYTES

    big = decks / "big.txt"
    with big.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES * 4 + 1)
    with pytest.raises(LibraryError, match=r"big\.txt"):
        Library(demo_db).duplicate(big, "copy")
    assert sorted(p.name for p in decks.iterdir() if not p.name.startswith(".")) == [
        "big.txt", "broken.json", "demo.json", "list.txt"]  # fmt: skip

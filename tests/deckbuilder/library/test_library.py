"""The library lists every deck of its folders from the cache, re-checks what changed, and answers across decks."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from carddb.db import CardDatabase
from deckbuilder.deckfiles import read_deck
from deckbuilder.library import Library, LibraryDeck
from deckbuilder.library.cache import CACHE_FILE


def by_name(decks: list[LibraryDeck]) -> dict[str, LibraryDeck]:
    return {deck.file.name: deck for deck in decks}


def test_first_listing_shows_every_file_unchecked(demo_db: CardDatabase, decks: Path) -> None:
    listed = by_name(Library(demo_db).cached())
    assert set(listed) == {"demo.json", "list.txt", "broken.json"}
    assert all(deck.legal is None and not deck.current for deck in listed.values())


def test_refresh_checks_every_deck_and_lists_an_unreadable_one_with_why(
    demo_db: CardDatabase, decks: Path
) -> None:
    seen: list[tuple[int, int]] = []
    listed = by_name(Library(demo_db).refresh(lambda done, total: seen.append((done, total))))
    assert seen[-1] == (3, 3)
    demo = listed["demo.json"]
    assert (demo.name, demo.game, demo.format, demo.legal, demo.cards) == (
        "Demo Gaia pack",
        "rage",
        "revised",
        True,
        55,
    )
    assert len(demo.fingerprint) == 9 and demo.first_error == ""
    text = listed["list.txt"]
    assert text.legal is False and text.first_error  # five cards are no deck: the first error says why
    assert listed["broken.json"].error and listed["broken.json"].legal is None


def test_cached_after_refresh_needs_no_check_and_a_changed_file_is_stale(
    demo_db: CardDatabase, decks: Path
) -> None:
    Library(demo_db).refresh()
    again = Library(demo_db)
    assert all(deck.current for deck in again.cached())
    (decks / "list.txt").write_text("1\tAshen Howler\n", encoding="utf-8")
    os.utime(decks / "list.txt", ns=(1, 1))
    assert not by_name(again.cached())["list.txt"].current
    checked: list[int] = []
    again.refresh(lambda done, total: checked.append(total))
    assert checked == [1]  # only the changed file


def test_refresh_stops_when_cancelled_and_keeps_what_it_checked(demo_db: CardDatabase, decks: Path) -> None:
    library = Library(demo_db)
    listed = library.refresh(cancelled=lambda: True)
    assert all(deck.legal is None for deck in listed if not deck.error)
    assert sum(deck.current for deck in library.refresh()) == 3


def test_new_card_data_makes_verdicts_stale(demo_db: CardDatabase, decks: Path) -> None:
    library = Library(demo_db)
    library.refresh()
    demo_db.set_meta("card_data_date", "2099-01-01")
    counted: list[int] = []
    library.refresh(lambda done, total: counted.append(total))
    assert counted and counted[-1] == 3


def test_a_damaged_cache_is_set_aside_and_rebuilt(demo_db: CardDatabase, decks: Path) -> None:
    library = Library(demo_db)
    library.refresh()
    cache = library.data_dir / CACHE_FILE
    for suffix in ("-wal", "-shm"):
        cache.with_name(cache.name + suffix).unlink(missing_ok=True)
    cache.write_bytes(b"not a database at all" * 100)
    listed = Library(demo_db).refresh()
    assert by_name(listed)["demo.json"].legal is True
    assert any(p.name.startswith(CACHE_FILE + ".damaged-") for p in cache.parent.iterdir())
    sqlite3.connect(cache).execute("SELECT count(*) FROM verdict").fetchone()


def test_tags_are_kept_in_a_native_deck_and_its_window_save_keeps_them(
    demo_db: CardDatabase, decks: Path
) -> None:
    library = Library(demo_db)
    library.refresh()
    library.set_tags(decks / "demo.json", ["tournament", " Tournament ", "casual\x07", "Gaia  packs"])
    assert json.loads((decks / "demo.json").read_text(encoding="utf-8"))["tags"] == [
        "tournament",
        "Gaia packs",
    ]
    loaded = read_deck(decks / "demo.json", pool=demo_db)
    assert loaded.deck.tags == ("tournament", "Gaia packs")
    from deckbuilder.deckfiles import deck_to_native

    assert json.loads(deck_to_native(loaded.deck.copy()))["tags"] == ["tournament", "Gaia packs"]
    listed = by_name(library.cached())["demo.json"]
    assert listed.tags == ("tournament", "Gaia packs") and listed.current  # tagging needs no re-check


def test_tags_of_a_text_deck_are_kept_beside_it(demo_db: CardDatabase, decks: Path) -> None:
    before = (decks / "list.txt").read_bytes()
    library = Library(demo_db)
    library.set_tags(decks / "list.txt", ["proxy"])
    assert (decks / "list.txt").read_bytes() == before
    assert by_name(Library(demo_db).cached())["list.txt"].tags == ("proxy",)
    library.set_tags(decks / "list.txt", [])
    assert by_name(library.cached())["list.txt"].tags == ()


def test_folders_given_are_listed_instead_of_the_library(
    demo_db: CardDatabase, decks: Path, tmp_path: Path
) -> None:
    other = tmp_path / "event"
    other.mkdir()
    (other / "a.txt").write_text("1\tAshen Howler\n", encoding="utf-8")
    assert [d.file.name for d in Library(demo_db, [other]).cached()] == ["a.txt"]
    library = Library(demo_db)
    library.add_folder(other)
    assert {d.file.name for d in Library(demo_db).cached()} == {
        "a.txt",
        "demo.json",
        "list.txt",
        "broken.json",
    }
    library.remove_folder(other)
    assert "a.txt" not in {d.file.name for d in Library(demo_db).cached()}


def test_a_link_in_the_folder_is_not_followed(demo_db: CardDatabase, decks: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("1\tAshen Howler\n", encoding="utf-8")
    (decks / "link.txt").symlink_to(outside)
    library = Library(demo_db)
    assert "link.txt" not in by_name(library.refresh())
    assert library.notes


def test_tags_added_and_removed_across_a_selection_keep_the_others(
    demo_db: CardDatabase, decks: Path
) -> None:
    library = Library(demo_db)
    library.refresh()
    library.set_tags(decks / "demo.json", ["casual"])
    library.set_tags(decks / "list.txt", ["proxy"])
    library.add_tags([decks / "demo.json", decks / "list.txt"], ["League", "casual"])
    listed = by_name(library.cached())
    assert listed["demo.json"].tags == ("casual", "League")
    assert listed["list.txt"].tags == ("proxy", "League", "casual")
    library.remove_tags([decks / "demo.json", decks / "list.txt"], ["league"])
    listed = by_name(library.cached())
    assert (listed["demo.json"].tags, listed["list.txt"].tags) == (("casual",), ("proxy", "casual"))


def test_a_native_deck_shows_its_own_tags_before_it_is_checked(demo_db: CardDatabase, decks: Path) -> None:
    Library(demo_db).set_tags(
        decks / "demo.json", ["event", "gaia"]
    )  # written into the file, nothing checked
    listed = by_name(Library(demo_db).cached())
    assert listed["demo.json"].legal is None  # not checked yet...
    assert listed["demo.json"].tags == ("event", "gaia")  # ...and its tags already shown
    assert listed["broken.json"].tags == ()  # a file that cannot be read: no tags, no failure


def test_a_deck_with_its_missing_copies_is_a_new_deck_equal_to_a_replaced_one(tmp_path: Path) -> None:
    from dataclasses import FrozenInstanceError, replace

    import pytest

    deck = LibraryDeck(tmp_path / "a.json", name="A", game="rage", tags=("event",), cards=60)
    counted = deck.with_missing(3)
    assert counted == replace(deck, missing=3) and counted.buildable is False
    assert deck.missing is None and deck.with_missing(0).buildable  # the listed deck itself is unchanged
    with pytest.raises(FrozenInstanceError):
        counted.missing = 1  # type: ignore[misc]

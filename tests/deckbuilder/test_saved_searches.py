"""Saved searches' file: saved, renamed and deleted under the lock, per game; damaged content kept aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckbuilder.saved_searches import (
    SavedSearch,
    delete_search,
    load_searches,
    rename_search,
    save_search,
)


def test_a_search_is_saved_renamed_and_deleted_per_game(tmp_path: Path) -> None:
    path = tmp_path / "searches.json"
    save_search(
        SavedSearch("Cheap gifts", "rage", "t:gift", {"renown": (None, 2), "set_name": "Limited"}), path
    )
    save_search(SavedSearch("Cheap gifts", "lithic", "cost<=1"), path)
    store = load_searches(path)
    rage = store.find("rage", "cheap GIFTS")
    assert rage is not None and rage.query == "t:gift"
    assert rage.filters == {"renown": (None, 2), "set_name": "Limited"}
    assert [s.query for s in store.of_game("lithic")] == ["cost<=1"]

    assert rename_search("rage", "Cheap gifts", "Gifts to 2", path).changed
    assert [s.name for s in load_searches(path).of_game("rage")] == ["Gifts to 2"]
    assert load_searches(path).find("lithic", "Cheap gifts") is not None  # the other game's stays

    assert delete_search("rage", "gifts to 2", path).changed
    assert not delete_search("rage", "gifts to 2", path).changed
    assert load_searches(path).of_game("rage") == []
    assert len(load_searches(path).searches) == 1


def test_saving_a_name_again_replaces_it_and_renaming_onto_another_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "searches.json"
    save_search(SavedSearch("A", "rage", "one"), path)
    save_search(SavedSearch("a", "rage", "two"), path)
    assert [s.query for s in load_searches(path).of_game("rage")] == ["two"]
    save_search(SavedSearch("B", "rage", "three"), path)
    before = path.read_bytes()
    with pytest.raises(ValueError, match="already exists"):
        rename_search("rage", "B", "A", path)
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", ["", "   ", "x" * 81, "tab\there"])
def test_a_bad_name_is_refused_and_nothing_is_written(tmp_path: Path, name: str) -> None:
    path = tmp_path / "searches.json"
    with pytest.raises(ValueError):
        save_search(SavedSearch(name, "rage", "t:gift"), path)
    assert not path.exists()


def test_a_damaged_file_is_said_and_kept_aside_before_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / "searches.json"
    path.write_text('{"searches": [', encoding="utf-8")
    store = load_searches(path)
    assert store.searches == () and len(store.problems) == 1 and "searches.json" in store.problems[0]
    done = save_search(SavedSearch("New", "rage", "t:gift"), path)
    assert done.changed and done.note is not None and "damaged" in done.note
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == '{"searches": ['
    assert [s.name for s in load_searches(path).searches] == ["New"]


def test_a_broken_entry_is_skipped_named_and_kept_as_stored(tmp_path: Path) -> None:
    path = tmp_path / "searches.json"
    entries = [
        {"name": "Good", "game": "rage", "query": "t:gift", "filters": {}},
        {"name": "Bad", "game": "rage", "filters": {"renown": [1, "x"]}},
        "not an object",
    ]
    path.write_text(json.dumps({"version": 1, "searches": entries}), encoding="utf-8")
    store = load_searches(path)
    assert [s.name for s in store.searches] == ["Good"]
    assert len(store.problems) == 2 and "2" in store.problems[0]
    save_search(SavedSearch("Other", "rage"), path)
    stored = json.loads(path.read_text(encoding="utf-8"))["searches"]
    assert stored[:3] == entries  # a change never drops what it could not read


def test_a_link_out_of_the_folder_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text('{"searches": []}', encoding="utf-8")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "searches.json").symlink_to(outside)
    store = load_searches(folder / "searches.json")
    assert store.searches == () and "out of its folder" in store.problems[0]

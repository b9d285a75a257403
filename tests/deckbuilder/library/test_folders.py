"""The library's folders: the decks folder first, the ones added kept for the next runs, a damaged list never fatal."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.paths import user_data_dir
from deckbuilder.library import Library, LibraryError
from deckbuilder.library.folders import FOLDERS_FILE, MAX_FOLDERS, added_folders


def test_added_folders_come_after_the_decks_folder_once_each(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    library = Library(None)
    library.add_folder(one)
    library.add_folder(two)
    library.add_folder(one / ".." / "one")
    assert Library(None).folders() == [user_data_dir() / "decks", one, two]
    library.remove_folder(one)
    assert Library(None).folders() == [user_data_dir() / "decks", two]


def test_a_file_or_a_missing_folder_cannot_be_added(tmp_path: Path) -> None:
    (tmp_path / "deck.txt").write_text("1\tX\n", encoding="utf-8")
    for wrong in (tmp_path / "deck.txt", tmp_path / "missing"):
        with pytest.raises(LibraryError, match="not a folder"):
            Library(None).add_folder(wrong)
    assert added_folders(user_data_dir()) == []


def test_a_damaged_folder_list_is_kept_aside_and_the_library_still_lists(tmp_path: Path) -> None:
    user_data_dir().mkdir(parents=True, exist_ok=True)
    (user_data_dir() / FOLDERS_FILE).write_bytes(b'{"folders": "not a list"')
    assert Library(None).folders() == [user_data_dir() / "decks"]
    Library(None).add_folder(tmp_path)
    assert Library(None).folders()[-1] == tmp_path
    assert any(".damaged-" in p.name for p in user_data_dir().iterdir())


def test_the_list_of_folders_is_bounded(tmp_path: Path) -> None:
    library = Library(None)
    for n in range(MAX_FOLDERS):
        (tmp_path / str(n)).mkdir()
        library.add_folder(tmp_path / str(n))
    (tmp_path / "one more").mkdir()
    with pytest.raises(LibraryError, match="at most"):
        library.add_folder(tmp_path / "one more")


def test_only_added_folders_can_be_removed_the_decks_folder_stays(tmp_path: Path) -> None:
    one = tmp_path / "one"
    one.mkdir()
    library = Library(None)
    assert library.added_folders() == []
    library.add_folder(one)
    assert library.added_folders() == [one]
    with pytest.raises(LibraryError, match="cannot be removed"):
        library.remove_folder(user_data_dir() / "decks")
    assert Library(None).folders() == [user_data_dir() / "decks", one]
    assert Library(None, [one]).added_folders() == []  # folders given for one listing are not the library's

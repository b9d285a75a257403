"""A card database with the demo cards and a library folder holding real deck files, for the library's tests."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from carddb.paths import user_data_dir
from tests.databases import new_database

# A Lackey text deck of demo cards (two of them, three copies of one), written for these tests.
TEXT_DECK = "2\tAshen Howler\n3\tBark Hide\n"


@pytest.fixture
def demo_db(tmp_path: Path) -> Iterator[CardDatabase]:
    """The demo cards in a database of the test's own."""
    db = CardDatabase(new_database(tmp_path / "db" / "cards.sqlite", demo=True))
    yield db
    db.close()


@pytest.fixture
def decks() -> Path:
    """The library's decks folder (in the test's user data folder) with the demo deck, a text list, a broken file."""
    folder = user_data_dir() / "decks"
    folder.mkdir(parents=True)
    shutil.copy(demo_deck_path(), folder / "demo.json")
    (folder / "list.txt").write_text(TEXT_DECK, encoding="utf-8")
    (folder / "broken.json").write_text('{"format_version": 1, "sections": ', encoding="utf-8")
    return folder

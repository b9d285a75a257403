"""A collection export never writes onto the card database it reads, by whatever name the target reaches it."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import ensure_demo_cards
from deckbuilder.collection import Collection, CollectionError


@pytest.mark.parametrize("how", ["symlink", "hardlink"])
def test_an_export_onto_the_database_is_refused_and_changes_nothing(tmp_path: Path, how: str) -> None:
    db_path = tmp_path / "db" / "cards.sqlite"
    with CardDatabase(db_path) as db:
        ensure_demo_cards(db)
        collection = Collection(db)
        collection.add([("Ashen Howler", None, 2)])
        target = tmp_path / "have.dek"
        if how == "symlink":
            target.symlink_to(db_path)
        else:
            target.hardlink_to(db_path)
        before = db_path.read_bytes()
        with pytest.raises(CollectionError, match="reads"):
            collection.export_file(target)
        assert db_path.read_bytes() == before
        assert collection.count("Ashen Howler") == 2

"""A small invented card database with images for the export tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from tests.deckbuilder.export.helpers import (
    add_card,
    jpeg_bytes,
    jpeg_claiming,
    png_bytes,
    write_image,
)

LONG_TEXT = (
    " ".join(f"Sentence {i} of a very long card text that must still fit." for i in range(40)) + " FINALWORD"
)


@pytest.fixture
def card_db(tmp_db: CardDatabase, tmp_path: Path) -> CardDatabase:
    """Invented cards: a two-sided Character, image cards, an image-less card and cards with hostile images."""
    breed = write_image(tmp_db, "scout-breed.jpg", jpeg_bytes(colour=(200, 30, 30)))
    crinos = write_image(tmp_db, "scout-crinos.jpg", jpeg_bytes(colour=(30, 200, 30)))
    add_card(
        tmp_db, "Moonfang Scout", "Character - Gaia", [breed, crinos],
        renown=4, rage=3, gnosis=2, health=5, crage=6, cgnosis=1, chealth=9,
    )  # fmt: skip
    add_card(tmp_db, "Greyback Wanderer", "Character - Rogue", [], renown=3, rage=2, gnosis=3, health=4)
    add_card(
        tmp_db,
        "Silver Fang Gift",
        "Gift",
        [write_image(tmp_db, "gift.jpg", jpeg_bytes(colour=(20, 20, 200)))],
    )
    add_card(tmp_db, "Blue Totem", "Totem", [write_image(tmp_db, "totem.png", png_bytes())])
    add_card(
        tmp_db, "Ashen Claw", "Combat Action", [], text=LONG_TEXT, requires="Ragabash", errata="Now costs 1.",
        damage=2,
    )  # fmt: skip
    add_card(tmp_db, "Quick Dodge", "Combat Event", [write_image(tmp_db, "dodge.jpg", jpeg_bytes())])
    add_card(tmp_db, "Bomb Card", "Event", [write_image(tmp_db, "bomb.jpg", jpeg_claiming(60000, 60000))])
    add_card(tmp_db, "Cut Card", "Event", [write_image(tmp_db, "cut.jpg", jpeg_bytes((200, 280))[:300])])
    outside = tmp_path / "outside.jpg"
    outside.write_bytes(jpeg_bytes())
    link = tmp_db.images_dir / "Test Set" / "link.jpg"
    os.symlink(outside, link)
    add_card(tmp_db, "Symlink Card", "Event", [link.relative_to(tmp_db.folder).as_posix()])
    add_card(tmp_db, "Climber Card", "Event", ["../outside.jpg"])
    tmp_db.set_meta("card_data_date", "2026-10-31")
    return tmp_db

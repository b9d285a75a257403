"""CardView: images from the database folder, both sides of a Character, text card when no image can be shown."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from carddb.db import CardDatabase
from carddb.normalize import normalize_name
from deckbuilder.ui.card_view import MAX_IMAGE_PIXELS, CardImage, CardView, load_card_image

CARD_TEXT_FIELDS = ("type", "sealed", "notes", "requires", "keywords", "text", "errata")
CARD_NUMBERS = ("renown", "rage", "gnosis", "health", "crage", "cgnosis", "chealth", "damage")


def add_card(
    db: CardDatabase, name: str, printings: list[tuple[str, int, list[str]]], **fields: object
) -> None:
    """Insert a card and its printings (set, rank, image paths relative to the DB folder) straight into SQLite."""
    values: dict[str, object] = {f: "" for f in CARD_TEXT_FIELDS} | {n: None for n in CARD_NUMBERS}
    values.update(fields)
    section = "characters" if str(values["type"]).startswith("Character") else "sept"
    conn = db.raw_connection()
    try:
        columns = ["norm_name", "name", "section", "identity", *CARD_TEXT_FIELDS, *CARD_NUMBERS]
        row = [normalize_name(name), name, section, "", *(values[c] for c in CARD_TEXT_FIELDS)]
        row += [values[n] for n in CARD_NUMBERS]
        cursor = conn.execute(
            f"INSERT INTO card ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})", row
        )
        card_id = cursor.lastrowid
        for set_name, rank, paths in printings:
            conn.execute(
                "INSERT INTO printing (card_id, set_name, set_rank, image_file, image_paths, extra, source, source_line)"
                " VALUES (?, ?, ?, ?, ?, '{}', 'test', 1)",
                (card_id, set_name, rank, ",".join(Path(p).stem for p in paths), json.dumps(paths)),
            )
    finally:
        conn.close()
    db.invalidate_caches()


def save_jpeg(
    db: CardDatabase, name: str, colour: tuple[int, int, int], size: tuple[int, int] = (126, 176)
) -> str:
    """Write a solid-colour JPEG into the DB's image folder; returns its path relative to the DB folder."""
    db.images_dir.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(db.images_dir / name, "JPEG")
    return f"{db.images_dir.name}/{name}"


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims a size in its header but has no pixel data (a cheap 'huge image')."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = chunk(b"IDAT", zlib.compress(b"\x00" * 64))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + idat + chunk(b"IEND", b"")


@pytest.fixture
def view(qtbot: QtBot) -> CardView:
    widget = CardView()
    qtbot.addWidget(widget)
    widget.resize(520, 760)
    widget.show()
    return widget


def dominant_colour(image: QImage) -> tuple[int, int, int]:
    colour = image.pixelColor(image.width() // 2, image.height() // 2)
    return colour.red(), colour.green(), colour.blue()


def test_card_with_image_shows_the_image_and_every_field(tmp_db: CardDatabase, view: CardView) -> None:
    path = save_jpeg(tmp_db, "ember.jpg", (200, 30, 30))
    add_card(
        tmp_db,
        "Ember Howl",
        [("Foundry", 3, [path])],
        type="Gift",
        keywords="Fire - Gaia",
        requires="Theurge",
        gnosis=3,
        text="Deal 2 damage.",
        errata="Only once per turn.",
        notes="Reprinted later.",
    )
    card = tmp_db.lookup("Ember Howl")
    assert card is not None

    view.show_card(card, tmp_db)

    assert not view.showing_text_card
    assert len(view.shown_images) == 1
    assert (view.shown_images[0].width(), view.shown_images[0].height()) == (126, 176)
    r, g, b = dominant_colour(view.shown_images[0])
    assert r > 150 and g < 80 and b < 80
    details = view.details.toPlainText()
    for expected in (
        "Ember Howl",
        "Gift",
        "Foundry",
        "Fire",
        "Theurge",
        "Gnosis",
        "Deal 2 damage.",
        "Errata",
    ):
        assert expected in details
    assert "Only once per turn." in details and "Reprinted later." in details
    assert view.image_problems == []


def test_two_sided_character_shows_breed_and_crinos_side_by_side(
    tmp_db: CardDatabase, view: CardView
) -> None:
    breed = save_jpeg(tmp_db, "mossback.jpg", (20, 160, 20))
    crinos = save_jpeg(tmp_db, "mossback-c.jpg", (20, 20, 180))
    add_card(
        tmp_db,
        "Mossback Grey",
        [("Foundry", 3, [breed, crinos])],
        type="Character - Gaia",
        renown=4,
        rage=2,
        gnosis=3,
        health=5,
        crage=5,
        cgnosis=1,
        chealth=8,
    )
    card = tmp_db.lookup("Mossback Grey")
    assert card is not None

    view.show_card(card, tmp_db)

    assert len(view.shown_images) == 2
    assert dominant_colour(view.shown_images[0])[1] > 120  # breed side (green) first
    assert dominant_colour(view.shown_images[1])[2] > 120  # then Crinos (blue)
    captions = [w.caption for w in view.findChildren(CardImage) if w.isVisible()]
    assert captions == ["Breed form", "Crinos form"]
    details = view.details.toPlainText()
    assert "Crinos Rage" in details and "Crinos Health" in details and "8" in details


def test_card_without_image_is_drawn_as_a_text_card(
    tmp_db: CardDatabase, view: CardView, qtbot: QtBot
) -> None:
    add_card(
        tmp_db,
        "Stonewake Rite",
        [("Foundry", 3, [])],
        type="Rite",
        renown=2,
        text="Untap every Character.",
    )
    card = tmp_db.lookup("Stonewake Rite")
    assert card is not None

    view.show_card(card, tmp_db)

    assert view.showing_text_card
    assert view.shown_images == []
    body = view.text_card.body_html()
    assert "Stonewake Rite" in body and "Untap every Character." in body and "Renown 2" in body
    # The drawn card is not blank: its frame and text put more than one colour on screen.
    grabbed = view.text_card.grab().toImage()
    colours = {
        grabbed.pixel(x, y) for x in range(0, grabbed.width(), 4) for y in range(0, grabbed.height(), 4)
    }
    assert len(colours) > 2
    assert view.image_problems == []  # no image was listed, so nothing is reported missing


def test_broken_image_falls_back_to_text_with_a_note(tmp_db: CardDatabase, view: CardView) -> None:
    tmp_db.images_dir.mkdir(parents=True, exist_ok=True)
    (tmp_db.images_dir / "broken.jpg").write_bytes(b"\xff\xd8\xff\xe0 this is not really a jpeg" * 10)
    add_card(tmp_db, "Cracked Totem", [("Foundry", 3, ["card-images/broken.jpg"])], type="Totem")
    card = tmp_db.lookup("Cracked Totem")
    assert card is not None

    view.show_card(card, tmp_db)

    assert view.showing_text_card
    assert len(view.image_problems) == 1
    assert "broken.jpg" in view.image_problems[0]
    assert "broken.jpg" in view.details.toPlainText()


def test_huge_image_is_refused_before_decoding(tmp_db: CardDatabase, view: CardView) -> None:
    tmp_db.images_dir.mkdir(parents=True, exist_ok=True)
    huge = tmp_db.images_dir / "huge.png"
    huge.write_bytes(png_header_only(20_000, 20_000))
    assert MAX_IMAGE_PIXELS < 20_000 * 20_000

    image, problem = load_card_image(huge)
    assert image is None and "too large" in problem

    add_card(tmp_db, "Vast Umbra", [("Foundry", 3, ["card-images/huge.png"])], type="Realm")
    card = tmp_db.lookup("Vast Umbra")
    assert card is not None
    view.show_card(card, tmp_db)
    assert view.showing_text_card
    assert "too large" in view.details.toPlainText()


def test_missing_image_file_and_escaping_path_are_reported_not_shown(
    tmp_db: CardDatabase, view: CardView
) -> None:
    outside = tmp_db.folder.parent / "outside.jpg"
    Image.new("RGB", (20, 28), (0, 0, 0)).save(outside, "JPEG")
    add_card(
        tmp_db, "Lost Fang", [("Foundry", 3, ["card-images/gone.jpg", "../outside.jpg"])], type="Equipment"
    )
    card = tmp_db.lookup("Lost Fang")
    assert card is not None

    view.show_card(card, tmp_db)

    assert view.showing_text_card
    assert view.shown_images == []
    assert len(view.image_problems) == 2
    assert all("not found" in p for p in view.image_problems)


def test_chosen_printing_shows_that_sets_image(tmp_db: CardDatabase, view: CardView) -> None:
    old = save_jpeg(tmp_db, "old.jpg", (10, 10, 200))
    new = save_jpeg(tmp_db, "new.jpg", (200, 200, 10))
    add_card(tmp_db, "Twice Told", [("Oldset", 1, [old]), ("Newset", 2, [new])], type="Event")
    card = tmp_db.lookup("Twice Told")
    assert card is not None

    view.show_card(card, tmp_db)  # newest printing by default
    assert dominant_colour(view.shown_images[0])[0] > 150
    assert view.printing is not None and view.printing.set_name == "Newset"

    view.show_card(card, tmp_db, set_name="oldset")
    assert dominant_colour(view.shown_images[0])[2] > 150
    assert "Oldset (shown)" in view.details.toPlainText()

    view.show_card(card, tmp_db, set_name="No Such Set")  # unknown set: fall back to the newest
    assert view.printing is not None and view.printing.set_name == "Newset"


def test_none_clears_the_view(tmp_db: CardDatabase, view: CardView) -> None:
    path = save_jpeg(tmp_db, "a.jpg", (1, 2, 3))
    add_card(tmp_db, "Clear Me", [("Foundry", 3, [path])], type="Ally")
    view.show_card(tmp_db.lookup("Clear Me"), tmp_db)
    assert view.shown_images

    view.show_card(None, tmp_db)

    assert view.card is None and view.shown_images == []
    assert not view.showing_text_card
    assert "No card selected" in view.details.toPlainText()


def test_a_card_side_repaints_its_whole_area_so_no_old_caption_shows_through(qtbot: QtBot) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QColor, QPainter, QPixmap

    image = QImage(250, 350, QImage.Format.Format_RGB32)
    image.fill(QColor("blue"))
    side = CardImage(image, "Breed form")
    qtbot.addWidget(side)
    side.resize(200, 300)
    canvas = QPixmap(side.size())
    canvas.fill(QColor(255, 0, 0))  # what a larger size left on screen
    painter = QPainter(canvas)
    side.render(painter, QPoint(), renderFlags=side.RenderFlag(0))
    painter.end()
    shown = canvas.toImage()
    reds = sum(
        1
        for x in range(0, shown.width(), 4)
        for y in range(0, shown.height(), 4)
        if shown.pixelColor(x, y) == QColor(255, 0, 0)
    )
    assert reds == 0

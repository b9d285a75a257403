"""Invented test cards and generated images for the export tests (no real card data)."""

from __future__ import annotations

import io
import json
import re
import struct
import zlib
from pathlib import Path
from typing import Any

from PIL import Image
from pypdf import PdfReader

from carddb.cardtypes import classify_type
from carddb.db import CardDatabase
from carddb.normalize import normalize_name

MM = 72.0 / 25.4
CARD_W = 63 * MM
CARD_H = 88 * MM
A4 = (210 * MM, 297 * MM)
LETTER = (612.0, 792.0)

_CARD_COLUMNS = (
    "renown", "rage", "gnosis", "health", "crage", "cgnosis", "chealth", "damage",
)  # fmt: skip


def jpeg_bytes(size: tuple[int, int] = (63, 88), colour: tuple[int, int, int] = (180, 40, 40)) -> bytes:
    """A small real JPEG."""
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "JPEG", quality=80)
    return buffer.getvalue()


def png_bytes(
    size: tuple[int, int] = (63, 88), colour: tuple[int, int, int, int] = (40, 40, 180, 255)
) -> bytes:
    """A small real PNG with an alpha channel."""
    buffer = io.BytesIO()
    Image.new("RGBA", size, colour).save(buffer, "PNG")
    return buffer.getvalue()


def jpeg_claiming(width: int, height: int) -> bytes:
    """A tiny JPEG whose frame header declares the given dimensions (a decompression-bomb header)."""
    data = bytearray(jpeg_bytes((16, 16)))
    sof = data.find(b"\xff\xc0")
    assert sof > 0
    data[sof + 5 : sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose IHDR declares the given dimensions (with a valid checksum)."""
    data = bytearray(png_bytes((16, 16)))
    ihdr = data.find(b"IHDR")
    data[ihdr + 4 : ihdr + 12] = struct.pack(">II", width, height)
    crc = zlib.crc32(bytes(data[ihdr : ihdr + 17])) & 0xFFFFFFFF
    data[ihdr + 17 : ihdr + 21] = struct.pack(">I", crc)
    return bytes(data)


def write_image(db: CardDatabase, name: str, data: bytes) -> str:
    """Store image bytes under the database's image folder; returns the path relative to the DB folder."""
    path = db.images_dir / "Test Set" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path.relative_to(db.folder).as_posix()


def add_card(
    db: CardDatabase,
    name: str,
    type_: str,
    images: list[str] | None = None,
    set_name: str = "Test Set",
    text: str = "",
    requires: str = "",
    errata: str = "",
    **numbers: int,
) -> None:
    """Insert an invented card and one printing (image paths relative to the DB folder)."""
    images = images or []
    section = classify_type(type_)
    values = {column: numbers.get(column) for column in _CARD_COLUMNS}
    conn = db.raw_connection()
    try:
        conn.execute("BEGIN IMMEDIATE")
        cursor = conn.execute(
            "INSERT INTO card (norm_name, name, section, identity, type, sealed, notes, requires, keywords, "
            f"{', '.join(_CARD_COLUMNS)}, text, errata) VALUES (?, ?, ?, ?, ?, '', '', ?, '', "
            f"{', '.join('?' * len(_CARD_COLUMNS))}, ?, ?)",
            (
                normalize_name(name),
                name,
                section.value if section else None,
                normalize_name(name) if section and section.value == "characters" else "",
                type_,
                requires,
                *values.values(),
                text,
                errata,
            ),
        )
        card_id = cursor.lastrowid
        conn.execute(
            "INSERT INTO printing (card_id, set_name, set_rank, image_file, image_paths, extra, source, source_line) "
            "VALUES (?, ?, 1, ?, ?, '{}', 'test', 0)",
            (card_id, set_name, ",".join(Path(p).stem for p in images), json.dumps(images)),
        )
        conn.execute("COMMIT")
    finally:
        conn.close()
    db.invalidate_caches()


_DRAW = re.compile(rb"(?P<w>[\d.]+) 0 0 (?P<h>[\d.]+) (?P<x>-?[\d.]+) (?P<y>-?[\d.]+) cm\s+/(?P<name>\S+) Do")


def image_draws(pdf: Path, page: int = 0) -> list[tuple[float, float, float, float, str]]:
    """(x, y, width, height, xobject name) of every image drawn on a page, from its content stream."""
    reader = PdfReader(pdf)
    data = reader.pages[page].get_contents().get_data()  # type: ignore[union-attr]
    return [
        (float(m["x"]), float(m["y"]), float(m["w"]), float(m["h"]), m["name"].decode())
        for m in _DRAW.finditer(data)
    ]


def image_xobjects(pdf: Path) -> dict[str, tuple[str, bytes]]:
    """Every image XObject in the file (by object id): its filter and raw (undecoded) stream bytes."""
    reader = PdfReader(pdf)
    found: dict[str, tuple[str, bytes]] = {}
    for page in reader.pages:
        resources: Any = page["/Resources"]
        xobjects: Any = resources.get_object().get("/XObject", {})
        for ref in xobjects.values():
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                found[str(ref.idnum)] = (str(obj.get("/Filter")), obj._data)
    return found


Matrix = tuple[float, float, float, float, float, float]


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m × n for PDF matrices [a b 0; c d 0; e f 1]."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def placed_images(pdf: Path, page: int = 0) -> list[tuple[float, float, float, float, str]]:
    """(x, y, width, height, xobject name) of every image on a page, with every cm, q and Q applied (page space)."""
    from pypdf.generic import ContentStream

    reader = PdfReader(pdf)
    content = reader.pages[page].get_contents()
    assert content is not None
    ctm: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack: list[Matrix] = []
    found: list[tuple[float, float, float, float, str]] = []
    for operands, operator in ContentStream(content, reader).operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif operator == b"Do":
            a, b, c, d, e, f = ctm
            assert abs(b) < 1e-9 and abs(c) < 1e-9, "images are never rotated"
            found.append((e, f, a, d, str(operands[0])))
    return found


def placed_texts(pdf: Path, page: int = 0) -> list[tuple[float, float, str]]:
    """(x, y, text) of every text run on a page in page space (text matrix times the current matrix)."""
    reader = PdfReader(pdf)
    found: list[tuple[float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            m = _times(tuple(tm), tuple(cm))  # type: ignore[arg-type]
            found.append((m[4], m[5], text.strip()))

    reader.pages[page].extract_text(visitor_text=visit)
    return found

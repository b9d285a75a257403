"""The PDF exports' Unicode font (DejaVu Sans, shipped with the package and embedded) and text it can print."""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).with_name("fonts")
FONT = "RageSans"
FONT_BOLD = "RageSans-Bold"
FONT_OBLIQUE = "RageSans-Oblique"
_FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf", FONT_OBLIQUE: "DejaVuSans-Oblique.ttf"}
# What a character no shipped glyph can show (CJK ideographs, emoji) prints as, rather than an empty box.
MISSING = "?"


@functools.cache
def register_fonts() -> frozenset[int]:
    """Register the shipped fonts with ReportLab once; the code points the regular face can draw."""
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    # <b> and <i> inside a paragraph pick the matching face.
    addMapping(FONT, 0, 0, FONT)
    addMapping(FONT, 1, 0, FONT_BOLD)
    addMapping(FONT, 0, 1, FONT_OBLIQUE)
    addMapping(FONT, 1, 1, FONT_BOLD)
    face = pdfmetrics.getFont(FONT).face
    return frozenset(face.charToGlyph)


@functools.lru_cache(maxsize=4096)
def pdf_safe(text: str) -> str:
    """Text as written when the font has it; a missing accent combination is folded, anything else is "?"."""
    drawable = register_fonts()
    text = unicodedata.normalize("NFC", text)
    out: list[str] = []
    for char in text:
        if ord(char) in drawable or char in "\n\t":
            out.append(char)
            continue
        folded = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        out.append(folded if folded and all(ord(c) in drawable for c in folded) else MISSING)
    return "".join(out)

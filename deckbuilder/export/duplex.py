"""Duplex proxy sheets: where each card's back lands on the reverse page, what the back shows (no Qt).

A sheet turned over its long edge (the usual duplex setting for portrait pages) mirrors left and right: the back of
the card in column c is printed in column COLUMNS-1-c of the back page. Turned over its short edge it mirrors top and
bottom: row r's back is printed in row ROWS-1-r. The grid is centred on the page, so mirrored cells are cells of the
same grid. The printer profile then moves and scales the whole back page about its centre (backs only).

How two-sided Characters combine with duplex: with both sides printed, a Character's Crinos side is the back of its
breed side (a real two-sided proxy); every other card, and a Character printed one-sided, gets the card back.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color

from carddb.db import CardDatabase
from carddb.leftovers import CARD_BACK_META
from carddb.safeio import is_regular_file
from deckbuilder.export.images import CheckedImage, ImageRefused, check_image
from deckbuilder.export.paper import MM
from deckbuilder.export.pdftext import FONT, FONT_BOLD, draw_string, register_fonts, string_width
from deckbuilder.export.printers import PrinterProfile
from deckbuilder.i18n import gettext as _

DUPLEX_NONE = "none"
DUPLEX_LONG = "long"
DUPLEX_SHORT = "short"
DUPLEX_MODES = (DUPLEX_NONE, DUPLEX_LONG, DUPLEX_SHORT)
BACK_PLUGIN = "plugin"  # the card back the imported Lackey plugin brought; the plain back when there is none
BACK_PLAIN = "plain"  # a plain back drawn by us
BACK_FILE = "file"  # an image file the player chose
BACK_KINDS = (BACK_PLUGIN, BACK_PLAIN, BACK_FILE)
_BACK_INK = Color(0.25, 0.25, 0.25)


def check_duplex(mode: str, back: str, back_file: str) -> None:
    """ValueError for a duplex mode or back choice that does not exist."""
    if mode not in DUPLEX_MODES:
        raise ValueError(
            _("duplex must be one of {modes}, not {value!r}").format(
                modes=", ".join(DUPLEX_MODES), value=mode
            )
        )
    if back not in BACK_KINDS:
        raise ValueError(
            _("the card back must be one of {kinds}, not {value!r}").format(
                kinds=", ".join(BACK_KINDS), value=back
            )
        )
    if back == BACK_FILE and not back_file.strip():
        raise ValueError(_("choose an image file for the card back"))


def mirror_slot(slot: int, mode: str, columns: int, rows: int) -> int:
    """The cell of the back page behind a cell of the front page (reading order) for a flip mode."""
    row, col = divmod(slot, columns)
    if mode == DUPLEX_LONG:
        col = columns - 1 - col
    elif mode == DUPLEX_SHORT:
        row = rows - 1 - row
    return row * columns + col


def back_matrix(page_width: float, page_height: float, profile: PrinterProfile) -> tuple[float, ...]:
    """The PDF matrix (a, b, c, d, e, f) the printer profile applies to a back page: scale about the centre, move."""
    cx, cy = page_width / 2, page_height / 2
    return (
        profile.scale_x,
        0.0,
        0.0,
        profile.scale_y,
        cx - cx * profile.scale_x + profile.offset_x_mm * MM,
        cy - cy * profile.scale_y + profile.offset_y_mm * MM,
    )


def apply_back_matrix(canvas: Any, page_width: float, page_height: float, profile: PrinterProfile) -> None:
    """Set the printer profile's correction on the canvas (inside a saveState)."""
    if not profile.is_identity:
        canvas.transform(*back_matrix(page_width, page_height, profile))


@dataclass(frozen=True)
class CardBack:
    """The back every card without a face of its own gets: an image, or the plain back (image None)."""

    image: CheckedImage | None
    title: str


def plugin_back_path(db: CardDatabase) -> Path | None:
    """The card back image the imported plugin brought, when there is one and it is still there."""
    return db.image_path(db.get_meta(CARD_BACK_META))


def resolve_back(db: CardDatabase, back: str, back_file: str, title: str, messages: list[str]) -> CardBack:
    """The card back for the options; a chosen file that cannot be used is a ValueError, a missing plugin back a note."""
    if back == BACK_PLAIN:
        return CardBack(None, title)
    if back == BACK_FILE:
        path = Path(back_file).expanduser()
        if not is_regular_file(path):
            raise ValueError(_("card back {path}: not found or not a regular file").format(path=path))
        try:
            return CardBack(check_image(path), title)
        except ImageRefused as exc:
            raise ValueError(_("card back {path}: {reason}").format(path=path, reason=exc)) from exc
    stored = plugin_back_path(db)
    if stored is None:
        messages.append(
            _("the card database has no card back image from a Lackey plugin; a plain back is printed")
        )
        return CardBack(None, title)
    try:
        return CardBack(check_image(stored), title)
    except ImageRefused as exc:
        messages.append(
            _("the plugin's card back is refused ({reason}); a plain back is printed").format(reason=exc)
        )
        return CardBack(None, title)


def draw_plain_back(canvas: Any, x: float, y: float, width: float, height: float, title: str) -> None:
    """A light back that prints cheaply: a double frame, the game's name and the word proxy."""
    register_fonts()
    canvas.saveState()
    canvas.setFillColor(Color(1, 1, 1))
    canvas.setStrokeColor(_BACK_INK)
    canvas.setLineWidth(0.8)
    canvas.roundRect(x, y, width, height, 3 * MM, stroke=1, fill=1)
    canvas.setLineWidth(0.4)
    canvas.roundRect(x + 3 * MM, y + 3 * MM, width - 6 * MM, height - 6 * MM, 2 * MM, stroke=1, fill=0)
    canvas.setFillColor(_BACK_INK)
    size = 20.0
    while size > 8 and string_width(title, FONT_BOLD, size) > width - 12 * MM:
        size -= 1
    centre = x + width / 2
    draw_string(
        canvas, centre - string_width(title, FONT_BOLD, size) / 2, y + height / 2, title, FONT_BOLD, size
    )
    word = _("proxy")
    draw_string(canvas, centre - string_width(word, FONT, 7) / 2, y + height / 2 - 6 * MM, word, FONT, 7)
    canvas.restoreState()

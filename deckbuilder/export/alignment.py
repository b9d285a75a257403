"""The duplex alignment test sheet and the printer profile its readings give (no Qt).

The sheet has a front and a back page. The back page carries four crosses, A to D, each with a millimetre ruler
across it in both directions; the front page carries a cross exactly behind each of them (mirrored for the flip).
Printed duplex with a printer profile and held against a light, back side up, the player reads on each ruler where
the front's cross shows through (right and up positive, as the back page is seen). Those readings say how far the
back lands off: their mean is the offset to add, and how they change from one side to the other the scale.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from carddb.atomic import atomic_open
from deckbuilder.export.duplex import DUPLEX_LONG, DUPLEX_MODES, DUPLEX_NONE, apply_back_matrix
from deckbuilder.export.paper import MM, parse_paper
from deckbuilder.export.pdftext import FONT, FONT_BOLD, pdf_safe, register_fonts
from deckbuilder.export.printers import NO_CORRECTION, PrinterProfile
from deckbuilder.i18n import gettext as _

CORNERS = (
    "A",
    "B",
    "C",
    "D",
)  # on the back page as it is seen: top left, top right, bottom left, bottom right
CORNER_INSET_MM = 25.0  # from the page edges to each cross
RULER_MM = 10  # each ruler reads from -10 to +10 mm
_CROSS_ARM_MM = 13.0
_INK = Color(0, 0, 0)
_FRONT_INK = Color(0.75, 0.05, 0.05)


def corner_points(page_width: float, page_height: float) -> dict[str, tuple[float, float]]:
    """Where each cross sits on the back page (points, from the page's lower left corner)."""
    inset = CORNER_INSET_MM * MM
    left, right = inset, page_width - inset
    bottom, top = inset, page_height - inset
    return {"A": (left, top), "B": (right, top), "C": (left, bottom), "D": (right, bottom)}


def mirror_point(x: float, y: float, page_width: float, page_height: float, mode: str) -> tuple[float, float]:
    """The point of the other side of the sheet behind (x, y) when it is turned over for a flip mode."""
    if mode == DUPLEX_LONG:
        return page_width - x, y
    return x, page_height - y


def _cross(canvas: Any, x: float, y: float, label: str, ink: Color, rulers: bool = True) -> None:
    canvas.saveState()
    canvas.setStrokeColor(ink)
    canvas.setFillColor(ink)
    arm = _CROSS_ARM_MM * MM
    canvas.setLineWidth(0.25)
    canvas.line(x - arm, y, x + arm, y)
    canvas.line(x, y - arm, x, y + arm)
    canvas.circle(x, y, 2 * MM, stroke=1, fill=0)
    if rulers:
        canvas.setFont(FONT, 4.5)
        for mm in range(-RULER_MM, RULER_MM + 1):
            tick = (2.2 if mm % 5 == 0 else 1.2) * MM
            canvas.line(x + mm * MM, y - tick / 2, x + mm * MM, y + tick / 2)
            canvas.line(x - tick / 2, y + mm * MM, x + tick / 2, y + mm * MM)
            if mm % 5 == 0 and mm:
                text = f"{mm:+d}"
                canvas.drawCentredString(x + mm * MM, y - 3.6 * MM, text)
                canvas.drawString(x + 1.6 * MM, y + mm * MM - 1.5, text)
    canvas.setFont(FONT_BOLD, 11)
    canvas.drawString(x - 7 * MM, y + 4 * MM, label)
    canvas.restoreState()


def _text_block(canvas: Any, page_width: float, page_height: float, lines: list[str]) -> None:
    canvas.saveState()
    y = page_height / 2 + 40 * MM
    for index, line in enumerate(lines):
        canvas.setFont(FONT_BOLD if index == 0 else FONT, 13 if index == 0 else 8.5)
        for part in _wrap(canvas, pdf_safe(line), FONT_BOLD if index == 0 else FONT, 13 if index == 0 else 8.5,
                          page_width - 2 * (CORNER_INSET_MM + 18) * MM):  # fmt: skip
            canvas.drawCentredString(page_width / 2, y, part)
            y -= 6 * MM if index == 0 else 4.2 * MM
        y -= 2 * MM
    canvas.restoreState()


def _wrap(canvas: Any, text: str, font: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and canvas.stringWidth(trial, font, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return [*lines, current] if current else lines


def _profile_line(profile: PrinterProfile) -> str:
    return _("Printer profile {profile}").format(profile=profile.describe())


def write_alignment_pdf(
    out: Path | str, paper: str = "a4", duplex: str = DUPLEX_LONG, profile: PrinterProfile = NO_CORRECTION
) -> None:
    """Write the two-page alignment sheet (front, then back with the profile applied); whole file or nothing."""
    if duplex not in DUPLEX_MODES or duplex == DUPLEX_NONE:
        raise ValueError(
            _("the alignment sheet is printed on both sides: flip on the long or the short edge")
        )
    width, height = parse_paper(paper)
    if min(width, height) < 2 * (CORNER_INSET_MM + RULER_MM + 5) * MM:
        raise ValueError(_("the paper is too small for the alignment sheet"))
    register_fonts()
    flip = _("long edge") if duplex == DUPLEX_LONG else _("short edge")
    steps = [
        _(
            "Print both pages on one sheet, on both sides, flipped on the {flip}, at 100% (no fit to page)."
        ).format(flip=flip),
        _profile_line(profile),
        _("Hold the sheet against a light with the back page (black crosses) towards you."),
        _(
            "At each of A, B, C and D read on the black rulers where the centre of the red cross of the front shows "
            "through: millimetres to the right and up are positive."
        ),
        _("Type the readings in the printer profile (ragedeck printer measure, or the export dialog)."),
    ]
    with atomic_open(out) as handle:
        canvas = Canvas(handle, pagesize=(width, height), pageCompression=1)
        canvas.setTitle(_("Duplex alignment sheet"))
        canvas.setCreator("Rage Deckbuilder")
        corners = corner_points(width, height)
        for label, (x, y) in corners.items():
            fx, fy = mirror_point(x, y, width, height, duplex)
            _cross(canvas, fx, fy, label, _FRONT_INK, rulers=True)
        _text_block(canvas, width, height, [_("Duplex alignment sheet — front"), *steps])
        canvas.showPage()
        canvas.saveState()
        apply_back_matrix(canvas, width, height, profile)
        for label, (x, y) in corners.items():
            _cross(canvas, x, y, label, _INK, rulers=True)
        canvas.restoreState()
        _text_block(canvas, width, height, [_("Duplex alignment sheet — back"), *steps])
        canvas.showPage()
        canvas.save()


def _fit(points: list[tuple[float, float]]) -> tuple[float, float]:
    """(offset, slope) of the least-squares line through (position, reading) points; no slope from one position."""
    mean_x = sum(p for p, _ in points) / len(points)
    mean_e = sum(e for _, e in points) / len(points)
    spread = sum((p - mean_x) ** 2 for p, _ in points)
    if spread < 1e-9:
        return mean_e, 0.0
    slope = sum((p - mean_x) * (e - mean_e) for p, e in points) / spread
    return mean_e - slope * mean_x, slope


def corrected_profile(
    profile: PrinterProfile, readings: Mapping[str, tuple[float, float]], paper: str = "a4"
) -> PrinterProfile:
    """The profile that puts the backs where the readings (mm right, mm up, per corner) say the fronts are.

    One reading, or readings that agree, move the backs; readings on both sides of the page also scale them.
    """
    if not readings:
        raise ValueError(_("type at least one reading (A, B, C or D)"))
    unknown = sorted(set(readings) - set(CORNERS))
    if unknown:
        raise ValueError(_("readings are for A, B, C or D, not {names}").format(names=", ".join(unknown)))
    width, height = parse_paper(paper)
    corners = corner_points(width, height)
    # Positions in millimetres from the page centre, the point the profile scales about.
    xs = [((corners[c][0] - width / 2) / MM, readings[c][0]) for c in CORNERS if c in readings]
    ys = [((corners[c][1] - height / 2) / MM, readings[c][1]) for c in CORNERS if c in readings]
    dx, kx = _fit(xs)
    dy, ky = _fit(ys)
    return replace(
        profile,
        offset_x_mm=profile.offset_x_mm + dx,
        offset_y_mm=profile.offset_y_mm + dy,
        scale_x=profile.scale_x + kx,
        scale_y=profile.scale_y + ky,
    )

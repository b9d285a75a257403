"""Paper sizes for the PDF exports: named sizes or custom "WIDTHxHEIGHTunit" text, in PDF points."""

from __future__ import annotations

import re

MM = 72.0 / 25.4  # points per millimetre

# Portrait sizes in points.
NAMED_PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "a3": (297 * MM, 420 * MM),
    "letter": (612.0, 792.0),
    "legal": (612.0, 1008.0),
}
UNIT_POINTS: dict[str, float] = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
# PDF viewers cap a page side at 200 inches; below 50 mm not even one card fits.
MAX_SIDE_POINTS = 14400.0
MIN_SIDE_POINTS = 50 * MM

_CUSTOM = re.compile(
    r"^\s*(?P<w>\d+(?:\.\d+)?)\s*(?:(?P<wu>mm|cm|in|pt)\s*)?[x×]\s*(?P<h>\d+(?:\.\d+)?)\s*(?P<hu>mm|cm|in|pt)\s*$",
    re.IGNORECASE,
)


def parse_paper(text: str) -> tuple[float, float]:
    """Page (width, height) in points for "a4", "letter", "legal", "a3" or a custom size like "210x297mm"."""
    cleaned = (text or "").strip().casefold()
    if not cleaned:
        raise ValueError("paper size is empty: use a4, letter, legal, a3 or a size like 210x297mm")
    if cleaned in NAMED_PAPERS:
        return NAMED_PAPERS[cleaned]
    match = _CUSTOM.match(cleaned)
    if match is None:
        raise ValueError(
            f"unknown paper size {text!r}: use a4, letter, legal, a3 or WIDTHxHEIGHT with a unit "
            "(mm, cm, in or pt), e.g. 210x297mm or 8.5x11in"
        )
    height_unit = match["hu"].casefold()
    width_unit = (match["wu"] or height_unit).casefold()
    width = float(match["w"]) * UNIT_POINTS[width_unit]
    height = float(match["h"]) * UNIT_POINTS[height_unit]
    for label, value in (("width", width), ("height", height)):
        if value < MIN_SIDE_POINTS:
            raise ValueError(f"paper {label} in {text!r} is too small (at least 50 mm)")
        if value > MAX_SIDE_POINTS:
            raise ValueError(f"paper {label} in {text!r} is too large (at most 200 in)")
    return (width, height)

"""The duplex alignment sheet read back from the PDF, and the profile its readings give."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from deckbuilder.export.alignment import CORNERS, corner_points, corrected_profile, write_alignment_pdf
from deckbuilder.export.printers import PrinterProfile
from tests.deckbuilder.export.helpers import A4, LETTER, MM, placed_texts

TOL = 0.1 * MM


def _labels(pdf: Path, page: int) -> dict[str, tuple[float, float]]:
    return {text: (x, y) for x, y, text in placed_texts(pdf, page) if text in CORNERS}


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_front_crosses_sit_behind_the_back_crosses_and_the_profile_moves_only_the_back(
    tmp_path: Path, flip: str, paper: str, size: tuple[float, float]
) -> None:
    out = tmp_path / "align.pdf"
    profile = PrinterProfile("laser", 1.5, -2.0, 1.004, 0.996)
    write_alignment_pdf(out, paper, flip, profile)
    assert len(PdfReader(out).pages) == 2
    front, back = _labels(out, 0), _labels(out, 1)
    assert set(front) == set(back) == set(CORNERS)
    width, height = size
    cx, cy = width / 2, height / 2
    for label, (x, y) in corner_points(width, height).items():
        # Each label sits 7 mm left of and 4 mm above its cross, on both pages.
        fx, fy = (width - x, y) if flip == "long" else (x, height - y)
        assert front[label] == pytest.approx((fx - 7 * MM, fy + 4 * MM), abs=TOL)
        bx = cx + (x - 7 * MM - cx) * profile.scale_x + profile.offset_x_mm * MM
        by = cy + (y + 4 * MM - cy) * profile.scale_y + profile.offset_y_mm * MM
        assert back[label] == pytest.approx((bx, by), abs=TOL)
    texts = " ".join(t for _, _, t in placed_texts(out, 1))
    assert "long edge" in texts if flip == "long" else "short edge" in texts


def test_readings_from_a_printer_that_shifts_and_scales_give_the_profile_that_undoes_it() -> None:
    width, height = A4
    shift, scale = (1.8, -0.7), (1.006, 0.993)  # what the imagined printer does to back pages
    start = PrinterProfile("laser", 0.5, 0.25, 1.0, 1.001)

    def readings(profile: PrinterProfile) -> dict[str, tuple[float, float]]:
        # Where the back's cross lands (profile, then the printer), and the front's reading relative to it.
        found = {}
        for label, (x, y) in corner_points(width, height).items():
            px, py = (x - width / 2) / MM, (y - height / 2) / MM  # mm from the centre
            bx = (px * profile.scale_x + profile.offset_x_mm) * scale[0] + shift[0]
            by = (py * profile.scale_y + profile.offset_y_mm) * scale[1] + shift[1]
            found[label] = (px - bx, py - by)
        return found

    fixed = corrected_profile(start, readings(start))
    # A second sheet printed with the corrected profile reads (almost) zero everywhere.
    assert all(abs(v) < 0.05 for pair in readings(fixed).values() for v in pair)
    one = corrected_profile(start, {"B": (0.5, -1.0)})
    assert (one.offset_x_mm, one.offset_y_mm, one.scale_x, one.scale_y) == pytest.approx(
        (1.0, -0.75, 1.0, 1.001)
    )


def test_bad_readings_and_sheets_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least one reading"):
        corrected_profile(PrinterProfile(), {})
    with pytest.raises(ValueError, match="not E"):
        corrected_profile(PrinterProfile(), {"E": (1, 1)})
    with pytest.raises(ValueError, match="X offset"):
        corrected_profile(PrinterProfile(), {"A": (40, 0)})
    with pytest.raises(ValueError, match="both sides"):
        write_alignment_pdf(tmp_path / "a.pdf", "a4", "none")
    assert not (tmp_path / "a.pdf").exists()

"""The proxy sheet's footer, measured in the real PDF: it never touches a card, its bleed or a cut mark."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export import ProxyOptions, write_proxies_pdf
from deckbuilder.export.pdftext import FONT, register_fonts
from deckbuilder.export.proxies import sheet_layout
from tests.deckbuilder.export.helpers import image_draws

Rect = tuple[float, float, float, float]  # left, bottom, right, top
_SEGMENT = re.compile(rb"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S")


@dataclass(frozen=True)
class PageText:
    text: str
    box: Rect
    size: float


def _footer(pdf: Path, page: int = 0) -> PageText | None:
    """The page's only text run and the box its glyphs can fill (font ascent to descent), from the PDF."""
    runs: list[PageText] = []
    register_fonts()

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            x, y = tm[4] + cm[4], tm[5] + cm[5]
            ascent, descent = pdfmetrics.getAscentDescent(FONT, size)
            width = pdfmetrics.stringWidth(text.strip(), FONT, size)
            runs.append(PageText(text.strip(), (x, y + descent, x + width, y + ascent), size))

    PdfReader(pdf).pages[page].extract_text(visitor_text=visit)
    assert len(runs) <= 1, runs
    return runs[0] if runs else None


def _cut_marks(pdf: Path) -> list[Rect]:
    """Every stroked line segment on the first page, as a rectangle widened by the stroke."""
    content = PdfReader(pdf).pages[0].get_contents().get_data()  # type: ignore[union-attr]
    rects = []
    for match in _SEGMENT.finditer(content):
        x1, y1, x2, y2 = map(float, match.groups())
        rects.append((min(x1, x2) - 0.15, min(y1, y2) - 0.15, max(x1, x2) + 0.15, max(y1, y2) + 0.15))
    return rects


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _deck(name: str) -> Deck:
    deck = Deck(name=name)
    deck.add("Quick Dodge", 9)
    return deck


def _check_clear(pdf: Path, page_size: tuple[float, float]) -> PageText | None:
    footer = _footer(pdf)
    if footer is None:
        return None
    left, bottom, right, top = footer.box
    assert left >= 0 and right <= page_size[0] and bottom >= 0 and top <= page_size[1]
    # An image is drawn over its card and bleed: that rectangle is the card with its bleed.
    for x, y, w, h, _ in image_draws(pdf):
        assert not _overlap(footer.box, (x, y, x + w, y + h)), (footer, (x, y, w, h))
    for mark in _cut_marks(pdf):
        assert not _overlap(footer.box, mark), (footer, mark)
    return footer


def test_letter_with_gap_bleed_and_cut_lines_keeps_the_footer_clear(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    out = tmp_path / "p.pdf"
    options = ProxyOptions(paper="letter", gap_mm=3, bleed_mm=2, cut_marks="lines")
    report = write_proxies_pdf(_deck("Silver Moon Pack"), card_db, out, options)
    footer = _check_clear(out, (612.0, 792.0))
    assert footer is not None and footer.text == "Silver Moon Pack · proxies · page 1 of 1"
    assert footer.size >= 5  # shrunk to fit the thin margin, still legible
    assert report.messages == []


def test_a_footer_with_no_room_is_left_out_and_the_report_says_so(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    out = tmp_path / "p.pdf"
    # 3 cards of 88 mm with 5 mm gaps and 4 mm bleed fill a 282 mm high page to the edge.
    options = ProxyOptions(paper="210x282mm", gap_mm=5, bleed_mm=4, cut_marks="lines")
    report = write_proxies_pdf(_deck("Silver Moon Pack"), card_db, out, options)
    assert _footer(out) is None
    assert any("page numbers left out" in m for m in report.messages)


@pytest.mark.slow
@settings(max_examples=60)
@given(
    paper=st.one_of(
        st.sampled_from(["a4", "letter", "legal", "a3"]),
        st.tuples(st.integers(200, 320), st.integers(272, 420)).map(lambda wh: f"{wh[0]}x{wh[1]}mm"),
    ),
    gap=st.sampled_from([0, 0.5, 1, 2, 3, 4, 6]),
    bleed=st.sampled_from([0, 0.5, 1, 2, 3, 5]),
    cut_marks=st.sampled_from(["none", "corners", "lines"]),
    name=st.sampled_from(["Pack", "Silver Moon Pack", "Ωmega Wyrmfoe Pack of the Long Night " * 3]),
)
def test_the_footer_never_touches_a_card_its_bleed_or_a_cut_mark(
    card_db: CardDatabase, tmp_path: Path, paper: str, gap: float, bleed: float, cut_marks: str, name: str
) -> None:
    options = ProxyOptions(paper=paper, gap_mm=gap, bleed_mm=bleed, cut_marks=cut_marks)
    try:
        layout = sheet_layout(options)
    except ValueError:
        return  # the options do not fit the paper: refused before any drawing (tested elsewhere)
    out = tmp_path / "p.pdf"
    report = write_proxies_pdf(_deck(name), card_db, out, options)
    footer = _check_clear(out, (layout.page_width, layout.page_height))
    left_out = any("page numbers left out" in m for m in report.messages)
    assert (footer is None) == left_out
    if footer is not None:
        assert footer.text.endswith("page 1 of 1")


@pytest.mark.parametrize("cut_marks", ["none", "corners", "lines"])
def test_a4_keeps_the_full_footer_at_its_normal_size(
    card_db: CardDatabase, tmp_path: Path, cut_marks: str
) -> None:
    out = tmp_path / "p.pdf"
    write_proxies_pdf(_deck("Silver Moon Pack"), card_db, out, ProxyOptions(cut_marks=cut_marks, bleed_mm=2))
    footer = _check_clear(out, (595.2756, 841.8898))
    assert footer is not None and footer.size == 8
    assert footer.text == "Silver Moon Pack · proxies · page 1 of 1"

"""First-page previews rendered from the exported PDF: what the player sees matches what will print."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export import DecklistOptions, ProxyOptions, write_proxies_pdf
from deckbuilder.export.preview import preview_decklist, preview_proxies, render_pdf_page
from deckbuilder.export.proxies import sheet_layout
from tests.deckbuilder.export.helpers import A4, CARD_H, CARD_W, LETTER

BOX = (600, 800)


def _deck() -> Deck:
    deck = Deck(name="Preview Pack")
    deck.add("Quick Dodge", 4)
    deck.add("Silver Fang Gift", 4)
    deck.add("Moonfang Scout", 3)  # 3 two-sided Characters: 6 faces, then 8 more → 14 faces on 2 pages
    return deck


def _pixel(image: Image.Image, page: tuple[float, float], x_pt: float, y_pt: float) -> tuple[int, int, int]:
    """The preview's colour at a point given in PDF coordinates (origin bottom left)."""
    scale = image.width / page[0]
    px = min(image.width - 1, int(x_pt * scale))
    py = min(image.height - 1, int((page[1] - y_pt) * scale))
    value = image.getpixel((px, py))
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def _near(colour: tuple[int, int, int], expected: tuple[int, int, int], tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


def test_proxy_preview_shows_the_first_sheet_as_it_prints(card_db: CardDatabase) -> None:
    options = ProxyOptions(paper="a4", gap_mm=4)
    preview = preview_proxies(_deck(), card_db, options, BOX)
    assert preview.pages == 2  # the whole export has two sheets; the preview is the first
    assert preview.page_size == pytest.approx(A4, abs=0.01)
    assert preview.image.height <= BOX[1] and preview.image.width <= BOX[0]
    assert preview.image.width / preview.image.height == pytest.approx(A4[0] / A4[1], abs=0.01)
    cells = sheet_layout(options).cells
    # Section order: the breed (red) and Crinos (green) sides of the first Character come first.
    first = _pixel(preview.image, A4, cells[0][0] + CARD_W / 2, cells[0][1] + CARD_H / 2)
    second = _pixel(preview.image, A4, cells[1][0] + CARD_W / 2, cells[1][1] + CARD_H / 2)
    assert _near(first, (200, 30, 30)) and _near(second, (30, 200, 30))
    # The 4 mm gap between the first two cards stays paper white.
    gap = _pixel(preview.image, A4, cells[0][0] + CARD_W + 2 * 72 / 25.4, cells[0][1] + CARD_H / 2)
    assert _near(gap, (255, 255, 255), 10)


def test_proxy_preview_follows_paper_and_cut_lines(card_db: CardDatabase) -> None:
    plain = preview_proxies(_deck(), card_db, ProxyOptions(paper="letter"), BOX)
    lined = preview_proxies(_deck(), card_db, ProxyOptions(paper="letter", cut_marks="lines"), BOX)
    assert plain.page_size == pytest.approx(LETTER, abs=0.01)
    cells = sheet_layout(ProxyOptions(paper="letter")).cells
    # Along the first card's left edge, up in the top margin: white without cut lines, grey with them.
    x, top = cells[0][0], cells[0][1] + CARD_H + 20
    assert _near(_pixel(plain.image, LETTER, x, top), (255, 255, 255), 5)
    assert not _near(_pixel(lined.image, LETTER, x, top), (255, 255, 255), 5)


def test_proxy_preview_reports_what_the_export_would_say(card_db: CardDatabase) -> None:
    deck = Deck(name="Hostile")
    deck.add("Bomb Card", 1)
    preview = preview_proxies(deck, card_db, ProxyOptions(), BOX)
    assert preview.pages == 1
    assert any("Bomb Card" in message for message in preview.messages)


def test_proxy_preview_refuses_options_that_do_not_fit(card_db: CardDatabase) -> None:
    with pytest.raises(ValueError, match="need"):
        preview_proxies(_deck(), card_db, ProxyOptions(paper="a4", gap_mm=30), BOX)


def test_page_limit_writes_only_the_first_sheet_numbered_against_the_whole(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    out = tmp_path / "first.pdf"
    report = write_proxies_pdf(_deck(), card_db, out, page_limit=1)
    reader = PdfReader(out)
    assert len(reader.pages) == 1 and report.pages == 1 and report.total_pages == 2
    assert "page 1 of 2" in reader.pages[0].extract_text()


def test_decklist_preview_has_the_page_count_and_paper(card_db: CardDatabase) -> None:
    options = DecklistOptions(paper="letter", player="Alex Garou", event="Moot Cup")
    preview = preview_decklist(_deck(), card_db, options, BOX)
    assert preview.pages == 1
    assert preview.page_size == pytest.approx(LETTER, abs=0.01)
    # Something is printed: the page is not blank white.
    extrema = preview.image.convert("L").getextrema()
    assert isinstance(extrema, tuple) and extrema[0] < 100


def test_render_pdf_page_names_a_missing_page(card_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "one.pdf"
    write_proxies_pdf(_deck(), card_db, out, page_limit=1)
    with pytest.raises(ValueError, match="no page 3"):
        render_pdf_page(out, BOX, index=2)

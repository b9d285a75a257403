"""Previews of an export's first page, rendered from the very PDF the export writes (no Qt)."""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
from PIL import Image

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export.decklist import DecklistOptions, write_decklist_pdf
from deckbuilder.export.proxies import ProxyOptions, write_proxies_pdf

# PDFium is not thread-safe, and previews are rendered on worker threads that may overlap when the
# options change quickly; one lock serialises every call into it.
_PDFIUM_LOCK = threading.Lock()
# A preview never needs more than this many pixels on its longer side, whatever box it is asked to fit.
MAX_PREVIEW_SIDE_PX = 3000
_SHEET_GAP_PX = 8  # between the front and the back of a duplex preview


@dataclass(frozen=True)
class PagePreview:
    """The first page as an RGB image, the page size in points, how many pages the export has, and its notes."""

    image: Image.Image
    page_size: tuple[float, float]
    pages: int
    messages: tuple[str, ...] = ()


def render_pdf_page(
    path: Path, box: tuple[int, int], index: int = 0
) -> tuple[Image.Image, tuple[float, float], int]:
    """Render one page to fit inside `box` (width, height in pixels); also the page size and the page count."""
    box_w = max(1, min(box[0], MAX_PREVIEW_SIDE_PX))
    box_h = max(1, min(box[1], MAX_PREVIEW_SIDE_PX))
    with _PDFIUM_LOCK:
        document = pypdfium2.PdfDocument(str(path))
        try:
            count = len(document)
            if not 0 <= index < count:
                raise ValueError(f"{path.name} has {count} page(s); there is no page {index + 1}")
            page = document[index]
            try:
                width, height = page.get_size()
                scale = min(box_w / width, box_h / height)
                bitmap = page.render(scale=scale)
                image = bitmap.to_pil().convert("RGB")
            finally:
                page.close()
        finally:
            document.close()
    return image, (width, height), count


def preview_proxies(
    deck: Deck,
    db: CardDatabase,
    options: ProxyOptions,
    box: tuple[int, int],
    cancel: Callable[[], bool] | None = None,
) -> PagePreview:
    """The first proxy sheet exactly as the export prints it (duplex: front and back side by side); ValueError for
    options that do not fit."""
    with tempfile.TemporaryDirectory(prefix="ragedeck-preview-") as folder:
        out = Path(folder) / "preview.pdf"
        report = write_proxies_pdf(deck, db, out, options, cancel=cancel, page_limit=1)
        if report.pages < 2:
            image, size, _ = render_pdf_page(out, box)
        else:
            # Duplex: the first sheet's front and back side by side, so the backs can be seen lining up.
            half = (max(1, (box[0] - _SHEET_GAP_PX) // 2), box[1])
            front, size, _ = render_pdf_page(out, half, 0)
            back, _size, _ = render_pdf_page(out, half, 1)
            image = Image.new(
                "RGB", (front.width + _SHEET_GAP_PX + back.width, front.height), (138, 138, 138)
            )
            image.paste(front, (0, 0))
            image.paste(back, (front.width + _SHEET_GAP_PX, 0))
    return PagePreview(image, size, report.total_pages, tuple(report.messages))


def preview_decklist(
    deck: Deck, db: CardDatabase, options: DecklistOptions, box: tuple[int, int]
) -> PagePreview:
    """The decklist's first page exactly as the export writes it; ValueError for a bad paper size."""
    with tempfile.TemporaryDirectory(prefix="ragedeck-preview-") as folder:
        out = Path(folder) / "preview.pdf"
        report = write_decklist_pdf(deck, db, out, options)
        image, size, pages = render_pdf_page(out, box)
    return PagePreview(image, size, pages, tuple(report.messages))

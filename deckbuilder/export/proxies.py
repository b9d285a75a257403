"""PDF proxy sheets: cards at 63 × 88 mm, 3 × 3 per page, with optional gap, bleed, cut marks, page numbers and
backs on the reverse pages (duplex, see export/duplex.py)."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from carddb.atomic import atomic_open
from carddb.cardtypes import Section
from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export.duplex import (
    BACK_PLUGIN,
    DUPLEX_NONE,
    CardBack,
    apply_back_matrix,
    check_duplex,
    draw_plain_back,
    mirror_slot,
    resolve_back,
)
from deckbuilder.export.images import CheckedImage
from deckbuilder.export.paper import MM, parse_paper
from deckbuilder.export.pdftext import FONT, draw_string, names_missing_glyphs, register_fonts, string_width
from deckbuilder.export.printers import NO_CORRECTION, PrinterProfile
from deckbuilder.export.proxyplan import ProxyFace, plan_cards, plan_copies, plan_faces, say
from deckbuilder.export.textproxy import draw_text_proxy
from deckbuilder.games.piles import game_of
from deckbuilder.i18n import gettext

__all__ = [
    "ProxyFace",
    "plan_copies",
    "plan_faces",
]  # planning lives in proxyplan; these stay importable here

CARD_WIDTH = 63 * MM
CARD_HEIGHT = 88 * MM
COLUMNS = 3
ROWS = 3
CUT_MARK_STYLES = ("none", "corners", "lines")
# Corner ticks sit this far outside the bleed box and are this long (shortened when the margin is narrow).
_TICK_OFFSET = 1 * MM
_TICK_LENGTH = 5 * MM
# The footer keeps this far from the bleed, every cut mark and the page edge; it shrinks down to the minimum size.
FOOTER_CLEARANCE = 1.0
FOOTER_FONT_SIZE = 8.0
FOOTER_MIN_FONT_SIZE = 5.0


class ExportCancelled(Exception):
    """The user cancelled the export; no file was written."""


@dataclass
class ProxyOptions:
    """How to lay out the proxy sheets and which cards to print."""

    paper: str = "a4"
    gap_mm: float = 0.0
    bleed_mm: float = 0.0
    cut_marks: str = "none"  # "none" | "corners" | "lines"
    # A Rage section (by the card's Type, its starting cards included), or the id of a pile of the deck's game.
    section: Section | str | None = None
    names: list[str] | None = None
    both_sides: bool = True
    page_numbers: bool = True
    # Copies the player owns by normalised name (deckbuilder.collection); those copies are not printed.
    owned: Mapping[str, int] | None = None
    # Backs on the reverse pages: "none", or flipped on the "long" or "short" edge (export/duplex.py).
    duplex: str = DUPLEX_NONE
    back: str = BACK_PLUGIN  # "plugin" | "plain" | "file" (then back_file)
    back_file: str = ""
    printer: PrinterProfile = NO_CORRECTION  # moves and scales the back pages only
    context: Any = None  # the deck's context (deckbuilder.context.DeckContext) when the caller has it


@dataclass
class ProxyReport:
    """What the export did: pages, card faces printed, distinct images embedded, text proxies, messages."""

    pages: int = 0
    total_pages: int = 0
    cards: int = 0
    images_embedded: int = 0
    text_proxies: int = 0
    backs: int = 0  # card backs printed on reverse pages (a Character's own Crinos side is a card face)
    messages: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """Page size and the lower-left corner of every card cell on a page, in reading order (points)."""

    page_width: float
    page_height: float
    gap: float
    bleed: float
    cells: tuple[tuple[float, float], ...]

    @property
    def grid_left(self) -> float:
        """Left edge of the first column of cards."""
        return self.cells[0][0]

    @property
    def grid_bottom(self) -> float:
        """Bottom edge of the last row of cards."""
        return self.cells[-1][1]

    @property
    def grid_width(self) -> float:
        """Width of the card grid without bleed."""
        return COLUMNS * CARD_WIDTH + (COLUMNS - 1) * self.gap

    @property
    def grid_height(self) -> float:
        """Height of the card grid without bleed."""
        return ROWS * CARD_HEIGHT + (ROWS - 1) * self.gap


def sheet_layout(options: ProxyOptions) -> SheetLayout:
    """The centred 3 × 3 grid for these options; ValueError when the options are invalid or do not fit."""
    page_width, page_height = parse_paper(options.paper)
    for label, value in (("gap", options.gap_mm), ("bleed", options.bleed_mm)):
        if not isinstance(value, int | float) or math.isnan(value) or value < 0:
            raise ValueError(f"{label} must be a number of millimetres ≥ 0, not {value!r}")
    if options.cut_marks not in CUT_MARK_STYLES:
        raise ValueError(f"cut marks must be one of {', '.join(CUT_MARK_STYLES)}, not {options.cut_marks!r}")
    check_duplex(options.duplex, options.back, options.back_file)
    gap = options.gap_mm * MM
    bleed = options.bleed_mm * MM
    need_w = COLUMNS * CARD_WIDTH + (COLUMNS - 1) * gap + 2 * bleed
    need_h = ROWS * CARD_HEIGHT + (ROWS - 1) * gap + 2 * bleed
    if need_w > page_width + 1e-6 or need_h > page_height + 1e-6:
        raise ValueError(
            f"3 × 3 cards of 63 × 88 mm with {options.gap_mm:g} mm gap and {options.bleed_mm:g} mm bleed need "
            f"{need_w / MM:.1f} × {need_h / MM:.1f} mm, but the paper is "
            f"{page_width / MM:.1f} × {page_height / MM:.1f} mm"
        )
    left = (page_width - (COLUMNS * CARD_WIDTH + (COLUMNS - 1) * gap)) / 2
    top = (page_height + (ROWS * CARD_HEIGHT + (ROWS - 1) * gap)) / 2
    cells = tuple(
        (left + col * (CARD_WIDTH + gap), top - (row + 1) * CARD_HEIGHT - row * gap)
        for row in range(ROWS)
        for col in range(COLUMNS)
    )
    return SheetLayout(page_width, page_height, gap, bleed, cells)


@contextlib.contextmanager
def _binary_image_streams() -> Iterator[None]:
    """Embed JPEG bytes as they are (no ASCII85 wrapping, which grows them by a quarter)."""
    previous = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = previous


def _draw_image(canvas: Any, layout: SheetLayout, slot: int, image: CheckedImage) -> None:
    """Draw an image over the card cell, extended by the bleed and clipped so it never covers a neighbour."""
    x, y = layout.cells[slot]
    col, row = slot % COLUMNS, slot // COLUMNS
    inner = min(layout.bleed, layout.gap / 2)  # toward a neighbour the bleed stops halfway across the gap
    left = layout.bleed if col == 0 else inner
    right = layout.bleed if col == COLUMNS - 1 else inner
    top = layout.bleed if row == 0 else inner
    bottom = layout.bleed if row == ROWS - 1 else inner
    canvas.saveState()
    try:
        path = canvas.beginPath()
        path.rect(x - left, y - bottom, CARD_WIDTH + left + right, CARD_HEIGHT + top + bottom)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.drawImage(
            str(image.path),
            x - layout.bleed,
            y - layout.bleed,
            CARD_WIDTH + 2 * layout.bleed,
            CARD_HEIGHT + 2 * layout.bleed,
            mask="auto" if image.format == "PNG" else None,
        )
    finally:
        canvas.restoreState()


def _cut_positions(layout: SheetLayout) -> tuple[list[float], list[float]]:
    """x of every vertical cut and y of every horizontal cut (card edges; shared edges once)."""
    xs: list[float] = []
    ys: list[float] = []
    for col in range(COLUMNS):
        x = layout.cells[col][0]
        xs.extend((x, x + CARD_WIDTH))
    for row in range(ROWS):
        y = layout.cells[row * COLUMNS][1]
        ys.extend((y, y + CARD_HEIGHT))
    return sorted(set(round(v, 4) for v in xs)), sorted(set(round(v, 4) for v in ys))


def _draw_cut_marks(canvas: Any, layout: SheetLayout, style: str) -> None:
    """Corner ticks in the margins at every card edge, or thin lines across the page along every edge."""
    if style == "none":
        return
    xs, ys = _cut_positions(layout)
    canvas.saveState()
    canvas.setLineWidth(0.3)
    canvas.setStrokeColor(Color(0, 0, 0) if style == "corners" else Color(0.55, 0.55, 0.55))
    if style == "lines":
        for x in xs:
            canvas.line(x, 0, x, layout.page_height)
        for y in ys:
            canvas.line(0, y, layout.page_width, y)
    else:
        left = layout.grid_left - layout.bleed - _TICK_OFFSET
        right = layout.grid_left + layout.grid_width + layout.bleed + _TICK_OFFSET
        bottom = layout.grid_bottom - layout.bleed - _TICK_OFFSET
        top = layout.grid_bottom + layout.grid_height + layout.bleed + _TICK_OFFSET
        for x in xs:
            canvas.line(x, top, x, min(layout.page_height, top + _TICK_LENGTH))
            canvas.line(x, bottom, x, max(0.0, bottom - _TICK_LENGTH))
        for y in ys:
            canvas.line(left, y, max(0.0, left - _TICK_LENGTH), y)
            canvas.line(right, y, min(layout.page_width, right + _TICK_LENGTH), y)
    canvas.restoreState()


@dataclass(frozen=True, slots=True)
class Footer:
    """Where a page's footer line is drawn: its text, font size, baseline and the box its glyphs can fill."""

    text: str
    font_size: float
    x: float
    baseline: float
    width: float
    bottom: float
    top: float


def _footer_room(layout: SheetLayout, cut_marks: str) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of the strip under the cards that no card, bleed or cut mark touches."""
    top = layout.grid_bottom - layout.bleed - FOOTER_CLEARANCE
    left, right = FOOTER_CLEARANCE, layout.page_width - FOOTER_CLEARANCE
    if cut_marks != "none":
        # Cut lines run the full page and corner ticks hang below every card edge: keep between two of them.
        xs, _ = _cut_positions(layout)
        middle = layout.page_width / 2
        left = max([0.0, *(x for x in xs if x <= middle)]) + FOOTER_CLEARANCE
        right = min([layout.page_width, *(x for x in xs if x > middle)]) - FOOTER_CLEARANCE
    return left, FOOTER_CLEARANCE, right, top


def footer_placement(layout: SheetLayout, cut_marks: str, texts: Sequence[str]) -> Footer | None:
    """The first text that fits under the cards, shrunk if need be; None when none fits (then none is drawn)."""
    register_fonts()
    left, bottom, right, top = _footer_room(layout, cut_marks)
    for text in texts:
        size = FOOTER_FONT_SIZE
        while size >= FOOTER_MIN_FONT_SIZE - 1e-9:
            ascent, descent = pdfmetrics.getAscentDescent(FONT, size)
            width = string_width(text, FONT, size)
            height = ascent - descent
            if width <= right - left and height <= top - bottom:
                # Centred under the middle column, at most 10 mm up so it stays near the page edge.
                box_bottom = max(bottom, min((bottom + top - height) / 2, 10 * MM))
                x = (left + right - width) / 2
                return Footer(text, size, x, box_bottom - descent, width, box_bottom, box_bottom + height)
            size -= 0.5
    return None


def _footer_texts(deck_name: str, page: int, pages: int) -> tuple[str, str]:
    """The footer, then a shorter one for narrow room."""
    return (
        say("PROXY_FOOTER", deck=deck_name, page=page, pages=pages),
        say("PROXY_FOOTER.short", page=page, pages=pages),
    )


def _draw_page_number(
    canvas: Any, layout: SheetLayout, cut_marks: str, deck_name: str, page: int, pages: int
) -> None:
    footer = footer_placement(layout, cut_marks, _footer_texts(deck_name, page, pages))
    if footer is None:
        return
    canvas.saveState()
    canvas.setFont(FONT, footer.font_size)
    canvas.setFillColor(Color(0.35, 0.35, 0.35))
    draw_string(canvas, footer.x, footer.baseline, footer.text, FONT, footer.font_size)
    canvas.restoreState()


@names_missing_glyphs
def write_proxies_pdf(
    deck: Deck,
    db: CardDatabase,
    out: Path | str,
    options: ProxyOptions | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    page_limit: int | None = None,
) -> ProxyReport:
    """Write proxy sheets for the deck (or a section, or some names) to `out`; whole file or nothing.

    `page_limit` writes only the first sheets (a preview; with duplex each sheet is a front and a back page);
    page numbers still count the whole export.
    """
    options = options or ProxyOptions()
    layout = sheet_layout(options)  # bad options fail before any file is touched
    register_fonts()
    report = ProxyReport()
    cards = plan_cards(deck, db, options, report.messages)
    if not cards:
        raise ValueError(say("PROXY_NOTHING") + "".join(f"; {m}" for m in report.messages))
    duplex = options.duplex != DUPLEX_NONE
    back = (
        resolve_back(db, options.back, options.back_file, _back_title(deck), report.messages)
        if duplex
        else None
    )
    per_page = COLUMNS * ROWS
    sides = 2 if duplex else 1
    pages = math.ceil(len(cards) / per_page) * sides
    report.total_pages = pages
    if (
        options.page_numbers
        and footer_placement(layout, options.cut_marks, _footer_texts(deck.name, pages, pages)) is None
    ):
        report.messages.append(say("PROXY_NO_PAGE_NUMBERS"))
    if page_limit is not None:
        cards = cards[: max(1, page_limit) * per_page]
    sheets = [cards[i : i + per_page] for i in range(0, len(cards), per_page)]
    drawer = _Drawer(layout, report, progress, cancel, sum(len(s) for s in sheets) * sides)
    with _binary_image_streams(), atomic_open(out) as handle:
        canvas = Canvas(handle, pagesize=(layout.page_width, layout.page_height), pageCompression=1)
        canvas.setTitle(say("PROXY_TITLE", deck=deck.name))
        canvas.setCreator("Rage Deckbuilder")
        for number, sheet in enumerate(sheets):
            for slot, (front, _back) in enumerate(sheet):
                drawer.face(canvas, slot, front)
            _finish_page(canvas, layout, options, deck.name, number * sides + 1, pages)
            if back is not None:
                canvas.saveState()
                apply_back_matrix(canvas, layout.page_width, layout.page_height, options.printer)
                for slot, (_front, own) in enumerate(sheet):
                    target = mirror_slot(slot, options.duplex, COLUMNS, ROWS)
                    drawer.back(canvas, target, own, back)
                _draw_cut_marks(canvas, layout, options.cut_marks)
                canvas.restoreState()
                _finish_page(canvas, layout, options, deck.name, number * sides + 2, pages, cut_marks=False)
        canvas.save()
    report.pages = len(sheets) * sides
    report.images_embedded = len(drawer.embedded)
    return report


def _back_title(deck: Deck) -> str:
    """The name on a plain card back: the deck's game."""
    game = game_of(deck)
    return game.title if game is not None else "Rage"


class _Drawer:
    """Draws faces and backs into cells, falling back to text proxies, and keeps the report's counts."""

    def __init__(
        self,
        layout: SheetLayout,
        report: ProxyReport,
        progress: Callable[[int, int], None] | None,
        cancel: Callable[[], bool] | None,
        total: int,
    ) -> None:
        self.layout = layout
        self.report = report
        self.progress = progress
        self.cancel = cancel
        self.total = total
        self.done = 0
        self.embedded: set[Path] = set()
        self.failed: set[Path] = set()

    def _step(self) -> None:
        if self.cancel is not None and self.cancel():
            raise ExportCancelled("proxy export cancelled; no file was written")

    def _ticked(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)

    def _image(self, canvas: Any, slot: int, image: CheckedImage, name: str) -> bool:
        if image.path in self.failed:
            return False
        try:
            _draw_image(canvas, self.layout, slot, image)
        # A file that changed or broke after it was checked falls back to a text proxy; keep going.
        except Exception as exc:
            self.failed.add(image.path)
            self.report.messages.append(
                say("PROXY_IMAGE_FAILED", name=name, image=image.path.name, reason=exc)
            )
            return False
        self.embedded.add(image.path)
        return True

    def face(self, canvas: Any, slot: int, face: ProxyFace) -> None:
        """One card face in a cell: its image, else a text proxy."""
        self._step()
        if face.image is None or not self._image(canvas, slot, face.image, face.name):
            x, y = self.layout.cells[slot]
            draw_text_proxy(
                canvas, x, y, CARD_WIDTH, CARD_HEIGHT, face.name, face.card, face.side, face.set_name
            )
            self.report.text_proxies += 1
        self.report.cards += 1
        self._ticked()

    def back(self, canvas: Any, slot: int, own: ProxyFace | None, back: CardBack) -> None:
        """The back of a card: its own second face, else the card back."""
        if own is not None:
            self.face(canvas, slot, own)
            return
        self._step()
        if back.image is None or not self._image(canvas, slot, back.image, gettext("card back")):
            x, y = self.layout.cells[slot]
            draw_plain_back(canvas, x, y, CARD_WIDTH, CARD_HEIGHT, back.title)
        self.report.backs += 1
        self._ticked()


def _finish_page(
    canvas: Any,
    layout: SheetLayout,
    options: ProxyOptions,
    deck_name: str,
    page: int,
    pages: int,
    cut_marks: bool = True,
) -> None:
    if cut_marks:
        _draw_cut_marks(canvas, layout, options.cut_marks)
    if options.page_numbers:
        _draw_page_number(canvas, layout, options.cut_marks, deck_name, page, pages)
    canvas.showPage()

"""Every deck of an event on the decklist sheet, in one PDF: file order, each deck from a new page, an unreadable
deck a page saying why (`ragedeck check DIR --print-all decklists.pdf`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Frame, PageBreak, PageTemplate, Paragraph, Spacer
from reportlab.platypus.doctemplate import BaseDocTemplate, LayoutError

from carddb.atomic import atomic_open
from carddb.db import CardDatabase
from deckbuilder.context import DeckContexts
from deckbuilder.deck import DEFAULT_GAME, Deck
from deckbuilder.event import Event, event_for, format_for_game
from deckbuilder.export.decklist import DecklistOptions, decklist_story, decklist_title
from deckbuilder.export.paper import MM, parse_paper
from deckbuilder.export.pdftext import (
    FONT,
    FONT_BOLD,
    draw_string,
    names_missing_glyphs,
    pdf_markup,
    register_fonts,
)
from deckbuilder.i18n import current_language, gettext, ngettext, render_text
from deckbuilder.i18n.numbers import format_number
from deckbuilder.legality.results import Report

# A decklist sheet lists each line of the deck and each result of its check. Past this many lines a deck (160,000
# unknown names in a 4.9 MB file) gets one page saying so and giving its verdict: the PDF stays bounded by the event,
# and laying it out costs what the check costs, never hours (a table split over thousands of pages is quadratic).
MAX_SHEET_LINES = 2_000

_TITLE = ParagraphStyle("pa-title", fontName=FONT_BOLD, fontSize=16, leading=19, spaceAfter=6)
_TEXT = ParagraphStyle("pa-text", fontName=FONT, fontSize=10, leading=13, spaceAfter=4)
_HEADING = ParagraphStyle("pa-heading", fontName=FONT_BOLD, fontSize=11.5, leading=14, spaceAfter=3)


@dataclass
class PrintAllReport:
    """What the export has to tell the organiser: pages written, decks printed and unread, undrawable text."""

    pages: int = 0
    decks: int = 0
    unreadable: int = 0
    messages: list[str] = field(default_factory=list)


class _DeckStart(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """Invisible mark where a deck begins: the footer of each later page names that deck and counts its pages."""

    def __init__(self, state: dict[str, Any], footer: str) -> None:
        super().__init__()
        self.state = state
        self.footer = footer

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.state.update(footer=self.footer, first=self.canv.getPageNumber())


def judge(deck: Deck, contexts: DeckContexts, event: Event | None) -> Report:
    """The deck checked as the event asks (its format and Renown level), by its own game's rules and cards (the
    run's DeckContexts: each game and its pool read once for every deck)."""
    game = contexts.installed(deck.game) or contexts.game(DEFAULT_GAME)
    if event is None:
        return contexts.of(deck, None, None, game).check(deck)
    return contexts.of(deck, format_for_game(event, game.name), event.settings_for(game), game).check(deck)


def _deck_pages(
    path: Path,
    contexts: DeckContexts,
    event: Event | None,
    width: float,
    lang: str,
    state: dict[str, Any],
) -> tuple[list[Any], bool]:
    """One deck's flowables (its decklist, or the page saying why it cannot be read) and whether it was read."""
    from deckbuilder.deckfiles import DeckFileError, read_deck
    from deckbuilder.report import player_from_path

    try:
        loaded = read_deck(path, pool=contexts)
    except (DeckFileError, OSError, ValueError) as exc:
        reason = exc.reason if isinstance(exc, DeckFileError) else getattr(exc, "strerror", None) or str(exc)
        return _unreadable_page(path, render_text(reason, lang), lang, state), False
    deck = loaded.deck
    options = DecklistOptions(
        player=player_from_path(path),
        event=event.name if event else "",
        event_date=event.date if event else "",
        report=judge(deck, contexts, event),
        lang=lang,
    )
    assert options.report is not None
    lines = len(deck.entries) + len(deck.starting) + len(options.report.results)
    if lines > MAX_SHEET_LINES:
        return _too_long_page(path, deck, options.report, lines, lang, state), True
    footer = f"{deck.name} · {decklist_title(deck, lang)} · {path.name}"
    return [
        _DeckStart(state, footer),
        *decklist_story(deck, contexts.db, options, width),
        *_guesses(deck, options, path, lang),
    ], True


def _guesses(deck: Deck, options: DecklistOptions, path: Path, lang: str) -> list[Any]:
    """The lines read only by a guess, under the sheet: what the organiser asks the player about at registration."""
    from deckbuilder.guesses import guessed_lines

    found = guessed_lines(deck, options.report, path)
    if not found:
        return []
    return [
        Spacer(1, 6),
        Paragraph(pdf_markup(gettext("Read by a guess", lang)), _HEADING),
        *(Paragraph(pdf_markup(g.text(lang)), _TEXT) for g in found),
    ]


def _unreadable_page(path: Path, reason: str, lang: str, state: dict[str, Any]) -> list[Any]:
    from deckbuilder.report import player_from_path

    return [
        _DeckStart(state, path.name),
        Paragraph(pdf_markup(gettext("Deck file not read", lang)), _TITLE),
        Paragraph(pdf_markup(gettext("Player: {player}", lang).format(player=player_from_path(path))), _TEXT),
        Paragraph(pdf_markup(gettext("File: {path}", lang).format(path=path)), _TEXT),
        Paragraph(pdf_markup(gettext("Why: {reason}", lang).format(reason=reason)), _TEXT),
        Spacer(1, 6),
        Paragraph(pdf_markup(gettext("Ask the player for a deck file that can be read.", lang)), _TEXT),
    ]


def _too_long_page(
    path: Path, deck: Deck, report: Report, lines: int, lang: str, state: dict[str, Any]
) -> list[Any]:
    """One page for a deck whose sheet would run past MAX_SHEET_LINES: who, which file, its verdict, what to do."""
    from deckbuilder.games.loader import checked_format_title
    from deckbuilder.report import player_from_path

    word = gettext("LEGAL", lang) if report.is_legal else gettext("NOT LEGAL", lang)
    verdict = gettext("{verdict} in format {format}", lang).format(
        verdict=word, format=checked_format_title(report, lang)
    )
    if not report.is_legal:
        count = len(report.errors)
        verdict += " · " + ngettext("{count} error", "{count} errors", count, lang).format(
            count=format_number(count, lang=lang)
        )
    said = gettext(
        "Its sheet would run to {lines} lines (cards and check results): more than a decklist sheet holds "
        "({most}).",
        lang,
    ).format(lines=format_number(lines, lang=lang), most=format_number(MAX_SHEET_LINES, lang=lang))
    return [
        _DeckStart(state, f"{deck.name} · {path.name}"),
        Paragraph(pdf_markup(gettext("Decklist too long to print", lang)), _TITLE),
        Paragraph(pdf_markup(gettext("Player: {player}", lang).format(player=player_from_path(path))), _TEXT),
        Paragraph(pdf_markup(gettext("Deck: {name}", lang).format(name=deck.name[:200])), _TEXT),
        Paragraph(pdf_markup(gettext("File: {path}", lang).format(path=path)), _TEXT),
        Paragraph(pdf_markup(verdict), _HEADING),
        Paragraph(pdf_markup(said), _TEXT),
        Spacer(1, 6),
        Paragraph(
            pdf_markup(
                gettext("Every result of its check: ragedeck check {file}", lang).format(file=path.name)
            ),
            _TEXT,
        ),
    ]


def _footer(state: dict[str, Any], lang: str) -> Callable[[Any, Any], None]:
    page_word = gettext("page {number} of this deck", lang)

    def draw(canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFillColor(colors.grey)
        y = doc.bottomMargin / 2
        draw_string(canvas, doc.leftMargin, y, str(state.get("footer", ""))[:150], FONT, 7.5)
        number = canvas.getPageNumber() - int(state.get("first", 1)) + 1
        canvas.setFont(FONT, 7.5)
        canvas.drawRightString(doc.pagesize[0] - doc.rightMargin, y, page_word.format(number=number))
        canvas.restoreState()

    return draw


@names_missing_glyphs
def write_event_decklists(
    paths: Sequence[Path],
    db: CardDatabase,
    out: Path | str,
    events: Mapping[Path, Event] | None = None,
    event: Event | None = None,
    paper: str = "a4",
    lang: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> PrintAllReport:
    """Write every deck's decklist into one PDF (whole or nothing); `event` (over each folder's) judges them.

    `progress(done, total)` counts the decks read and checked, then the PDF written; `cancel()` is asked before
    each deck and before the file is opened (ExportCancelled: nothing written).
    """
    pagesize = parse_paper(paper)
    register_fonts()
    lang = lang or current_language()
    margin = 14 * MM
    width = pagesize[0] - 2 * margin
    report = PrintAllReport()
    parts: list[tuple[Path, list[Any]]] = []
    state: dict[str, Any] = {}
    total = len(paths) + 1  # each deck, then laying out and writing the PDF
    contexts = DeckContexts(db)
    for done, path in enumerate(paths):
        _step(done, total, progress, cancel)
        own = event_for(path, events or {})
        chosen = event.over(own) if event is not None else own
        flowables, read = _deck_pages(path, contexts, chosen, width, lang, state)
        parts.append((path, flowables))
        report.decks += read
        report.unreadable += not read
    _step(len(paths), total, progress, cancel)
    with atomic_open(out) as handle:
        doc = BaseDocTemplate(
            handle,
            pagesize=pagesize,
            leftMargin=margin,
            rightMargin=margin,
            topMargin=margin,
            bottomMargin=margin,
            title=gettext("Decklists", lang),
            creator="Rage Deckbuilder",
        )
        frame = Frame(margin, margin, width, pagesize[1] - 2 * margin, id="page")
        doc.addPageTemplates([PageTemplate(id="deck", frames=[frame], onPageEnd=_footer(state, lang))])
        try:
            doc.build(_joined(parts))
        except LayoutError:
            # One deck cannot be laid out (a name of thousands of words): it gets a page saying so, the rest print.
            for index, (path, flowables) in enumerate(parts):
                if not _fits(flowables, doc, frame):
                    reason = gettext(
                        "the decklist does not fit on the page; shorten the deck name or notes", lang
                    )
                    parts[index] = (path, _unreadable_page(path, reason, lang, state))
            doc.build(_joined(parts))
        report.pages = doc.page
    if progress is not None:
        progress(total, total)
    return report


def write_folder_decklists(
    folder: Path,
    db: CardDatabase,
    out: Path | str,
    paper: str = "a4",
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> PrintAllReport:
    """`check FOLDER --print-all OUT` for the window: the folder's deck files and event.json, as the CLI walks them.

    A folder without deck files writes nothing (a report of no decks); an unusable event.json raises EventError.
    """
    from deckbuilder.event import events_of
    from deckbuilder.report import deck_files

    paths, notes = deck_files([folder])
    if not paths:
        return PrintAllReport(messages=notes)
    written = write_event_decklists(
        paths, db, out, events_of([folder]), paper=paper, progress=progress, cancel=cancel
    )
    written.messages[:0] = notes
    return written


def _step(
    done: int, total: int, progress: Callable[[int, int], None] | None, cancel: Callable[[], bool] | None
) -> None:
    """Report how far the export is, and stop it (nothing written yet) when the player cancelled."""
    if cancel is not None and cancel():
        from deckbuilder.export import ExportCancelled

        raise ExportCancelled
    if progress is not None:
        progress(done, total)


def _joined(parts: list[tuple[Path, list[Any]]]) -> list[Any]:
    story: list[Any] = []
    for index, (_path, flowables) in enumerate(parts):
        if index:
            story.append(PageBreak())
        story.extend(flowables)
    return story


def _fits(flowables: list[Any], doc: BaseDocTemplate, frame: Frame) -> bool:
    """Whether every flowable of one deck fits a page (split where it may)."""
    import copy

    for flowable in flowables:
        piece = copy.copy(flowable)
        _w, height = piece.wrap(frame._width, frame._height)
        if height > frame._height and not piece.split(frame._width, frame._height):
            return False
    return True

"""PDF decklist: a tournament registration sheet with real (searchable) text."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.doctemplate import LayoutError

from carddb.atomic import atomic_open
from carddb.db import CardDatabase
from deckbuilder.deck import DEFAULT_GAME, Deck, DeckEntry
from deckbuilder.export.paper import MM, parse_paper
from deckbuilder.export.pdftext import (
    FONT,
    FONT_BOLD,
    draw_string,
    names_missing_glyphs,
    pdf_markup,
    register_fonts,
)
from deckbuilder.fingerprint import deck_fingerprint
from deckbuilder.games.cards import field_text
from deckbuilder.games.description import Game, Pile
from deckbuilder.games.engines import ENGINES
from deckbuilder.games.figures import FigureValue, figure_line, settings_line
from deckbuilder.games.loader import checked_format_title, load_game
from deckbuilder.games.piles import UNPLACED_ID, game_of, grouped_by_pile
from deckbuilder.i18n import N_, current_language, gettext, ngettext, render
from deckbuilder.legality.results import Report, Severity

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class _Listed(Protocol):
    """What the card lists read of a card of any game."""

    @property
    def name(self) -> str: ...

    @property
    def type(self) -> str: ...


class _Lookup(Protocol):
    """Any game's cards, looked up by name."""

    def lookup(self, name: str) -> _Listed | None: ...


@dataclass
class DecklistOptions:
    """Paper and the event fields a tournament sheet asks for; report=None runs the legality check."""

    paper: str = "a4"
    player: str = ""
    event: str = ""
    event_date: str = ""
    report: Report | None = None
    lang: str | None = None  # language of the sheet's own words (None: the current language)
    context: Any = None  # the deck's context (deckbuilder.context.DeckContext) when the caller has it


_TITLE = ParagraphStyle("dl-title", fontName=FONT_BOLD, fontSize=16, leading=19, spaceAfter=2)
_SUBTITLE = ParagraphStyle("dl-subtitle", fontName=FONT, fontSize=9, leading=11, textColor=colors.grey)
_H2 = ParagraphStyle("dl-h2", fontName=FONT_BOLD, fontSize=11.5, leading=14, spaceBefore=8, spaceAfter=3)
_H3 = ParagraphStyle("dl-h3", fontName=FONT_BOLD, fontSize=8.5, leading=10.5, spaceBefore=3)
_CELL = ParagraphStyle("dl-cell", fontName=FONT, fontSize=8.5, leading=10.5)
_CELL_BOLD = ParagraphStyle("dl-cell-bold", parent=_CELL, fontName=FONT_BOLD)
_SMALL = ParagraphStyle("dl-small", fontName=FONT, fontSize=8, leading=10)
_VERDICT = ParagraphStyle("dl-verdict", fontName=FONT_BOLD, fontSize=11, leading=14)

_SEVERITY_LABEL = {Severity.ERROR: N_("Error"), Severity.WARNING: N_("Warning"), Severity.INFO: N_("Note")}
_GRID = colors.Color(0.75, 0.75, 0.75)
_SHADE = colors.Color(0.93, 0.93, 0.93)
_LEGAL = colors.Color(0.12, 0.45, 0.18)
_ILLEGAL = colors.Color(0.7, 0.1, 0.1)


def _p(text: str, style: ParagraphStyle = _CELL) -> Paragraph:
    return Paragraph(pdf_markup(text), style)


def _field_table(rows: Sequence[tuple[str, str, str, str]], width: float) -> Table:
    data = [[_p(a, _CELL_BOLD), _p(b), _p(c, _CELL_BOLD), _p(d)] for a, b, c, d in rows]
    table = Table(data, colWidths=[width * 0.14, width * 0.36, width * 0.16, width * 0.34])
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.5, _GRID),
                ("BACKGROUND", (0, 0), (0, -1), _SHADE),
                ("BACKGROUND", (2, 0), (2, -1), _SHADE),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return table


def _verdict(report: Report, game: Game, data_date: str | None, width: float, lang: str) -> list[Any]:
    """The verdict stamp: format, the settings chosen, the header figures, and the card data it was checked on."""
    legal = report.is_legal
    colour = _LEGAL if legal else _ILLEGAL
    word = gettext("LEGAL", lang) if legal else gettext("NOT LEGAL", lang)
    stamp = gettext("{verdict} in format {format}", lang).format(
        verdict=word, format=checked_format_title(report, lang)
    )
    chosen = settings_line(game, dict(report.settings), lang)
    if chosen:
        stamp = gettext("{stamp} at {settings}", lang).format(stamp=stamp, settings=chosen)
    figures = figure_line(ENGINES[game.engine].figure_values(report, game), lang)
    if figures:
        stamp += f" · {figures}"
    if data_date is not None:  # a card database's cards: the date of the data they were checked against
        date = data_date or gettext("unknown date", lang)
        stamp += " · " + gettext("checked against card data of {date}", lang).format(date=date)
    style = ParagraphStyle("dl-verdict-c", parent=_VERDICT, textColor=colour)
    box = Table([[_p(stamp, style)]], colWidths=[width])
    box.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 1.2, colour),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
            ]
        )
    )
    flow: list[Any] = [Spacer(1, 6), box, Spacer(1, 3)]
    for result in report.results:
        label = gettext(_SEVERITY_LABEL.get(result.severity, str(result.severity)), lang)
        flow.append(_p(f"{label} [{result.code}]: {render(result, lang)}", _SMALL))
    if not report.results:
        flow.append(_p(gettext("No errors, warnings or notes.", lang), _SMALL))
    return flow


def _sheet_table(
    pile: Pile,
    label: str,
    entries: list[DeckEntry],
    pool: Any,
    game: Game,
    values: Sequence[FigureValue],
    width: float,
    lang: str,
) -> list[Any]:
    """A pile whose game.json gives a `sheet`: a table of those fields (a number's total over copies beside it),
    closed by the pile's own header figures."""
    fields = [game.field_named(name) for name in pile.sheet]
    headings = [gettext("Qty", lang), gettext(game.field_label("name"), lang)]
    for field_name, found in zip(pile.sheet, fields, strict=True):
        headings.append(gettext(game.field_label(field_name), lang))
        if found is not None and found.kind == "number":
            headings.append(gettext("Total", lang))
    rows: list[list[Any]] = [[_p(h, _CELL_BOLD) for h in headings]]
    for entry in entries:
        card = pool.lookup(entry.name)
        cells = [_p(str(entry.count)), _p(card.name if card is not None else entry.name)]
        for index, (field_name, found) in enumerate(zip(pile.sheet, fields, strict=True)):
            text = field_text(card, field_name) if card is not None else ""
            if card is None and index == 0:
                text = gettext("unknown card", lang)
            cells.append(_p(text))
            if found is not None and found.kind == "number":
                cells.append(_p(str(int(text) * entry.count) if text.lstrip("-").isdigit() else ""))
        rows.append(cells)
    total = sum(e.count for e in entries if _known(pool.lookup(e.name)))
    summary = figure_line([v for v in values if v.figure.pile == pile.id], lang)
    rows.append([_p(str(total), _CELL_BOLD), _p(summary, _CELL_BOLD), *[""] * (len(headings) - 2)])
    extra = len(headings) - 2
    share = min(0.14, 0.6 / extra) if extra else 0
    table = Table(
        rows, colWidths=[width * f for f in (0.07, 0.93 - share * extra, *[share] * extra)], repeatRows=1
    )
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.5, _GRID),
                ("BACKGROUND", (0, 0), (-1, 0), _SHADE),
                ("BACKGROUND", (0, -1), (-1, -1), _SHADE),
                ("SPAN", (1, -1), (-1, -1)),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    unknown = sum(e.count for e in entries) - total
    return [_p(_pile_heading(label, total, unknown, lang), _H2), table]


def _known(card: Any) -> bool:
    """Whether the check counts a card in its pile: one in the card data (a retired card is no longer there)."""
    return card is not None and not getattr(card, "retired", False)


def _pile_heading(title: str, total: int, unknown: int, lang: str) -> str:
    """`Sept (27 cards)`: the copies the check counts in the pile. A card not in the card data has no Type, so it is
    listed where the file wrote it but counted in no pile (DECK-RULES §1), as the check's totals do."""
    heading = ngettext("{title} ({count} card)", "{title} ({count} cards)", total, lang).format(
        title=gettext(title, lang), count=total
    )
    if unknown:
        heading += " · " + ngettext(
            "{count} card not in the card database, not counted",
            "{count} cards not in the card database, not counted",
            unknown,
            lang,
        ).format(count=unknown)
    return heading


def _type_label(entry: DeckEntry, db: _Lookup, lang: str) -> str:
    card = db.lookup(entry.name)
    if card is None:
        return gettext("Unknown cards", lang)
    return card.type.strip() or gettext("No type", lang)


def _grouped_list(
    title: str, entries: list[DeckEntry], db: _Lookup, width: float, lang: str, pile: bool = True
) -> list[Any]:
    """A section's cards grouped by card type, in two balanced columns, with counts and totals.

    `pile`: the section is a pile of the game, whose count is the check's (cards not in the card data apart)."""
    every = sum(e.count for e in entries)
    total = sum(e.count for e in entries if _known(db.lookup(e.name))) if pile else every
    heading = _p(_pile_heading(title, total, every - total, lang), _H2)
    if not entries:
        return [heading, _p(gettext("(none)", lang))]
    groups: dict[str, list[DeckEntry]] = {}
    for entry in entries:
        groups.setdefault(_type_label(entry, db, lang), []).append(entry)
    # Lines of the list: (count cell, text cell, is a type heading).
    lines: list[tuple[str, str, bool]] = []
    for type_label in sorted(groups, key=str.casefold):
        members = sorted(groups[type_label], key=lambda e: _display_name(e, db).casefold())
        lines.append(("", f"{type_label} ({sum(e.count for e in members)})", True))
        lines.extend((str(e.count), _display_name(e, db), False) for e in members)
    half = (len(lines) + 1) // 2
    if lines[half - 1][2]:  # never leave a type heading alone at the bottom of the left column
        half -= 1
    left, right = lines[:half], lines[half:]
    if right and not right[0][2]:
        # A type group split between the columns gets its heading repeated on the right.
        current = next(text for _, text, is_heading in reversed(left) if is_heading)
        right.insert(0, ("", gettext("{group} continued", lang).format(group=current), True))
    rows: list[list[Any]] = []
    styles: list[tuple[Any, ...]] = [
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("ALIGN", (3, 0), (3, -1), "RIGHT"),
    ]
    for index in range(max(len(left), len(right))):
        row: list[Any] = []
        for column, side in ((0, left), (3, right)):
            if index < len(side):
                count, text, is_heading = side[index]
                if is_heading:
                    # A spanned cell shows only its first cell's content.
                    row.extend([_p(text, _H3), ""])
                    styles.append(("SPAN", (column, index), (column + 1, index)))
                    styles.append(("BACKGROUND", (column, index), (column + 1, index), _SHADE))
                    styles.append(("ALIGN", (column, index), (column, index), "LEFT"))
                else:
                    row.extend([_p(count), _p(text)])
            else:
                row.extend(["", ""])
            if column == 0:
                row.append("")
        rows.append(row)
    count_w = 9 * MM
    gutter = 6 * MM
    name_w = (width - gutter - 2 * count_w) / 2
    table = Table(rows, colWidths=[count_w, name_w, gutter, count_w, name_w])
    table.setStyle(TableStyle(styles))
    return [heading, table]


def _display_name(entry: DeckEntry, db: _Lookup) -> str:
    card = db.lookup(entry.name)
    return card.name if card is not None else entry.name


def decklist_title(deck: Deck, lang: str) -> str:
    """The sheet's title: the deck's game's ("Rage decklist", "Lithic Rage decklist")."""
    return gettext("{game} decklist", lang).format(game=_game(deck).title)


def _game(deck: Deck) -> Game:
    """The deck's game; the default game's layout for a deck of a game that is not installed."""
    return game_of(deck) or load_game(DEFAULT_GAME)


def _on_page(deck_name: str, lang: str, title: str) -> Any:
    page = gettext("page {number}", lang)

    def draw(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(colors.grey)
        draw_string(canvas, doc.leftMargin, doc.bottomMargin / 2, f"{deck_name} · {title}", FONT, 7.5)
        canvas.drawRightString(
            doc.pagesize[0] - doc.rightMargin, doc.bottomMargin / 2, page.format(number=doc.page)
        )
        canvas.restoreState()

    return draw


def decklist_story(deck: Deck, db: CardDatabase, options: DecklistOptions, width: float) -> list[Any]:
    """The flowables of the decklist (exposed so the layout can be checked without writing a file).

    Every game's sheet is laid out from its game.json: the event fields and the settings chosen, the verdict with
    the header figures, then each pile (as a table of its `sheet` fields, else by Type in two columns).
    """
    from deckbuilder.context import DeckContexts

    context = options.context
    if context is None or context.game.name != deck.game:
        # Its game's own cards (Rage's: the database itself), else its imported or shipped set.
        contexts = DeckContexts(db)
        context = contexts.of(deck, game=_game(deck))
    game, pool, engine = context.game, context.pool, context.engine
    lang = options.lang or current_language()

    def t(text: str) -> str:
        return gettext(text, lang)

    report = options.report if options.report is not None and options.report.game == game.name else None
    if report is None:
        report = context.check(deck)
    # A card database's cards (Rage's) carry the date of the data they were imported from.
    data_date = db.data_date() if engine.card_database else None
    settings = dict(report.settings)
    pairs = [
        (t("Player"), options.player),
        (t("Event"), options.event),
        (t("Deck"), deck.name),
        (t("Event date"), options.event_date),
        (t("Game"), game.title),
        (t("Format"), checked_format_title(report, lang)),
        (t("Printed"), dt.date.today().isoformat()),
        # The settings the player chose (Rage's Renown level), in the wider right-hand label column.
        *(
            (t(s.label), "?" if settings.get(s.id) is None else str(settings.get(s.id)))
            for s in game.settings
            if not s.pile
        ),
        *(((t("Card data"), data_date or t("unknown")),) if data_date is not None else ()),
        (t("Fingerprint"), deck_fingerprint(deck, pool).code),
    ]
    if len(pairs) % 2:
        pairs.append(("", ""))
    fields = [(*pairs[i], *pairs[i + 1]) for i in range(0, len(pairs), 2)]
    story: list[Any] = [
        _p(decklist_title(deck, lang), _TITLE),
        _p(deck.name, _SUBTITLE),
        Spacer(1, 4),
        _field_table(fields, width),
        *_verdict(report, game, data_date, width, lang),
    ]
    values = engine.figure_values(report, game)
    piles = {pile.id: pile for pile in game.piles}
    for pile_id, label, entries in grouped_by_pile(deck, game, pool):
        pile = piles.get(pile_id)
        if pile is not None and pile.sheet:
            story.extend(_sheet_table(pile, label, entries, pool, game, values, width, lang))
        elif pile_id == UNPLACED_ID:
            if entries:  # the cards no pile takes (unknown, or a Type no pile lists)
                story.extend(_grouped_list(N_("Section unknown"), entries, pool, width, lang, pile=False))
        elif entries or not pile or pile.types:  # an empty starting list is left out
            story.extend(_grouped_list(label, entries, pool, width, lang))
    if deck.notes.strip():
        story.extend([_p(t("Notes"), _H2), _p(deck.notes.strip())])
    return story


# The sheet's header fields are one line each on paper; far longer text cannot be laid out on a page at all.
MAX_FIELD_CHARS = 200


def _check_fields(options: DecklistOptions) -> None:
    """Refuse a player, event or date too long for the sheet's header (before any file is touched)."""
    fields = (
        (N_("player"), options.player),
        (N_("event"), options.event),
        (N_("event date"), options.event_date),
    )
    for option, value in fields:
        if len(value) > MAX_FIELD_CHARS:
            raise ValueError(
                gettext(
                    "the {field} is too long for a decklist ({length} characters; at most {most})"
                ).format(field=gettext(option), length=f"{len(value):,}", most=MAX_FIELD_CHARS)
            )


@dataclass
class DecklistReport:
    """What the decklist export has to tell the player (characters it could not draw)."""

    messages: list[str] = field(default_factory=list)


@names_missing_glyphs
def write_decklist_pdf(
    deck: Deck, db: CardDatabase, out: Path | str, options: DecklistOptions | None = None
) -> DecklistReport:
    """Write the decklist PDF to `out` (whole file or nothing); ValueError for a bad paper size or overlong field."""
    options = options or DecklistOptions()
    pagesize = parse_paper(options.paper)
    _check_fields(options)
    register_fonts()
    margin = 14 * MM
    width = pagesize[0] - 2 * margin
    story = decklist_story(deck, db, options, width)
    with atomic_open(out) as handle:
        doc = SimpleDocTemplate(
            handle,
            pagesize=pagesize,
            leftMargin=margin,
            rightMargin=margin,
            topMargin=margin,
            bottomMargin=margin,
            title=f"{deck.name} — {decklist_title(deck, options.lang or current_language())}",
            author=options.player or "",
            creator="Rage Deckbuilder",
        )
        lang = options.lang or current_language()
        on_page = _on_page(deck.name, lang, decklist_title(deck, lang))
        try:
            doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
        except LayoutError as exc:  # a cell taller than a page (a deck name of thousands of words)
            raise ValueError(
                gettext("the decklist does not fit on the page; shorten the deck name or notes")
            ) from exc
    return DecklistReport()

"""A card drawn as text (name, type, stats, requirements, text, errata) in a card-sized box."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, black
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Frame, KeepInFrame, Paragraph

from carddb.model import CardInfo
from deckbuilder.deck import DEFAULT_GAME
from deckbuilder.export.paper import MM
from deckbuilder.export.pdftext import FONT, FONT_BOLD, FONT_OBLIQUE, pdf_markup, register_fonts
from deckbuilder.i18n import N_, gettext

BREED_SIDE = "breed"
CRINOS_SIDE = "crinos"

_GREY = Color(0.45, 0.45, 0.45)
_NAME = ParagraphStyle("proxy-name", fontName=FONT_BOLD, fontSize=10, leading=12)
_TYPE = ParagraphStyle("proxy-type", fontName=FONT_OBLIQUE, fontSize=7.5, leading=9)
_STATS = ParagraphStyle("proxy-stats", fontName=FONT_BOLD, fontSize=7.5, leading=9, spaceBefore=2)
_BODY = ParagraphStyle("proxy-body", fontName=FONT, fontSize=7.5, leading=9, spaceBefore=3)
_ERRATA = ParagraphStyle("proxy-errata", parent=_BODY, fontName=FONT_OBLIQUE)
_FOOT = ParagraphStyle("proxy-foot", fontName=FONT, fontSize=6, leading=7, textColor=_GREY)

_SIDE_LABELS = {BREED_SIDE: N_("{name} (breed side)"), CRINOS_SIDE: N_("{name} (Crinos side)")}


def _numbers(side: str) -> list[tuple[str, str]]:
    """Rage's number fields a face shows, with their labels, from its game description (every face when "")."""
    from deckbuilder.games.loader import shipped_game

    fields = shipped_game(DEFAULT_GAME).fields
    return [(f.name, f.label) for f in fields if f.kind == "number" and (not side or f.side in ("", side))]


def stats_text(card: CardInfo, side: str = "", lang: str | None = None) -> str:
    """The card's numbers as one line, e.g. "Renown 3 · Rage 4"; a side limits it to that side's numbers."""
    parts = [
        f"{gettext(label, lang)} {getattr(card, attr)}"
        for attr, label in _numbers(side)
        if getattr(card, attr) is not None
    ]
    return " · ".join(parts)


def _para(text: str, style: ParagraphStyle) -> Paragraph:
    # Card text is data, not markup: escape it and keep its line breaks.
    return Paragraph(pdf_markup(text).replace("\n", "<br/>"), style)


def text_proxy_story(
    name: str, card: CardInfo | None, side: str = "", set_name: str | None = None, lang: str | None = None
) -> tuple[list[Any], list[Any]]:
    """Flowables of a text proxy in a language (the current one by default): (header, body)."""
    shown = card.name if card else name
    header: list[Any] = [
        _para(gettext(_SIDE_LABELS[side], lang).format(name=shown) if side else shown, _NAME)
    ]
    if card is None:
        header.append(_para(gettext("Unknown card: not in the card database", lang), _TYPE))
        return header, []
    if card.type:
        header.append(_para(card.type, _TYPE))
    stats = stats_text(card, side, lang)
    if stats:
        header.append(_para(stats, _STATS))
    body: list[Any] = []
    if card.requires:
        body.append(_para(gettext("Requires: {requires}", lang).format(requires=card.requires), _BODY))
    if card.keywords_field:
        body.append(_para(gettext("Keywords: {keywords}", lang).format(keywords=card.keywords_field), _BODY))
    if card.text:
        body.append(_para(card.text, _BODY))
    if card.errata:
        body.append(_para(gettext("Errata: {errata}", lang).format(errata=card.errata), _ERRATA))
    footer = gettext("Proxy", lang) + (f" · {set_name}" if set_name else "")
    body.append(_para(footer, _FOOT))
    return header, body


def draw_text_proxy(
    canvas: Any,
    x: float,
    y: float,
    width: float,
    height: float,
    name: str,
    card: CardInfo | None,
    side: str = "",
    set_name: str | None = None,
) -> None:
    """Draw a text proxy with its lower-left corner at (x, y); long text shrinks to fit the card."""
    register_fonts()
    canvas.saveState()
    canvas.setFillColor(Color(1, 1, 1))
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.8)
    canvas.roundRect(x, y, width, height, 3 * MM, stroke=1, fill=1)
    canvas.restoreState()
    pad = 3 * MM
    inner_w = width - 2 * pad
    inner_h = height - 2 * pad
    header, body = text_proxy_story(name, card, side, set_name)
    header_limit = inner_h * 0.4
    header_box = KeepInFrame(inner_w, header_limit, header, mode="shrink")
    _, used = header_box.wrapOn(canvas, inner_w, header_limit)
    used = min(used, header_limit)
    Frame(x + pad, y + pad, inner_w, inner_h, 0, 0, 0, 0).addFromList([header_box], canvas)
    if not body:
        return
    rule_gap = 2 * MM
    rule_y = y + height - pad - used - rule_gap / 2
    canvas.saveState()
    canvas.setStrokeColor(_GREY)
    canvas.setLineWidth(0.4)
    canvas.line(x + pad, rule_y, x + width - pad, rule_y)
    canvas.restoreState()
    body_h = inner_h - used - rule_gap
    body_box = KeepInFrame(inner_w, body_h, body, mode="shrink")
    Frame(x + pad, y + pad, inner_w, body_h, 0, 0, 0, 0).addFromList([body_box], canvas)

"""LackeyCCG .dek decks: XML with one `<card>` per physical copy inside named `<superzone>`s."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from carddb.messages import message
from deckbuilder.deck import CardPool, Deck, DeckEntry
from deckbuilder.deckfiles.common import (
    KIND_DEK,
    MAX_NAME_CHARS,
    DeckFileError,
    LoadedDeck,
    check_text_is_deck_like,
    find_unknown,
    has_control_chars,
    unread_part,
)
from deckbuilder.games.piles import game_of, known_game, layout_of

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET  # imported where used: only a .dek needs the XML libraries

    from carddb.cardtypes import Section

DEK_VERSION = "0.8"
GAME_ID = "rage"
# The declaration names an encoding that no longer applies once the file is decoded; blank it out
# (same length, so parser line/column numbers still point at the file).
_XML_DECLARATION = re.compile(r"\A\s*<\?xml[^>]*\?>")
# Characters XML 1.0 cannot hold at all; dropped on write so Lackey can always open the file.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def deck_from_dek(
    text: str,
    pool: CardPool | None = None,
    source: str = "<dek>",
    zone_labels: dict[str, str] | None = None,
    *,
    game: str | None = None,
) -> LoadedDeck:
    """Read a Lackey .dek: copies of the same card and set merge into one entry; zones become hints."""
    text = check_text_is_deck_like(text, source)
    if not text.strip():
        raise DeckFileError(message("DECKFILE_EMPTY", source=source))
    root = _parse_xml(text, source)
    if root.tag != "deck":
        raise DeckFileError(message("DECKFILE_NOT_DEK", source=source, tag=f"{root.tag:.40}"))
    deck = Deck()
    problems: list[str] = []
    named_game = game.strip() if game is not None else (root.findtext("meta/game") or "").strip()
    installed = known_game(named_game) if named_game else None
    if installed is not None:
        deck.game = installed
    layout = layout_of(game_of(deck), zone_labels)  # what each zone's label means for the deck's game
    # (name, set, starting) -> its copies, in the order first met, and the zone hint of its first copy.
    copies: dict[tuple[str, str | None, bool], int] = {}
    hints: dict[tuple[str, str | None, bool], Section | None] = {}
    title = root.findtext("meta/title")
    if title and title.strip() and not has_control_chars(title):
        deck.name = title.strip()
    for zone in root:
        if zone.tag != "superzone":
            # Cards outside any zone cannot be placed or trusted: say so instead of dropping them silently.
            for position, card in enumerate(zone.iter("card"), start=1):
                reason = message("DECKFILE_CARD_OUTSIDE_ZONE", tag=f"{zone.tag:.40}")
                problems.append(message("DECKFILE_SKIPPED", where=source, reason=reason))
                deck.unread.append(
                    unread_part(
                        source, None, _element_text(card), reason, f"<{zone.tag:.40}> card {position}"
                    )
                )
            continue
        label = zone.get("name", "")
        placement = layout.place(label)
        hint, starting = placement.hint, placement.starting
        if not placement.known and zone.find(".//card") is not None:
            reason = message("DECKFILE_UNKNOWN_ZONE", label=label[:40])
            problems.append(message("DECKFILE_AT", where=source, reason=reason))
            deck.unread.append(
                unread_part(source, None, f"<superzone name={quoteattr(label)}>", reason, "zones")
            )
        for position, card in enumerate(zone.iter("card"), start=1):
            name = (card.findtext("name") or "").strip()
            if not name or len(name) > MAX_NAME_CHARS or has_control_chars(name):
                # Where it was, made only for a card that is skipped.
                where = message("DECKFILE_DEK_CARD", zone=label[:40], position=position)
                _skip_card(deck, problems, source, card, where, named=bool(name))
                continue
            set_text = (card.findtext("set") or "").strip()
            set_name = set_text if set_text and not has_control_chars(set_text) else None
            key = (name, set_name, starting)
            copies[key] = copies.get(key, 0) + 1
            hints.setdefault(key, None if starting else hint)
    # One `<card>` per copy: the copies are counted first and each card is added once, in the order first met.
    for (name, set_name, starting), count in copies.items():
        deck.add(name, count, set_name, hints[name, set_name, starting], starting=starting)
    return LoadedDeck(deck=deck, kind=KIND_DEK, problems=problems, unknown=find_unknown(deck, pool))


def _skip_card(
    deck: Deck, problems: list[str], source: str, card: ET.Element, where: str, *, named: bool
) -> None:
    """A `<card>` without a name, or (`named`) whose name is no card's: reported and kept unread."""
    if named:
        reason = message("DECKFILE_NOT_A_NAME")
        problems.append(message("DECKFILE_IS_SKIPPED", where=source, place=where, reason=reason))
    else:
        problems.append(message("DECKFILE_NO_NAME_SKIPPED", where=source, place=where))
        reason = message("DECKFILE_CARD_NO_NAME")
    deck.unread.append(unread_part(source, None, _element_text(card), reason, where))


def _element_text(element: ET.Element) -> str:
    """An element as written, on one line (for the report of what was not read)."""
    import xml.etree.ElementTree as ET

    return " ".join(ET.tostring(element, encoding="unicode").split())


def _parse_xml(text: str, source: str, *, defused: bool = False) -> ET.Element:
    # Imported here: only reading a .dek needs the XML parser (a `check` of a text deck starts faster).
    import xml.etree.ElementTree as ET

    text = _XML_DECLARATION.sub(lambda m: re.sub(r"\S", " ", m.group(0)), text, count=1)
    try:
        if defused or "<!DOCTYPE" in text:
            return _parse_defused(text, source)
        # No entity but XML's own five, and nothing from outside the file, without a document type declaration:
        # the C parser reads such a file as defusedxml's would, four times faster (its parser calls Python per tag).
        root: ET.Element = ET.fromstring(text)
        return root
    except ET.ParseError as exc:
        line, column = exc.position
        reason = str(exc).split(":")[0]
        if reason == "no element found":
            reason = message("DECKFILE_XML_CUT")
        raise DeckFileError(
            message("DECKFILE_BAD_XML", source=source, line=line, column=column + 1, reason=reason)
        ) from exc
    except (ValueError, RecursionError) as exc:
        raise DeckFileError(
            message("DECKFILE_UNREADABLE_DEK", source=source, error=exc.__class__.__name__)
        ) from exc


def _parse_defused(text: str, source: str) -> ET.Element:
    """A file with a document type declaration, parsed by defusedxml: entities it declares are refused."""
    import defusedxml
    import defusedxml.ElementTree as DefusedET

    try:
        root: ET.Element = DefusedET.fromstring(text)
        return root
    except defusedxml.DefusedXmlException as exc:
        raise DeckFileError(message("DECKFILE_XML_ENTITIES", source=source)) from exc


def deck_to_dek(
    deck: Deck,
    pool: CardPool | None,
    zone_labels: dict[str, str] | None = None,
    *,
    pin_printings: bool = True,
) -> str:
    """The deck as a Lackey .dek: one `<card>` per copy, zones by card Type (else the hint).

    An entry without a chosen printing gets the newest one's set, unless `pin_printings` is off (a have list's
    "any printing" rows stay without a set, so they read back as any printing).
    """
    game = game_of(deck)
    lines = [
        f'<deck version="{DEK_VERSION}">',
        "  <meta>",
        f"    <game>{_text(game.name if game is not None else GAME_ID)}</game>",
        f"    <title>{_text(deck.name)}</title>",
        "  </meta>",
    ]
    for zone in layout_of(game, zone_labels).zones(deck, pool):
        if not zone.entries:
            continue
        lines.append(f"  <superzone name={quoteattr(_clean(zone.label))}>")
        for entry in zone.entries:
            image_id, set_name = _printing_of(entry, pool)
            if not pin_printings and not entry.set_name:
                set_name = ""
            card = (
                f"    <card><name id={quoteattr(_clean(image_id))}>{_text(entry.name)}</name>"
                f"<set>{_text(set_name)}</set></card>"
            )
            lines.extend([card] * entry.count)
        lines.append("  </superzone>")
    lines.append("</deck>")
    return "\n".join(lines) + "\n"


def _printing_of(entry: DeckEntry, pool: CardPool | None) -> tuple[str, str]:
    """The image id and set to write: the chosen printing, else the newest one the pool knows."""
    card = pool.lookup(entry.name) if pool is not None else None
    if card is None or not hasattr(card, "printing"):  # unknown, or another game's card (no printings)
        return "", entry.set_name or ""
    printing = card.printing(entry.set_name)
    image_id = printing.image_files[0] if printing is not None and printing.image_files else ""
    if entry.set_name:
        return image_id, entry.set_name
    return image_id, printing.set_name if printing is not None else ""


def _clean(text: str) -> str:
    return _XML_INVALID.sub("", text)


_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_ATTRIBUTE_ESCAPES = {**_ESCAPES, '"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
_ESCAPED = re.compile("[&<>]")
_ATTRIBUTE_ESCAPED = re.compile('[&<>"\n\r\t]')


def _text(text: str) -> str:
    """Element text, XML-escaped (xml.sax.saxutils would pull urllib and http.client into every start)."""
    return _ESCAPED.sub(lambda m: _ESCAPES[m.group()], _clean(text))


def quoteattr(text: str) -> str:
    """An XML attribute value in double quotes, escaped as xml.sax.saxutils.quoteattr does for such values."""
    return '"' + _ATTRIBUTE_ESCAPED.sub(lambda m: _ATTRIBUTE_ESCAPES[m.group()], text) + '"'

"""What every deck-file format shares: the error, the load result, decoding bytes, zone labels, checks."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from itertools import islice
from pathlib import Path
from typing import Any

from carddb.cardtypes import Section, zone_section
from carddb.messages import declare, message
from carddb.record import MutableRecord
from carddb.safeio import read_regular_bytes
from deckbuilder.deck import MAX_SUGGESTED_UNKNOWN, Deck, UnreadPart, prefetch_cards

# A deck of a few hundred cards is a few kilobytes; anything near this is not a deck file.
MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_LINE_CHARS = 1000
MAX_NAME_CHARS = 1000
MAX_COUNT = 999

KIND_NATIVE = "native"
KIND_DEK = "dek"
KIND_TEXT = "text"

DEFAULT_ZONE_LABELS: dict[str, str] = {"characters": "Characters", "sept": "Sept", "combat": "Combat"}
# Zones our writers add for what Lackey's three deck zones cannot hold; our readers map them back.
STARTING_LABEL = "Starting"
UNPLACED_LABEL = "Unplaced"
UNKNOWN_ZONE_REASON = (
    "zone {label!r} is not a Rage deck section; its cards were placed by their Type, "
    "but the file may mean them to be outside the deck (rename the zone to Characters, Sept or Combat)"
)
# The readers' reasons and notes (carddb Messages: English text with an id, rendered in the reader's language).
declare(
    {
        "DECKFILE_UNKNOWN_ZONE": UNKNOWN_ZONE_REASON,
        "DECKFILE_AT": "{where}: {reason}",
        "DECKFILE_BINARY": "{source} is not a deck file (it holds binary data)",
        "DECKFILE_BAD_ENCODING": "{source} is not a deck file (invalid {encoding} at byte {byte})",
        "DECKFILE_TOO_MANY_CHARS": "{source} is too large to be a deck ({size} characters)",
        "DECKFILE_TOO_MANY_BYTES": "{source} is too large to be a deck ({size} bytes)",
        "DECKFILE_EMPTY": "{source} is empty",
        "DECKFILE_NOT_DEK": "{source} is not a LackeyCCG deck (its root element is <{tag}>, not <deck>)",
        "DECKFILE_XML_ENTITIES": "{source}: the .dek file uses XML entities, which are refused for safety",
        "DECKFILE_BAD_XML": "{source}, line {line} column {column}: malformed XML ({reason})",
        "DECKFILE_XML_CUT": "the file ends too early; it may be cut short",
        "DECKFILE_UNREADABLE_DEK": "{source}: not a readable .dek file ({error})",
        "DECKFILE_CANNOT_READ": "cannot read {path}: {error}",
        "DECKFILE_BAD_JSON": "{source}, line {line} column {column}: not valid JSON ({error})",
        "DECKFILE_UNREADABLE_NATIVE": "{source}: not a readable deck file ({error})",
        "DECKFILE_NOT_OBJECT": "{source}, line {line} column {column}: a deck file must hold a JSON object, not {kind}",
        "DECKFILE_NOT_NATIVE": "{source} is not a Rage Deckbuilder deck (no 'format_version' or 'sections')",
        "DECKFILE_BAD_VERSION": "{source}: 'format_version' must be a whole number from 1, not {version}",
        "DECKFILE_NEWER_VERSION": "{source}: the deck was saved by a newer Rage Deckbuilder (format version {version}; this version reads up to {most})",
        "DECKFILE_NOT_UTF8": "{source}: the file is not UTF-8; it was read as Windows-1252 text",
        "DECKFILE_SKIPPED": "{where}: {reason}; skipped",
        "DECKFILE_GAME_NOT_INSTALLED": "{where}: the game '{game}' is not installed; read as Rage",
        "DECKFILE_LINE_TOO_LONG": "line is too long to be a card ({length} characters)",
        "DECKFILE_LINE_CONTROL": "line holds control characters",
        "DECKFILE_BAD_COUNT": "count {count!r} is not a whole number from 1 to {most}",
        "DECKFILE_CARD_OUTSIDE_ZONE": "a card outside any <superzone> (inside <{tag}>)",
        "DECKFILE_DEK_CARD": "zone {zone!r}, card {position}",
        "DECKFILE_CARD_NO_NAME": "the card has no name",
        "DECKFILE_NO_NAME_SKIPPED": "{where}: {place} has no name; skipped",
        "DECKFILE_NOT_A_NAME": "not a card name (too long or control characters)",
        "DECKFILE_IS_SKIPPED": "{where}: {place} is {reason}; skipped",
    }
)

# Unicode's control characters (category Cc: C0, DEL and C1, fixed by the standard for good), as compiled classes: a
# scan runs in C, where asking unicodedata for each character's category cost half a millisecond per .dek.
# In a deck's text: every one but tab, line breaks and form feed (which a pasted list may hold).
_TEXT_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
# In one line or name: every one but tab (a Lackey list's column separator).
_NAME_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")
# Half of a UTF-16 pair on its own (from a JSON escape or a pasted string): no file or database can hold it.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_COUNT = re.compile(r"\+?[0-9]{1,6}")


class DeckFileError(Exception):
    """A deck file that cannot be read at all; the message says why (with line when known)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # a carddb Message when a reader made it: str(exc) would drop its id


class LoadedDeck(MutableRecord):
    """A deck read from a file, with what was wrong in it and which card names the pool does not know."""

    __slots__ = _fields = ("deck", "kind", "problems", "unknown")
    deck: Deck
    kind: str
    problems: list[str]
    # Unknown card name as written -> near names from the pool.
    unknown: dict[str, list[str]]

    def __init__(
        self,
        deck: Deck,
        kind: str,
        problems: list[str] | None = None,
        unknown: dict[str, list[str]] | None = None,
    ) -> None:
        self.deck = deck
        self.kind = kind
        self.problems = [] if problems is None else problems
        self.unknown = {} if unknown is None else unknown


def decode_deck_bytes(data: bytes, source: str) -> tuple[str, str | None]:
    """Decode a deck file's bytes: UTF-8 (BOM or not), UTF-16 (BOM or plain ASCII), else Windows-1252.

    Returns the text and a note when a fallback encoding was used. Raises DeckFileError for binary data.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return _decode_strict(data[3:], "utf-8", source), None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _decode_strict(data, "utf-16", source), None
    if b"\x00" in data:
        # Notepad-style UTF-16 without a BOM: every other byte of ASCII text is zero.
        half = len(data) // 2
        if len(data) % 2 == 0 and half and data[1::2].count(0) >= 0.9 * half:
            return _decode_strict(data, "utf-16-le", source), None
        if len(data) % 2 == 0 and half and data[0::2].count(0) >= 0.9 * half:
            return _decode_strict(data, "utf-16-be", source), None
        raise DeckFileError(message("DECKFILE_BINARY", source=source))
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text, message("DECKFILE_NOT_UTF8", source=source)


def _decode_strict(data: bytes, encoding: str, source: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise DeckFileError(
            message("DECKFILE_BAD_ENCODING", source=source, encoding=encoding, byte=exc.start)
        ) from exc


def check_text_is_deck_like(text: str, source: str) -> str:
    """Refuse text that is too big or is binary garbage; return it without a leading BOM."""
    if len(text) > MAX_FILE_BYTES:
        raise DeckFileError(message("DECKFILE_TOO_MANY_CHARS", source=source, size=f"{len(text):,}"))
    if text.startswith("\ufeff"):
        text = text[1:]
    text = replace_surrogates(text)
    if "\x00" in text:
        raise DeckFileError(message("DECKFILE_BINARY", source=source))
    if too_many_controls(text):
        raise DeckFileError(message("DECKFILE_BINARY", source=source))
    return text


def too_many_controls(text: str) -> bool:
    """True when over 1 % of the text (and more than two characters) are control characters other than tab, line
    breaks and form feed: binary data, not a deck. Counting stops at the first one too many."""
    most = max(2, len(text) // 100)
    return next(islice(_TEXT_CONTROL.finditer(text), most, None), None) is not None  # a control past `most`


def has_surrogates(text: str) -> bool:
    """True when the text holds a lone UTF-16 surrogate (it cannot be encoded, printed or stored)."""
    return _LONE_SURROGATE.search(text) is not None


def replace_surrogates(text: str) -> str:
    """The text with each lone surrogate replaced by U+FFFD, the mark of a character that could not be read."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def has_control_chars(text: str) -> bool:
    """True when the text holds control characters other than tab (never valid in a card name)."""
    return _NAME_CONTROL.search(text) is not None


def section_for_zone(label: str, zone_labels: dict[str, str] | None = None) -> Section | None:
    """The section a Lackey zone label means (case-insensitive), or None for other zones."""
    folded = " ".join(label.split()).casefold()
    if not folded:
        return None
    for key, value in (zone_labels or {}).items():
        if value.casefold() == folded and key in {s.value for s in Section}:
            return Section(key)
    return zone_section(folded)  # the importer's heuristic too: one answer for "Combat Characters"


def is_unplaced_zone(label: str) -> bool:
    """True for the zone our writers use for cards whose section could not be decided."""
    return " ".join(label.split()).casefold() == UNPLACED_LABEL.casefold()


def is_starting_zone(label: str) -> bool:
    """True for the zone our writers use for cards that start in play."""
    return " ".join(label.split()).casefold().startswith("start")


def merged_zone_labels(zone_labels: dict[str, str] | None) -> dict[str, str]:
    """The default zone labels overridden by the given ones (blank values ignored)."""
    labels = dict(DEFAULT_ZONE_LABELS)
    if zone_labels:
        labels.update({k: v for k, v in zone_labels.items() if k in labels and v and v.strip()})
    return labels


def find_unknown(deck: Deck, cards: Any) -> dict[str, list[str]]:
    """Card names (as written) that the deck's own game does not know, each with its pool's suggestions.

    `cards` is what the reader was handed (deckbuilder.context.known_names: the card database, a DeckContexts, a pool
    or the KnownNames a reader found); the names are looked up once the deck's game is known, never in another game's
    cards, and (a batch run's DeckContexts) never again for a later deck of the game.
    """
    from deckbuilder.context import known_names

    names = known_names(cards, deck)
    if names is None:
        return {}
    entries = (*deck.entries, *deck.starting)
    if names.unasked(entry.key for entry in entries):
        prefetch_cards(names.pool, deck)
    unknown: dict[str, list[str]] = {}
    seen: set[str] = set()
    for entry in entries:
        if entry.key in seen:
            continue
        seen.add(entry.key)
        if not names.knows(entry.name, entry.key):
            suggest = len(unknown) < MAX_SUGGESTED_UNKNOWN
            unknown[entry.name] = names.near(entry.name) if suggest else []
    return unknown


def unread_part(source: str, line: int | None, text: str, reason: str, where: str = "") -> UnreadPart:
    """What a reader could not use, with its text kept (cut to a readable length: it is shown, not re-read)."""
    shown = text if len(text) <= MAX_LINE_CHARS else text[:MAX_LINE_CHARS] + "…"
    return UnreadPart(source=source, line=line, text=shown, reason=reason, where=where)


def valid_count(value: str) -> int | None:
    """A copy count from text: a whole number 1..MAX_COUNT, else None."""
    text = value.strip()
    if not _COUNT.fullmatch(text):
        return None
    count = int(text)
    return count if 1 <= count <= MAX_COUNT else None


def _xml_escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# Lines a text deck list reads as comments (deckfiles/text.py); no .dek or native line starts so.
COMMENT_PREFIXES = ("#", "//")


def lines_of(path: Path, names: Sequence[str]) -> dict[str, int]:
    """The first line of the deck file that holds each name (as written, or escaped for XML or JSON); best effort."""
    try:
        text, _note = decode_deck_bytes(read_regular_bytes(path, MAX_FILE_BYTES), path.name)
    except (OSError, DeckFileError):
        return {}
    forms = {name: {name, _xml_escaped(name), json.dumps(name, ensure_ascii=False)[1:-1]} for name in names}
    found: dict[str, int] = {}
    loose: dict[str, int] = {}  # a line holding the name inside other text: kept until a line holds it whole
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith(COMMENT_PREFIXES):
            continue  # a comment may name a card; the card's line is the one the reader reads it from
        for name in [n for n in forms if n not in found]:
            hits = [form for form in forms[name] if form and form in line]
            if any(_stands_whole(form, stripped) for form in hits):
                found[name] = number
            elif hits:
                loose.setdefault(name, number)
        if len(found) == len(forms):
            break
    return {name: at for name in forms if (at := found.get(name, loose.get(name))) is not None}


def _stands_whole(form: str, line: str) -> bool:
    """Whether a line gives this name as a card's whole name: a list's `3<TAB>Name`, `3x Name`, `Name x3`, an XML
    element's text or a JSON string (not `Name` inside a longer name)."""
    if f">{form}<" in line or f'"{form}"' in line or form in (f.strip() for f in line.split("\t")):
        return True
    name = re.escape(form)
    return re.fullmatch(rf"(?:[+-]?\d+\s*[xX×]?\s*)?{name}(?:\s+[xX×]\d+)?", line) is not None

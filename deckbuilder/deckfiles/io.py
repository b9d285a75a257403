"""Read and write deck files of any supported kind, chosen by extension and checked against content."""

from __future__ import annotations

import json
import os
from pathlib import Path

from carddb.atomic import atomic_write_text
from carddb.messages import declare, message
from carddb.safeio import UnsafeFileError, read_regular_bytes
from deckbuilder.deck import CardPool, Deck
from deckbuilder.deckfiles.common import (
    KIND_DEK,
    KIND_NATIVE,
    KIND_TEXT,
    KINDS,
    MAX_FILE_BYTES,
    DeckFileError,
    LoadedDeck,
    decode_deck_bytes,
    detect_kind,
)
from deckbuilder.deckfiles.dek import deck_from_dek, deck_to_dek
from deckbuilder.deckfiles.native import deck_from_native, deck_to_native
from deckbuilder.deckfiles.text import deck_from_text, deck_to_text

_KIND_BY_SUFFIX: dict[str, str] = {
    ".json": KIND_NATIVE,
    ".ragedeck": KIND_NATIVE,
    ".dek": KIND_DEK,
    ".txt": KIND_TEXT,
}
_UNTITLED = Deck().name


def kind_for_path(path: Path | str) -> str | None:
    """The deck kind an extension stands for (.json/.ragedeck, .dek, .txt), or None."""
    return _KIND_BY_SUFFIX.get(Path(path).suffix.casefold())


def parse_deck_text(text: str, pool: CardPool | None = None, source: str = "<text>") -> LoadedDeck:
    """Read a deck from text of any kind (native JSON, .dek XML or a list), told apart by content."""
    return _parse_as(detect_kind(text), text, pool, source)


def _parse_as(kind: str, text: str, pool: CardPool | None, source: str) -> LoadedDeck:
    if kind == KIND_NATIVE:
        return deck_from_native(text, pool, source)
    if kind == KIND_DEK:
        return deck_from_dek(text, pool, source)
    return deck_from_text(text, pool, source)


def read_deck(path: Path | str, pool: CardPool | None = None) -> LoadedDeck:
    """Read a deck file; raises DeckFileError when it cannot be read at all."""
    target = Path(path)
    source = target.name or str(target)
    try:
        data = read_regular_bytes(target, MAX_FILE_BYTES)
    except UnsafeFileError as exc:
        if exc.size is not None:
            raise DeckFileError(
                message("DECKFILE_TOO_MANY_BYTES", source=source, size=f"{exc.size:,}")
            ) from exc
        raise DeckFileError(message("DECKFILE_CANNOT_READ", path=str(target), error=exc.reason)) from exc
    except OSError as exc:
        raise DeckFileError(
            message("DECKFILE_CANNOT_READ", path=str(target), error=str(exc.strerror or exc))
        ) from exc
    text, note = decode_deck_bytes(data, source)
    by_name = kind_for_path(target)
    by_content = detect_kind(text)
    notes = [note] if note else []
    if not text.strip():
        if by_name in (KIND_NATIVE, KIND_DEK):
            raise DeckFileError(message("DECKFILE_EMPTY", source=source))
        kind = KIND_TEXT
    elif by_name is None or by_content != KIND_TEXT:
        # Content that is plainly XML or JSON wins over a misleading extension.
        kind = by_content
        if by_name is not None and by_name != kind:
            notes.append(message("DECKFILE_OTHER_KIND", source=source, kind=message(_DESCRIPTION[kind])))
    elif by_name == KIND_NATIVE and _is_json(text):
        # `[]`, `null` or `"x"` in a .json file is JSON that is no deck: unreadable, not a list of card names.
        kind = KIND_NATIVE
    else:
        kind = by_name
        if by_name != KIND_TEXT:
            notes.append(
                message("DECKFILE_NOT_THAT_KIND", source=source, kind=message(_DESCRIPTION[by_name]))
            )
            kind = KIND_TEXT
    loaded = _parse_as(kind, text, pool, source)
    loaded.problems[:0] = notes
    # Text lists carry no title (and a .dek may lack one): the file name is the deck's name.
    if kind != KIND_NATIVE and loaded.deck.name == _UNTITLED and target.stem:
        loaded.deck.name = target.stem
    return loaded


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


declare(
    {
        "DECKFILE_KIND_NATIVE": "native JSON deck",
        "DECKFILE_KIND_DEK": "LackeyCCG .dek deck",
        "DECKFILE_KIND_TEXT": "text deck list",
        "DECKFILE_OTHER_KIND": "{source}: the file holds a {kind}, not what its extension says",
        "DECKFILE_NOT_THAT_KIND": "{source}: the file holds no {kind}; it was read as a text deck list",
        "DECKFILE_CANNOT_WRITE": "cannot write {path}: {error}",
    }
)
_DESCRIPTION = {
    KIND_NATIVE: "DECKFILE_KIND_NATIVE",
    KIND_DEK: "DECKFILE_KIND_DEK",
    KIND_TEXT: "DECKFILE_KIND_TEXT",
}


def deck_to_kind(
    deck: Deck, kind: str, pool: CardPool | None = None, zone_labels: dict[str, str] | None = None
) -> str:
    """The deck serialised as `kind` ("native", "dek" or "text")."""
    if kind == KIND_NATIVE:
        return deck_to_native(deck, pool)
    if kind == KIND_DEK:
        return deck_to_dek(deck, pool, zone_labels)
    if kind == KIND_TEXT:
        return deck_to_text(deck, pool, zone_labels)
    raise ValueError(f"unknown deck file kind {kind!r}; expected one of {', '.join(KINDS)}")


def write_deck(
    deck: Deck,
    path: Path | str,
    kind: str | None = None,
    pool: CardPool | None = None,
    zone_labels: dict[str, str] | None = None,
) -> None:
    """Write the deck whole or not at all; the kind comes from the extension unless given."""
    target = Path(path)
    if kind is None:
        kind = kind_for_path(target)
        if kind is None:
            raise DeckFileError(
                f"cannot tell the deck format from {target.name!r}; use .json (or .ragedeck), .dek or .txt"
            )
    text = deck_to_kind(deck, kind, pool, zone_labels)
    try:
        atomic_write_text(target, text)
    except OSError as exc:
        error = exc.strerror if exc.strerror else str(exc)  # a carddb Message when the target was refused
        raise DeckFileError(message("DECKFILE_CANNOT_WRITE", path=os.fspath(target), error=error)) from exc

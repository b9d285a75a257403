"""Read and write deck files of any supported kind, chosen by extension and checked against content."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, cast

from carddb.atomic import atomic_write_text
from carddb.messages import declare, message
from carddb.safeio import UnsafeFileError, read_regular_bytes
from deckbuilder.deck import CardPool, Deck
from deckbuilder.deckfiles.common import (
    KIND_NATIVE,
    KIND_TEXT,
    MAX_FILE_BYTES,
    DeckFileError,
    LoadedDeck,
    decode_deck_bytes,
    replace_surrogates,
)
from deckbuilder.deckfiles.kinds import deck_file_kind, kind_of_path, kind_of_text, suffix_list

if TYPE_CHECKING:
    from deckbuilder.context import DeckContexts

_UNTITLED = Deck().name
_KEEPS_EVERYTHING = deck_file_kind(KIND_NATIVE)


def kind_for_path(path: Path | str) -> str | None:
    """The name of the deck kind an extension stands for (.json/.ragedeck, .dek, .txt), or None."""
    kind = kind_of_path(path)
    return None if kind is None else kind.name


def parse_deck_text(
    text: str, pool: CardPool | DeckContexts | None = None, source: str = "<text>", game: str | None = None
) -> LoadedDeck:
    """Read a deck from text of any kind (native JSON, .dek XML or a list), told apart by content.

    `game` reads it as a deck of that game (its piles decide how zones are read), whatever the text says. Names are
    looked up in the deck's own game: `pool` is the card database (every game's cards), a DeckContexts, or a pool.
    """
    return kind_of_text(text).read(text, _names(pool), source, game=game)


def read_deck(
    path: Path | str, pool: CardPool | DeckContexts | None = None, game: str | None = None
) -> LoadedDeck:
    """Read a deck file; raises DeckFileError when it cannot be read at all.

    `game` reads it as a deck of that game (its piles decide how zones are read), whatever the file says. Names are
    looked up in the deck's own game: `pool` is the card database (every game's cards), a DeckContexts, or a pool.
    """
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
    by_name = kind_of_path(target)
    by_content = kind_of_text(text)
    text_list = deck_file_kind(KIND_TEXT)
    notes = [note] if note else []
    if not text.strip():
        # Nothing to judge, whatever the kind: one clear answer (not an empty deck's three errors, a blank sheet).
        raise DeckFileError(message("DECKFILE_EMPTY", source=source))
    if by_name is None or by_content is not text_list:
        # Content that is plainly XML or JSON wins over a misleading extension.
        kind = by_content
        if by_name is not None and by_name is not kind:
            notes.append(message("DECKFILE_OTHER_KIND", source=source, kind=message(kind.description)))
    elif by_name.name == KIND_NATIVE and _is_json(text):
        # `[]`, `null` or `"x"` in a .json file is JSON that is no deck: unreadable, not a list of card names.
        kind = by_name
    else:
        kind = text_list
        if by_name is not text_list:
            notes.append(message("DECKFILE_NOT_THAT_KIND", source=source, kind=message(by_name.description)))
    loaded = kind.read(text, _names(pool), source, game=game)
    loaded.problems[:0] = notes
    # Text lists carry no title (and a .dek may lack one): the file name is the deck's name.
    if kind is not _KEEPS_EVERYTHING and loaded.deck.name == _UNTITLED and target.stem:
        # A file name's bytes that are not UTF-8 cannot be written into any file or PDF: shown as U+FFFD.
        loaded.deck.name = replace_surrogates(target.stem)
    return loaded


def _names(pool: CardPool | DeckContexts | None) -> CardPool | None:
    """What the readers look names up with: they pass it on to `find_unknown`, which takes either."""
    return cast("CardPool | None", pool)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


declare(
    {
        "DECKFILE_OTHER_KIND": "{source}: the file holds a {kind}, not what its extension says",
        "DECKFILE_NOT_THAT_KIND": "{source}: the file holds no {kind}; it was read as a text deck list",
        "DECKFILE_CANNOT_WRITE": "cannot write {path}: {error}",
    }
)


def deck_to_kind(
    deck: Deck, kind: str, pool: CardPool | None = None, zone_labels: dict[str, str] | None = None
) -> str:
    """The deck serialised as the deck file kind named `kind` ("native", "dek", "text"); ValueError for others."""
    return deck_file_kind(kind).write(deck, pool, zone_labels)


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
            raise DeckFileError(f"cannot tell the deck format from {target.name!r}; use {suffix_list()}")
    text = deck_to_kind(deck, kind, pool, zone_labels)
    try:
        atomic_write_text(target, text)
    except OSError as exc:
        error = exc.strerror if exc.strerror else str(exc)  # a carddb Message when the target was refused
        raise DeckFileError(message("DECKFILE_CANNOT_WRITE", path=os.fspath(target), error=error)) from exc

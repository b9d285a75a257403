"""Deck files: native JSON (keeps everything), LackeyCCG .dek and Lackey/plain text lists (registry: kinds.py)."""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from deckbuilder.deckfiles.common import DeckFileError, LoadedDeck
from deckbuilder.deckfiles.io import deck_to_kind, kind_for_path, parse_deck_text, read_deck, write_deck
from deckbuilder.deckfiles.kinds import (
    DECK_FILE_KINDS,
    DECK_SUFFIXES,
    KEEPS_NOTES,
    KEEPS_PRINTINGS,
    KEEPS_SETTINGS,
    KEEPS_UNREAD,
    DeckFileKind,
    deck_file_kind,
    kind_of_path,
    kind_of_text,
)

if TYPE_CHECKING:
    from deckbuilder.deckfiles.dek import deck_from_dek, deck_to_dek
    from deckbuilder.deckfiles.native import deck_from_native, deck_to_native
    from deckbuilder.deckfiles.text import deck_from_text, deck_to_text

# Each kind's reader and writer load with their own module, on first use (see kinds._lazy).
_LAZY = {
    "deck_from_dek": "dek",
    "deck_to_dek": "dek",
    "deck_from_native": "native",
    "deck_to_native": "native",
    "deck_from_text": "text",
    "deck_to_text": "text",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(f"deckbuilder.deckfiles.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DECK_FILE_KINDS",
    "DECK_SUFFIXES",
    "KEEPS_NOTES",
    "KEEPS_PRINTINGS",
    "KEEPS_SETTINGS",
    "KEEPS_UNREAD",
    "DeckFileError",
    "DeckFileKind",
    "LoadedDeck",
    "deck_file_kind",
    "deck_from_dek",
    "deck_from_native",
    "deck_from_text",
    "deck_to_dek",
    "deck_to_kind",
    "deck_to_native",
    "deck_to_text",
    "kind_for_path",
    "kind_of_path",
    "kind_of_text",
    "parse_deck_text",
    "read_deck",
    "write_deck",
]

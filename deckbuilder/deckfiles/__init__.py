"""Deck files: native JSON (keeps everything), LackeyCCG .dek and Lackey/plain text lists."""

from deckbuilder.deckfiles.common import DeckFileError, LoadedDeck
from deckbuilder.deckfiles.dek import deck_from_dek, deck_to_dek
from deckbuilder.deckfiles.io import deck_to_kind, kind_for_path, parse_deck_text, read_deck, write_deck
from deckbuilder.deckfiles.native import deck_from_native, deck_to_native
from deckbuilder.deckfiles.text import deck_from_text, deck_to_text

__all__ = [
    "DeckFileError",
    "LoadedDeck",
    "deck_from_dek",
    "deck_from_native",
    "deck_from_text",
    "deck_to_dek",
    "deck_to_kind",
    "deck_to_native",
    "deck_to_text",
    "kind_for_path",
    "parse_deck_text",
    "read_deck",
    "write_deck",
]

"""A deck's fingerprint: a short code of its canonical card list, to show a list was not changed (pure, no Qt).

The canonical list holds one line per card: how many copies, and the card's comparison key — its normalised name
(carddb.normalize), a Rage reprint folded onto the card it reprints (carddb.reprints), an unknown card by its
normalised written name. Starting cards are listed apart (moving a Character to the starting list changes the
deck), and a deck of another game names its game. Lines are sorted, so the file kind, the line order, the printing
(set) chosen and the spelling of a reprint do not change the code; any change of a count does.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Protocol

from carddb.model import CardInfo
from carddb.normalize import normalize_name
from carddb.record import FrozenRecord, set_field
from carddb.reprints import reprint_of
from deckbuilder.deck import DEFAULT_GAME, Deck

VERSION = "ragedeck-fingerprint-1"
# Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is not misread.
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_CHARS = 8  # 40 bits: a clash between two different decks of one event is a one-in-a-trillion chance
STARTING_MARK = "starting:"


class Pool(Protocol):
    """Where names are looked up: Rage's card database (CardInfo) or another game's cards (GameCard)."""

    def lookup(self, name: str) -> object | None: ...


def _card_info(pool: Pool, name: str) -> CardInfo | None:
    found = pool.lookup(name)
    return found if isinstance(found, CardInfo) else None


class Fingerprint(FrozenRecord):
    """The code (`XXXX-XXXX`) and the canonical lines it was computed from."""

    __slots__ = _fields = ("code", "lines")

    code: str
    lines: tuple[str, ...]

    def __init__(self, code: str, lines: tuple[str, ...]) -> None:
        set_field(self, "code", code)
        set_field(self, "lines", lines)

    def __str__(self) -> str:
        return self.code


def card_key(name: str, pool: Pool | None) -> str:
    """The comparison key of a card name: the card's own normalised name, a reprint's original's, else as written."""
    card = pool.lookup(name) if pool is not None else None
    if card is None:
        return normalize_name(name)
    if isinstance(card, CardInfo) and pool is not None:
        original = reprint_of(card, lambda other: _card_info(pool, other))
        if original is not None:
            return original.norm_name
    return str(getattr(card, "norm_name", "")) or normalize_name(name)


def canonical_lines(deck: Deck, pool: Pool | None) -> tuple[str, ...]:
    """The deck's canonical card list, one `count<TAB>key` line per card (starting cards marked), by key."""
    counts: Counter[str] = Counter()
    for starting, entries in ((False, deck.entries), (True, deck.starting)):
        for entry in entries:
            if entry.count > 0:
                counts[(STARTING_MARK if starting else "") + card_key(entry.name, pool)] += entry.count
    return tuple(f"{count}\t{key}" for key, count in sorted(counts.items()))


def deck_fingerprint(deck: Deck, pool: Pool | None) -> Fingerprint:
    """The deck's fingerprint with the pool its names are looked up in (None: every name as written)."""
    lines = canonical_lines(deck, pool)
    game = normalize_name(deck.game or DEFAULT_GAME)
    text = "\n".join((VERSION, game if game != DEFAULT_GAME else "", *lines))
    number = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:5], "big")
    chars = "".join(_ALPHABET[(number >> shift) & 31] for shift in range(5 * (_CHARS - 1), -1, -5))
    return Fingerprint(f"{chars[:4]}-{chars[4:]}", lines)

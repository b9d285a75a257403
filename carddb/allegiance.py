"""A Character's allegiance (DECK-RULES.md §2 "Allegiance of a Character"), decided once at import and stored."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable

from carddb.traits import WYRM_ASPECTS, canonical_trait, tokenize_traits, trait_set

GAIA = "Gaia"
WYRM = "Wyrm"
ROGUE = "Rogue"
ALLEGIANCES: tuple[str, ...] = (GAIA, WYRM, ROGUE)

# Keywords only Wyrm creatures carry (an older card without an allegiance glyph is Wyrm when it lists one).
WYRM_MARKERS = trait_set("7th Generation", "Pentex", "Black Spiral Dancer", "Bane") | WYRM_ASPECTS
_TYPE_WORDS = tuple((a, re.compile(rf"\b{a.casefold()}\b")) for a in (ROGUE, WYRM, GAIA))
_CONRAD = canonical_trait("Conrad Walks-the-Line")


def type_allegiance(type_field: str) -> str:
    """The allegiance a Type names (`Character - Wyrm`, `(Rogue)`), or "" when it names none."""
    text = type_field.casefold()
    for allegiance, pattern in _TYPE_WORDS:
        if pattern.search(text):
            return allegiance
    return ""


def allegiance_of(name: str, type_field: str, keywords: Iterable[str]) -> str:
    """A Character's allegiance from its name, Type and keywords: "Gaia", "Wyrm" or "Rogue"."""
    from_type = type_allegiance(type_field)
    if from_type:
        return from_type
    if canonical_trait(name) == _CONRAD:
        return ROGUE
    traits: set[str] = set()
    for keyword in keywords:
        traits |= tokenize_traits(keyword)[0]
        traits.add(canonical_trait(keyword))
    if traits & WYRM_MARKERS:
        return WYRM
    # A bare "Wyrm" keyword (without "Gaia", which Rogues list too) is as plain a mark as the glyph.
    return WYRM if "wyrm" in traits and "gaia" not in traits else GAIA


def store_allegiances(conn: sqlite3.Connection) -> None:
    """Fill card.allegiance for every card (inside the caller's transaction): Characters get theirs, others ""."""
    from carddb.normalize import split_keywords

    rows = conn.execute("SELECT id, name, type, keywords, section, allegiance FROM card").fetchall()
    updates = []
    for card_id, name, type_field, keywords, section, stored in rows:
        wanted = allegiance_of(name, type_field, split_keywords(keywords)) if section == "characters" else ""
        if wanted != stored:
            updates.append((wanted, card_id))
    conn.executemany("UPDATE card SET allegiance = ? WHERE id = ?", updates)

"""Which of the three deck sections a card Type belongs to (DECK-RULES.md §1)."""

from __future__ import annotations

import re
from enum import StrEnum


class Section(StrEnum):
    """The three piles of a Rage deck."""

    CHARACTERS = "characters"
    SEPT = "sept"
    COMBAT = "combat"

    @property
    def label(self) -> str:
        """Human label, as a player says it."""
        return {"characters": "Characters", "sept": "Sept", "combat": "Combat"}[self.value]


COMBAT_TYPES = frozenset({"combat action", "combat event"})

# Every sept Type seen in the printed and fan sets; compounds ("Ally - Victim") are checked part by part.
SEPT_TYPES = frozenset(
    {
        "gift",
        "equipment",
        "event",
        "ally",
        "enemy",
        "victim",
        "territory",
        "caern",
        "quest",
        "moot",
        "board meeting",
        "rite",
        "action",
        "past life",
        "realm",
        "battlefield",
        "totem",
        "junta",
        "fetish",
    }
)


def classify_type(type_field: str | None) -> Section | None:
    """Return the section for a Type field, or None when it is empty or unknown (never guess)."""
    if not type_field:
        return None
    text = " ".join(type_field.split()).casefold()
    if not text:
        return None
    if text.startswith("character"):
        return Section.CHARACTERS
    if text in COMBAT_TYPES:
        return Section.COMBAT
    parts = [part.strip() for part in text.split(" - ")]
    if parts and all(part in SEPT_TYPES for part in parts):
        return Section.SEPT
    return None


# The words that name a Rage deck section in a zone label; "char" also covers "Chars" and "Character".
_ZONE_WORDS = re.compile(r"(combat)|(sept)|(pack|char)")
_ZONE_SECTIONS = (Section.COMBAT, Section.SEPT, Section.CHARACTERS)


def zone_section(label: str, game_zone: str = "") -> Section | None:
    """The deck section a Lackey deck zone holds, by its label first and then its game zone (the one heuristic).

    When a label names two sections, its last one decides, as the head of an English noun phrase does: a
    "Combat Characters" zone holds Characters (the ones who fight), a "Character Combat" zone Combat cards.
    """
    for text in (label, game_zone):
        last = max(_ZONE_WORDS.finditer(text.casefold()), key=lambda m: m.start(), default=None)
        if last is not None:
            return _ZONE_SECTIONS[(last.lastindex or 1) - 1]
    return None

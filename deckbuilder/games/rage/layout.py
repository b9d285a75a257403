"""Rage's deck-file layout: Lackey's three deck zones (by the plugin's labels), then Unplaced and Starting.

A card's zone is its section (from its Type; an unknown card keeps the zone its file gave it), the starting list is
a zone of its own, and a zone label is read as Lackey players write it ("Combat Deck", "Sept (30)").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from carddb.cardtypes import Section
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.deckfiles.common import (
    STARTING_LABEL,
    UNPLACED_LABEL,
    is_starting_zone,
    is_unplaced_zone,
    merged_zone_labels,
    section_for_zone,
)
from deckbuilder.games.layout import UNPLACED_ID, FileZone, Layout, Placement
from deckbuilder.games.rage.renown import MAX_RENOWN_LEVEL, RENOWN_LEVEL

if TYPE_CHECKING:
    from deckbuilder.games.description import Game


STARTING_KEY = "starting"
_SECTION_KEYS = frozenset(s.value for s in Section)


class RageLayout(Layout):
    """Rage's zones: Characters, Sept, Combat (the plugin's labels), Unplaced, Starting."""

    # The Renown level: a deck field in every earlier native file.
    field_settings: Mapping[str, int] = {RENOWN_LEVEL: MAX_RENOWN_LEVEL}

    def __init__(self, game: Game, zone_labels: Mapping[str, str] | None = None) -> None:
        super().__init__(game, zone_labels)
        self.zone_labels = dict(zone_labels) if zone_labels else None

    def zones(self, deck: Deck, pool: Any | None) -> list[FileZone]:
        """Each section by the card's Type (else its file's zone), the unplaced cards, the starting list."""
        labels = merged_zone_labels(self.zone_labels)
        grouped: dict[Section | None, list[DeckEntry]] = {s: [] for s in Section}
        for entry in deck.entries:
            section = deck.section_of(entry, pool) if pool is not None else entry.zone_hint
            grouped.setdefault(section, []).append(entry)
        zones = [FileZone(s.value, labels[s.value], grouped[s]) for s in Section]
        zones.append(FileZone(UNPLACED_ID, UNPLACED_LABEL, grouped.get(None, [])))
        zones.append(FileZone(STARTING_KEY, STARTING_LABEL, list(deck.starting), starting=True))
        return zones

    def place(self, label: str, strict: bool = False) -> Placement:
        """The section a Lackey zone label means, the starting zone, or Unplaced; anything else is unknown."""
        if strict:  # a native file's key: a section's value or "unplaced", as the writer writes them
            if label in _SECTION_KEYS:
                return Placement(Section(label))
            return Placement(known=label == UNPLACED_ID)
        section = section_for_zone(label, self.zone_labels)
        if section is not None:
            return Placement(section)
        if is_starting_zone(label):
            return Placement(starting=True)
        return Placement(known=is_unplaced_zone(label))

    def headerless(self, labels: Iterable[str]) -> Section | None:
        """Lackey writes its first zone without a header: decided only when the headers name the two others."""
        named = {section_for_zone(label) for label in labels}
        missing = [s for s in Section if s not in named]
        return missing[0] if len(missing) == 1 else None

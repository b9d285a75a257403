"""Deck statistics without Qt: counts by card type, the pack's Renown, combat Rage and damage spreads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from carddb.allegiance import ROGUE
from carddb.cardtypes import Section
from carddb.model import CardInfo
from deckbuilder.deck import CardPool, Deck
from deckbuilder.i18n import N_

if TYPE_CHECKING:
    from deckbuilder.games.resolved import ResolvedDeck

UNKNOWN_TYPE = N_("Unknown card")
NO_TYPE = "No type"
CHARACTER_TYPE = "Character"


@dataclass(frozen=True, slots=True)
class CharacterRenown:
    """One Character of the pack: its Renown per copy, copies, and whether it is a Rogue."""

    name: str
    renown: int
    copies: int = 1
    rogue: bool = False

    @property
    def total(self) -> int:
        """Renown this Character adds to the pack (every copy counts)."""
        return self.renown * self.copies


@dataclass(frozen=True)
class DeckStats:
    """Numbers a player reads off a deck; shown by the stats panel and reusable by exports."""

    type_counts: dict[str, int] = field(default_factory=dict)
    # "characters", "sept", "combat", "unplaced" (entries only) and "starting" (the starting list).
    section_counts: dict[str, int] = field(default_factory=dict)
    characters: tuple[CharacterRenown, ...] = ()
    renown_level: int = 0
    # Combat cards by their Rage requirement / damage value (copies counted).
    rage_histogram: dict[int, int] = field(default_factory=dict)
    damage_histogram: dict[int, int] = field(default_factory=dict)
    combat_without_rage: int = 0
    combat_without_damage: int = 0
    unknown_cards: int = 0

    @property
    def renown_total(self) -> int:
        """Renown of the whole pack."""
        return sum(c.total for c in self.characters)

    @property
    def rogue_renown(self) -> int:
        """Renown of the pack's Rogue Characters."""
        return sum(c.total for c in self.characters if c.rogue)

    @property
    def rogue_share(self) -> float:
        """Rogue Renown as a fraction of the pack's Renown (0.0 for an empty pack)."""
        total = self.renown_total
        return self.rogue_renown / total if total else 0.0


def type_label(card: CardInfo | None) -> str:
    """The Type a player groups by: Characters without their allegiance, other Types with spaces tidied."""
    if card is None:
        return UNKNOWN_TYPE
    text = " ".join(card.type.split())
    if not text:
        return NO_TYPE
    if card.section is Section.CHARACTERS:
        return CHARACTER_TYPE
    return text


def is_rogue(card: CardInfo) -> bool:
    """A Rogue Character, by the one allegiance stored with the card (carddb.allegiance)."""
    return card.section is Section.CHARACTERS and card.allegiance == ROGUE


def filled_histogram(histogram: dict[int, int]) -> list[tuple[int, int]]:
    """Histogram as (value, count) pairs from 0 (or the lowest value) to the highest, gaps filled with 0."""
    if not histogram:
        return []
    low = min(0, *histogram)
    return [(value, histogram.get(value, 0)) for value in range(low, max(histogram) + 1)]


def compute_deck_stats(deck: Deck, pool: CardPool, resolved: ResolvedDeck | None = None) -> DeckStats:
    """Count a deck's cards by type and section, its pack's Renown, and its combat Rage and damage.

    Read from the deck as a check resolved it (`Report.resolved`: reprints folded into the card they reprint), or
    resolved here from the deck and pool the same way.
    """
    if resolved is None:
        from deckbuilder.games.check import resolve

        resolved = resolve(deck, pool)
    type_counts: dict[str, int] = {}
    sections = {"characters": 0, "sept": 0, "combat": 0, "unplaced": 0, "starting": 0}
    characters: list[CharacterRenown] = []
    rage: dict[int, int] = {}
    damage: dict[int, int] = {}
    no_rage = no_damage = unknown = 0

    for item in resolved:
        card: CardInfo | None = item.card
        label = type_label(card)
        type_counts[label] = type_counts.get(label, 0) + item.copies
        if card is None:
            unknown += item.copies
        sections["starting"] += item.starting
        count = item.count
        if count <= 0:
            continue
        sections[item.pile if item.pile in sections else "unplaced"] += count
        if card is None:
            continue
        if item.pile == Section.CHARACTERS.value:
            characters.append(CharacterRenown(card.name, card.renown or 0, count, is_rogue(card)))
        elif item.pile == Section.COMBAT.value:
            if card.rage is None:
                no_rage += count
            else:
                rage[card.rage] = rage.get(card.rage, 0) + count
            if card.damage is None:
                no_damage += count
            else:
                damage[card.damage] = damage.get(card.damage, 0) + count

    return DeckStats(
        type_counts=dict(sorted(type_counts.items(), key=lambda item: (-item[1], item[0]))),
        section_counts=sections,
        characters=tuple(_merge_characters(characters)),
        renown_level=deck.renown_level,
        rage_histogram=dict(sorted(rage.items())),
        damage_histogram=dict(sorted(damage.items())),
        combat_without_rage=no_rage,
        combat_without_damage=no_damage,
        unknown_cards=unknown,
    )


def _merge_characters(characters: list[CharacterRenown]) -> list[CharacterRenown]:
    # One Character may sit in two entries (two printings); the pack shows it once with all its copies.
    merged: dict[str, CharacterRenown] = {}
    for character in characters:
        seen = merged.get(character.name)
        if seen is None:
            merged[character.name] = character
        else:
            merged[character.name] = CharacterRenown(
                seen.name, seen.renown, seen.copies + character.copies, seen.rogue
            )
    return list(merged.values())

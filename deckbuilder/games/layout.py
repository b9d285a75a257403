"""How a deck of a game is laid out in deck files: its zones when written, and what a zone's label means when read.

Every deck file kind (native, .dek, text) asks the deck's game's engine for its `Layout` (`Engine.layout`), so a
Rage deck and another game's deck are read and written by one code path. The generic layout names zones by the
game's piles and places cards by their Type; Rage's (games/rage/layout.py) keeps Lackey's zone labels, the zone hint
of an unknown card and the starting list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from carddb.record import FrozenRecord, set_field
from deckbuilder.deck import Deck, DeckEntry

if TYPE_CHECKING:
    from carddb.cardtypes import Section
    from deckbuilder.games.description import Game

UNPLACED_ID = "unplaced"
UNPLACED_PILE_LABEL = "Unplaced"


class FileZone(FrozenRecord):
    """One zone of a deck file: its key (a pile id, or "unplaced"), the label written, its entries.

    `starting`: the zone holds the deck's starting list (native files keep it apart from the sections).
    """

    __slots__ = _fields = ("key", "label", "entries", "starting")

    key: str
    label: str
    entries: list[DeckEntry]
    starting: bool

    def __init__(self, key: str, label: str, entries: list[DeckEntry], starting: bool = False) -> None:
        set_field(self, "key", key)
        set_field(self, "label", label)
        set_field(self, "entries", entries)
        set_field(self, "starting", starting)


class Placement(FrozenRecord):
    """What a zone label read from a file means: the zone hint its cards get, whether they start in play, and
    whether the label names a zone of the game at all (an unknown zone is reported, its cards kept)."""

    __slots__ = _fields = ("hint", "starting", "known")

    hint: Section | None
    starting: bool
    known: bool

    def __init__(self, hint: Section | None = None, starting: bool = False, known: bool = True) -> None:
        set_field(self, "hint", hint)
        set_field(self, "starting", starting)
        set_field(self, "known", known)


def pile_ids_by_label(game: Game) -> dict[str, str]:
    """Each pile's id and label, casefolded, to its id: how deck files name a pile."""
    found: dict[str, str] = {}
    for pile in game.piles:
        found[pile.id.casefold()] = pile.id
        found[pile.label.casefold()] = pile.id
    found[UNPLACED_ID] = UNPLACED_ID
    found[UNPLACED_PILE_LABEL.casefold()] = UNPLACED_ID
    return found


def grouped_by_pile(deck: Deck, game: Game, pool: Any | None) -> list[tuple[str, str, list[DeckEntry]]]:
    """(pile id, label, entries) for every pile of the game, then the cards no pile takes (unknown or unplaceable).

    A card goes to the pile its Type names (the game's description says which); an unknown card to the pile its
    file's zone named, when that is a pile of the game; the starting list to the pile that takes no Type.
    """
    grouped: dict[str, list[DeckEntry]] = {p.id: [] for p in game.piles}
    grouped[UNPLACED_ID] = []
    starting = game.starting_pile()  # the deck's starting list goes there, else by its cards' Types
    for entry in deck.entries:
        grouped[_pile_of(entry, game, pool) or UNPLACED_ID].append(entry)
    for entry in deck.starting:
        grouped[starting or _pile_of(entry, game, pool) or UNPLACED_ID].append(entry)
    piles = [(p.id, p.label, grouped[p.id]) for p in game.piles]
    piles.append((UNPLACED_ID, UNPLACED_PILE_LABEL, grouped[UNPLACED_ID]))
    return piles


def _pile_of(entry: DeckEntry, game: Game, pool: Any | None) -> str | None:
    card = None
    if pool is not None:
        try:
            card = pool.lookup(entry.name)
        except Exception:  # a broken pool leaves the card unplaced, never crashes a save
            card = None
    if card is not None:
        return game.pile_of(getattr(card, "type", "") or "")
    hint = entry.zone_hint.value if entry.zone_hint is not None else None
    return hint if hint is not None and any(p.id == hint for p in game.piles) else None


class Layout:
    """The generic layout: one zone per pile of the game (its label), then the unplaced cards."""

    # Settings a native file writes as deck-level fields beside the sections, as earlier versions did (Rage's
    # Renown level), each with the most it may be; every other setting goes in its "settings" object. None here.
    field_settings: Mapping[str, int] = {}

    def __init__(self, game: Game, zone_labels: Mapping[str, str] | None = None) -> None:
        self.game = game
        self._labels = pile_ids_by_label(game)

    def zones(self, deck: Deck, pool: Any | None) -> list[FileZone]:
        """The deck's zones in the order a file lists them (empty ones included); the pile that takes no Type holds
        the starting list."""
        starting = self.game.starting_pile()
        return [
            FileZone(key, label, entries, starting=key == starting)
            for key, label, entries in grouped_by_pile(deck, self.game, pool)
        ]

    def place(self, label: str, strict: bool = False) -> Placement:
        """What a zone's label (a header, a .dek superzone, a native section key) means for this game.

        `strict`: a native file's section key, which must be written as the writer writes it.
        """
        pile = self._labels.get(label.casefold())
        return Placement(
            starting=pile is not None and pile == self.game.starting_pile(), known=pile is not None
        )

    def headerless(self, labels: Iterable[str]) -> Section | None:
        """The hint of a text list's cards before its first header (None: placed by their Type)."""
        return None

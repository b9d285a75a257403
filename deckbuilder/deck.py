"""The deck: a Renown level, a format, card entries (name, count, chosen printing) and a starts-in-play list."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Protocol

from carddb.cardtypes import Section
from carddb.messages import declare, message
from carddb.model import CardInfo
from carddb.normalize import normalize_name

DEFAULT_RENOWN_LEVEL = 20
# The highest Renown level a deck may name (the CLI, the deck files and the window all take it from here).
MAX_RENOWN_LEVEL = 1000
DEFAULT_FORMAT = "revised"
DEFAULT_GAME = "rage"
# Near names are offered for this many unknown cards per deck: a file of thousands of unknown names is not a
# deck with typos, and suggesting for each of them would make reading it slow for no one's benefit.
MAX_SUGGESTED_UNKNOWN = 50


class CardPool(Protocol):
    """What the deck code needs of a card database: look a name up, suggest near names."""

    def lookup(self, name: str) -> CardInfo | None: ...

    def suggest(self, name: str, limit: int = 3) -> list[str]: ...


# Bumped whenever an existing entry's name or printing is changed in place, so deck indexes know to rebuild.
_ENTRY_EDITS = [0]


@dataclass
class DeckEntry:
    """One card in the deck: its name as written, how many copies, and the chosen printing (set) if any."""

    name: str
    count: int = 1
    set_name: str | None = None
    # Section the file placed it in; used only while the card is unknown (known cards go by their Type).
    zone_hint: Section | None = None
    # (name, key) of the last `key` asked: a check reads every key many times, the name rarely changes.
    _key_of: tuple[str, str] = field(default=("", ""), init=False, repr=False, compare=False)

    def __setattr__(self, attr: str, value: object) -> None:
        if attr in ("name", "set_name") and attr in self.__dict__:
            _ENTRY_EDITS[0] += 1
        object.__setattr__(self, attr, value)

    @property
    def key(self) -> str:
        """Normalised name, the identity of the entry."""
        name, key = self._key_of
        if name is not self.name:
            key = normalize_name(self.name)
            self._key_of = (self.name, key)
        return key


# Where an unread part was (carddb Messages, so the location reads in the reader's language too).
declare({"DECKFILE_LINE": "{source}, line {line}", "DECKFILE_PLACE": "{source}: {where}"})


@dataclass(frozen=True, slots=True)
class UnreadPart:
    """A part of a deck file the reader could not use: the deck was not seen whole, so it cannot be legal."""

    source: str  # the file (or "<text>") it came from
    line: int | None  # 1-based line number, when the format has lines
    text: str  # the line or element as written (shortened when huge)
    reason: str  # why it could not be read
    where: str = ""  # position in formats without lines: "zone 'Sept', card 3", "sections.sept[2]"

    @property
    def location(self) -> str:
        """`source, line N` or `source: where`, for messages."""
        if self.line is not None:
            return message("DECKFILE_LINE", source=self.source, line=self.line)
        return message("DECKFILE_PLACE", source=self.source, where=self.where) if self.where else self.source


_EntryKey = tuple[str, str | None]


@dataclass
class _Index:
    """Positions of a list's entries by (normalised name, set); valid while the list is the one it was built for."""

    entries: list[DeckEntry]
    size: int
    last: DeckEntry | None
    positions: dict[_EntryKey, int]
    by_name: dict[str, list[int]]
    edits: int

    def valid_for(self, entries: list[DeckEntry]) -> bool:
        return (
            self.entries is entries
            and self.size == len(entries)
            and (entries[-1] if entries else None) is self.last
            and self.edits == _ENTRY_EDITS[0]
        )


def _build_index(entries: list[DeckEntry]) -> _Index:
    positions: dict[_EntryKey, int] = {}
    by_name: dict[str, list[int]] = {}
    for position, entry in enumerate(entries):
        key = entry.key
        positions.setdefault((key, entry.set_name), position)
        by_name.setdefault(key, []).append(position)
    return _Index(
        entries, len(entries), entries[-1] if entries else None, positions, by_name, _ENTRY_EDITS[0]
    )


@dataclass
class Deck:
    """A Rage deck: pack of Characters, sept deck and combat deck, kept as an ordered list of entries."""

    name: str = "Untitled deck"
    notes: str = ""
    renown_level: int = DEFAULT_RENOWN_LEVEL
    format: str = DEFAULT_FORMAT
    # The game the deck is for (deckbuilder/games/<game>/game.json) and its player-chosen settings by id.
    game: str = DEFAULT_GAME
    settings: dict[str, int] = field(default_factory=dict)
    entries: list[DeckEntry] = field(default_factory=list)
    # Cards that begin the game in play (taken out of the sept deck; they count for copies, not the minimum).
    starting: list[DeckEntry] = field(default_factory=list)
    # What the file reader could not use; kept (and saved natively) so the checker can say the deck was not seen whole.
    unread: list[UnreadPart] = field(default_factory=list)
    # Lookup indexes of `entries` and `starting` (callers may edit the lists directly: each index checks it is current).
    _indexes: dict[bool, _Index] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __iter__(self) -> Iterator[DeckEntry]:
        return iter(self.entries)

    def _index(self, starting: bool) -> _Index:
        entries = self.starting if starting else self.entries
        index = self._indexes.get(starting)
        if index is None or not index.valid_for(entries):
            index = self._indexes[starting] = _build_index(entries)
        return index

    def _at(self, starting: bool, position: int, key: str, set_name: str | None) -> DeckEntry | None:
        """The entry at an indexed position if it is still the one indexed there (else None: rebuild)."""
        entries = self.starting if starting else self.entries
        if position < len(entries):
            entry = entries[position]
            if entry.key == key and entry.set_name == set_name:
                return entry
        return None

    def find(self, name: str, set_name: str | None = None, starting: bool = False) -> DeckEntry | None:
        """The entry for this card (and printing, if given)."""
        if set_name is not None:
            return self.entry(name, set_name, starting=starting)
        key = normalize_name(name)
        for _attempt in range(2):
            index = self._index(starting)
            positions = index.by_name.get(key, [])
            entries = self.starting if starting else self.entries
            if all(p < len(entries) and entries[p].key == key for p in positions):
                return entries[positions[0]] if positions else None
            self._indexes.pop(starting, None)  # an entry changed in place: index again
        return None

    def count_of(self, name: str) -> int:
        """Copies of a card in the deck, across printings (starting list included)."""
        key = normalize_name(name)
        return sum(e.count for e in (*self.entries, *self.starting) if e.key == key)

    def add(
        self,
        name: str,
        count: int = 1,
        set_name: str | None = None,
        zone_hint: Section | None = None,
        *,
        starting: bool = False,
    ) -> None:
        """Add copies (to the starting list when `starting`), merging with the same card and printing."""
        if count <= 0:
            return
        entry = self.entry(name, set_name, starting=starting)
        if entry is not None:
            entry.count += count
            return
        target = self.starting if starting else self.entries
        new = DeckEntry(name=name, count=count, set_name=set_name, zone_hint=zone_hint)
        index = self._index(starting)
        target.append(new)
        # Keep the index current instead of rebuilding it: adding to a growing deck stays linear.
        position = len(target) - 1
        index.positions.setdefault((new.key, set_name), position)
        index.by_name.setdefault(new.key, []).append(position)
        index.size, index.last = len(target), new

    def entry(self, name: str, set_name: str | None, *, starting: bool = False) -> DeckEntry | None:
        """The entry of exactly this card and printing (None = "newest printing", not "any")."""
        key = normalize_name(name)
        for _attempt in range(2):
            position = self._index(starting).positions.get((key, set_name))
            if position is None:
                return None
            found = self._at(starting, position, key, set_name)
            if found is not None:
                return found
            self._indexes.pop(starting, None)  # an entry changed in place: index again
        return None

    def remove(self, name: str, count: int = 1, set_name: str | None = None) -> int:
        """Remove up to `count` copies (any printing when set_name is None); returns how many went."""
        return self._take(self.find(name, set_name), count, self.entries)

    def remove_exact(self, name: str, set_name: str | None, count: int = 1, *, starting: bool = False) -> int:
        """Remove up to `count` copies of exactly this printing's entry (or starting entry); returns how many went."""
        entries = self.starting if starting else self.entries
        return self._take(self.entry(name, set_name, starting=starting), count, entries)

    def move_to_starting(self, name: str, set_name: str | None, count: int = 1) -> int:
        """Put up to `count` copies of this sept entry in play at the start; returns how many moved."""
        return self._move(name, set_name, count, to_starting=True)

    def move_from_starting(self, name: str, set_name: str | None, count: int = 1) -> int:
        """Return up to `count` copies of this starting entry to the deck; returns how many moved."""
        return self._move(name, set_name, count, to_starting=False)

    def _move(self, name: str, set_name: str | None, count: int, *, to_starting: bool) -> int:
        source = self.entry(name, set_name, starting=not to_starting)
        if source is None:
            return 0
        # Keep the source's spelling and zone hint so the moved copies read and place the same way.
        written, hint = source.name, source.zone_hint
        entries = self.entries if to_starting else self.starting
        moved = self._take(source, count, entries)
        self.add(written, moved, set_name, hint, starting=to_starting)
        return moved

    def _take(self, entry: DeckEntry | None, count: int, entries: list[DeckEntry]) -> int:
        if entry is None or count <= 0:
            return 0
        removed = min(count, entry.count)
        entry.count -= removed
        if entry.count == 0:
            entries.remove(entry)
        return removed

    def change_printing(self, name: str, old_set: str | None, new_set: str | None) -> None:
        """Move an entry's copies to another printing, merging with an entry already on that printing."""
        entry = self.entry(name, old_set)
        if entry is None or old_set == new_set:
            return
        target = self.entry(name, new_set)
        if target is None:
            entry.set_name = new_set
        else:
            target.count += entry.count
            self.entries.remove(entry)

    def total_cards(self) -> int:
        """Copies in the deck (entries only)."""
        return sum(e.count for e in self.entries)

    def section_of(self, entry: DeckEntry, pool: CardPool) -> Section | None:
        """The section an entry belongs to: by the card's Type when known, else the file's zone hint."""
        card = pool.lookup(entry.name)
        if card is not None and card.section is not None:
            return card.section
        return entry.zone_hint

    def by_section(self, pool: CardPool) -> dict[Section | None, list[DeckEntry]]:
        """Entries grouped by section (None for cards whose section cannot be decided)."""
        grouped: dict[Section | None, list[DeckEntry]] = {s: [] for s in Section}
        for entry in self.entries:
            grouped.setdefault(self.section_of(entry, pool), []).append(entry)
        return grouped

    def copy(self) -> Deck:
        """A deep copy (entries are mutable)."""
        return Deck(
            name=self.name,
            notes=self.notes,
            renown_level=self.renown_level,
            format=self.format,
            game=self.game,
            settings=dict(self.settings),
            entries=[DeckEntry(e.name, e.count, e.set_name, e.zone_hint) for e in self.entries],
            starting=[DeckEntry(e.name, e.count, e.set_name, e.zone_hint) for e in self.starting],
            unread=list(self.unread),
        )

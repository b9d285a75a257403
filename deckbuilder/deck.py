"""The deck: its game, format and settings, card entries (name, count, chosen printing) and a starts-in-play list."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Protocol

from carddb.cardtypes import Section
from carddb.messages import declare, message
from carddb.model import CardInfo
from carddb.normalize import normalize_name
from carddb.record import FrozenRecord, set_field

DEFAULT_FORMAT = "revised"
DEFAULT_GAME = "rage"
# Near names are offered for this many unknown cards per deck: a file of thousands of unknown names is not a
# deck with typos, and suggesting for each of them would make reading it slow for no one's benefit.
MAX_SUGGESTED_UNKNOWN = 50


# Rage's Renown level is a setting of its game (deckbuilder/games/rage/renown.py): these names are kept for callers.
_RENOWN_NAMES = frozenset({"DEFAULT_RENOWN_LEVEL", "MAX_RENOWN_LEVEL"})


def __getattr__(name: str) -> Any:
    if name in _RENOWN_NAMES:
        from deckbuilder.games.rage import renown

        return getattr(renown, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class CardPool(Protocol):
    """What the deck code needs of a card database: look a name up and suggest near names."""

    def lookup(self, name: str) -> CardInfo | None: ...

    def suggest(self, name: str, limit: int = 3) -> list[str]: ...


def printing_sets(card: CardInfo) -> tuple[str, ...]:
    """The sets a card was printed in, newest first, that a deck entry can choose between (none for a card whose
    one printing has no set: a game's card-data CSV)."""
    return tuple(name for name in card.sets if name)


def printed_in_sets(pool: object) -> bool:
    """Whether a pool's cards are printed in named sets, so a deck entry or an owned card may name its printing.

    Asked of the cards, for every game alike: Rage's and a Lackey game's are; a pool with no set names (a game's
    card-data CSV, one printing a card, or cards held in memory) is not.
    """
    set_names = getattr(pool, "set_names", None)
    if set_names is None:
        return False
    try:
        return any(set_names())
    except Exception:  # a helper of the views: a database gone away must not stop a deck from showing
        return False


def prefetch_cards(pool: CardPool, deck: Deck) -> Mapping[str, Any]:
    """Let a pool that can (the card database) look every card of the deck up at once before they are asked
    for one by one: two queries per deck instead of two per card. The answer is what the pool's `lookup` answers
    for each entry's key it knows (empty for a pool that cannot say): the rest are asked one by one."""
    prefetch = getattr(pool, "prefetch", None)
    if prefetch is None:
        return {}
    # A broken pool must not crash a reader or the checker: each lookup then reports on its own.
    try:
        found = prefetch([entry.key for entry in (*deck.entries, *deck.starting)])
    except Exception:
        return {}
    return found if type(found) is dict or isinstance(found, Mapping) else {}


class DeckEntry(FrozenRecord):
    """One card in the deck: its name as written, how many copies, and the chosen printing (set) if any."""

    _fields = ("name", "count", "set_name", "zone_hint")
    __slots__ = (*_fields, "key")
    name: str
    count: int
    set_name: str | None
    # Section the file placed it in; used only while the card is unknown (known cards go by their Type).
    zone_hint: Section | None
    # Normalised name, the identity of the entry (a check reads it many times; the entry never changes); derived,
    # so neither compared nor shown.
    key: str

    def __init__(
        self, name: str, count: int = 1, set_name: str | None = None, zone_hint: Section | None = None
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "count", count)
        set_field(self, "set_name", set_name)
        set_field(self, "zone_hint", zone_hint)
        set_field(self, "key", normalize_name(name))


# Where an unread part was (carddb Messages, so the location reads in the reader's language too).
declare({"DECKFILE_LINE": "{source}, line {line}", "DECKFILE_PLACE": "{source}: {where}"})


class UnreadPart(FrozenRecord):
    """A part of a deck file the reader could not use: the deck was not seen whole, so it cannot be legal."""

    __slots__ = _fields = ("source", "line", "text", "reason", "where")
    source: str  # the file (or "<text>") it came from
    line: int | None  # 1-based line number, when the format has lines
    text: str  # the line or element as written (shortened when huge)
    reason: str  # why it could not be read
    where: str  # position in formats without lines: "zone 'Sept', card 3", "sections.sept[2]"

    def __init__(self, source: str, line: int | None, text: str, reason: str, where: str = "") -> None:
        set_field(self, "source", source)
        set_field(self, "line", line)
        set_field(self, "text", text)
        set_field(self, "reason", reason)
        set_field(self, "where", where)

    @property
    def location(self) -> str:
        """`source, line N` or `source: where`, for messages."""
        if self.line is not None:
            return message("DECKFILE_LINE", source=self.source, line=self.line)
        return message("DECKFILE_PLACE", source=self.source, where=self.where) if self.where else self.source


_EntryKey = tuple[str, str | None]


class _Index:
    """Positions of one list's entries by (normalised name, set) and by name; first match wins."""

    __slots__ = ("by_name", "positions")

    def __init__(self, positions: dict[_EntryKey, int], by_name: dict[str, list[int]]) -> None:
        self.positions = positions
        self.by_name = by_name

    @classmethod
    def of(cls, entries: list[DeckEntry]) -> _Index:
        index = cls({}, {})
        for position, entry in enumerate(entries):
            index.note(entry, position)
        return index

    def note(self, entry: DeckEntry, position: int) -> None:
        self.positions.setdefault((entry.key, entry.set_name), position)
        self.by_name.setdefault(entry.key, []).append(position)


class DeckState(FrozenRecord):
    """Everything an edit can change, frozen: undo keeps one before and one after each edit."""

    __slots__ = _fields = ("name", "notes", "format", "entries", "starting", "settings")
    name: str
    notes: str
    format: str
    entries: tuple[DeckEntry, ...]
    starting: tuple[DeckEntry, ...]
    settings: tuple[tuple[str, int], ...]  # the player-chosen settings of its game (Rage's Renown level)

    def __init__(
        self,
        name: str,
        notes: str,
        format: str,
        entries: tuple[DeckEntry, ...],
        starting: tuple[DeckEntry, ...],
        settings: tuple[tuple[str, int], ...] = (),
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "notes", notes)
        set_field(self, "format", format)
        set_field(self, "entries", entries)
        set_field(self, "starting", starting)
        set_field(self, "settings", settings)


class Deck:
    """A deck of any game: its entries in order (its game's piles place them) and the cards that start in play.

    The entry lists belong to the deck: callers read them (`entries`, `starting` are tuples of frozen entries)
    and change them only through its methods, so the lookup index is right by construction.
    """

    def __init__(
        self,
        name: str = "Untitled deck",
        notes: str = "",
        renown_level: int | None = None,
        format: str = DEFAULT_FORMAT,
        game: str = DEFAULT_GAME,
        settings: dict[str, int] | None = None,
        entries: Iterable[DeckEntry] = (),
        starting: Iterable[DeckEntry] = (),
        unread: Iterable[UnreadPart] = (),
        tags: Iterable[str] = (),
    ) -> None:
        self.name = name
        self.notes = notes
        self.format = format
        # The game the deck is for (deckbuilder/games/<game>/game.json) and its player-chosen settings by id.
        self.game = game
        self.settings: dict[str, int] = dict(settings or {})
        if renown_level is not None:
            self.renown_level = renown_level
        # What the file reader could not use; kept (and saved natively) so the checker can say the deck was not
        # seen whole.
        self.unread: list[UnreadPart] = list(unread)
        # The player's tags (the deck library's): kept in a native file, beside a Lackey one (deckbuilder.library).
        self.tags: tuple[str, ...] = tuple(tags)
        # The deck's entries (False) and the cards that begin the game in play (True: taken out of the sept deck;
        # they count for copies, not the minimum). Only this class changes them.
        self._lists: dict[bool, list[DeckEntry]] = {False: list(entries), True: list(starting)}
        self._indexes: dict[bool, _Index] = {}
        self._views: dict[bool, tuple[DeckEntry, ...]] = {}

    # -- reading ----------------------------------------------------------------------------------

    @property
    def entries(self) -> tuple[DeckEntry, ...]:
        """The deck's entries in order (the starting list apart)."""
        return self._view(False)

    @property
    def starting(self) -> tuple[DeckEntry, ...]:
        """The cards that begin the game in play."""
        return self._view(True)

    def _view(self, starting: bool) -> tuple[DeckEntry, ...]:
        view = self._views.get(starting)
        if view is None:
            view = self._views[starting] = tuple(self._lists[starting])
        return view

    def __iter__(self) -> Iterator[DeckEntry]:
        return iter(self.entries)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return (self.state(), self.game, self.unread) == (other.state(), other.game, other.unread)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Deck(name={self.name!r}, game={self.game!r}, entries={self.entries!r}, starting={self.starting!r})"

    def is_empty(self) -> bool:
        """No entries and no starting cards."""
        return not self._lists[False] and not self._lists[True]

    def _index(self, starting: bool) -> _Index:
        index = self._indexes.get(starting)
        if index is None:
            index = self._indexes[starting] = _Index.of(self._lists[starting])
        return index

    def find(self, name: str, set_name: str | None = None, starting: bool = False) -> DeckEntry | None:
        """The entry for this card (and printing, if given)."""
        if set_name is not None:
            return self.entry(name, set_name, starting=starting)
        positions = self._index(starting).by_name.get(normalize_name(name))
        return self._lists[starting][positions[0]] if positions else None

    def entry(self, name: str, set_name: str | None, *, starting: bool = False) -> DeckEntry | None:
        """The entry of exactly this card and printing (None = "newest printing", not "any")."""
        position = self._position(name, set_name, starting)
        return None if position is None else self._lists[starting][position]

    def _position(self, name: str, set_name: str | None, starting: bool) -> int | None:
        return self._index(starting).positions.get((normalize_name(name), set_name))

    def count_of(self, name: str) -> int:
        """Copies of a card in the deck, across printings (starting list included)."""
        key = normalize_name(name)
        return sum(e.count for e in (*self._lists[False], *self._lists[True]) if e.key == key)

    def total_cards(self) -> int:
        """Copies in the deck (entries only)."""
        return sum(e.count for e in self._lists[False])

    def section_of(self, entry: DeckEntry, pool: CardPool) -> Section | None:
        """The section an entry belongs to: by the card's Type when known, else the file's zone hint."""
        card = pool.lookup(entry.name)
        if card is not None and card.section is not None:
            return card.section
        return entry.zone_hint

    def by_section(self, pool: CardPool) -> dict[Section | None, list[DeckEntry]]:
        """Entries grouped by section (None for cards whose section cannot be decided)."""
        grouped: dict[Section | None, list[DeckEntry]] = {s: [] for s in Section}
        for entry in self._lists[False]:
            grouped.setdefault(self.section_of(entry, pool), []).append(entry)
        return grouped

    def state(self) -> DeckState:
        """Everything an edit can change, frozen (entries are immutable, so this copies no entry)."""
        return DeckState(
            self.name,
            self.notes,
            self.format,
            self.entries,
            self.starting,
            tuple(sorted(self.settings.items())),
        )

    def copy(self) -> Deck:
        """An independent copy (entries are frozen, so they are shared)."""
        return Deck(
            name=self.name,
            notes=self.notes,
            format=self.format,
            game=self.game,
            settings=self.settings,
            entries=self._lists[False],
            starting=self._lists[True],
            unread=self.unread,
            tags=self.tags,
        )

    # -- changing: every change of an entry list goes through these -------------------------------

    def _changed(self, starting: bool, *, positions_moved: bool) -> None:
        """Forget the list's tuple (and its index when entries moved, left or changed their key)."""
        self._views.pop(starting, None)
        if positions_moved:
            self._indexes.pop(starting, None)

    def _append(self, entry: DeckEntry, starting: bool) -> None:
        target = self._lists[starting]
        target.append(entry)
        index = self._indexes.get(starting)
        if index is not None:  # keep the index current: adding to a growing deck stays linear
            index.note(entry, len(target) - 1)
        self._changed(starting, positions_moved=False)

    def _recount(self, starting: bool, position: int, count: int) -> None:
        """Set the copies of the entry at `position` (0 or fewer drops it)."""
        target = self._lists[starting]
        if count <= 0:
            del target[position]
            self._changed(starting, positions_moved=True)
        else:
            target[position] = target[position].replace(count=count)
            self._changed(starting, positions_moved=False)

    def extend(self, entries: Iterable[DeckEntry], *, starting: bool = False) -> None:
        """Append entries as a file wrote them (no merging: a reader keeps the file's rows)."""
        for entry in entries:
            self._append(entry, starting)

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
        position = self._position(name, set_name, starting)
        if position is not None:
            self._recount(starting, position, self._lists[starting][position].count + count)
        else:
            self._append(DeckEntry(name=name, count=count, set_name=set_name, zone_hint=zone_hint), starting)

    def set_count(self, name: str, set_name: str | None, count: int, *, starting: bool = False) -> None:
        """Set the copies of one entry (of the starting list when `starting`; 0 removes it), keeping its place."""
        position = self._position(name, set_name, starting)
        if position is None:
            self.add(name, count, set_name, starting=starting)
        else:
            self._recount(starting, position, count)

    def remove(self, name: str, count: int = 1, set_name: str | None = None) -> int:
        """Remove up to `count` copies (any printing when set_name is None); returns how many went."""
        found = self.find(name, set_name)
        if found is None:
            return 0
        return self._take(self._position(found.name, found.set_name, False), count, False)

    def remove_exact(self, name: str, set_name: str | None, count: int = 1, *, starting: bool = False) -> int:
        """Remove up to `count` copies of exactly this printing's entry (or starting entry); returns how many went."""
        return self._take(self._position(name, set_name, starting), count, starting)

    def _take(self, position: int | None, count: int, starting: bool) -> int:
        if position is None or count <= 0:
            return 0
        have = self._lists[starting][position].count
        removed = min(count, have)
        self._recount(starting, position, have - removed)
        return removed

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
        moved = self._take(self._position(name, set_name, not to_starting), count, not to_starting)
        self.add(source.name, moved, set_name, source.zone_hint, starting=to_starting)
        return moved

    def change_printing(self, name: str, old_set: str | None, new_set: str | None) -> None:
        """Move an entry's copies to another printing, merging with an entry already on that printing."""
        position = self._position(name, old_set, False)
        if position is None or old_set == new_set:
            return
        entry = self._lists[False][position]
        target = self._position(name, new_set, False)
        if target is None:
            self._lists[False][position] = entry.replace(set_name=new_set)
            self._changed(False, positions_moved=True)
        else:
            self._recount(False, target, self._lists[False][target].count + entry.count)
            self._recount(False, position, 0)

    def replace(self, name: str, set_name: str | None, new_name: str, *, starting: bool = False) -> int:
        """Swap an entry for another card (newest printing) in its place, keeping the count; returns the count.

        When the new card already has an entry of its newest printing, the copies join it instead.
        """
        position = self._position(name, set_name, starting)
        if position is None:
            return 0
        entry = self._lists[starting][position]
        target = self._position(new_name, None, starting)
        if target is not None and target != position:
            self._recount(starting, target, self._lists[starting][target].count + entry.count)
            self._recount(starting, position, 0)
        else:
            self._lists[starting][position] = DeckEntry(new_name, entry.count, None, entry.zone_hint)
            self._changed(starting, positions_moved=True)
        return entry.count

    def set_setting(self, setting: str, value: int) -> None:
        """Choose a value for one of its game's player-chosen settings (by its id)."""
        self.settings[setting] = value

    @property
    def renown_level(self) -> int:
        """Kept for earlier callers: the deck's `renown_level` setting (Rage's), else its default."""
        from deckbuilder.games.rage.renown import renown_level_of

        return renown_level_of(self)

    @renown_level.setter
    def renown_level(self, level: int) -> None:
        from deckbuilder.games.rage.renown import DEFAULT_RENOWN_LEVEL, RENOWN_LEVEL

        # The default is the level of a deck that names none: kept unnamed, as the deck files read it.
        if level == DEFAULT_RENOWN_LEVEL:
            self.settings.pop(RENOWN_LEVEL, None)
        else:
            self.settings[RENOWN_LEVEL] = level

    def restore(self, state: DeckState) -> None:
        """Put the deck back in a state taken with `state()` (the Deck object itself stays the same)."""
        self.name = state.name
        self.notes = state.notes
        self.format = state.format
        self.settings = dict(state.settings)
        for starting, entries in ((False, state.entries), (True, state.starting)):
            self._lists[starting] = list(entries)
            self._changed(starting, positions_moved=True)

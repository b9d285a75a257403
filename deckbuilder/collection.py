"""The player's collection: owned cards by game, name, printing and count, in the card database's `collection` table.

Rows are keyed by their game and the normalised name as written (no link to card ids), so re-importing card data or
a card renamed upstream loses nothing: an owned card the game's cards no longer hold is kept, reported and exported
as written. Each game's collection is its own: a `Collection` reads and writes one game's rows.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.db import CardDatabase
from carddb.messages import declare, message
from carddb.normalize import normalize_name
from carddb.record import FrozenRecord, MutableRecord, set_field
from carddb.search import DeckTerms
from deckbuilder.deck import DEFAULT_GAME, Deck
from deckbuilder.deckfiles.common import lines_of

if TYPE_CHECKING:
    from deckbuilder.games.description import Game

MAX_OWNED = 9999  # copies of one printing; more is a typing slip, not a collection
MAX_NAME_CHARS = 200


declare(
    {
        "COLLECTION_NAME_EMPTY": "a card name is empty",
        "COLLECTION_NAME_TOO_LONG": "'{start}…' is too long to be a card name ({length} characters)",
        "COLLECTION_NAME_SURROGATE": "a card name holds a lone surrogate character",
        "COLLECTION_BAD_COUNT": "a count must be between 0 and {most}, not {count}",
        "COLLECTION_ENTRY": "{source}: entry '{name}'",
        "COLLECTION_REFUSED": "{where}: refused: {reason}",
        "COLLECTION_MORE_REFUSED": "{source}: {count} more entries refused",
        "COLLECTION_TARGET_READ": "{path} is {read}, the card database this export reads: give another file",
        "COLLECTION_NOT_REPLACED": "the collection was not replaced: {count} part(s) of the have lists could not "
        "be used (see above); fix them, or import without --replace to add what can be read",
    }
)

# Refused entries located and listed one by one; past this a have list is garbage and only counted.
MAX_LISTED_REFUSALS = 20


class CollectionError(Exception):
    """A collection file or value that cannot be used; `reason` (a carddb Message, when ours) says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Owned(FrozenRecord):
    """One collection row: the name as written, its printing ("" = not given), copies, and whether the card is known."""

    __slots__ = _fields = ("name", "set_name", "count", "known", "current_name")
    name: str
    set_name: str
    count: int
    known: bool
    current_name: str  # the database's spelling when known

    def __init__(
        self, name: str, set_name: str, count: int, known: bool = True, current_name: str = ""
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "set_name", set_name)
        set_field(self, "count", count)
        set_field(self, "known", known)
        set_field(self, "current_name", current_name)

    def to_json(self) -> dict[str, object]:
        """The shape `ragedeck collection list --json` prints."""
        return {"name": self.name, "set": self.set_name or None, "count": self.count, "known": self.known}


class ImportSummary(MutableRecord):
    """What a have-list import did: copies added, rows written, unknown names kept, file problems, refused parts."""

    _fields = ("copies", "rows", "unknown", "problems", "refused", "unused")

    def __init__(
        self,
        copies: int = 0,
        rows: int = 0,
        unknown: list[str] | None = None,
        problems: list[str] | None = None,
        refused: list[str] | None = None,
        unused: int = 0,
    ) -> None:
        self.copies = copies
        self.rows = rows
        self.unknown: list[str] = [] if unknown is None else unknown
        self.problems: list[str] = (
            [] if problems is None else problems
        )  # the reader's notes (its skipped lines)
        self.refused: list[str] = (
            [] if refused is None else refused
        )  # entries refused, each with where it was
        self.unused = unused  # parts of the file not added: lines the reader skipped plus entries refused


class HaveList(FrozenRecord):
    """A have list read and checked, nothing written yet: the entries to add and what was refused or skipped."""

    _fields = ("source", "items", "problems", "refused", "unused", "game")
    source: str
    items: tuple[tuple[str, str, int], ...]  # (clean name, set or "", copies)
    problems: tuple[str, ...]
    refused: tuple[str, ...]
    unused: int
    game: str  # the game whose collection the list is added to (the file's own, or the one asked)

    def __init__(
        self,
        source: str,
        items: tuple[tuple[str, str, int], ...],
        problems: tuple[str, ...],
        refused: tuple[str, ...],
        unused: int,
        game: str = DEFAULT_GAME,
    ) -> None:
        set_field(self, "source", source)
        set_field(self, "items", items)
        set_field(self, "problems", problems)
        set_field(self, "refused", refused)
        set_field(self, "unused", unused)
        set_field(self, "game", game)

    @property
    def complete(self) -> bool:
        """Every part of the file can be added."""
        return self.unused == 0


class RowStatus(FrozenRecord):
    """Owned and missing copies of one deck card (any printing counts as owned)."""

    __slots__ = _fields = ("owned", "missing")
    owned: int
    missing: int

    def __init__(self, owned: int, missing: int) -> None:
        set_field(self, "owned", owned)
        set_field(self, "missing", missing)


def _clean_name(name: str) -> str:
    text = " ".join(name.split())
    if not text:
        raise CollectionError(message("COLLECTION_NAME_EMPTY"))
    if len(text) > MAX_NAME_CHARS:
        raise CollectionError(message("COLLECTION_NAME_TOO_LONG", start=text[:40], length=len(text)))
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise CollectionError(message("COLLECTION_NAME_SURROGATE"))
    return text


def _check_count(count: int) -> int:
    if not 0 <= count <= MAX_OWNED:
        raise CollectionError(message("COLLECTION_BAD_COUNT", most=MAX_OWNED, count=count))
    return count


def collection_game(game: str | None) -> str:
    """The key a game's collection rows carry: its name in lower case (Rage's when none is given)."""
    return (game or DEFAULT_GAME).strip().casefold() or DEFAULT_GAME


class Collection:
    """The owned cards of one game in one card database (Rage's by default); every write is one transaction."""

    def __init__(self, db: CardDatabase, game: str | None = DEFAULT_GAME) -> None:
        self.db = db
        self.game = collection_game(game)
        self._pool: Any = None  # the game's cards, read on first need (Rage's: the database itself)

    def described(self) -> Game | None:
        """The game's description (None for a game that is not installed: none of its cards is known)."""
        from deckbuilder.games.description import GameError
        from deckbuilder.games.loader import load_game

        try:
            return load_game(self.game)
        except GameError:
            return None

    def pool(self) -> Any:
        """Where this game's card names are looked up: the game's pool (Rage's is the card database)."""
        if self._pool is None:
            from deckbuilder.context import DeckContexts
            from deckbuilder.games.cards import GameCardPool

            game = self.described()
            self._pool = DeckContexts(self.db).pool(game) if game is not None else GameCardPool(self.game, ())
        return self._pool

    def current_name(self, name: str) -> str | None:
        """The game's spelling of a card it holds now, None when it does not know the card (or retired it)."""
        card = self.pool().lookup(name)
        if card is None or getattr(card, "retired", False):  # retired: shown as unknown, still owned
            return None
        return str(card.name)

    def rows(self) -> list[Owned]:
        """Every owned printing, by name then set, each marked known or unknown to the game's cards."""
        conn = self.db.raw_connection()
        try:
            found = conn.execute(
                "SELECT name, set_name, count FROM collection WHERE game = ? AND count > 0 "
                "ORDER BY norm_name, set_name",
                (self.game,),
            ).fetchall()
        finally:
            conn.close()
        owned = []
        for name, set_name, count in found:
            current = self.current_name(str(name))
            owned.append(Owned(str(name), str(set_name), int(count), current is not None, current or ""))
        return owned

    def unknown(self) -> list[Owned]:
        """Owned cards the game's cards do not hold (renamed upstream, or a typo)."""
        return [row for row in self.rows() if not row.known]

    def count(self, name: str, set_name: str | None = None) -> int:
        """Copies owned of a card: of one printing when set_name is given, else of every printing."""
        conn = self.db.raw_connection()
        try:
            if set_name is None:
                row = conn.execute(
                    "SELECT COALESCE(SUM(count), 0) FROM collection WHERE game = ? AND norm_name = ?",
                    (self.game, normalize_name(name)),
                ).fetchone()
            else:
                row = conn.execute(
                    "SELECT COALESCE(SUM(count), 0) FROM collection WHERE game = ? AND norm_name = ? "
                    "AND set_name = ?",
                    (self.game, normalize_name(name), set_name),
                ).fetchone()
        finally:
            conn.close()
        return int(row[0])

    def owned_map(self) -> dict[str, int]:
        """Copies owned per normalised name (every printing together)."""
        conn = self.db.raw_connection()
        try:
            found = conn.execute(
                "SELECT norm_name, SUM(count) FROM collection WHERE game = ? GROUP BY norm_name", (self.game,)
            ).fetchall()
        finally:
            conn.close()
        return {str(key): int(total) for key, total in found if int(total) > 0}

    def set_count(self, name: str, set_name: str | None, count: int) -> None:
        """Own exactly `count` copies of this printing (0 removes the row)."""
        self.set_counts([(name, set_name, count)])

    def set_counts(self, items: Iterable[tuple[str, str | None, int]]) -> None:
        """Several set_count calls in one transaction (all or nothing)."""
        checked = [(_clean_name(n), (s or "").strip(), _check_count(c)) for n, s, c in items]
        with self.db.write_transaction() as conn:
            for name, set_name, count in checked:
                key = normalize_name(name)
                if count == 0:
                    conn.execute(
                        "DELETE FROM collection WHERE game = ? AND norm_name = ? AND set_name = ?",
                        (self.game, key, set_name),
                    )
                else:
                    conn.execute(
                        "INSERT INTO collection (game, norm_name, set_name, name, count) VALUES (?, ?, ?, ?, ?) "
                        "ON CONFLICT(game, norm_name, set_name) DO UPDATE SET count = excluded.count, "
                        "name = excluded.name",
                        (self.game, key, set_name, name, count),
                    )

    def add(self, items: Iterable[tuple[str, str | None, int]]) -> int:
        """Add copies (summing with what is owned, capped at MAX_OWNED) in one transaction; returns copies added."""
        checked = [(_clean_name(n), (s or "").strip(), c) for n, s, c in items if c > 0]
        with self.db.write_transaction() as conn:
            return _add_in(conn, self.game, checked)

    def clear(self) -> None:
        """Own nothing of this game."""
        with self.db.write_transaction() as conn:
            conn.execute("DELETE FROM collection WHERE game = ?", (self.game,))

    # -- have lists --------------------------------------------------------------------------------

    def import_deck(self, deck: Deck, *, replace: bool = False) -> ImportSummary:
        """Add every card of a deck (entries and starting list) with its printing; `replace` empties the collection.

        Entries the collection cannot hold (a name too long to be a card's) are refused and listed; the rest are
        added. A replace is all or nothing: with any entry refused, nothing changes (CollectionError).
        """
        have = _checked(deck, deck.name, game=self.game)
        return self.import_have_lists([have], replace=replace)[0]

    def read_have_list(self, path: Path, game: str | None = None) -> HaveList:
        """Read and check a have list (a Lackey .dek, a Lackey or plain text list, or a native deck file).

        Its cards are the game the file names (Rage's when it names none), or `game` whatever the file says.
        """
        from deckbuilder.deckfiles import DeckFileError, read_deck

        forced = collection_game(game) if game else None
        pool = Collection(self.db, forced).pool() if forced else self.db
        try:
            loaded = read_deck(path, pool=pool, game=forced)
        except DeckFileError as exc:
            raise CollectionError(exc.reason) from exc
        source = path.name or str(path)
        have = _checked(loaded.deck, source, path, game=forced or loaded.deck.game)
        return HaveList(
            have.source,
            have.items,
            tuple(loaded.problems),
            have.refused,
            have.unused + len(loaded.deck.unread),
            have.game,
        )

    def import_have_lists(self, lists: Sequence[HaveList], *, replace: bool = False) -> list[ImportSummary]:
        """Add have lists, each to its game's collection, in one transaction; `replace` empties the collections
        they go to first, only if every list is whole."""
        if replace:
            unused = sum(have.unused for have in lists)
            if unused:
                raise CollectionError(message("COLLECTION_NOT_REPLACED", count=unused))
        summaries = []
        with self.db.write_transaction() as conn:
            if replace:
                for game in {have.game for have in lists}:
                    conn.execute("DELETE FROM collection WHERE game = ?", (game,))
            for have in lists:
                summary = ImportSummary(
                    problems=list(have.problems), refused=list(have.refused), unused=have.unused
                )
                summary.copies = _add_in(conn, have.game, have.items)
                summary.rows = len({(normalize_name(n), s) for n, s, _ in have.items})
                summaries.append(summary)
        games = {self.game: self}
        for have, summary in zip(lists, summaries, strict=True):
            owner = games.setdefault(have.game, Collection(self.db, have.game))
            seen: set[str] = set()
            for name, _set, _count in have.items:
                key = normalize_name(name)
                if key not in seen and owner.current_name(name) is None:
                    summary.unknown.append(name)
                seen.add(key)
        return summaries

    def import_file(self, path: Path, *, replace: bool = False) -> ImportSummary:
        """Import a have list into this game's collection: its sound entries are added, the others refused and
        listed (see import_deck)."""
        return self.import_have_lists([self.read_have_list(path, game=self.game)], replace=replace)[0]

    def as_deck(self) -> Deck:
        """The collection as a deck document of its game (one entry per printing), for the deck-file writers."""
        deck = Deck(name="Collection", game=self.game)
        for row in self.rows():
            deck.add(row.current_name or row.name, row.count, row.set_name or None)
        return deck

    def export_file(self, path: Path) -> int:
        """Write the collection as a have list (.dek/.json keep printings, .txt lists names); returns copies."""
        from carddb.atomic import atomic_write_text, reads_target
        from deckbuilder.deckfiles import DeckFileError, write_deck
        from deckbuilder.deckfiles.common import KIND_DEK
        from deckbuilder.deckfiles.dek import deck_to_dek
        from deckbuilder.deckfiles.io import kind_for_path

        database = Path(self.db.path)
        read = reads_target(
            path, [database, *(database.with_name(database.name + s) for s in ("-wal", "-shm"))]
        )
        if read is not None:  # never onto a file this command reads, by a link or another name
            raise CollectionError(message("COLLECTION_TARGET_READ", path=str(path), read=str(read)))
        deck = self.as_deck()
        pool = self.pool()
        try:
            # The zone names of the plugin the database's own cards came from, as Lackey reads them back; another
            # game's cards go to its piles, as its description names them.
            labels = pool.deck_zone_labels() if pool is self.db else None
            if kind_for_path(path) == KIND_DEK:  # "any printing" rows must not come back pinned to the newest
                atomic_write_text(path, deck_to_dek(deck, pool, labels, pin_printings=False))
            else:
                write_deck(deck, path, pool=pool, zone_labels=labels)
        except DeckFileError as exc:
            raise CollectionError(exc.reason) from exc
        except OSError as exc:
            reason = exc.strerror if exc.strerror else str(exc)
            raise CollectionError(message("DECKFILE_CANNOT_WRITE", path=str(path), error=reason)) from exc
        return deck.total_cards()


def _add_in(conn: sqlite3.Connection, game: str, items: Iterable[tuple[str, str, int]]) -> int:
    """Add checked (name, set, copies) items of a game inside an open transaction; copies added (capped)."""
    added = 0
    for name, set_name, count in items:
        key = normalize_name(name)
        row = conn.execute(
            "SELECT count FROM collection WHERE game = ? AND norm_name = ? AND set_name = ?",
            (game, key, set_name),
        ).fetchone()
        have = int(row[0]) if row else 0
        total = min(have + count, MAX_OWNED)
        added += total - have
        conn.execute(
            "INSERT INTO collection (game, norm_name, set_name, name, count) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(game, norm_name, set_name) DO UPDATE SET count = excluded.count",
            (game, key, set_name, name, total),
        )
    return added


def _checked(deck: Deck, source: str, path: Path | None = None, game: str | None = None) -> HaveList:
    """The deck's entries the collection can hold, and each refused one with where it stood in the file."""
    items: list[tuple[str, str, int]] = []
    refusals: list[tuple[str, str]] = []  # (name as written, reason)
    for entry in (*deck.entries, *deck.starting):
        if entry.count <= 0:
            continue
        try:
            items.append((_clean_name(entry.name), (entry.set_name or "").strip(), entry.count))
        except CollectionError as exc:
            refusals.append((entry.name, exc.reason))
    listed = refusals[:MAX_LISTED_REFUSALS]
    lines = lines_of(path, [name for name, _reason in listed]) if path is not None and listed else {}
    refused = [
        message(
            "COLLECTION_REFUSED",
            where=message("DECKFILE_LINE", source=source, line=lines[name])
            if name in lines
            else message("COLLECTION_ENTRY", source=source, name=_shown(name)),
            reason=reason,
        )
        for name, reason in listed
    ]
    if len(refusals) > len(listed):
        refused.append(message("COLLECTION_MORE_REFUSED", source=source, count=len(refusals) - len(listed)))
    return HaveList(
        source, tuple(items), (), tuple(refused), len(refusals), collection_game(game or deck.game)
    )


def _shown(name: str) -> str:
    """A refused name as it is shown: one line, cut, without characters a terminal would act on."""
    text = "".join(ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF else "\ufffd" for ch in name)
    return text[:40] + ("…" if len(text) > 40 else "")


def deck_status(deck: Deck, owned: Mapping[str, int]) -> dict[tuple[str, str | None, bool], RowStatus]:
    """Owned and missing copies per deck row (name, printing, starting), owned copies used up in deck order."""
    left = dict(owned)
    status: dict[tuple[str, str | None, bool], RowStatus] = {}
    for starting, entries in ((False, deck.entries), (True, deck.starting)):
        for entry in entries:
            have = min(max(left.get(entry.key, 0), 0), max(entry.count, 0))
            left[entry.key] = left.get(entry.key, 0) - have
            status[(entry.key, entry.set_name, starting)] = RowStatus(have, max(entry.count, 0) - have)
    return status


def owned_for(db: CardDatabase, deck: Deck) -> dict[str, int]:
    """Copies owned per normalised name of the deck's game: what the Own column and proxy exports read."""
    return Collection(db, deck.game).owned_map()


def missing_copies(deck: Deck, owned: Mapping[str, int]) -> int:
    """Copies of the deck the player does not own."""
    return sum(s.missing for s in deck_status(deck, owned).values())


def copies_in_use(decks: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """Copies per normalised name that built decks hold (their cards are in use, not free for another deck)."""
    used: dict[str, int] = {}
    for counts in decks:
        for key, copies in counts.items():
            used[key] = used.get(key, 0) + max(copies, 0)
    return used


def missing_beside(
    needed: Mapping[str, int], owned: Mapping[str, int], in_use: Mapping[str, int]
) -> dict[str, int]:
    """Copies per normalised name a deck (or a selection's `needed` together) lacks from what is owned once
    `in_use` copies are taken by other decks; the names it lacks none of are left out."""
    lacking: dict[str, int] = {}
    for key, need in needed.items():
        free = max(owned.get(key, 0) - in_use.get(key, 0), 0)
        if need > free:
            lacking[key] = need - free
    return lacking


def deck_terms(deck: Deck, owned: Mapping[str, int]) -> DeckTerms:
    """What the search's `in:deck` and `is:missing` ask about this deck: its cards, and those it lacks copies of."""
    status = deck_status(deck, owned)
    return DeckTerms(
        cards=frozenset(e.key for e in (*deck.entries, *deck.starting) if e.count > 0),
        missing=frozenset(key for (key, _set, _starting), row in status.items() if row.missing > 0),
    )

"""The player's collection: owned cards by name, printing and count, kept in the card database's `collection` table.

Rows are keyed by the normalised name as written (no link to card ids), so re-importing card data or a card renamed
upstream loses nothing: an owned card the database no longer knows is kept, reported and exported as written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from carddb.db import CardDatabase
from carddb.normalize import normalize_name
from deckbuilder.deck import Deck

MAX_OWNED = 9999  # copies of one printing; more is a typing slip, not a collection
MAX_NAME_CHARS = 200


class CollectionError(Exception):
    """A collection file or value that cannot be used; the message says why."""


@dataclass(frozen=True, slots=True)
class Owned:
    """One collection row: the name as written, its printing ("" = not given), copies, and whether the card is known."""

    name: str
    set_name: str
    count: int
    known: bool = True
    current_name: str = ""  # the database's spelling when known

    def to_json(self) -> dict[str, object]:
        """The shape `ragedeck collection list --json` prints."""
        return {"name": self.name, "set": self.set_name or None, "count": self.count, "known": self.known}


@dataclass
class ImportSummary:
    """What a have-list import did: copies added, rows written, unknown names kept, file problems."""

    copies: int = 0
    rows: int = 0
    unknown: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class RowStatus:
    """Owned and missing copies of one deck card (any printing counts as owned)."""

    owned: int
    missing: int


def _clean_name(name: str) -> str:
    text = " ".join(name.split())
    if not text:
        raise CollectionError("a card name is empty")
    if len(text) > MAX_NAME_CHARS:
        raise CollectionError(f"'{text[:40]}…' is too long to be a card name ({len(text)} characters)")
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise CollectionError("a card name holds a lone surrogate character")
    return text


def _check_count(count: int) -> int:
    if not 0 <= count <= MAX_OWNED:
        raise CollectionError(f"a count must be between 0 and {MAX_OWNED}, not {count}")
    return count


class Collection:
    """The owned cards of one card database; every write is one transaction."""

    def __init__(self, db: CardDatabase) -> None:
        self.db = db

    def rows(self) -> list[Owned]:
        """Every owned printing, by name then set, each marked known or unknown to the card database."""
        conn = self.db.raw_connection()
        try:
            found = conn.execute(
                "SELECT name, set_name, count FROM collection WHERE count > 0 ORDER BY norm_name, set_name"
            ).fetchall()
        finally:
            conn.close()
        owned = []
        for name, set_name, count in found:
            card = self.db.lookup(str(name))
            owned.append(
                Owned(
                    str(name),
                    str(set_name),
                    int(count),
                    card is not None,
                    card.name if card is not None else "",
                )
            )
        return owned

    def unknown(self) -> list[Owned]:
        """Owned cards the card database does not know (renamed upstream, or a typo)."""
        return [row for row in self.rows() if not row.known]

    def count(self, name: str, set_name: str | None = None) -> int:
        """Copies owned of a card: of one printing when set_name is given, else of every printing."""
        conn = self.db.raw_connection()
        try:
            if set_name is None:
                row = conn.execute(
                    "SELECT COALESCE(SUM(count), 0) FROM collection WHERE norm_name = ?",
                    (normalize_name(name),),
                ).fetchone()
            else:
                row = conn.execute(
                    "SELECT COALESCE(SUM(count), 0) FROM collection WHERE norm_name = ? AND set_name = ?",
                    (normalize_name(name), set_name),
                ).fetchone()
        finally:
            conn.close()
        return int(row[0])

    def owned_map(self) -> dict[str, int]:
        """Copies owned per normalised name (every printing together)."""
        conn = self.db.raw_connection()
        try:
            found = conn.execute("SELECT norm_name, SUM(count) FROM collection GROUP BY norm_name").fetchall()
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
                        "DELETE FROM collection WHERE norm_name = ? AND set_name = ?", (key, set_name)
                    )
                else:
                    conn.execute(
                        "INSERT INTO collection (norm_name, set_name, name, count) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT(norm_name, set_name) DO UPDATE SET count = excluded.count, name = excluded.name",
                        (key, set_name, name, count),
                    )

    def add(self, items: Iterable[tuple[str, str | None, int]]) -> int:
        """Add copies (summing with what is owned, capped at MAX_OWNED) in one transaction; returns copies added."""
        added = 0
        checked = [(_clean_name(n), (s or "").strip(), c) for n, s, c in items if c > 0]
        with self.db.write_transaction() as conn:
            for name, set_name, count in checked:
                key = normalize_name(name)
                row = conn.execute(
                    "SELECT count FROM collection WHERE norm_name = ? AND set_name = ?", (key, set_name)
                ).fetchone()
                have = int(row[0]) if row else 0
                total = min(have + count, MAX_OWNED)
                added += total - have
                conn.execute(
                    "INSERT INTO collection (norm_name, set_name, name, count) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(norm_name, set_name) DO UPDATE SET count = excluded.count",
                    (key, set_name, name, total),
                )
        return added

    def clear(self) -> None:
        """Own nothing."""
        with self.db.write_transaction() as conn:
            conn.execute("DELETE FROM collection")

    # -- have lists --------------------------------------------------------------------------------

    def import_deck(self, deck: Deck, *, replace: bool = False) -> ImportSummary:
        """Add every card of a deck (entries and starting list) with its printing; `replace` empties the collection."""
        items = [(e.name, e.set_name, e.count) for e in (*deck.entries, *deck.starting) if e.count > 0]
        summary = ImportSummary()
        try:
            if replace:
                self.clear()
            summary.copies = self.add(items)
        except CollectionError as exc:
            summary.problems.append(str(exc))
            return summary
        summary.rows = len({(normalize_name(n), s or "") for n, s, _ in items})
        seen: set[str] = set()
        for name, _set, _count in items:
            if self.db.lookup(name) is None and normalize_name(name) not in seen:
                seen.add(normalize_name(name))
                summary.unknown.append(name)
        return summary

    def import_file(self, path: Path, *, replace: bool = False) -> ImportSummary:
        """Import a have list: a Lackey .dek, a Lackey or plain text list, or a native deck file."""
        from deckbuilder.deckfiles import DeckFileError, read_deck

        try:
            loaded = read_deck(path, pool=self.db)
        except DeckFileError as exc:
            raise CollectionError(str(exc)) from exc
        summary = self.import_deck(loaded.deck, replace=replace)
        summary.problems[:0] = loaded.problems
        return summary

    def as_deck(self) -> Deck:
        """The collection as a deck document (one entry per printing), for the deck-file writers."""
        deck = Deck(name="Collection")
        for row in self.rows():
            deck.add(row.current_name or row.name, row.count, row.set_name or None)
        return deck

    def export_file(self, path: Path) -> int:
        """Write the collection as a have list (.dek/.json keep printings, .txt lists names); returns copies."""
        from deckbuilder.deckfiles import DeckFileError, write_deck

        deck = self.as_deck()
        try:
            write_deck(deck, path, pool=self.db, zone_labels=self.db.deck_zone_labels())
        except DeckFileError as exc:
            raise CollectionError(str(exc)) from exc
        return deck.total_cards()


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


def missing_copies(deck: Deck, owned: Mapping[str, int]) -> int:
    """Copies of the deck the player does not own."""
    return sum(s.missing for s in deck_status(deck, owned).values())

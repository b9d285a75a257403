"""Writing printings into the card tables: each card's fields in force (its newest printing's) live on the card row,
and a printing keeps only the values its own row gave differently (`own_fields`), so every field is stored once.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from carddb.allegiance import allegiance_of
from carddb.cardtypes import Section, classify_type
from carddb.fields import CARD_FIELDS, HEADER_OF, NUMERIC_FIELDS
from carddb.identities import character_identity
from carddb.normalize import split_keywords
from carddb.search import name_order_key
from carddb.sets import UNKNOWN_SET_BASE, set_rank

_PRINTING_COLUMNS = (
    "card_id",
    "set_name",
    "set_rank",
    "image_file",
    "image_paths",
    "own_fields",
    "extra",
    "source",
    "source_line",
)
_TYPE_AT = CARD_FIELDS.index("type")
# A few dozen distinct Types across 100,000 cards: each is classified once.
_section_of = functools.lru_cache(maxsize=4096)(classify_type)
_KEYWORDS_AT = CARD_FIELDS.index("keywords")
# (Lackey header, is numeric) per card field, in CARD_FIELDS order: worked out once, read for every printing.
FIELD_SOURCES = tuple((HEADER_OF[f], f in NUMERIC_FIELDS) for f in CARD_FIELDS)
# One encoder for every row: json.dumps with options builds a new JSONEncoder per call.
_to_json = json.JSONEncoder(ensure_ascii=False).encode

Values = tuple[Any, ...]  # a printing's values of CARD_FIELDS, in that order


@dataclass(slots=True)
class PendingPrinting:
    """One validated row of an import, waiting to be written."""

    name: str
    norm: str
    set_name: str
    fields: Values  # its values of CARD_FIELDS, in that order
    image_file: str
    extra: dict[str, str]
    image_paths: tuple[str, ...]
    source: str
    line: int


@dataclass(frozen=True, slots=True)
class WriteCounts:
    """What a write did to the card tables."""

    cards_added: int
    cards_updated: int
    printings_added: int
    printings_updated: int
    added: tuple[str, ...] = ()  # normalised names of the cards new in this write


@dataclass(slots=True)
class _Stored:
    """A printing already in the database, with its values rebuilt from its card and its own fields."""

    id: int
    set_name: str
    rank: int
    own: str
    values: Values


def own_fields(values: Values, in_force: Values) -> str:
    """The JSON of the fields where a printing's values differ from its card's ("" when none do)."""
    if values == in_force:
        return ""
    return _to_json({f: v for f, v, w in zip(CARD_FIELDS, values, in_force, strict=True) if v != w})


def _rebuild(in_force: Values, own: str) -> Values:
    if not own:
        return in_force
    try:
        differs = json.loads(own)
    except ValueError:
        return in_force
    if not isinstance(differs, dict):
        return in_force
    return tuple(differs.get(f, v) for f, v in zip(CARD_FIELDS, in_force, strict=True))


def card_facts(name: str, fields: Values, identities: dict[str, str]) -> tuple[str | None, str, str]:
    """(section, identity, allegiance) of a card whose newest printing has these fields."""
    section = _section_of(fields[_TYPE_AT])
    if section is not Section.CHARACTERS:
        return (section.value if section else None), "", ""
    # Decided once here and stored: search, the checker and the UI all read this one answer.
    allegiance = allegiance_of(name, fields[_TYPE_AT], split_keywords(fields[_KEYWORDS_AT]))
    return section.value, character_identity(name, identities), allegiance


def unknown_set_order(conn: sqlite3.Connection) -> dict[str, int]:
    """Sets outside the known release order, as earlier imports ranked them, so ranks stay stable."""
    rows = conn.execute(
        "SELECT set_name, MIN(set_rank) FROM printing WHERE set_rank >= ? GROUP BY set_name ORDER BY 2",
        (UNKNOWN_SET_BASE,),
    )
    order: dict[str, int] = {}
    for set_name, _rank in rows:
        order.setdefault(str(set_name).casefold(), len(order))
    return order


def stored_printings(
    conn: sqlite3.Connection, card_ids: Iterable[int]
) -> dict[int, tuple[Values, list[_Stored]]]:
    """Card id -> (its fields in force, its printings with their values rebuilt), for the given cards."""
    wanted = json.dumps(list(card_ids))
    cards: dict[int, tuple[Values, list[_Stored]]] = {}
    for row in conn.execute(
        f"SELECT id, {', '.join(CARD_FIELDS)} FROM card WHERE id IN (SELECT value FROM json_each(?))",
        (wanted,),
    ):
        cards[int(row[0])] = (tuple(row[1:]), [])
    for card_id, printing_id, set_name, rank, own in conn.execute(
        "SELECT card_id, id, set_name, set_rank, own_fields FROM printing "
        "WHERE card_id IN (SELECT value FROM json_each(?))",
        (wanted,),
    ):
        in_force, printings = cards[int(card_id)]
        printings.append(
            _Stored(int(printing_id), str(set_name), int(rank), str(own), _rebuild(in_force, str(own)))
        )
    return cards


def write_printings(
    conn: sqlite3.Connection, pending: Iterable[PendingPrinting], identities: dict[str, str]
) -> WriteCounts:
    """Write the pending printings (later ones of a card and set win) and settle each touched card's fields."""
    printings = list(pending)
    known = conn.execute("SELECT norm_name, id, name FROM card").fetchall()
    card_ids: dict[str, int] = {str(n): int(i) for n, i, _ in known}
    first_seen = unknown_set_order(conn)
    ranks = {p.set_name: set_rank(p.set_name, first_seen) for p in printings}
    newest: dict[str, PendingPrinting] = {}
    for p in printings:
        current = newest.get(p.norm)
        if current is None or ranks[p.set_name] >= ranks[current.set_name]:
            newest[p.norm] = p
    new_norms = [norm for norm in newest if norm not in card_ids]
    in_force: dict[str, Values] = {n: newest[n].fields for n in newest}
    in_force_set: dict[str, str] = {n: newest[n].set_name for n in newest}
    own_updates: list[tuple[str, int]] = []
    existing: set[tuple[str, str]] = set()
    old = {card_ids[n]: n for n in newest if n in card_ids}
    if old:
        imported_sets: dict[str, set[str]] = {}
        for p in printings:
            imported_sets.setdefault(p.norm, set()).add(p.set_name)
        for card_id, (_fields, stored) in stored_printings(conn, old).items():
            norm = old[card_id]
            existing.update((norm, s.set_name) for s in stored)
            kept = [s for s in stored if s.set_name not in imported_sets[norm]]
            best = max(kept, key=lambda s: (s.rank, s.id), default=None)
            if best is not None and best.rank > ranks[newest[norm].set_name]:
                in_force[norm], in_force_set[norm] = best.values, best.set_name  # an older import's is newer
            for s in kept:
                own = own_fields(s.values, in_force[norm])
                if own != s.own:
                    own_updates.append((own, s.id))
    # A new card's name_rank is a guess (SQLite's NOCASE order, computed here) that
    # search.rebuild_search_index checks and corrects.
    order = sorted(
        [(*name_order_key(str(name), int(i)), str(norm)) for norm, i, name in known]
        + [(*name_order_key(newest[n].name, 1 << 62), n) for n in new_norms]
    )
    name_rank = {norm: rank for rank, (_, _, norm) in enumerate(order, start=1)}
    # Ids follow name order, so the index rebuild reads rows in sequence.
    new_norms.sort(key=name_rank.__getitem__)
    del order
    marks = ", ".join("?" * (7 + len(CARD_FIELDS)))
    (last_id,) = conn.execute("SELECT coalesce(max(id), 0) FROM card").fetchone()
    conn.executemany(
        "INSERT INTO card (norm_name, name, newest_set, section, identity, allegiance, name_rank, "
        f"{', '.join(CARD_FIELDS)}) VALUES ({marks})",
        (
            (
                n,
                newest[n].name,
                in_force_set[n],
                *card_facts(newest[n].name, in_force[n], identities),
                name_rank[n],
            )
            + in_force[n]
            for n in new_norms
        ),
    )
    if new_norms:
        # The new rows took the ids after the largest, in insertion order (id is the rowid); no norm is read back.
        new_ids = [
            int(i) for (i,) in conn.execute("SELECT id FROM card WHERE id > ? ORDER BY id", (last_id,))
        ]
        card_ids.update(zip(new_norms, new_ids, strict=True))
    columns = ("name", "newest_set", "section", "identity", "allegiance", *CARD_FIELDS)
    conn.executemany(
        f"UPDATE card SET {', '.join(f'{c} = ?' for c in columns)} WHERE id = ?",
        (
            (
                newest[n].name,
                in_force_set[n],
                *card_facts(newest[n].name, in_force[n], identities),
                *in_force[n],
                i,
            )
            for i, n in old.items()
        ),
    )
    # In card order, the (card_id, set_name) index only ever appends; rows are built one at a time, not held.
    printings.sort(key=lambda p: card_ids[p.norm])
    rows = (
        _printing_row(card_ids[p.norm], p, ranks[p.set_name], own_fields(p.fields, in_force[p.norm]))
        for p in printings
    )
    updates = ", ".join(f"{c} = excluded.{c}" for c in _PRINTING_COLUMNS[2:])
    conn.executemany(
        f"INSERT INTO printing ({', '.join(_PRINTING_COLUMNS)}) VALUES ({', '.join('?' * len(_PRINTING_COLUMNS))}) "
        f"ON CONFLICT(card_id, set_name) DO UPDATE SET {updates}",
        rows,
    )
    conn.executemany("UPDATE printing SET own_fields = ? WHERE id = ?", own_updates)
    updated_printings = sum(1 for p in printings if (p.norm, p.set_name) in existing)
    return WriteCounts(
        len(new_norms), len(old), len(printings) - updated_printings, updated_printings, tuple(new_norms)
    )


def settle_cards(conn: sqlite3.Connection, card_ids: Iterable[int], identities: dict[str, str]) -> None:
    """After printings were removed: each card's fields in force come from its newest remaining printing."""
    names = dict(
        conn.execute(
            "SELECT id, name FROM card WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps(list(card_ids)),),
        ).fetchall()
    )
    card_updates: list[tuple[Any, ...]] = []
    own_updates: list[tuple[str, int]] = []
    for card_id, (_fields, stored) in stored_printings(conn, names).items():
        best = max(stored, key=lambda s: (s.rank, s.id), default=None)
        if best is None:
            continue
        name = str(names[card_id])
        card_updates.append(
            (best.set_name, *card_facts(name, best.values, identities), *best.values, card_id)
        )
        own_updates.extend((own_fields(s.values, best.values), s.id) for s in stored)
    columns = ("newest_set", "section", "identity", "allegiance", *CARD_FIELDS)
    conn.executemany(f"UPDATE card SET {', '.join(f'{c} = ?' for c in columns)} WHERE id = ?", card_updates)
    conn.executemany("UPDATE printing SET own_fields = ? WHERE id = ?", own_updates)


def _printing_row(card_id: int, p: PendingPrinting, rank: int, own: str) -> tuple[Any, ...]:
    return (
        card_id,
        p.set_name,
        rank,
        p.image_file,
        json.dumps(p.image_paths) if p.image_paths else "",
        own,
        _to_json(p.extra) if p.extra else "{}",
        p.source,
        p.line,
    )

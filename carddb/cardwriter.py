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

from carddb.allegiance import allegiance_of, type_allegiance
from carddb.cardtypes import Section, classify_type
from carddb.fields import CARD_FIELDS, HEADER_OF, NUMERIC_FIELDS
from carddb.identities import character_identity
from carddb.normalize import split_keywords
from carddb.sets import UNKNOWN_SET_BASE, set_rank
from carddb.staging import STAGE, stage_fields

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
_type_allegiance = functools.lru_cache(maxsize=4096)(type_allegiance)
_KEYWORDS_AT = CARD_FIELDS.index("keywords")
# (Lackey header, is numeric) per card field, in CARD_FIELDS order: worked out once, read for every printing.
FIELD_SOURCES = tuple((HEADER_OF[f], f in NUMERIC_FIELDS) for f in CARD_FIELDS)
# One encoder for every row: json.dumps with options builds a new JSONEncoder per call.
_to_json = json.JSONEncoder(ensure_ascii=False).encode

Values = tuple[Any, ...]  # a printing's values of CARD_FIELDS, in that order
_SEQ_MASK = (
    1 << 32
) - 1  # a staged row's seq, below its set's rank, in the key that picks the printing in force
_CHUNK = 5000  # rows read from the stage between two writes
# A card whose printing in force is an older import's: (card id, name, the fields in force, their set).
Forced = tuple[int, str, Values, str]


@dataclass(frozen=True, slots=True)
class WriteCounts:
    """What a write did to the card tables."""

    cards_added: int
    cards_updated: int
    printings_added: int
    printings_updated: int
    new_since: int = 0  # cards with a higher id are new in this write
    printings_before: int = 0  # the highest printing id before this write (printings above it are new)


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
    # Decided once here and stored: search, the checker and the UI all read this one answer. A Type that names
    # it settles it (allegiance_of looks at nothing else then), so most Characters' keywords are never split.
    allegiance = _type_allegiance(fields[_TYPE_AT]) or allegiance_of(
        name, fields[_TYPE_AT], split_keywords(fields[_KEYWORDS_AT])
    )
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


def write_staged(conn: sqlite3.Connection, identities: dict[str, str]) -> WriteCounts:
    """Write the staged printings (carddb.staging, finished) and settle each touched card's fields in force."""
    _rank_sets(conn)
    conn.execute(
        "CREATE TEMP TABLE newest (norm TEXT PRIMARY KEY, seq INTEGER NOT NULL, rows INTEGER NOT NULL) WITHOUT ROWID"
    )
    # A card's printing in force: its highest-ranked set, the later row on a tie (rank above, seq in the low bits).
    conn.execute(
        f"INSERT INTO temp.newest SELECT s.norm, max((r.rank << 32) | s.seq) & {_SEQ_MASK}, count(*) "
        f"FROM {STAGE} AS s JOIN temp.stage_rank AS r ON r.set_name = s.set_name GROUP BY s.norm"
    )
    (last_card,) = conn.execute("SELECT coalesce(max(id), 0) FROM card").fetchone()
    (last_printing,) = conn.execute("SELECT coalesce(max(id), 0) FROM printing").fetchone()
    conn.execute(
        "CREATE TEMP TABLE old (norm TEXT PRIMARY KEY, card_id INTEGER NOT NULL, seq INTEGER NOT NULL)"
    )
    old = conn.execute(
        "INSERT INTO temp.old SELECT n.norm, c.id, n.seq FROM temp.newest AS n "
        "JOIN card AS c ON c.game = 'rage' AND c.norm_name = n.norm"
    ).rowcount
    updated = 0
    forced: dict[str, Forced] = {}
    own_updates: list[tuple[str, int]] = []
    if old:
        (updated,) = conn.execute(
            f"SELECT count(*) FROM temp.old AS o JOIN {STAGE} AS s ON s.norm = o.norm "
            "JOIN printing AS p ON p.card_id = o.card_id AND p.set_name = s.set_name"
        ).fetchone()
        forced, own_updates = _settle_mixed(conn)
    _stage_own_fields(conn, forced)
    columns = ("name", "newest_set", "section", "identity", "allegiance", *CARD_FIELDS)
    staged = f"s.name, s.set_name, s.section, s.identity, s.allegiance, {stage_fields('s')}"
    # Ids follow name order, so the search index rebuild reads rows in sequence. A new card's name_rank is a guess
    # (its place among the new ones) that search.rebuild_search_index checks and corrects. Only the seqs are sorted
    # (not whole rows); new_order's rowid is the place.
    conn.execute("CREATE TEMP TABLE new_order (seq INTEGER NOT NULL)")
    conn.execute(
        f"INSERT INTO temp.new_order (seq) SELECT n.seq FROM temp.newest AS n JOIN {STAGE} AS s ON s.seq = n.seq "
        "WHERE NOT EXISTS (SELECT 1 FROM temp.old AS o WHERE o.norm = n.norm) ORDER BY s.name COLLATE NOCASE, s.norm"
    )
    added = conn.execute(
        f"INSERT INTO card (norm_name, {', '.join(columns)}, name_rank) SELECT s.norm, {staged}, o.rowid "
        f"FROM temp.new_order AS o JOIN {STAGE} AS s ON s.seq = o.seq ORDER BY o.rowid"
    ).rowcount
    update = f"UPDATE card SET {', '.join(f'{c} = ?' for c in columns)} WHERE id = ?"
    if old:
        cursor = conn.execute(
            f"SELECT {staged}, o.card_id FROM temp.old AS o JOIN {STAGE} AS s ON s.seq = o.seq "
            "WHERE o.norm NOT IN (SELECT value FROM json_each(?))",
            (json.dumps(list(forced)),),
        )
        while batch := cursor.fetchmany(_CHUNK):
            conn.executemany(update, batch)
        conn.executemany(
            update,
            [
                (name, set_name, *card_facts(name, values, identities), *values, card_id)
                for card_id, name, values, set_name in forced.values()
            ],
        )
    # Printings are written in card order, so the (card_id, set_name) index only ever appends. The order is worked
    # out on (card id, seq) alone, as new_order's: a sort of whole printings held up to cache_size (64 MiB) of them
    # at once, the import's peak of memory from ~200,000 rows on. The stage is read straight through here (not by
    # the stage_key index, a seek per row), then each printing by its seq.
    conn.execute("CREATE TEMP TABLE printing_order (card_id INTEGER NOT NULL, seq INTEGER NOT NULL)")
    conn.execute(
        f"INSERT INTO temp.printing_order SELECT c.id, s.seq FROM {STAGE} AS s NOT INDEXED "
        "JOIN card AS c ON c.game = 'rage' AND c.norm_name = s.norm ORDER BY c.id, s.seq"
    )
    updates = ", ".join(f"{c} = excluded.{c}" for c in _PRINTING_COLUMNS[2:])
    written = conn.execute(
        f"INSERT INTO printing ({', '.join(_PRINTING_COLUMNS)}) "
        "SELECT o.card_id, s.set_name, r.rank, s.image_file, s.image_paths, coalesce(w.own, ''), s.extra, s.source, "
        f"s.line FROM temp.printing_order AS o JOIN {STAGE} AS s ON s.seq = o.seq "
        "JOIN temp.stage_rank AS r ON r.set_name = s.set_name LEFT JOIN temp.stage_own AS w ON w.seq = s.seq "
        f"WHERE true ORDER BY o.rowid ON CONFLICT(card_id, set_name) DO UPDATE SET {updates}"
    ).rowcount
    conn.executemany("UPDATE printing SET own_fields = ? WHERE id = ?", own_updates)
    return WriteCounts(added, old, written - updated, updated, int(last_card), int(last_printing))


def _rank_sets(conn: sqlite3.Connection) -> None:
    """temp.stage_rank: each staged set's rank; sets outside the known order rank by first appearance."""
    first_seen = unknown_set_order(conn)
    conn.execute(
        "CREATE TEMP TABLE stage_rank (set_name TEXT PRIMARY KEY, rank INTEGER NOT NULL) WITHOUT ROWID"
    )
    sets = conn.execute(f"SELECT set_name FROM {STAGE} GROUP BY set_name ORDER BY min(seq)").fetchall()
    conn.executemany(
        "INSERT INTO temp.stage_rank VALUES (?, ?)", ((s, set_rank(str(s), first_seen)) for (s,) in sets)
    )


def _settle_mixed(conn: sqlite3.Connection) -> tuple[dict[str, Forced], list[tuple[str, int]]]:
    """Cards that keep printings this import did not bring: which keep an older import's printing in force
    (by norm name), and the own_fields those kept printings need now."""
    mixed = dict(
        conn.execute(
            "SELECT DISTINCT o.card_id, o.norm FROM temp.old AS o JOIN printing AS p ON p.card_id = o.card_id "
            f"WHERE NOT EXISTS (SELECT 1 FROM {STAGE} AS s WHERE s.norm = o.norm AND s.set_name = p.set_name)"
        ).fetchall()
    )
    forced: dict[str, Forced] = {}
    own_updates: list[tuple[str, int]] = []
    if not mixed:
        return forced, own_updates
    imported: dict[str, set[str]] = {}
    newest: dict[str, tuple[str, str, int, Values]] = {}
    for norm, name, set_name, rank, is_newest, *values in conn.execute(
        f"SELECT s.norm, s.name, s.set_name, r.rank, s.seq = n.seq, {stage_fields('s')} "
        f"FROM {STAGE} AS s JOIN temp.newest AS n ON n.norm = s.norm "
        "JOIN temp.stage_rank AS r ON r.set_name = s.set_name WHERE s.norm IN (SELECT value FROM json_each(?))",
        (json.dumps(list(mixed.values())),),
    ):
        imported.setdefault(norm, set()).add(set_name)
        if is_newest:
            newest[norm] = (name, set_name, rank, tuple(values))
    for card_id, (_fields, stored) in stored_printings(conn, mixed).items():
        norm = mixed[card_id]
        name, set_name, rank, in_force = newest[norm]
        kept = [s for s in stored if s.set_name not in imported[norm]]
        best = max(kept, key=lambda s: (s.rank, s.id), default=None)
        if best is not None and best.rank > rank:
            in_force = best.values  # an older import's printing is newer
            forced[norm] = (card_id, name, in_force, best.set_name)
        for s in kept:
            own = own_fields(s.values, in_force)
            if own != s.own:
                own_updates.append((own, s.id))
    return forced, own_updates


def _stage_own_fields(conn: sqlite3.Connection, forced: dict[str, Forced]) -> None:
    """temp.stage_own: the own_fields of each staged printing whose fields are not its card's in force."""
    conn.execute("CREATE TEMP TABLE stage_own (seq INTEGER PRIMARY KEY, own TEXT NOT NULL)")
    width = len(CARD_FIELDS)
    # Only a card with several printings, or one an older printing keeps in force, has any.
    cursor = conn.execute(
        f"SELECT s.seq, s.norm, {stage_fields('s')}, {stage_fields('w')} "
        f"FROM temp.newest AS n JOIN {STAGE} AS s ON s.norm = n.norm JOIN {STAGE} AS w ON w.seq = n.seq "
        "WHERE (n.rows > 1 OR n.norm IN (SELECT value FROM json_each(?1))) "
        "AND (s.seq != n.seq OR n.norm IN (SELECT value FROM json_each(?1)))",
        (json.dumps(list(forced)),),
    )
    while batch := cursor.fetchmany(_CHUNK):
        own_rows = []
        for seq, norm, *values in batch:
            force = forced.get(norm)
            own = own_fields(tuple(values[:width]), force[2] if force else tuple(values[width:]))
            if own:
                own_rows.append((seq, own))
        conn.executemany("INSERT INTO temp.stage_own VALUES (?, ?)", own_rows)


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

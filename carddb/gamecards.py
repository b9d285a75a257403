"""Writing a game's cards given by name and fields (a card-data CSV, a Lackey plugin, a shipped card set) into the
one card store.

Each card is a `card` row of its game with its fields (its newest printing's) as JSON, and a printing per set it
appeared in holding that printing's image. An import mirrors its source: the cards it brings replace those that came
from the same source (the whole game's, for a source that is the game's whole card data); a card that came from that
source and is gone from it is retired (kept so decks naming it can say so); one it brings back returns. One
transaction: the caller's.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Collection, Iterable

from carddb.changes import note_card_data_changed
from carddb.fields import CARD_FIELDS, NUMERIC_FIELDS
from carddb.normalize import normalize_name
from carddb.record import FrozenRecord, set_field

# Rage's typed columns are empty for another game's card (NOT NULL text columns take "").
_EMPTY_COLUMNS = tuple(f for f in CARD_FIELDS if f not in NUMERIC_FIELDS and f != "type")

GameCardRow = tuple[str, str, str, int] | tuple[str, str, str, int, str] | tuple[str, str, str, int, str, str]


class GamePrinting(FrozenRecord):
    """One printing of a game's card: its set, that set's place (higher = newer), its image and where it came from."""

    __slots__ = _fields = ("set_name", "rank", "image_file", "image_path", "source", "line")

    set_name: str
    rank: int
    image_file: str  # as the card data wrote it
    image_path: str  # stored, relative to the database folder ("" = none stored)
    source: str
    line: int

    def __init__(
        self,
        set_name: str = "",
        rank: int = 0,
        image_file: str = "",
        image_path: str = "",
        source: str = "",
        line: int = 0,
    ) -> None:
        set_field(self, "set_name", set_name)
        set_field(self, "rank", rank)
        set_field(self, "image_file", image_file)
        set_field(self, "image_path", image_path)
        set_field(self, "source", source)
        set_field(self, "line", line)


class GameCardData(FrozenRecord):
    """A card of a game to store: its name, Type, fields in force (JSON object) and every printing."""

    __slots__ = _fields = ("name", "type", "fields", "printings")

    name: str
    type: str
    fields: str
    printings: tuple[GamePrinting, ...]

    def __init__(self, name: str, type: str, fields: str, printings: tuple[GamePrinting, ...]) -> None:
        set_field(self, "name", name)
        set_field(self, "type", type)
        set_field(self, "fields", fields)
        set_field(self, "printings", printings)


def write_game_cards(conn: sqlite3.Connection, game: str, rows: Iterable[GameCardRow], source: str) -> int:
    """Make `rows` of (name, type, fields JSON, line[, stored image path[, image as the file wrote it]]) the cards
    of `game`, one printing each; returns how many. An image named but not stored keeps its name (shown missing)."""
    cards: list[GameCardData] = []
    for row in rows:
        name, card_type, fields, line = row[:4]
        image = str(row[4]) if len(row) > 4 else ""
        written = str(row[5]) if len(row) > 5 else image
        cards.append(
            GameCardData(name, card_type, fields, (GamePrinting("", 0, written, image, source, int(line)),))
        )
    return write_game_printings(conn, game, cards, None)


def write_game_printings(
    conn: sqlite3.Connection, game: str, cards: Iterable[GameCardData], sources: Collection[str] | None
) -> int:
    """Store `cards` as `game`'s, mirroring `sources` (the files they were read from; None: the game's whole card
    data): a card only those sources had and this import lacks is retired. Returns how many cards were stored."""
    from carddb.searchindex import index_number_fields, rebuild_search_index  # late: reading needs no writer

    new: dict[str, GameCardData] = {}
    for card in cards:
        new[normalize_name(card.name)] = card  # a later card of a name wins
    scoped = "" if sources is None else " AND p.source IN (SELECT value FROM json_each(?))"
    scope = [] if sources is None else [json.dumps(sorted(sources))]
    touched = conn.execute(
        f"SELECT DISTINCT c.id, c.norm_name FROM card AS c JOIN printing AS p ON p.card_id = c.id "
        f"WHERE c.game = ?{scoped}",
        [game, *scope],
    ).fetchall()
    ids = json.dumps([int(r[0]) for r in touched])
    conn.execute(
        f"DELETE FROM printing AS p WHERE p.card_id IN (SELECT value FROM json_each(?)){scoped}",
        [ids, *scope],
    )
    if sources is None:  # cards without a printing at all (none of ours leaves one): the whole game's data
        conn.execute("DELETE FROM printing WHERE card_id IN (SELECT id FROM card WHERE game = ?)", (game,))
    bare = [
        (int(card_id), str(norm))
        for card_id, norm in touched
        if str(norm) not in new
        and conn.execute("SELECT 1 FROM printing WHERE card_id = ? LIMIT 1", (int(card_id),)).fetchone()
        is None
    ]
    _retire(conn, game, [b[0] for b in bare], ", ".join(sorted(sources)) if sources else "")
    columns = ", ".join(_EMPTY_COLUMNS)
    blanks = ", ".join("''" for _ in _EMPTY_COLUMNS)
    for norm, card in new.items():
        newest = max(card.printings, key=lambda p: p.rank, default=GamePrinting())
        card_id = conn.execute(
            f"INSERT INTO card (game, norm_name, name, type, fields, newest_set, identity, {columns}) "
            f"VALUES (?, ?, ?, ?, ?, ?, '', {blanks}) ON CONFLICT (game, norm_name) DO UPDATE SET "
            "name = excluded.name, type = excluded.type, fields = excluded.fields, newest_set = excluded.newest_set "
            "RETURNING id",
            (game, norm, card.name, card.type, card.fields, newest.set_name),
        ).fetchone()[0]
        conn.executemany(
            "INSERT INTO printing (card_id, set_name, set_rank, image_file, image_paths, own_fields, extra, source, "
            "source_line) VALUES (?, ?, ?, ?, ?, '', '{}', ?, ?) ON CONFLICT (card_id, set_name) DO UPDATE SET "
            "set_rank = excluded.set_rank, image_file = excluded.image_file, image_paths = excluded.image_paths, "
            "source = excluded.source, source_line = excluded.source_line",
            [
                (
                    card_id,
                    p.set_name,
                    p.rank,
                    p.image_file,
                    json.dumps([p.image_path]) if p.image_path else "",
                    p.source,
                    p.line,
                )
                for p in card.printings
            ],
        )
    conn.execute(
        "DELETE FROM retired_card WHERE game = ? AND norm_name IN (SELECT norm_name FROM card WHERE game = ?)",
        (game, game),
    )
    index_number_fields(conn, game)
    rebuild_search_index(conn)
    note_card_data_changed(conn)
    return len(new)


def _retire(conn: sqlite3.Connection, game: str, card_ids: list[int], source: str) -> None:
    """Move cards left without a printing to retired_card (their Type and fields), dated today."""
    today = datetime.date.today().isoformat()
    wanted = json.dumps(card_ids)
    gone = [
        (
            game,
            str(norm),
            str(name),
            json.dumps({"type": str(card_type), "fields": _loaded(str(fields))}),
            today,
            source,
        )
        for norm, name, card_type, fields in conn.execute(
            "SELECT norm_name, name, type, fields FROM card WHERE id IN (SELECT value FROM json_each(?))",
            (wanted,),
        )
    ]
    conn.executemany(
        "INSERT OR REPLACE INTO retired_card (game, norm_name, name, replaced_by, fields, retired_on, source) "
        "VALUES (?, ?, ?, '', ?, ?, ?)",
        gone,
    )
    conn.execute("DELETE FROM card WHERE id IN (SELECT value FROM json_each(?))", (wanted,))


def _loaded(text: str) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return {}

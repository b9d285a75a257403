"""Writing a game's cards given by name and fields (a card-data CSV, a shipped card set) into the one card store.

Each card is a `card` row of its game with its fields as JSON and one printing holding its image. The cards the
import brings replace the game's; a card the game had and this import lacks is retired (kept so decks naming it can
say so); one it brings back returns. One transaction: the caller's.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Iterable, Mapping

from carddb.fields import CARD_FIELDS, NUMERIC_FIELDS
from carddb.normalize import normalize_name
from carddb.search import rebuild_search_index

# Rage's typed columns are empty for another game's card (NOT NULL text columns take "").
_EMPTY_COLUMNS = tuple(f for f in CARD_FIELDS if f not in NUMERIC_FIELDS and f != "type")

GameCardRow = tuple[str, str, str, int] | tuple[str, str, str, int, str] | tuple[str, str, str, int, str, str]


def write_game_cards(conn: sqlite3.Connection, game: str, rows: Iterable[GameCardRow], source: str) -> int:
    """Make `rows` of (name, type, fields JSON, line[, stored image path[, image as the file wrote it]]) the cards
    of `game`; returns how many. An image named but not stored keeps its name (the card says it is missing)."""
    cards: dict[str, tuple[str, str, str, int, str, str]] = {}
    for row in rows:
        name, card_type, fields, line = row[:4]
        image = str(row[4]) if len(row) > 4 else ""
        written = str(row[5]) if len(row) > 5 else image
        # A later row of a name wins.
        cards[normalize_name(name)] = (name, card_type, fields, int(line), image, written)
    _retire_missing(conn, game, cards, source)
    conn.execute("DELETE FROM printing WHERE card_id IN (SELECT id FROM card WHERE game = ?)", (game,))
    conn.execute("DELETE FROM card WHERE game = ?", (game,))
    columns = ", ".join(_EMPTY_COLUMNS)
    blanks = ", ".join("''" for _ in _EMPTY_COLUMNS)
    for norm, (name, card_type, fields, line, image, written) in cards.items():
        card_id = conn.execute(
            f"INSERT INTO card (game, norm_name, name, type, fields, identity, {columns}) "
            f"VALUES (?, ?, ?, ?, ?, '', {blanks})",
            (game, norm, name, card_type, fields),
        ).lastrowid
        conn.execute(
            "INSERT INTO printing (card_id, set_name, set_rank, image_file, image_paths, own_fields, extra, source, "
            "source_line) VALUES (?, '', 0, ?, ?, '', '{}', ?, ?)",
            (card_id, written, json.dumps([image]) if image else "", source, line),
        )
    conn.execute(
        "DELETE FROM retired_card WHERE game = ? AND norm_name IN (SELECT norm_name FROM card WHERE game = ?)",
        (game, game),
    )
    rebuild_search_index(conn)
    return len(cards)


def _retire_missing(conn: sqlite3.Connection, game: str, cards: Mapping[str, object], source: str) -> None:
    """Keep the game's cards this import lacks as retired cards (their Type and fields), dated today."""
    today = datetime.date.today().isoformat()
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
            "SELECT norm_name, name, type, fields FROM card WHERE game = ?", (game,)
        )
        if str(norm) not in cards
    ]
    conn.executemany(
        "INSERT OR REPLACE INTO retired_card (game, norm_name, name, replaced_by, fields, retired_on, source) "
        "VALUES (?, ?, ?, '', ?, ?, ?)",
        [(g, n, name, fields, day, src) for g, n, name, fields, day, src in gone],
    )


def _loaded(text: str) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return {}

"""What the search reads that a card import writes: the full-text index, and an index of each number field of
another game (carddb.search compiles its terms to these indexes' own expressions).
"""

from __future__ import annotations

import sqlite3


def rebuild_search_index(conn: sqlite3.Connection, in_place: bool = False) -> None:
    """Renumber cards in name order and refill the full-text index (runs inside the caller's transaction).

    `in_place`: the caller wrote every card in name order with its place as name_rank (an import into an empty
    card table), so nothing is renumbered and ids follow name_rank.
    """
    # Name order: SQLite's NOCASE (only ASCII letters fold), then id. Only rows whose place
    # changed are written (none after a fresh import, which inserts them in place).
    # The window is worked out whole before its first row comes back, so updating cards as rows come is safe.
    if not in_place:  # the window sorts every card (~0.1 s at 100,000) to find that nothing moved
        moved = conn.execute(
            "SELECT rank, id FROM (SELECT id, name_rank, row_number() OVER (ORDER BY game, name COLLATE NOCASE, id) "
            "AS rank FROM card) WHERE rank != name_rank"
        )
        while batch := moved.fetchmany(10_000):
            conn.executemany("UPDATE card SET name_rank = ? WHERE id = ?", batch)
    conn.execute("INSERT INTO card_fts (card_fts) VALUES ('delete-all')")
    _set_fts_options(conn, _BUILD_OPTIONS)
    # In rowid order: FTS5 appends to its doclists instead of merging (about 4x faster at 100,000 cards). When ids
    # follow name_rank, the cards are read straight through instead of by the name_rank index.
    conn.execute(
        "INSERT INTO card_fts (rowid, name, type, keywords, requires, text) "
        f"SELECT name_rank, name, type, keywords, requires, trim(text || ' ' || errata || {_FIELD_WORDS}) FROM card "
        f"ORDER BY {'id' if in_place else 'name_rank'}"
    )
    # The options are for this build only: FTS5's defaults again on this connection, and none kept in
    # card_fts_config (FTS5 reads an absent option as its default), so the database holds what it held before.
    _set_fts_options(conn, _DEFAULT_OPTIONS)
    keys = tuple(_DEFAULT_OPTIONS)
    conn.execute(f"DELETE FROM card_fts_config WHERE k IN ({', '.join('?' * len(keys))})", keys)


# How the full-text index is built. FTS5 writes its pending terms out as a segment each time they pass `hashsize`
# (1 MiB by default) and, with `automerge` at 4, merges every four segments of a level into one of the next: every
# posting of a 100,000-card build was rewritten 3-4 times, one level more than at 20,000 cards, so the index cost
# ~1.35x more per card at 100,000 (CPU of the INSERT, 2026-12-07). With 4 MiB pending and no merging while it is
# built, every posting is written once at any size up to FTS5's own `crisismerge` (16 segments on a level: ~300,000
# cards), so the cost per card stays the same; 100,000 cards leave 10 segments, as many as the default left, and
# search reads them as fast (callgrind, page + count of eight queries: within 0.3 %). 4 MiB (not more): the pending
# terms take ~1.8x their size in memory, and the build must not raise the import's peak (the write's own peak,
# sorting the printings, is higher). A raw-SQL build could use the same options.
_BUILD_OPTIONS = {"hashsize": 4 << 20, "automerge": 0}
_DEFAULT_OPTIONS = {"hashsize": 1 << 20, "automerge": 4}  # FTS5_DEFAULT_HASHSIZE, FTS5_DEFAULT_AUTOMERGE


def _set_fts_options(conn: sqlite3.Connection, options: dict[str, int]) -> None:
    """Set full-text index options on this connection (FTS5 also stores each in card_fts_config)."""
    for key, value in options.items():
        conn.execute("INSERT INTO card_fts (card_fts, rank) VALUES (?, ?)", (key, value))


# Another game's field values (its `fields` JSON) as words of the full-text index; Rage's cards have none.
_FIELD_WORDS = (
    "CASE WHEN fields = '{}' OR NOT json_valid(fields) THEN '' "
    "ELSE ' ' || (SELECT coalesce(group_concat(value, ' '), '') FROM json_each(card.fields)) END"
)


def sql_text(text: str) -> str:
    """A text as an SQL string literal (quotes doubled: any game's or field's name is data, never SQL)."""
    return "'" + text.replace("'", "''") + "'"


def number_of(field: str, column: str) -> str:
    """The SQL of another game's number field (NULL unless the card's `fields` hold a whole number there; Rage's
    cards, whose `fields` are empty, are told apart without reading JSON)."""
    path = sql_text(json_path(field))
    return (
        f"(CASE WHEN {column} = '{{}}' THEN NULL WHEN json_type({column}, {path}) = 'integer' "
        f"THEN json_extract({column}, {path}) END)"
    )


def index_number_fields(conn: sqlite3.Connection, game: str) -> None:
    """Index each of a game's fields that holds whole numbers (every value a whole number or empty), for its
    `field>=N` terms (runs in the caller's transaction, after its cards are written).

    One index per field name, (game, the number), holding only the cards that have a number there: Rage's cards
    never enter it, and the schema's tables stay as they are. (Not a partial index on the game: SQLite 3.40 answers a
    `game = ?` asked again with another game from the plan made for the first.) A field that later holds text keeps
    its index (its number is NULL there)."""
    numbers = conn.execute(
        "SELECT j.key FROM card AS c, json_each(CASE WHEN json_valid(c.fields) THEN c.fields ELSE '{}' END) AS j "
        "WHERE c.game = ? GROUP BY j.key HAVING sum(j.type = 'integer') > 0 "
        "AND sum(j.type NOT IN ('integer', 'null')) = 0",
        (game,),
    ).fetchall()
    for (field,) in numbers:
        name = f"ix_card_number_{field}".replace('"', '""')
        number = number_of(str(field), "fields")
        conn.execute(
            f'CREATE INDEX IF NOT EXISTS "{name}" ON card (game, {number}) WHERE {number} IS NOT NULL'
        )


def json_path(field: str) -> str:
    """The JSON path of a field of the card's `fields` (quoted: any field name is data, never SQL)."""
    return '$."' + field.replace("\\", "\\\\").replace('"', '\\"') + '"'

"""Card search: a small query language compiled to one SQL query (FTS5 for words, columns for fields).

The language, as a player types it (field names are case-insensitive, positions are 0-based characters):

- ``shado`` — a free word matches name, type, keywords, requires or text (incl. errata) as a *prefix*,
  so it finds "Shadow Lords" while the player is still typing. ``"moon bridge"`` matches the exact phrase.
  Punctuation inside words is ignored (``Gaia's`` = the words ``gaia`` and ``s``); a word with no letters
  or digits at all matches every card.
- ``t:gift``, ``t:"combat action"`` — Type contains the text. ``t:characters``, ``t:sept`` and ``t:combat``
  (also ``t:character``) additionally match every card of that deck section.
- ``s:umbra`` — any printing's set name contains the text (a space also matches the ``_`` Lackey writes).
- ``a:gaia`` / ``a:wyrm`` / ``a:rogue`` (or ``g``/``w``/``r``) — a Character's allegiance, as stored at import
  (carddb.allegiance, the same answer the legality checker gives).
- ``k:ahroun`` — keyword field contains; ``req:fianna`` — requires field contains; ``n:lord`` — name contains.
- ``renown>=5``, ``rage<3``, ``gnosis=2``, ``renown:5`` (means ``=``), also ``health``, ``damage``, ``crage``,
  ``cgnosis``, ``chealth`` with ``= != < > <= >=`` (no spaces around the operator).
- ``in:deck`` — the card is in the deck being edited (any pile, the starting list included; ``-in:deck``: not in
  it). ``is:owned`` — the collection holds a copy (any printing); ``own>=2``, ``own=0`` — copies owned, compared
  like the numbers above. ``is:missing`` — the deck uses more copies than the collection holds. The deck is given
  to `search` as `DeckTerms` (the window's deck, `ragedeck search --deck FILE`); without one they match nothing.
- ``in:decks`` — the card is in any deck of the player's deck library (deckbuilder.library; ``-in:decks``: in none
  of them), given as `DeckTerms.library` (the window, `ragedeck search` from the library's cache).
- ``-`` before any term or group negates it; ``OR`` (uppercase) between terms; juxtaposition (or an uppercase
  ``AND``) is AND; parentheses group. ``OR`` binds looser than AND.

Text matches other than free words are ASCII case-insensitive substring matches (SQLite LIKE).

Every game's cards are searched by this language (the database read as a game's pool, `CardDatabase.for_game`): for
a game other than Rage the field terms are its own fields by name or search word (`cost>=3`, `f:earth`), handed in
as data (query.SearchFields); `s:` and the deck and collection terms mean what they mean for Rage, with that game's
collection; Rage's own terms (`a:`, `renown>=5`, `t:sept` as a pile) are Rage's.

Results come in name order unless another SearchRow field is asked for. The full-text index's rowid is each card's
position in name order (`card.name_rank`), so a free-word query streams its matches out already sorted and stops
after one page; its count is FTS5's own. When the query's words are a card's whole name, that card comes first, then
the cards whose names begin with them (at most PINNED_NAMES), then the other matches.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from carddb.model import RAGE
from carddb.normalize import normalize_name
from carddb.opening import damaged
from carddb.query import ALLEGIANCES as ALLEGIANCES
from carddb.query import MAX_DEPTH as MAX_DEPTH
from carddb.query import MAX_FIELD_TEXT as MAX_FIELD_TEXT
from carddb.query import MAX_NUMBER as MAX_NUMBER
from carddb.query import MAX_TERMS as MAX_TERMS
from carddb.query import NUMERIC_SEARCH_FIELDS as NUMERIC_SEARCH_FIELDS
from carddb.query import OWN_FIELD, And, Compare, Field, Flag, Node, Not, Or, SearchFields, Text
from carddb.query import SECTION_WORDS as SECTION_WORDS
from carddb.query import TEXT_FIELDS as TEXT_FIELDS
from carddb.query import QuerySyntaxError as QuerySyntaxError
from carddb.query import parse_query as parse_query

if TYPE_CHECKING:
    from carddb.db import CardDatabase

# Larger limits and offsets mean "all": SQLite's integers stop at 2**63.
MAX_ROWS = 2**62


class SearchRow(NamedTuple):
    """One search hit: just what a card list shows (set_name is the newest printing's set)."""

    id: int
    name: str
    type: str
    section: str | None
    set_name: str
    renown: int | None
    rage: int | None
    gnosis: int | None
    health: int | None
    requires: str


@dataclass(frozen=True)
class DeckTerms:
    """What `in:deck`, `is:missing` and `in:decks` ask: the deck's cards, those it lacks copies of, and the cards
    of every deck of the player's library (normalised names)."""

    cards: frozenset[str] = frozenset()
    missing: frozenset[str] = frozenset()
    library: frozenset[str] = frozenset()


NO_DECK = DeckTerms()


class _DeckNames:
    """A placeholder parameter in a cached plan, filled from the DeckTerms of each search."""

    def __init__(self, attribute: str) -> None:
        self.attribute = attribute


class _Searched:
    """A placeholder parameter in a cached plan, filled with what each search is of: the game, its range of places."""

    def __init__(self, attribute: str) -> None:
        self.attribute = attribute


_IN_DECK = _DeckNames("cards")
_MISSING = _DeckNames("missing")
_FLAG_NAMES = {"in_deck": _IN_DECK, "missing": _MISSING, "in_library": _DeckNames("library")}
_GAME = _Searched("game")
_FIRST = _Searched("first")
_LAST = _Searched("last")
_FLAG_SQL: dict[str, str] = {
    # The deck's names travel as one JSON parameter: any number of cards, one SQL text (and one cached plan).
    "in_deck": "card.norm_name IN (SELECT value FROM json_each(?))",
    "missing": "card.norm_name IN (SELECT value FROM json_each(?))",
    "in_library": "card.norm_name IN (SELECT value FROM json_each(?))",
    # The copies the collection holds of the searched game's cards (the game is the one parameter).
    "owned": "card.norm_name IN (SELECT c.norm_name FROM collection AS c WHERE c.game = ? AND c.count > 0)",
}
_OWNED_COPIES = "(SELECT COALESCE(SUM(c.count), 0) FROM collection AS c WHERE c.game = card.game AND c.norm_name = card.norm_name)"


@dataclass(frozen=True)
class _Scope:
    """What a search is of: the game, and the first and last place of its cards in name order (FTS rowids)."""

    game: str
    first: int
    last: int


def _scope(conn: sqlite3.Connection, game: str) -> _Scope:
    # Two seeks on ix_card_name_rank (game, name_rank): a game's cards hold one range of places.
    first = conn.execute(
        "SELECT name_rank FROM card WHERE game = ? ORDER BY name_rank LIMIT 1", (game,)
    ).fetchone()
    last = conn.execute(
        "SELECT name_rank FROM card WHERE game = ? ORDER BY name_rank DESC LIMIT 1", (game,)
    ).fetchone()
    return _Scope(game, int(first[0]) if first else 0, int(last[0]) if last else -1)


def _filled(params: Sequence[object], deck: DeckTerms | None, scope: _Scope | None = None) -> list[object]:
    """The plan's parameters with the deck's names and the searched game in place of the placeholders."""
    terms = deck or NO_DECK
    filled: list[object] = []
    for p in params:
        if isinstance(p, _DeckNames):
            filled.append(json.dumps(sorted(getattr(terms, p.attribute)), ensure_ascii=False))
        elif isinstance(p, _Searched):
            assert scope is not None
            filled.append(getattr(scope, p.attribute))
        else:
            filled.append(p)
    return filled


# -- compiling to SQL ----------------------------------------------------------------------------

_FTS_CONDITION = "card.name_rank IN (SELECT rowid FROM card_fts WHERE card_fts MATCH ?)"
# Every column comes from the covering index ix_card_name_rank (newest_set is stored at import).
_COLUMNS = (
    "card.id, card.name, card.type, card.section, card.newest_set, "
    "card.renown, card.rage, card.gnosis, card.health, card.requires"
)
_SELECT = f"SELECT {_COLUMNS} FROM card"
# SearchRow field -> the SQL it sorts by (name order is card.name_rank, which also breaks every tie).
_ORDER_SQL: dict[str, str] = {
    "id": "card.id",
    "name": "card.name_rank",
    "type": "card.type COLLATE NOCASE",
    "section": "card.section",
    "set_name": "card.newest_set COLLATE NOCASE",
    "renown": "card.renown",
    "rage": "card.rage",
    "gnosis": "card.gnosis",
    "health": "card.health",
    "requires": "card.requires COLLATE NOCASE",
}


def _like_contains(value: str, spaces_match_underscore: bool = False) -> str:
    """A LIKE pattern (escape character \\) matching any text that contains `value`."""
    escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    if spaces_match_underscore:
        escaped = escaped.replace(" ", "_")  # an unescaped _ matches the space or underscore Lackey writes
    return f"%{escaped}%"


def _fts_string(node: Text) -> str | None:
    """The FTS5 expression for a word or phrase, or None when it holds no searchable characters."""
    # Anything but letters and digits separates tokens in the index (unicode61), so dropping it here
    # changes nothing the index can see and keeps FTS5 syntax out of user text entirely.
    cleaned = " ".join("".join(c if c.isalnum() else " " for c in node.text).split())
    if not cleaned:
        return None
    quoted = '"' + cleaned.replace('"', '""') + '"'
    return quoted if node.phrase else quoted + "*"


def _fts_group(texts: list[Text], joiner: str) -> str | None:
    """One MATCH expression for several words (AND or OR), or None when they match every card."""
    parts = [_fts_string(t) for t in texts]
    strings = [p for p in parts if p is not None]
    if not strings or (len(strings) < len(parts) and joiner == "OR"):
        return None
    return f" {joiner} ".join(strings)


def _compile_fts_group(texts: list[Text], joiner: str, params: list[object]) -> str:
    """The SQL condition for several words; words without letters match every card."""
    expression = _fts_group(texts, joiner)
    if expression is None:
        return "1"
    params.append(expression)
    return _FTS_CONDITION


def _pure_fts(node: Node) -> tuple[bool, str | None]:
    """Whether the query is only free words (one MATCH answers it) and that MATCH (None: every card)."""
    if isinstance(node, Text):
        return True, _fts_group([node], "AND")
    if isinstance(node, And | Or) and node.children and all(isinstance(c, Text) for c in node.children):
        texts = [c for c in node.children if isinstance(c, Text)]
        return True, _fts_group(texts, "AND" if isinstance(node, And) else "OR")
    return False, None


def _compile(node: Node, params: list[object], fields: SearchFields | None = None) -> str:
    """A boolean SQL expression over `card` (never NULL) for the node; parameters are appended.

    `fields`: another game's searchable fields (its field terms read the card's `fields`); None: Rage's columns."""
    if isinstance(node, Text):
        return _compile_fts_group([node], "AND", params)
    if isinstance(node, Field):
        return _compile_field(node, params) if fields is None else _compile_game_field(node, params)
    if isinstance(node, Flag):
        params.append(_GAME if node.flag == "owned" else _FLAG_NAMES[node.flag])
        return f"({_FLAG_SQL[node.flag]})"
    if isinstance(node, Compare) and node.field == OWN_FIELD:
        params.append(node.value)
        return f"({_OWNED_COPIES} {'<>' if node.op == '!=' else node.op} ?)"
    if isinstance(node, Compare):
        operator = "<>" if node.op == "!=" else node.op
        if fields is not None:
            # A whole number stored in the card's fields (text or an empty cell never compares).
            path = _json_path(node.field)
            params.extend([path, path, node.value])
            return f"(json_type(card.fields, ?) = 'integer' AND json_extract(card.fields, ?) {operator} ?)"
        params.append(node.value)
        return f"(card.{node.field} IS NOT NULL AND card.{node.field} {operator} ?)"
    if isinstance(node, Not):
        return f"NOT ({_compile(node.child, params, fields)})"
    if isinstance(node, And):
        if not node.children:
            return "1"
        texts = [c for c in node.children if isinstance(c, Text)]
        parts = [_compile_fts_group(texts, "AND", params)] if texts else []
        parts += [_compile(c, params, fields) for c in node.children if not isinstance(c, Text)]
        return "(" + " AND ".join(parts) + ")"
    texts = [c for c in node.children if isinstance(c, Text)]
    parts = [_compile_fts_group(texts, "OR", params)] if texts else []
    parts += [_compile(c, params, fields) for c in node.children if not isinstance(c, Text)]
    return "(" + " OR ".join(parts) + ")"


def _json_path(field: str) -> str:
    """The JSON path of a field of the card's `fields` (quoted: any field name is data, never SQL)."""
    return '$."' + field.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _compile_game_field(node: Field, params: list[object]) -> str:
    """Another game's `field:text`: the text within the field (a list of words as its JSON text); `s:` any
    printing's set, as for Rage."""
    if node.field == "set":
        return _compile_field(node, params)
    params.append(_like_contains(node.value))
    if node.field in ("name", "type"):
        return f"(card.{node.field} LIKE ? ESCAPE '\\')"
    params.insert(len(params) - 1, _json_path(node.field))
    return "(coalesce(json_extract(card.fields, ?), '') LIKE ? ESCAPE '\\')"


def _compile_field(node: Field, params: list[object]) -> str:
    if node.field == "allegiance":
        # The stored allegiance (carddb.allegiance); "" for non-Characters, so they never match.
        params.append(node.value.capitalize())
        return "(card.allegiance = ?)"
    if node.field == "set":
        params.append(_like_contains(node.value, spaces_match_underscore=True))
        return "card.id IN (SELECT ps.card_id FROM printing AS ps WHERE ps.set_name LIKE ? ESCAPE '\\')"
    column = {"type": "type", "keyword": "keywords", "requires": "requires", "name": "name"}[node.field]
    params.append(_like_contains(node.value))
    condition = f"card.{column} LIKE ? ESCAPE '\\'"
    section = SECTION_WORDS.get(node.value.casefold()) if node.field == "type" else None
    if section is not None:
        params.append(section)
        condition = f"{condition} OR card.section IS ?"
    return f"({condition})"


def _bounded(value: int | None) -> int:
    """A limit or offset SQLite can take: negative is 0, anything huge is "all"."""
    return MAX_ROWS if value is None else max(0, min(int(value), MAX_ROWS))


def compile_query(
    query: str,
    limit: int | None = None,
    offset: int = 0,
    order: str = "name",
    descending: bool = False,
    exclude_ranks: Sequence[int] = (),
    deck: DeckTerms | None = None,
    fields: SearchFields | None = None,
    scope: _Scope | None = None,
) -> tuple[str, list[object]]:
    """The SQL and parameters that `search` runs for `query` (raises QuerySyntaxError, ValueError for `order`).

    `fields`: another game's searchable fields (`order` may name one of them); `scope`: the searched game's cards
    (Rage's when None)."""
    if not can_order_by(order, fields):
        raise ValueError(f"cannot order search results by {order!r}")
    sql, params = _plan(query, order, descending, len(exclude_ranks), fields)
    scope = scope or _Scope(RAGE, 0, MAX_ROWS)
    return sql, [*_filled(params, deck, scope), *exclude_ranks, _bounded(limit), _bounded(offset)]


@functools.lru_cache(maxsize=256)
def _plan(
    query: str, order: str, descending: bool, exclude: int, fields: SearchFields | None = None
) -> tuple[str, tuple[object, ...]]:
    """The SQL of a query and its parameters before the `exclude` excluded ranks, limit and offset (cached per
    keystroke)."""
    marks = ", ".join("?" * exclude)
    node = parse_query(query, fields)
    direction = " DESC" if descending else ""
    pure, expression = _pure_fts(node)
    params: list[object] = [_GAME]
    if pure and expression is not None and order == "name":
        # Streams from the index in rowid (= name) order: no sort, and it stops after the page. Each match is one
        # seek of its card (game and place); another game's matches find none. (A rowid range here would be
        # carried over to card.name_rank and turn each seek into a scan of the range.)
        params.append(expression)
        skip = f" AND card_fts.rowid NOT IN ({marks})" if exclude else ""
        sql = (
            f"SELECT {_COLUMNS} FROM card_fts JOIN card ON card.game = ? AND card.name_rank = card_fts.rowid "
            f"WHERE card_fts MATCH ?{skip} ORDER BY card_fts.rowid{direction} LIMIT ? OFFSET ?"
        )
    else:
        where = _compile(node, params, fields)
        skip = f" AND card.name_rank NOT IN ({marks})" if exclude else ""
        tie = "" if order == "name" else f", card.name_rank{direction}"
        by = _ORDER_SQL.get(order)
        if by is None:  # another game's field, read from the card's fields (its path a parameter, never SQL)
            if exclude:  # excluded ranks are bound after the ORDER BY's path: only name order pins names
                raise ValueError(f"cannot pin names when ordering by {order!r}")
            by = "json_extract(card.fields, ?)"
            params.append(_json_path(order))
        # Name order walks ix_card_name_rank and stops after the page (early exit); other orders sort.
        sql = (
            f"{_SELECT} WHERE card.game = ? AND {where}{skip} ORDER BY {by}{direction}{tie} LIMIT ? OFFSET ?"
        )
    return sql, tuple(params)


def _game_order(order: str, fields: SearchFields | None) -> bool:
    """True when `order` is one of another game's fields (kept in the card's `fields`)."""
    return fields is not None and any(f.name == order for f in fields.fields)


def can_order_by(order: str, fields: SearchFields | None = None) -> bool:
    """True when a search of the game with these fields (Rage's: None) can order its matches by `order`."""
    return order in _ORDER_SQL or _game_order(order, fields)


# A SearchRow straight from a row tuple, with no Python frame per row (a NamedTuple's _make costs two).
_search_row = functools.partial(tuple.__new__, SearchRow)


# Cards whose names begin with the query's words that come before its other matches (the whole name first).
PINNED_NAMES = 20


def _name_words(node: Node) -> str:
    """The words a query may name a card by: its free words and phrases in order, when they are ANDed."""
    if isinstance(node, Text):
        return node.text
    if isinstance(node, And):
        return " ".join(c.text for c in node.children if isinstance(c, Text))
    return ""


# The widest run of name ranks the pinned names are checked in as one range (see _pinned_ranks).
PINNED_SPAN = 2000


def _pinned_ranks(
    conn: sqlite3.Connection, query: str, deck: DeckTerms | None, game: str, fields: SearchFields | None
) -> list[int]:
    """The name_ranks of the game's matching cards named by the query's words: the whole name, then names they
    begin."""
    node = parse_query(query, fields)
    key = normalize_name(_name_words(node))
    if not key:
        return []
    # Walks the (game, norm_name) index from the key: a few rows, however many cards the query matches.
    named = conn.execute(
        "SELECT name_rank, norm_name FROM card WHERE game = ? AND norm_name >= ? AND norm_name < ? "
        "ORDER BY norm_name LIMIT ?",
        (game, key, key + "\U0010ffff", PINNED_NAMES),
    ).fetchall()
    if not named:
        return []
    params: list[object] = [_GAME]
    ranks = [int(rank) for rank, _name in named]
    marks = ", ".join("?" * len(ranks))
    # Each full-text condition asks FTS5 about these few rows only (their ranks are our own integers, written into
    # the SQL so the parameters keep their order): unscoped, SQLite builds the whole match list first, 20-80 ms for
    # a one-letter word at 100,000 cards. Names that begin alike sit side by side in name order, so a rowid range
    # is one seek into each doclist; a list of rowids (when names sort apart) re-runs the match once per row.
    low, high = min(ranks), max(ranks)
    rows = f"BETWEEN {low} AND {high}" if high - low <= PINNED_SPAN else f"IN ({', '.join(map(str, ranks))})"
    scoped = _FTS_CONDITION.replace("MATCH ?)", f"MATCH ? AND rowid {rows})")
    where = _compile(node, params, fields).replace(_FTS_CONDITION, scoped)
    hits = conn.execute(
        f"SELECT name_rank FROM card WHERE card.game = ? AND {where} AND name_rank IN ({marks})",
        [*_filled(params, deck, _Scope(game, 0, MAX_ROWS)), *ranks],
    )
    matching = {int(rank) for (rank,) in hits}
    exact = {int(rank) for rank, name in named if name == key}
    return sorted(matching, key=lambda rank: (rank not in exact, rank))


def _run(conn: sqlite3.Connection, sql: str, params: list[object]) -> list[SearchRow]:
    cursor = conn.cursor()
    cursor.row_factory = None  # plain tuples (the reader's default is sqlite3.Row)
    return list(map(_search_row, cursor.execute(sql, params)))


def search(
    db: CardDatabase,
    query: str,
    limit: int | None = None,
    offset: int = 0,
    order: str = "name",
    descending: bool = False,
    deck: DeckTerms | None = None,
) -> list[SearchRow]:
    """Cards matching `query`, a page of `limit` from `offset`, ordered by a SearchRow field (name breaks ties).

    A blank query lists every card. In name order (ascending), the card the query's words name wholly comes first,
    then the cards whose names begin with them, then the other matches.
    `deck` answers `in:deck` and `is:missing` (without it they match nothing).
    Raises QuerySyntaxError for a query it cannot read and DatabaseError for a damaged database.
    """
    conn = db.reader
    fields = db.search_fields
    try:
        # A page needs only the game: each match is sought by game and place.
        scope = _Scope(db.game, 0, MAX_ROWS)
        pinned = (
            _pinned_ranks(conn, query, deck, db.game, fields) if order == "name" and not descending else []
        )
        if not pinned:
            return _run(
                conn,
                *compile_query(
                    query, limit, offset, order, descending, deck=deck, fields=fields, scope=scope
                ),
            )
        page, start = _bounded(limit), max(0, offset)
        shown = pinned[start : start + page]
        first: list[SearchRow] = []
        if shown:
            marks = ", ".join("?" * len(shown))
            found = conn.execute(
                f"SELECT card.name_rank, {_COLUMNS} FROM card WHERE card.game = ? AND card.name_rank IN ({marks})",
                [db.game, *shown],
            )
            by_rank = {row[0]: _search_row(tuple(row[1:])) for row in found}
            first = [by_rank[rank] for rank in shown]
        rest = compile_query(
            query,
            page - len(shown),
            max(0, start - len(pinned)),
            order,
            descending,
            pinned,
            deck,
            fields,
            scope,
        )
        return first + _run(conn, *rest)
    except sqlite3.Error as exc:
        raise damaged(db.path, exc) from exc


def count_matches(db: CardDatabase, query: str, deck: DeckTerms | None = None) -> int:
    """How many cards match `query` (no rows are built; free words are counted by FTS5 itself)."""
    fields = db.search_fields
    node = parse_query(query, fields)
    if node == And(()):
        return db.card_count()  # every card: the status bar's count at start is the same one
    pure, expression = _pure_fts(node)
    params: list[object] = []
    try:
        scope = _scope(db.reader, db.game)
        if pure and expression is not None:
            sql = "SELECT count(*) FROM card_fts WHERE card_fts MATCH ? AND rowid BETWEEN ? AND ?"
            params += [expression, _FIRST, _LAST]
        else:
            params.append(_GAME)
            sql = f"SELECT count(*) FROM card WHERE card.game = ? AND {_compile(node, params, fields)}"
        return int(db.reader.execute(sql, _filled(params, deck, scope)).fetchone()[0])
    except sqlite3.Error as exc:
        raise damaged(db.path, exc) from exc


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
    # In rowid order: FTS5 appends to its doclists instead of merging (about 4x faster at 100,000 cards). When ids
    # follow name_rank, the cards are read straight through instead of by the name_rank index.
    conn.execute(
        "INSERT INTO card_fts (rowid, name, type, keywords, requires, text) "
        f"SELECT name_rank, name, type, keywords, requires, trim(text || ' ' || errata || {_FIELD_WORDS}) FROM card "
        f"ORDER BY {'id' if in_place else 'name_rank'}"
    )


# Another game's field values (its `fields` JSON) as words of the full-text index; Rage's cards have none.
_FIELD_WORDS = (
    "CASE WHEN fields = '{}' OR NOT json_valid(fields) THEN '' "
    "ELSE ' ' || (SELECT coalesce(group_concat(value, ' '), '') FROM json_each(card.fields)) END"
)

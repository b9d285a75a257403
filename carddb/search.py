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
the cards whose names begin with them (at most PINNED_NAMES), then the other matches. A name whose own words match
the query vouches for its card (carddb.namepins); the index is asked only about the others.

`search_page` is what the browser and `ragedeck search` show: a page and how many cards match, the query parsed once
(`_parsed`). Another game's number fields have indexes of their own (carddb.searchindex), which counts seek.
"""

from __future__ import annotations

import functools
import itertools
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING

from carddb.model import RAGE
from carddb.namepins import NameTest, name_words
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
from carddb.record import TupleRecord
from carddb.searchindex import json_path as _json_path
from carddb.searchindex import number_of as _number_of
from carddb.searchindex import rebuild_search_index as rebuild_search_index
from carddb.searchterms import _FLAG_NAMES, _GAME, _filled, _Scope
from carddb.searchterms import NO_DECK as NO_DECK
from carddb.searchterms import DeckTerms as DeckTerms

if TYPE_CHECKING:
    from carddb.db import CardDatabase

# Larger limits and offsets mean "all": SQLite's integers stop at 2**63.
MAX_ROWS = 2**62


class SearchRow(TupleRecord):
    """One search hit: just what a card list shows (set_name is the newest printing's set)."""

    __slots__ = ()
    _fields = ("id", "name", "type", "section", "set_name", "renown", "rage", "gnosis", "health", "requires")

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

    def __new__(
        cls,
        id: int,
        name: str,
        type: str,
        section: str | None,
        set_name: str,
        renown: int | None,
        rage: int | None,
        gnosis: int | None,
        health: int | None,
        requires: str,
    ) -> SearchRow:
        return tuple.__new__(cls, (id, name, type, section, set_name, renown, rage, gnosis, health, requires))


_FLAG_SQL: dict[str, str] = {
    # The deck's names travel as one JSON parameter: any number of cards, one SQL text (and one cached plan).
    "in_deck": "card.norm_name IN (SELECT value FROM json_each(?))",
    "missing": "card.norm_name IN (SELECT value FROM json_each(?))",
    "in_library": "card.norm_name IN (SELECT value FROM json_each(?))",
    # The copies the collection holds of the searched game's cards (the game is the one parameter).
    "owned": "card.norm_name IN (SELECT c.norm_name FROM collection AS c WHERE c.game = ? AND c.count > 0)",
}
_OWNED_COPIES = "(SELECT COALESCE(SUM(c.count), 0) FROM collection AS c WHERE c.game = card.game AND c.norm_name = card.norm_name)"


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


def _compile(node: Node, params: list[object], fields: SearchFields | None = None, seek: bool = True) -> str:
    """A boolean SQL expression over `card` (never NULL) for the node; parameters are appended.

    `fields`: another game's searchable fields (its field terms read the card's `fields`); None: Rage's columns.
    `seek`: another game's number terms are written as its index of that field has them (index_number_fields), so
    that a count seeks them; not for a page in name order, which walks the cards in that order and stops after the
    page (with the index, SQLite would sort every match first)."""
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
        if fields is not None and not seek:
            # A whole number stored in the card's fields (text, an empty cell or no such key never compares; the
            # condition is never NULL, so that its negation holds for them).
            path = _json_path(node.field)
            params.extend([path, path, node.value])
            return f"(coalesce(json_type(card.fields, ?), '') = 'integer' AND json_extract(card.fields, ?) {operator} ?)"
        if fields is not None:
            # The same, written as the game's partial index of that field has it (index_number_fields), so that
            # SQLite seeks the numbers instead of reading every card's fields.
            number = _number_of(node.field, "card.fields")
            params.append(node.value)
            return f"({number} IS NOT NULL AND {number} {operator} ?)"
        params.append(node.value)
        return f"(card.{node.field} IS NOT NULL AND card.{node.field} {operator} ?)"
    if isinstance(node, Not):
        return f"NOT ({_compile(node.child, params, fields, seek)})"
    if isinstance(node, And):
        if not node.children:
            return "1"
        texts = [c for c in node.children if isinstance(c, Text)]
        parts = [_compile_fts_group(texts, "AND", params)] if texts else []
        parts += [_compile(c, params, fields, seek) for c in node.children if not isinstance(c, Text)]
        return "(" + " AND ".join(parts) + ")"
    texts = [c for c in node.children if isinstance(c, Text)]
    parts = [_compile_fts_group(texts, "OR", params)] if texts else []
    parts += [_compile(c, params, fields, seek) for c in node.children if not isinstance(c, Text)]
    return "(" + " OR ".join(parts) + ")"


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
    query: str,
    order: str,
    descending: bool,
    exclude: int,
    fields: SearchFields | None = None,
    game: str = RAGE,
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
        where = _compile(node, params, fields, seek=order != "name")
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


# A SearchRow straight from a row tuple, with no Python frame per row (its __new__ or _make would cost one).
_search_row = functools.partial(tuple.__new__, SearchRow)


# Cards whose names begin with the query's words that come before its other matches (the whole name first).
PINNED_NAMES = 20


# The widest run of name ranks the pinned names are checked in as one range (see _matching_ranks).
PINNED_SPAN = 2000


class _Query:
    """A query parsed once, with what every search of it asks again: its full-text expression and name key."""

    __slots__ = ("every", "expression", "fts_only", "key", "name_test", "node", "pure")

    def __init__(self, query: str, fields: SearchFields | None) -> None:
        self.node = parse_query(query, fields)
        self.every = self.node == And(())  # a blank query: every card
        self.pure, self.expression = _pure_fts(self.node)
        self.fts_only = self.pure and self.expression is not None  # one MATCH answers it
        self.key = normalize_name(name_words(self.node))
        self.name_test = NameTest.of(self.node) if self.pure else None


@functools.lru_cache(maxsize=256)
def _parsed(query: str, fields: SearchFields | None) -> _Query:
    """The query parsed (raises QuerySyntaxError), cached per keystroke like its plans."""
    return _Query(query, fields)


_PINNED_SQL = (
    f"SELECT card.name_rank, card.norm_name, {_COLUMNS} FROM card WHERE card.game = ? AND card.norm_name >= ? "
    "AND card.norm_name < ? ORDER BY card.norm_name LIMIT ?"
)


def _pinned_rows(
    conn: sqlite3.Connection, parsed: _Query, deck: DeckTerms | None, game: str, fields: SearchFields | None
) -> list[tuple[int, SearchRow]]:
    """The game's matching cards named by the query's words, with their rows: the whole name, then names they
    begin (name_rank, row)."""
    key = parsed.key
    if not key:
        return []
    # Walks the (game, norm_name) index from the key: a few rows, however many cards the query matches.
    cursor = conn.cursor()
    cursor.row_factory = None  # plain tuples: (name_rank, norm_name, the row's columns...)
    named = cursor.execute(_PINNED_SQL, (game, key, key + "\U0010ffff", PINNED_NAMES)).fetchall()
    if not named:
        return []
    if not parsed.pure or parsed.expression is not None:  # (words without letters match every card)
        # A name that holds the query's words answers for its card; the index is asked only about the others.
        sure = parsed.name_test.sure if parsed.name_test is not None else None
        unsure = [row[0] for row in named if sure is None or not sure(row[3])]
        missed = set(unsure) - _matching_ranks(conn, parsed, unsure, deck, game, fields) if unsure else set()
        named = [row for row in named if row[0] not in missed]
        if not named:
            return []
    named.sort()  # in name order (name_rank, unique, decides)
    whole = next((i for i, row in enumerate(named) if row[1] == key), 0)  # the whole name first
    named.insert(0, named.pop(whole))
    return [(row[0], _search_row(row[2:])) for row in named]


def _matching_ranks(
    conn: sqlite3.Connection,
    parsed: _Query,
    ranks: list[int],
    deck: DeckTerms | None,
    game: str,
    fields: SearchFields | None,
) -> set[int]:
    """Which of these few cards (name_ranks) match the query."""
    params: list[object] = [_GAME]
    marks = ", ".join("?" * len(ranks))
    # Each full-text condition asks FTS5 about these few rows only (their ranks are our own integers, written into
    # the SQL so the parameters keep their order): unscoped, SQLite builds the whole match list first, 20-80 ms for
    # a one-letter word at 100,000 cards. Names that begin alike sit side by side in name order, so a rowid range
    # is one seek into each doclist; a list of rowids (when names sort apart) re-runs the match once per row.
    low, high = min(ranks), max(ranks)
    rows = f"BETWEEN {low} AND {high}" if high - low <= PINNED_SPAN else f"IN ({', '.join(map(str, ranks))})"
    scoped = _FTS_CONDITION.replace("MATCH ?)", f"MATCH ? AND rowid {rows})")
    where = _compile(parsed.node, params, fields, seek=False).replace(_FTS_CONDITION, scoped)
    hits = conn.execute(
        f"SELECT name_rank FROM card WHERE card.game = ? AND {where} AND name_rank IN ({marks})",
        [*_filled(params, deck, _Scope(game, 0, MAX_ROWS)), *ranks],
    )
    return {int(rank) for (rank,) in hits}


def _run(conn: sqlite3.Connection, sql: str, params: list[object]) -> list[SearchRow]:
    cursor = conn.cursor()
    cursor.row_factory = None  # plain tuples (the reader's default is sqlite3.Row)
    return list(map(_search_row, cursor.execute(sql, params)))


def _page(
    db: CardDatabase,
    parsed: _Query,
    query: str,
    limit: int | None,
    offset: int,
    order: str,
    descending: bool,
    deck: DeckTerms | None,
) -> list[SearchRow]:
    """The page of a parsed query (the pinned names first in name order)."""
    conn = db.reader
    fields = db.search_fields
    # A page needs only the game: each match is sought by game and place.
    scope = _Scope(db.game, 0, MAX_ROWS)
    pinned = _pinned_rows(conn, parsed, deck, db.game, fields) if order == "name" and not descending else []
    if not pinned:
        return _run(
            conn,
            *compile_query(query, limit, offset, order, descending, deck=deck, fields=fields, scope=scope),
        )
    page, start = _bounded(limit), max(0, offset)
    first = [row for _rank, row in pinned[start : start + page]]
    if start == 0 and len(first) < page:
        # The first page: the other matches stream in name order and are taken until the page is full, the pinned
        # ones skipped as they come (cheaper than an SQL NOT IN list; a later page's offset counts them, so it
        # uses one).
        pinned_ids = {row.id for row in first}
        sql, params = compile_query(query, page, 0, order, descending, deck=deck, fields=fields, scope=scope)
        cursor = conn.cursor()
        cursor.row_factory = None
        others = (row for row in cursor.execute(sql, params) if row[0] not in pinned_ids)
        first.extend(map(_search_row, itertools.islice(others, page - len(first))))
        cursor.close()  # SQLite stops where the page was full
        return first
    ranks = [rank for rank, _row in pinned]
    rest = compile_query(
        query, page - len(first), max(0, start - len(ranks)), order, descending, ranks, deck, fields, scope
    )
    return first + _run(conn, *rest)


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
    if not can_order_by(order, db.search_fields):
        raise ValueError(f"cannot order search results by {order!r}")
    parsed = _parsed(query, db.search_fields)
    try:
        return _page(db, parsed, query, limit, offset, order, descending, deck)
    except sqlite3.Error as exc:
        raise damaged(db.path, exc) from exc


def search_page(
    db: CardDatabase,
    query: str,
    limit: int | None = None,
    offset: int = 0,
    order: str = "name",
    descending: bool = False,
    deck: DeckTerms | None = None,
) -> tuple[list[SearchRow], int]:
    """`search`'s page and how many cards match in all (`count_matches`), the query parsed once.

    The count is counted only when the page does not tell it (a page shorter than `limit` from offset 0 is all).
    The page and the count stay two statements: by callgrind at 100,000 cards, one statement costs more (a
    UNION ALL of both +0.35 M instructions a search, the count as a column of the page +0.09 M, `count(*) OVER ()`
    ten times the page, since it reads every match before the first row)."""
    if not can_order_by(order, db.search_fields):
        raise ValueError(f"cannot order search results by {order!r}")
    parsed = _parsed(query, db.search_fields)
    try:
        rows = _page(db, parsed, query, limit, offset, order, descending, deck)
        if offset <= 0 and len(rows) < _bounded(limit):
            return rows, len(rows)
        return rows, _count(db, parsed, deck)
    except sqlite3.Error as exc:
        raise damaged(db.path, exc) from exc


def count_matches(db: CardDatabase, query: str, deck: DeckTerms | None = None) -> int:
    """How many cards match `query` (no rows are built; free words are counted by FTS5 itself)."""
    parsed = _parsed(query, db.search_fields)
    try:
        return _count(db, parsed, deck)
    except sqlite3.Error as exc:
        raise damaged(db.path, exc) from exc


# A pure full-text count: FTS5 counts its own matches. With a rowid range, SQLite checks every match's rowid itself
# (FTS5 does not take that check over): +39 % instructions for `s` at 100,000 cards, so the range is asked only when
# other games' cards share the index.
_FTS_COUNT = "SELECT count(*) FROM card_fts WHERE card_fts MATCH ?"
_FTS_COUNT_IN = f"{_FTS_COUNT} AND rowid BETWEEN ? AND ?"


def _count(db: CardDatabase, parsed: _Query, deck: DeckTerms | None) -> int:
    """How many of the game's cards match the parsed query."""
    node = parsed.node
    if parsed.every:
        return db.card_count()  # every card: the status bar's count at start is the same one
    if parsed.fts_only:
        span = db.index_range()
        if span is None:
            return int(db.reader.execute(_FTS_COUNT, (parsed.expression,)).fetchone()[0])
        return int(db.reader.execute(_FTS_COUNT_IN, (parsed.expression, *span)).fetchone()[0])
    params: list[object] = [_GAME]
    sql = f"SELECT count(*) FROM card WHERE card.game = ? AND {_compile(node, params, db.search_fields)}"
    return int(db.reader.execute(sql, _filled(params, deck, _Scope(db.game, 0, MAX_ROWS))).fetchone()[0])

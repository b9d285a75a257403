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
- ``-`` before any term or group negates it; ``OR`` (uppercase) between terms; juxtaposition (or an uppercase
  ``AND``) is AND; parentheses group. ``OR`` binds looser than AND.

Text matches other than free words are ASCII case-insensitive substring matches (SQLite LIKE).

Results come in name order unless another SearchRow field is asked for. The full-text index's rowid is each card's
position in name order (`card.name_rank`), so a free-word query streams its matches out already sorted and stops
after one page; its count is FTS5's own. When the query names a card exactly, that card comes first.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from carddb.normalize import normalize_name
from carddb.opening import damaged

if TYPE_CHECKING:
    from carddb.db import CardDatabase

# Field name typed by the player -> canonical field.
TEXT_FIELDS: dict[str, str] = {
    "t": "type",
    "type": "type",
    "s": "set",
    "set": "set",
    "a": "allegiance",
    "allegiance": "allegiance",
    "k": "keyword",
    "kw": "keyword",
    "keyword": "keyword",
    "keywords": "keyword",
    "req": "requires",
    "requires": "requires",
    "n": "name",
    "name": "name",
}
NUMERIC_SEARCH_FIELDS: tuple[str, ...] = (
    "renown",
    "rage",
    "gnosis",
    "health",
    "damage",
    "crage",
    "cgnosis",
    "chealth",
)
ALLEGIANCES: tuple[str, ...] = ("gaia", "wyrm", "rogue")
SECTION_WORDS: dict[str, str] = {
    "character": "characters",
    "characters": "characters",
    "sept": "sept",
    "combat": "combat",
}
# Guards that keep any typed text from exhausting Python's recursion or SQLite's expression limits.
MAX_DEPTH = 40
MAX_TERMS = 200
MAX_NUMBER = 10**9
# Longest text a field test takes: no card field is near it, and SQLite refuses LIKE patterns over 50,000 bytes.
MAX_FIELD_TEXT = 1000
# Larger limits and offsets mean "all": SQLite's integers stop at 2**63.
MAX_ROWS = 2**62

_FIELD_RE = re.compile(r"([A-Za-z]+)(<=|>=|!=|:|=|<|>)")
_NUMBER_RE = re.compile(r"-?[0-9]+")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_WORD_STOP = frozenset(' \t\n\r\f\v()"')


class QuerySyntaxError(ValueError):
    """A search query that cannot be understood; `position` is the 0-based index of `token`."""

    def __init__(self, message: str, position: int, token: str) -> None:
        super().__init__(f"{message} at position {position}")
        self.message = message
        self.position = position
        self.token = token


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


# -- the syntax tree -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Text:
    """A free word (prefix match) or a quoted phrase (exact phrase) over the full-text index."""

    text: str
    phrase: bool = False


@dataclass(frozen=True, slots=True)
class Field:
    """A text field test: type, set, allegiance, keyword, requires or name."""

    field: str
    value: str


@dataclass(frozen=True, slots=True)
class Compare:
    """A numeric field compared with a number (`op` is one of = != < > <= >=)."""

    field: str
    op: str
    value: int


@dataclass(frozen=True, slots=True)
class Not:
    """The negation of a term or group."""

    child: Node


@dataclass(frozen=True, slots=True)
class And:
    """Every child matches; no children = every card."""

    children: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Or:
    """At least one child matches."""

    children: tuple[Node, ...]


Node = Text | Field | Compare | Not | And | Or


# -- lexing --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "(" ")" "OR" "AND" "-" "term"
    position: int
    text: str
    node: Node | None = None


def _read_quoted(text: str, start: int) -> tuple[str, int]:
    """The content of the quoted string opening at `start`, and the index after its closing quote."""
    end = text.find('"', start + 1)
    if end < 0:
        raise QuerySyntaxError("unterminated quote", start, text[start:])
    return text[start + 1 : end], end + 1


def _read_word(text: str, start: int) -> int:
    """The index just after the bare word starting at `start`."""
    end = start
    while end < len(text) and text[end] not in _WORD_STOP:
        end += 1
    return end


def _field_term(text: str, start: int, name: str, op: str, value_start: int) -> tuple[Node, int]:
    """Read the value of `name<op>` whose value starts at `value_start`; return the term and its end."""
    key = name.casefold()
    head = f"{name}{op}"
    if key in NUMERIC_SEARCH_FIELDS:
        end = _read_word(text, value_start)
        raw = text[value_start:end]
        if not _NUMBER_RE.fullmatch(raw):
            raise QuerySyntaxError(f'expected a number after "{head}"', value_start, raw)
        # Digits are counted before int(): past 4,300 of them int() itself refuses (ValueError, not a syntax error).
        number = int(raw) if len(raw.lstrip("-")) <= len(str(MAX_NUMBER)) else MAX_NUMBER + 1
        if abs(number) > MAX_NUMBER:
            raise QuerySyntaxError(f'number too large after "{head}"', value_start, raw)
        return Compare(key, "=" if op == ":" else op, number), end
    field = TEXT_FIELDS.get(key)
    if field is None:
        raise QuerySyntaxError(f'unknown field "{head}"', start, head)
    if op != ":":
        raise QuerySyntaxError(f'"{name}" takes ":" not "{op}"', start, head)
    if value_start < len(text) and text[value_start] == '"':
        value, end = _read_quoted(text, value_start)
    else:
        end = _read_word(text, value_start)
        value = text[value_start:end]
    value = " ".join(value.split())
    if not value:
        raise QuerySyntaxError(f'expected a value after "{head}"', value_start, text[value_start:end])
    if len(value) > MAX_FIELD_TEXT:
        raise QuerySyntaxError(
            f'text after "{head}" is too long (at most {MAX_FIELD_TEXT} characters)', value_start, value[:40]
        )
    if field == "allegiance":
        value = _allegiance(value, head, value_start)
    return Field(field, value), end


def _allegiance(value: str, head: str, position: int) -> str:
    """The allegiance named by a full word or its first letters."""
    wanted = value.casefold()
    for allegiance in ALLEGIANCES:
        if allegiance.startswith(wanted):
            return allegiance
    raise QuerySyntaxError(f'expected gaia, wyrm or rogue after "{head}"', position, value)


def _tokenize(text: str) -> list[_Token]:
    """Split a query into parentheses, operators and terms (raises QuerySyntaxError)."""
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char in "()":
            tokens.append(_Token(char, i, char))
            i += 1
        elif char == "-" and i + 1 < len(text) and not text[i + 1].isspace():
            tokens.append(_Token("-", i, char))
            i += 1
        elif char == '"':
            content, end = _read_quoted(text, i)
            tokens.append(_Token("term", i, text[i:end], Text(content, phrase=True)))
            i = end
        else:
            field = _FIELD_RE.match(text, i)
            if field is not None:
                node, end = _field_term(text, i, field.group(1), field.group(2), field.end())
                tokens.append(_Token("term", i, text[i:end], node))
                i = end
                continue
            end = _read_word(text, i)
            word = text[i:end]
            if word in ("OR", "AND"):
                tokens.append(_Token(word, i, word))
            else:
                tokens.append(_Token("term", i, word, Text(word)))
            i = end
    if sum(1 for t in tokens if t.kind == "term") > MAX_TERMS:
        raise QuerySyntaxError(f"too many terms (at most {MAX_TERMS})", 0, text)
    return tokens


# -- parsing -------------------------------------------------------------------------------------


class _Parser:
    """Recursive descent: or := and ("OR" and)*; and := unary+; unary := "-"* (group | term)."""

    def __init__(self, tokens: list[_Token], length: int) -> None:
        self.tokens = tokens
        self.index = 0
        self.length = length

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def parse(self) -> Node:
        node = self.parse_or(0)
        token = self.peek()
        if token is not None:  # only a stray ")" can stop the top level early
            raise QuerySyntaxError('unbalanced ")"', token.position, token.text)
        return node

    def parse_or(self, depth: int) -> Node:
        first = self.peek()
        if first is not None and first.kind == "OR":
            raise QuerySyntaxError('expected a term before "OR"', first.position, first.text)
        branches = [self.parse_and(depth)]
        while (token := self.peek()) is not None and token.kind == "OR":
            self.index += 1
            following = self.peek()
            if following is None or following.kind in (")", "OR", "AND"):
                raise QuerySyntaxError('expected a term after "OR"', token.position, token.text)
            branches.append(self.parse_and(depth))
        return branches[0] if len(branches) == 1 else Or(tuple(branches))

    def parse_and(self, depth: int) -> Node:
        children: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in (")", "OR"):
            if token.kind == "AND":
                self.index += 1
                following = self.peek()
                if not children or following is None or following.kind in (")", "OR", "AND"):
                    raise QuerySyntaxError('expected terms on both sides of "AND"', token.position, "AND")
                continue
            children.append(self.parse_unary(depth))
        return children[0] if len(children) == 1 else And(tuple(children))

    def parse_unary(self, depth: int) -> Node:
        negations = 0
        token = self.peek()
        while token is not None and token.kind == "-":
            negations += 1
            self.index += 1
            following = self.peek()
            if following is None or following.kind in (")", "OR", "AND"):
                raise QuerySyntaxError('expected a term after "-"', token.position, "-")
            token = following
        assert token is not None
        node = self.parse_primary(token, depth)
        return Not(node) if negations % 2 else node

    def parse_primary(self, token: _Token, depth: int) -> Node:
        self.index += 1
        if token.kind == "term":
            assert token.node is not None
            return token.node
        # token.kind == "(": AND/OR/")" never reach here (parse_and and parse_unary stop before them)
        if depth >= MAX_DEPTH:
            raise QuerySyntaxError(
                f"parentheses nested too deeply (at most {MAX_DEPTH})", token.position, "("
            )
        inner_start = self.peek()
        if inner_start is not None and inner_start.kind == ")":
            raise QuerySyntaxError("empty parentheses", token.position, "()")
        node = self.parse_or(depth + 1)
        closing = self.peek()
        if closing is None or closing.kind != ")":
            raise QuerySyntaxError('unbalanced "("', token.position, "(")
        self.index += 1
        return node


@functools.lru_cache(maxsize=256)
def parse_query(text: str) -> Node:
    """Parse a search query into a syntax tree; raises QuerySyntaxError pointing at the bad token."""
    broken = _LONE_SURROGATE.search(text)
    if broken is not None:  # bytes that were not UTF-8 (surrogate-escaped): no SQL parameter can carry them
        raise QuerySyntaxError("not text (bytes that are not UTF-8)", broken.start(), broken.group())
    return _Parser(_tokenize(text), len(text)).parse()


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


def _compile(node: Node, params: list[object]) -> str:
    """A boolean SQL expression over `card` (never NULL) for the node; parameters are appended."""
    if isinstance(node, Text):
        return _compile_fts_group([node], "AND", params)
    if isinstance(node, Field):
        return _compile_field(node, params)
    if isinstance(node, Compare):
        params.append(node.value)
        operator = "<>" if node.op == "!=" else node.op
        return f"(card.{node.field} IS NOT NULL AND card.{node.field} {operator} ?)"
    if isinstance(node, Not):
        return f"NOT ({_compile(node.child, params)})"
    if isinstance(node, And):
        if not node.children:
            return "1"
        texts = [c for c in node.children if isinstance(c, Text)]
        parts = [_compile_fts_group(texts, "AND", params)] if texts else []
        parts += [_compile(c, params) for c in node.children if not isinstance(c, Text)]
        return "(" + " AND ".join(parts) + ")"
    texts = [c for c in node.children if isinstance(c, Text)]
    parts = [_compile_fts_group(texts, "OR", params)] if texts else []
    parts += [_compile(c, params) for c in node.children if not isinstance(c, Text)]
    return "(" + " OR ".join(parts) + ")"


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
    exclude_rank: int | None = None,
) -> tuple[str, list[object]]:
    """The SQL and parameters that `search` runs for `query` (raises QuerySyntaxError, ValueError for `order`)."""
    if order not in _ORDER_SQL:
        raise ValueError(f"cannot order search results by {order!r}")
    sql, params = _plan(query, order, descending, exclude_rank is not None)
    excluded = [] if exclude_rank is None else [exclude_rank]
    return sql, [*params, *excluded, _bounded(limit), _bounded(offset)]


@functools.lru_cache(maxsize=256)
def _plan(query: str, order: str, descending: bool, exclude: bool) -> tuple[str, tuple[object, ...]]:
    """The SQL of a query and its parameters before the excluded rank, limit and offset (cached per keystroke)."""
    node = parse_query(query)
    direction = " DESC" if descending else ""
    pure, expression = _pure_fts(node)
    params: list[object] = []
    if pure and expression is not None and order == "name":
        # Streams from the index in rowid (= name) order: no sort, and it stops after the page.
        params.append(expression)
        skip = " AND card_fts.rowid != ?" if exclude else ""
        sql = (
            f"SELECT {_COLUMNS} FROM card_fts JOIN card ON card.name_rank = card_fts.rowid "
            f"WHERE card_fts MATCH ?{skip} ORDER BY card_fts.rowid{direction} LIMIT ? OFFSET ?"
        )
    else:
        where = _compile(node, params)
        skip = " AND card.name_rank != ?" if exclude else ""
        tie = "" if order == "name" else f", card.name_rank{direction}"
        # Name order walks ix_card_name_rank and stops after the page (early exit); other orders sort.
        sql = f"{_SELECT} WHERE {where}{skip} ORDER BY {_ORDER_SQL[order]}{direction}{tie} LIMIT ? OFFSET ?"
    return sql, tuple(params)


# A SearchRow straight from a row tuple, with no Python frame per row (a NamedTuple's _make costs two).
_search_row = functools.partial(tuple.__new__, SearchRow)


def _exact_rank(conn: sqlite3.Connection, query: str) -> int | None:
    """The name_rank of the card the query names exactly (free words only), if it matches the query."""
    pure, expression = _pure_fts(parse_query(query))
    key = normalize_name(query)
    if not pure or not key:
        return None
    row = conn.execute("SELECT name_rank FROM card WHERE norm_name = ?", (key,)).fetchone()
    if row is None:
        return None
    rank = int(row[0])
    if expression is not None:
        hit = conn.execute("SELECT 1 FROM card_fts WHERE card_fts MATCH ? AND rowid = ?", (expression, rank))
        if hit.fetchone() is None:
            return None
    return rank


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
) -> list[SearchRow]:
    """Cards matching `query`, a page of `limit` from `offset`, ordered by a SearchRow field (name breaks ties).

    A blank query lists every card. In name order (ascending), a card the query names exactly comes first.
    Raises QuerySyntaxError for a query it cannot read and DatabaseError for a damaged database.
    """
    conn = db.reader
    try:
        pinned = _exact_rank(conn, query) if order == "name" and not descending else None
        if pinned is None:
            return _run(conn, *compile_query(query, limit, offset, order, descending))
        page = _bounded(limit)
        first: list[SearchRow] = []
        if offset <= 0 and page > 0:
            first = _run(conn, f"{_SELECT} WHERE card.name_rank = ?", [pinned])
            page -= 1
        rest_offset = max(0, offset - 1)
        return first + _run(conn, *compile_query(query, page, rest_offset, order, descending, pinned))
    except sqlite3.Error as exc:
        raise damaged(db.path, exc) from exc


def count_matches(db: CardDatabase, query: str) -> int:
    """How many cards match `query` (no rows are built; free words are counted by FTS5 itself)."""
    node = parse_query(query)
    pure, expression = _pure_fts(node)
    params: list[object] = []
    try:
        if pure and expression is not None:
            sql = "SELECT count(*) FROM card_fts WHERE card_fts MATCH ?"
            params.append(expression)
        else:
            sql = f"SELECT count(*) FROM card WHERE {_compile(node, params)}"
        return int(db.reader.execute(sql, params).fetchone()[0])
    except sqlite3.Error as exc:
        raise damaged(db.path, exc) from exc


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def name_order_key(name: str, card_id: int) -> tuple[str, int]:
    """A card's place in name order: SQLite's NOCASE (only ASCII letters fold), then id."""
    return name.translate(_ASCII_LOWER), card_id


def rebuild_search_index(conn: sqlite3.Connection) -> None:
    """Renumber cards in name order and refill the full-text index (runs inside the caller's transaction)."""
    rows = conn.execute("SELECT id, name, name_rank FROM card").fetchall()
    rows.sort(key=lambda r: name_order_key(str(r[1]), int(r[0])))
    # Only rows whose place changed are written (none after a fresh import, which inserts them in place).
    moved = [(rank, r[0]) for rank, r in enumerate(rows, start=1) if r[2] != rank]
    if moved:
        conn.executemany("UPDATE card SET name_rank = ? WHERE id = ?", moved)
    conn.execute("INSERT INTO card_fts (card_fts) VALUES ('delete-all')")
    # In rowid order: FTS5 appends to its doclists instead of merging (about 4x faster at 100,000 cards).
    conn.execute(
        "INSERT INTO card_fts (rowid, name, type, keywords, requires, text) "
        "SELECT name_rank, name, type, keywords, requires, trim(text || ' ' || errata) FROM card "
        "ORDER BY name_rank"
    )

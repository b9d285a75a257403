"""Card search: a small query language compiled to one SQL query (FTS5 for words, columns for fields).

The language, as a player types it (field names are case-insensitive, positions are 0-based characters):

- ``shado`` — a free word matches name, type, keywords, requires or text (incl. errata) as a *prefix*,
  so it finds "Shadow Lords" while the player is still typing. ``"moon bridge"`` matches the exact phrase.
  Punctuation inside words is ignored (``Gaia's`` = the words ``gaia`` and ``s``); a word with no letters
  or digits at all matches every card.
- ``t:gift``, ``t:"combat action"`` — Type contains the text. ``t:characters``, ``t:sept`` and ``t:combat``
  (also ``t:character``) additionally match every card of that deck section.
- ``s:umbra`` — any printing's set name contains the text (a space also matches the ``_`` Lackey writes).
- ``a:gaia`` / ``a:wyrm`` / ``a:rogue`` (or ``g``/``w``/``r``) — a Character's allegiance: from its Type,
  else Wyrm when its keywords include 7th Generation, Pentex, Black Spiral Dancer or Bane, else Gaia.
- ``k:ahroun`` — keyword field contains; ``req:fianna`` — requires field contains; ``n:lord`` — name contains.
- ``renown>=5``, ``rage<3``, ``gnosis=2``, ``renown:5`` (means ``=``), also ``health``, ``damage``, ``crage``,
  ``cgnosis``, ``chealth`` with ``= != < > <= >=`` (no spaces around the operator).
- ``-`` before any term or group negates it; ``OR`` (uppercase) between terms; juxtaposition (or an uppercase
  ``AND``) is AND; parentheses group. ``OR`` binds looser than AND.

Text matches other than free words are ASCII case-insensitive substring matches (SQLite LIKE).
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

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

_FIELD_RE = re.compile(r"([A-Za-z]+)(<=|>=|!=|:|=|<|>)")
_NUMBER_RE = re.compile(r"-?[0-9]+")
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
        number = int(raw)
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


def parse_query(text: str) -> Node:
    """Parse a search query into a syntax tree; raises QuerySyntaxError pointing at the bad token."""
    return _Parser(_tokenize(text), len(text)).parse()


# -- compiling to SQL ----------------------------------------------------------------------------

_FTS_CONDITION = "card.id IN (SELECT rowid FROM card_fts WHERE card_fts MATCH ?)"
# A Character's allegiance (DECK-RULES.md "Allegiance of a Character"): the Type first, then the keywords
# that only Wyrm creatures carry; every other Character is Gaia. NULL for non-Characters.
_KEYWORDS_PADDED = "(' - ' || replace(replace(card.keywords, '–', '-'), '—', '-') || ' - ')"
_WYRM_KEYWORDS = ("7th generation", "pentex", "black spiral dancer", "bane")
_ALLEGIANCE_SQL = (
    "(CASE WHEN card.section = 'characters' THEN CASE"
    " WHEN card.type LIKE '%rogue%' THEN 'rogue'"
    " WHEN card.type LIKE '%wyrm%' THEN 'wyrm'"
    " WHEN card.type LIKE '%gaia%' THEN 'gaia'"
    + "".join(f" WHEN {_KEYWORDS_PADDED} LIKE '% - {kw} - %' THEN 'wyrm'" for kw in _WYRM_KEYWORDS)
    + " ELSE 'gaia' END END)"
)
# Served from the covering index ix_printing_newest; a card's sets have distinct ranks, so the tie-break
# on set_name only keeps the answer deterministic.
_NEWEST_SET_SQL = (
    "(SELECT p.set_name FROM printing AS p WHERE p.card_id = card.id"
    " ORDER BY p.set_rank DESC, p.set_name DESC LIMIT 1)"
)
_SELECT = (
    "SELECT card.id, card.name, card.type, card.section, "
    f"coalesce({_NEWEST_SET_SQL}, '') AS set_name, "
    "card.renown, card.rage, card.gnosis, card.health, card.requires FROM card"
)


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


def _compile_fts_group(texts: list[Text], joiner: str, params: list[object]) -> str:
    """One MATCH for several words (joined by AND or OR); words without letters match every card."""
    parts = [_fts_string(t) for t in texts]
    strings = [p for p in parts if p is not None]
    if len(strings) < len(parts) and joiner == "OR":
        return "1"
    if not strings:
        return "1"
    params.append(f" {joiner} ".join(strings))
    return _FTS_CONDITION


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
        params.append(node.value)
        return f"({_ALLEGIANCE_SQL} IS ?)"
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


# Columns a search may be ordered by (SearchRow fields); text sorts without regard to case, name breaks ties.
_ORDER_SQL = {
    "id": "card.id",
    "name": "card.name COLLATE NOCASE",
    "type": "card.type COLLATE NOCASE",
    "section": "card.section",
    "set_name": "set_name COLLATE NOCASE",
    "renown": "card.renown",
    "rage": "card.rage",
    "gnosis": "card.gnosis",
    "health": "card.health",
    "requires": "card.requires COLLATE NOCASE",
}


def compile_query(
    query: str, limit: int | None = None, offset: int = 0, order: str = "name", descending: bool = False
) -> tuple[str, list[object]]:
    """The SQL and parameters that `search` runs for `query` (raises QuerySyntaxError; ValueError for `order`)."""
    if order not in _ORDER_SQL:
        raise ValueError(f"cannot order by {order!r}; one of {', '.join(_ORDER_SQL)}")
    params: list[object] = []
    where = _compile(parse_query(query), params)
    direction = " DESC" if descending else ""
    keys = [f"{_ORDER_SQL[order]}{direction}"]
    if order != "name":
        keys.append(f"card.name COLLATE NOCASE{direction}")
    keys.append(f"card.id{direction}")
    sql = f"{_SELECT} WHERE {where} ORDER BY {', '.join(keys)}"
    if limit is not None or offset > 0:
        sql += " LIMIT ? OFFSET ?"
        params.extend([-1 if limit is None else max(0, limit), max(0, offset)])
    return sql, params


def _search_row(_cursor: sqlite3.Cursor, row: tuple[object, ...]) -> SearchRow:
    return SearchRow._make(row)


def search(
    db: CardDatabase,
    query: str,
    limit: int | None = None,
    offset: int = 0,
    order: str = "name",
    descending: bool = False,
) -> list[SearchRow]:
    """Cards matching `query` in `order` (a SearchRow field; name breaks ties); a blank query lists every card."""
    sql, params = compile_query(query, limit, offset, order, descending)
    cursor = db.reader.cursor()
    cursor.row_factory = _search_row  # skip building sqlite3.Row objects for thousands of hits
    return list(cursor.execute(sql, params))


def count_matches(db: CardDatabase, query: str) -> int:
    """How many cards match `query` (cheap: no rows are built), for "showing N of M" displays."""
    params: list[object] = []
    where = _compile(parse_query(query), params)
    return int(db.reader.execute(f"SELECT COUNT(*) FROM card WHERE {where}", params).fetchone()[0])


def rebuild_search_index(conn: sqlite3.Connection) -> None:
    """Refill the full-text index from the card table (runs inside the caller's transaction)."""
    conn.execute("DELETE FROM card_fts")
    conn.execute(
        "INSERT INTO card_fts (rowid, name, type, keywords, requires, text) "
        "SELECT id, name, type, keywords, requires, trim(text || ' ' || errata) FROM card"
    )
    # Merge the index into one segment so later prefix queries read one b-tree.
    conn.execute("INSERT INTO card_fts (card_fts) VALUES ('optimize')")

"""The search query language as a player types it: lexing and parsing into a syntax tree (no SQL, no database).

carddb.search documents the language and compiles the tree to SQL.
"""

from __future__ import annotations

import functools
import re

from carddb.messages import Message, declare, message
from carddb.record import FrozenRecord, set_field

# Every syntax error a player can read, translated where shown (deckbuilder.i18n reads carddb's templates).
declare(
    {
        "QUERY_AT": "{error} at position {position}",
        "QUERY_UNTERMINATED_QUOTE": "unterminated quote",
        "QUERY_EXPECTED_NUMBER": 'expected a number after "{head}"',
        "QUERY_NUMBER_TOO_LARGE": 'number too large after "{head}"',
        "QUERY_UNKNOWN_FIELD": 'unknown field "{head}"',
        "QUERY_TAKES_COLON": '"{name}" takes ":" not "{op}"',
        "QUERY_EXPECTED_VALUE": 'expected a value after "{head}"',
        "QUERY_TEXT_TOO_LONG": 'text after "{head}" is too long (at most {limit} characters)',
        "QUERY_EXPECTED_WORD": 'expected {word} after "{head}"',
        "QUERY_EXPECTED_EITHER": 'expected {first} or {last} after "{head}"',
        "QUERY_EXPECTED_ALLEGIANCE": 'expected gaia, wyrm or rogue after "{head}"',
        "QUERY_TOO_MANY_TERMS": "too many terms (at most {limit})",
        "QUERY_UNBALANCED_CLOSE": 'unbalanced ")"',
        "QUERY_TERM_BEFORE_OR": 'expected a term before "OR"',
        "QUERY_TERM_AFTER_OR": 'expected a term after "OR"',
        "QUERY_TERMS_AROUND_AND": 'expected terms on both sides of "AND"',
        "QUERY_TERM_AFTER_NOT": 'expected a term after "-"',
        "QUERY_TOO_DEEP": "parentheses nested too deeply (at most {limit})",
        "QUERY_EMPTY_PARENTHESES": "empty parentheses",
        "QUERY_UNBALANCED_OPEN": 'unbalanced "("',
        "QUERY_NOT_TEXT": "not text (bytes that are not UTF-8)",
    }
)

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
# Terms about the deck being edited, the player's deck library and collection: `in:deck`, `in:decks`, `is:owned`,
# `is:missing`. Field -> the words it takes -> the Flag it means.
FLAG_FIELDS: dict[str, dict[str, str]] = {
    "in": {"deck": "in_deck", "decks": "in_library"},
    "is": {"owned": "owned", "missing": "missing"},
}
# Flags whose answer depends on the deck being edited (the collection alone answers the others).
DECK_FLAGS = frozenset({"in_deck", "missing"})
# Flags answered by the player's deck library (deckbuilder.library): `in:decks`, a card any of its decks holds.
LIBRARY_FLAGS = frozenset({"in_library"})
# Copies owned (the collection, any printing): `own>=2`, `own=0`, `own:1`.
OWN_FIELD = "own"
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

_FIELD_RE = re.compile(r"([A-Za-z]+)(<=|>=|!=|:|=|<|>)")
_NUMBER_RE = re.compile(r"-?[0-9]+")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_WORD_STOP = frozenset(' \t\n\r\f\v()"')


class QuerySyntaxError(ValueError):
    """A search query that cannot be understood; `position` is the 0-based index of `token`.

    `message` (what is wrong) and `described` (with its position, the exception's text) are carddb Messages:
    English as strings, rendered in the reader's language by deckbuilder.i18n.render_text.
    """

    def __init__(self, what: Message, position: int, token: str) -> None:
        self.described = message("QUERY_AT", error=what, position=position)
        super().__init__(str(self.described))
        self.message = what
        self.position = position
        self.token = token


# -- the syntax tree -----------------------------------------------------------------------------


class Text(FrozenRecord):
    """A free word (prefix match) or a quoted phrase (exact phrase) over the full-text index."""

    __slots__ = _fields = ("text", "phrase")

    text: str
    phrase: bool

    def __init__(self, text: str, phrase: bool = False) -> None:
        set_field(self, "text", text)
        set_field(self, "phrase", phrase)


class Field(FrozenRecord):
    """A text field test: type, set, allegiance, keyword, requires or name."""

    __slots__ = _fields = ("field", "value")

    field: str
    value: str

    def __init__(self, field: str, value: str) -> None:
        set_field(self, "field", field)
        set_field(self, "value", value)


class Compare(FrozenRecord):
    """A numeric field compared with a number (`op` is one of = != < > <= >=)."""

    __slots__ = _fields = ("field", "op", "value")

    field: str
    op: str
    value: int

    def __init__(self, field: str, op: str, value: int) -> None:
        set_field(self, "field", field)
        set_field(self, "op", op)
        set_field(self, "value", value)


class GameField(FrozenRecord):
    """Another game's field as its description gives it: a `field:text` or `field>=N` term names it by `words`."""

    __slots__ = _fields = ("name", "kind", "words")

    name: str
    kind: str  # "text" | "number" | "words"
    words: tuple[str, ...]

    def __init__(self, name: str, kind: str, words: tuple[str, ...] = ()) -> None:
        set_field(self, "name", name)
        set_field(self, "kind", kind)
        set_field(self, "words", words)


class SearchFields(FrozenRecord):
    """The searchable fields of a game other than Rage (Rage's are this module's TEXT_FIELDS and numbers).

    Handed in as data by whoever knows the game (carddb never reads a game's description): `name` and `type` are
    every card's; the others are read from the card's `fields`.
    """

    _fields = ("fields",)

    fields: tuple[GameField, ...]

    def __init__(self, fields: tuple[GameField, ...] = ()) -> None:
        set_field(self, "fields", fields)

    @functools.cached_property
    def by_word(self) -> dict[str, GameField]:
        """Each word a player may type (the field's name and its search words, casefolded) -> the field."""
        found: dict[str, GameField] = {}
        for game_field in self.fields:
            for word in (*game_field.words, game_field.name):
                found.setdefault(word.casefold(), game_field)
        return found


class Not(FrozenRecord):
    """The negation of a term or group."""

    __slots__ = _fields = ("child",)

    child: Node

    def __init__(self, child: Node) -> None:
        set_field(self, "child", child)


class And(FrozenRecord):
    """Every child matches; no children = every card."""

    __slots__ = _fields = ("children",)

    children: tuple[Node, ...]

    def __init__(self, children: tuple[Node, ...]) -> None:
        set_field(self, "children", children)


class Or(FrozenRecord):
    """At least one child matches."""

    __slots__ = _fields = ("children",)

    children: tuple[Node, ...]

    def __init__(self, children: tuple[Node, ...]) -> None:
        set_field(self, "children", children)


class Flag(FrozenRecord):
    """A yes/no fact about a card for this player: in the deck being edited, owned, missing for the deck."""

    __slots__ = _fields = ("flag",)

    flag: str  # "in_deck" | "in_library" | "owned" | "missing"

    def __init__(self, flag: str) -> None:
        set_field(self, "flag", flag)


Node = Text | Field | Compare | Flag | Not | And | Or


# -- lexing --------------------------------------------------------------------------------------


class _Token(FrozenRecord):
    __slots__ = _fields = ("kind", "position", "text", "node")
    kind: str  # "(" ")" "OR" "AND" "-" "term"
    position: int
    text: str
    node: Node | None

    def __init__(self, kind: str, position: int, text: str, node: Node | None = None) -> None:
        set_field(self, "kind", kind)
        set_field(self, "position", position)
        set_field(self, "text", text)
        set_field(self, "node", node)


def _read_quoted(text: str, start: int) -> tuple[str, int]:
    """The content of the quoted string opening at `start`, and the index after its closing quote."""
    end = text.find('"', start + 1)
    if end < 0:
        raise QuerySyntaxError(message("QUERY_UNTERMINATED_QUOTE"), start, text[start:])
    return text[start + 1 : end], end + 1


def _read_word(text: str, start: int) -> int:
    """The index just after the bare word starting at `start`."""
    end = start
    while end < len(text) and text[end] not in _WORD_STOP:
        end += 1
    return end


def _field_term(
    text: str, start: int, name: str, op: str, value_start: int, fields: SearchFields | None = None
) -> tuple[Node, int]:
    """Read the value of `name<op>` whose value starts at `value_start`; return the term and its end.

    `fields`: another game's searchable fields (None: Rage's, this module's tables)."""
    key = name.casefold()
    head = f"{name}{op}"
    if key in FLAG_FIELDS:
        return _flag_term(text, start, key, op, head, value_start)
    game_field = fields.by_word.get(key) if fields is not None else None
    if fields is not None and key != OWN_FIELD:
        if game_field is None and TEXT_FIELDS.get(key) == "set" and op == ":":  # `s:`: every game's printings
            value, end = _text_value(text, head, value_start)
            return Field("set", value), end
        if game_field is None:
            raise QuerySyntaxError(message("QUERY_UNKNOWN_FIELD", head=head), start, head)
        if game_field.kind == "number":
            return _number_term(text, head, game_field.name, op, value_start)
        if op != ":":
            raise QuerySyntaxError(message("QUERY_TAKES_COLON", name=name, op=op), start, head)
        value, end = _text_value(text, head, value_start)
        return Field(game_field.name, value), end
    if key in NUMERIC_SEARCH_FIELDS or key == OWN_FIELD:
        return _number_term(text, head, key, op, value_start)
    field = TEXT_FIELDS.get(key)
    if field is None:
        raise QuerySyntaxError(message("QUERY_UNKNOWN_FIELD", head=head), start, head)
    if op != ":":
        raise QuerySyntaxError(message("QUERY_TAKES_COLON", name=name, op=op), start, head)
    value, end = _text_value(text, head, value_start)
    if field == "allegiance":
        value = _allegiance(value, head, value_start)
    return Field(field, value), end


def _number_term(text: str, head: str, key: str, op: str, value_start: int) -> tuple[Node, int]:
    """`field<op>N`: the number compared (`:` means `=`)."""
    end = _read_word(text, value_start)
    raw = text[value_start:end]
    if not _NUMBER_RE.fullmatch(raw):
        raise QuerySyntaxError(message("QUERY_EXPECTED_NUMBER", head=head), value_start, raw)
    # Digits are counted before int(): past 4,300 of them int() itself refuses (ValueError, not a syntax error).
    number = int(raw) if len(raw.lstrip("-")) <= len(str(MAX_NUMBER)) else MAX_NUMBER + 1
    if abs(number) > MAX_NUMBER:
        raise QuerySyntaxError(message("QUERY_NUMBER_TOO_LARGE", head=head), value_start, raw)
    return Compare(key, "=" if op == ":" else op, number), end


def _text_value(text: str, head: str, value_start: int) -> tuple[str, int]:
    """A text field's value (a word or a quoted phrase, spaces collapsed) and its end."""
    if value_start < len(text) and text[value_start] == '"':
        value, end = _read_quoted(text, value_start)
    else:
        end = _read_word(text, value_start)
        value = text[value_start:end]
    value = " ".join(value.split())
    if not value:
        raise QuerySyntaxError(message("QUERY_EXPECTED_VALUE", head=head), value_start, text[value_start:end])
    if len(value) > MAX_FIELD_TEXT:
        raise QuerySyntaxError(
            message("QUERY_TEXT_TOO_LONG", head=head, limit=MAX_FIELD_TEXT), value_start, value[:40]
        )
    return value, end


def _flag_term(text: str, start: int, key: str, op: str, head: str, value_start: int) -> tuple[Node, int]:
    """`in:deck`, `is:owned`, `is:missing`: one of the words the field takes."""
    words = FLAG_FIELDS[key]
    if op != ":":
        raise QuerySyntaxError(
            message("QUERY_TAKES_COLON", name=text[start : start + len(key)], op=op), start, head
        )
    end = _read_word(text, value_start)
    value = text[value_start:end].casefold()
    if value not in words:
        names = list(words)
        what = (
            message("QUERY_EXPECTED_WORD", word=names[0], head=head)
            if len(names) == 1
            else message("QUERY_EXPECTED_EITHER", first=", ".join(names[:-1]), last=names[-1], head=head)
        )
        raise QuerySyntaxError(what, value_start, text[value_start:end])
    return Flag(words[value]), end


def asks_about(node: Node) -> frozenset[str]:
    """The flags a query uses ("in_deck", "owned", "missing"; "own" for a count of copies owned)."""
    if isinstance(node, Flag):
        return frozenset({node.flag})
    if isinstance(node, Compare):
        return frozenset({OWN_FIELD}) if node.field == OWN_FIELD else frozenset()
    if isinstance(node, Not):
        return asks_about(node.child)
    if isinstance(node, And | Or):
        return frozenset().union(*(asks_about(child) for child in node.children))
    return frozenset()


def uses_deck(node: Node) -> bool:
    """Whether the query asks about the deck being edited (`in:deck`, `is:missing`)."""
    return bool(asks_about(node) & DECK_FLAGS)


def uses_library(node: Node) -> bool:
    """Whether the query asks about the player's deck library (`in:decks`)."""
    return bool(asks_about(node) & LIBRARY_FLAGS)


def _allegiance(value: str, head: str, position: int) -> str:
    """The allegiance named by a full word or its first letters."""
    wanted = value.casefold()
    for allegiance in ALLEGIANCES:
        if allegiance.startswith(wanted):
            return allegiance
    raise QuerySyntaxError(message("QUERY_EXPECTED_ALLEGIANCE", head=head), position, value)


def _tokenize(text: str, fields: SearchFields | None = None) -> list[_Token]:
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
                node, end = _field_term(text, i, field.group(1), field.group(2), field.end(), fields)
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
        raise QuerySyntaxError(message("QUERY_TOO_MANY_TERMS", limit=MAX_TERMS), 0, text)
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
            raise QuerySyntaxError(message("QUERY_UNBALANCED_CLOSE"), token.position, token.text)
        return node

    def parse_or(self, depth: int) -> Node:
        first = self.peek()
        if first is not None and first.kind == "OR":
            raise QuerySyntaxError(message("QUERY_TERM_BEFORE_OR"), first.position, first.text)
        branches = [self.parse_and(depth)]
        while (token := self.peek()) is not None and token.kind == "OR":
            self.index += 1
            following = self.peek()
            if following is None or following.kind in (")", "OR", "AND"):
                raise QuerySyntaxError(message("QUERY_TERM_AFTER_OR"), token.position, token.text)
            branches.append(self.parse_and(depth))
        return branches[0] if len(branches) == 1 else Or(tuple(branches))

    def parse_and(self, depth: int) -> Node:
        children: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in (")", "OR"):
            if token.kind == "AND":
                self.index += 1
                following = self.peek()
                if not children or following is None or following.kind in (")", "OR", "AND"):
                    raise QuerySyntaxError(message("QUERY_TERMS_AROUND_AND"), token.position, "AND")
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
                raise QuerySyntaxError(message("QUERY_TERM_AFTER_NOT"), token.position, "-")
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
            raise QuerySyntaxError(message("QUERY_TOO_DEEP", limit=MAX_DEPTH), token.position, "(")
        inner_start = self.peek()
        if inner_start is not None and inner_start.kind == ")":
            raise QuerySyntaxError(message("QUERY_EMPTY_PARENTHESES"), token.position, "()")
        node = self.parse_or(depth + 1)
        closing = self.peek()
        if closing is None or closing.kind != ")":
            raise QuerySyntaxError(message("QUERY_UNBALANCED_OPEN"), token.position, "(")
        self.index += 1
        return node


@functools.lru_cache(maxsize=256)
def parse_query(text: str, fields: SearchFields | None = None) -> Node:
    """Parse a search query into a syntax tree; raises QuerySyntaxError pointing at the bad token.

    `fields`: the searchable fields of a game other than Rage (None: Rage's)."""
    broken = _LONE_SURROGATE.search(text)
    if broken is not None:  # bytes that were not UTF-8 (surrogate-escaped): no SQL parameter can carry them
        raise QuerySyntaxError(message("QUERY_NOT_TEXT"), broken.start(), broken.group())
    return _Parser(_tokenize(text, fields), len(text)).parse()

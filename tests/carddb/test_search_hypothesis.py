"""Property tests: any typed text either searches or gives a QuerySyntaxError; the operators obey set algebra."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carddb.db import CardDatabase
from carddb.namepins import NameTest
from carddb.namepins import name_words as _name_words
from carddb.normalize import normalize_name
from carddb.query import Text
from carddb.search import QuerySyntaxError, parse_query, search
from tests.carddb.test_search import NAMES, fill_database

# The fixture database is only read, so sharing it between generated examples is sound.
SHARED_DB = settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)


@pytest.fixture(scope="module")
def cards_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardDatabase]:
    """One filled database for every example of this module."""
    db = CardDatabase(Path(tmp_path_factory.mktemp("search")) / "cards.sqlite")
    fill_database(db)
    yield db
    db.close()


# Characters that mean something to the query language or to SQL/FTS5, mixed with ordinary text.
QUERY_ALPHABET = st.sampled_from([*" ()\"-:<>=!*^%_\\'{}ORAND", "t:", "s:", "renown>=", "a:", "k:", "x:"])
query_like_text = st.lists(st.one_of(QUERY_ALPHABET, st.text(max_size=4)), max_size=20).map("".join)


@given(text=st.one_of(st.text(max_size=60), query_like_text))
def test_parse_query_raises_only_syntax_errors(text: str) -> None:
    try:
        parse_query(text)
    except QuerySyntaxError as err:
        assert 0 <= err.position <= len(text)
        assert f"at position {err.position}" in str(err)


@SHARED_DB
@given(text=st.one_of(st.text(max_size=60), query_like_text))
def test_search_raises_only_syntax_errors(cards_db: CardDatabase, text: str) -> None:
    try:
        rows = search(cards_db, text)
    except QuerySyntaxError:
        return
    assert {r.name for r in rows} <= NAMES


ATOMS = st.sampled_from(
    [
        "elder",
        "moo",
        '"moon bridge"',
        "Gaia's",
        "t:gift",
        "t:characters",
        't:"combat action"',
        "s:beta",
        "a:wyrm",
        "a:gaia",
        "k:garou",
        "req:theurge",
        "renown>=4",
        "rage<3",
        "gnosis:2",
        "damage>0",
    ]
)


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        children.map(lambda q: f"-({q})"),
        st.tuples(children, children).map(lambda p: f"({p[0]}) ({p[1]})"),
        st.tuples(children, children).map(lambda p: f"({p[0]}) OR ({p[1]})"),
    )


VALID_QUERIES = st.recursive(ATOMS, _combine, max_leaves=6)


def _ids(db: CardDatabase, query: str) -> set[int]:
    return {row.id for row in search(db, query)}


@SHARED_DB
@given(left=VALID_QUERIES, right=VALID_QUERIES)
def test_operators_follow_set_algebra(cards_db: CardDatabase, left: str, right: str) -> None:
    every = _ids(cards_db, "")
    a = _ids(cards_db, left)
    b = _ids(cards_db, right)
    assert _ids(cards_db, f"-({left})") == every - a
    assert _ids(cards_db, f"({left}) ({right})") == a & b
    assert _ids(cards_db, f"({left}) OR ({right})") == a | b


@SHARED_DB
@given(query=VALID_QUERIES, limit=st.integers(min_value=0, max_value=20))
def test_limit_returns_the_first_rows_in_name_order(cards_db: CardDatabase, query: str, limit: int) -> None:
    full = search(cards_db, query)
    # The names the query's words name wholly or begin come first; the other matches follow in name order.
    words = normalize_name(_name_words(parse_query(query)))
    named = [r for r in full if words and normalize_name(r.name).startswith(words)]
    rest = full[len(named) :]
    assert full[: len(named)] == named
    assert [r.name.casefold() for r in rest] == sorted(r.name.casefold() for r in rest)
    assert search(cards_db, query, limit=limit) == full[:limit]


_TOKEN = re.compile("[a-z0-9]+")
NAME_TEXT = st.text(alphabet="abSsh0 -'.\u00e9", max_size=14)


def _tokens_hold(name: str, word: str, phrase: bool) -> bool:
    """The full-text index's answer for an ASCII name: the word's tokens in a row among the name's, the last one a
    prefix unless the word is quoted."""
    if not name.isascii():
        return False  # the name test leaves other names to the index
    have, want = _TOKEN.findall(name.lower()), _TOKEN.findall(word.lower())
    for start in range(len(have) - len(want) + 1):
        run = have[start : start + len(want)]
        last = run[-1] == want[-1] if phrase else run[-1].startswith(want[-1])
        if run[:-1] == want[:-1] and last:
            return True
    return False


@given(word=NAME_TEXT, name=NAME_TEXT, phrase=st.booleans())
def test_a_name_vouches_for_its_card_exactly_when_its_tokens_hold_the_word(
    word: str, name: str, phrase: bool
) -> None:
    """The names pinned first are believed without asking the index only when the index would say the same (its
    shortcut for names that begin with the word included)."""
    test = NameTest.of(Text(word, phrase))
    if test is None:  # a word without letters or digits, or not ASCII: the index is asked
        return
    assert test.sure(name) == _tokens_hold(name, word, phrase)

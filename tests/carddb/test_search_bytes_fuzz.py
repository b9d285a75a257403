"""Fuzz: a query made of any bytes (non-UTF-8 ones arrive surrogate-escaped, as from a command line) either
searches or gives a QuerySyntaxError pointing into the text; it never reaches SQLite as text it cannot encode."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carddb.db import CardDatabase
from carddb.search import QuerySyntaxError, count_matches, parse_query, search
from tests.carddb.test_search import NAMES, fill_database

QUERY_PARTS = st.sampled_from(
    [b"t:", b"k:", b"renown>=", b'"', b"(", b")", b" OR ", b"-", b"gift", b" ", b"9" * 5000]
)
query_bytes = st.lists(st.one_of(QUERY_PARTS, st.binary(max_size=6)), max_size=12).map(b"".join)
# The module's database is only read, so sharing it between examples is sound.
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def cards_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardDatabase]:
    """One filled database for every example (it is only read)."""
    db = CardDatabase(Path(tmp_path_factory.mktemp("search-bytes")) / "cards.sqlite")
    fill_database(db)
    yield db
    db.close()


@FUZZ
@given(raw=query_bytes)
def test_a_query_of_any_bytes_searches_or_points_at_its_error(cards_db: CardDatabase, raw: bytes) -> None:
    text = raw.decode("utf-8", errors="surrogateescape")
    try:
        parse_query(text)
        rows = search(cards_db, text)
        total = count_matches(cards_db, text)
    except QuerySyntaxError as err:
        assert 0 <= err.position <= len(text)
        return
    assert {r.name for r in rows} <= NAMES and total == len(rows)


def test_a_lone_surrogate_is_a_syntax_error_at_its_place(cards_db: CardDatabase) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        search(cards_db, 't:gift "moon\udcff"')
    assert caught.value.position == 12 and "not UTF-8" in str(caught.value)

"""A search's page and its count in one call (what the browser shows), and the shortcuts that make it cheap: the
count of a game alone in the index, and names that answer for their cards without asking the index."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carddb.db import FTS_DEFINITION, CardDatabase
from carddb.demo import ensure_demo_cards
from carddb.query import GameField, SearchFields
from carddb.search import _parsed, count_matches, search, search_page

FIELDS = SearchFields(
    (GameField("name", "text", ("n",)), GameField("type", "text", ("t",)), GameField("text", "text"))
)
OTHER_CARDS = [
    ("Moon Knight", "Unit", '{"text": "Guards the moon bridge."}', 2),
    ("Shade of the Moon", "Spell", '{"text": "A gift of shadows."}', 3),
]
QUERIES = ("", "of", "s", "sh", "t:gift", '"of the"', "zzzz", "of OR gift", "-of", "g*f", "renown>=3")
PAGES = ((None, 0), (3, 0), (3, 2), (100, 0), (0, 0), (5, 10_000))


@pytest.fixture
def rage_alone(tmp_path: Path) -> CardDatabase:
    db = CardDatabase(tmp_path / "alone.sqlite")
    ensure_demo_cards(db)
    return db


def test_a_page_and_its_count_are_what_search_and_count_matches_answer(
    rage_alone: CardDatabase,
) -> None:
    for query in QUERIES:
        for limit, offset in PAGES:
            rows, total = search_page(rage_alone, query, limit, offset)
            assert rows == search(rage_alone, query, limit, offset), (query, limit, offset)
            assert total == count_matches(rage_alone, query) == len(search(rage_alone, query)), query


def test_a_game_counts_the_same_alone_in_the_index_and_beside_another_games_cards(
    rage_alone: CardDatabase,
) -> None:
    alone = {query: count_matches(rage_alone, query) for query in QUERIES}
    assert alone["of"] > 0 and alone["s"] > alone["sh"] > 0
    rage_alone.store_game_cards("other", OTHER_CARDS, "other.csv")  # its cards match "of", "s", "sh" too
    for query in QUERIES[:-1]:
        assert count_matches(rage_alone, query) == alone[query], query
        assert search_page(rage_alone, query, 3)[1] == alone[query], query
    other = rage_alone.for_game("other", FIELDS)
    assert count_matches(other, "moon") == 2 and search_page(other, "sh", 1) == (search(other, "sh", 1), 1)
    assert search_page(other, "t:spell")[1] == 1


# -- a name that answers for its card ------------------------------------------------------------------------------

# ASCII letters, digits and punctuation (the index's separators), a few letters with accents and other scripts.
NAME_TEXT = st.text(alphabet="abcSHmo 19'-_.,:\"éÅß²", min_size=1, max_size=14)
WORD = st.text(alphabet="abcSHmo19'-éß", min_size=1, max_size=5)


@settings(max_examples=300, deadline=None)
@given(
    name=NAME_TEXT,
    words=st.lists(st.tuples(WORD, st.booleans()), min_size=1, max_size=3),
    any_of=st.booleans(),
)
def test_a_name_answers_for_its_card_exactly_as_the_index_reads_that_name(
    name: str, words: list[tuple[str, bool]], any_of: bool
) -> None:
    query = (" OR " if any_of else " ").join(f'"{w}"' if phrase else w for w, phrase in words)
    if query.split()[0] in ("OR", "AND") or query.split()[-1] in ("OR", "AND"):
        return
    parsed = _parsed(query, None)
    test = parsed.name_test
    if test is None or parsed.expression is None:
        return
    conn = sqlite3.connect(":memory:")
    conn.execute(FTS_DEFINITION)
    conn.execute(
        "INSERT INTO card_fts (rowid, name, type, keywords, requires, text) VALUES (1, ?, '', '', '', '')",
        (name,),
    )
    # Only the name column: what the name's own words match.
    hit = conn.execute(
        "SELECT count(*) FROM card_fts WHERE card_fts MATCH ?", (f"{{name}} : ({parsed.expression})",)
    ).fetchone()[0]
    if name.isascii():
        assert test.sure(name) == bool(hit), (name, query, parsed.expression)
    else:
        assert not test.sure(name)  # the index is asked


# -- another game's number fields -----------------------------------------------------------------------------------

NUMBERED = SearchFields((GameField("name", "text"), GameField("type", "text"), GameField("cost", "number")))


def test_another_games_number_field_is_indexed_and_its_counts_seek_it(rage_alone: CardDatabase) -> None:
    import json

    costs = [3, None, 7, "x", 3, 12]  # a text value and an empty cell never compare
    rows = [(f"Card {i}", "Unit", json.dumps({"cost": c}), i + 2) for i, c in enumerate(costs)]
    rows.append(("Blank", "Unit", "{}", 9))
    rage_alone.store_game_cards("numbered", rows, "numbered.csv")
    assert (
        rage_alone.reader.execute("SELECT 1 FROM sqlite_master WHERE name = 'ix_card_number_cost'").fetchone()
        is None
    )
    # "x" makes cost no number field of this game: a game whose costs are all whole numbers gets its index.
    rows[3] = ("Card 3", "Unit", json.dumps({"cost": 5}), 5)
    rage_alone.store_game_cards("numbered", rows, "numbered.csv")
    game = rage_alone.for_game("numbered", NUMBERED)
    stored = {name: json.loads(text).get("cost") for name, _type, text, _line in rows}
    for query, wanted in (
        ("cost>=5", {n for n, c in stored.items() if c is not None and c >= 5}),
        ("cost=3", {n for n, c in stored.items() if c == 3}),
        ("-cost>=5", {n for n, c in stored.items() if c is None or c < 5}),
        ("cost<4 OR name:blank", {n for n, c in stored.items() if (c is not None and c < 4) or n == "Blank"}),
    ):
        assert {row.name for row in search(game, query)} == wanted, query
        assert count_matches(game, query) == len(wanted) == search_page(game, query, 1)[1], query
    # The count's own statement (its parameters written in by SQLite's trace) seeks the field's index.
    ran: list[str] = []
    rage_alone.reader.set_trace_callback(ran.append)
    count_matches(game, "cost>=5")
    rage_alone.reader.set_trace_callback(None)
    (counted,) = [sql for sql in ran if "count(*)" in sql]
    plan = " ".join(str(row[3]) for row in rage_alone.reader.execute(f"EXPLAIN QUERY PLAN {counted}"))
    assert "ix_card_number_cost" in plan, plan
    assert count_matches(rage_alone, "") == len(search(rage_alone, ""))  # Rage's cards never enter it

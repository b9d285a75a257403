"""Fuzzing the search query parser: any text, lone surrogates included, parses or raises QuerySyntaxError."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from carddb.search import QuerySyntaxError, compile_query, parse_query

any_char = st.characters(blacklist_categories=())
query_words = st.sampled_from(
    [
        " ",
        "(",
        ")",
        '"',
        "-",
        "t:",
        "k:",
        "a:",
        "req:",
        "renown>=",
        "rage<",
        "in:",
        "is:",
        "own>=",
        "deck",
        "owned",
        "missing",
        "OR",
        "AND",
        "\ud800",
        "\udc80",
        "*",
    ]
)
queries = st.one_of(
    st.text(alphabet=any_char, max_size=100),
    st.lists(st.one_of(query_words, st.text(alphabet=any_char, max_size=5)), max_size=40).map("".join),
    st.binary(max_size=60).map(lambda b: b.decode("utf-8", "surrogateescape")),
)


@settings(max_examples=300)
@given(text=queries)
@example(text="ab\udcff")
@example(text="t:\ud800 renown>=99999999999999999999")
@example(text="(" * 500)
def test_parse_query_raises_only_syntax_errors(text: str) -> None:
    try:
        parse_query(text)
        compile_query(text, limit=10)
    except QuerySyntaxError as err:
        assert 0 <= err.position <= len(text)

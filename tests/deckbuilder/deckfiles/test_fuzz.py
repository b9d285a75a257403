"""Fuzzing the deck readers: any text or bytes (lone surrogates included) reads or raises DeckFileError, nothing else.

Whatever a reader returns can be checked, printed and saved again: no later step meets a character it cannot handle.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from deckbuilder.cli import safe_text
from deckbuilder.deckfiles import (
    DeckFileError,
    LoadedDeck,
    deck_from_dek,
    deck_from_native,
    deck_from_text,
    deck_to_native,
    parse_deck_text,
    read_deck,
)
from deckbuilder.deckfiles.common import MAX_COUNT
from deckbuilder.legality import check_deck
from tests.deckbuilder.deckfiles.pool import FakePool

POOL = FakePool()
FUZZ = settings(max_examples=150)

# Every code point, surrogates (category Cs) included: st.text() leaves them out unless asked.
any_char = st.characters(blacklist_categories=())
any_text = st.text(alphabet=any_char, max_size=200)
deck_words = st.sampled_from(
    [
        "\n",
        "\t",
        "Sept:",
        "Characters:",
        "Starting:",
        "3x ",
        "1000\t",
        "-2 ",
        "Moonlit Glade",
        "\ud800",
        "\udfff",
        "\u202e",
        "<card>",
        "</card>",
        "<name>",
        "</name>",
        '<superzone name="Sept">',
        "</superzone>",
        "<deck>",
        "</deck>",
        '{"sections": {"sept": [',
        '{"name": "\\ud800", "count": 1}',
        "]}}",
        '"format_version": 1,',
    ]
)
deck_like_text = st.lists(st.one_of(deck_words, any_text), max_size=30).map("".join)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet=any_char, max_size=20),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.text(alphabet=any_char, max_size=10), children, max_size=5)
    ),
    max_leaves=30,
)
native_documents = st.fixed_dictionaries(
    {
        "format_version": st.just(1),
        "name": json_values,
        "format": json_values,
        "sections": st.dictionaries(
            st.sampled_from(["characters", "sept", "combat", "unplaced", "other"]),
            st.lists(
                st.fixed_dictionaries(
                    {"name": st.text(alphabet=any_char, max_size=20), "count": st.integers(-5, MAX_COUNT + 5)}
                )
                | json_values,
                max_size=5,
            )
            | json_values,
        ),
        "starting": json_values,
        "unread": json_values,
    }
)


def usable(loaded: LoadedDeck) -> None:
    """What a user does next with a read deck: check it, print its report, save it natively."""
    report = check_deck(loaded.deck, POOL)
    for line in (*loaded.problems, *(r.message for r in report.results), loaded.deck.name):
        safe_text(line).encode("utf-8")
    saved = deck_to_native(loaded.deck, POOL)
    saved.encode("utf-8")
    again = deck_from_native(saved, POOL)
    assert len(again.deck.unread) == len(loaded.deck.unread)
    if loaded.deck.unread:
        assert not report.is_legal


def read_or_refuse(reader: object, text: str) -> None:
    try:
        loaded = reader(text, POOL)  # type: ignore[operator]
    except DeckFileError:
        return
    usable(loaded)


@FUZZ
@given(text=st.one_of(any_text, deck_like_text))
@example(text="1\tMoonlit\ud800Glade\n1000\tFull Moon\n")
def test_text_reader(text: str) -> None:
    read_or_refuse(deck_from_text, text)


@FUZZ
@given(text=st.one_of(any_text, deck_like_text, deck_like_text.map(lambda t: f"<deck>{t}</deck>")))
@example(text='<deck><superzone name="Sept"><card><name>\ud800</name></card></superzone></deck>')
def test_dek_reader(text: str) -> None:
    read_or_refuse(deck_from_dek, text)


@pytest.mark.slow
@FUZZ
@given(document=native_documents, ascii_only=st.booleans())
@example(
    document={"format_version": 1, "sections": {"sept": [{"name": "a\ud800", "count": 1}]}}, ascii_only=True
)
def test_native_reader(document: dict[str, object], ascii_only: bool) -> None:
    try:
        text = json.dumps(document, ensure_ascii=ascii_only)
    except ValueError:
        return
    read_or_refuse(deck_from_native, text)


@FUZZ
@given(text=st.one_of(any_text, deck_like_text))
def test_any_pasted_text(text: str) -> None:
    read_or_refuse(parse_deck_text, text)


@FUZZ
@given(data=st.binary(max_size=300), suffix=st.sampled_from([".txt", ".dek", ".json", ".ragedeck", ""]))
@example(data=b'{"format_version": 1, "name": "\\ud800", "sections": {}}', suffix=".json")
@example(data=b"1\tSala\xffmander\n", suffix=".txt")
def test_any_bytes_in_a_file(tmp_path_factory: object, data: bytes, suffix: str) -> None:
    folder = Path(str(tmp_path_factory.mktemp("fuzz")))  # type: ignore[attr-defined]
    path = folder / f"deck{suffix}"
    path.write_bytes(data)
    try:
        loaded = read_deck(path, POOL)
    except DeckFileError:
        return
    usable(loaded)

"""Property tests: no input makes a reader raise anything but DeckFileError; native round trips exactly."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from carddb.cardtypes import Section
from deckbuilder.deck import MAX_RENOWN_LEVEL, Deck, DeckEntry
from deckbuilder.deckfiles import (
    DeckFileError,
    LoadedDeck,
    deck_from_dek,
    deck_from_native,
    deck_from_text,
    deck_to_dek,
    deck_to_native,
    parse_deck_text,
)
from tests.deckbuilder.deckfiles.pool import FakePool

POOL = FakePool()
SECTION_ORDER = [Section.CHARACTERS, Section.SEPT, Section.COMBAT, None]

# Printable names without control characters, as card names are.
names = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=30).filter(
    lambda s: s.strip() != ""
)
set_names = st.none() | names
entries = st.builds(
    DeckEntry,
    name=names,
    count=st.integers(min_value=1, max_value=999),
    set_name=set_names,
    zone_hint=st.sampled_from(SECTION_ORDER),
)
starting_entries = st.builds(
    DeckEntry, name=names, count=st.integers(min_value=1, max_value=999), set_name=set_names
)
decks = st.builds(
    Deck,
    name=st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), max_size=40),
    notes=st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=200),
    renown_level=st.integers(min_value=0, max_value=MAX_RENOWN_LEVEL),
    format=names,
    entries=st.lists(entries, max_size=12),
    starting=st.lists(starting_entries, max_size=3),
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=30,
)
deck_like_json = st.fixed_dictionaries(
    {"format_version": st.sampled_from([1, 1, 1, 0, 2, "1", None])},
    optional={
        "name": json_values,
        "renown_level": json_values,
        "format": json_values,
        "notes": json_values,
        "sections": st.dictionaries(
            st.sampled_from(["characters", "sept", "combat", "unplaced", "other"]),
            st.lists(
                st.fixed_dictionaries(
                    {}, optional={"name": json_values, "count": json_values, "set": json_values}
                )
                | json_values,
                max_size=4,
            )
            | json_values,
            max_size=4,
        )
        | json_values,
        "starting": json_values,
    },
)

dek_fragments = st.lists(
    st.sampled_from(
        [
            "<deck>",
            "</deck>",
            '<superzone name="Sept">',
            "</superzone>",
            "<card>",
            "</card>",
            "<name>",
            "</name>",
            "<set>",
            "</set>",
            "<meta><title>",
            "</title></meta>",
            "Moonlit Glade",
            "&amp;",
            "&lol;",
            '<!DOCTYPE deck [<!ENTITY lol "x">]>',
            "<?xml version='1.0'?>",
            "\n",
            "\x00",
        ]
    )
    | st.text(max_size=8),
    max_size=25,
).map("".join)


def loads_or_refuses(reader: object, text: str) -> None:
    try:
        loaded = reader(text, POOL)  # type: ignore[operator]
    except DeckFileError as exc:
        assert str(exc)
        return
    assert isinstance(loaded, LoadedDeck)
    assert all(e.count >= 1 and e.name.strip() for e in loaded.deck.entries)


@given(st.text(max_size=300))
def test_parse_deck_text_never_raises_anything_but_deck_file_error(text: str) -> None:
    loads_or_refuses(parse_deck_text, text)


@given(st.text(max_size=300))
def test_text_reader_never_raises_anything_but_deck_file_error(text: str) -> None:
    loads_or_refuses(deck_from_text, text)


@pytest.mark.slow
@given(st.text(max_size=300) | deck_like_json.map(json.dumps) | st.just("{"))
def test_native_reader_never_raises_anything_but_deck_file_error(text: str) -> None:
    loads_or_refuses(deck_from_native, text)


@given(dek_fragments)
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_dek_reader_never_raises_anything_but_deck_file_error(text: str) -> None:
    loads_or_refuses(deck_from_dek, text)


@given(decks)
@example(Deck(notes="\x7f\x85\x7f tab\there"))  # raw C1 controls once made the file look binary
def test_native_round_trip_is_identity(deck: Deck) -> None:
    loaded = deck_from_native(deck_to_native(deck))
    # The file groups entries by section; within a section they keep their order. An empty set reads as none.
    grouped = sorted(deck.entries, key=lambda e: SECTION_ORDER.index(e.zone_hint))
    expected = deck.copy()
    expected.restore(
        deck.state().replace(entries=tuple(e.replace(set_name=e.set_name or None) for e in grouped))
    )
    assert loaded.problems == []
    assert loaded.deck == expected


@pytest.mark.slow
@given(decks)
def test_dek_round_trip_keeps_every_copy(deck: Deck) -> None:
    loaded = deck_from_dek(deck_to_dek(deck, None))
    written = sum(e.count for e in deck.entries) + sum(e.count for e in deck.starting)
    read = sum(e.count for e in loaded.deck.entries) + sum(e.count for e in loaded.deck.starting)
    assert read == written

"""A native deck's tags: read bounded and cleaned whatever the file holds, written back, every other key kept."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carddb.demo import demo_deck_path
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import DeckFileError, deck_from_native, deck_to_native
from deckbuilder.deckfiles.native import MAX_TAG_CHARS, MAX_TAGS, clean_tags, native_with_tags

DEMO = demo_deck_path().read_text(encoding="utf-8")
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=30,
)


def with_tags(value: object) -> str:
    document = json.loads(DEMO)
    document["tags"] = value
    return json.dumps(document)


@given(JSON_VALUES)
def test_any_tags_value_reads_as_clean_tags_and_the_cards_are_read_whole(value: object) -> None:
    loaded = deck_from_native(with_tags(value))
    assert len(loaded.deck.tags) <= MAX_TAGS
    for tag in loaded.deck.tags:
        assert tag == " ".join(tag.split()) and 0 < len(tag) <= MAX_TAG_CHARS
        assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF for c in tag)
    assert loaded.deck.total_cards() == deck_from_native(DEMO).deck.total_cards()


def test_tags_round_trip_and_a_deck_without_tags_writes_no_key() -> None:
    deck = deck_from_native(DEMO).deck
    assert "tags" not in json.loads(deck_to_native(deck))
    deck.tags = ("casual", "Gaia")
    again = deck_from_native(deck_to_native(deck)).deck
    assert again.tags == ("casual", "Gaia") and again.copy().tags == ("casual", "Gaia")


def test_bad_tags_are_named_and_skipped() -> None:
    loaded = deck_from_native(with_tags(["ok", 3, "x" * 500, "ok "]))
    assert loaded.deck.tags == ("ok",)
    assert any("tags[1]" in problem for problem in loaded.problems)
    assert any("'tags' must be a list" in p for p in deck_from_native(with_tags("solo")).problems)


def test_a_huge_list_of_tags_keeps_the_first_ones() -> None:
    assert clean_tags([f"t{n}" for n in range(100_000)]) == tuple(f"t{n}" for n in range(MAX_TAGS))


def test_rewriting_tags_keeps_every_other_key_as_it_was() -> None:
    text = native_with_tags(DEMO, ["league"])
    document = json.loads(text)
    assert document.pop("tags") == ["league"]
    assert document == json.loads(DEMO)
    assert "tags" not in json.loads(native_with_tags(text, []))


@pytest.mark.parametrize("text", ["[]", '{"name": "x"}', '{"format_version": 99, "sections": {}}', "{", ""])
def test_tags_are_never_written_into_what_is_no_native_deck(text: str) -> None:
    with pytest.raises(DeckFileError):
        native_with_tags(text, ["x"])


def test_a_deck_made_by_hand_has_no_tags() -> None:
    assert Deck().tags == ()

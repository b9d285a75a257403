"""The control-character checks every deck reader runs: the same characters refused as Unicode's category Cc."""

from __future__ import annotations

import functools
import sys
import unicodedata

import pytest

from deckbuilder.deckfiles import DeckFileError, deck_from_dek, deck_from_text
from deckbuilder.deckfiles.common import check_text_is_deck_like, has_control_chars, too_many_controls

# The definitions the readers had before the checks became compiled patterns (unicodedata per character).
_OLD_TEXT_ALLOWED = frozenset("\t\n\r\x0c")


def _old_too_many_controls(text: str) -> bool:
    controls = sum(1 for ch in text if ch not in _OLD_TEXT_ALLOWED and unicodedata.category(ch) == "Cc")
    return controls > max(2, len(text) // 100)


@functools.cache
def _every_character() -> list[str]:
    """Every code point (made when a test asks, not when the module is imported: each xdist worker imports the
    module to collect it, only one runs these tests)."""
    return [chr(point) for point in range(sys.maxunicode + 1)]


@functools.cache
def _controls() -> frozenset[str]:
    """Each code point's category asked once: the old definitions over every code point, split in two."""
    return frozenset(ch for ch in _every_character() if unicodedata.category(ch) == "Cc")


def _old_name_refused() -> list[str]:
    return sorted(ch for ch in _controls() if ch != "\t")


def _old_text_counted() -> list[str]:
    return sorted(ch for ch in _controls() if ch not in _OLD_TEXT_ALLOWED)


def _others(chosen: list[str]) -> list[str]:
    left_out = frozenset(chosen)
    return [ch for ch in _every_character() if ch not in left_out]


def _groups(characters: list[str], size: int) -> list[list[str]]:
    return [characters[start : start + size] for start in range(0, len(characters), size)]


def test_a_name_is_refused_for_exactly_the_characters_it_was_refused_for() -> None:
    old_name_refused = _old_name_refused()
    assert len(old_name_refused) == 64  # C0 but tab, DEL and C1
    assert all(has_control_chars(ch) for ch in old_name_refused)
    # Every other code point, a thousand to a name: one refused among them would refuse the name.
    kept = _others(old_name_refused)
    assert [group[0] for group in _groups(kept, 1000) if has_control_chars("".join(group))] == []


def test_a_file_is_binary_for_exactly_the_characters_it_was_binary_for() -> None:
    old_text_counted = _old_text_counted()
    assert len(old_text_counted) == 61  # those, less line feed, carriage return and form feed
    assert all(too_many_controls(ch * 3) for ch in old_text_counted)
    # 66 characters three times each is 198 characters, where three controls are one too many: one counted
    # character in a group would make the group's text binary.
    texts = ["".join(ch * 3 for ch in group) for group in _groups(_others(old_text_counted), 66)]
    assert [text[0] for text in texts if too_many_controls(text)] == []


@pytest.mark.parametrize("control", ["\x01", "\x0b", "\x1f", "\x7f", "\x85", "\x9f"])
@pytest.mark.parametrize("length", [10, 100, 250, 1000, 12345])
def test_the_one_percent_threshold_is_where_it_was(control: str, length: int) -> None:
    most = max(2, length // 100)
    for count in (most - 1, most, most + 1):
        text = (control * count).ljust(length, "a")
        assert too_many_controls(text) == _old_too_many_controls(text), (count, length)


def test_allowed_controls_never_make_a_file_binary() -> None:
    text = "3\tMoonlit Glade\r\n\x0c" * 500
    assert not too_many_controls(text)
    assert check_text_is_deck_like(text, "deck.txt") == text


def test_a_text_of_controls_is_refused_as_binary() -> None:
    with pytest.raises(DeckFileError, match="binary"):
        deck_from_text("1 Moonlit Glade\n" + "\x01\x02\x03" * 40, source="deck.txt")


def test_a_line_with_a_c1_control_is_skipped_and_named() -> None:
    loaded = deck_from_text("2 Moonlit Glade\n1 Quick\x85Parry\n", source="deck.txt")
    assert [(e.name, e.count) for e in loaded.deck.entries] == [("Moonlit Glade", 2)]
    assert [part.line for part in loaded.deck.unread] == [2]
    assert "control characters" in str(loaded.problems[0])


def test_a_dek_card_named_with_a_control_is_skipped() -> None:
    text = (
        '<deck version="0.8"><superzone name="Sept">'
        "<card><name>Moonlit\x7fGlade</name></card><card><name>Quick Parry</name></card>"
        "</superzone></deck>"
    )
    loaded = deck_from_dek(text, source="deck.dek")
    assert [e.name for e in loaded.deck.entries] == ["Quick Parry"]
    assert len(loaded.deck.unread) == 1

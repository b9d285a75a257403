"""Lackey text decks and pasted plain lists: counts in every common form, zone headers, bad lines."""

from __future__ import annotations

from carddb.cardtypes import Section
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.deckfiles import deck_from_text, deck_to_text
from tests.deckbuilder.deckfiles.pool import FakePool


def names_and_counts(text: str) -> list[tuple[str, int]]:
    return [(e.name, e.count) for e in deck_from_text(text).deck.entries]


def test_common_count_forms_are_read() -> None:
    text = "3\tMoonlit Glade\n2 Quick Parry\n4x Howling Strike\n1 x Silver Talon\nAshfang Ravager\nFeral One x2\n"
    assert names_and_counts(text) == [
        ("Moonlit Glade", 3),
        ("Quick Parry", 2),
        ("Howling Strike", 4),
        ("Silver Talon", 1),
        ("Ashfang Ravager", 1),
        ("Feral One", 2),
    ]


def test_a_name_starting_with_x_is_not_a_count_marker() -> None:
    assert names_and_counts("2 Xavier's Claw\n") == [("Xavier's Claw", 2)]


def test_comments_blank_lines_and_crlf_are_ignored() -> None:
    text = "# my deck\r\n\r\n// sept\r\n3\tMoonlit Glade\r\n   \r\n"
    assert names_and_counts(text) == [("Moonlit Glade", 3)]


def test_section_headers_in_many_spellings_set_the_zone() -> None:
    text = "Characters (1):\n1 Ashfang Ravager\nSept (30):\n3 Moonlit Glade\nCombat Deck:\n2 Quick Parry\n"
    entries = deck_from_text(text).deck.entries
    assert [e.zone_hint for e in entries] == [Section.CHARACTERS, Section.SEPT, Section.COMBAT]


def test_headerless_first_zone_is_the_section_no_header_names() -> None:
    text = "3\tMoonlit Glade\nCombat:\n2\tQuick Parry\nCharacters:\n1\tAshfang Ravager\n"
    assert deck_from_text(text).deck.entries[0].zone_hint == Section.SEPT


def test_headerless_list_without_headers_leaves_cards_unplaced() -> None:
    assert deck_from_text("3 Moonlit Glade\n").deck.entries[0].zone_hint is None


def test_unreadable_lines_are_reported_with_their_number_and_the_rest_kept() -> None:
    text = (
        "3\tMoonlit Glade\n0\tQuick Parry\nabc\tSilver Talon\n1000 Howling Strike\n" + "A" * 1001 + "\n1 Ok\n"
    )
    loaded = deck_from_text(text, source="list.txt")
    assert [(e.name, e.count) for e in loaded.deck.entries] == [("Moonlit Glade", 3), ("Ok", 1)]
    assert [p.split(":")[0] for p in loaded.problems] == [
        "list.txt, line 2",
        "list.txt, line 3",
        "list.txt, line 4",
        "list.txt, line 5",
    ]
    assert "'abc'" in loaded.problems[1]


def test_repeated_lines_merge_into_one_entry() -> None:
    assert names_and_counts("2 Moonlit Glade\n1 moonlit glade\n") == [("Moonlit Glade", 3)]


def test_known_card_whose_name_starts_with_a_number_is_one_copy() -> None:
    loaded = deck_from_text("13 Wolves\n2 13 Wolves\n", FakePool())
    assert [(e.name, e.count) for e in loaded.deck.entries] == [("13 Wolves", 3)]


def test_unknown_names_are_kept_with_suggestions() -> None:
    loaded = deck_from_text("2 Quik Parry\n1 Zzzzzz\n", FakePool())
    assert [e.name for e in loaded.deck.entries] == ["Quik Parry", "Zzzzzz"]
    assert loaded.unknown == {"Quik Parry": ["Quick Parry"], "Zzzzzz": []}


def test_unknown_zone_is_reported_and_its_cards_kept() -> None:
    loaded = deck_from_text("Sideboard:\n2 Quick Parry\n")
    assert list(loaded.deck.entries) == [DeckEntry("Quick Parry", 2, None, None)]
    assert "Sideboard" in loaded.problems[0]
    # Kept, but the deck was not read as the file may mean it: the checker must not call it legal.
    (part,) = loaded.deck.unread
    assert (part.line, part.text) == (1, "Sideboard:")


def test_text_writer_groups_by_type_with_zone_labels() -> None:
    deck = Deck(
        entries=[
            DeckEntry("Quick Parry", 2),
            DeckEntry("Moonlit Glade", 3, "Dusk"),
            DeckEntry("Ashfang Ravager"),
        ]
    )
    text = deck_to_text(deck, FakePool(), {"characters": "Pack", "sept": "Sept", "combat": "Combat"})
    assert text == "Pack:\n1\tAshfang Ravager\nSept:\n3\tMoonlit Glade\nCombat:\n2\tQuick Parry\n"


def test_text_round_trip_keeps_names_counts_sections_and_starting_cards() -> None:
    deck = Deck(
        entries=[
            DeckEntry("Ashfang Ravager", 1, None, Section.CHARACTERS),
            DeckEntry("Moonlit Glade", 3, None, Section.SEPT),
            DeckEntry("Quick Parry", 2, None, Section.COMBAT),
            DeckEntry("Odd One", 1, None, None),
        ],
        starting=[DeckEntry("Silver Talon", 1)],
    )
    loaded = deck_from_text(deck_to_text(deck, None))
    assert loaded.problems == []
    assert loaded.deck.entries == deck.entries
    assert loaded.deck.starting == deck.starting


def test_third_column_is_read_as_the_printing() -> None:
    assert list(deck_from_text("2\tMoonlit Glade\tDusk\n").deck.entries) == [
        DeckEntry("Moonlit Glade", 2, "Dusk")
    ]

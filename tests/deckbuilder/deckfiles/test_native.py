"""Native JSON decks: exact shape, full round trip, field-by-field validation."""

from __future__ import annotations

import json

import pytest

from carddb.cardtypes import Section
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.deckfiles import DeckFileError, deck_from_native, deck_to_native
from tests.deckbuilder.deckfiles.pool import FakePool


def sample_deck() -> Deck:
    return Deck(
        name="Moon Pack",
        notes="Line one\nLine two — with “quotes”",
        renown_level=30,
        format="original",
        entries=[
            DeckEntry("Ashfang Ravager", 1, "Dawn", Section.CHARACTERS),
            DeckEntry("Moonlit Glade", 3, "Dusk", Section.SEPT),
            DeckEntry("Moonlit Glade", 2, None, Section.SEPT),
            DeckEntry("Quick Parry", 4, None, Section.COMBAT),
            DeckEntry("Mystery Card", 2, None, None),
        ],
        starting=[DeckEntry("Silver Talon", 1, "Dusk")],
    )


def test_native_has_the_documented_shape() -> None:
    document = json.loads(deck_to_native(sample_deck()))
    assert document["format_version"] == 1
    assert document["app"] == "rage-deckbuilder"
    assert (document["name"], document["renown_level"], document["format"]) == ("Moon Pack", 30, "original")
    assert list(document["sections"]) == ["characters", "sept", "combat", "unplaced"]
    assert document["sections"]["sept"] == [
        {"name": "Moonlit Glade", "count": 3, "set": "Dusk"},
        {"name": "Moonlit Glade", "count": 2, "set": None},
    ]
    assert document["sections"]["unplaced"] == [{"name": "Mystery Card", "count": 2, "set": None}]
    assert document["starting"] == [{"name": "Silver Talon", "count": 1, "set": "Dusk"}]


def test_native_round_trip_keeps_everything() -> None:
    deck = sample_deck()
    loaded = deck_from_native(deck_to_native(deck))
    assert loaded.kind == "native"
    assert loaded.problems == []
    assert loaded.deck == deck


def test_pool_decides_sections_over_zone_hints() -> None:
    deck = Deck(entries=[DeckEntry("Quick Parry", 2, zone_hint=Section.SEPT), DeckEntry("Nobody", 1)])
    document = json.loads(deck_to_native(deck, FakePool()))
    assert document["sections"]["combat"] == [{"name": "Quick Parry", "count": 2, "set": None}]
    assert document["sections"]["unplaced"] == [{"name": "Nobody", "count": 1, "set": None}]


def test_set_may_be_absent_and_section_key_becomes_the_hint() -> None:
    text = '{"format_version": 1, "sections": {"combat": [{"name": "Quick Parry", "count": 2}]}}'
    loaded = deck_from_native(text)
    assert list(loaded.deck.entries) == [DeckEntry("Quick Parry", 2, None, Section.COMBAT)]
    assert loaded.deck.renown_level == 20 and loaded.deck.format == "revised"


def test_bad_entries_are_reported_and_skipped_but_the_rest_is_kept() -> None:
    entries = [
        {"name": "Moonlit Glade", "count": 3},
        {"count": 2},
        {"name": "Silver Talon", "count": "two"},
        {"name": "Quick Parry", "count": -1},
        {"name": "Howling Strike", "count": 5000},
        {"name": "Ashfang Ravager", "count": 1.5},
        {"name": "Quick Parry", "count": True},
        "not an entry",
        {"name": "Howling Strike", "count": 2, "set": 7},
    ]
    text = json.dumps({"format_version": 1, "sections": {"sept": entries}})
    loaded = deck_from_native(text)
    assert [(e.name, e.count, e.set_name) for e in loaded.deck.entries] == [
        ("Moonlit Glade", 3, None),
        ("Howling Strike", 2, None),
    ]
    assert len(loaded.problems) == 8
    assert any("sections.sept[1]" in p and "no card name" in p for p in loaded.problems)
    assert any("sections.sept[4]" in p and "Howling Strike" in p for p in loaded.problems)
    assert any("sections.sept[8]" in p and "'set'" in p for p in loaded.problems)


def test_bad_top_level_fields_fall_back_to_defaults_with_a_problem() -> None:
    text = json.dumps(
        {"format_version": 1, "name": 5, "renown_level": "lots", "sections": [], "starting": {"x": 1}}
    )
    loaded = deck_from_native(text)
    assert loaded.deck.name == "Untitled deck"
    assert loaded.deck.renown_level == 20
    assert len(loaded.problems) == 4


def test_unknown_section_keeps_its_cards_unplaced() -> None:
    text = json.dumps({"format_version": 1, "sections": {"sideboard": [{"name": "Quick Parry", "count": 1}]}})
    loaded = deck_from_native(text)
    assert list(loaded.deck.entries) == [DeckEntry("Quick Parry", 1, None, None)]
    assert "sideboard" in loaded.problems[0]


def test_invalid_json_names_line_and_column() -> None:
    text = '{\n  "format_version": 1,\n  "name": "x",,\n}'
    with pytest.raises(DeckFileError, match=r"line 3 column 15"):
        deck_from_native(text)


def test_truncated_native_file_is_refused() -> None:
    text = deck_to_native(sample_deck())
    with pytest.raises(DeckFileError, match="not valid JSON"):
        deck_from_native(text[: len(text) // 2])


@pytest.mark.parametrize("text", ["[1, 2]", '"deck"', "  \n 42"])
def test_top_level_must_be_an_object(text: str) -> None:
    with pytest.raises(DeckFileError, match="must hold a JSON object"):
        deck_from_native(text)


def test_future_format_version_is_refused() -> None:
    with pytest.raises(DeckFileError, match="newer Rage Deckbuilder"):
        deck_from_native('{"format_version": 2, "sections": {}}')


def test_json_that_is_not_a_deck_is_refused() -> None:
    with pytest.raises(DeckFileError, match="not a Rage Deckbuilder deck"):
        deck_from_native('{"Moonlit Glade": {"Type": "Event"}}')


def test_absurd_json_is_refused_cleanly() -> None:
    with pytest.raises(DeckFileError):
        deck_from_native("[" * 100_000 + "]" * 100_000)
    with pytest.raises(DeckFileError):
        deck_from_native('{"format_version": ' + "9" * 10_000 + "}")


def test_unknown_names_are_kept_and_reported_with_suggestions() -> None:
    deck = Deck(entries=[DeckEntry("Moonlit Glad", 2), DeckEntry("Quick Parry", 1)])
    loaded = deck_from_native(deck_to_native(deck), FakePool())
    assert [e.name for e in loaded.deck.entries] == ["Moonlit Glad", "Quick Parry"]
    assert loaded.unknown == {"Moonlit Glad": ["Moonlit Glade"]}


def test_another_games_deck_carries_no_rage_fields() -> None:
    import json

    from deckbuilder.games.cards import shipped_pool
    from deckbuilder.games.loader import load_game

    deck = Deck(game="lithic-rage")
    deck.add("Flint-Born")
    deck.add("Sling Stone", 3)
    document = json.loads(deck_to_native(deck, shipped_pool(load_game("lithic-rage"))))
    assert "renown_level" not in document and "starting" not in document
    assert document["game"] == "lithic-rage"
    assert {"ancestry", "actions"} <= set(document["sections"])
    assert not set(document["sections"]) & {"characters", "sept", "combat"}
    again = deck_from_native(json.dumps(document)).deck
    assert again.game == "lithic-rage"
    assert sorted((e.name, e.count) for e in again.entries) == [("Flint-Born", 1), ("Sling Stone", 3)]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('{"format_version": 1, "sections": {"sept": [{"name": "A", "count": 9}], "sept": []}}', '"sept"'),
        ('{"format_version": 1, "format": "revised", "format": "open"}', '"format"'),
        ('{"format_version": 1, "sections": {"combat": [{"name": "A", "count": 9, "count": 1}]}}', '"count"'),
    ],
)
def test_a_key_written_twice_is_refused_and_named(text: str, key: str) -> None:
    # json.loads keeps the last value silently: an illegal first "sept" list would be read as an empty one.
    with pytest.raises(DeckFileError) as caught:
        deck_from_native(text, FakePool(), "twice.json")
    assert str(caught.value) == (
        f"twice.json: the key {key} appears twice in one object, so the file does not say which is meant; "
        "it is not read"
    )

"""The deck domain: adding, removing and counting cards across printings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carddb.cardtypes import Section
from carddb.model import CardInfo
from deckbuilder.deck import Deck, DeckEntry


class _Pool:
    def __init__(self, *cards: CardInfo) -> None:
        self.cards = {c.norm_name: c for c in cards}

    def lookup(self, name: str) -> CardInfo | None:
        from carddb.normalize import normalize_name

        return self.cards.get(normalize_name(name))

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        return []


def test_adding_the_same_card_merges_and_other_printings_stay_separate() -> None:
    deck = Deck()
    deck.add("Low Feint", 1)
    deck.add("low feint", 1)
    deck.add("Low Feint", 1, set_name="Demo")
    assert [(e.name, e.count, e.set_name) for e in deck] == [("Low Feint", 2, None), ("Low Feint", 1, "Demo")]
    assert deck.count_of("LOW FEINT") == 3


def test_removing_more_than_present_removes_what_is_there_and_drops_the_row() -> None:
    deck = Deck()
    deck.add("Moss-on-Stone", 2)
    assert deck.remove("Moss-on-Stone", 5) == 2
    assert deck.entries == []
    assert deck.remove("Moss-on-Stone") == 0


def test_starting_cards_count_toward_copies() -> None:
    deck = Deck()
    deck.add("Bone Charm", 2)
    deck.starting.append(type(deck.entries[0])("Bone Charm", 1))
    assert deck.count_of("bone charm") == 3
    assert deck.total_cards() == 2


def test_sections_follow_the_card_type_not_the_file_zone() -> None:
    pool = _Pool(
        CardInfo(name="Low Feint", type="Combat Action"),
        CardInfo(name="Ashen Howler", type="Character - Gaia"),
    )
    deck = Deck()
    deck.add("Low Feint", 2, zone_hint=Section.SEPT)
    deck.add("Ashen Howler", 1)
    deck.add("Mystery Card", 1, zone_hint=Section.SEPT)
    deck.add("Nowhere Card", 1)
    grouped = deck.by_section(pool)
    assert [e.name for e in grouped[Section.COMBAT]] == ["Low Feint"]
    assert [e.name for e in grouped[Section.CHARACTERS]] == ["Ashen Howler"]
    assert [e.name for e in grouped[Section.SEPT]] == ["Mystery Card"]
    assert [e.name for e in grouped[None]] == ["Nowhere Card"]


def test_copy_is_independent() -> None:
    deck = Deck(name="A")
    deck.add("Low Feint", 2)
    clone = deck.copy()
    clone.add("Low Feint", 1)
    assert deck.count_of("Low Feint") == 2 and clone.count_of("Low Feint") == 3


def test_moving_to_starting_takes_copies_out_of_the_sept_entry_and_merges_the_printing() -> None:
    deck = Deck()
    deck.add("Bone Charm", 3, set_name="Demo", zone_hint=Section.SEPT)
    deck.add("Bone Charm", 1)
    assert deck.move_to_starting("bone charm", "Demo") == 1
    assert deck.move_to_starting("Bone Charm", "Demo", 1) == 1
    assert [(e.name, e.count, e.set_name) for e in deck.entries] == [
        ("Bone Charm", 1, "Demo"),
        ("Bone Charm", 1, None),
    ]
    assert [(e.name, e.count, e.set_name, e.zone_hint) for e in deck.starting] == [
        ("Bone Charm", 2, "Demo", Section.SEPT)
    ]
    assert deck.count_of("Bone Charm") == 4  # moving never changes the copies in the deck
    assert deck.total_cards() == 2


def test_moving_more_than_present_moves_what_is_there_and_drops_the_empty_entry() -> None:
    deck = Deck()
    deck.add("Bone Charm", 2)
    assert deck.move_to_starting("Bone Charm", None, 5) == 2
    assert deck.entries == []
    assert deck.move_to_starting("Bone Charm", None) == 0
    assert deck.move_to_starting("Bone Charm", "Other Set") == 0
    assert deck.move_from_starting("Bone Charm", None) == 1
    assert [(e.name, e.count) for e in deck.entries] == [("Bone Charm", 1)]
    assert [(e.name, e.count) for e in deck.starting] == [("Bone Charm", 1)]
    assert deck.move_from_starting("Bone Charm", None, 3) == 1
    assert deck.starting == [] and [e.count for e in deck.entries] == [2]


def test_removing_and_adding_a_starting_entry_leaves_the_same_named_deck_entry_alone() -> None:
    deck = Deck()
    deck.add("Bone Charm", 2)
    deck.add("Bone Charm", 2, starting=True)
    assert deck.remove_exact("Bone Charm", None, 1, starting=True) == 1
    assert [e.count for e in deck.entries] == [2] and [e.count for e in deck.starting] == [1]
    deck.add("Bone Charm", 1, starting=True)
    assert [e.count for e in deck.entries] == [2] and [e.count for e in deck.starting] == [2]
    assert deck.remove_exact("Bone Charm", None, 9, starting=True) == 2
    assert deck.starting == [] and [e.count for e in deck.entries] == [2]
    assert deck.remove_exact("Bone Charm", None, 1) == 1  # the old call still acts on the deck entry
    assert [e.count for e in deck.entries] == [1]


def _count_normalisations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    import deckbuilder.deck as deck_module

    calls = [0]
    real = deck_module.normalize_name

    def counting(name: str) -> str:
        calls[0] += 1
        return real(name)

    monkeypatch.setattr(deck_module, "normalize_name", counting)
    return calls


def test_adding_thousands_of_distinct_cards_is_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_normalisations(monkeypatch)
    deck = Deck()
    for i in range(3000):
        deck.add(f"Unknown card {i}", 1, starting=i % 2 == 0)
    # Each add looks its name up once (and keys the new entry once); a linear find compared every entry: n².
    assert calls[0] <= 3 * 3000
    assert len(deck.entries) == len(deck.starting) == 1500


def test_lists_edited_directly_are_still_found_right() -> None:
    deck = Deck()
    for name in ("A", "B", "C"):
        deck.add(name)
    removed = deck.entries.pop(0)
    deck.entries.append(DeckEntry("D", 2))
    assert deck.find("A") is None and removed.name == "A"
    assert deck.entry("D", None) is deck.entries[-1]
    deck.add("B", 4)
    assert [(e.name, e.count) for e in deck.entries] == [("B", 5), ("C", 1), ("D", 2)]
    # Renamed or re-printed in place: found under the new name and printing at once.
    deck.entries[1].name = "Renamed"
    deck.entries[2].set_name = "Promo"
    assert deck.entry("renamed", None) is deck.entries[1] and deck.find("C") is None
    deck.add("D", 1, set_name="Promo")
    assert [(e.name, e.count, e.set_name) for e in deck.entries][2] == ("D", 3, "Promo")
    deck.entries = [DeckEntry("B", 1), DeckEntry("E", 1)]
    deck.add("E")
    assert [(e.name, e.count) for e in deck.entries] == [("B", 1), ("E", 2)]


def test_a_changed_printing_is_found_and_merged_afterwards() -> None:
    deck = Deck()
    deck.add("Low Feint", 2, set_name="Demo")
    deck.add("Quiet Ember", 1)
    deck.change_printing("Low Feint", "Demo", "Limited")
    deck.add("Low Feint", 1, set_name="Limited")
    assert [(e.name, e.count, e.set_name) for e in deck] == [
        ("Low Feint", 3, "Limited"),
        ("Quiet Ember", 1, None),
    ]
    assert deck.entry("Low Feint", "Demo") is None


_NAMES = st.sampled_from(["Low Feint", "low feint", "Quiet Ember", "Bark Hide", "BARK  HIDE"])
_SETS = st.sampled_from([None, "Demo", "Limited"])
_OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("add"), _NAMES, st.integers(-1, 3), _SETS, st.booleans()),
        st.tuples(st.just("remove"), _NAMES, st.integers(0, 3), _SETS, st.just(False)),
        st.tuples(st.just("remove_exact"), _NAMES, st.integers(0, 3), _SETS, st.booleans()),
        st.tuples(st.just("to_starting"), _NAMES, st.integers(0, 3), _SETS, st.just(False)),
        st.tuples(st.just("from_starting"), _NAMES, st.integers(0, 3), _SETS, st.just(True)),
        st.tuples(st.just("printing"), _NAMES, st.just(0), _SETS, st.just(False)),
        st.tuples(st.just("pop"), _NAMES, st.integers(0, 5), _SETS, st.booleans()),
        st.tuples(st.just("rename"), _NAMES, st.integers(0, 5), _SETS, st.booleans()),
    ),
    max_size=40,
)


def _apply(deck: Deck, operation: tuple[str, str, int, str | None, bool]) -> object:
    kind, name, number, set_name, starting = operation
    entries = deck.starting if starting else deck.entries
    if kind == "add":
        return deck.add(name, number, set_name, starting=starting)
    if kind == "remove":
        return deck.remove(name, number, set_name)
    if kind == "remove_exact":
        return deck.remove_exact(name, set_name, number, starting=starting)
    if kind == "to_starting":
        return deck.move_to_starting(name, set_name, number)
    if kind == "from_starting":
        return deck.move_from_starting(name, set_name, number)
    if kind == "printing":
        return deck.change_printing(name, None, set_name)
    if kind == "pop" and entries:
        return entries.pop(number % len(entries)).name  # a caller editing the list directly
    if kind == "rename" and entries:
        entries[number % len(entries)].name = name  # or an entry in place
    return None


@given(operations=_OPERATIONS)
def test_the_indexed_deck_behaves_like_a_linear_search(
    operations: list[tuple[str, str, int, str | None, bool]],
) -> None:
    indexed, reference = Deck(), Deck()
    for operation in operations:
        reference._indexes.clear()  # always rebuilt: exactly a first-match linear search
        assert _apply(indexed, operation) == _apply(reference, operation)
        for starting in (False, True):
            got = [(e.name, e.count, e.set_name) for e in (indexed.starting if starting else indexed.entries)]
            want = [
                (e.name, e.count, e.set_name) for e in (reference.starting if starting else reference.entries)
            ]
            assert got == want
        for name in ("Low Feint", "Bark Hide", "Quiet Ember"):
            reference._indexes.clear()
            assert indexed.count_of(name) == reference.count_of(name)
            found, expected = indexed.find(name), reference.find(name)
            assert (found is None) == (expected is None)

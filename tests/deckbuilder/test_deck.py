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
    assert deck.entries == ()
    assert deck.remove("Moss-on-Stone") == 0


def test_starting_cards_count_toward_copies() -> None:
    deck = Deck()
    deck.add("Bone Charm", 2)
    deck.add("Bone Charm", 1, starting=True)
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
    assert deck.entries == ()
    assert deck.move_to_starting("Bone Charm", None) == 0
    assert deck.move_to_starting("Bone Charm", "Other Set") == 0
    assert deck.move_from_starting("Bone Charm", None) == 1
    assert [(e.name, e.count) for e in deck.entries] == [("Bone Charm", 1)]
    assert [(e.name, e.count) for e in deck.starting] == [("Bone Charm", 1)]
    assert deck.move_from_starting("Bone Charm", None, 3) == 1
    assert deck.starting == () and [e.count for e in deck.entries] == [2]


def test_removing_and_adding_a_starting_entry_leaves_the_same_named_deck_entry_alone() -> None:
    deck = Deck()
    deck.add("Bone Charm", 2)
    deck.add("Bone Charm", 2, starting=True)
    assert deck.remove_exact("Bone Charm", None, 1, starting=True) == 1
    assert [e.count for e in deck.entries] == [2] and [e.count for e in deck.starting] == [1]
    deck.add("Bone Charm", 1, starting=True)
    assert [e.count for e in deck.entries] == [2] and [e.count for e in deck.starting] == [2]
    assert deck.remove_exact("Bone Charm", None, 9, starting=True) == 2
    assert deck.starting == () and [e.count for e in deck.entries] == [2]
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


def test_replacing_a_middle_entry_keeps_its_place_and_the_index_right() -> None:
    deck = Deck()
    for name in ("A", "B", "C"):
        deck.add(name)
    assert deck.find("B") is deck.entries[1]  # the index is built
    assert deck.replace("B", None, "X") == 1
    assert deck.find("X") is deck.entries[1] and deck.find("B") is None
    deck.add("X")  # joins the replaced row instead of making a duplicate one
    assert [(e.name, e.count) for e in deck.entries] == [("A", 1), ("X", 2), ("C", 1)]
    assert deck.replace("X", None, "c") == 2  # onto a card already there: the copies join it
    assert [(e.name, e.count) for e in deck.entries] == [("A", 1), ("C", 3)]


def test_set_count_keeps_the_entry_in_place_and_zero_removes_it() -> None:
    deck = Deck()
    for name in ("Alpha Wolf", "Beta Claw", "Gamma Rite"):
        deck.add(name)
    deck.set_count("Beta Claw", None, 5)
    assert [(e.name, e.count) for e in deck.entries][1] == ("Beta Claw", 5)
    deck.set_count("Beta Claw", None, 0)
    assert [e.name for e in deck.entries] == ["Alpha Wolf", "Gamma Rite"]
    deck.set_count("Beta Claw", None, 2)  # a card not in the deck is added
    assert [(e.name, e.count) for e in deck.entries][2] == ("Beta Claw", 2)


def test_callers_cannot_edit_the_entry_lists_or_entries_in_place() -> None:
    deck = Deck()
    deck.add("A")
    entries = deck.entries
    with pytest.raises(AttributeError):
        deck.entries = (DeckEntry("Z"),)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        entries[0].name = "Z"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        entries.append(DeckEntry("Z"))  # type: ignore[attr-defined]
    deck.add("A")
    assert entries == (DeckEntry("A", 1),), "a tuple read earlier does not change under its reader"
    assert deck.entries == (DeckEntry("A", 2),)


def test_removing_and_restoring_keep_later_entries_found() -> None:
    deck = Deck()
    for name in ("A", "B", "C", "D"):
        deck.add(name)
    before = deck.state()
    deck.remove("A")
    assert deck.entry("D", None) is deck.entries[-1]
    deck.add("D", 2)
    assert [(e.name, e.count) for e in deck.entries] == [("B", 1), ("C", 1), ("D", 3)]
    deck.restore(before)
    deck.add("D")
    assert [(e.name, e.count) for e in deck.entries] == [("A", 1), ("B", 1), ("C", 1), ("D", 2)]


def test_a_file_s_rows_are_kept_as_written_and_the_first_one_is_found() -> None:
    deck = Deck()
    deck.extend([DeckEntry("A", 1), DeckEntry("a", 2), DeckEntry("B", 0)])
    assert [(e.name, e.count) for e in deck.entries] == [("A", 1), ("a", 2), ("B", 0)]
    assert deck.find("A") is deck.entries[0]
    deck.add("A")
    assert [e.count for e in deck.entries] == [2, 2, 0]
    assert deck.remove_exact("A", None, 2) == 2
    assert deck.find("a") is deck.entries[0] and deck.entries[0].count == 2


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
        st.tuples(st.just("set_count"), _NAMES, st.integers(0, 3), _SETS, st.booleans()),
        st.tuples(st.just("replace"), _NAMES, st.integers(0, 4), _SETS, st.booleans()),
    ),
    max_size=40,
)
_Row = list[object]  # [name, count, set_name, zone_hint]


class _Linear:
    """The deck's rules said the slow, obvious way: first match by linear search over plain lists."""

    def __init__(self) -> None:
        self.lists: dict[bool, list[_Row]] = {False: [], True: []}

    @staticmethod
    def _key(name: object) -> str:
        from carddb.normalize import normalize_name

        return normalize_name(str(name))

    def entry(self, name: str, set_name: str | None, starting: bool) -> _Row | None:
        key = self._key(name)
        return next((r for r in self.lists[starting] if self._key(r[0]) == key and r[2] == set_name), None)

    def find(self, name: str) -> _Row | None:
        return next((r for r in self.lists[False] if self._key(r[0]) == self._key(name)), None)

    def add(self, name: str, count: int, set_name: str | None, hint: object, starting: bool) -> None:
        if count <= 0:
            return
        row = self.entry(name, set_name, starting)
        if row is None:
            self.lists[starting].append([name, count, set_name, hint])
        else:
            row[1] = int(str(row[1])) + count

    def take(self, row: _Row | None, count: int, starting: bool) -> int:
        if row is None or count <= 0:
            return 0
        taken = min(count, int(str(row[1])))
        row[1] = int(str(row[1])) - taken
        if row[1] == 0:
            self.lists[starting].remove(row)
        return taken

    def apply(self, operation: tuple[str, str, int, str | None, bool]) -> object:
        kind, name, number, set_name, starting = operation
        if kind == "add":
            return self.add(name, number, set_name, None, starting)
        if kind == "remove":
            return self.take(
                self.entry(name, set_name, False) if set_name else self.find(name), number, False
            )
        if kind == "remove_exact":
            return self.take(self.entry(name, set_name, starting), number, starting)
        if kind in ("to_starting", "from_starting"):
            source = self.entry(name, set_name, starting)
            if source is None:
                return 0
            moved = self.take(source, number, starting)
            self.add(str(source[0]), moved, set_name, source[3], not starting)
            return moved
        if kind == "printing":
            row = self.entry(name, None, False)
            if row is None or set_name is None:
                return None
            target = self.entry(name, set_name, False)
            if target is None:
                row[2] = set_name
            else:
                target[1] = int(str(target[1])) + int(str(row[1]))
                self.lists[False].remove(row)
            return None
        if kind == "set_count":
            row = self.entry(name, set_name, starting)
            if row is None:
                return self.add(name, number, set_name, None, starting)
            if number <= 0:
                self.lists[starting].remove(row)
            else:
                row[1] = number
            return None
        if kind == "replace":
            row = self.entry(name, set_name, starting)
            if row is None:
                return 0
            new_name = str(_NAMES_LIST[number])
            target = self.entry(new_name, None, starting)
            if target is not None and target is not row:
                target[1] = int(str(target[1])) + int(str(row[1]))
                self.lists[starting].remove(row)
            else:
                row[0], row[2] = new_name, None
            return row[1]
        return None


_NAMES_LIST = ["Low Feint", "low feint", "Quiet Ember", "Bark Hide", "BARK  HIDE"]


def _apply(deck: Deck, operation: tuple[str, str, int, str | None, bool]) -> object:
    kind, name, number, set_name, starting = operation
    if kind == "add":
        deck.add(name, number, set_name, starting=starting)
        return None
    if kind == "remove":
        return deck.remove(name, number, set_name)
    if kind == "remove_exact":
        return deck.remove_exact(name, set_name, number, starting=starting)
    if kind == "to_starting":
        return deck.move_to_starting(name, set_name, number)
    if kind == "from_starting":
        return deck.move_from_starting(name, set_name, number)
    if kind == "printing":
        deck.change_printing(name, None, set_name)
        return None
    if kind == "set_count":
        deck.set_count(name, set_name, number, starting=starting)
        return None
    if kind == "replace":
        return deck.replace(name, set_name, _NAMES_LIST[number], starting=starting)
    return None


@given(operations=_OPERATIONS)
def test_the_indexed_deck_behaves_like_a_linear_search(
    operations: list[tuple[str, str, int, str | None, bool]],
) -> None:
    deck, reference = Deck(), _Linear()
    states = [deck.state()]
    for operation in operations:
        assert _apply(deck, operation) == reference.apply(operation)
        states.append(deck.state())
        for starting in (False, True):
            got = [[e.name, e.count, e.set_name] for e in (deck.starting if starting else deck.entries)]
            assert got == [row[:3] for row in reference.lists[starting]]
        for name in ("Low Feint", "Bark Hide", "Quiet Ember"):
            found, expected = deck.find(name), reference.find(name)
            assert (found is None) == (expected is None)
            if found is not None and expected is not None:
                assert (found.name, found.count, found.set_name) == tuple(expected[:3])
    # Undo to any earlier state and the index answers for that state.
    for state in states:
        deck.restore(state)
        for entry in state.entries:
            assert deck.find(entry.name) is next(e for e in deck.entries if e.key == entry.key)

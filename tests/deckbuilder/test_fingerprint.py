"""A deck's fingerprint: the same for the same cards whatever the file, order, printing or reprint spelling."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import read_deck, write_deck
from deckbuilder.fingerprint import canonical_lines, deck_fingerprint
from tests.deckbuilder.export.helpers import add_card

CODE = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$")


@pytest.fixture
def pool(tmp_db: CardDatabase) -> CardDatabase:
    """Invented cards: a Character, a Gift printed in two sets, a reprint `(2)` with the same text, and one without."""
    add_card(tmp_db, "Moonfang Scout", "Character - Gaia", renown=4, rage=3, gnosis=2, health=5)
    add_card(tmp_db, "Silver Fang Gift", "Gift", text="Draw a card.")
    add_card(tmp_db, "Quick Dodge", "Combat Event", text="Dodge one attack.")
    add_card(tmp_db, "Quick Dodge (2)", "Combat Event", text="Dodge  one attack.")
    add_card(tmp_db, "Odd Dodge (2)", "Combat Event", text="Something else.")
    add_card(tmp_db, "Odd Dodge", "Combat Event", text="Dodge one attack.")
    return tmp_db


def _deck(*cards: tuple[str, int, str | None], starting: tuple[tuple[str, int], ...] = ()) -> Deck:
    deck = Deck(name="Print Me")
    for name, count, set_name in cards:
        deck.add(name, count, set_name=set_name)
    for name, count in starting:
        deck.add(name, count, starting=True)
    return deck


BASE = (("Moonfang Scout", 1, None), ("Silver Fang Gift", 3, None), ("Quick Dodge", 4, None))


def test_order_printing_spelling_and_reprints_do_not_change_the_code(pool: CardDatabase) -> None:
    code = deck_fingerprint(_deck(*BASE), pool).code
    assert CODE.match(code)
    same = _deck(
        ("QUICK DODGE", 2, None),
        ("silver fang gift", 1, "Second Set"),
        ("Quick Dodge (2)", 2, None),  # the reprint folds onto the card it reprints
        ("Silver  Fang Gift", 2, "Test Set"),
        ("Moonfang Scout", 1, None),
    )
    assert deck_fingerprint(same, pool).code == code
    assert deck_fingerprint(same, pool).lines == (
        "1\tmoonfang scout",
        "4\tquick dodge",
        "3\tsilver fang gift",
    )
    assert canonical_lines(same, pool) == canonical_lines(_deck(*BASE), pool)


def test_any_count_change_or_a_different_card_changes_the_code(pool: CardDatabase) -> None:
    code = deck_fingerprint(_deck(*BASE), pool).code
    changed = [
        _deck(("Moonfang Scout", 1, None), ("Silver Fang Gift", 3, None), ("Quick Dodge", 3, None)),
        _deck(*BASE, ("Quick Dodge", 1, None)),
        _deck(("Moonfang Scout", 1, None), ("Silver Fang Gift", 3, None)),
        _deck(*BASE[:2], ("Odd Dodge (2)", 4, None)),  # not a reprint: its text differs
        _deck(*BASE[1:], starting=(("Moonfang Scout", 1),)),  # moved to the starting list
    ]
    codes = {deck_fingerprint(deck, pool).code for deck in changed}
    assert code not in codes and len(codes) == len(changed)
    other_game = _deck(*BASE)
    other_game.game = "lithic-rage"
    assert deck_fingerprint(other_game, pool).code != code


def test_unknown_cards_count_by_their_normalised_written_name(pool: CardDatabase) -> None:
    one = deck_fingerprint(_deck(("Mystery Card", 2, None), ("Quick Dodge", 1, None)), pool)
    two = deck_fingerprint(_deck(("quick dodge", 1, None), ("MYSTERY  card", 2, None)), pool)
    assert one.code == two.code and "2\tmystery card" in one.lines


def test_every_deck_file_kind_gives_the_same_code(pool: CardDatabase, tmp_path: Path) -> None:
    deck = _deck(*BASE, starting=(("Moonfang Scout", 1),))
    code = deck_fingerprint(deck, pool).code
    for suffix in (".json", ".dek", ".txt"):
        path = tmp_path / f"deck{suffix}"
        write_deck(deck, path, pool=pool)
        assert deck_fingerprint(read_deck(path, pool=pool).deck, pool).code == code, suffix


def test_the_code_of_a_list_never_changes_between_versions(pool: CardDatabase) -> None:
    # An organiser compares codes taken months apart: this list's code is pinned for good.
    assert deck_fingerprint(_deck(*BASE), pool).code == deck_fingerprint(_deck(*BASE), None).code
    assert deck_fingerprint(_deck(*BASE), None).code == PINNED


PINNED = "TQ20-7VVH"

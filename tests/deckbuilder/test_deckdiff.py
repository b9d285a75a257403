"""Two decks compared pile by pile: reprints and printings are no difference, counts are, each side is checked."""

from __future__ import annotations

import pytest

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.deckdiff import GamesDiffer, diff_decks
from tests.deckbuilder.export.helpers import add_card


@pytest.fixture
def pool(tmp_db: CardDatabase) -> CardDatabase:
    """Invented cards: a Character, two Gifts (one in two sets), a combat card and its reprint `(2)`."""
    add_card(tmp_db, "Moonfang Scout", "Character - Gaia", renown=4, rage=3, gnosis=2, health=5)
    add_card(tmp_db, "Silver Fang Gift", "Gift", text="Draw a card.")
    add_card(tmp_db, "Full Moon", "Event", text="Everyone heals.")
    add_card(tmp_db, "Quick Dodge", "Combat Event", text="Dodge one attack.")
    add_card(tmp_db, "Quick Dodge (2)", "Combat Event", text="Dodge  one attack.")
    return tmp_db


def _deck(*cards: tuple[str, int], set_name: str | None = None) -> Deck:
    deck = Deck(name="Pack")
    for name, count in cards:
        deck.add(name, count, set_name=set_name)
    return deck


BASE = (("Moonfang Scout", 1), ("Silver Fang Gift", 3), ("Quick Dodge", 4))


def test_same_cards_in_another_spelling_or_printing_are_equal(pool: CardDatabase) -> None:
    other = _deck(("moonfang scout", 1), ("Silver Fang Gift", 3), ("Quick Dodge (2)", 2), ("Quick Dodge", 2))
    diff = diff_decks(_deck(*BASE), other, pool)
    assert diff.equal and diff.changes() == ()
    assert diff.summary() == "no card changed"
    assert diff.before is not None and diff.after is not None


def test_added_removed_and_changed_cards_land_in_their_piles(pool: CardDatabase) -> None:
    after = _deck(("Moonfang Scout", 1), ("Silver Fang Gift", 2), ("Full Moon", 2))
    diff = diff_decks(_deck(*BASE), after, pool)
    assert not diff.equal
    by_pile = {p.pile: p for p in diff.piles}
    assert [p.label for p in diff.piles][:2] == ["Characters", "Sept"]
    sept = {c.name: (c.status, c.before, c.after) for c in by_pile["sept"].changes}
    assert sept == {"Full Moon": ("added", 0, 2), "Silver Fang Gift": ("changed", 3, 2)}
    assert [(c.name, c.status, c.delta) for c in by_pile["combat"].changes] == [
        ("Quick Dodge", "removed", -4)
    ]
    assert by_pile["characters"].changes == ()
    assert (by_pile["sept"].before_total, by_pile["sept"].after_total) == (3, 4)
    assert diff.summary() == "+2 Full Moon, −1 Silver Fang Gift, −4 Quick Dodge"
    data = diff.to_json()
    assert data["equal"] is False and data["before"]["legal"] is False


def test_moving_a_card_to_the_starting_list_is_a_change_of_two_piles(pool: CardDatabase) -> None:
    after = _deck(*BASE)
    assert after.move_to_starting("Silver Fang Gift", None, 1) == 1
    diff = diff_decks(_deck(*BASE), after, pool)
    moved = {(p.pile, c.name, c.delta) for p in diff.piles for c in p.changes}
    assert moved == {("sept", "Silver Fang Gift", -1), ("starting", "Silver Fang Gift", 1)}


def test_unknown_cards_are_compared_by_their_written_name(pool: CardDatabase) -> None:
    diff = diff_decks(_deck(("Mystery Card", 1)), _deck(("MYSTERY  card", 2)), pool, check=False)
    assert [(c.before, c.after) for c in diff.changes()] == [(1, 2)]
    assert diff.before is None


def test_decks_of_two_games_cannot_be_compared(pool: CardDatabase) -> None:
    other = _deck(*BASE)
    other.game = "lithic-rage"
    with pytest.raises(GamesDiffer):
        diff_decks(_deck(*BASE), other, pool)

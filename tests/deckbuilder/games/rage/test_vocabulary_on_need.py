"""A check asks the pool for the words its Characters carry only when a card of the deck requires something."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from carddb.db import CardDatabase
from carddb.importing import import_path
from deckbuilder.deck import Deck
from deckbuilder.legality.engine import check_deck

POOL = Path(__file__).resolve().parents[3] / "golden" / "pool"


class CountingPool:
    """The card database, counting how often the check asks for the pool's words."""

    def __init__(self, db: CardDatabase) -> None:
        self.db = db
        self.asked = 0

    def trait_vocabulary(self) -> frozenset[str]:
        self.asked += 1
        return self.db.trait_vocabulary()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


def test_the_pools_words_are_read_only_for_a_deck_with_a_requires_card(tmp_path: Path) -> None:
    db = CardDatabase(tmp_path / "cards.sqlite")
    import_path(db, POOL)
    cards = db.all_cards()
    plain = [c for c in cards if not c.requires.strip() and str(c.section).endswith("sept")][:3]
    needy = next(c for c in cards if c.requires.strip() and str(c.section).endswith(("sept", "combat")))
    deck = Deck()
    for card in plain:
        deck.add(card.name, 1)
    pool = CountingPool(db)
    check_deck(deck, pool)
    assert pool.asked == 0
    deck.add(needy.name, 1)
    with_needs = check_deck(deck, pool)
    assert pool.asked == 1
    # Same verdict as a check that reads the words up front (the database itself, which always can).
    assert [r.code for r in with_needs.results] == [r.code for r in check_deck(deck, db).results]
    db.close()

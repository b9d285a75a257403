"""Demo cards are for trying the app: once real card data is imported, no format accepts them."""

from __future__ import annotations

from pathlib import Path

from carddb.db import CardDatabase
from carddb.demo import (
    DEMO_SET,
    demo_cards_barred,
    demo_deck_path,
    ensure_demo_cards,
    has_demo_cards,
    remove_demo_cards,
)
from carddb.importing import import_path
from carddb.search import search
from deckbuilder.deckfiles import read_deck
from deckbuilder.legality import DEMO_CARD, available_formats, check_deck


def _import_real_card(db: CardDatabase, tmp_path: Path) -> None:
    own = tmp_path / "real.txt"
    own.write_text("Name\tExpansion\tType\nMy Gift\tLimited\tGift\n", encoding="utf-8")
    import_path(db, own)
    db.invalidate_caches()


def test_the_demo_deck_is_legal_on_the_demo_pool_but_not_in_any_format_once_real_cards_are_in(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    ensure_demo_cards(tmp_db)
    deck = read_deck(demo_deck_path(), tmp_db).deck
    assert check_deck(deck, tmp_db).is_legal
    _import_real_card(tmp_db, tmp_path)
    for fmt in available_formats():
        report = check_deck(deck, tmp_db, fmt)
        assert not report.is_legal, fmt.name
        demo_errors = [r for r in report.errors if r.code == DEMO_CARD]
        assert len(demo_errors) == 1  # one error naming them all, not one line per card
        flagged = set(demo_errors[0].cards)
        assert "Ashen Howler" in flagged
        assert len(flagged) == len({e.key for e in deck.entries})


def test_the_decision_is_one_rule_about_the_sets_in_the_pool() -> None:
    assert not demo_cards_barred([DEMO_SET])
    assert not demo_cards_barred([])
    assert demo_cards_barred([DEMO_SET, "Limited"])


def test_removing_the_demo_cards_keeps_the_real_ones_and_empties_demo_search_results(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    ensure_demo_cards(tmp_db)
    _import_real_card(tmp_db, tmp_path)
    assert has_demo_cards(tmp_db)
    demo_count = tmp_db.card_count() - 1
    assert remove_demo_cards(tmp_db) == demo_count
    assert not has_demo_cards(tmp_db)
    assert tmp_db.names() == ["My Gift"]
    assert tmp_db.lookup("Ashen Howler") is None
    assert [row.name for row in search(tmp_db, "howler")] == []
    assert [row.name for row in search(tmp_db, "gift")] == ["My Gift"]

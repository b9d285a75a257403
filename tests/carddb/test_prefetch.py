"""Looking a whole deck up at once: the same cards as one by one, in two queries instead of two per card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.demo import demo_card_data_path
from carddb.importing import import_path
from carddb.normalize import normalize_name
from deckbuilder.deck import Deck
from deckbuilder.legality.engine import check_deck


@pytest.fixture(scope="module")
def demo_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("prefetch") / "cards.sqlite"
    with CardDatabase(path) as db:
        import_path(db, demo_card_data_path())
    yield path


def _card_selects(db: CardDatabase) -> list[str]:
    statements: list[str] = []
    db.reader.set_trace_callback(statements.append)
    return statements


def test_prefetched_cards_equal_the_ones_looked_up_one_by_one(demo_path: Path) -> None:
    with CardDatabase(demo_path) as db:
        names = db.names()[:40]
        one_by_one = [db.lookup(name) for name in names]
    with CardDatabase(demo_path) as fresh:
        fresh.prefetch(normalize_name(n) for n in [*names, "No Such Card", "Ünïcode \ud800 name"])
        statements = _card_selects(fresh)
        assert [fresh.lookup(name) for name in names] == one_by_one
        assert statements == []  # every card came from the prefetch
        assert fresh.lookup("No Such Card") is None


def test_checking_a_deck_reads_its_cards_in_a_few_queries(demo_path: Path) -> None:
    with CardDatabase(demo_path) as db:
        deck = Deck()
        for name in db.names()[:30]:
            deck.add(name, 1)
    with CardDatabase(demo_path) as fresh:
        statements = _card_selects(fresh)
        report = check_deck(deck, fresh)
        card_reads = [s for s in statements if "FROM card " in s and "norm_name" in s]
        # Two per card before: a player's 300-card deck paid 600 round trips on every check of a fresh process.
        assert len(card_reads) <= 2, card_reads
        assert sum(e.count for e in deck.entries) == 30
        assert report.figures


def test_the_prefetch_answers_what_lookup_answers_for_each_name_it_knows(demo_path: Path) -> None:
    # The check reads a deck's cards from this answer instead of calling lookup per card: it must be lookup's.
    with CardDatabase(demo_path) as db:
        names = db.names()[:10]
        keys = [normalize_name(n) for n in [*names, names[0], "No Such Card"]]
        answer = db.prefetch(keys)
        assert list(answer) == [normalize_name(n) for n in names]
        assert all(answer[normalize_name(n)] is db.lookup(n) for n in names)
        assert db.lookup("No Such Card") is None
        # A name already asked and not found is known to be no card: the answer says so as lookup would.
        assert db.prefetch([normalize_name("No Such Card")]) == {normalize_name("No Such Card"): None}

"""`in:decks`: the cards any deck of the player's library holds (given as DeckTerms.library), in SQL and in memory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.normalize import normalize_name
from carddb.query import Flag, Not, uses_deck, uses_library
from carddb.search import DeckTerms, count_matches, parse_query, search
from tests.carddb.test_search import NAMES, fill_database

ORDERED = sorted(NAMES, key=str.casefold)


@pytest.fixture(scope="module")
def cards_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardDatabase]:
    db = CardDatabase(Path(tmp_path_factory.mktemp("libraryterm")) / "cards.sqlite")
    fill_database(db)
    yield db
    db.close()


def names(db: CardDatabase, query: str, terms: DeckTerms | None = None) -> set[str]:
    return {row.name for row in search(db, query, deck=terms)}


def test_in_decks_finds_the_library_cards_and_minus_the_others(cards_db: CardDatabase) -> None:
    terms = DeckTerms(cards=frozenset({normalize_name(ORDERED[0])}), library=frozenset(
        normalize_name(n) for n in (ORDERED[2], ORDERED[4], "No Such Card")))  # fmt: skip
    assert names(cards_db, "in:decks", terms) == {ORDERED[2], ORDERED[4]}
    assert names(cards_db, "-in:decks", terms) == set(NAMES) - {ORDERED[2], ORDERED[4]}
    assert count_matches(cards_db, "in:decks -in:deck", terms) == 2
    assert names(cards_db, "in:decks") == set()  # no library given: no card is in it


def test_in_decks_is_a_library_term_not_a_deck_term() -> None:
    query = parse_query("t:gift in:DECKS")
    assert uses_library(query) and not uses_deck(query)
    assert parse_query("-in:decks") == Not(Flag("in_library"))
    assert not uses_library(parse_query("in:deck"))


def test_another_game_searched_in_memory_reads_the_library_too() -> None:
    from deckbuilder.games.loader import load_game
    from deckbuilder.games.search import search_cards

    game = load_game("warrift")
    from deckbuilder.games.cards import pool_for

    cards = pool_for(None, game)[0].cards()
    chosen = cards[0]
    found = search_cards(game, cards, "in:decks", DeckTerms(library=frozenset({chosen.norm_name})))
    assert [card.name for card in found] == [chosen.name]

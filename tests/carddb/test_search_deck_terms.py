"""The deck and collection terms of the query language: `in:deck`, `is:owned`, `own>=N`, `is:missing`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carddb.db import CardDatabase
from carddb.normalize import normalize_name
from carddb.query import Flag, Not, uses_deck
from carddb.search import DeckTerms, QuerySyntaxError, count_matches, parse_query, search
from deckbuilder.collection import Collection, deck_terms
from deckbuilder.deck import Deck
from tests.carddb.test_search import NAMES, fill_database

SHARED_DB = settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
ORDERED = sorted(NAMES, key=str.casefold)
OWNED = {ORDERED[0]: 2, ORDERED[3]: 1, ORDERED[5]: 4}


@pytest.fixture(scope="module")
def cards_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardDatabase]:
    """The search fixture cards, and a collection holding three of them."""
    db = CardDatabase(Path(tmp_path_factory.mktemp("deckterms")) / "cards.sqlite")
    fill_database(db)
    Collection(db).set_counts((name, None, count) for name, count in OWNED.items())
    yield db
    db.close()


def _names(db: CardDatabase, query: str, deck: DeckTerms | None = None) -> set[str]:
    return {row.name for row in search(db, query, deck=deck)}


def _deck(*rows: tuple[str, int]) -> Deck:
    deck = Deck()
    for name, count in rows:
        deck.add(name, count)
    return deck


def test_in_deck_finds_exactly_the_decks_cards_and_minus_finds_the_rest(cards_db: CardDatabase) -> None:
    deck = _deck((ORDERED[1], 3), (ORDERED[3].upper(), 1), (ORDERED[7], 2), ("No Such Card", 1))
    terms = deck_terms(deck, Collection(cards_db).owned_map())
    assert _names(cards_db, "in:deck", terms) == {ORDERED[1], ORDERED[3], ORDERED[7]}
    assert _names(cards_db, "-in:deck", terms) == NAMES - {ORDERED[1], ORDERED[3], ORDERED[7]}
    assert count_matches(cards_db, "in:deck", terms) == 3
    assert count_matches(cards_db, "IN:Deck", terms) == 3  # field names and words are case-insensitive
    assert _names(cards_db, "in:deck") == set()  # no deck given: no card is in it


def test_owned_and_copies_owned_read_the_collection(cards_db: CardDatabase) -> None:
    assert _names(cards_db, "is:owned") == set(OWNED)
    assert _names(cards_db, "-is:owned") == NAMES - set(OWNED)
    assert _names(cards_db, "own>=2") == {ORDERED[0], ORDERED[5]}
    assert _names(cards_db, "own=0") == NAMES - set(OWNED)
    assert _names(cards_db, "own:1") == {ORDERED[3]}
    assert count_matches(cards_db, "own>3") == 1


def test_missing_means_the_deck_uses_more_copies_than_are_owned(cards_db: CardDatabase) -> None:
    # Two owned of the first card and the deck plays two: not missing; one owned of the fourth, three played: missing.
    deck = _deck((ORDERED[0], 2), (ORDERED[3], 3), (ORDERED[9], 1))
    terms = deck_terms(deck, Collection(cards_db).owned_map())
    assert _names(cards_db, "is:missing", terms) == {ORDERED[3], ORDERED[9]}
    assert _names(cards_db, "in:deck -is:missing", terms) == {ORDERED[0]}
    assert _names(cards_db, "is:missing OR is:owned", terms) == {ORDERED[3], ORDERED[9], *OWNED}


@pytest.mark.parametrize(
    ("query", "position", "said"),
    [
        ("in:dek", 3, 'expected deck or decks after "in:"'),
        ("is:", 3, 'expected owned or missing after "is:"'),
        ("x is:ownd", 5, 'expected owned or missing after "is:"'),
        ("in>deck", 0, '"in" takes ":" not ">"'),
        ("own>lots", 4, 'expected a number after "own>"'),
    ],
)
def test_a_misspelt_deck_term_points_at_its_place(query: str, position: int, said: str) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        parse_query(query)
    assert caught.value.position == position
    assert said in str(caught.value)


def test_only_the_deck_terms_need_a_deck() -> None:
    assert uses_deck(parse_query("t:gift (in:deck OR renown>3)"))
    assert uses_deck(parse_query("-is:missing"))
    assert not uses_deck(parse_query("is:owned own>=2 in"))
    assert parse_query("-in:deck") == Not(Flag("in_deck"))


ATOMS = st.sampled_from(
    ["in:deck", "is:owned", "is:missing", "own>=1", "own=0", "own<3", "t:gift", "renown>=4", "elder"]
)
VALID_QUERIES = st.recursive(
    ATOMS,
    lambda children: st.one_of(
        children.map(lambda q: f"-({q})"),
        st.tuples(children, children).map(lambda p: f"({p[0]}) ({p[1]})"),
        st.tuples(children, children).map(lambda p: f"({p[0]}) OR ({p[1]})"),
    ),
    max_leaves=5,
)
DECKS = st.builds(
    DeckTerms,
    cards=st.frozensets(st.sampled_from(ORDERED).map(normalize_name) | st.text(max_size=8), max_size=6),
    missing=st.frozensets(st.sampled_from(ORDERED).map(normalize_name) | st.text(max_size=8), max_size=4),
)


def _ids(db: CardDatabase, query: str, deck: DeckTerms) -> set[int]:
    return {row.id for row in search(db, query, deck=deck)}


@SHARED_DB
@given(left=VALID_QUERIES, right=VALID_QUERIES, deck=DECKS)
def test_deck_terms_follow_set_algebra(
    cards_db: CardDatabase, left: str, right: str, deck: DeckTerms
) -> None:
    every = _ids(cards_db, "", deck)
    a, b = _ids(cards_db, left, deck), _ids(cards_db, right, deck)
    assert _ids(cards_db, f"-({left})", deck) == every - a
    assert _ids(cards_db, f"({left}) ({right})", deck) == a & b
    assert _ids(cards_db, f"({left}) OR ({right})", deck) == a | b
    assert count_matches(cards_db, left, deck) == len(a)


@SHARED_DB
@given(deck=DECKS)
def test_in_deck_is_exactly_the_named_cards_whatever_else_the_deck_names(
    cards_db: CardDatabase, deck: DeckTerms
) -> None:
    assert _names(cards_db, "in:deck", deck) == {n for n in NAMES if normalize_name(n) in deck.cards}
    assert _names(cards_db, "is:missing", deck) == {n for n in NAMES if normalize_name(n) in deck.missing}


DECK_WORDS = st.sampled_from(
    ["in:", "is:", "own", ">=", ":", "deck", "owned", "missing", "-", " ", "(", ")", '"']
)


@SHARED_DB
@given(
    text=st.lists(st.one_of(DECK_WORDS, st.text(max_size=3)), max_size=16).map("".join),
    deck=DECKS,
)
def test_any_text_with_deck_words_searches_or_points_at_its_error(
    cards_db: CardDatabase, text: str, deck: DeckTerms
) -> None:
    try:
        rows = search(cards_db, text, limit=5, deck=deck)
    except QuerySyntaxError as err:
        assert 0 <= err.position <= len(text)
        return
    assert {r.name for r in rows} <= NAMES

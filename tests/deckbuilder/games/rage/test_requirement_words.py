"""Requirements are judged by the words the pool's Characters carry, not a fixed list; unknown words are named once."""

from __future__ import annotations

from math import comb
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from carddb.traits import trait_vocabulary
from deckbuilder.deck import Deck
from deckbuilder.games.check import check
from deckbuilder.games.rage.odds import combat_hand_odds
from deckbuilder.i18n import render
from tests.deckbuilder.legality.pool import InMemoryPool, card, character, legal_deck, make_pool

MASTER = character("Quiet Palm", 3, keywords="Garou - Stargazers - Kailindo - Homid")
PLAIN = character("Loud Paw", 3, keywords="Garou - Fianna - Ahroun - Homid")
MANTIS = card("Mantis Step", "Combat Action", requires="Kailindo")
TIGER = card("Leaping Tiger", "Combat Action", requires="Kailindo - Not bluffed")
MOON = card("Moon Waltz", "Combat Action", requires="Moonwalker")
MOON_TOO = card("Moon Spin", "Combat Action", requires="Moonwalker")
SWING = card("Wide Swing", "Combat Action", rage=1)


class VocabularyPool(InMemoryPool):
    """An in-memory pool that, like the card database, offers its Characters' keywords as requirement words."""

    def trait_vocabulary(self) -> frozenset[str]:
        return trait_vocabulary(k for c in self.cards.values() if c.section is not None for k in c.keywords)


def _codes(deck: Deck, pool: InMemoryPool) -> list[tuple[str, tuple[str, ...]]]:
    return [(r.code, r.cards) for r in check(deck, pool).results]


def test_a_keyword_only_a_character_of_the_pool_carries_is_judged() -> None:
    pool = VocabularyPool([*make_pool(MASTER, MANTIS, TIGER).cards.values()])
    deck = legal_deck()
    deck.add(MANTIS.name, 2)
    deck.add(TIGER.name, 2)
    unmet = [cards for code, cards in _codes(deck, pool) if code == "REQUIREMENT_UNMET"]
    assert sorted(unmet) == [(TIGER.name,), (MANTIS.name,)]
    deck.add(MASTER.name)
    assert not [code for code, _ in _codes(deck, pool) if code == "REQUIREMENT_UNMET"]


def test_a_word_no_card_carries_is_reported_once_as_unknown_in_both_languages() -> None:
    pool = VocabularyPool([*make_pool(MOON, MOON_TOO).cards.values()])
    deck = legal_deck()
    deck.add(MOON.name, 2)
    deck.add(MOON_TOO.name, 2)
    report = check(deck, pool)
    unknown = [r for r in report.results if r.code == "REQUIREMENT_UNKNOWN"]
    assert len(unknown) == 1
    assert unknown[0].severity.value == "info"
    assert set(unknown[0].cards) == {MOON.name, MOON_TOO.name}
    assert "Moonwalker" in unknown[0].message and report.is_legal
    assert not [r for r in report.results if r.code == "REQUIREMENT_UNMET"]
    translated = render(unknown[0], "pt_BR")
    assert "Moonwalker" in translated and translated != unknown[0].message


def test_combat_odds_count_only_the_cards_a_character_meets() -> None:
    pool = VocabularyPool([PLAIN, MASTER, MANTIS, SWING])
    deck = Deck(name="No master")
    deck.add(PLAIN.name)
    deck.add(MANTIS.name, 18)
    deck.add(SWING.name, 2)
    odds = combat_hand_odds(deck, pool)
    (only,) = odds.per_character
    # Keep the one playable card or redraw all five: ten cards seen, 2 of 20 playable.
    assert only.probability == pytest.approx(1 - comb(18, 10) / comb(20, 10))


@pytest.fixture(scope="module")
def real_db(real_pool_copy, tmp_path_factory: pytest.TempPathFactory) -> CardDatabase:  # type: ignore[no-untyped-def]
    return CardDatabase(real_pool_copy(tmp_path_factory.mktemp("real") / "db"))


KAILINDO_CARDS = (
    "Nerve Cluster",
    "Forceful Wind",
    "Mantis Form",
    "Evade and Strike",
    "Flying Tiger",
    "Passive Aggression",
)


@pytest.mark.realpool
def test_real_kailindo_cards_need_a_kailindo_character(real_db: CardDatabase, shared_dir: Path) -> None:
    deck = Deck(name="No Kailindo")
    for line in (shared_dir / "data" / "decks" / "gaia-example.txt").read_text(encoding="utf-8").splitlines():
        if "\t" in line:
            count, name = line.split("\t", 1)
            deck.add(name.strip(), int(count))
    for name in KAILINDO_CARDS:
        deck.add(name, 1)
    report = check(deck, real_db)
    unmet = {r.cards[0] for r in report.results if r.code == "REQUIREMENT_UNMET"}
    assert set(KAILINDO_CARDS) <= unmet
    deck.add("Morihei High-Mountain")
    report = check(deck, real_db)
    unmet = {r.cards[0] for r in report.results if r.code == "REQUIREMENT_UNMET"}
    assert not set(KAILINDO_CARDS) & unmet

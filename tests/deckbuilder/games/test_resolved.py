"""One resolve step per check: the report carries the deck resolved to its cards, and the statistics read it."""

from __future__ import annotations

from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.cards import shipped_pool
from deckbuilder.games.charts import deck_charts, deck_counts, statistics
from deckbuilder.games.check import check, resolve
from deckbuilder.games.loader import load_game, shipped_game
from deckbuilder.games.resolved import ResolvedDeck
from deckbuilder.legality import check_deck
from tests.deckbuilder.legality.pool import counted, legal_deck, make_pool
from tests.deckbuilder.legality.test_trust import whippoorwill


def _reprint_pool() -> CardPool:
    """Whippoorwill and its reprint `Whippoorwill (2)`, each in its own set."""
    return make_pool(
        whippoorwill("Whippoorwill", ("NewEngland-Gauntlet",)),
        whippoorwill("Whippoorwill (2)", ("Fan-madePromo",)),
    )


def test_a_rage_report_carries_the_deck_resolved_with_its_reprints_folded() -> None:
    pool = _reprint_pool()
    deck = legal_deck()
    deck.add("Whippoorwill", 2)
    deck.add("Whippoorwill (2)", 1)
    deck.add("No Such Card", 1)
    report = check_deck(deck, pool)
    assert report.resolved is not None and report.resolved.game == "rage"
    (folded,) = [c for c in report.resolved if c.name == "Whippoorwill"]
    assert folded.count == 3 and folded.pile == "sept"
    assert set(folded.set_names) == {"Fan-madePromo"}  # the reprint's printing is the one the deck names
    assert [c.name for c in report.resolved.unknown()] == ["No Such Card"]
    assert sum(c.copies for c in report.resolved.in_pile("sept")) == counted(report).sept
    assert (
        resolve(deck, pool).cards == report.resolved.cards
    )  # the same resolution, with or without a verdict


def test_rage_statistics_count_a_reprint_with_the_card_it_reprints() -> None:
    pool = make_pool(
        whippoorwill("Whippoorwill", ("NewEngland-Gauntlet",)), whippoorwill("Whippoorwill (2)", ("Promo",))
    )
    deck = legal_deck()
    deck.add("Whippoorwill", 2)
    deck.add("Whippoorwill (2)", 1)
    rage = shipped_game("rage")

    def counts(source: Deck | ResolvedDeck) -> tuple[dict[str, int], dict[str, int]]:
        resolved = source if isinstance(source, ResolvedDeck) else resolve(source, pool, rage)
        by_type = deck_charts(rage, resolved)[0].counts()
        return dict(deck_counts(rage, resolved).piles), by_type

    before_piles, before_types = counts(legal_deck())
    piles, types = counts(check_deck(deck, pool).resolved)
    assert piles["sept"] == before_piles["sept"] + 3
    assert types["Event"] == before_types.get("Event", 0) + 3
    assert (piles, types) == counts(deck)  # resolved here the same way when no report is at hand


def test_another_games_report_carries_its_resolved_deck_and_its_charts_read_it() -> None:
    game = load_game("lithic-rage")
    pool = shipped_pool(game)
    deck = Deck(game=game.name)
    for name, count in (("River Folk", 1), ("Bone Shaman", 1), ("Obsidian Spear", 2), ("Nope", 1)):
        deck.add(name, count)
    report = check(deck, pool)
    assert report.resolved is not None
    assert {c.name: c.pile for c in report.resolved} == {
        "River Folk": "ancestry",
        "Bone Shaman": "class",
        "Obsidian Spear": "actions",
        "Nope": None,
    }
    assert dict(report.settings) == {"cost_limit": 12}
    assert statistics(game, report.resolved) == statistics(game, deck, pool)


def test_a_report_keeps_each_entrys_card_as_the_pool_answered_its_name() -> None:
    pool = _reprint_pool()
    deck = legal_deck()
    deck.add("Whippoorwill (2)", 1)
    deck.add("No Such Card", 1)
    resolved = check_deck(deck, pool).resolved
    assert resolved is not None
    # The reprint's entry as itself (the deck view shows it so), folded only in the resolved cards.
    assert resolved.entry_cards["whippoorwill (2)"] is pool.lookup("Whippoorwill (2)")
    assert resolved.entry_cards["no such card"] is None
    assert set(resolved.entry_cards) == {e.key for e in (*deck.entries, *deck.starting)}


def test_another_games_report_keeps_each_entrys_card_too() -> None:
    game = load_game("lithic-rage")
    pool = shipped_pool(game)
    deck = Deck(game=game.name)
    deck.add("River Folk", 1)
    deck.add("Nope", 1)
    resolved = check(deck, pool).resolved
    assert resolved is not None
    assert resolved.entry_cards == {"river folk": pool.lookup("River Folk"), "nope": None}

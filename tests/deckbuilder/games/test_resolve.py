"""games/resolve.py, the one place names become cards: reprint folding is the game's option, not Rage's alone."""

from __future__ import annotations

from typing import Any

from carddb.model import CardInfo
from deckbuilder.deck import Deck
from deckbuilder.games.cards import GameCard, GameCardPool
from deckbuilder.games.check import check
from deckbuilder.games.description import game_from_data
from deckbuilder.games.resolve import resolve_deck

FORMAT = {"name": "std", "rules": [{"kind": "unknown_card"}, {"kind": "copies_at_most", "max": 2}]}


def _game(fold: bool) -> Any:
    data = {
        "name": "reprint-duel",
        "fields": [{"name": "name"}, {"name": "type"}, {"name": "cost", "kind": "number"}],
        "piles": [{"id": "deck", "types": ["Unit"]}],
        "formats": [FORMAT],
        "fold_reprints": fold,
    }
    return game_from_data(data, "test")


def _pool() -> GameCardPool:
    return GameCardPool(
        "reprint-duel",
        [
            GameCard("reprint-duel", "Brawler", "Unit", {"cost": 1}),
            GameCard("reprint-duel", "Brawler (2)", "Unit", {"cost": 1}),  # the same card, printed again
            GameCard("reprint-duel", "Knight", "Unit", {"cost": 2}),
            GameCard("reprint-duel", "Knight (2)", "Unit", {"cost": 3}),  # another card: its cost differs
        ],
    )


def _deck() -> Deck:
    deck = Deck(game="reprint-duel")
    for name in ("Brawler", "Brawler (2)", "Knight", "Knight (2)"):
        deck.add(name, 2)
    return deck


def test_a_game_that_folds_reprints_counts_a_reprints_copies_with_its_card() -> None:
    game = _game(fold=True)
    resolved = resolve_deck(_deck(), _pool(), game)
    assert [(c.name, c.count) for c in resolved] == [("Brawler", 4), ("Knight", 2), ("Knight (2)", 2)]
    report = check(_deck(), _pool(), game)
    assert [r.message for r in report.errors] == ["'Brawler' has 4 copies; at most 2 are allowed"]


def test_a_game_that_does_not_fold_reprints_keeps_them_apart() -> None:
    game = _game(fold=False)
    resolved = resolve_deck(_deck(), _pool(), game)
    assert [(c.name, c.count) for c in resolved] == [
        ("Brawler", 2), ("Brawler (2)", 2), ("Knight", 2), ("Knight (2)", 2)
    ]  # fmt: skip
    assert check(_deck(), _pool(), game).is_legal


def test_a_retired_card_of_any_game_is_told_apart_with_its_successor() -> None:
    game = _game(fold=False)
    retired = CardInfo(
        name="Old Brawler", type="Unit", game="reprint-duel", retired=True, replaced_by="Brawler"
    )
    pool = GameCardPool("reprint-duel", [*_pool().all_cards(), retired])
    deck = Deck(game="reprint-duel")
    deck.add("Old Brawler", 1)
    deck.add("Brawler", 1)
    resolved = resolve_deck(deck, pool, game)
    assert [c.name for c in resolved.unknown()] == ["Old Brawler"]  # no longer in the card data
    assert resolved.retired == {"old brawler": "Brawler"}
    (error,) = check(deck, pool, game).errors
    assert (error.code, error.message) == (
        "RETIRED_CARD",
        "'Old Brawler' is no longer in the card data (retired by the last import) — did you mean 'Brawler'?",
    )


def test_a_card_counted_with_its_reprint_in_one_deck_keeps_its_own_count_in_the_next() -> None:
    # The same game and pool across decks, as the app checks edit after edit: what one deck adds up for a card
    # (its reprint's copies, its starting copies) never shows in another deck listing that card alone.
    game, pool = _game(fold=True), _pool()
    alone = Deck(game="reprint-duel")
    alone.add("Brawler", 2)
    both = _deck()
    both.add("Brawler", 1, starting=True)
    counted = [(c.name, c.count, c.starting, c.copies) for c in resolve_deck(alone, pool, game)]
    assert counted == [("Brawler", 2, 0, 2)]
    counted = [(c.name, c.count, c.starting, c.copies) for c in resolve_deck(both, pool, game)]
    assert counted[0] == ("Brawler", 4, 1, 5)
    counted = [(c.name, c.count, c.starting, c.copies) for c in resolve_deck(alone, pool, game)]
    assert counted == [("Brawler", 2, 0, 2)]
    assert [(c.name, c.count) for c in resolve_deck(_deck(), pool, game)] == [
        ("Brawler", 4), ("Knight", 2), ("Knight (2)", 2)
    ]  # fmt: skip

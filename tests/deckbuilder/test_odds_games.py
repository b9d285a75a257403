"""Draw odds for every game whose description says how hands are drawn (`draws`), worked out apart with math.comb."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from deckbuilder.deckfiles import read_deck
from deckbuilder.games.cards import shipped_pool
from deckbuilder.games.description import game_from_data
from deckbuilder.games.loader import load_game, user_games_dir
from deckbuilder.odds import OddsUnavailable, SampleHand, card_by_turn, deck_piles, type_by_turn
from tests.deckbuilder.cli.helpers import run

LITHIC_DECK = """# game: lithic-rage
Ancestry:
1\tRiver Folk
Class:
1\tBone Shaman
Actions:
3\tSling Stone
2\tHide Shield
2\tStalk
2\tKnapped Edge
1\tBone Club
"""


def _lithic(tmp_path: Path) -> Path:
    path = tmp_path / "lithic.txt"
    path.write_text(LITHIC_DECK, encoding="utf-8")
    return path


def test_lithic_rage_odds_read_the_hand_of_4_from_its_description(tmp_path: Path) -> None:
    game = load_game("lithic-rage")
    deck = read_deck(_lithic(tmp_path)).deck
    piles = deck_piles(deck, shipped_pool(game), game)
    assert len(piles.pile("actions")) == 10 and piles.pile("ancestry") == ()
    # Hand of 4 (Player Turn), drawn back to 4 each turn: 4N seen of 10 Actions, 3 Sling Stones among them.
    for turn, copies in ((1, 1), (1, 2), (2, 2), (2, 3)):
        expected = sum(comb(3, k) * comb(7, 4 * turn - k) for k in range(copies, 4)) / comb(10, 4 * turn)
        odds = card_by_turn(piles, "sling stone", turn, copies)
        assert odds.probability == pytest.approx(expected)
        assert "until their hand has 4" in odds.source
    assert type_by_turn(piles, "actions", "Action", 1).probability == 1.0
    hand = SampleHand.deal(piles, seed=9)
    assert len(hand.hand("actions")) == 4 and set(hand.hands) == {"actions"}


def test_ragedeck_odds_on_lithic_rage_and_warrift_decks(tmp_path: Path) -> None:
    code, out, err = run("odds", str(_lithic(tmp_path)), "--card", "Hide Shield", "--json", "--seed", "1")
    assert code == 0, err
    document = json.loads(out)
    assert document["game"] == "lithic-rage"
    assert len(document["sample_hand"]["actions"]) == 4
    first = document["odds"][0]
    assert first["probability"] == pytest.approx(1 - comb(8, 4) / comb(10, 4), abs=1e-6)
    code, out, err = run("odds", str(_lithic(tmp_path)), "--card", "Hide Shield")
    assert code == 0, err
    assert "rule: lithic-rage-manual.txt" in out
    warrift = tmp_path / "warrift.txt"
    warrift.write_text(
        "# game: warrift\nStarting deck:\n7\tApprentice Mage\n3\tRecruit Warrior\n", encoding="utf-8"
    )
    code, out, err = run("odds", str(warrift), "--json", "--seed", "2")
    assert code == 0, err
    assert len(json.loads(out)["sample_hand"]["starting"]) == 5


def test_a_game_without_draws_says_what_its_description_lacks(tmp_path: Path) -> None:
    game = game_from_data(
        {
            "name": "no-hands",
            "fields": [{"name": "name"}, {"name": "type"}],
            "piles": [{"id": "deck", "label": "Deck", "types": ["Card"]}],
            "formats": [{"name": "open", "rules": []}],
        },
        "no-hands",
    )
    deck = read_deck(_lithic(tmp_path)).deck
    with pytest.raises(OddsUnavailable, match='gives no "draws"'):
        deck_piles(deck, shipped_pool(load_game("lithic-rage")), game)
    folder = user_games_dir() / "no-hands"
    folder.mkdir(parents=True)
    (folder / "game.json").write_text(
        json.dumps(
            {
                "name": "no-hands",
                "fields": [{"name": "name"}, {"name": "type"}],
                "piles": [{"id": "deck", "label": "Deck", "types": ["Card"]}],
                "formats": [{"name": "open", "rules": []}],
            }
        ),
        encoding="utf-8",
    )
    path = tmp_path / "plain.txt"
    path.write_text("# game: no-hands\n2\tSomething\n", encoding="utf-8")
    code, out, err = run("odds", str(path))
    assert code == 2
    assert 'does not say how hands are drawn (its "draws"' in err
    assert out == ""


def test_a_draw_must_name_a_pile_and_a_hand_size() -> None:
    base = {
        "name": "bad-hands",
        "fields": [{"name": "name"}, {"name": "type"}],
        "piles": [{"id": "deck", "types": ["Card"]}],
        "formats": [{"name": "open", "rules": []}],
    }
    from deckbuilder.games.description import GameError

    with pytest.raises(GameError, match=r"draws\[0\]\.pile names no pile"):
        game_from_data({**base, "draws": [{"pile": "hand", "hand": 5}]}, "bad")
    with pytest.raises(GameError, match=r"draws\[0\]\.hand must be a whole number"):
        game_from_data({**base, "draws": [{"pile": "deck", "hand": 0}]}, "bad")
    game = game_from_data({**base, "draws": [{"pile": "deck", "hand": 6, "refill": 2}]}, "ok")
    assert [game.draws[0].seen_by_turn(t) for t in (1, 2, 3)] == [6, 8, 10]
    with pytest.raises(GameError, match=r"draws\[0\]\.played must be a whole number from 0 to the hand size"):
        game_from_data({**base, "draws": [{"pile": "deck", "hand": 4, "played": 5}]}, "bad")
    # A card played each turn and drawn back before the next redraw is one more seen per later turn.
    game = game_from_data({**base, "draws": [{"pile": "deck", "hand": 6, "refill": 2, "played": 1}]}, "ok")
    assert [game.draws[0].seen_by_turn(t) for t in (1, 2, 3)] == [6, 9, 12]

"""Draw odds follow the deck's format (a format may give its own draws), show an opening-hand figure, and answer 0 %
for a card the deck's draw piles lack (a sideboard is no draw pile)."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path
from typing import Any

from carddb.demo import demo_deck_path
from deckbuilder.context import deck_context
from deckbuilder.deckfiles import parse_deck_text, read_deck
from deckbuilder.odds import deck_piles
from tests.deckbuilder import sideboard_game
from tests.deckbuilder.cli.helpers import demo_database, run


def _odds(*args: str) -> dict[str, Any]:
    code, out, err = run("odds", "--json", "--trials", "1000", *args)
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    return document


def _params(odds: dict[str, Any]) -> dict[str, str]:
    return dict(odds["params"]) if isinstance(odds["params"], dict) else {k: v for k, v in odds["params"]}


def test_the_1995_format_draws_the_first_combat_hand_at_the_combat_phase(tmp_path: Path) -> None:
    db = demo_database(tmp_path / "cards.sqlite")
    revised = json.loads(demo_deck_path().read_text(encoding="utf-8"))
    old = tmp_path / "old.json"
    old.write_text(json.dumps(revised | {"format": "original-1995"}), encoding="utf-8")
    fights = {}
    for name, path in (("revised", demo_deck_path()), ("1995", old)):
        found = _odds(str(path), "--db", str(db), "--turns", "1")["odds"]
        fights[name] = [o for o in found if o["code"] == "CHARACTER_CAN_FIGHT"]
        assert fights[name]
    # Revised: the opening hand and one redraw by the first Combat Phase (10 cards seen); 1995: the hand of 5 only.
    assert {_params(o)["seen"] for o in fights["revised"]} == {"10"}
    assert {_params(o)["seen"] for o in fights["1995"]} == {"5"}
    for before, after in zip(fights["revised"], fights["1995"], strict=True):
        assert after["probability"] < before["probability"]
        pile, useful = int(_params(after)["pile"]), int(_params(after)["playable"])
        exact = 1 - comb(pile - useful, 5) / comb(pile, 5)  # one hand of 5, no redraw
        assert abs(after["probability"] - exact) < 1e-6
    assert any("1995 rules" in o["source"] for o in fights["1995"])


def test_a_formats_own_draws_replace_the_games(tmp_path: Path, relic_raiders: Path) -> None:
    deck = parse_deck_text(sideboard_game.LEGAL_DECK).deck
    context = deck_context(deck, None)
    assert deck_piles(deck, context.pool, context.game).draw("deck").hand == 3  # the game's: standard
    deck.format = "skirmish"
    assert deck_piles(deck, context.pool, context.game).draw("deck").hand == 5


def test_odds_show_the_opening_hand_and_0_percent_for_a_card_the_deck_lacks(
    tmp_path: Path, relic_raiders: Path
) -> None:
    db = demo_database(tmp_path / "cards.sqlite")
    path = tmp_path / "relic.txt"
    path.write_text(sideboard_game.LEGAL_DECK, encoding="utf-8")
    found = _odds(
        str(path), "--db", str(db), "--card", "Tide Raider", "--card", "Ember Scout", "--turns", "2"
    )
    by_code: dict[str, list[dict[str, Any]]] = {}
    for odds in found["odds"]:
        by_code.setdefault(odds["code"], []).append(odds)
    [opening] = by_code["OPENING_HAND"]
    assert _params(opening)["seen"] == "3" and _params(opening)["hits"] == "2"
    assert (
        abs(opening["probability"] - (1 - comb(8, 3) / comb(10, 3))) < 1e-6
    )  # 10 deck cards, the sideboard out
    # The sideboard's Ember Scout is in no draw pile: 0 %, not a failure.
    [lacking] = by_code["NOT_IN_DECK"]
    assert lacking["probability"] == 0.0 and _params(lacking)["what"] == "Ember Scout"
    # Rage: the same figures for a card of the demo deck and one it lacks.
    rage = read_deck(demo_deck_path()).deck
    sept = next(e.name for e in rage.entries if e.zone_hint is not None and e.zone_hint.value == "sept")
    found = _odds(str(demo_deck_path()), "--db", str(db), "--card", sept, "--card", "No Such Card")
    codes = [o["code"] for o in found["odds"]]
    assert "OPENING_HAND" in codes and "NOT_IN_DECK" in codes


def test_a_format_whose_draws_name_no_pile_of_its_game_is_refused(tmp_path: Path) -> None:
    from deckbuilder.games.loader import user_formats_dir

    folder = user_formats_dir()
    folder.mkdir(parents=True, exist_ok=True)
    bad = {
        "name": "odd-draws",
        "game": "lithic-rage",
        "rules": [{"kind": "unknown_card"}],
        "draws": [{"pile": "nowhere", "hand": 4}],
    }
    (folder / "odd-draws.json").write_text(json.dumps(bad), encoding="utf-8")
    code, out, err = run("formats", "--game", "lithic-rage")
    assert code == 0 and "odd-draws" not in out
    assert "draws[0].pile names no pile of the game (nowhere)" in err

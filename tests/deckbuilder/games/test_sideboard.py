"""A game with a sideboard (a pile without `types`, as docs/GAMES.md describes it), written from the guide alone:
its sideboard is a pile of its own for the rules, the header figures and the pile totals, never the main deck's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckbuilder.deckfiles import read_deck
from deckbuilder.games.cards import shipped_pool
from deckbuilder.games.check import check, report_json, resolve
from deckbuilder.games.description import GameError, game_from_data
from deckbuilder.games.loader import load_game, user_games_dir
from tests.deckbuilder.cli.helpers import run

GAME = {
    "name": "pit-fighters",
    "title": "Pit Fighters",
    "fields": [
        {"name": "name", "column": "Name"},
        {"name": "type", "column": "Type"},
        {"name": "cost", "kind": "number", "column": "Cost", "min": 0},
    ],
    "piles": [
        {"id": "champion", "label": "Champion", "types": ["Champion"]},
        {"id": "deck", "label": "Deck", "types": ["Fighter", "Trick"]},
        {"id": "sideboard", "label": "Sideboard"},
    ],
    "header": [
        {"label": "Deck", "pile": "deck", "at_least": "pile_count"},
        {"label": "Sideboard", "pile": "sideboard", "at_most": "pile_count"},
        {"label": "Cost", "pile": "deck", "sum": "cost"},
    ],
    "formats": ["pit.json"],
    "cards": "cards.csv",
}
FORMAT = {
    "name": "pit",
    "title": "Pit rules",
    "rules": [
        {"kind": "unknown_card"},
        {"kind": "exactly_one", "pile": "champion"},
        {"kind": "pile_count", "pile": "deck", "min": 6, "max": 6},
        {"kind": "pile_count", "pile": "sideboard", "max": 3},
        {"kind": "copies_at_most", "max": 2},
        {"kind": "sum_at_most", "pile": ["champion", "deck"], "field": "cost", "bound": 12},
    ],
}
CARDS = "Name,Type,Cost\nIron Jaw,Champion,3\nBrawler,Fighter,1\nNet Thrower,Fighter,2\nFeint,Trick,1\nSand Toss,Trick,1\nShield Wall,Trick,2\n"
LEGAL = "# game: pit-fighters\n1 Iron Jaw\n2 Brawler\n2 Net Thrower\n1 Feint\n1 Sand Toss\nSideboard:\n1 Sand Toss\n2 Shield Wall\n"
ILLEGAL = "# game: pit-fighters\n1 Iron Jaw\n2 Brawler\n2 Net Thrower\n2 Feint\nSideboard:\n2 Sand Toss\n1 Shield Wall\n1 Brawler\n"


@pytest.fixture
def pit_game(tmp_path: Path) -> Path:
    folder = user_games_dir() / "pit-fighters"
    (folder / "formats").mkdir(parents=True)
    (folder / "game.json").write_text(json.dumps(GAME), encoding="utf-8")
    (folder / "formats" / "pit.json").write_text(json.dumps(FORMAT), encoding="utf-8")
    (folder / "cards.csv").write_text(CARDS, encoding="utf-8")
    (tmp_path / "legal.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "illegal.txt").write_text(ILLEGAL, encoding="utf-8")
    return tmp_path


def test_a_sideboard_is_its_own_pile_in_ragedeck_check(pit_game: Path) -> None:
    db = str(pit_game / "db.sqlite")
    code, out, _err = run("check", "--json", str(pit_game / "legal.txt"), "--db", db)
    legal = json.loads(out)["decks"][0]
    # Six cards in the deck and three beside it: the sideboard never fills the deck up.
    assert code == 0 and legal["legal"], legal["results"]
    assert legal["totals"] == {"champion": 1, "deck": 6, "sideboard": 3}
    assert legal["figures"] == {"Deck": "6 / 6+", "Sideboard": "3 (max 3)", "Cost": "8"}
    code, out, _err = run("check", "--json", str(pit_game / "illegal.txt"), "--db", db)
    illegal = json.loads(out)["decks"][0]
    found = {(r["code"], r["message"]) for r in illegal["results"]}
    assert code == 1 and found == {
        ("PILE_TOO_LARGE", "Sideboard has 4 cards; at most 3 are allowed"),
        # A copy limit counts a card's copies in the deck and the sideboard together.
        ("TOO_MANY_COPIES", "'Brawler' has 3 copies; at most 2 are allowed"),
    }
    code, out, _err = run("check", str(pit_game / "legal.txt"), "--db", db)
    assert "Deck 6 / 6+ · Sideboard 3 (max 3) · Cost 8" in out


def test_a_sideboard_is_its_own_pile_through_the_api(pit_game: Path) -> None:
    game = load_game("pit-fighters")
    pool = shipped_pool(game)
    loaded = read_deck(pit_game / "legal.txt", pool)
    report = check(loaded.deck, pool)
    assert report.is_legal, report.results
    assert {pile: count for pile, _label, count in report.piles} == {"champion": 1, "deck": 6, "sideboard": 3}
    resolved = resolve(loaded.deck, pool)
    assert resolved.pile_counts() == {"champion": 1, "deck": 6, "sideboard": 3}
    toss = resolved.card_named("sand toss")
    assert toss is not None and (toss.pile, toss.count, toss.starting) == ("deck", 1, 1)
    assert report_json(report, game)["totals"] == {"champion": 1, "deck": 6, "sideboard": 3}
    # Moving the sideboard's cards into the deck makes it too big: the check sees where each copy is.
    deck = loaded.deck
    for entry in list(deck.starting):
        deck.move_from_starting(entry.name, entry.set_name, entry.count)
    moved = check(deck, pool)
    assert [r.message for r in moved.errors] == [
        "Deck has 9 cards; at most 6 are allowed",
        # The rule's scope is two piles: the Champion's Cost and the deck's, added up.
        "Champion + Deck: Cost adds up to 16, over the limit of 12",
    ]


def test_a_rule_scope_of_several_piles_is_validated() -> None:
    for pile, problem in (
        (["champion", "bench"], "names no pile of the game ('bench')"),
        (["deck", "deck"], "names a pile twice"),
        ([], "must be a pile of the game or a non-empty list of its piles"),
    ):
        fmt = {**FORMAT, "rules": [{"kind": "pile_count", "pile": pile, "max": 3}]}
        with pytest.raises(GameError, match=problem.replace("(", r"\(").replace(")", r"\)")):
            game_from_data({**GAME, "formats": [fmt]}, "test")

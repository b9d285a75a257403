"""A diff tells a card moved between the deck and its pile without types (a sideboard, Rage's starting list) apart
from no change at all, by the pile's own label."""

from __future__ import annotations

import json
from pathlib import Path

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.context import deck_context
from deckbuilder.deckdiff import diff_decks
from deckbuilder.deckfiles import parse_deck_text, read_deck
from tests.deckbuilder import sideboard_game
from tests.deckbuilder.cli.helpers import demo_database, run

SWAPPED = sideboard_game.LEGAL_DECK.replace(
    "1 Boarding Action\nSideboard:\n2 Ember Scout", "2 Ember Scout\nSideboard:\n1 Boarding Action"
)


def test_a_sideboard_and_main_swap_is_a_change(relic_raiders: Path) -> None:
    before, after = parse_deck_text(sideboard_game.LEGAL_DECK).deck, parse_deck_text(SWAPPED).deck
    diff = diff_decks(before, after, deck_context(before, None))
    assert not diff.equal
    changes = {(p.label, c.name): (c.before, c.after) for p in diff.piles for c in p.changes}
    assert changes == {
        ("Deck", "Boarding Action"): (1, 0),
        ("Deck", "Ember Scout"): (0, 2),
        ("Sideboard", "Boarding Action"): (0, 1),
        ("Sideboard", "Ember Scout"): (2, 0),
    }


def test_the_cli_prints_the_swap_by_pile(tmp_path: Path, relic_raiders: Path) -> None:
    db = demo_database(tmp_path / "cards.sqlite")
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text(sideboard_game.LEGAL_DECK, encoding="utf-8")
    second.write_text(SWAPPED, encoding="utf-8")
    code, out, err = run("diff", str(first), str(second), "--db", str(db))
    assert code == 1, err
    assert "The decks hold the same cards." not in out
    assert "Sideboard: 2 → 1" in out and "Deck: 10 → 11" in out


def test_a_rage_card_moved_to_the_starting_list_is_a_change(tmp_path: Path) -> None:
    db = demo_database(tmp_path / "cards.sqlite")
    before = read_deck(demo_deck_path()).deck
    sept = next(e for e in before.entries if e.zone_hint is not None and e.zone_hint.value == "sept")
    after = before.copy()
    after.move_to_starting(sept.name, sept.set_name, 1)
    with CardDatabase(db) as cards:
        diff = diff_decks(before, after, deck_context(before, cards))
    changes = {(p.label, c.name): (c.before, c.after) for p in diff.piles for c in p.changes}
    assert changes[("Starting in play", sept.name)] == (0, 1)
    assert changes[("Sept", sept.name)] == (sept.count, sept.count - 1)


def test_the_json_keys_a_sideboard_by_its_own_pile(tmp_path: Path, relic_raiders: Path) -> None:
    db = demo_database(tmp_path / "cards.sqlite")
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text(sideboard_game.LEGAL_DECK, encoding="utf-8")
    second.write_text(SWAPPED, encoding="utf-8")
    code, out, err = run("diff", "--json", str(first), str(second), "--db", str(db))
    assert code == 1, err
    piles = {p["pile"]: (p["label"], p["before"], p["after"]) for p in json.loads(out)["piles"]}
    assert piles == {"leader": ("Leader", 1, 1), "deck": ("Deck", 10, 11), "sideboard": ("Sideboard", 2, 1)}


WARRIFT = "# game: warrift\nStarting deck:\n4 Recruit Warrior\n1 Apprentice Mage\nClass deck:\n4 Oathbinder\n"


def test_a_game_whose_pile_is_called_starting_keeps_its_own_label() -> None:
    # WarRift's "starting" pile takes Starter cards: it is no starting list and keeps the game's label.
    before = parse_deck_text(WARRIFT).deck
    after = parse_deck_text(WARRIFT.replace("4 Recruit Warrior", "3 Recruit Warrior")).deck
    diff = diff_decks(before, after, deck_context(before, None))
    [pile] = [p for p in diff.piles if p.changes]
    assert (pile.pile, pile.label, pile.before_total, pile.after_total) == ("starting", "Starting deck", 5, 4)
    assert all(p.label != "Starting in play" for p in diff.piles)

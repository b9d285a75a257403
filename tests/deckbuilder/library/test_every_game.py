"""The library holds decks of every game: each checked by its own game, its collection and `in:decks` its own, the
player's own game (written from docs/GAMES.md alone, with a sideboard) included."""

from __future__ import annotations

import json
from pathlib import Path

from carddb.db import CardDatabase
from deckbuilder.collection import Collection
from deckbuilder.library import Library, LibraryDeck
from tests.deckbuilder import sideboard_game
from tests.deckbuilder.cli.helpers import run
from tests.deckbuilder.cli.test_every_game import LITHIC_DECK


def by_name(decks: list[LibraryDeck]) -> dict[str, LibraryDeck]:
    return {deck.file.name: deck for deck in decks}


def test_every_games_decks_are_checked_by_their_own_game(demo_db: CardDatabase, decks: Path) -> None:
    sideboard_game.install()
    (decks / "raiders.txt").write_text(sideboard_game.LEGAL_DECK, encoding="utf-8")
    (decks / "lithic.txt").write_text(LITHIC_DECK, encoding="utf-8")
    listed = by_name(Library(demo_db).refresh())
    assert (listed["raiders.txt"].game, listed["raiders.txt"].format) == ("relic-raiders", "standard")
    assert (
        listed["raiders.txt"].legal is True and listed["raiders.txt"].cards == 11
    )  # leader + deck, sideboard apart
    assert listed["lithic.txt"].game == "lithic-rage" and listed["lithic.txt"].legal is not None
    assert listed["demo.json"].legal is True


def test_each_game_counts_its_own_collection_and_built_decks(demo_db: CardDatabase, decks: Path) -> None:
    sideboard_game.install()
    (decks / "raiders.txt").write_text(sideboard_game.LEGAL_DECK, encoding="utf-8")
    (decks / "raiders-2.txt").write_text(sideboard_game.LEGAL_DECK, encoding="utf-8")
    Collection(demo_db, "relic-raiders").set_counts(
        [(name, None, 2) for name in ("Tide Raider", "Reef Hound", "Deckhand", "Ember Scout")]
        + [(name, None, 1) for name in ("Captain Vessa", "Storm Caller", "Anchor Blade", "Tide Compass")]
        + [("Boarding Action", None, 1)]
    )
    library = Library(demo_db)
    listed = by_name(library.refresh())
    assert (listed["raiders.txt"].missing, listed["raiders-2.txt"].missing) == (0, 0)
    # No Rage collection is kept: a Rage deck is not counted as lacking everything.
    assert listed["demo.json"].missing is None
    library.set_built(decks / "raiders.txt", True)
    # Every copy (its sideboard's too) is held by the built deck.
    assert by_name(library.cached())["raiders-2.txt"].missing == 13
    uses = library.uses("Tide Raider", game="relic-raiders")
    assert {(u.deck.file.name, u.copies) for u in uses} == {("raiders.txt", 2), ("raiders-2.txt", 2)}
    assert library.uses("Tide Raider", game="rage") == []


def test_in_decks_searches_the_games_own_decks(demo_db: CardDatabase, decks: Path) -> None:
    sideboard_game.install()
    (decks / "raiders.txt").write_text(sideboard_game.LEGAL_DECK, encoding="utf-8")
    code, out, err = run("search", "in:decks", "--game", "relic-raiders", "--db", str(demo_db.path), "--json")
    assert code == 0, err
    names = {card["name"] for card in json.loads(out)["cards"]}
    assert names == {"Captain Vessa", "Tide Raider", "Reef Hound", "Deckhand", "Storm Caller", "Anchor Blade",
                     "Tide Compass", "Boarding Action", "Ember Scout"}  # fmt: skip

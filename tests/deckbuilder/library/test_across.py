"""The collection across decks: copies each deck lacks with built decks' cards in use, which decks use a card, and
what a selection of decks lacks."""

from __future__ import annotations

from pathlib import Path

from carddb.db import CardDatabase
from deckbuilder.collection import Collection
from deckbuilder.library import Library, LibraryDeck


def by_name(decks: list[LibraryDeck]) -> dict[str, LibraryDeck]:
    return {deck.file.name: deck for deck in decks}


def test_built_decks_hold_their_cards_and_the_others_count_what_is_left(
    demo_db: CardDatabase, decks: Path
) -> None:
    (decks / "other.txt").write_text("1\tAshen Howler\n", encoding="utf-8")
    Collection(demo_db).set_counts([("Ashen Howler", None, 2), ("Bark Hide", None, 3)])
    library = Library(demo_db)
    listed = by_name(library.refresh())
    assert (listed["list.txt"].missing, listed["other.txt"].missing) == (0, 0)
    library.set_built(decks / "list.txt", True)
    listed = by_name(library.cached())
    assert listed["list.txt"].built and listed["list.txt"].missing == 0
    assert listed["other.txt"].missing == 1  # both Ashen Howlers are in the built deck
    lacking = {(m.name, m.copies) for m in library.missing_for([decks / "other.txt", decks / "list.txt"])}
    assert lacking == {("Ashen Howler", 1)}


def test_no_collection_kept_means_missing_unknown(demo_db: CardDatabase, decks: Path) -> None:
    assert by_name(Library(demo_db).refresh())["demo.json"].missing is None


def test_uses_names_the_decks_holding_a_card(demo_db: CardDatabase, decks: Path) -> None:
    library = Library(demo_db)
    library.refresh()
    uses = {use.deck.file.name: use.copies for use in library.uses("ashen howler")}
    assert uses == {"demo.json": 1, "list.txt": 2}
    assert library.uses("No Such Card") == []


def test_missing_for_a_selection_makes_a_deck_to_print_as_proxies(demo_db: CardDatabase, decks: Path) -> None:
    from deckbuilder.library import missing_decks

    Collection(demo_db).set_counts([("Ashen Howler", None, 1)])
    library = Library(demo_db)
    library.refresh()
    lacking = library.missing_for([decks / "list.txt", decks / "demo.json"])
    assert {(m.name, m.copies) for m in lacking if m.name in ("Ashen Howler", "Bark Hide")} == {
        ("Ashen Howler", 2),  # two in the list, one in the demo deck: three needed, one owned
        ("Bark Hide", 3 + 3),
    }
    (deck,) = missing_decks(lacking)
    assert deck.game == "rage" and deck.count_of("Ashen Howler") == 2
    assert deck.total_cards() + sum(e.count for e in deck.starting) == sum(m.copies for m in lacking)

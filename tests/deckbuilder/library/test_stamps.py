"""A verdict is checked again when a game or format description changes, and only then."""

from __future__ import annotations

import json
from pathlib import Path

from carddb.db import CardDatabase
from carddb.paths import user_data_dir
from deckbuilder.games import loader
from deckbuilder.library import Library, LibraryDeck
from deckbuilder.library.stamps import card_data_stamp, descriptions_stamp


def by_name(decks: list[LibraryDeck]) -> dict[str, LibraryDeck]:
    return {deck.file.name: deck for deck in decks}


def house_format(sept_minimum: int) -> None:
    """A player's own Rage format, `house`: the revised rules with another sept minimum."""
    revised = Path(loader.__file__).parent / "rage" / "formats" / "revised.json"
    document = json.loads(revised.read_text(encoding="utf-8"))
    document["name"], document["title"] = "house", "House rules"
    for rule in document["rules"]:
        if rule["kind"] == "rage:sept_minimum":
            rule["min"] = sept_minimum
    folder = user_data_dir() / "formats"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house.json").write_text(json.dumps(document), encoding="utf-8")


def test_a_new_format_file_rechecks_the_decks_on_it(demo_db: CardDatabase, decks: Path) -> None:
    document = json.loads((decks / "demo.json").read_text(encoding="utf-8"))
    document["format"] = "house"
    (decks / "demo.json").write_text(json.dumps(document), encoding="utf-8")
    house_format(30)
    library = Library(demo_db)
    assert by_name(library.refresh())["demo.json"].legal is True
    house_format(999)
    listed = by_name(library.refresh())["demo.json"]
    assert listed.legal is False and "999" in listed.first_error


def test_the_stamps_stay_when_nothing_changed_and_move_when_something_did(demo_db: CardDatabase) -> None:
    cards, descriptions = card_data_stamp(demo_db), descriptions_stamp()
    assert (card_data_stamp(demo_db), descriptions_stamp()) == (cards, descriptions)
    from deckbuilder.collection import Collection

    Collection(demo_db).set_count("Ashen Howler", None, 3)  # the collection is no card data
    assert card_data_stamp(demo_db) == cards
    demo_db.set_meta("card_data_source", "another import")
    assert card_data_stamp(demo_db) != cards
    house_format(30)
    assert descriptions_stamp() != descriptions


def test_a_reimport_that_changes_one_card_in_place_moves_the_card_stamp(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    from carddb.demo import _DEMO_DIR
    from carddb.importing import import_path

    text = (_DEMO_DIR / "demo-cards.txt").read_text(encoding="utf-8")
    data = tmp_path / "carddata.txt"
    data.write_text(text, encoding="utf-8")
    import_path(tmp_db, data)
    before = card_data_stamp(tmp_db)
    data.write_text(text.replace("ignore 1 point of damage", "ignore 2 points of damage"), encoding="utf-8")
    import_path(tmp_db, data)
    assert card_data_stamp(tmp_db) != before

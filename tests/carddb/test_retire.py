"""A re-import mirrors its source: renamed and removed cards stop being current, and say so where they are named."""

from __future__ import annotations

import json
from pathlib import Path

from carddb.db import CardDatabase
from carddb.importing import import_path
from carddb.search import count_matches, search
from deckbuilder.collection import Collection
from deckbuilder.deck import Deck
from deckbuilder.i18n import render
from deckbuilder.legality import check_deck
from tests.carddb.test_importing import PLUGIN_INFO, row, write_card_data

DODGE_TEXT = "Avoid one strike."


def _plugin(folder: Path, rows: list[str]) -> Path:
    write_card_data(folder / "sets" / "cards.txt", rows)
    (folder / "plugininfo.txt").write_text(PLUGIN_INFO)
    return folder


def _first_pool(folder: Path) -> Path:
    return _plugin(
        folder,
        [
            row("Dodge", "Limited", "Combat - Defense", Text=DODGE_TEXT),
            row("Block", "Limited", "Combat - Defense", Text="Stop a blow."),
            row("Claw Rake", "Limited", "Combat - Attack", Damage="2"),
        ],
    )


def _renamed_pool(folder: Path) -> Path:
    # Upstream renamed Dodge to Dodge Roll and removed Block.
    return _plugin(
        folder,
        [
            row("Dodge Roll", "Limited", "Combat - Defense", Text=DODGE_TEXT),
            row("Claw Rake", "Limited", "Combat - Attack", Damage="2"),
        ],
    )


def test_a_renamed_and_a_removed_card_are_no_longer_current_after_a_reimport(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    folder = _first_pool(tmp_path / "plugin")
    import_path(tmp_db, folder)
    assert tmp_db.names() == ["Block", "Claw Rake", "Dodge"]
    report = import_path(tmp_db, _renamed_pool(folder))
    assert tmp_db.names() == ["Claw Rake", "Dodge Roll"]
    assert tmp_db.card_count() == 2 and [c.name for c in tmp_db.all_cards()] == ["Claw Rake", "Dodge Roll"]
    assert [r.name for r in search(tmp_db, "t:defense")] == ["Dodge Roll"]
    assert count_matches(tmp_db, "block") == 0 and search(tmp_db, "n:dodge")[0].name == "Dodge Roll"
    notes = sorted(i.reason for i in report.joined)
    assert len(notes) == 2 and "'Block' is no longer in the card data" in notes[0]
    assert "'Dodge' is no longer in the card data, now 'Dodge Roll'" in notes[1]

    dodge = tmp_db.lookup("dodge")
    assert dodge is not None and dodge.retired and dodge.replaced_by == "Dodge Roll"
    assert (dodge.name, dodge.type, dodge.text, dodge.printings) == (
        "Dodge",
        "Combat - Defense",
        DODGE_TEXT,
        (),
    )
    block = tmp_db.lookup("Block")
    assert block is not None and block.retired and block.replaced_by == ""
    assert tmp_db.suggest("Dodge")[0] == "Dodge Roll"
    current = tmp_db.lookup("Dodge Roll")
    assert current is not None and not current.retired


def test_a_deck_and_the_collection_that_name_a_retired_card_keep_it_and_are_told(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    folder = _first_pool(tmp_path / "plugin")
    import_path(tmp_db, folder)
    Collection(tmp_db).set_count("Dodge", None, 2)
    import_path(tmp_db, _renamed_pool(folder))

    deck = Deck()
    deck.add("Dodge", 2)
    report = check_deck(deck, tmp_db)
    retired = [r for r in report.results if r.code == "RETIRED_CARD"]
    assert [r.cards for r in retired] == [("Dodge",)]
    assert "UNKNOWN_CARD" not in report.codes  # its own result, not a card the data never had
    deck.add("Block")
    (removed,) = [r for r in check_deck(deck, tmp_db).results if r.cards == ("Block",)]
    assert (removed.code, removed.message) == (
        "RETIRED_CARD",
        "'Block' is no longer in the card data (retired by the last import)",
    )
    assert (
        render(removed, "pt_BR")
        == "'Block' não está mais nos dados das cartas (aposentada pela última importação)"
    )
    assert retired[0].message == (
        "'Dodge' is no longer in the card data (retired by the last import) — did you mean 'Dodge Roll'?"
    )
    assert [e.name for e in deck.entries] == ["Dodge", "Block"]  # the deck keeps what it names

    collection = Collection(tmp_db)
    assert collection.count("Dodge") == 2
    assert [(o.name, o.known) for o in collection.unknown()] == [("Dodge", False)]


def test_a_card_back_in_its_source_is_current_again_and_renames_chain_to_the_current_name(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    folder = _first_pool(tmp_path / "plugin")
    import_path(tmp_db, folder)
    import_path(tmp_db, _renamed_pool(folder))
    _plugin(folder, [row("Dodge Strike", "Limited", "Combat - Defense", Text=DODGE_TEXT)])
    import_path(tmp_db, folder)
    dodge = tmp_db.lookup("Dodge")
    assert dodge is not None and dodge.retired and dodge.replaced_by == "Dodge Strike"
    _first_pool(folder)
    import_path(tmp_db, folder)
    back = tmp_db.lookup("Dodge")
    assert back is not None and not back.retired
    assert tmp_db.names() == ["Block", "Claw Rake", "Dodge"]
    retired = tmp_db.reader.execute("SELECT norm_name FROM retired_card ORDER BY 1").fetchall()
    assert [r[0] for r in retired] == ["dodge roll", "dodge strike"]


def test_another_sources_cards_stay_and_a_card_in_both_keeps_the_other_sources_printing(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    folder = _first_pool(tmp_path / "plugin")
    extra = tmp_path / "extra.json"
    extra.write_text(
        json.dumps(
            {
                "Moon Gate": {"Name": "Moon Gate", "Type": "Gift", "Expansion": "Promo", "Text": "Go."},
                "Block": {
                    "Name": "Block",
                    "Type": "Combat - Defense",
                    "Expansion": "Unlimited",
                    "Text": "Old.",
                },
            }
        ),
        encoding="utf-8",
    )
    import_path(tmp_db, folder)
    import_path(tmp_db, extra)
    block = tmp_db.lookup("Block")
    assert (
        block is not None
        and block.text == "Old."
        and [p.set_name for p in block.printings] == ["Unlimited", "Limited"]
    )
    import_path(tmp_db, _renamed_pool(folder))
    assert tmp_db.names() == ["Block", "Claw Rake", "Dodge Roll", "Moon Gate"]
    block = tmp_db.lookup("Block")
    assert block is not None and not block.retired and [p.set_name for p in block.printings] == ["Unlimited"]


def test_the_demo_set_is_not_retired_by_importing_real_cards(tmp_db: CardDatabase, tmp_path: Path) -> None:
    from carddb.demo import ensure_demo_cards, has_demo_cards

    ensure_demo_cards(tmp_db)
    demo_count = tmp_db.card_count()
    import_path(tmp_db, _first_pool(tmp_path / "plugin"))
    assert has_demo_cards(tmp_db) and tmp_db.card_count() == demo_count + 3

"""The window's collection for another game's deck: the Own column and the collection dialog's game."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.collection import Collection
from deckbuilder.ui.deck_rows import OWN_COLUMN

LITHIC_DECK = """# game: lithic-rage
Ancestry:
1\tRiver Folk
Class:
1\tBone Shaman
Actions:
2\tObsidian Spear
1\tFire Dance
"""


def _own_cells(window, pile: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    model = window.deck_view.models[pile]
    column = model.columns.index(OWN_COLUMN)
    return {model.row_at(r).entry.name: model.index(r, column).data() for r in range(model.rowCount())}


def test_the_own_column_of_a_lithic_rage_deck_shows_its_games_owned_copies(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "shaman.txt"
    path.write_text(LITHIC_DECK, encoding="utf-8")
    Collection(window.db).set_count("Obsidian Spear", None, 9)  # Rage's collection: not this deck's
    assert window.open_deck(path, ask_first=False)
    assert OWN_COLUMN not in window.deck_view.models["actions"].columns
    Collection(window.db, "lithic-rage").set_counts([("Obsidian Spear", None, 1), ("Bone Shaman", None, 1)])
    window.refresh()
    assert _own_cells(window, "actions") == {"Obsidian Spear": "1 (−1)", "Fire Dance": "0 (−1)"}
    assert _own_cells(window, "class") == {"Bone Shaman": "1"}
    # The card browser's Collection filter asks the deck's game's collection.
    browser = window.browser
    for choice, names in (
        ("owned", ["Bone Shaman", "Obsidian Spear"]),
        ("missing", ["Fire Dance", "Obsidian Spear", "River Folk"]),
    ):
        browser.collection_combo.setCurrentIndex(browser.collection_combo.findData(choice))
        browser.run_search()
        assert sorted(browser.shown_names()) == names


def test_the_collection_dialog_opens_on_the_decks_game_and_edits_it(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "shaman.txt"
    path.write_text(LITHIC_DECK, encoding="utf-8")
    assert window.open_deck(path, ask_first=False)
    window.interactive = False  # the dialog is shown, not run modally
    dialog = window.open_collection()
    assert dialog.game_combo.currentText() == "Lithic Rage"
    assert dialog.printing_combo.isHidden()  # Lithic Rage's cards have no printings
    assert "Fire Dance" in dialog.completer.model().stringList()
    dialog.name_edit.setText("fire dance")
    dialog.count_spin.setValue(2)
    assert dialog.add_typed()
    assert dialog.table.item(0, 0).text() == "Fire Dance" and dialog.table.item(0, 3).text() == "known"
    assert _own_cells(window, "actions")["Fire Dance"] == "1"  # the window follows the dialog (1 in the deck)
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("rage"))
    assert dialog.table.rowCount() == 0 and not dialog.printing_combo.isHidden()
    assert Collection(window.db).owned_map() == {}
    dialog.close()


def test_a_have_list_imported_in_the_dialog_goes_to_the_game_it_shows(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui.collection_dialog import CollectionDialog

    plain = tmp_path / "have.txt"
    plain.write_text("2 Court Herald\n1 Nobody Knows Me\n", encoding="utf-8")
    dialog = CollectionDialog(window.db, game="warrift")
    qtbot.addWidget(dialog)
    assert dialog.import_have_list(plain)
    assert "Imported 3 copies from have.txt" in dialog.summary.text()
    assert "unknown cards kept: Nobody Knows Me" in dialog.summary.text()
    statuses = {
        dialog.table.item(r, 0).text(): dialog.table.item(r, 3).text() for r in range(dialog.table.rowCount())
    }
    assert statuses == {"Court Herald": "known", "Nobody Knows Me": "unknown card — kept"}
    assert Collection(window.db, "warrift").owned_map() == {"court herald": 2, "nobody knows me": 1}
    assert Collection(window.db).owned_map() == {}

"""The window with a Lackey-based game described as data: its cards listed and searched, its scans shown."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.collection import Collection
from deckbuilder.deckfiles import read_deck
from deckbuilder.games.cardimport import import_game_card_file
from deckbuilder.games.loader import load_game
from tests.deckbuilder.games.lackey_game import GAME, write_deck, write_plugin


def test_a_lackey_games_deck_shows_its_cards_search_and_images(
    window, tmp_path: Path, stonebound: Path
) -> None:  # type: ignore[no-untyped-def]
    plugin = write_plugin(tmp_path / "plugin")
    data = import_game_card_file(window.db, load_game(GAME), plugin, str(plugin))
    assert len(data.cards) == 5
    window.games.forget_pools()  # as the window's own import does
    assert window.open_deck(write_deck(tmp_path), ask_first=False)
    browser = window.browser  # the one card browser, listing the Lackey game's cards
    assert browser.isVisible() and browser.db.game == GAME and "Stone Wall" in browser.shown_names()
    browser.query_edit.setText("s:alpha -t:unit")
    browser.run_search()
    assert browser.shown_names() == ["Granite Lord", "Landslide"]
    window.show_card("Stone Wall")
    assert len(window.card_view.shown_images) == 1 and not window.card_view.showing_text_card
    assert "Printings" in window.card_view.details.toPlainText()  # its sets, as Rage's card pane names them
    assert "Beta, Alpha" in window.card_view.details.toPlainText()
    assert window.legality.verdict.text().startswith("Legal")


def test_a_lackey_games_deck_entry_chooses_its_printing_and_keeps_it_in_the_saved_file(
    window, tmp_path: Path, stonebound: Path
) -> None:  # type: ignore[no-untyped-def]
    import_game_card_file(window.db, load_game(GAME), write_plugin(tmp_path / "plugin"), "plugin")
    window.games.forget_pools()
    assert window.open_deck(write_deck(tmp_path), ask_first=False)
    army = window.deck_view.models["army"]
    # The game's cards are printed in sets: each entry's printing is shown, as for Rage (the newest when none chosen).
    assert army.columns[:4] == ("Qty", "Name", "Printing", "Type")
    rows = {army.row_at(r).entry.name: r for r in range(army.rowCount())}
    printing = army.columns.index("Printing")
    assert army.index(rows["Stone Wall"], printing).data() == "Beta"
    menu = window.deck_view.build_context_menu(army.row_at(rows["Stone Wall"]))
    choices = next(a.menu() for a in menu.actions() if a.text() == "Printing")
    assert [a.text() for a in choices.actions()] == ["Newest (no set chosen)", "Beta", "Alpha"]
    next(a for a in choices.actions() if a.text() == "Alpha").trigger()
    assert window.deck.entry("Stone Wall", "Alpha") is not None
    rows = {army.row_at(r).entry.name: r for r in range(army.rowCount())}
    assert army.index(rows["Stone Wall"], printing).data() == "Alpha"
    saved = tmp_path / "stonebound.ragedeck"
    assert window.save_as(saved)
    again = read_deck(saved, window.db).deck
    assert again.game == GAME
    assert [(e.name, e.set_name, e.count) for e in again.entries if e.name == "Stone Wall"] == [
        ("Stone Wall", "Alpha", 3)
    ]
    window.undo_stack.undo()  # the choice is one undoable step
    assert all(e.set_name is None for e in window.deck.entries)


def test_a_lackey_games_collection_is_owned_per_printing(window, tmp_path: Path, stonebound: Path) -> None:  # type: ignore[no-untyped-def]
    import_game_card_file(window.db, load_game(GAME), write_plugin(tmp_path / "plugin"), "plugin")
    window.games.forget_pools()
    assert window.open_deck(write_deck(tmp_path), ask_first=False)
    window.interactive = False  # the dialog is shown, not run modally
    dialog = window.open_collection()
    assert dialog.game_combo.currentData() == GAME and not dialog.printing_combo.isHidden()
    dialog.name_edit.setText("stone wall")
    sets = [dialog.printing_combo.itemText(i) for i in range(dialog.printing_combo.count())]
    assert sets == ["Any printing", "Beta", "Alpha"]
    dialog.printing_combo.setCurrentIndex(2)
    dialog.count_spin.setValue(2)
    assert dialog.add_typed()
    assert dialog.table.item(0, 1).text() == "Alpha"
    assert [(o.name, o.set_name, o.count) for o in Collection(window.db, GAME).rows()] == [
        ("Stone Wall", "Alpha", 2)
    ]
    dialog.name_edit.setText("granite lord")  # one printing: its one set
    assert [dialog.printing_combo.itemText(i) for i in range(dialog.printing_combo.count())] == [
        "Any printing",
        "Alpha",
    ]
    dialog.close()

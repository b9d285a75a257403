"""The window with a Lackey-based game described as data: its cards listed and searched, its scans shown."""

from __future__ import annotations

from pathlib import Path

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
    assert window.legality.verdict.text().startswith("Legal")

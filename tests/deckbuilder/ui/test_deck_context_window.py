"""The window reads a deck's game, cards and format from its document's context: another game's deck opens with its
names looked up in its own game's cards."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.games.cards import import_card_data, read_card_file
from deckbuilder.games.loader import load_game

SHIPPED = Path(__file__).resolve().parents[3] / "deckbuilder" / "games"


def test_a_warrift_deck_whose_cards_are_in_the_database_opens_without_unknown_names(
    window, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    game = load_game("warrift")
    data = import_card_data(window.db, game, read_card_file(SHIPPED / "warrift" / "cards.csv"), "cards.csv")
    window.controller.document.contexts.forget_cards()
    names = [card.name for card in data.cards[:3]]
    path = tmp_path / "war.txt"
    path.write_text("# game: warrift\n" + "".join(f"1 {name}\n" for name in names), encoding="utf-8")
    assert window.open_deck(path, ask_first=False)
    assert "not in the card database" not in window.last_message
    context = window.controller.document.context
    assert context is not None and context.game.name == "warrift" and not context.shipped
    assert window.unknown == {}
    # A misspelt name is the one name the window says is unknown.
    path.write_text(path.read_text(encoding="utf-8") + "1 Nameless Card\n", encoding="utf-8")
    assert window.open_deck(path, ask_first=False)
    assert "1 card name is not in the card database" in window.last_message

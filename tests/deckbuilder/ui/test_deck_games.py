"""The window's check looks at the player's games and formats folders on every edit: one made meanwhile is found."""

from __future__ import annotations

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.games.loader import user_formats_dir
from deckbuilder.ui.deck_games import DeckGames
from tests.deckbuilder.games.user_files import settled, tiny_game, user_format, user_game


def _data_folder_written_long_ago() -> None:
    """The usual data folder: written an hour before, with neither a games nor a formats folder."""
    settled(user_formats_dir().parent, 3600)


def test_a_format_file_put_in_place_between_two_edits_is_checked_against(demo_db: CardDatabase) -> None:
    deck = Deck(format="league")
    deck.add("Ashen Howler", 1)
    games = DeckGames(demo_db, lambda: deck)
    _data_folder_written_long_ago()
    for _edit in range(2):
        report = games.check(deck)
        assert report is not None and report.format == "revised"  # not installed: the default, with a note
    user_format("league.json", '{"name": "league", "rules": []}')
    report = games.check(deck)
    assert report is not None and report.format == "league" and report.is_legal


def test_a_game_installed_between_two_edits_is_the_one_checked(demo_db: CardDatabase) -> None:
    deck = Deck(game="warrift")
    games = DeckGames(demo_db, lambda: deck)
    _data_folder_written_long_ago()
    for _edit in range(2):
        report = games.check(deck)
        assert report is not None and report.format != "open"  # the shipped Warrift's
    user_game("warrift", tiny_game("warrift"))
    report = games.check(deck)
    assert report is not None and report.format == "open"
    game = games.deck_game()
    assert game is not None and [p.id for p in game.piles] == ["main"]

"""Databases the CLI tests point `ragedeck` at (a test module may define its own of the same name), and the games
of our own invention installed in a test's games folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.deckbuilder import image_game, sideboard_game
from tests.deckbuilder.cli.helpers import demo_database
from tests.deckbuilder.games import lackey_game


@pytest.fixture
def demo_db(tmp_path: Path) -> Path:
    """A database holding only the bundled demo set."""
    return demo_database(tmp_path / "demo" / "cards.sqlite")


@pytest.fixture
def real_db(real_pool_copy: Callable[[Path], Path], tmp_path: Path) -> Path:
    """A database of the test's own with the real pool imported through the CLI (a copy of the session's import)."""
    return real_pool_copy(tmp_path / "real")


@pytest.fixture
def relic_raiders() -> Path:
    """Relic Raiders, a player's own game with a sideboard written from docs/GAMES.md alone (sideboard_game),
    installed as it comes; its folder."""
    return sideboard_game.install()


@pytest.fixture
def glimmer_duel() -> Path:
    """Glimmer Duel, a game whose card file names card images (image_game), installed; its folder."""
    return image_game.install_game()


@pytest.fixture
def stonebound() -> Path:
    """Stonebound, a Lackey-based game's description (games/lackey_game), installed; its folder."""
    return lackey_game.install_game()

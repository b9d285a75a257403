"""Databases the CLI tests point `ragedeck` at (a test module may define its own of the same name), and the games
of our own invention installed in a test's games folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REAL_PLUGIN
from tests.deckbuilder import image_game, sideboard_game
from tests.deckbuilder.cli.helpers import demo_database, run
from tests.deckbuilder.games import lackey_game


@pytest.fixture
def demo_db(tmp_path: Path) -> Path:
    """A database holding only the bundled demo set."""
    return demo_database(tmp_path / "demo" / "cards.sqlite")


@pytest.fixture
def real_db(shared_dir: Path, tmp_path: Path) -> Path:
    """A database with the real pool imported through the CLI."""
    path = tmp_path / "real" / "cards.sqlite"
    code, _out, err = run("import-cards", str(REAL_PLUGIN), "--db", str(path))
    assert code == 0, err
    return path


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

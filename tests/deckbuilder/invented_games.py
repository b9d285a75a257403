"""Installing a game of our own invention the way a player does: its folder in the player's games folder (each
test's own, RAGEDECK_DATA_DIR), with game.json, its formats and its card files. Every invented game of the suite
(sideboard_game, image_game, games/lackey_game) is installed through here; conftest.py offers each as a fixture."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from deckbuilder.games.loader import user_games_dir


def install_game(
    description: Mapping[str, object],
    formats: Mapping[str, Mapping[str, object]],
    files: Mapping[str, str | bytes] | None = None,
) -> Path:
    """Write the game `description` (named by its "name"), its `formats` (by file name) and `files` (by path in the
    game's folder) into the player's games folder, over what an earlier install wrote; the game's folder."""
    folder = user_games_dir() / str(description["name"])
    (folder / "formats").mkdir(parents=True, exist_ok=True)
    (folder / "game.json").write_text(json.dumps(description), encoding="utf-8")
    for name, data in formats.items():
        (folder / "formats" / name).write_text(json.dumps(data), encoding="utf-8")
    for relative, content in (files or {}).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder

"""The player's own games and format files as tests write them into the (per-test) user data folder."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from deckbuilder.games.loader import user_formats_dir, user_games_dir


def user_format(name: str, text: str) -> Path:
    """A format file of the player's, written with this text."""
    folder = user_formats_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def user_game(folder_name: str, description: dict[str, Any] | str) -> Path:
    """A game of the player's: its folder with this game.json (and an empty formats folder)."""
    folder = user_games_dir() / folder_name
    (folder / "formats").mkdir(parents=True, exist_ok=True)
    text = description if isinstance(description, str) else json.dumps(description)
    (folder / "game.json").write_text(text, encoding="utf-8")
    return folder


def tiny_game(name: str = "tiny", **extra: Any) -> dict[str, Any]:
    """The smallest game description: two fields, one pile of Spells, one open format."""
    return {
        "name": name,
        "fields": [{"name": "name"}, {"name": "type"}],
        "piles": [{"id": "main", "label": "Main", "types": ["Spell"]}],
        "formats": [{"name": "open", "rules": [{"kind": "unknown_card"}]}],
        **extra,
    }


def settled(path: Path, seconds_ago: int) -> None:
    """Date a file's or folder's last change back, as a player's files written days before a check are."""
    when = int(time.time()) - seconds_ago
    os.utime(path, (when, when))

"""Where the card database and the player's data live: $RAGEDECK_DB / $RAGEDECK_DATA_DIR, else the platform's
per-user data folder."""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

APP_NAME = "ragedeck"
DB_ENV_VAR = "RAGEDECK_DB"
IMAGES_FOLDER = "card-images"


def user_data_dir() -> Path:
    """The per-user data folder (database, autosaves, user formats)."""
    override = os.environ.get("RAGEDECK_DATA_DIR")
    # Asked several times a check (user games, user formats): the answer is kept per value of what it reads.
    if override:
        return _path(override)
    # $HOME's value is read, not expanduser("~") (as costly as the rest of this together): it alone decides "~".
    return _platform_data_dir(os.environ.get("XDG_DATA_HOME"), os.environ.get("HOME"))


@functools.lru_cache(maxsize=8)
def _path(text: str) -> Path:
    return Path(text)


@functools.lru_cache(maxsize=8)
def _platform_data_dir(xdg_data_home: str | None, home_variable: str | None) -> Path:
    if sys.platform.startswith("linux"):
        # platformdirs' own rule on Linux, read here: importing it (with the tempfile and random it pulls in)
        # cost every `ragedeck check` start ~4 ms, and every check asks for the user games and formats folders.
        # tests/carddb/test_db.py keeps this equal to platformdirs' answer. Kept per $HOME: "~" is $HOME when it
        # is set, else the account's home folder, which does not change while the program runs.
        home = os.path.expanduser("~")
        base = xdg_data_home if xdg_data_home and xdg_data_home.strip() else f"{home}/.local/share"
        return Path(base) / APP_NAME
    import platformdirs  # macOS and Windows: their rules are platformdirs' business

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_db_path() -> Path:
    """The database path: $RAGEDECK_DB if set, else cards.sqlite in the user data folder."""
    override = os.environ.get(DB_ENV_VAR)
    return Path(override) if override else user_data_dir() / "cards.sqlite"

"""Cheap stamps of what a deck's verdict depends on besides its file: the card data, and the games and formats.

A verdict is re-checked when its stamp differs from the current one. The collection has no stamp: a deck's
`missing` is counted afresh from the collection every time the library is listed (see library.py).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_CARD_TABLES = ("card", "printing", "retired_card", "character_identity")
_MAX_DESCRIPTION_FILES = 2000  # a games folder holds tens of files: past this the stamp stops looking
_MAX_DEPTH = 4


def card_data_stamp(db: Any) -> str:
    """A stamp of the card data (every game's): its meta facts, and each card table's rows, ids and text lengths.

    Reads every card row once (tens of milliseconds at 100,000 cards): asked by a refresh, not by a listing.
    """
    if db is None:
        return "no-database"
    digest = hashlib.sha256()
    conn = db.raw_connection()
    try:
        for key, value in conn.execute("SELECT key, value FROM meta ORDER BY key"):
            digest.update(f"{key}\x00{value}\x01".encode("utf-8", "replace"))
        for table in _CARD_TABLES:
            columns = [str(row[1]) for row in conn.execute(f"PRAGMA table_info({table})")]
            if not columns:
                continue
            # Lengths of every column: an import that changes a card's text changes its length (almost always).
            sums = ", ".join(f"total(length({_quoted(c)}))" for c in columns)
            row = conn.execute(f"SELECT count(*), {sums} FROM {table}").fetchone()
            digest.update(f"{table}:{row!r}\x01".encode())
    except sqlite3.Error as exc:
        digest.update(f"unreadable:{exc}".encode())
    finally:
        conn.close()
    return digest.hexdigest()[:24]


def _quoted(column: str) -> str:
    return '"' + column.replace('"', '""') + '"'


def descriptions_stamp() -> str:
    """A stamp of every game's description and format file (shipped and the player's own) and the program version."""
    from deckbuilder import __version__
    from deckbuilder.games.loader import user_formats_dir, user_games_dir

    digest = hashlib.sha256(__version__.encode())
    shipped = Path(__file__).resolve().parent.parent / "games"
    for root in (shipped, user_games_dir(), user_formats_dir()):
        digest.update(f"\x02{root}".encode("utf-8", "replace"))
        for path, info in _files(root):
            if path.suffix.casefold() in (".json", ".txt", ".csv", ".md", ".py"):
                line = f"{path}\x00{info.st_size}\x00{info.st_mtime_ns}\x01"
                digest.update(line.encode("utf-8", "replace"))
    return digest.hexdigest()[:24]


def _files(root: Path) -> Iterator[tuple[Path, os.stat_result]]:
    """The regular files under a folder (links not followed, bounded in depth and number), sorted."""
    found = 0
    stack: list[tuple[Path, int]] = [(root, 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            children = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for child in children:
            if child.is_symlink() or child.name.startswith((".", "__pycache__")):
                continue
            if child.is_dir(follow_symlinks=False):
                if depth < _MAX_DEPTH:
                    stack.append((Path(child.path), depth + 1))
                continue
            found += 1
            if found > _MAX_DESCRIPTION_FILES:
                return
            try:
                yield Path(child.path), child.stat(follow_symlinks=False)
            except OSError:
                continue


def stamp(db: Any) -> str:
    """The stamp a verdict is kept with: the card data's and the descriptions' together."""
    return f"{card_data_stamp(db)}-{descriptions_stamp()}"

"""Cheap stamps of what a deck's verdict depends on besides its file: the card data, and the games and formats.

A verdict is re-checked when its stamp differs from the current one. Both are cheap (a few milliseconds whatever
the number of cards): every refresh asks for them. The collection has no stamp: a deck's
`missing` is counted afresh from the collection every time the library is listed (see library.py).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_COUNTED_TABLES = ("card", "printing")  # large: their highest ids (one seek each; a count reads every row)
_READ_TABLES = ("retired_card", "character_identity")  # small (hundreds of rows), edited in place: read whole
_MAX_DESCRIPTION_FILES = 2000  # a games folder holds tens of files: past this the stamp stops looking
_MAX_DEPTH = 4


def card_data_stamp(db: Any) -> str:
    """A stamp of the card data (every game's): its meta facts, among them the token every writer of card data
    renews (carddb.changes), each large card table's highest id, and the small tables whole. A few index
    seeks: no card row is read."""
    if db is None:
        return "no-database"
    digest = hashlib.sha256()
    conn = db.raw_connection()
    try:
        for key, value in conn.execute("SELECT key, value FROM meta ORDER BY key"):
            digest.update(f"{key}\x00{value}\x01".encode("utf-8", "replace"))
        for table in _COUNTED_TABLES:
            row = conn.execute(f"SELECT max(rowid) FROM {table}").fetchone()
            digest.update(f"{table}:{row!r}\x01".encode())
        for table in _READ_TABLES:
            for found in conn.execute(f"SELECT * FROM {table} ORDER BY rowid"):
                digest.update(repr(tuple(found)).encode("utf-8", "replace"))
    except sqlite3.Error as exc:
        digest.update(f"unreadable:{exc}".encode())
    finally:
        conn.close()
    return digest.hexdigest()[:24]


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

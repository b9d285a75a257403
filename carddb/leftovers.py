"""Clean what killed imports leave behind: temp image copies and image files no printing references.

Stdlib only, so CardDatabase can call the cheap start-up check without importing the importer.
An import marks itself with a file under `card-images/.imports/` for as long as it runs (touched as it
goes); a marker older than LEFTOVER_AGE belongs to an import that died. Files are removed only while the
database write lock is held, so no import can commit a reference to a file between the check and the unlink.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carddb.db import CardDatabase

# An import that has not touched its marker for this long is dead; younger files may belong to a live import.
LEFTOVER_AGE = 300.0
MARKERS_FOLDER = ".imports"
TEMP_SUFFIX = ".importing"
_TOUCH_EVERY = 30.0
# Meta key of the card back image a Lackey plugin brought (sets/setimages/general/cardback.jpg), stored like a
# card image (content-addressed under card-images/) and kept as long as the key names it.
CARD_BACK_META = "card_back_image"


def markers_dir(db: CardDatabase) -> Path:
    """The folder where running imports keep their markers."""
    return db.images_dir / MARKERS_FOLDER


def _live_markers(db: CardDatabase, now: float, min_age: float, own: Path | None) -> bool:
    """Whether another import is running; stale markers (their import died) are removed on the way."""
    live = False
    try:
        entries = list(os.scandir(markers_dir(db)))
    except OSError:
        return False
    for entry in entries:
        if own is not None and entry.path == str(own):
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        if age < min_age:
            live = True
        else:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
    if not live and own is None:
        with contextlib.suppress(OSError):  # an empty folder would cost every start a listing
            os.rmdir(markers_dir(db))
    return live


def referenced_images(conn: sqlite3.Connection) -> set[str]:
    """Every image path a printing, another game's card (or the card back) points at (relative to the database folder, normcased)."""
    found: set[str] = {
        os.path.normcase(str(back))
        for (back,) in conn.execute("SELECT value FROM meta WHERE key = ?", (CARD_BACK_META,))
        if back
    }
    for (paths,) in conn.execute("SELECT image_paths FROM printing WHERE image_paths != ''"):
        try:
            loaded = json.loads(paths)
        except (TypeError, ValueError):
            continue
        if isinstance(loaded, list):
            found.update(os.path.normcase(str(p)) for p in loaded if p)
    return found


def clean_import_leftovers(db: CardDatabase, min_age: float = LEFTOVER_AGE) -> int:
    """Remove temp copies and unreferenced image files older than `min_age` seconds; return how many.

    Safe while another process imports: young files are kept, and no unreferenced file is removed while a
    live import (a fresh marker) may be about to reference it.
    """
    images = db.images_dir
    if not images.is_dir():
        return 0
    now = time.time()
    removed = 0
    with db.write_transaction() as conn:
        # Under the lock: an import that marks itself after this check re-checks its files under the lock too.
        live = _live_markers(db, now, min_age, None)
        referenced = referenced_images(conn)
        for folder, dirs, files in os.walk(images):
            if folder == str(images):
                dirs[:] = [d for d in dirs if d != MARKERS_FOLDER]
            for name in files:
                path = os.path.join(folder, name)
                try:
                    info = os.lstat(path)
                except OSError:
                    continue
                if stat.S_ISDIR(info.st_mode) or now - info.st_mtime < min_age:
                    continue
                temp = name.startswith(".") and name.endswith(TEMP_SUFFIX)
                relative = os.path.normcase(Path(path).relative_to(db.folder).as_posix())
                if not temp and (live or relative in referenced):
                    continue
                with contextlib.suppress(OSError):
                    os.unlink(path)
                    removed += 1
    return removed


def clean_after_killed_import(db: CardDatabase) -> int:
    """The start-up check: clean up only when a dead import's marker is there; never raises."""
    try:
        markers = list(os.scandir(markers_dir(db)))
        now = time.time()
        if not any(now - m.stat(follow_symlinks=False).st_mtime >= LEFTOVER_AGE for m in markers):
            return 0
        return clean_import_leftovers(db)
    except (OSError, sqlite3.Error):
        return 0


class ImportMarker:
    """This import's marker file: created before its first image is written, touched while it runs."""

    def __init__(self, db: CardDatabase) -> None:
        self.db = db
        self.path = markers_dir(db) / f"{os.getpid()}-{os.urandom(6).hex()}"
        self._touched = 0.0
        self.active = False

    def start(self) -> None:
        """Create the marker (idempotent)."""
        if self.active:
            return
        for _attempt in range(2):  # another import may remove the empty folder between mkdir and the write
            self.path.parent.mkdir(parents=True, exist_ok=True)
            try:
                self.path.touch()
                break
            except FileNotFoundError:
                continue
        self.active = True
        self._touched = time.monotonic()

    def touch(self) -> None:
        """Show the import is alive (at most every half minute)."""
        if self.active and time.monotonic() - self._touched >= _TOUCH_EVERY:
            self._touched = time.monotonic()
            with contextlib.suppress(OSError):
                os.utime(self.path)

    def others_running(self) -> bool:
        """Whether another live import holds a marker."""
        return _live_markers(self.db, time.time(), LEFTOVER_AGE, self.path)

    def remove(self) -> None:
        """Remove the marker, and its folder when empty."""
        if not self.active:
            return
        self.active = False
        with contextlib.suppress(OSError):
            self.path.unlink()
        with contextlib.suppress(OSError):
            self.path.parent.rmdir()

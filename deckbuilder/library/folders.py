"""The library's folders: the decks folder in the user data folder, and the folders the player added.

The list is a user data file (`FOLDERS_FILE`) changed by read-modify-write under its lock (deckbuilder.userdata).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from deckbuilder.i18n import gettext as _
from deckbuilder.library.model import LibraryError
from deckbuilder.userdata import UserFileError, read_bytes, update

FOLDERS_FILE = "library.json"
DECKS_FOLDER = "decks"
MAX_FOLDERS = 100
_MAX_BYTES = 256 * 1024


def default_folder(data_dir: Path) -> Path:
    """The decks folder in the user data folder (made on first use)."""
    return data_dir / DECKS_FOLDER


def _parse(raw: bytes) -> list[str]:
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(str(exc)) from exc
    folders = document.get("folders") if isinstance(document, dict) else None
    if not isinstance(folders, list):
        raise ValueError("no list of folders")
    return [f for f in folders[:MAX_FOLDERS] if isinstance(f, str) and f and "\x00" not in f]


def added_folders(data_dir: Path) -> list[Path]:
    """The folders the player added, in the order added ([] when the file is missing or damaged)."""
    try:
        raw = read_bytes(data_dir / FOLDERS_FILE, data_dir, _MAX_BYTES)
        return [Path(f) for f in _parse(raw)] if raw is not None else []
    except (UserFileError, ValueError):
        return []


def library_folders(data_dir: Path) -> list[Path]:
    """Every folder of the library: the decks folder first, then the ones added."""
    default = default_folder(data_dir)
    return [default, *(f for f in added_folders(data_dir) if _key(f) != _key(default))]


def _key(folder: Path) -> str:
    return os.path.normcase(os.path.abspath(folder))


def _change(data_dir: Path, folder: Path, add: bool) -> None:
    wanted = _key(folder)

    def change(before: list[str] | None) -> bytes | None:
        folders = list(before or [])
        present = [f for f in folders if _key(Path(f)) == wanted]
        if add and not present:
            if len(folders) >= MAX_FOLDERS:
                raise LibraryError(
                    _("the library holds at most {count} folders: remove one first").format(count=MAX_FOLDERS)
                )
            folders.append(os.path.abspath(folder))
        elif not add and present:
            folders = [f for f in folders if _key(Path(f)) != wanted]
        else:
            return None
        return (json.dumps({"folders": folders}, indent=2, ensure_ascii=False) + "\n").encode("utf-8")

    try:
        update(data_dir / FOLDERS_FILE, data_dir, _MAX_BYTES, _parse, change)
    except (UserFileError, OSError) as exc:
        raise LibraryError(str(exc)) from exc


def add_folder(data_dir: Path, folder: Path) -> None:
    """Add a folder to the library (kept for the next runs); LibraryError when it is not a folder."""
    if not Path(folder).is_dir():
        raise LibraryError(_("{folder} is not a folder").format(folder=folder))
    _change(data_dir, Path(folder), add=True)


def remove_folder(data_dir: Path, folder: Path) -> None:
    """Take a folder the player added out of the library (its files are left as they are)."""
    _change(data_dir, Path(folder), add=False)

"""A deck's tags and built mark where the library keeps them.

- Tags of a native deck are IN the deck (its `tags` key, read and written by deckfiles/native.py), so the window's
  save keeps them. Tags of a Lackey `.dek` or a text list, and every deck's built mark, are kept BESIDE the decks:
  one hidden file per folder (`SIDECAR`), keyed by file name. A Lackey file's bytes are never changed.
- Every change is a read-modify-write under the file's inter-process lock (deckbuilder.userdata), so two windows
  or a window and a script tagging at once lose nothing; a damaged sidecar is kept aside, never fatal.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckbuilder.deckfiles.common import MAX_FILE_BYTES, DeckFileError, decode_deck_bytes
from deckbuilder.deckfiles.kinds import kind_of_path
from deckbuilder.deckfiles.native import clean_tags, native_tags, native_with_tags
from deckbuilder.i18n import gettext as _
from deckbuilder.library.model import LibraryError
from deckbuilder.userdata import UserFileError, locked, read_bytes, update, write_bytes

SIDECAR = ".ragedeck-library.json"
SIDECAR_VERSION = 1
MAX_SIDECAR_BYTES = 4 * 1024 * 1024
MAX_MARKED = 5000  # decks of one folder with a mark: far more than any folder holds


@dataclass(frozen=True)
class Marks:
    """What the library keeps beside one deck file: its tags (Lackey and text files only) and its built mark."""

    tags: tuple[str, ...] = ()
    built: bool = False


def keeps_tags_inside(path: Path) -> bool:
    """Whether a deck file holds its own tags (the native kind), rather than the folder's sidecar."""
    kind = kind_of_path(path)
    return kind is not None and kind.name == "native"


def read_marks(folder: Path) -> dict[str, Marks]:
    """The marks of a folder's decks by file name ({} without a sidecar, or with one that cannot be read)."""
    try:
        raw = read_bytes(folder / SIDECAR, folder, MAX_SIDECAR_BYTES)
    except UserFileError:
        return {}
    if raw is None:
        return {}
    try:
        return _parse(raw)
    except ValueError:
        return {}


def _parse(raw: bytes) -> dict[str, Marks]:
    """The sidecar's marks; ValueError (one line) when it is damaged."""
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(str(exc)) from exc
    if not isinstance(document, dict) or not isinstance(document.get("decks"), dict):
        raise ValueError("not a deck library file")
    found: dict[str, Marks] = {}
    for name, item in list(document["decks"].items())[:MAX_MARKED]:
        if isinstance(name, str) and isinstance(item, dict) and "/" not in name and "\\" not in name:
            found[name] = Marks(clean_tags(item.get("tags", [])), item.get("built") is True)
    return found


def _dump(marks: Mapping[str, Marks]) -> bytes:
    decks: dict[str, Any] = {}
    for name in sorted(marks):
        mark = marks[name]
        if mark.tags or mark.built:
            decks[name] = {**({"tags": list(mark.tags)} if mark.tags else {}), "built": mark.built}
    document = {"format_version": SIDECAR_VERSION, "app": "rage-deckbuilder", "decks": decks}
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def change_marks(folder: Path, change: Callable[[dict[str, Marks]], None]) -> None:
    """Change a folder's marks in place under the sidecar's lock (`change` edits the dict it is given)."""

    def rewrite(before: dict[str, Marks] | None) -> bytes | None:
        marks = dict(before or {})
        old = dict(marks)
        change(marks)
        if marks == old and before is not None:
            return None
        if not any(m.tags or m.built for m in marks.values()) and before is None:
            return None  # nothing to keep: no file made
        return _dump(marks)

    try:
        update(folder / SIDECAR, folder, MAX_SIDECAR_BYTES, _parse, rewrite)
    except (UserFileError, OSError) as exc:
        raise LibraryError(str(exc)) from exc


def set_marks(file: Path, tags: tuple[str, ...] | None = None, built: bool | None = None) -> None:
    """Set a deck's sidecar tags and/or built mark (None: left as they are)."""
    change_tags(file, None if tags is None else (lambda _old: tags), built)


def change_tags(
    file: Path, change: Callable[[tuple[str, ...]], Iterable[str]] | None, built: bool | None = None
) -> None:
    """Change a deck's sidecar tags from the ones it has now (under the lock: nothing another process wrote is
    lost) and/or its built mark (None: left as it is)."""

    def edit(marks: dict[str, Marks]) -> None:
        old = marks.get(file.name, Marks())
        tags = old.tags if change is None else clean_tags(list(change(old.tags)))
        new = Marks(tags, old.built if built is None else built)
        if new.tags or new.built:
            marks[file.name] = new
        else:
            marks.pop(file.name, None)

    change_marks(file.parent, edit)


def take_marks(file: Path) -> Marks:
    """Take a deck's sidecar marks out of its folder's sidecar (the deck is moving or deleted); the marks it had."""
    taken: list[Marks] = []

    def take(marks: dict[str, Marks]) -> None:
        taken.append(marks.pop(file.name, Marks()))

    change_marks(file.parent, take)
    return taken[0] if taken else Marks()


def move_marks(source: Path, target: Path) -> Marks:
    """Carry a deck's sidecar marks to its new name or folder (the marks it had)."""
    mark = take_marks(source)
    if mark.tags or mark.built:
        set_marks(target, mark.tags, mark.built)
    return mark


def set_native_tags(file: Path, tags: tuple[str, ...] | Callable[[tuple[str, ...]], Iterable[str]]) -> None:
    """Write a native deck's tags into it (every other key kept): these tags, or those `tags` makes of the ones it
    has now; LibraryError when it cannot.

    Under the lock of its folder's sidecar, as every mark of the folder is (one hidden lock file per folder, not one
    per deck), so two processes tagging one deck at once each read what the other wrote.
    """
    try:
        with locked(file.parent / SIDECAR):
            before = read_bytes(file, file.parent, MAX_FILE_BYTES)
            if before is None:
                raise LibraryError(_("{path}: the deck file is gone").format(path=file))
            try:
                text, _note = decode_deck_bytes(before, file.name)
                wanted = tags(native_tags(text, file.name)) if callable(tags) else tags
                after = native_with_tags(text, list(wanted), file.name).encode("utf-8")
            except DeckFileError as exc:
                raise LibraryError(
                    _("{path}: tags not written: {reason}").format(path=file.name, reason=exc.reason)
                ) from exc
            if after != before:
                write_bytes(file, file.parent, after)
    except (UserFileError, OSError) as exc:
        raise LibraryError(str(exc)) from exc

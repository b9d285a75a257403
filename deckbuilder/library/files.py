"""The library's file actions: duplicate, rename, move, delete into the library's trash, and restore.

No action ever replaces a file (a name taken is refused), follows a link, or changes a Lackey file's bytes (only its
name or place); a deleted deck is kept in the trash folder of the user data folder until it is restored.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

from carddb.atomic import atomic_write_bytes
from carddb.safeio import UnsafeFileError, read_regular_bytes
from deckbuilder.deckfiles.common import MAX_FILE_BYTES, DeckFileError, decode_deck_bytes
from deckbuilder.i18n import gettext as _
from deckbuilder.library.marks import Marks, keeps_tags_inside, move_marks, set_marks, take_marks
from deckbuilder.library.model import LibraryError, TrashedDeck
from deckbuilder.userdata import plain_file

TRASH_FOLDER = "library-trash"
_ABOUT = "deleted.json"
_MAX_STEM = 120
_UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]')


@contextlib.contextmanager
def refused(file: Path) -> Iterator[None]:
    """Any OS failure of an action on `file` as a LibraryError naming it (a full disk, a file too big to copy)."""
    try:
        yield
    except UnsafeFileError as exc:
        raise LibraryError(_("cannot read {path}: {reason}").format(path=file, reason=exc.reason)) from exc
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise LibraryError(_("{path}: {reason}").format(path=file, reason=reason)) from exc


def file_stem(name: str) -> str:
    """A deck name as a file name (without its extension): no separators, controls or leading dots, cut short."""
    text = " ".join(_UNSAFE.sub(" ", name).split()).lstrip(".").strip()
    return text[:_MAX_STEM].rstrip(" .") or _("deck")


def _check_deck(file: Path) -> None:
    if not plain_file(file):
        raise LibraryError(_("{path} is not a deck file of the library (gone, or a link)").format(path=file))


def place(source: Path, target: Path) -> None:
    """Move a file to a name not taken (refused when it is), never replacing anything; across disks too."""
    if os.path.lexists(target):
        raise LibraryError(_("{path} already exists: nothing was changed").format(path=target))
    try:
        os.link(source, target)  # fails rather than replace a file that appeared meanwhile
    except FileExistsError as exc:
        raise LibraryError(_("{path} already exists: nothing was changed").format(path=target)) from exc
    except OSError:
        _copy_new(source, target)  # another disk, or a file system without hard links
    os.unlink(source)


def _copy_new(source: Path, target: Path) -> None:
    """Copy a file to a new name only (O_EXCL), whole or not at all."""
    data = read_regular_bytes(source, MAX_FILE_BYTES * 4)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except FileExistsError as exc:
        raise LibraryError(_("{path} already exists: nothing was changed").format(path=target)) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(target)
        raise
    with contextlib.suppress(OSError):
        shutil.copystat(source, target)


def _free_name(folder: Path, stem: str, suffix: str) -> Path:
    target = folder / f"{stem}{suffix}"
    number = 2
    while os.path.lexists(target):
        target = folder / f"{stem} {number}{suffix}"
        number += 1
    return target


def _renamed_native(file: Path, name: str) -> bytes | None:
    """A native deck's bytes with its name changed (None for another kind, or a file that is no native deck)."""
    if not keeps_tags_inside(file):
        return None
    from deckbuilder.deckfiles.native import with_name

    try:
        text, _note = decode_deck_bytes(read_regular_bytes(file, MAX_FILE_BYTES), file.name)
        return with_name(text, name, file.name).encode("utf-8")
    except (DeckFileError, OSError):
        return None


def duplicate(file: Path, name: str) -> Path:
    """A copy of the deck beside it, under `name` (a native deck's own name too); its tags and no built mark."""
    _check_deck(file)
    target = _free_name(file.parent, file_stem(name), file.suffix)
    renamed = _renamed_native(file, name)
    if renamed is None:
        _copy_new(file, target)
    else:
        _write_new(target, renamed)
    from deckbuilder.library.marks import read_marks

    mark = read_marks(file.parent).get(file.name)
    if mark is not None and mark.tags:
        set_marks(target, mark.tags, False)
    return target


def _write_new(target: Path, data: bytes) -> None:
    """A new file, whole or not at all, never replacing one: written beside it, then linked to its name."""
    fd, temp = tempfile.mkstemp(prefix=".", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temp, target)  # fails rather than replace a file that appeared meanwhile
        except FileExistsError as exc:
            raise LibraryError(_("{path} already exists: nothing was changed").format(path=target)) from exc
        except OSError:
            _copy_new(Path(temp), target)  # a file system without hard links: O_EXCL
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def rename(file: Path, name: str) -> Path:
    """Give a deck a new name: its file's name (a native deck's own name too); its marks follow. The new path."""
    _check_deck(file)
    target = file.with_name(file_stem(name) + file.suffix)
    if target == file:
        return file
    renamed = _renamed_native(file, name)
    if renamed is None:
        place(file, target)  # a Lackey file keeps its bytes
    else:
        _write_new(target, renamed)  # whole under its new name before the old file goes
        os.unlink(file)
    move_marks(file, target)
    return target


def move(file: Path, folder: Path) -> Path:
    """Move a deck to another folder under the same name (refused when taken); its marks follow. The new path."""
    _check_deck(file)
    if not Path(folder).is_dir() or Path(folder).is_symlink():
        raise LibraryError(_("{folder} is not a folder").format(folder=folder))
    target = Path(folder) / file.name
    place(file, target)
    move_marks(file, target)
    return target


def delete(file: Path, trash: Path) -> TrashedDeck:
    """Move a deck into the library's trash with where it was and its marks, to restore it later."""
    _check_deck(file)
    token = f"{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:8]}"
    entry = trash / token
    entry.mkdir(parents=True)
    from deckbuilder.library.marks import read_marks

    mark = read_marks(file.parent).get(file.name, Marks())
    deleted = time.time()
    about = {
        "file": str(file),
        "name": file.stem,
        "deleted": deleted,
        "tags": list(mark.tags),
        "built": mark.built,
    }
    atomic_write_bytes(entry / _ABOUT, json.dumps(about, ensure_ascii=False).encode("utf-8"))
    try:
        place(file, entry / file.name)
    except BaseException:
        shutil.rmtree(entry, ignore_errors=True)  # nothing was moved: no trash entry without its deck
        raise
    take_marks(file)  # gone from its folder's sidecar: deleted.json keeps them for a restore
    return TrashedDeck(token, file, file.stem, deleted)


def trashed(trash: Path) -> list[TrashedDeck]:
    """The decks in the library's trash, last deleted first."""
    found = []
    with contextlib.suppress(OSError):
        for entry in sorted(trash.iterdir(), reverse=True)[:1000]:
            about = _about(entry)
            # An entry whose deck is not in it (a delete stopped half-way) is nothing to restore.
            if about is not None and plain_file(entry / Path(str(about["file"])).name):
                found.append(
                    TrashedDeck(
                        entry.name, Path(str(about["file"])), str(about.get("name", "")), _number(about)
                    )
                )
    return found


def _number(about: dict[str, object]) -> float:
    value = about.get("deleted")
    return float(value) if isinstance(value, (int, float)) else 0.0


def _about(entry: Path) -> dict[str, object] | None:
    try:
        about = json.loads(read_regular_bytes(entry / _ABOUT, 64 * 1024).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return about if isinstance(about, dict) and isinstance(about.get("file"), str) else None


def restore(token: str, trash: Path) -> Path:
    """Put a deleted deck back where it was (refused when that name is taken meanwhile), with its marks."""
    entry = trash / Path(token).name
    about = _about(entry)
    if about is None or not entry.is_dir() or entry.is_symlink():
        raise LibraryError(_("{token} is not in the library's trash").format(token=token))
    target = Path(str(about["file"]))
    kept = entry / target.name
    if not plain_file(kept):
        raise LibraryError(_("{token} is not in the library's trash").format(token=token))
    target.parent.mkdir(parents=True, exist_ok=True)
    place(kept, target)
    tags = about.get("tags")
    marks = Marks(
        tuple(t for t in tags if isinstance(t, str)) if isinstance(tags, list) else (),
        about.get("built") is True,
    )
    if (marks.tags and not keeps_tags_inside(target)) or marks.built:
        set_marks(target, None if keeps_tags_inside(target) else marks.tags, marks.built)
    shutil.rmtree(entry, ignore_errors=True)
    return target


def empty_trash(trash: Path, older_than_days: float = 0.0) -> int:
    """Remove the trash entries deleted more than `older_than_days` ago; how many were removed."""
    before = time.time() - older_than_days * 86400
    removed = 0
    for deck in trashed(trash):
        entry = trash / deck.token
        if deck.deleted <= before and entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
            removed += 1
    return removed

"""A deck file's earlier versions: every save keeps, byte for byte, the file it replaces (no Qt).

Versions live in the user data folder, `history/<id>/`, where the id is derived from the deck file's full path (the
deck file itself is never changed). Each version is a folder `v<number>-<UTC date>/` holding the file under its
own name, so its kind and deck name read back as they were; `index.json` lists them with their date, file kind,
fingerprint and a one-line summary of what changed from the version before. The index is a cache: a damaged or
missing one is rebuilt from the folders, so no version is lost with it (a damaged one is kept aside first, an entry
naming anything but a kept version's own file marks it damaged). At most MAX_VERSIONS are kept per deck. Save As
carries a deck's versions to its new path, unless the file saved over has versions of its own (they stay). Every
file here follows deckbuilder.userdata's rule: changed under the deck's lock, written whole, no link followed out.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from carddb.safeio import is_regular_file, read_regular_bytes
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import DeckFileError, LoadedDeck, kind_for_path, read_deck
from deckbuilder.deckfiles.common import MAX_FILE_BYTES
from deckbuilder.i18n import gettext as _
from deckbuilder.userdata import UserFileError, inside, keep_aside, locked, plain_file, write_bytes

HISTORY_FOLDER = "history"
INDEX = "index.json"
MAX_VERSIONS = 50
_MAX_INDEX_BYTES = 1 << 20
_VERSION = re.compile(r"v(\d{6})-(\d{8}T\d{6}Z)", re.ASCII)
# What an index entry's fields may hold; an entry that holds anything else marks the index damaged (it is rebuilt).
_ENTRY_CHECKS = {
    "kind": re.compile(r"[a-z0-9_-]{0,40}", re.ASCII),
    "fingerprint": re.compile(r"[A-Z0-9-]{0,40}", re.ASCII),
    "sha256": re.compile(r"[0-9a-f]{64}", re.ASCII),
    "summary": re.compile(r"[^\x00-\x1f\x7f]{0,4000}"),
}
_DATE = "%Y%m%dT%H%M%SZ"


@dataclass(frozen=True)
class Version:
    """One kept version: its folder, the file in it, when it was saved (UTC), its kind, fingerprint and summary."""

    folder: str
    file: str
    date: str  # ISO 8601, UTC
    kind: str
    fingerprint: str
    summary: str
    sha256: str

    @property
    def number(self) -> int:
        """Its place in the deck's history (1 = oldest kept ever)."""
        match = _VERSION.fullmatch(self.folder)
        return int(match.group(1)) if match else 0


def saved_at(folder: str) -> datetime | None:
    """When the version kept in a folder of that name was saved (UTC); None for another folder (or a date that
    cannot be, such as month 13: such a folder is not a version)."""
    match = _VERSION.fullmatch(folder)
    if not match:
        return None
    try:
        return datetime.strptime(match.group(2), _DATE).replace(tzinfo=UTC)
    except ValueError:
        return None


def history_root() -> Path:
    """Where every deck's history is kept."""
    from carddb.db import user_data_dir

    return user_data_dir() / HISTORY_FOLDER


def deck_id(path: Path) -> str:
    """The stable id of a deck file: from its full path, so the same file always finds its history."""
    return hashlib.sha256(str(Path(path).resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:20]


class DeckHistory:
    """The kept versions of deck files under one root (the user data folder's by default).

    Every change of one deck's versions (keep, carry, an index rebuilt) runs under that deck's lock
    (deckbuilder.userdata), and `save` holds it while the deck file itself is written, so two saves of one deck
    at once keep every file either replaces.
    """

    def __init__(self, root: Path | None = None, limit: int = MAX_VERSIONS) -> None:
        self.root = root if root is not None else history_root()
        self.limit = limit

    def folder(self, path: Path) -> Path:
        """The folder of one deck file's versions."""
        return self.root / deck_id(path)

    def versions(self, path: Path, pool: Any = None) -> list[Version]:
        """The deck file's kept versions, oldest first (the index, or the folders when it is damaged)."""
        folder = self.folder(path)
        if not self._usable(folder):
            return []
        listed, _damaged = _read_index(folder)
        if listed is not None:
            return listed
        try:
            with locked(folder):
                return self._current(folder, path, pool)
        except (UserFileError, OSError):  # no lock to be had: listed from the folders, nothing written
            return self._rebuild(folder, path, pool, write=False)

    def version_path(self, path: Path, version: Version) -> Path:
        """The file of one kept version."""
        return self.folder(path) / version.folder / version.file

    def read(self, path: Path, version: Version, pool: Any = None) -> LoadedDeck:
        """One kept version read back as a deck (DeckFileError when it cannot be)."""
        file = self.version_path(path, version)
        if not plain_file(file):  # swapped for a link since it was listed
            raise DeckFileError(_("{path} is no longer a kept version").format(path=file))
        return read_deck(file, pool=pool)

    def save(
        self, path: Path, write: Callable[[Path], object], pool: Any = None, previous: Path | None = None
    ) -> str | None:
        """Write a deck file through `write`, keeping the file it replaces (and, for Save As from `previous`,
        carrying that file's versions) under the history's locks; returns why the history could not be kept
        (the file is written all the same)."""
        path = Path(path)
        carried = previous is not None and Path(previous) != path
        folders = sorted({self.folder(path), *([self.folder(previous)] if carried and previous else [])})
        problem: str | None = None
        with contextlib.ExitStack() as held:
            try:
                for (
                    folder
                ) in folders:  # always in one order: two saves never wait on each other's second lock
                    held.enter_context(locked(folder))
            except (UserFileError, OSError) as exc:
                problem = str(exc)
            if problem is None:
                try:
                    if carried and previous is not None:
                        self._carry(Path(previous), path, pool)
                    self._keep(path, pool, None)
                except (OSError, ValueError) as exc:
                    problem = str(exc)
            write(path)
        return problem

    def keep(self, path: Path, pool: Any = None, now: datetime | None = None) -> Version | None:
        """Before `path` is overwritten: keep the file as it is now (None when there is none, or it is kept already)."""
        with locked(self.folder(path)):
            return self._keep(Path(path), pool, now)

    def carry(self, old: Path, new: Path, pool: Any = None) -> None:
        """Save As: the versions of `old` become the versions of `new` too (the old file keeps its own)."""
        with contextlib.ExitStack() as held:
            for folder in sorted({self.folder(old), self.folder(new)}):
                held.enter_context(locked(folder))
            self._carry(Path(old), Path(new), pool)

    def _usable(self, folder: Path) -> bool:
        """Whether a deck's folder may be read: not a link leading out of the history."""
        try:
            inside(folder, self.root)
        except UserFileError:
            return False
        return True

    def _current(self, folder: Path, path: Path, pool: Any) -> list[Version]:
        """The versions, with the lock held: the index, or the folders (a damaged index kept aside first)."""
        listed, damaged = _read_index(folder)
        if listed is not None:
            return listed
        if damaged:
            with contextlib.suppress(OSError, UserFileError):
                keep_aside(folder / INDEX)
        return self._rebuild(folder, path, pool)

    def _keep(self, path: Path, pool: Any, now: datetime | None) -> Version | None:
        if not is_regular_file(path):
            return None
        folder = inside(self.folder(path), self.root)
        data = read_regular_bytes(path, MAX_FILE_BYTES)
        digest = hashlib.sha256(data).hexdigest()
        versions = self._current(folder, path, pool)
        if versions and versions[-1].sha256 == digest:
            return None
        saved = datetime.fromtimestamp(path.stat().st_mtime, UTC) if now is None else now
        taken = [int(m.group(1)) for p in _entries(folder) if (m := _VERSION.fullmatch(p.name))]
        number = max([*taken, *(v.number for v in versions), 0]) + 1
        name = f"v{number:06d}-{saved.strftime(_DATE)}"
        (folder / name).mkdir(parents=True)  # never an existing folder: the number is past every one there
        target = folder / name / path.name
        write_bytes(target, folder, data)
        previous = self._deck(self.version_path(path, versions[-1]), pool) if versions else None
        version = _describe(target, name, saved, digest, self._deck(target, pool), previous, pool)
        versions.append(version)
        for old in versions[: -self.limit]:
            shutil.rmtree(folder / old.folder, ignore_errors=True)
        self._write_index(folder, path, versions[-self.limit :])
        return version

    def _carry(self, old: Path, new: Path, pool: Any) -> None:
        """Copy the versions of `old` to `new`, unless `new` has versions of its own: those are never replaced."""
        source, target = self.folder(old), self.folder(new)
        if source == target or not self._usable(source) or not source.is_dir():
            return
        inside(target, self.root)
        if _kept_folders(target):
            return  # the file saved over keeps its own history; the file it replaces is kept by _keep
        carried: list[Version] = []
        for version in self._current(source, old, pool):
            data = read_regular_bytes(self.version_path(old, version), MAX_FILE_BYTES)
            (target / version.folder).mkdir(parents=True, exist_ok=True)
            write_bytes(target / version.folder / version.file, target, data)
            carried.append(version)
        if carried:
            self._write_index(target, new, carried)

    def _deck(self, file: Path, pool: Any) -> Deck | None:
        try:
            return read_deck(file, pool=pool).deck
        except (DeckFileError, OSError, ValueError):
            return None

    def _rebuild(self, folder: Path, path: Path, pool: Any, write: bool = True) -> list[Version]:
        """The versions read from their folders (dates from the folder names), summaries worked out again."""
        versions: list[Version] = []
        previous: Deck | None = None
        for entry, file in _kept_folders(folder):
            saved = saved_at(entry.name)
            assert saved is not None  # _kept_folders holds valid names only
            try:
                digest = hashlib.sha256(read_regular_bytes(file, MAX_FILE_BYTES)).hexdigest()
            except OSError:
                continue
            deck = self._deck(file, pool)
            versions.append(_describe(file, entry.name, saved, digest, deck, previous, pool))
            previous = deck
        if write and (versions or folder.is_dir()):
            with contextlib.suppress(OSError, UserFileError):  # listed from their folders again next time
                self._write_index(folder, path, versions)
        return versions

    def _write_index(self, folder: Path, path: Path, versions: list[Version]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        index = folder / INDEX
        if os.path.lexists(index) and not plain_file(index):
            keep_aside(index)  # a link (even to a file inside) is renamed, never written through
        document = {"path": str(Path(path).resolve()), "versions": [asdict(v) for v in versions]}
        write_bytes(
            index, folder, (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
        )


def _read_index(folder: Path) -> tuple[list[Version] | None, bool]:
    """The index's versions when it lists exactly the kept folders; else None, and whether it is damaged (not
    JSON, an entry that cannot be, a link) rather than only out of date."""
    from deckbuilder.games.datafiles import DataFileError, parse_json

    index = folder / INDEX
    if not os.path.lexists(index):
        return None, False
    if not plain_file(index):
        return None, True
    try:
        data = parse_json(read_regular_bytes(index, _MAX_INDEX_BYTES))
        entries = data["versions"] if isinstance(data, dict) else None
        if not isinstance(entries, list):
            return None, True
        versions = [_entry(entry) for entry in entries]
    except (OSError, DataFileError, ValueError, KeyError, TypeError):
        return None, True
    if [(v.folder, v.file) for v in versions] != [(p.name, f.name) for p, f in _kept_folders(folder)]:
        return None, False
    return versions, False


def _entry(entry: object) -> Version:
    """One index entry, checked field by field (ValueError for anything a version cannot hold)."""
    if not isinstance(entry, dict):
        raise ValueError("not an object")
    fields = {key: entry[key] for key in Version.__dataclass_fields__}
    if not all(isinstance(value, str) for value in fields.values()):
        raise ValueError("not text")
    if saved_at(fields["folder"]) is None or not _plain_name(fields["file"]):
        raise ValueError("not a version")
    datetime.fromisoformat(fields["date"])  # ValueError for anything but a date
    if not all(check.fullmatch(fields[key]) for key, check in _ENTRY_CHECKS.items()):
        raise ValueError("not a version")
    return Version(**fields)


def _plain_name(name: str) -> bool:
    """A file name of one part: no folder, no link up, no NUL."""
    return 0 < len(name) <= 255 and name not in (".", "..") and not any(ch in name for ch in "/\\\0")


def _entries(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir()) if folder.is_dir() and not folder.is_symlink() else []
    except OSError:
        return []


def _kept_folders(folder: Path) -> list[tuple[Path, Path]]:
    """The version folders (a valid name, not a link) holding exactly one plain file, oldest first, with it."""
    kept = []
    for entry in sorted(_entries(folder), key=lambda p: p.name):
        if saved_at(entry.name) is None or entry.is_symlink() or not entry.is_dir():
            continue
        files = _entries(entry)
        if len(files) == 1 and plain_file(files[0]):
            kept.append((entry, files[0]))
    return kept


def _describe(
    file: Path, name: str, saved: datetime, digest: str, deck: Deck | None, previous: Deck | None, pool: Any
) -> Version:
    """A version's index entry: its fingerprint and what changed from the version before it."""
    from deckbuilder.deckdiff import GamesDiffer, diff_decks
    from deckbuilder.fingerprint import deck_fingerprint

    summary = ""
    fingerprint = ""
    if deck is not None:
        fingerprint = deck_fingerprint(deck, pool).code
        if previous is not None and pool is not None:
            try:
                summary = diff_decks(previous, deck, pool, check=False).summary()
            except (GamesDiffer, ValueError):
                summary = ""
    return Version(
        folder=name,
        file=file.name,
        date=saved.isoformat(timespec="seconds"),
        kind=kind_for_path(file) or "",
        fingerprint=fingerprint,
        summary=summary,
        sha256=digest,
    )

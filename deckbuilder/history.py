"""A deck file's earlier versions: every save keeps, byte for byte, the file it replaces (no Qt).

Versions live in the user data folder, `history/<id>/`, where the id is derived from the deck file's full path (the
deck file itself is never changed). Each version is a folder `v<number>-<UTC date>/` holding the file under its
own name, so its kind and deck name read back as they were; `index.json` lists them with their date, file kind,
fingerprint and a one-line summary of what changed from the version before. The index is a cache: a damaged or
missing one is rebuilt from the folders, so no version is lost with it. At most MAX_VERSIONS are kept per deck.
Save As carries a deck's versions to its new path.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from carddb.atomic import atomic_write_bytes, atomic_write_text
from carddb.safeio import is_regular_file, read_regular_bytes
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import DeckFileError, LoadedDeck, kind_for_path, read_deck
from deckbuilder.deckfiles.common import MAX_FILE_BYTES

HISTORY_FOLDER = "history"
INDEX = "index.json"
MAX_VERSIONS = 50
_MAX_INDEX_BYTES = 1 << 20
_VERSION = re.compile(r"^v(\d{6})-(\d{8}T\d{6}Z)$")
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
        match = _VERSION.match(self.folder)
        return int(match.group(1)) if match else 0


def saved_at(folder: str) -> datetime | None:
    """When the version kept in a folder of that name was saved (UTC); None for another folder."""
    match = _VERSION.match(folder)
    return datetime.strptime(match.group(2), _DATE).replace(tzinfo=UTC) if match else None


def history_root() -> Path:
    """Where every deck's history is kept."""
    from carddb.db import user_data_dir

    return user_data_dir() / HISTORY_FOLDER


def deck_id(path: Path) -> str:
    """The stable id of a deck file: from its full path, so the same file always finds its history."""
    return hashlib.sha256(str(Path(path).resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:20]


class DeckHistory:
    """The kept versions of deck files under one root (the user data folder's by default)."""

    def __init__(self, root: Path | None = None, limit: int = MAX_VERSIONS) -> None:
        self.root = root if root is not None else history_root()
        self.limit = limit

    def folder(self, path: Path) -> Path:
        """The folder of one deck file's versions."""
        return self.root / deck_id(path)

    def versions(self, path: Path, pool: Any = None) -> list[Version]:
        """The deck file's kept versions, oldest first (the index, or the folders when it is damaged)."""
        folder = self.folder(path)
        listed = self._read_index(folder)
        if listed is None:
            listed = self._rebuild(folder, path, pool)
        return listed

    def version_path(self, path: Path, version: Version) -> Path:
        """The file of one kept version."""
        return self.folder(path) / version.folder / version.file

    def read(self, path: Path, version: Version, pool: Any = None) -> LoadedDeck:
        """One kept version read back as a deck (DeckFileError when it cannot be)."""
        return read_deck(self.version_path(path, version), pool=pool)

    def keep(self, path: Path, pool: Any = None, now: datetime | None = None) -> Version | None:
        """Before `path` is overwritten: keep the file as it is now (None when there is none, or it is kept already)."""
        path = Path(path)
        if not is_regular_file(path):
            return None
        data = read_regular_bytes(path, MAX_FILE_BYTES)
        digest = hashlib.sha256(data).hexdigest()
        folder = self.folder(path)
        versions = self.versions(path, pool)
        if versions and versions[-1].sha256 == digest:
            return None
        saved = datetime.fromtimestamp(path.stat().st_mtime, UTC) if now is None else now
        number = versions[-1].number + 1 if versions else 1
        name = f"v{number:06d}-{saved.strftime(_DATE)}"
        target = folder / name / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, data)
        previous = self._deck(folder / versions[-1].folder / versions[-1].file, pool) if versions else None
        version = _describe(target, name, saved, digest, self._deck(target, pool), previous, pool)
        versions.append(version)
        for old in versions[: -self.limit]:
            shutil.rmtree(folder / old.folder, ignore_errors=True)
        self._write_index(folder, path, versions[-self.limit :])
        return version

    def carry(self, old: Path, new: Path) -> None:
        """Save As: the versions of `old` become the versions of `new` too (the old file keeps its own)."""
        source, target = self.folder(old), self.folder(new)
        if source == target or not source.is_dir():
            return
        if target.exists():
            shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target, symlinks=True)
        index = self._read_index(target)
        if index is not None:
            self._write_index(target, new, index)

    def _deck(self, file: Path, pool: Any) -> Deck | None:
        try:
            return read_deck(file, pool=pool).deck
        except (DeckFileError, OSError):
            return None

    def _read_index(self, folder: Path) -> list[Version] | None:
        """The index's versions whose folders are all there; None when it is missing, damaged or out of date."""
        try:
            data = json.loads(read_regular_bytes(folder / INDEX, _MAX_INDEX_BYTES).decode("utf-8"))
            versions = [
                Version(**{k: str(v[k]) for k in Version.__dataclass_fields__}) for v in data["versions"]
            ]
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            return None
        on_disk = sorted(p.name for p in _version_folders(folder))
        if [v.folder for v in versions] != on_disk:
            return None
        return versions

    def _rebuild(self, folder: Path, path: Path, pool: Any) -> list[Version]:
        """The versions read from their folders (dates from the folder names), summaries worked out again."""
        versions: list[Version] = []
        previous: Deck | None = None
        for entry in sorted(_version_folders(folder), key=lambda p: p.name):
            files = [f for f in entry.iterdir() if is_regular_file(f)]
            if len(files) != 1:
                continue
            match = _VERSION.match(entry.name)
            assert match is not None
            saved = datetime.strptime(match.group(2), _DATE).replace(tzinfo=UTC)
            try:
                digest = hashlib.sha256(read_regular_bytes(files[0], MAX_FILE_BYTES)).hexdigest()
            except OSError:
                continue
            deck = self._deck(files[0], pool)
            versions.append(_describe(files[0], entry.name, saved, digest, deck, previous, pool))
            previous = deck
        if versions or folder.is_dir():
            with contextlib.suppress(OSError):  # the versions are still listed from their folders next time
                self._write_index(folder, path, versions)
        return versions

    def _write_index(self, folder: Path, path: Path, versions: list[Version]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        document = {"path": str(Path(path).resolve()), "versions": [asdict(v) for v in versions]}
        atomic_write_text(folder / INDEX, json.dumps(document, indent=1, ensure_ascii=False) + "\n")


def _version_folders(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return [p for p in folder.iterdir() if _VERSION.match(p.name) and p.is_dir() and not p.is_symlink()]


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

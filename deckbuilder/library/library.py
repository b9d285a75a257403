"""The player's deck library: every deck file of the library's folders, listed from the verdict cache and kept
current by a re-check of what changed (see the package's docstring for the contract)."""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from deckbuilder.library import files as file_actions
from deckbuilder.library.across import ListedDeck, Listing
from deckbuilder.library.cache import CACHE_FILE, Cached, Identity, VerdictCache
from deckbuilder.library.check import check_file, shown
from deckbuilder.library.folders import add_folder, default_folder, library_folders, remove_folder
from deckbuilder.library.marks import (
    Marks,
    change_tags,
    keeps_tags_inside,
    read_marks,
    set_marks,
    set_native_tags,
)
from deckbuilder.library.model import CardUse, LibraryDeck, LibraryError, MissingCard, TrashedDeck

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]
_NO_MARKS = Marks()
_BATCH = 25  # checks kept in the cache together: a cancelled refresh keeps what it did
# A listing reads the tags of at most this many native decks not checked yet (a first listing of a thousand new
# decks would otherwise read them all): the others show theirs once checked.
_MAX_TAG_READS = 200


class Library:
    """The decks of the library's folders (or of the folders given), with their verdicts, tags and collection status.

    Thread-safe: `refresh` may run in a worker thread while another thread lists or tags; every call that reads the
    card database opens its own connection to the file of `db`.
    """

    def __init__(
        self,
        db: Any,
        folders: Iterable[Path] | None = None,
        *,
        data_dir: Path | None = None,
        lang: str | None = None,
    ) -> None:
        from carddb.paths import user_data_dir

        self.db = db  # the card database (its file is what each call opens); None: each game's shipped cards
        self.data_dir = Path(data_dir) if data_dir is not None else user_data_dir()
        self._given = None if folders is None else [Path(os.path.abspath(f)) for f in folders]
        self.lang = lang  # the language reasons are shown in (None: the current one)
        self._shown_lang = lang
        self.cache = VerdictCache(self.data_dir / CACHE_FILE)
        self.notes: list[str] = []  # what the last walk skipped (carddb Messages)
        self._stamp: str | None = None  # the stamp of the last refresh
        self._lock = threading.Lock()
        self._last: Listing | None = None  # the last listing: what `uses` and `missing_for` answer from
        self._tag_reads = _MAX_TAG_READS  # native decks not checked yet whose tags a listing still reads

    # -- folders ---------------------------------------------------------------------------------

    @property
    def trash(self) -> Path:
        """Where deleted decks are kept until restored."""
        return self.data_dir / file_actions.TRASH_FOLDER

    def folders(self) -> list[Path]:
        """The library's folders: the ones given, else the decks folder of the user data folder and those added."""
        if self._given is not None:
            return list(self._given)
        return [Path(os.path.abspath(f)) for f in library_folders(self.data_dir)]

    def default_folder(self) -> Path:
        """The decks folder of the user data folder (made when asked for): where new decks go."""
        folder = default_folder(self.data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def added_folders(self) -> list[Path]:
        """The folders the player added (every folder but the decks folder): those `remove_folder` can take out."""
        if self._given is not None:
            return []
        default = os.path.normcase(os.path.abspath(default_folder(self.data_dir)))
        return [f for f in self.folders() if os.path.normcase(str(f)) != default]

    def add_folder(self, folder: Path) -> None:
        """Add a folder to the library, kept for the next runs."""
        add_folder(self.data_dir, folder)

    def remove_folder(self, folder: Path) -> None:
        """Take an added folder out of the library (its files stay); LibraryError for the decks folder."""
        from deckbuilder.i18n import gettext as _

        if os.path.normcase(os.path.abspath(folder)) == os.path.normcase(
            os.path.abspath(default_folder(self.data_dir))
        ):
            raise LibraryError(
                _("{folder} is the library's own decks folder: it cannot be removed").format(folder=folder)
            )
        remove_folder(self.data_dir, folder)

    def deck_files(self) -> list[Path]:
        """Every deck file of the folders (bounded walk, links not followed); `notes` says what was skipped."""
        from deckbuilder.deckfiles.walk import deck_files

        found, notes = deck_files([f for f in self.folders() if f.is_dir()])
        self.notes = notes
        return found

    # -- listing ---------------------------------------------------------------------------------

    def cached(self) -> list[LibraryDeck]:
        """Every deck as last checked (from the cache, nothing re-checked); a deck not checked yet has legal None."""
        paths = self.deck_files()
        return self._list(paths, self.cache.read(), self.db)

    def refresh(
        self, progress: Progress | None = None, cancelled: Cancelled | None = None
    ) -> list[LibraryDeck]:
        """Re-check every deck whose file, card data, format or game changed since its check; the list after.

        `progress(done, total)` is called after each deck; `cancelled()` returning True stops it (what was checked
        is kept). Runs in any thread: the card database is opened afresh for it.
        """
        from deckbuilder.context import DeckContexts
        from deckbuilder.library.stamps import stamp

        db = self._own_db()
        try:
            current = stamp(db)
            self._stamp = current
            paths = self.deck_files()
            cached = self.cache.read()
            todo = [p for p in paths if not _fresh(cached.get(str(p)), p, current)]
            contexts = DeckContexts(db, batch=True)
            done: list[Cached] = []
            for number, path in enumerate(todo, 1):
                if cancelled is not None and cancelled():
                    break
                identity = _identity(path)
                if identity is not None:
                    entry = check_file(path, contexts)
                    counts = json.dumps(entry.pop("counts", []), ensure_ascii=False)
                    done.append(Cached(identity, current, entry, counts))
                if len(done) >= _BATCH:
                    self.cache.write(done)
                    done = []
                if progress is not None:
                    progress(number, len(todo))
            self.cache.write(done)
            listed = {str(p) for p in paths}
            inside = [str(f) + os.sep for f in self.folders()]
            # Files gone from these folders, and files gone anywhere (a folder listed once, then left): not kept.
            self.cache.forget(
                p
                for p in cached
                if p not in listed and (any(p.startswith(f) for f in inside) or not os.path.lexists(p))
            )
            return self._list(paths, self.cache.read() if todo else cached, db)  # nothing checked: as read
        finally:
            if db is not None and db is not self.db:
                db.close()

    def _own_db(self) -> Any:
        """A connection of this thread's own to the card database (None without one)."""
        if self.db is None:
            return None
        from carddb.db import CardDatabase

        return CardDatabase(self.db.path)

    def _list(self, paths: Sequence[Path], cached: Mapping[str, Cached], db: Any) -> list[LibraryDeck]:
        from deckbuilder.i18n import current_language

        self._shown_lang = self.lang or current_language()  # asked once: it reads the environment
        self._tag_reads = _MAX_TAG_READS
        marks: dict[str, dict[str, Marks]] = {}
        rows: list[ListedDeck] = []
        for path in paths:
            # Plain strings: pathlib's parent, name and hashing cost more than the rest of a row.
            text = str(path)
            folder, name = os.path.split(text)
            folder_marks = marks.get(folder)
            if folder_marks is None:
                folder_marks = marks[folder] = read_marks(Path(folder))
            rows.append(self._row(path, text, name, cached.get(text), folder_marks.get(name, _NO_MARKS)))
        listing = Listing(rows, self.cache)
        listing.count_missing(db)
        with self._lock:
            self._last = listing
        return listing.decks

    def _row(self, path: Path, text: str, name: str, cached: Cached | None, mark: Marks) -> ListedDeck:
        # One lstat and one splitext a row, compared as numbers: at 1,000 decks each call a row saves counts.
        try:
            info = os.lstat(text)
        except OSError:
            info = None
        stem, suffix = os.path.splitext(name)
        inside = _suffix_inside(suffix.casefold())
        saved = info.st_mtime_ns / 1e9 if info is not None else 0.0
        if cached is None or info is None:
            # A native deck not checked yet: its own tags, read from it while the budget lasts (the check follows).
            tags = mark.tags
            if inside and info is not None and self._tag_reads > 0:
                self._tag_reads -= 1
                tags = _native_file_tags(path) or ()
            deck = LibraryDeck(path, name=stem, saved=saved, built=mark.built, current=False, tags=tags)
            return ListedDeck(deck, None)
        entry = cached.entry
        kept = cached.identity
        current = (kept.size == info.st_size and kept.mtime_ns == info.st_mtime_ns) and (
            self._stamp is None or cached.stamp == self._stamp
        )
        if "error" in entry:
            deck = LibraryDeck(
                path,
                name=stem,
                saved=saved,
                error=shown(entry["error"], self._shown_lang),
                current=current,
            )
            return ListedDeck(deck, cached)
        tags = tuple(str(t) for t in entry.get("tags", ()) if isinstance(t, str)) if inside else mark.tags
        legal = entry.get("legal")
        deck = LibraryDeck(
            path,
            name=str(entry.get("name", stem)),
            game=str(entry.get("game", "")),
            format=str(entry.get("format", "")),
            legal=legal if isinstance(legal, bool) else None,
            first_error=shown(entry.get("first_error"), self._shown_lang),
            fingerprint=str(entry.get("fingerprint", "")),
            cards=_int(entry.get("cards")),
            saved=saved,
            tags=tags,
            built=mark.built,
            current=current,
        )
        return ListedDeck(deck, cached)

    def _listing(self) -> Listing:
        """The last listing (the cached one when nothing was listed yet)."""
        with self._lock:
            listing = self._last
        if listing is None:
            self.cached()
            with self._lock:
                listing = self._last
        assert listing is not None
        return listing

    # -- marks -----------------------------------------------------------------------------------

    def set_tags(self, file: Path, tags: Iterable[str]) -> None:
        """Give a deck these tags: written into a native deck, beside a Lackey or text one (its bytes untouched)."""
        from deckbuilder.deckfiles.native import clean_tags

        kept = clean_tags(list(tags))
        self._change_tags(Path(file), lambda _old: kept)

    def add_tags(self, files: Iterable[Path], tags: Iterable[str]) -> None:
        """Add tags to each of these decks (the tags each has now are read under the lock: none is lost)."""
        added = list(tags)
        for file in files:
            self._change_tags(Path(file), lambda old: [*old, *added])

    def remove_tags(self, files: Iterable[Path], tags: Iterable[str]) -> None:
        """Take tags off each of these decks (case-insensitive), keeping the others."""
        gone = {tag.casefold() for tag in tags}
        for file in files:
            self._change_tags(Path(file), lambda old: [t for t in old if t.casefold() not in gone])

    def _change_tags(self, file: Path, change: Callable[[tuple[str, ...]], Iterable[str]]) -> None:
        if keeps_tags_inside(file):
            before = _identity(file)
            set_native_tags(file, change)
            self._retag_cache(file, before)
        else:
            change_tags(file, change)

    def _retag_cache(self, file: Path, before: Identity | None) -> None:
        """Keep a native deck's check after its tags were written (only its tags changed), so no re-check."""
        old = self.cache.read([str(file)]).get(str(file))
        after = _identity(file)
        if old is None or before is None or after is None or old.identity != before:
            return
        tags = _native_file_tags(file)
        if tags is None:
            return
        self.cache.write([old._replace(identity=after, entry={**old.entry, "tags": list(tags)})])

    def set_built(self, file: Path, built: bool) -> None:
        """Mark a deck built (its cards are in use: other decks count only the copies left over) or not."""
        set_marks(Path(file), built=built)

    # -- files -----------------------------------------------------------------------------------

    def duplicate(self, file: Path, name: str | None = None) -> Path:
        """A copy of the deck beside it (named `name`, else "<name> copy"); the new file."""
        from deckbuilder.i18n import gettext as _

        file = Path(file)
        if name is None:
            listed = self._listing().rows.get(str(file))
            known = listed is not None and listed.deck.fingerprint and listed.deck.current
            name = _("{name} copy").format(name=listed.deck.name if known and listed else _deck_name(file))
        with file_actions.refused(file):
            return file_actions.duplicate(file, name)

    def rename(self, file: Path, new_name: str) -> Path:
        """Rename a deck (its file, and a native deck's own name); the new file."""
        with file_actions.refused(file):
            return self._carry(Path(file), file_actions.rename(Path(file), new_name))

    def move(self, file: Path, folder: Path) -> Path:
        """Move a deck into another folder; the new file."""
        with file_actions.refused(file):
            return self._carry(Path(file), file_actions.move(Path(file), Path(folder)))

    def _carry(self, old: Path, new: Path) -> Path:
        """Keep a Lackey or text deck's check under its new name (its bytes did not change)."""
        if new != old and not keeps_tags_inside(new):
            found = self.cache.read([str(old)]).get(str(old))
            identity = _identity(new)
            if (
                found is not None
                and identity is not None
                and (found.identity.size, found.identity.mtime_ns)
                == (
                    identity.size,
                    identity.mtime_ns,
                )
            ):
                self.cache.write([found._replace(identity=identity)])
        self.cache.forget([str(old)])
        return new

    def delete(self, file: Path) -> TrashedDeck:
        """Move a deck into the library's trash (restore() puts it back)."""
        with file_actions.refused(file):
            trashed = file_actions.delete(Path(file), self.trash)
        self.cache.forget([str(file)])
        return trashed

    def restore(self, trashed: TrashedDeck | str) -> Path:
        """Put a deleted deck back where it was, with its tags and built mark; the file."""
        token = trashed.token if isinstance(trashed, TrashedDeck) else trashed
        with file_actions.refused(self.trash / Path(token).name):
            return file_actions.restore(token, self.trash)

    def trashed(self) -> list[TrashedDeck]:
        """The decks in the library's trash, last deleted first."""
        return file_actions.trashed(self.trash)

    def empty_trash(self, older_than_days: float = 0.0) -> int:
        """Delete for good the decks deleted more than this many days ago (all of them for 0); how many."""
        return file_actions.empty_trash(self.trash, older_than_days)

    # -- collection across decks -----------------------------------------------------------------

    def uses(self, card_name: str, game: str | None = None) -> list[CardUse]:
        """The decks holding a card (of `game`, else of any game) with their copies, by deck name."""
        return self._listing().uses(card_name, game)

    def card_keys(self, game: str | None = None) -> frozenset[str]:
        """The normalised names of every card any deck holds (of `game`, else of any game): `in:decks`."""
        return self._listing().card_keys(game)

    def missing_for(self, files: Iterable[Path]) -> list[MissingCard]:
        """The cards and copies a selection of decks lacks together (built decks outside it holding theirs)."""
        return self._listing().missing_for(files, self.db)


def with_library(terms: Any, db: Any, game: str) -> Any:
    """A search's DeckTerms (None: no deck) with the cards of every deck of the player's library of `game`, for
    `in:decks` (the decks changed since their last check are checked first)."""
    from carddb.search import DeckTerms

    library = Library(db)
    library.refresh()
    found = terms if terms is not None else DeckTerms()
    return found.replace(library=library.card_keys(game))


def _deck_name(file: Path) -> str:
    """The name a deck file gives its deck (its file name when it cannot be read)."""
    from deckbuilder.deckfiles import DeckFileError, read_deck

    try:
        return read_deck(file).deck.name
    except (DeckFileError, OSError):
        return file.stem


def _native_file_tags(file: Path) -> tuple[str, ...] | None:
    """The tags a native deck file holds (None when it cannot be read: its check will say why)."""
    from carddb.safeio import read_regular_bytes
    from deckbuilder.deckfiles.common import MAX_FILE_BYTES, DeckFileError, decode_deck_bytes
    from deckbuilder.deckfiles.native import native_tags

    try:
        text, _note = decode_deck_bytes(read_regular_bytes(file, MAX_FILE_BYTES), file.name)
        return native_tags(text, file.name)
    except (OSError, DeckFileError):
        return None


@functools.lru_cache(maxsize=32)
def _suffix_inside(suffix: str) -> bool:
    return keeps_tags_inside(Path("deck" + suffix))


def _identity(path: Path | str) -> Identity | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return Identity(str(path), info.st_size, info.st_mtime_ns)


def _fresh(cached: Cached | None, path: Path, current: str) -> bool:
    return cached is not None and cached.stamp == current and cached.identity == _identity(path)


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


__all__ = ["Library", "LibraryError"]

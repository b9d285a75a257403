"""Import card data (Lackey plugin folder, Lackey card data file, JSON) into the database in one transaction."""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import os
import re
import sqlite3
import stat
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from carddb.cardtypes import Section, classify_type
from carddb.cardwriter import FIELD_SOURCES, PendingPrinting, write_printings
from carddb.db import CardDatabase
from carddb.images import MAX_IMAGE_BYTES, ImageRefused, check_image_data
from carddb.lackey import (
    MAX_NAME_LENGTH,
    CardDataReader,
    ImageFinder,
    card_data_files,
    open_card_data,
    outside_reason,
    read_plugin_info,
    split_image_files,
    unsafe_name_reason,
)
from carddb.leftovers import (
    CARD_BACK_META,
    TEMP_SUFFIX,
    ImportMarker,
    clean_import_leftovers,
    referenced_images,
)
from carddb.messages import declare, message, message_id_of, params_of
from carddb.model import LACKEY_COLUMNS
from carddb.normalize import normalize_name
from carddb.retire import retire_missing
from carddb.safeio import UnsafeFileError, read_regular_bytes
from carddb.search import rebuild_search_index

REJECTED = "rejected"
SUSPICIOUS = "suspicious"
NOTE = "note"  # nothing lost, worth knowing (a continuation line joined to its card)
PROGRESS_EVERY = 50
# Real set names are at most ~25 characters; longer ones are card text that slipped a column.
MAX_SET_NAME_LENGTH = 40
# Beyond SQLite's 64-bit integers, and far beyond any card stat: such "numbers" are kept as text.
MAX_NUMBER = 10**9
# The real JSON card file is under 2 MB; anything far beyond is refused before it is read.
MAX_JSON_BYTES = 100 * 1024 * 1024

declare(
    {
        "IMPORT_SUMMARY": "Read {rows} rows from {source}: {cards_added} cards added, {cards_updated} updated; "
        "{printings_added} printings added, {printings_updated} updated; {images_copied} images copied, "
        "{images_not_copied} not copied; {lines_joined} lines joined to the card above; "
        "{rejected} rows rejected, {suspicious} suspicious.",
        "IMPORT_LABELLED": "{label}: {reason}",
        "IMPORT_ENTRY_LABEL": "entry {index} {key!r}",
        "IMPORT_NAME_EMPTY": "empty Name",
        "IMPORT_NAME_GLUED": "Name holds tabs or line breaks: a whole raw row glued into the Name (broken conversion)",
        "IMPORT_NAME_IS_TEXT": "Name looks like card text ({length} characters: {start!r}…): "
        "probably a broken line break in the previous row",
        "IMPORT_NAME_ONLY": "only the Name column is filled ({start!r}): Name looks like card text, "
        "probably a broken line break in the previous row",
        "IMPORT_SET_IS_TEXT": "Expansion looks like card text, not a set name ({start!r}…)",
        "IMPORT_NO_SET": "{name!r} has no Expansion (set): stored with an empty set name",
        "IMPORT_TYPE_UNPLACED": "{name!r}: Type {type!r} cannot be placed in a deck section",
        "IMPORT_GARBLED": "{name!r}: {columns} holds U+FFFD (bytes the source file could not decode): "
        "kept as read, check the text",
        "IMPORT_NOT_A_NUMBER": "{name!r}: {column} {value!r} is not a number (kept as text)",
        "IMPORT_DUPLICATE": "{name!r} in set {set!r} also appears at line {line} of {source}: this later row wins",
        "IMPORT_SET_NAME_UNSAFE": "set name {reason}",
        "IMPORT_IMAGE_NAME_REFUSED": "{name!r}: image name {image!r} refused: {reason}",
        "IMPORT_IMAGE_NOT_COPIED": "{name!r}: image {image!r} not copied: {reason}",
        "IMPORT_CARD_BACK_NOT_COPIED": "the card back image (sets/setimages/general/cardback) not copied: {reason}",
        "IMPORT_IMAGE_UNSAFE": "broken or unsafe image: {reason}",
        "IMPORT_IMAGE_COPY_FAILED": "cannot be copied: {error}",
        "IMPORT_IMAGE_READ_FAILED": "cannot be read: {error}",
        "IMPORT_IMAGE_NOT_A_FILE": "is not a regular file",
        "IMPORT_IMAGE_TOO_LARGE": "is larger than 20 MB: skipped",
        "IMPORT_LINE_JOINED": "line {line} joined to {name}'s text",
        "IMPORT_RETIRED": "{name!r} is no longer in the card data: decks and the collection naming it keep it as a "
        "retired card",
        "IMPORT_RETIRED_RENAMED": "{name!r} is no longer in the card data, now {new!r}: decks and the collection "
        "naming it keep it as a retired card",
        "IMPORT_NO_CARD_ROWS": "the file holds no card rows",
        "IMPORT_PLUGININFO_UNREADABLE": "cannot read plugininfo.txt: {error}",
        "IMPORT_NO_ZONE": "no deck zone found for: {zones}",
        "IMPORT_JSON_REPLACED": "bytes that are not valid {encoding} were replaced",
        "IMPORT_JSON_NOT_UTF8": "the file is not UTF-8: read as Windows-1252 (cp1252)",
        "IMPORT_NO_CARD_ENTRIES": "the file holds no card entries",
        "IMPORT_ENTRY_NOT_OBJECT": "is {kind}, expected an object",
        "IMPORT_FIELD_NOT_TEXT": "field {field!r} holds {kind}, not text: kept aside",
        "IMPORT_NO_NAME_FIELD": "no Name field: the entry's key is used as the name",
        "IMPORT_MISSING_FIELDS": "missing required field(s): {fields}",
        "IMPORT_DB_READ_ONLY": "cannot import into {path}: the card database is read-only",
        "IMPORT_DB_FAILED": "cannot import into {path}: {error}",
        "IMPORT_CANNOT_READ": "cannot read {path}: {error}",
        "IMPORT_NOT_CARD_DATA_FILE": "{path} is not a card data file",
        "IMPORT_NO_CARD_DATA": "{path} holds no card data: expected plugininfo.txt listing card data files, or sets/*.txt",
        "IMPORT_JSON_TOO_LARGE": "{path}: larger than {most} MB, not read",
        "IMPORT_JSON_TOO_DEEP": "{source}: not valid card data: the JSON is nested too deeply",
        "IMPORT_JSON_NUMBER_TOO_LONG": "{source}: not valid card data: a number is too long ({error})",
        "IMPORT_JSON_INVALID": "{source}: not valid JSON: {error} (line {line}, column {column})",
        "IMPORT_JSON_TOP_LEVEL": "{source}: the top level is {kind}, expected an object keyed by card name",
        "IMPORT_PATH_MISSING": "{path} does not exist",
    }
)

ProgressFn = Callable[[int, int], None]
CancelFn = Callable[[], bool]

# Lackey header names of the card fields, in carddb.fields order (the one column list).
_NUMBER = re.compile(r"[+-]?\d+")
# Longer digit strings are no card stat; they are kept as text before int() (which refuses 4,300+ digits) sees them.
_MAX_NUMBER_CHARS = 12
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class ImportCancelled(Exception):
    """The user cancelled the import; the database is unchanged."""


class CardImportError(Exception):
    """The input cannot be imported at all (missing file, folder without card data, invalid JSON)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # a carddb Message: str(exc) would drop its id and parameters


@dataclass
class ImportIssue:
    """One rejected or suspicious row (or file-level fact, or a note such as a joined line) of an import."""

    source: str
    line: int
    reason: str  # the English text (a carddb Message when made by the importer)
    severity: str  # "rejected" | "suspicious" | "note"
    message_id: str = ""  # filled from the reason: render it with deckbuilder.i18n in the reader's language
    params: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.message_id:
            self.message_id = message_id_of(self.reason)
            self.params = params_of(self.reason)


@dataclass
class ImageSkip:
    """A card image that was found in the plugin but not copied, and why."""

    source: str
    line: int
    card: str
    image: str
    reason: str


@dataclass
class ImportReport:
    """What an import did: counts, and every row it rejected or found suspicious."""

    source: str
    rows_read: int = 0
    cards_added: int = 0
    cards_updated: int = 0
    printings_added: int = 0
    printings_updated: int = 0
    images_copied: int = 0
    issues: list[ImportIssue] = field(default_factory=list)
    lines_joined: int = 0  # continuation lines appended to the previous card's Text
    images_not_copied: list[ImageSkip] = field(default_factory=list)

    @property
    def rejected(self) -> list[ImportIssue]:
        """Issues whose row was not imported."""
        return [i for i in self.issues if i.severity == REJECTED]

    @property
    def suspicious(self) -> list[ImportIssue]:
        """Issues whose row was imported but deserves a look."""
        return [i for i in self.issues if i.severity == SUSPICIOUS]

    @property
    def joined(self) -> list[ImportIssue]:
        """Notes of the continuation lines joined onto a card's Text."""
        return [i for i in self.issues if i.severity == NOTE]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the report."""
        return asdict(self)

    def summary(self) -> str:
        """One human sentence: counts of rows, cards, printings, images and problems (a translatable Message)."""
        return message(
            "IMPORT_SUMMARY",
            rows=self.rows_read,
            source=self.source,
            cards_added=self.cards_added,
            cards_updated=self.cards_updated,
            printings_added=self.printings_added,
            printings_updated=self.printings_updated,
            images_copied=self.images_copied,
            images_not_copied=len(self.images_not_copied),
            lines_joined=self.lines_joined,
            rejected=len(self.rejected),
            suspicious=len(self.suspicious),
        )


def _check_name(name: str, values: dict[str, str]) -> str:
    """Why a row's Name makes it unusable ("" when it is a plausible card name)."""
    if not name:
        return message("IMPORT_NAME_EMPTY")
    if _CONTROL.search(name):
        return message("IMPORT_NAME_GLUED")
    if len(name) > MAX_NAME_LENGTH:
        return message("IMPORT_NAME_IS_TEXT", length=len(name), start=name[:40])
    if not (values.get("Expansion", "").strip() or values.get("Type", "").strip()) and not any(
        value.strip() for key, value in values.items() if key != "Name"
    ):
        return message("IMPORT_NAME_ONLY", start=name[:40])
    return ""


def _check_set(set_name: str) -> str:
    if _CONTROL.search(set_name) or len(set_name) > MAX_SET_NAME_LENGTH or ". " in set_name:
        return message("IMPORT_SET_IS_TEXT", start=set_name[:40])
    return ""


def _database_error(db: CardDatabase, exc: sqlite3.Error) -> CardImportError:
    """A one-line error for a database the import cannot write (read-only, damaged, locked)."""
    detail = str(exc)
    if "readonly" in detail or "read-only" in detail:
        return CardImportError(message("IMPORT_DB_READ_ONLY", path=str(db.path)))
    return CardImportError(message("IMPORT_DB_FAILED", path=str(db.path), error=detail))


class _Importer:
    """Collects validated printings from any source, then writes them in one transaction.

    Images go to their final, content-addressed paths (never overwritten) before the commit, so a committed
    row never points at a missing file; files of an import that fails are removed unless something uses them.
    """

    def __init__(
        self, db: CardDatabase, source: str, progress: ProgressFn | None, cancel: CancelFn | None
    ) -> None:
        self.db = db
        self.report = ImportReport(source=source)
        self.progress = progress
        self.cancel = cancel
        self.printings: dict[tuple[str, str], PendingPrinting] = {}
        self.stored_images: dict[Path, tuple[str, str]] = {}  # source image -> (stored path, refusal)
        self.created_images: list[Path] = []  # files this import wrote (removed again if it fails)
        self.marker = ImportMarker(db)
        self.zone_labels: dict[str, str] = {}
        # The folder or file whose earlier printings this import replaces (None: nothing is retired).
        self.scope: tuple[Path, bool] | None = None
        self.card_back = ""  # the plugin's card back image, stored (path relative to the DB folder)
        self._since_poll = 0
        self._sections: dict[str, Section | None] = {}
        self._set_checks: dict[str, str] = {}  # set name -> why it is refused ("" when fine)
        self._set_image_problems: dict[str, str] = {}  # set name -> why it cannot name an image folder
        with contextlib.suppress(OSError, sqlite3.Error):
            clean_import_leftovers(db)  # what an earlier, killed import left behind

    # -- reporting -------------------------------------------------------------------------------

    def issue(self, source: str, line: int, reason: str, severity: str) -> None:
        """Record a problem."""
        self.report.issues.append(ImportIssue(source, line, reason, severity))

    def tick(self, done: int, total: int) -> None:
        """After each row: honour a cancel request; every PROGRESS_EVERY rows also report progress."""
        self._since_poll += 1
        if self._since_poll < PROGRESS_EVERY:
            self.check()
            return
        self._since_poll = 0
        self.poll(done, total)

    def check(self) -> None:
        """Raise ImportCancelled when the user asked to stop."""
        if self.cancel is not None and self.cancel():
            raise ImportCancelled("import cancelled: the database is unchanged")

    def poll(self, done: int, total: int) -> None:
        """Report progress now; raise ImportCancelled when the user asked to stop."""
        if self.progress is not None:
            self.progress(done, total)
        self.marker.touch()
        self.check()

    # -- rows ------------------------------------------------------------------------------------

    def add_row(
        self,
        source: str,
        line: int,
        values: dict[str, str],
        extra: dict[str, str],
        problems: Iterable[str] = (),
        images: ImageFinder | None = None,
        label: str = "",
    ) -> None:
        """Validate one row and keep it as a printing (later rows of the same name and set win)."""

        def labelled(reason: str) -> str:
            return message("IMPORT_LABELLED", label=label, reason=reason) if label else reason

        name = values.get("Name", "").strip()
        reason = _check_name(name, values)
        set_name = values.get("Expansion", "").strip()
        if not reason:
            if set_name not in self._set_checks:  # a handful of distinct sets: each is vetted once
                self._set_checks[set_name] = _check_set(set_name)
            reason = self._set_checks[set_name]
        if reason:
            self.issue(source, line, labelled(reason), REJECTED)
            return
        notes = list(problems)
        if not set_name:
            notes.append(message("IMPORT_NO_SET", name=name))
        type_field = values.get("Type", "").strip()
        if type_field not in self._sections:  # a few dozen distinct types across 100,000 rows
            self._sections[type_field] = classify_type(type_field)
        if self._sections[type_field] is None:
            notes.append(message("IMPORT_TYPE_UNPLACED", name=name, type=type_field))
        if "\ufffd" in "".join(values.values()):  # one scan; the columns are named only when it is there
            garbled = [column for column, value in values.items() if "\ufffd" in value]
            notes.append(message("IMPORT_GARBLED", name=name, columns=", ".join(garbled)))
        fields: list[Any] = []
        extra = dict(extra)
        for header, numeric in FIELD_SOURCES:
            raw = values.get(header, "").strip()
            if not numeric or not raw:
                fields.append(raw if not numeric else None)
            elif (raw.isascii() and raw.isdigit() and len(raw) < 10) or (
                _NUMBER.fullmatch(raw) and len(raw) <= _MAX_NUMBER_CHARS and abs(int(raw)) <= MAX_NUMBER
            ):
                fields.append(int(raw))
            else:
                fields.append(None)
                extra[header] = raw
                notes.append(message("IMPORT_NOT_A_NUMBER", name=name, column=header, value=raw[:40]))
        image_paths = self._images(images, set_name, values.get("ImageFile", ""), name, notes, source, line)
        key = (normalize_name(name), set_name)
        earlier = self.printings.pop(key, None)
        if earlier is not None:
            notes.append(
                message("IMPORT_DUPLICATE", name=name, set=set_name, line=earlier.line, source=earlier.source)
            )
        for note in notes:
            self.issue(source, line, labelled(note), SUSPICIOUS)
        self.printings[key] = PendingPrinting(
            name,
            key[0],
            set_name,
            tuple(fields),
            values.get("ImageFile", "").strip(),
            extra,
            image_paths,
            source,
            line,
        )

    def _images(
        self,
        finder: ImageFinder | None,
        set_name: str,
        image_field: str,
        name: str,
        notes: list[str],
        source: str,
        line: int,
    ) -> list[str]:
        entries = split_image_files(image_field)
        if finder is None:
            return [""] * len(entries)
        paths: list[str] = []
        if entries and set_name not in self._set_image_problems:
            self._set_image_problems[set_name] = unsafe_name_reason(set_name)
        set_problem = self._set_image_problems[set_name] if entries else ""
        for entry in entries:
            problem = unsafe_name_reason(entry) or (
                message("IMPORT_SET_NAME_UNSAFE", reason=set_problem) if set_problem else ""
            )
            if problem:
                notes.append(
                    message("IMPORT_IMAGE_NAME_REFUSED", name=name, image=entry[:60], reason=problem)
                )
                paths.append("")
                continue
            found, refusal = finder.locate(set_name, entry)
            if found is not None:
                stored, refusal = self._store_image(found, set_name)
            if refusal:
                notes.append(message("IMPORT_IMAGE_NOT_COPIED", name=name, image=entry[:60], reason=refusal))
                where = str(found) if found is not None else entry
                self.report.images_not_copied.append(ImageSkip(source, line, name, where, refusal))
                paths.append("")
                continue
            paths.append(stored if found is not None else "")
        return paths

    def _store_image(self, found: Path, set_name: str) -> tuple[str, str]:
        """Copy one image to its content-addressed path (once per import): (stored path, "") or ("", why not)."""
        if found in self.stored_images:
            return self.stored_images[found]
        self.check()
        result = self._copy_image(found, set_name)
        self.stored_images[found] = result
        return result

    def _copy_image(self, found: Path, set_name: str) -> tuple[str, str]:
        try:
            data = _read_image(found)
        except ImageRefused as exc:
            return "", exc.reason
        try:
            check_image_data(data, found)
        except ImageRefused as exc:
            return "", message("IMPORT_IMAGE_UNSAFE", reason=exc.reason)
        stem, ext = os.path.splitext(found.name)
        digest = hashlib.sha256(data).hexdigest()[:16]
        # Named by content: a stored image is never overwritten, so rows already committed stay valid.
        destination = self.db.images_dir / set_name / f"{stem}.{digest}{ext}"
        try:
            self.marker.start()
            if destination.is_file():
                os.utime(destination)  # young again: a concurrent clean-up leaves it alone until we commit
            else:
                _write_new_file(destination, data)
                self.created_images.append(destination)
                self.report.images_copied += 1
        except OSError as exc:
            return "", message("IMPORT_IMAGE_COPY_FAILED", error=str(exc.strerror or exc))
        return destination.relative_to(self.db.folder).as_posix(), ""

    def discard_images(self) -> None:
        """Remove the images a failed or cancelled import wrote, unless a committed row or live import uses them."""
        created, self.created_images = self.created_images, []
        try:
            if created and not self.marker.others_running():
                with contextlib.suppress(OSError, sqlite3.Error), self.db.write_transaction() as conn:
                    used = referenced_images(conn)
                    for path in created:
                        if os.path.normcase(path.relative_to(self.db.folder).as_posix()) not in used:
                            with contextlib.suppress(OSError):
                                path.unlink()
        finally:
            self.marker.remove()

    def _restore_missing_images(self) -> None:
        """Write again any stored image a concurrent clean-up removed before this import marked itself.

        Done under the write lock: clean-ups that start later see this import's marker and keep its files.
        """
        if not self.stored_images:
            return
        with self.db.write_transaction():
            for found, (stored, _refusal) in self.stored_images.items():
                destination = self.db.folder / stored
                if not stored or destination.is_file():
                    continue
                with contextlib.suppress(ImageRefused, OSError):
                    data = _read_image(found)
                    if destination.stem.endswith(hashlib.sha256(data).hexdigest()[:16]):
                        _write_new_file(destination, data)
                        self.created_images.append(destination)

    # -- writing ---------------------------------------------------------------------------------

    def write(self) -> ImportReport:
        """Write every kept printing in one transaction; nothing changes on error or cancel."""
        try:
            if self.printings:
                try:
                    self._restore_missing_images()
                    self._write_transaction()
                except sqlite3.DatabaseError as exc:
                    if isinstance(exc, sqlite3.ProgrammingError | sqlite3.IntegrityError):
                        raise
                    raise _database_error(self.db, exc) from exc
                self.created_images.clear()  # committed: these files are in use now
                self.db.invalidate_caches()
        finally:
            self.discard_images()
        return self.report

    def _write_transaction(self) -> None:
        identities = self.db.identity_table()
        with self.db.write_transaction() as conn:
            # Index pages of a 100,000-card import do not fit SQLite's default 2 MB cache.
            conn.execute("PRAGMA cache_size = -65536")
            self._write_cards(conn, identities)
            rebuild_search_index(conn)
            meta = {
                "card_data_date": datetime.date.today().isoformat(),
                "card_data_source": self.report.source,
            }
            if self.zone_labels:
                meta["deck_zone_labels"] = json.dumps(self.zone_labels)
            if self.card_back:
                meta[CARD_BACK_META] = self.card_back
            conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", meta.items())
            self.poll(self.report.rows_read, self.report.rows_read)

    def _write_cards(self, conn: sqlite3.Connection, identities: dict[str, str]) -> None:
        counts = write_printings(conn, self.printings.values(), identities)
        if self.scope is not None:
            # The source is mirrored: what came from inside it before and is not in it now stops being current.
            root, folder = self.scope
            today = datetime.date.today().isoformat()
            for gone in retire_missing(conn, root, folder, self.printings, counts.added, identities, today):
                reason = (
                    message("IMPORT_RETIRED_RENAMED", name=gone.name, new=gone.replaced_by)
                    if gone.replaced_by
                    else message("IMPORT_RETIRED", name=gone.name)
                )
                self.issue(str(root), 0, reason, NOTE)
        self.report.cards_added, self.report.cards_updated = counts.cards_added, counts.cards_updated
        self.report.printings_added, self.report.printings_updated = (
            counts.printings_added,
            counts.printings_updated,
        )


def _read_image(path: Path) -> bytes:
    """The bytes of one image file (a regular file of at most MAX_IMAGE_BYTES), or ImageRefused."""
    try:
        # O_NONBLOCK: a FIFO swapped in for an image must not hang the import.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise ImageRefused(message("IMPORT_IMAGE_READ_FAILED", error=str(exc.strerror or exc))) from exc
    with open(fd, "rb", closefd=True) as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ImageRefused(message("IMPORT_IMAGE_NOT_A_FILE"))
        if info.st_size > MAX_IMAGE_BYTES:
            raise ImageRefused(message("IMPORT_IMAGE_TOO_LARGE"))
        try:
            data = handle.read(MAX_IMAGE_BYTES + 1)
        except OSError as exc:
            raise ImageRefused(message("IMPORT_IMAGE_READ_FAILED", error=str(exc.strerror or exc))) from exc
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageRefused(message("IMPORT_IMAGE_TOO_LARGE"))
    return data


def _write_new_file(destination: Path, data: bytes) -> None:
    """Write `data` at `destination` through a temp file beside it, so the name never shows half a file."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(
        prefix=f".{destination.name}.", suffix=TEMP_SUFFIX, dir=destination.parent
    )
    try:
        with open(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp_name, destination)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise


# -- Lackey ----------------------------------------------------------------------------------------


def _read_lackey(
    importer: _Importer, path: Path, images: ImageFinder | None, done_before: int, total: int
) -> None:
    source = str(path)
    try:
        handle = open_card_data(path)
    except OSError as exc:
        raise CardImportError(message("IMPORT_CANNOT_READ", path=str(path), error=_why(exc))) from exc
    report = importer.report
    with handle:
        reader = CardDataReader(handle)
        before = report.rows_read
        for row in reader:
            report.rows_read += 1
            if row.error:
                importer.issue(source, row.line, row.error, REJECTED)
            else:
                if row.joined:
                    name = row.values.get("Name", "").strip()
                    for line in row.joined:
                        importer.issue(
                            source, line, message("IMPORT_LINE_JOINED", line=line, name=name), NOTE
                        )
                    report.lines_joined += len(row.joined)
                importer.add_row(source, row.line, row.values, row.extra, row.problems, images)
            importer.tick(done_before + reader.bytes_read, total)
        for note in reader.notes:
            importer.issue(source, note.line, note.reason, SUSPICIOUS)
        if report.rows_read == before:
            importer.issue(source, 0, message("IMPORT_NO_CARD_ROWS"), SUSPICIOUS)
    if images is not None:
        for problem in images.problems:
            if all(i.reason != problem for i in report.issues):
                importer.issue(source, 0, problem, SUSPICIOUS)


def import_lackey_file(
    db: CardDatabase,
    path: Path | str,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    images: ImageFinder | None = None,
) -> ImportReport:
    """Import one Lackey card data file (images from a `setimages` folder beside it, when present)."""
    path = Path(path)
    if not path.is_file():
        raise CardImportError(message("IMPORT_NOT_CARD_DATA_FILE", path=str(path)))
    importer = _Importer(db, str(path), progress, cancel)
    importer.scope = (path, False)
    if images is None:
        # The folder holding the file is the plugin folder here: links out of it are refused.
        images = ImageFinder(path.parent / "setimages", path.parent.resolve(), importer.check)
    try:
        _read_lackey(importer, path, images, 0, _size(path))
        return importer.write()
    finally:
        importer.discard_images()


def import_lackey_plugin(
    db: CardDatabase, folder: Path | str, progress: ProgressFn | None = None, cancel: CancelFn | None = None
) -> ImportReport:
    """Import a Lackey plugin folder: zone labels, every card data file it lists, and its card images.

    Anything inside the folder that is a link resolving outside it (plugininfo.txt, sets, a card data
    file, setimages, a set folder, an image) is refused with a reason naming it, and never read.
    """
    folder = Path(folder)
    importer = _Importer(db, str(folder), progress, cancel)
    importer.scope = (folder, True)
    try:
        root = folder.resolve()
    except (OSError, RuntimeError) as exc:
        raise CardImportError(message("IMPORT_CANNOT_READ", path=str(folder), error=str(exc))) from exc
    info = None
    plugin_file = folder / "plugininfo.txt"
    importer.check()
    if plugin_file.exists():  # a FIFO or device there is reported by read_plugin_info, never opened to read
        refusal = outside_reason(plugin_file, root)
        if refusal:
            importer.issue(str(plugin_file), 0, refusal, SUSPICIOUS)
        else:
            try:
                info = read_plugin_info(plugin_file)
            except OSError as exc:
                importer.issue(
                    str(plugin_file), 0, message("IMPORT_PLUGININFO_UNREADABLE", error=_why(exc)), SUSPICIOUS
                )
        importer.check()
        if info is not None:
            importer.zone_labels = info.zone_labels
            missing = [s for s in ("characters", "sept", "combat") if s not in info.zone_labels]
            if missing:
                importer.issue(
                    str(plugin_file), 0, message("IMPORT_NO_ZONE", zones=", ".join(missing)), SUSPICIOUS
                )
    files, problems = card_data_files(folder, info)
    for problem in problems:
        importer.issue(str(plugin_file), 0, problem, SUSPICIOUS)
    if not files:
        refused = [p for p in problems if "outside the plugin folder" in p]
        raise CardImportError(refused[0] if refused else message("IMPORT_NO_CARD_DATA", path=str(folder)))
    images = ImageFinder(folder / "sets" / "setimages", root, importer.check)
    total = sum(_size(f) for f in files)
    done = 0
    try:
        for path in files:
            _read_lackey(importer, path, images, done, total)
            done += _size(path)
        _store_card_back(importer, images, str(plugin_file))
        return importer.write()
    finally:
        importer.discard_images()


def _why(exc: OSError) -> str:
    """Why a file could not be opened: safeio's translatable reason, else the system's words."""
    return exc.reason if isinstance(exc, UnsafeFileError) else str(exc)


def _store_card_back(importer: _Importer, images: ImageFinder, source: str) -> None:
    """Keep the plugin's card back (Lackey's sets/setimages/general/cardback.jpg) for duplex proxies."""
    found, refusal = images.locate("general", "cardback")
    if found is not None:
        importer.card_back, refusal = importer._store_image(found, "general")
    if refusal:
        importer.issue(source, 0, message("IMPORT_CARD_BACK_NOT_COPIED", reason=refusal), SUSPICIOUS)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


# -- JSON ------------------------------------------------------------------------------------------


def _json_text(path: Path) -> tuple[str, str]:
    """The file's text (UTF-8, or UTF-16/32 as its first bytes say) and a note when it was not UTF-8."""
    try:
        data = read_regular_bytes(path, MAX_JSON_BYTES)  # a FIFO or a device is refused, not read
    except UnsafeFileError as exc:
        if exc.size is not None:
            raise CardImportError(
                message("IMPORT_JSON_TOO_LARGE", path=str(path), most=MAX_JSON_BYTES // 1024 // 1024)
            ) from exc
        raise CardImportError(message("IMPORT_CANNOT_READ", path=str(path), error=exc.reason)) from exc
    except OSError as exc:
        raise CardImportError(message("IMPORT_CANNOT_READ", path=str(path), error=str(exc))) from exc
    encoding = json.detect_encoding(data)  # BOMs, and UTF-16/32 without one from the zero bytes of '{'
    if encoding.startswith(("utf-16", "utf-32")):
        text = data.decode(encoding, errors="replace")
        note = "" if "\ufffd" not in text else message("IMPORT_JSON_REPLACED", encoding=encoding.upper())
        return text.lstrip("\ufeff"), note
    try:
        return data.decode("utf-8-sig"), ""
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), message("IMPORT_JSON_NOT_UTF8")


def _json_entries(text: str, source: str) -> list[tuple[int, str, Any]]:
    """(line, key, value) of each top-level entry, in file order (duplicate keys kept, unlike json.loads)."""
    try:
        return _scan_json_entries(text, source)
    except RecursionError as exc:
        raise CardImportError(message("IMPORT_JSON_TOO_DEEP", source=source)) from exc
    except ValueError as exc:  # json.JSONDecodeError is handled inside; this is int() beyond 4,300 digits
        if isinstance(exc, json.JSONDecodeError):
            raise
        raise CardImportError(message("IMPORT_JSON_NUMBER_TOO_LONG", source=source, error=str(exc))) from exc


def _scan_json_entries(text: str, source: str) -> list[tuple[int, str, Any]]:
    decoder = json.JSONDecoder()
    ws = re.compile(r"\s*")

    def skip(pos: int) -> int:
        match = ws.match(text, pos)
        return match.end() if match else pos

    def error(exc: json.JSONDecodeError) -> CardImportError:
        return CardImportError(
            message("IMPORT_JSON_INVALID", source=source, error=exc.msg, line=exc.lineno, column=exc.colno)
        )

    pos = skip(0)
    if text[pos : pos + 1] != "{":
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise error(exc) from exc
        kind = type(value).__name__ if value is not None else "null"
        raise CardImportError(message("IMPORT_JSON_TOP_LEVEL", source=source, kind=kind))
    entries: list[tuple[int, str, Any]] = []
    line = 1 + text.count("\n", 0, pos)
    line_pos = pos
    pos = skip(pos + 1)
    try:
        if text[pos : pos + 1] == "}":
            pos = skip(pos + 1)
        else:
            while True:
                if text[pos : pos + 1] != '"':
                    raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, pos)
                line += text.count("\n", line_pos, pos)
                line_pos = pos
                key, pos = json.decoder.scanstring(text, pos + 1)  # type: ignore[attr-defined]
                pos = skip(pos)
                if text[pos : pos + 1] != ":":
                    raise json.JSONDecodeError("Expecting ':' delimiter", text, pos)
                value, pos = decoder.raw_decode(text, skip(pos + 1))
                entries.append((line, str(key), value))
                pos = skip(pos)
                if text[pos : pos + 1] == ",":
                    pos = skip(pos + 1)
                    continue
                if text[pos : pos + 1] == "}":
                    pos = skip(pos + 1)
                    break
                raise json.JSONDecodeError("Expecting ',' delimiter", text, pos)
        if pos != len(text):
            raise json.JSONDecodeError("Extra data", text, pos)
    except json.JSONDecodeError as exc:
        raise error(exc) from exc
    return entries


def _safe_text(text: str) -> str:
    """The text with lone surrogates (legal in JSON escapes, not in UTF-8) replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


def _json_cell(value: Any) -> str | None:
    """A JSON value as Lackey text; None when it is not a string or number."""
    if isinstance(value, bool) or value is None:
        return None if value is not None else ""
    if isinstance(value, str):
        return _safe_text(value)
    if isinstance(value, int | float):
        return str(value)
    return None


def import_json(
    db: CardDatabase, path: Path | str, progress: ProgressFn | None = None, cancel: CancelFn | None = None
) -> ImportReport:
    """Import a JSON object keyed by card name whose values use Lackey header names as keys."""
    path = Path(path)
    source = str(path)
    text, note = _json_text(path)
    entries = _json_entries(text, source)
    importer = _Importer(db, source, progress, cancel)
    importer.scope = (path, False)
    if note:
        importer.issue(source, 1, note, SUSPICIOUS)
    total = len(entries)
    for index, (line, key, entry) in enumerate(entries, start=1):
        importer.report.rows_read += 1
        _add_json_entry(importer, source, line, index, key, entry)
        importer.tick(index, total)
    if not entries:
        importer.issue(source, 0, message("IMPORT_NO_CARD_ENTRIES"), SUSPICIOUS)
    return importer.write()


def _add_json_entry(importer: _Importer, source: str, line: int, index: int, key: str, entry: Any) -> None:
    key = _safe_text(key)
    label = message("IMPORT_ENTRY_LABEL", index=index, key=key[:60])
    if not isinstance(entry, dict):
        reason = message("IMPORT_ENTRY_NOT_OBJECT", kind=type(entry).__name__)
        importer.issue(source, line, message("IMPORT_LABELLED", label=label, reason=reason), REJECTED)
        return
    values: dict[str, str] = {}
    extra: dict[str, str] = {}
    problems: list[str] = []
    known = {k.casefold(): k for k in LACKEY_COLUMNS}
    for raw_name, raw in entry.items():
        field_name = _safe_text(str(raw_name))
        cell = _json_cell(raw)
        column = known.get(field_name.casefold())
        if cell is None:
            problems.append(message("IMPORT_FIELD_NOT_TEXT", field=field_name, kind=type(raw).__name__))
            try:
                extra[field_name] = json.dumps(raw)
            except (RecursionError, ValueError):
                extra[field_name] = f"({type(raw).__name__} nested too deeply to keep)"
        elif column is None:
            extra[field_name] = cell
        else:
            values[column] = cell
    if "Name" not in values:
        values["Name"] = key
        problems.append(message("IMPORT_NO_NAME_FIELD"))
    missing = [c for c in ("Type",) if not values.get(c, "").strip()]
    if missing:
        name_problem = _check_name(values["Name"].strip(), values)
        # A glued raw row or text-as-name says more than "Type missing"; an entry with only a Name says less.
        if not name_problem or message_id_of(name_problem) == "IMPORT_NAME_ONLY":
            name_problem = message("IMPORT_MISSING_FIELDS", fields=", ".join(missing))
        importer.issue(source, line, message("IMPORT_LABELLED", label=label, reason=name_problem), REJECTED)
        return
    importer.add_row(source, line, values, extra, problems, None, label)


# -- dispatch --------------------------------------------------------------------------------------


def import_path(
    db: CardDatabase, path: Path | str, progress: ProgressFn | None = None, cancel: CancelFn | None = None
) -> ImportReport:
    """Import a Lackey plugin folder, a Lackey card data file, or a JSON card file."""
    path = Path(path)
    if path.is_dir():
        return import_lackey_plugin(db, path, progress, cancel)
    if not path.exists():
        raise CardImportError(message("IMPORT_PATH_MISSING", path=str(path)))
    if path.suffix.casefold() == ".json":
        return import_json(db, path, progress, cancel)
    return import_lackey_file(db, path, progress, cancel)


from carddb.demo import demo_deck_path, ensure_demo_cards  # noqa: E402  (demo imports this module lazily)

__all__ = [
    "CardImportError",
    "ImageSkip",
    "ImportCancelled",
    "ImportIssue",
    "ImportReport",
    "clean_import_leftovers",
    "demo_deck_path",
    "ensure_demo_cards",
    "import_json",
    "import_lackey_file",
    "import_lackey_plugin",
    "import_path",
]

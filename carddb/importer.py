"""The importer's core, whatever the source: validate rows, copy images, write everything in one transaction."""

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
from collections.abc import Callable, Iterable, Sequence
from json.encoder import encode_basestring_ascii
from pathlib import Path
from typing import Any

from carddb.cardtypes import Section, classify_type
from carddb.cardwriter import FIELD_SOURCES, WriteCounts, card_facts, write_staged
from carddb.changes import note_card_data_changed
from carddb.db import CardDatabase
from carddb.images import MAX_IMAGE_BYTES, ImageRefused, check_image_data
from carddb.importreport import (
    NOTE,
    REJECTED,
    SUSPICIOUS,
    CancelFn,
    CardImportError,
    ImageSkip,
    ImportCancelled,
    ImportIssue,
    ImportReport,
    ProgressFn,
)
from carddb.lackey import MAX_NAME_LENGTH, ImageFinder, split_image_files, unsafe_name_reason
from carddb.leftovers import (
    CARD_BACK_META,
    TEMP_SUFFIX,
    ImportMarker,
    clean_import_leftovers,
    referenced_images,
)
from carddb.messages import message
from carddb.model import LACKEY_HEADER
from carddb.normalize import normalize_name
from carddb.retire import retire_missing
from carddb.safeio import UnsafeFileError
from carddb.search import rebuild_search_index
from carddb.staging import NO_NUMBER, Stage
from carddb.traits import store_trait_words

PROGRESS_EVERY = 50
# Real set names are at most ~25 characters; longer ones are card text that slipped a column.
MAX_SET_NAME_LENGTH = 40
# Beyond SQLite's 64-bit integers, and far beyond any card stat: such "numbers" are kept as text.
MAX_NUMBER = 10**9
_NUMBER = re.compile(r"[+-]?\d+")
# Longer digit strings are no card stat; they are kept as text before int() (which refuses 4,300+ digits) sees them.
_MAX_NUMBER_CHARS = 12
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# One encoder for every row: json.dumps with options builds a new JSONEncoder per call.
_to_json = json.JSONEncoder(ensure_ascii=False).encode
_FIELD_HEADERS = tuple(header for header, _numeric in FIELD_SOURCES)
_BLANKS = ("",) * len(FIELD_SOURCES)
_NUMERIC_AT = tuple(index for index, (_header, numeric) in enumerate(FIELD_SOURCES) if numeric)


# add_cells reads a row's fields as cells[3:] of a row in LACKEY_HEADER order.
assert LACKEY_HEADER[3:] == _FIELD_HEADERS
_FIRST_NUMBER = _NUMERIC_AT[0]
_END_NUMBER = _NUMERIC_AT[-1] + 1
assert tuple(range(_FIRST_NUMBER, _END_NUMBER)) == _NUMERIC_AT  # the numeric columns are side by side
# Card stats as written in nearly every row ("" is no value): read with one dict lookup per cell.
_SMALL_NUMBERS: dict[str, int | str] = {"": NO_NUMBER, **{str(n): n for n in range(1000)}}
_NOT_SMALL = (object(),) * (_END_NUMBER - _FIRST_NUMBER)


def _number(raw: str) -> int | None:
    """A numeric cell's value as add_row reads it (None when it is kept as text)."""
    if (raw.isascii() and raw.isdigit() and len(raw) < 10) or (
        _NUMBER.fullmatch(raw) and len(raw) <= _MAX_NUMBER_CHARS and abs(int(raw)) <= MAX_NUMBER
    ):
        return int(raw)
    return None


_NO_IMAGE = [""]
_SECTION_VALUES = {section: section.value for section in Section}  # Enum's .value is a slow descriptor


def _json_list(texts: list[str]) -> str:
    """json.dumps(texts) for a list of strings, without building an encoder per row."""
    if (
        texts == _NO_IMAGE
    ):  # one image entry that names no stored file: the usual row of a pool without images
        return '[""]'
    return "[" + ", ".join(map(encode_basestring_ascii, texts)) + "]"


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
    """Stages validated printings from any source (carddb.staging), then writes them in one transaction.

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
        self._stage: Stage | None = None  # opened with the first row
        self._identities = db.identity_table()
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
        self._set_has_images: dict[str, bool] = {}  # set name -> whether its image folder lists anything
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
            if self.cancel is not None and self.cancel():  # check(), without a call per row
                raise ImportCancelled("import cancelled: the database is unchanged")
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
        label: Callable[[], str] | None = None,
    ) -> None:
        """Validate one row and stage it as a printing (later rows of the same name and set win).

        `label` names the row in its issues (a JSON entry); it is worked out only for a row that has one.
        """

        def labelled(reason: str) -> str:
            return message("IMPORT_LABELLED", label=label(), reason=reason) if label else reason

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
        # Every field stripped in one pass of C loops; numbers are then read where a numeric column has text.
        fields: list[Any] = list(map(str.strip, map(values.get, _FIELD_HEADERS, _BLANKS)))
        extra_copied = False
        for index in _NUMERIC_AT:
            raw = fields[index]
            if not raw:
                fields[index] = NO_NUMBER
            elif (raw.isascii() and raw.isdigit() and len(raw) < 10) or (
                _NUMBER.fullmatch(raw) and len(raw) <= _MAX_NUMBER_CHARS and abs(int(raw)) <= MAX_NUMBER
            ):
                fields[index] = int(raw)
            else:
                fields[index] = NO_NUMBER
                if not extra_copied:  # the caller's dict is never changed
                    extra, extra_copied = dict(extra), True
                header = _FIELD_HEADERS[index]
                extra[header] = raw
                notes.append(message("IMPORT_NOT_A_NUMBER", name=name, column=header, value=raw[:40]))
        image_paths = self._images(images, set_name, values.get("ImageFile", ""), name, notes, source, line)
        in_force = tuple(fields)
        row = (
            normalize_name(name),
            name,
            set_name,
            *in_force,
            values.get("ImageFile", "").strip(),
            _json_list(image_paths) if image_paths else "",
            _to_json(extra) if extra else "{}",
            source,
            line,
            *card_facts(name, in_force, self._identities),
        )
        try:
            earlier = self.stage().add(row)
        except (
            sqlite3.DatabaseError
        ) as exc:  # the temp file cannot grow (disk full), the database is unreadable
            raise _database_error(self.db, exc) from exc
        if earlier is not None:
            notes.append(
                message("IMPORT_DUPLICATE", name=name, set=set_name, line=earlier[0], source=earlier[1])
            )
        for note in notes:
            self.issue(source, line, labelled(note), SUSPICIOUS)

    def add_cells(self, source: str, line: int, cells: Sequence[str], images: ImageFinder | None) -> bool:
        """Stage a row given as its 18 cells in LACKEY_HEADER order when add_row would find nothing to say of it.

        The usual row is checked from its cells, with no dict; False (nothing done) for any row add_row would
        reject or note, which the caller then passes to add_row. Only a duplicate is noted here.
        """
        stripped = list(map(str.strip, cells))
        name, set_name, type_field = stripped[0], stripped[1], stripped[4]
        if not name or not set_name or len(name) > MAX_NAME_LENGTH:
            return False
        if not name.isprintable() and _CONTROL.search(name) is not None:  # printable: no control character
            return False
        refused = self._set_checks.get(set_name)
        if refused is None:
            refused = self._set_checks[set_name] = _check_set(set_name)
        if refused:
            return False
        if type_field not in self._sections:
            self._sections[type_field] = classify_type(type_field)
        section = self._sections[type_field]
        if section is None or "\ufffd" in "".join(cells):
            return False
        fields: list[Any] = stripped[3:]
        numbers = list(map(_SMALL_NUMBERS.get, fields[_FIRST_NUMBER:_END_NUMBER], _NOT_SMALL))
        if _NOT_SMALL[0] in numbers:
            for index, value in enumerate(numbers):
                if value is _NOT_SMALL[0]:
                    numbers[index] = number = _number(fields[_FIRST_NUMBER + index])
                    if number is None:  # not a number: add_row notes it
                        return False
        fields[_FIRST_NUMBER:_END_NUMBER] = numbers
        image_paths = self._quiet_images(images, set_name, cells[2])
        if image_paths is None:
            return False
        in_force = tuple(fields)
        norm = (
            name.lower() if name.isascii() and "  " not in name and "`" not in name else normalize_name(name)
        )
        row = (
            norm,
            name,
            set_name,
            *in_force,
            stripped[2],
            _json_list(image_paths) if image_paths else "",
            "{}",
            source,
            line,
            *(
                card_facts(name, in_force, self._identities)
                if section is Section.CHARACTERS
                else (_SECTION_VALUES[section], "", "")
            ),
        )
        try:
            earlier = (self._stage or self.stage()).add(row)
        except sqlite3.DatabaseError as exc:
            raise _database_error(self.db, exc) from exc
        if earlier is not None:
            note = message("IMPORT_DUPLICATE", name=name, set=set_name, line=earlier[0], source=earlier[1])
            self.issue(source, line, note, SUSPICIOUS)
        return True

    def _quiet_images(self, finder: ImageFinder | None, set_name: str, image_field: str) -> list[str] | None:
        """The stored paths of a row's images as _images finds them; None when _images would note something."""
        entries = split_image_files(image_field)
        if finder is None or not entries:
            return [""] * len(entries)
        set_problem = self._set_image_problems.get(set_name)
        if set_problem is None:
            set_problem = self._set_image_problems[set_name] = unsafe_name_reason(set_name)
        if set_problem:
            return None
        # Each entry is a stripped piece of the field: a field with nothing unsafe has no unsafe entry.
        if unsafe_name_reason(image_field) and any(map(unsafe_name_reason, entries)):
            return None
        has_images = self._set_has_images.get(set_name)
        if has_images is None:
            has_images = self._set_has_images[set_name] = finder.has_images(set_name)
        if not has_images:  # a set without an image folder: locate would find nothing and refuse nothing
            return [""] * len(entries)
        paths: list[str] = []
        for entry in entries:
            found, refusal = finder.locate(set_name, entry)
            stored = ""
            if found is not None:
                stored, refusal = self._store_image(found, set_name)  # kept: add_row finds it again
            if refusal:
                return None
            paths.append(stored)
        return paths

    def stage(self) -> Stage:
        """The staged rows of this import, on the connection that will write them (opened on first use)."""
        if self._stage is None:
            self._stage = Stage(self.db.raw_connection())
        return self._stage

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
            if self._stage is not None and self._stage.rows:
                if (
                    self._stage.quiet_repeats
                ):  # one note for them all: a repeated row costs no more than another
                    count = self._stage.quiet_repeats
                    self.issue(
                        self.report.source, 0, message("IMPORT_DUPLICATES_MORE", count=count), SUSPICIOUS
                    )
                try:
                    self._restore_missing_images()
                    self._stage.finish()
                    self._write_transaction()
                except sqlite3.DatabaseError as exc:
                    if isinstance(exc, sqlite3.ProgrammingError | sqlite3.IntegrityError):
                        raise
                    raise _database_error(self.db, exc) from exc
                self.created_images.clear()  # committed: these files are in use now
                self.db.invalidate_caches()
        finally:
            self.close()
        return self.report

    def close(self) -> None:
        """Drop the staged rows and the images of an import that did not commit (idempotent)."""
        try:
            self.discard_images()
        finally:
            stage, self._stage = self._stage, None
            if stage is not None:
                stage.conn.close()

    def _write_transaction(self) -> None:
        assert self._stage is not None
        with self.db.write_transaction(self._stage.conn) as conn:
            # Index pages of a 100,000-card import do not fit SQLite's default 2 MB cache.
            conn.execute("PRAGMA cache_size = -65536")
            counts = self._write_cards(conn)
            # Into an empty card table, write_staged inserts the cards in name order, numbered by their place.
            rebuild_search_index(conn, in_place=counts.new_since == 0)
            store_trait_words(conn)
            note_card_data_changed(conn)
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

    def _write_cards(self, conn: sqlite3.Connection) -> WriteCounts:
        counts = write_staged(conn, self._identities)
        if self.scope is not None:
            # The source is mirrored: what came from inside it before and is not in it now stops being current.
            root, folder = self.scope
            today = datetime.date.today().isoformat()
            for gone in retire_missing(conn, root, folder, counts, self._identities, today):
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
        return counts


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


def _why(exc: OSError) -> str:
    """Why a file could not be opened: safeio's translatable reason, else the system's words."""
    return exc.reason if isinstance(exc, UnsafeFileError) else str(exc)

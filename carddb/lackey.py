"""Lackey card-data parsing (no database): tab-separated rows, plugininfo.txt, image lookup."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import BinaryIO

from carddb.cardtypes import zone_section
from carddb.lackey_lines import MAX_LINE_BYTES as MAX_LINE_BYTES
from carddb.lackey_lines import decode_batch, decode_line, iter_line_batches
from carddb.lackey_lines import iter_raw_lines as iter_raw_lines
from carddb.messages import declare, message
from carddb.model import LACKEY_COLUMNS, LACKEY_HEADER
from carddb.safeio import open_regular, read_regular_bytes

declare(
    {
        "IMPORT_PATH_UNRESOLVED": "{path} cannot be resolved ({error}): refused",
        "IMPORT_PATH_OUTSIDE": "{path} is a link to {target}, outside the plugin folder: refused, not read",
        "IMPORT_LINE_TOO_LONG": "line is longer than {limit} bytes: skipped",
        "IMPORT_NOT_UTF8_FROM_LINE": "the file is not UTF-8: read as Windows-1252 (cp1252) from this line on",
        "IMPORT_NO_HEADER": "no header line: columns read in the standard order {columns}",
        "IMPORT_EXTRA_CELL": "more cells than the header has columns: cell {cell} kept aside",
        "IMPORT_SHORT_ROW": "row is short, missing columns: {columns}",
        "IMPORT_NAME_HAS_SEPARATOR": "contains a path separator",
        "IMPORT_NAME_HAS_DOTDOT": "contains '..'",
        "IMPORT_NAME_HAS_CONTROL": "contains control characters or ':'",
        "IMPORT_NO_IMAGES": "{reason}; no card images imported",
        "IMPORT_LISTED_FILE_UNSAFE": "plugininfo.txt lists card data file {name!r}, which {reason}: ignored",
        "IMPORT_LISTED_FILE_MISSING": "plugininfo.txt lists card data file {name!r}, which is not in the folder",
        "IMPORT_DUPLICATE_COLUMN": "the header names the column {column} twice (columns {first} and {second}): "
        "the first is read, the other is kept aside",
        "IMPORT_UNCLOSED_QUOTE": "{column} opens a quote that does not close on this line (a cell split across "
        "lines?): kept as written, check the row and the next one",
    }
)

_HEADER_KEYS = {name.casefold(): name for name in LACKEY_COLUMNS}
IMAGE_EXTENSIONS: tuple[str, ...] = (".jpg", ".png", ".jpeg")
_WIDTH = len(LACKEY_HEADER)
# Real names are at most ~35 characters; a longer Name is card text that slipped out of its row.
MAX_NAME_LENGTH = 80
# The real card data is ~2 MB and a million rows ~300 MB; past this it is not card data (or a sparse file).
MAX_CARD_DATA_BYTES = 1 << 30
# A real plugininfo.txt is under 1 KB; a bigger one is not read at all.
MAX_PLUGIN_INFO_BYTES = 1_000_000
# How many directory entries are listed between two cancel checks.
_LIST_POLL_EVERY = 1000

CheckFn = Callable[[], None]


def outside_reason(path: Path, root: Path) -> str:
    """Why `path` may not be read as part of the plugin folder `root` (resolved), "" when it stays inside."""
    try:
        target = path.resolve()
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop on older Pythons
        return message("IMPORT_PATH_UNRESOLVED", path=str(path), error=str(exc))
    if target == root or target.is_relative_to(root):
        return ""
    return message("IMPORT_PATH_OUTSIDE", path=str(path), target=str(target))


@dataclass(slots=True)
class LackeyRow:
    """One data line of a card data file, split into Lackey columns (no validation of the values)."""

    line: int
    values: dict[str, str]  # Lackey header name -> text
    extra: dict[str, str] = field(default_factory=dict)  # columns the header does not know, by header name
    problems: list[str] = field(default_factory=list)  # suspicious but usable (short row, extra cells)
    error: str = ""  # when set, the row cannot be used at all
    joined: list[int] = field(default_factory=list)  # continuation lines appended to Text


@dataclass(slots=True)
class FileNote:
    """A fact about the whole file (encoding, missing header) worth telling the user."""

    line: int
    reason: str


def _header_map(cells: list[str]) -> dict[int, str] | None:
    """Column index -> Lackey header name when the cells form a header line (they must name `Name`)."""
    known = [_HEADER_KEYS.get(cell.strip().casefold()) for cell in cells]
    if "Name" not in known or sum(1 for k in known if k) < 2:
        return None
    return {
        index: (k if k else cells[index].strip() or f"column {index + 1}") for index, k in enumerate(known)
    }


class PlainRow:
    """A data line with one cell per column of a header that names every Lackey column once: no dict is built.

    `cells` follow the header's order (CardDataReader.canonical gives them in LACKEY_HEADER order).
    """

    __slots__ = ("cells", "joined", "line")

    def __init__(self, line: int, cells: list[str]) -> None:
        self.line = line
        self.cells = cells
        self.joined: list[int] | None = None  # continuation lines appended to Text


class CardDataReader:
    """Stream the rows of one Lackey card data file; file-level facts collect in `notes`."""

    def __init__(self, stream: BinaryIO, max_line: int = MAX_LINE_BYTES) -> None:
        self._stream = stream
        self._max_line = max_line
        self.notes: list[FileNote] = []
        self.columns: dict[int, str] = {}
        self.bytes_read = 0
        self._plain: tuple[str, ...] | None = None  # the header names when every column is a Lackey column
        # Set when the header names every Lackey column once: a PlainRow's cells in LACKEY_HEADER order.
        self.canonical: Callable[[list[str]], Sequence[str]] | None = None
        self.columns_at: dict[str, int] = {}  # Lackey column -> its cell in such a header (header order)

    def _set_columns(self, columns: dict[int, str]) -> None:
        self.columns = columns
        names = (
            tuple(columns[i] for i in range(len(columns))) if set(columns) == set(range(len(columns))) else ()
        )
        self._plain = names if names and all(n in LACKEY_COLUMNS for n in names) else None
        if self._plain is not None and sorted(self._plain) == sorted(LACKEY_HEADER):
            self.columns_at = {name: index for index, name in enumerate(self._plain)}
            order = [self.columns_at[name] for name in LACKEY_HEADER]
            self.canonical = _same if order == sorted(order) else itemgetter(*order)

    def __iter__(self) -> Iterator[LackeyRow]:
        for row in self.items():
            if isinstance(row, PlainRow):
                plain = self._plain
                assert plain is not None
                yield LackeyRow(row.line, dict(zip(plain, row.cells, strict=True)), joined=row.joined or [])
            else:
                yield row

    def items(self) -> Iterator[LackeyRow | PlainRow]:
        """Each row: a PlainRow when the header names every Lackey column and the row is whole, else a LackeyRow."""
        # A line whose only filled cell is the first is the previous card's Text broken by a stray line
        # break (22 such lines in the real plugin): it is joined onto that card instead of standing alone.
        pending: LackeyRow | PlainRow | None = None
        for row in self._physical_rows():
            if isinstance(row, tuple):  # a continuation line (and its row, should there be nothing to join)
                continuation, alone = row
                if pending is not None and self._joinable(pending):
                    self._join(pending, *continuation)
                    continue
                row = alone
            if pending is not None:
                yield pending
            pending = row
        if pending is not None:
            yield pending

    def _joinable(self, row: LackeyRow | PlainRow) -> bool:
        """Whether a continuation line may be appended to this row: it is a usable row with a Name."""
        if isinstance(row, PlainRow):
            return bool(row.cells[self.columns_at["Name"]].strip())
        return _joinable(row)

    def _join(self, row: LackeyRow | PlainRow, line: int, text: str, errata: str) -> None:
        """Append a continuation line's text (and errata) to the row above."""
        if isinstance(row, PlainRow):
            cells, at = row.cells, self.columns_at
            cells[at["Text"]] = _appended(cells[at["Text"]], text)
            if errata:
                cells[at["Errata"]] = _appended(cells[at["Errata"]], errata)
            row.joined = [*(row.joined or ()), line]
            return
        _append(row.values, "Text", text)
        if errata:
            _append(row.values, "Errata", errata)
        row.joined.append(line)

    def _physical_rows(
        self,
    ) -> Iterator[LackeyRow | PlainRow | tuple[tuple[int, str, str], LackeyRow | PlainRow]]:
        """Each data line as a row, or as ((line, text, errata), row) when it is a continuation line.

        A continuation holds only a first cell, or a first cell too long for a name plus a second cell
        (the rest of the Text, then the Errata, of a row broken in two).
        """
        warned_encoding = False
        header_seen = False
        number = 0
        for batch in iter_line_batches(self._stream, self._max_line):
            self.bytes_read = self._stream.tell()
            texts = decode_batch(batch)
            for index, raw in enumerate(batch):
                number += 1
                if texts is not None:
                    text = texts[index]
                elif raw is None:
                    error = message("IMPORT_LINE_TOO_LONG", limit=f"{self._max_line:,}")
                    yield LackeyRow(number, {}, error=error)
                    continue
                else:
                    text, was_utf8 = decode_line(raw)
                    if not was_utf8 and not warned_encoding:
                        warned_encoding = True
                        self.notes.append(FileNote(number, message("IMPORT_NOT_UTF8_FROM_LINE")))
                if not text or text.isspace():
                    continue
                cells = text.split("\t")
                if not header_seen:
                    header_seen = True
                    header = _header_map(cells)
                    if header is not None:
                        self._set_columns(self._without_duplicates(header, number))
                        continue
                    self._set_columns(dict(enumerate(LACKEY_HEADER)))
                    self.notes.append(
                        FileNote(number, message("IMPORT_NO_HEADER", columns=", ".join(LACKEY_HEADER)))
                    )
                problems = self._unclosed_quotes(cells) if '"' in text else ()  # one scan of the line first
                row: LackeyRow | PlainRow
                if self.canonical is not None and len(cells) == _WIDTH and not problems:
                    row = PlainRow(number, cells)
                else:
                    row = self._row(number, cells)
                    row.problems.extend(problems)
                # Nearly every line is a card row: a name no longer than a name's, then a filled second cell.
                second = cells[1] if len(cells) > 1 else ""
                if second and not second.isspace() and len(cells[0]) <= MAX_NAME_LENGTH:
                    yield row
                    continue
                continuation = _continuation(cells)
                yield row if continuation is None else ((number, *continuation), row)

    def _without_duplicates(self, columns: dict[int, str], line: int) -> dict[int, str]:
        """The header with a column named twice read from its first place; later ones are kept aside and noted."""
        first: dict[str, int] = {}
        for index in sorted(columns):
            name = columns[index]
            if name.casefold() not in first:
                first[name.casefold()] = index
                continue
            columns[index] = f"{name} (column {index + 1})"  # not a Lackey column: its cells go to extra
            self.notes.append(
                FileNote(
                    line,
                    message(
                        "IMPORT_DUPLICATE_COLUMN",
                        column=name,
                        first=first[name.casefold()] + 1,
                        second=index + 1,
                    ),
                )
            )
        return columns

    def _unclosed_quotes(self, cells: list[str]) -> list[str]:
        """A note per cell that opens a quote it does not close (a spreadsheet's cell split across lines)."""
        notes: list[str] = []
        for index, cell in enumerate(cells):
            value = cell.strip()
            if value.startswith('"') and (len(value) == 1 or not value.endswith('"')):
                column = self.columns.get(index, f"column {index + 1}")
                notes.append(message("IMPORT_UNCLOSED_QUOTE", column=column))
        return notes

    def _row(self, number: int, cells: list[str]) -> LackeyRow:
        plain = self._plain
        if plain is not None and len(cells) == len(plain):  # the usual row: one zip, no per-cell Python
            return LackeyRow(number, dict(zip(plain, cells, strict=True)))
        row = LackeyRow(number, {})
        for index, cell in enumerate(cells):
            name = self.columns.get(index)
            if name is None:
                if cell.strip():
                    row.extra[f"column {index + 1}"] = cell
                    row.problems.append(message("IMPORT_EXTRA_CELL", cell=index + 1))
            elif name in LACKEY_COLUMNS:
                row.values[name] = cell
            else:
                row.extra[name] = cell
        missing = [name for index, name in sorted(self.columns.items()) if index >= len(cells)]
        if missing:
            row.problems.append(message("IMPORT_SHORT_ROW", columns=", ".join(missing)))
        return row


def _continuation(cells: list[str]) -> tuple[str, str] | None:
    """(text, errata) when a line continues the row above, else None."""
    first = cells[0].strip()
    if len(cells) == 1:
        return first, ""
    second = cells[1].strip()
    if second and len(first) <= MAX_NAME_LENGTH:
        return None  # a card row: a name and a set (checked first, it is nearly every line)
    if any(cell.strip() for cell in cells[2:]):
        return None
    return first, second


def _append(values: dict[str, str], column: str, text: str) -> None:
    """Append a continuation to a cell, on its own line."""
    values[column] = _appended(values.get(column, ""), text)


def _appended(cell: str, text: str) -> str:
    """A cell with a continuation appended on its own line."""
    before = cell.rstrip()
    return f"{before}\n{text}" if before else text


def _same(cells: list[str]) -> list[str]:
    """The cells of a header already in LACKEY_HEADER order."""
    return cells


def _joinable(row: LackeyRow) -> bool:
    """Whether a continuation line may be appended to this row: it is a usable row with a Name."""
    return not row.error and bool(row.values.get("Name", "").strip())


def read_card_data_text(text: str) -> tuple[list[LackeyRow], list[FileNote]]:
    """Parse card data already in memory (tests, pasted text): rows and file notes."""
    reader = CardDataReader(io.BytesIO(text.encode("utf-8", errors="surrogatepass")))
    rows = list(reader)
    return rows, reader.notes


# -- plugininfo.txt --------------------------------------------------------------------------------


@dataclass(slots=True)
class PluginInfo:
    """What a Lackey plugininfo.txt says: deck-zone labels per section and the card data files."""

    zone_labels: dict[str, str]
    card_data_files: list[str]


# One tag: `[^<>]*` stops at the next '<', so every attempt is bounded by the next tag and the scan is linear.
_TAG = re.compile(r"<(/?)([A-Za-z]+)[^<>]*>")
_ZONE_FIELDS = ("label", "gamezonetoloadto")


def parse_plugin_info(text: str) -> PluginInfo:
    """Read deck zones and card data file names from plugininfo.txt (tolerant, one linear pass over its tags)."""
    labels: dict[str, str] = {}
    files: list[str] = []
    zone: dict[str, str] | None = None
    opened: dict[str, int] = {}  # tag name -> where the text after its latest opening tag starts
    for match in _TAG.finditer(text):
        closing, name = match.group(1) == "/", match.group(2).casefold()
        if not closing:
            opened[name] = match.end()
            if name == "deckzone":
                zone = {}
            continue
        start = opened.pop(name, None)
        if start is None:
            continue
        if name == "filetoinclude":
            content = text[start : match.start()].strip()
            if content:
                files.append(content)
        elif name in _ZONE_FIELDS and zone is not None:
            zone.setdefault(name, text[start : match.start()].strip())
        elif name == "deckzone" and zone is not None:
            label = zone.get("label", "")
            section = zone_section(label, zone.get("gamezonetoloadto", ""))
            if section is not None and label and section.value not in labels:
                labels[section.value] = label
            zone = None
    return PluginInfo(zone_labels=labels, card_data_files=files)


def read_plugin_info(path: Path, limit: int = MAX_PLUGIN_INFO_BYTES) -> PluginInfo:
    """Read and parse a plugininfo.txt: a regular file of at most `limit` bytes, else OSError (UnsafeFileError)."""
    return parse_plugin_info(read_regular_bytes(path, limit).decode("utf-8", errors="replace"))


def open_card_data(path: Path) -> BinaryIO:
    """Open a card data file to stream: a regular file of at most MAX_CARD_DATA_BYTES (a FIFO never hangs)."""
    return open_regular(path, MAX_CARD_DATA_BYTES)


# -- images ----------------------------------------------------------------------------------------


_UNSAFE_NAME = re.compile(r"[/\\:\x00-\x1f]|\.\.")


def unsafe_name_reason(name: str) -> str:
    """Why a file or folder name from card data may not be used as a path part ("" when it is safe)."""
    # This runs for every row: the usual name is passed by C scans alone (a printable name holds no control
    # character), a third of the cost of the regex, which tries its alternation at every character.
    if name.isprintable() and "/" not in name and "\\" not in name and ":" not in name and ".." not in name:
        return ""
    if _UNSAFE_NAME.search(name) is None:
        return ""
    if "/" in name or "\\" in name:
        return message("IMPORT_NAME_HAS_SEPARATOR")
    if ".." in name:
        return message("IMPORT_NAME_HAS_DOTDOT")
    return message("IMPORT_NAME_HAS_CONTROL")


def split_image_files(image_file: str) -> list[str]:
    """The image names of a Lackey ImageFile field (`front,back` for two-sided Characters)."""
    if "," not in image_file:  # one image: the common case, no split
        single = image_file.strip()
        return [single] if single else []
    return [part.strip() for part in image_file.split(",")] if image_file.strip() else []


class ImageFinder:
    """Find `<setimages>/<Set>/<ImageFile>.jpg|.png|.jpeg`, case-insensitively, listing each folder once.

    With `root` (the resolved plugin folder), links that resolve outside it are refused, never returned:
    `locate` gives the reason and `problems` the folder-level refusals. `check` runs every thousand entries
    listed and may raise (a cancel).
    """

    def __init__(
        self, setimages: Path | None, root: Path | None = None, check: CheckFn | None = None
    ) -> None:
        self._root = setimages
        self._inside = root
        self._check = check
        self._sets: dict[str, Path] | None = None
        self._refused_sets: dict[str, str] = {}
        self._files: dict[str, tuple[dict[str, Path], dict[str, str]]] = {}
        self.problems: list[str] = []

    def _outside(self, path: Path) -> str:
        return outside_reason(path, self._inside) if self._inside is not None else ""

    def _list(self, folder: Path, want_dirs: bool) -> tuple[dict[str, Path], dict[str, str]]:
        """Entries of one folder by casefolded name, and the links refused for leaving the plugin folder."""
        found: dict[str, Path] = {}
        refused: dict[str, str] = {}
        try:
            with os.scandir(folder) as entries:
                for count, entry in enumerate(entries):
                    if self._check is not None and count % _LIST_POLL_EVERY == 0:
                        self._check()
                    path = Path(entry.path)
                    try:
                        # d_type from the listing: no stat for a plain entry; only links are resolved.
                        if entry.is_symlink():
                            reason = self._outside(path)
                            if reason:
                                refused[entry.name.casefold()] = reason
                                continue
                        wanted = entry.is_dir() if want_dirs else entry.is_file()
                    except OSError:
                        continue
                    if wanted:
                        found[entry.name.casefold()] = path
        except OSError:
            pass
        return found, refused

    def _set_folder(self, set_name: str) -> tuple[dict[str, Path], dict[str, str]]:
        if self._sets is None:
            self._sets = {}
            if self._root is not None and self._root.is_dir():  # checked once, not once per row
                reason = self._outside(self._root)
                if reason:
                    self.problems.append(message("IMPORT_NO_IMAGES", reason=reason))
                else:
                    self._sets, self._refused_sets = self._list(self._root, want_dirs=True)
        key = set_name.casefold()
        listing = self._files.get(key)
        if listing is None:
            folder = self._sets.get(key)
            if folder is not None:
                listing = self._list(folder, want_dirs=False)
            elif key in self._refused_sets:
                listing = ({}, {"": self._refused_sets[key]})
            else:
                listing = ({}, {})
            self._files[key] = listing
        return listing

    def has_images(self, set_name: str) -> bool:
        """Whether `locate` can find or refuse anything for this set (False: it has no image folder, or an empty one)."""
        files, refused = self._set_folder(set_name)
        return bool(files or refused)

    def locate(self, set_name: str, image_name: str) -> tuple[Path | None, str]:
        """The image file for one ImageFile entry, or None and why it was refused ("" when simply absent)."""
        if not image_name:
            return None, ""
        files, refused = self._set_folder(set_name)
        if not files and not refused:  # a set without an image folder: nothing to look for
            return None, ""
        wanted = image_name.casefold()
        candidates = [wanted] if wanted.endswith(IMAGE_EXTENSIONS) else []
        candidates += [wanted + ext for ext in IMAGE_EXTENSIONS]
        for candidate in candidates:
            if candidate in files:
                return files[candidate], ""
        for candidate in ("", *candidates):
            if candidate in refused:
                return None, refused[candidate]
        return None, ""

    def find(self, set_name: str, image_name: str) -> Path | None:
        """The image file for one ImageFile entry, or None."""
        return self.locate(set_name, image_name)[0]


def card_data_files(folder: Path, info: PluginInfo | None) -> tuple[list[Path], list[str]]:
    """Card data files of a plugin folder (those plugininfo.txt lists, else sets/*.txt) and problems found.

    Links that resolve outside the folder are refused with a problem naming them, never returned.
    """
    root = folder.resolve()
    sets = folder / "sets"
    found: list[Path] = []
    problems: list[str] = []
    sets_reason = outside_reason(sets, root) if sets.is_dir() else ""
    if sets_reason:
        problems.append(sets_reason)
    if info is not None:
        for name in info.card_data_files:
            reason = unsafe_name_reason(name)
            if reason:
                problems.append(message("IMPORT_LISTED_FILE_UNSAFE", name=name, reason=reason))
                continue
            for base in (sets, folder):
                candidate = base / name
                if candidate.is_file():
                    reason = sets_reason if base == sets else ""
                    reason = reason or outside_reason(candidate, root)
                    if reason:
                        problems.append(reason)
                    else:
                        found.append(candidate)
                    break
            else:
                problems.append(message("IMPORT_LISTED_FILE_MISSING", name=name))
    if not found and sets.is_dir() and not sets_reason:
        for candidate in sorted(p for p in sets.iterdir() if p.is_file() and p.suffix.casefold() == ".txt"):
            reason = outside_reason(candidate, root)
            if not reason:
                found.append(candidate)
            elif reason not in problems:  # a listed file refused above is not reported twice
                problems.append(reason)
    return found, problems

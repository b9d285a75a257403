"""Lackey card-data parsing (no database): tab-separated rows, plugininfo.txt, image lookup."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from carddb.model import LACKEY_COLUMNS, LACKEY_HEADER

# Real rows are under 1 KB; anything past this is garbage or an attack, and is skipped without keeping it.
MAX_LINE_BYTES = 1_000_000
_CHUNK = 1 << 16
_EOL = re.compile(rb"\r\n|\r|\n")
_HEADER_KEYS = {name.casefold(): name for name in LACKEY_COLUMNS}
IMAGE_EXTENSIONS: tuple[str, ...] = (".jpg", ".png", ".jpeg")


@dataclass(slots=True)
class LackeyRow:
    """One data line of a card data file, split into Lackey columns (no validation of the values)."""

    line: int
    values: dict[str, str]  # Lackey header name -> text
    extra: dict[str, str] = field(default_factory=dict)  # columns the header does not know, by header name
    problems: list[str] = field(default_factory=list)  # suspicious but usable (short row, extra cells)
    error: str = ""  # when set, the row cannot be used at all


@dataclass(slots=True)
class FileNote:
    """A fact about the whole file (encoding, missing header) worth telling the user."""

    line: int
    reason: str


def iter_raw_lines(stream: BinaryIO, max_line: int = MAX_LINE_BYTES) -> Iterator[tuple[int, bytes | None]]:
    """Yield (line number, bytes) for each line ending in \\n, \\r\\n or \\r; bytes is None for an overlong line."""
    buf = b""
    overflow = False
    number = 0
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            break
        buf += chunk
        start = 0
        while True:
            match = _EOL.search(buf, start)
            # A lone \r at the end of the buffer may be the first half of a \r\n split between chunks.
            if match is None or (match.group() == b"\r" and match.end() == len(buf)):
                break
            number += 1
            yield number, (None if overflow else buf[start : match.start()])
            overflow = False
            start = match.end()
        buf = buf[start:]
        if len(buf) > max_line:
            overflow = True  # drop the text but remember the line is bad, so memory stays bounded
            buf = b""
    if buf or overflow:
        number += 1
        yield number, (None if overflow else buf)


def decode_line(raw: bytes) -> tuple[str, bool]:
    """Decode one line as UTF-8 (BOM dropped), else cp1252; the flag says whether it was UTF-8."""
    try:
        return raw.decode("utf-8").lstrip("\ufeff"), True
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace"), False


def _header_map(cells: list[str]) -> dict[int, str] | None:
    """Column index -> Lackey header name when the cells form a header line (they must name `Name`)."""
    known = [_HEADER_KEYS.get(cell.strip().casefold()) for cell in cells]
    if "Name" not in known or sum(1 for k in known if k) < 2:
        return None
    return {
        index: (k if k else cells[index].strip() or f"column {index + 1}") for index, k in enumerate(known)
    }


class CardDataReader:
    """Stream the rows of one Lackey card data file; file-level facts collect in `notes`."""

    def __init__(self, stream: BinaryIO, max_line: int = MAX_LINE_BYTES) -> None:
        self._stream = stream
        self._max_line = max_line
        self.notes: list[FileNote] = []
        self.columns: dict[int, str] = {}
        self.bytes_read = 0

    def __iter__(self) -> Iterator[LackeyRow]:
        warned_encoding = False
        header_seen = False
        for number, raw in iter_raw_lines(self._stream, self._max_line):
            self.bytes_read = self._stream.tell()
            if raw is None:
                yield LackeyRow(number, {}, error=f"line is longer than {self._max_line:,} bytes: skipped")
                continue
            text, was_utf8 = decode_line(raw)
            if not was_utf8 and not warned_encoding:
                warned_encoding = True
                self.notes.append(
                    FileNote(number, "the file is not UTF-8: read as Windows-1252 (cp1252) from this line on")
                )
            if not text.strip():
                continue
            cells = text.split("\t")
            if not header_seen:
                header_seen = True
                header = _header_map(cells)
                if header is not None:
                    self.columns = header
                    continue
                self.columns = dict(enumerate(LACKEY_HEADER))
                self.notes.append(
                    FileNote(
                        number,
                        "no header line: columns read in the standard order " + ", ".join(LACKEY_HEADER),
                    )
                )
            yield self._row(number, cells)

    def _row(self, number: int, cells: list[str]) -> LackeyRow:
        row = LackeyRow(number, {})
        for index, cell in enumerate(cells):
            name = self.columns.get(index)
            if name is None:
                if cell.strip():
                    row.extra[f"column {index + 1}"] = cell
                    row.problems.append(
                        f"more cells than the header has columns: cell {index + 1} kept aside"
                    )
            elif name in LACKEY_COLUMNS:
                row.values[name] = cell
            else:
                row.extra[name] = cell
        missing = [name for index, name in sorted(self.columns.items()) if index >= len(cells)]
        if missing:
            row.problems.append("row is short, missing columns: " + ", ".join(missing))
        return row


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


_DECKZONE = re.compile(r"<deckzone\b[^>]*>(.*?)</deckzone>", re.IGNORECASE | re.DOTALL)
_FILE_TO_INCLUDE = re.compile(r"<filetoinclude\b[^>]*>(.*?)</filetoinclude>", re.IGNORECASE | re.DOTALL)


def _tag(text: str, tag: str) -> str:
    match = re.search(rf"<{tag}\b[^>]*>(.*?)</{tag}>", text, re.IGNORECASE | re.DOTALL)
    return match.group(1).strip() if match else ""


def zone_section(label: str, game_zone: str) -> str | None:
    """The deck section a Lackey deck zone holds, judged by its label first and then its game zone."""
    for text in (label, game_zone):
        folded = text.casefold()
        if "combat" in folded:
            return "combat"
        if "sept" in folded:
            return "sept"
        if "pack" in folded or "character" in folded:
            return "characters"
    return None


def parse_plugin_info(text: str) -> PluginInfo:
    """Read deck zones and card data file names from plugininfo.txt (tolerant: regex, not strict XML)."""
    labels: dict[str, str] = {}
    for match in _DECKZONE.finditer(text):
        label = _tag(match.group(1), "label")
        section = zone_section(label, _tag(match.group(1), "gamezonetoloadto"))
        if section and label and section not in labels:
            labels[section] = label
    files = [m.group(1).strip() for m in _FILE_TO_INCLUDE.finditer(text) if m.group(1).strip()]
    return PluginInfo(zone_labels=labels, card_data_files=files)


# -- images ----------------------------------------------------------------------------------------


def unsafe_name_reason(name: str) -> str:
    """Why a file or folder name from card data may not be used as a path part ("" when it is safe)."""
    if "/" in name or "\\" in name:
        return "contains a path separator"
    if ".." in name:
        return "contains '..'"
    if any(ord(ch) < 32 for ch in name) or ":" in name:
        return "contains control characters or ':'"
    return ""


def split_image_files(image_file: str) -> list[str]:
    """The image names of a Lackey ImageFile field (`front,back` for two-sided Characters)."""
    return [part.strip() for part in image_file.split(",")] if image_file.strip() else []


class ImageFinder:
    """Find `<setimages>/<Set>/<ImageFile>.jpg|.png|.jpeg`, case-insensitively, listing each folder once."""

    def __init__(self, setimages: Path | None) -> None:
        self._root = setimages
        self._sets: dict[str, Path] | None = None
        self._files: dict[str, dict[str, Path]] = {}

    def _set_folder(self, set_name: str) -> dict[str, Path]:
        if self._root is None or not self._root.is_dir():
            return {}
        if self._sets is None:
            self._sets = {p.name.casefold(): p for p in self._root.iterdir() if p.is_dir()}
        key = set_name.casefold()
        if key not in self._files:
            folder = self._sets.get(key)
            self._files[key] = (
                {p.name.casefold(): p for p in folder.iterdir() if p.is_file()} if folder is not None else {}
            )
        return self._files[key]

    def find(self, set_name: str, image_name: str) -> Path | None:
        """The image file for one ImageFile entry, or None."""
        if not image_name:
            return None
        files = self._set_folder(set_name)
        wanted = image_name.casefold()
        candidates = [wanted] if wanted.endswith(IMAGE_EXTENSIONS) else []
        candidates += [wanted + ext for ext in IMAGE_EXTENSIONS]
        for candidate in candidates:
            if candidate in files:
                return files[candidate]
        return None


def card_data_files(folder: Path, info: PluginInfo | None) -> tuple[list[Path], list[str]]:
    """Card data files of a plugin folder (those plugininfo.txt lists, else sets/*.txt) and problems found."""
    sets = folder / "sets"
    found: list[Path] = []
    problems: list[str] = []
    if info is not None:
        for name in info.card_data_files:
            reason = unsafe_name_reason(name)
            if reason:
                problems.append(f"plugininfo.txt lists card data file {name!r}, which {reason}: ignored")
                continue
            for base in (sets, folder):
                candidate = base / name
                if candidate.is_file():
                    found.append(candidate)
                    break
            else:
                problems.append(f"plugininfo.txt lists card data file {name!r}, which is not in the folder")
    if not found and sets.is_dir():
        found = sorted(p for p in sets.iterdir() if p.is_file() and p.suffix.casefold() == ".txt")
    return found, problems

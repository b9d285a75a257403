"""Importing a JSON card file: an object keyed by card name whose values use Lackey header names as keys."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from carddb.db import CardDatabase
from carddb.importer import _check_name, _Importer
from carddb.importreport import REJECTED, SUSPICIOUS, CancelFn, CardImportError, ImportReport, ProgressFn
from carddb.messages import message, message_id_of
from carddb.model import LACKEY_COLUMNS
from carddb.safeio import UnsafeFileError, read_regular_bytes

# The real JSON card file is under 2 MB; anything far beyond is refused before it is read.
MAX_JSON_BYTES = 100 * 1024 * 1024

_SURROGATE = re.compile("[\ud800-\udfff]")
# Lackey header names by their casefolded spelling (JSON keys match them whatever their case).
_KNOWN = {k.casefold(): k for k in LACKEY_COLUMNS}


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
    blank = re.compile(r"\s*").match  # always matches (maybe nothing)

    def skip(pos: int) -> int:
        return blank(text, pos).end()  # type: ignore[union-attr]

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
    return text if text.isascii() else _SURROGATE.sub("\ufffd", text)  # nearly every text: one C check


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
    try:
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
    finally:
        importer.close()


def _add_json_entry(importer: _Importer, source: str, line: int, index: int, key: str, entry: Any) -> None:
    key = _safe_text(key)

    def label() -> str:  # worked out only for an entry with an issue
        return message("IMPORT_ENTRY_LABEL", index=index, key=key[:60])

    if not isinstance(entry, dict):
        reason = message("IMPORT_ENTRY_NOT_OBJECT", kind=type(entry).__name__)
        importer.issue(source, line, message("IMPORT_LABELLED", label=label(), reason=reason), REJECTED)
        return
    values: dict[str, str] = {}
    extra: dict[str, str] = {}
    problems: list[str] = []
    for raw_name, raw in entry.items():
        field_name = _safe_text(str(raw_name))
        cell = _json_cell(raw)
        column = _KNOWN.get(field_name.casefold())
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
        importer.issue(source, line, message("IMPORT_LABELLED", label=label(), reason=name_problem), REJECTED)
        return
    importer.add_row(source, line, values, extra, problems, None, label)

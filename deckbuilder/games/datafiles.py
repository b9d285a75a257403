"""A game's data files: one bounded JSON reader and one link policy, for the descriptions and the loader alike.

Every file goes through `carddb.safeio.read_regular_bytes`: regular files only (a FIFO or a device is refused at
once instead of blocking every check), at most `MAX_FILE_BYTES`. JSON is refused, naming the file, when it is nested
deeper than `MAX_DEPTH`, holds a number longer than `MAX_NUMBER_DIGITS` digits, or repeats a key in one object
(which of two values was meant cannot be known). A path found in a folder is read only when it resolves inside it.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.safeio import UnsafeFileError, read_regular_bytes

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 40
MAX_NUMBER_DIGITS = 40
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class DataFileError(ValueError):
    """A data file that cannot be used: the message says why (without the file's name)."""


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise DataFileError(f"the key {key!r:.60} appears twice in one object")
        found[key] = value
    return found


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise DataFileError(f"a number has more than {MAX_NUMBER_DIGITS} digits")
    return int(text)


def _depth(text: str) -> int:
    """How deeply the JSON text nests (strings skipped); linear, without recursion."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(_DEPTH_STEP[c] for c in brackets), default=0)


def parse_json(raw: bytes) -> Any:
    """Parse a data file's bytes; DataFileError says what is wrong (encoding, line and column, depth, keys)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataFileError("is not UTF-8 text") from None
    if _depth(text) > MAX_DEPTH:
        raise DataFileError(f"is nested too deeply (more than {MAX_DEPTH} levels)")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        raise DataFileError(f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise DataFileError("is nested too deeply") from None


def read_json(entry: Path | Traversable) -> Any:
    """A data file's JSON, read through the bounded reader (a Traversable of the installed package as it is)."""
    try:
        if isinstance(entry, Path):
            raw = read_regular_bytes(entry, MAX_FILE_BYTES)
        else:
            raw = entry.read_bytes()
            if len(raw) > MAX_FILE_BYTES:
                raise DataFileError(f"is too large ({len(raw)} bytes; at most {MAX_FILE_BYTES} are read)")
    except UnsafeFileError as exc:
        raise DataFileError(f"cannot be read: {exc.reason}") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        if isinstance(exc, DataFileError):
            raise
        raise DataFileError(f"cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    return parse_json(raw)


def resolves_inside(folder: Path | Traversable, entry: Path | Traversable) -> bool:
    """Whether a path found in a folder really is in it once links are followed (the one link policy)."""
    if not isinstance(folder, Path) or not isinstance(entry, Path):
        return True  # inside the installed package
    try:
        return entry.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):
        return False

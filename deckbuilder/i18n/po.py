"""A linear reader of the gettext .po catalogues we ship (msgctxt, plurals, fuzzy and obsolete entries).

Babel's reader would cost every Portuguese `ragedeck` run ~35 ms of imports and parsing; this one reads the same
file in a few (tests/deckbuilder/i18n compares the two entry by entry).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

Key = tuple[str | None, str]  # (msgctxt or None, msgid)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_ESCAPE = re.compile(r"\\(.)")
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"\s*$')


class PoError(ValueError):
    """A catalogue line that is not .po syntax (names the line)."""


class Entry(NamedTuple):
    """One catalogue entry: its translation (one form, or one per plural form) and whether it is fuzzy."""

    context: str | None
    msgid: str
    plural: str | None
    forms: tuple[str, ...]
    fuzzy: bool = False
    comments: tuple[str, ...] = ()

    @property
    def translated(self) -> bool:
        """Has a finished translation: not fuzzy, every form filled."""
        return not self.fuzzy and bool(self.forms) and all(self.forms)


@dataclass
class PoFile:
    """The entries of a .po file by (context, msgid), its header fields and its plural rule."""

    entries: dict[Key, Entry] = field(default_factory=dict)
    header: dict[str, str] = field(default_factory=dict)
    obsolete: int = 0

    @property
    def plural_forms(self) -> tuple[int, str]:
        """(nplurals, plural expression) from the Plural-Forms header; English's rule when absent."""
        match = re.search(
            r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+)", self.header.get("Plural-Forms", "")
        )
        return (int(match.group(1)), match.group(2).strip()) if match else (2, "n != 1")

    def plural_rule(self) -> Callable[[int], int]:
        """The form index for a count, by the header's C expression (stdlib gettext evaluates it safely)."""
        count, expression = self.plural_forms
        rule = gettext.c2py(expression)
        return lambda n: min(max(int(rule(abs(n))), 0), count - 1)


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


def parse_po(text: str, source: str = "<po>") -> PoFile:
    """Read a .po text; PoError names the first line that is not .po syntax."""
    result = PoFile()
    fields: dict[str, str] = {}
    forms: dict[int, str] = {}
    flags: set[str] = set()
    comments: list[str] = []
    last: tuple[str, int] | None = None

    def finish() -> None:
        nonlocal last
        if "msgid" in fields:
            msgid = fields["msgid"]
            if msgid == "" and "msgctxt" not in fields:
                for line in forms.get(0, "").splitlines():
                    name, _, value = line.partition(":")
                    if value:
                        result.header[name.strip()] = value.strip()
            else:
                entry = Entry(
                    fields.get("msgctxt"),
                    msgid,
                    fields.get("msgid_plural"),
                    tuple(forms[i] for i in sorted(forms)),
                    "fuzzy" in flags,
                    tuple(comments),
                )
                result.entries[(entry.context, entry.msgid)] = entry
        fields.clear()
        forms.clear()
        flags.clear()
        comments.clear()
        last = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):
            result.obsolete += line.startswith("#~ msgid ")
            continue
        if line.startswith("#"):
            if last is not None and last[0] == "msgstr":
                finish()
            if line.startswith("#,"):
                flags.update(flag.strip() for flag in line[2:].split(","))
            elif line.startswith("#."):
                comments.append(line[2:].strip())
            continue
        keyword = _KEYWORD.match(line)
        if keyword:
            name, index, value = keyword.group(1), keyword.group(2), _unescape(keyword.group(3))
            if name in ("msgctxt", "msgid") and last is not None and last[0] == "msgstr":
                finish()
            if name.startswith("msgstr"):
                slot = int(index) if index is not None else 0
                forms[slot] = value
                last = ("msgstr", slot)
            else:
                fields[name] = value
                last = (name, 0)
            continue
        if last is not None and len(line) >= 2 and line[0] == '"' and line[-1] == '"':
            value = _unescape(line[1:-1])
            if last[0] == "msgstr":
                forms[last[1]] += value
            else:
                fields[last[0]] += value
            continue
        raise PoError(f"{source}, line {number}: not .po syntax: {raw[:60]!r}")
    finish()
    return result

"""What the CLI prints: nothing a deck or database holds can crash the output or spoof the terminal."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Mapping
from typing import Any, TextIO

# Characters that would let a card name or file name rewrite the terminal line: C0/C1 controls (newline and tab
# excepted), bidirectional overrides and isolates, line separators. Lone surrogates cannot be written at all.
_UNSAFE_OUTPUT = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]"
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_TAB_NEWLINE = str.maketrans("", "", "\t\n")


@functools.cache
def _unsafe_output() -> re.Pattern[str]:
    return re.compile(_UNSAFE_OUTPUT)  # compiled on first need: ~0.3 ms of every `ragedeck` start otherwise


def safe_text(text: str) -> str:
    """Text as the CLI prints it: controls and bidi overrides escaped (`\\u202e`), lone surrogates as U+FFFD."""
    # Every character escaped below (and every surrogate) is one str.isprintable() refuses: printable text, tabs and
    # newlines aside, is printed as it is without running the patterns.
    if text.isprintable() or text.translate(_TAB_NEWLINE).isprintable():
        return text
    text = LONE_SURROGATE.sub("\ufffd", text)
    return _unsafe_output().sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class SafeWriter(io.TextIOBase):
    """Wraps stdout/stderr so nothing a deck or database holds can crash the output or spoof the terminal.

    JSON stays valid: an escaped character becomes a JSON `\\uXXXX` escape inside a string, which reads back the same.
    """

    def __init__(self, target: TextIO) -> None:
        super().__init__()
        self._target = target

    def write(self, text: str) -> int:
        shown = safe_text(text)
        try:
            self._target.write(shown)
        except UnicodeEncodeError:
            # A console that cannot show every character (cp1252 on Windows): escape those, never crash.
            encoding = getattr(self._target, "encoding", None) or "ascii"
            self._target.write(shown.encode(encoding, "backslashreplace").decode(encoding))
        return len(text)

    def flush(self) -> None:
        self._target.flush()


_NAME_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")


def shown_name(value: object) -> str:
    """A file, deck or player name (or a one-line reason holding one) as printed: every control character escaped.

    A newline or tab in a name is escaped too (`\\u000a`), so a file called "x\\nBob.dek: LEGAL" cannot forge a line.
    """
    return _NAME_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", LONE_SURROGATE.sub("\ufffd", str(value)))


class DecksJson:
    """The one JSON document of a command about several decks, `{"decks": [...]}`, as `json.dump(..., indent=2)`
    writes it, each deck's document kept as its text once complete (held as dicts to the end, a 1,000-deck folder's
    took more memory than their text)."""

    def __init__(self) -> None:
        self._texts: list[str] = []

    def add(self, document: Mapping[str, Any]) -> None:
        """One deck's document, finished (it is turned into text now)."""
        import json  # (only the commands that print JSON pay for it)

        # Indented as the list's item: JSON text holds no raw line break (json escapes those inside strings).
        self._texts.append(json.dumps(document, indent=2, ensure_ascii=False).replace("\n", "\n    "))

    def write(self, out: TextIO) -> None:
        """The whole document, byte for byte what json.dump of every deck's document at once writes, and a newline."""
        if not self._texts:
            out.write('{\n  "decks": []\n}\n')
            return
        out.write('{\n  "decks": [\n    ')
        for index, text in enumerate(self._texts):
            out.write(text if index == 0 else f",\n    {text}")
        out.write("\n  ]\n}\n")

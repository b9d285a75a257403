"""Lines of a Lackey card data file: split a read chunk at a time, decoded as UTF-8 (else cp1252) (no parsing)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

# Real rows are under 1 KB; anything past this is garbage or an attack, and is skipped without keeping it.
MAX_LINE_BYTES = 1_000_000
_CHUNK = 1 << 16


def iter_line_batches(stream: BinaryIO, max_line: int = MAX_LINE_BYTES) -> Iterator[list[bytes | None]]:
    """The lines ending in \\n, \\r\\n or \\r, a read chunk's worth at a time; None stands for an overlong line.

    One C split per chunk instead of a search per line; the batches hold exactly the lines iter_raw_lines numbers.
    """
    buf = b""
    overflow = False
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            break
        buf += chunk
        # A lone \r at the end of the buffer may be the first half of a \r\n split between chunks: it waits.
        end = len(buf) - 1 if buf.endswith(b"\r") else len(buf)
        cut = max(buf.rfind(b"\n", 0, end), buf.rfind(b"\r", 0, end)) + 1
        if cut:
            lines: list[bytes | None] = list(buf[:cut].splitlines())
            if overflow:
                lines[0] = None
                overflow = False
            yield lines
            buf = buf[cut:]
        if len(buf) > max_line:
            overflow = True  # drop the text but remember the line is bad, so memory stays bounded
            buf = b""
    if buf or overflow:
        yield [None if overflow else buf]


def iter_raw_lines(stream: BinaryIO, max_line: int = MAX_LINE_BYTES) -> Iterator[tuple[int, bytes | None]]:
    """Yield (line number, bytes) for each line ending in \\n, \\r\\n or \\r; bytes is None for an overlong line."""
    number = 0
    for lines in iter_line_batches(stream, max_line):
        for raw in lines:
            number += 1
            yield number, raw


def decode_batch(lines: list[bytes | None]) -> list[str] | None:
    """The lines of a batch decoded in one go when they are all UTF-8 without a BOM (else None: line by line)."""
    if None in lines:
        return None
    try:
        text = b"\n".join(lines).decode("utf-8")  # type: ignore[arg-type]
    except UnicodeDecodeError:
        return None
    if "\ufeff" in text:
        return None
    return text.split("\n")


def decode_line(raw: bytes) -> tuple[str, bool]:
    """Decode one line as UTF-8 (BOM dropped), else cp1252; the flag says whether it was UTF-8."""
    try:
        return raw.decode("utf-8").lstrip("\ufeff"), True
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace"), False

"""Text for the PDF's built-in Helvetica, which only has the Windows-1252 (Latin) characters."""

from __future__ import annotations

import functools
import unicodedata


@functools.lru_cache(maxsize=4096)
def pdf_safe(text: str) -> str:
    """Keep Latin text as is; fold other letters to their base letter (Ō -> O), else "?" (never a black box)."""
    try:
        text.encode("cp1252")
        return text
    except UnicodeEncodeError:
        pass
    out: list[str] = []
    for char in text:
        try:
            char.encode("cp1252")
            out.append(char)
            continue
        except UnicodeEncodeError:
            pass
        folded = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        try:
            folded.encode("cp1252")
            out.append(folded or "?")
        except UnicodeEncodeError:
            out.append("?")
    return "".join(out)

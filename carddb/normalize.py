"""Card-name normalisation: names compare case-insensitively with quotes, dashes and spaces made equal."""

from __future__ import annotations

import functools
import re
import unicodedata

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u00a0": " ",
    }
)
_SPACES = re.compile(r"\s+")
_KEYWORD_SPLIT = re.compile(r"\s+-\s*|\s*-\s+")


# Kept per name as written: a batch of decks names the same cards again and again (every entry, every add, every
# lookup asks), and normalising one (NFKC, quotes, spaces, casefold) costs twenty times the cache hit. Bounded, so an
# import of a million names keeps only the latest.
@functools.lru_cache(maxsize=1 << 16)
def normalize_name(name: str) -> str:
    """Return the comparison key of a card name (casefolded, quotes/dashes/spaces unified)."""
    text = unicodedata.normalize("NFKC", name).translate(_QUOTES)
    return _SPACES.sub(" ", text).strip().casefold()


def split_keywords(field: str) -> tuple[str, ...]:
    """Split a Lackey keyword field (`Garou - Fianna - Homid`) into keywords; inner hyphens stay."""
    parts = (
        part.strip() for part in _KEYWORD_SPLIT.split(field.replace("\u2013", "-").replace("\u2014", "-"))
    )
    return tuple(part for part in parts if part)

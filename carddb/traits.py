"""The trait vocabulary of Rage keywords and requirements (tribes, auspices, breeds, Fera, Wyrm factions)."""

from __future__ import annotations

import functools
import json
import re
import sqlite3
from collections.abc import Iterable

from carddb.normalize import split_keywords

_WORD_CLEAN = re.compile(r"[^\w\s']+")


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def canonical_trait(text: str) -> str:
    """Comparison form of a keyword or requirement: casefolded, hyphens and punctuation as spaces, singular."""
    cleaned = _WORD_CLEAN.sub(" ", text.casefold().replace("-", " "))
    return " ".join(_singular(word) for word in cleaned.split())


def trait_set(*names: str) -> frozenset[str]:
    """The canonical forms of several trait names."""
    return frozenset(canonical_trait(name) for name in names)


WYRM_ASPECTS = trait_set("Beast-of-War", "Defiler", "Eater-of-Souls")
AUSPICES = trait_set("Ragabash", "Theurge", "Philodox", "Galliard", "Ahroun")
BREEDS = trait_set("Homid", "Lupus", "Metis")
GAROU_TRIBES = trait_set(
    "Black Furies",
    "Bone Gnawers",
    "Children of Gaia",
    "Fianna",
    "Get of Fenris",
    "Glass Walkers",
    "Red Talons",
    "Shadow Lords",
    "Silent Striders",
    "Silver Fangs",
    "Stargazers",
    "Uktena",
    "Wendigo",
    "Black Spiral Dancers",
)
FERA = trait_set(
    "Bastet",
    "Corax",
    "Gurahl",
    "Mokole",
    "Nuwisha",
    "Ratkin",
    "Rokea",
    "Ajaba",
    "Ananasi",
    "Kitsune",
    "Nagah",
)
BASTET_TRIBES = trait_set("Bagheera", "Balam", "Bubasti", "Simba", "Swara", "Hellcat")
WYRM_FACTIONS = trait_set("Pentex", "7th Generation", "Bane", "Fomori", "Cults")
OTHER_TRAITS = trait_set("Gaia", "Wyrm", "Garou", "Fera", "Kinfolk", "Human", "Vampire", "Aquatic")
# The words a Requires field is judged by; anything else in a requirement makes that part unjudgeable.
KNOWN_TRAITS = (
    WYRM_ASPECTS | AUSPICES | BREEDS | GAROU_TRIBES | FERA | BASTET_TRIBES | WYRM_FACTIONS | OTHER_TRAITS
)
_FILLER_WORDS = frozenset({"any", "character", "a", "an"})


@functools.lru_cache(maxsize=64)
def _longest(vocabulary: frozenset[str]) -> int:
    return max((len(t.split()) for t in vocabulary), default=1)


def trait_vocabulary(keywords: Iterable[str]) -> frozenset[str]:
    """The words a Requires field is judged by: the known traits plus every keyword some card carries."""
    words = {canonical_trait(piece) for keyword in keywords for piece in keyword.split(",")}
    return KNOWN_TRAITS | frozenset(w for w in words if w)


def scan_traits(
    text: str, vocabulary: frozenset[str] = KNOWN_TRAITS
) -> tuple[frozenset[str], tuple[str, ...]]:
    """Traits of the vocabulary in a phrase (longest match first) and the words of it no trait covers."""
    words = canonical_trait(text).split()
    longest = _longest(vocabulary)
    found: set[str] = set()
    unknown: list[str] = []
    i = 0
    while i < len(words):
        for j in range(min(len(words), i + longest), i, -1):
            phrase = " ".join(words[i:j])
            if phrase in vocabulary:
                found.add(phrase)
                i = j
                break
        else:
            if words[i] not in _FILLER_WORDS:
                unknown.append(words[i])
            i += 1
    return frozenset(found), tuple(unknown)


def tokenize_traits(text: str, vocabulary: frozenset[str] = KNOWN_TRAITS) -> tuple[frozenset[str], bool]:
    """Traits of the vocabulary in a phrase (longest match first) and whether every word was understood."""
    found, unknown = scan_traits(text, vocabulary)
    return found, not unknown


# Where an import keeps the words Characters carry, so a check reads them instead of splitting every keyword.
TRAIT_WORDS_META = "character_trait_words"
# Two subqueries, not one SELECT of both aggregates: alone, count(*) scans the smallest index and max(id) is one
# seek; together SQLite scans the whole table (~4 ms instead of ~0.5 ms at 100,000 cards, on every cold check).
_CARDS_SIGNATURE = "SELECT (SELECT count(*) FROM card), (SELECT coalesce(max(id), 0) FROM card)"


def cards_signature(conn: sqlite3.Connection) -> list[int]:
    """What changes whenever cards are added or removed (count and highest id): stored words are valid for it."""
    row = conn.execute(_CARDS_SIGNATURE).fetchone()
    return [int(row[0]), int(row[1])]


def character_words(conn: sqlite3.Connection) -> frozenset[str]:
    """The canonical words of every Character's keywords, read from the card table."""
    rows = conn.execute("SELECT DISTINCT keywords FROM card WHERE section = 'characters'")
    keywords = {str(row[0]) for row in rows if row[0]}
    return trait_vocabulary(k for text in keywords for k in split_keywords(text)) - KNOWN_TRAITS


def store_trait_words(conn: sqlite3.Connection) -> None:
    """Keep the Characters' words in meta, in the import's own transaction (after the cards are written)."""
    value = {"cards": cards_signature(conn), "words": sorted(character_words(conn))}
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (TRAIT_WORDS_META, json.dumps(value))
    )


def stored_trait_vocabulary(conn: sqlite3.Connection) -> frozenset[str]:
    """The vocabulary from meta when it was stored for these cards, else worked out from the cards."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (TRAIT_WORDS_META,)).fetchone()
    if row is not None:
        try:
            stored = json.loads(str(row[0]))
            if stored.get("cards") == cards_signature(conn) and isinstance(stored.get("words"), list):
                return KNOWN_TRAITS | frozenset(str(word) for word in stored["words"])
        except (ValueError, AttributeError):
            pass  # a damaged value: work it out from the cards
    return KNOWN_TRAITS | character_words(conn)

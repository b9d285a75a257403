"""Known Rage sets in release order; the newest printing of a card is the one in force."""

from __future__ import annotations

# Lackey spellings, oldest first. Sets not listed rank after these in order of first appearance.
KNOWN_SET_ORDER: tuple[str, ...] = (
    "Limited",
    "Unlimited",
    "TheUmbra",
    "TheWyrm",
    "TheWarOfTheAmazon",
    "LegacyOfTheTribes",
    "Promo",
    "NewEngland-Periphery",
    "NewEngland-Intermezzo",
    "NewEngland-Gauntlet",
    "NewEngland-Coda",
    "LeastWanted",
    "Ahadi-War_Council",
    "Ahadi-Rainmakers",
    "Ahadi-Rainfall",
    "Ahadi-Sahel",
    "Ahadi-Ambush",
    "Ahadi-Hellcats",
    "Ahadi-CoS",
    "Call of the Sea",
    "Fan-madePromo",
    "Conclave-To War",
    "Conclave-Kupala Rising",
    "Playtest",
)
_RANK = {name.casefold(): index for index, name in enumerate(KNOWN_SET_ORDER)}
UNKNOWN_SET_BASE = 1000


def set_rank(set_name: str, first_seen: dict[str, int] | None = None) -> int:
    """Rank of a set (higher = newer). Unknown sets rank after known ones, by first appearance."""
    known = _RANK.get(set_name.casefold())
    if known is not None:
        return known
    if first_seen is None:
        return UNKNOWN_SET_BASE
    key = set_name.casefold()
    if key not in first_seen:
        first_seen[key] = len(first_seen)
    return UNKNOWN_SET_BASE + first_seen[key]

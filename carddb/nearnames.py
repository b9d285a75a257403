"""The one near-name matcher for every game's cards: what "did you mean" offers for a name that is not known."""

from __future__ import annotations

from carddb.normalize import normalize_name


class NearNames:
    """Near names for unknown cards: rapidfuzz over the normalised names, each answer cached (bounded).

    `names` is the list it was built from (a caller rebuilds it when its list changes); `norm_to_name` maps each
    normalised name to the name shown.
    """

    MAX_CACHED = 4096
    MAX_QUERY_CHARS = 200  # a pasted paragraph is not a card name; its first words are enough to suggest from

    def __init__(self, names: list[str], norm_to_name: dict[str, str]) -> None:
        self.names = names
        self._norm_to_name = norm_to_name
        # A tuple of strings: the garbage collector stops following it after its first look (a list of every card
        # name, ~100,000, was walked by every collection of its generation; the first one fell on an edit).
        self._keys = tuple(norm_to_name)
        self._cache: dict[tuple[str, int], list[str]] = {}

    def suggest(self, name: str, limit: int, key: str | None = None) -> list[str]:
        """The closest names to `name`, best first; `key` is its normalize_name() when the caller has it."""
        key = (normalize_name(name) if key is None else key)[: self.MAX_QUERY_CHARS]
        limit = max(0, min(limit, 50))
        if not key or not limit:
            return []
        cached = self._cache.get((key, limit))
        if cached is not None:
            return list(cached)
        from rapidfuzz import fuzz, process

        # fuzz.ratio is difflib's similarity ratio × 100; 60 is difflib's usual cutoff of 0.6.
        found = process.extract(key, self._keys, scorer=fuzz.ratio, score_cutoff=60, limit=limit)
        candidates = [match[0] for match in found]
        if len(candidates) < limit:
            # Also offer names that contain the typed text (a player often types part of a name).
            for norm in self._keys:
                if key in norm and norm not in candidates:
                    candidates.append(norm)
                    if len(candidates) >= limit:
                        break
        answer = [self._norm_to_name[c] for c in candidates]
        if len(self._cache) >= self.MAX_CACHED:
            self._cache.clear()
        self._cache[(key, limit)] = answer
        return list(answer)

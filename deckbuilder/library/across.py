"""The collection across decks: one listing of the library, answering which decks use a card, what each deck and a
selection of decks lack from the collection with built decks' cards in use, and the cards any deck holds.

A `Listing` is a snapshot of the library as last listed (its decks and their cache entries); the per-card counts
of each deck are read from the verdict cache only when a question needs them, once per listing.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.normalize import normalize_name
from deckbuilder.library.cache import Cached, VerdictCache, copies_of
from deckbuilder.library.model import CardUse, LibraryDeck, MissingCard

if TYPE_CHECKING:
    from deckbuilder.deck import Deck


class ListedDeck:
    """A deck as listed, with its cache entry (its copies by card are parsed on first need)."""

    __slots__ = ("_copies", "cached", "deck")

    def __init__(self, deck: LibraryDeck, cached: Cached | None) -> None:
        self.deck = deck
        self.cached = cached
        self._copies: tuple[dict[str, int], dict[str, str]] | None = None

    @property
    def counts(self) -> dict[str, int]:
        """Copies by card key (starting cards included)."""
        return self._parsed()[0]

    @property
    def names(self) -> dict[str, str]:
        """Each card key's name as the deck writes it."""
        return self._parsed()[1]

    def _parsed(self) -> tuple[dict[str, int], dict[str, str]]:
        if self._copies is None:
            self._copies = ({}, {})  # never loaded (Listing.load_counts loads them before they are read)
        return self._copies

    @property
    def loaded(self) -> bool:
        """Whether the deck's counts were read."""
        return self._copies is not None

    def load(self, counts: str | None) -> None:
        """Take the deck's kept counts (JSON text)."""
        if self._copies is None:
            self._copies = copies_of(counts) if not self.deck.error else ({}, {})


class Listing:
    """The decks of one listing by file (in the order listed), with what their cache entries hold."""

    def __init__(self, rows: list[ListedDeck], cache: VerdictCache) -> None:
        self.rows = {str(row.deck.file): row for row in rows}
        self.cache = cache
        self._lock = threading.Lock()  # the card index is built once, whichever thread asks first
        self._index: dict[str, list[tuple[str, int]]] | None = None

    @property
    def decks(self) -> list[LibraryDeck]:
        """The decks, as listed."""
        return [row.deck for row in self.rows.values()]

    def count_missing(self, db: Any) -> None:
        """Each deck's copies lacking from its game's collection, built decks' cards in use (None: no collection).

        Kept in the cache with a stamp of the collection and the built decks' cards: a listing parses the decks'
        card counts only when those changed.
        """
        from deckbuilder.collection import collection_game, copies_in_use, missing_beside

        by_game: dict[str, list[ListedDeck]] = {}
        for row in self.rows.values():
            if row.deck.fingerprint and not row.deck.error:  # checked and readable
                by_game.setdefault(collection_game(row.deck.game), []).append(row)
        kept: list[tuple[str, str, int | None]] = []
        for game, decks in by_game.items():
            owned = _owned(db, game)
            if not owned:
                continue
            built = [row for row in decks if row.deck.built]
            self.load_counts(built)
            in_use = copies_in_use(row.counts for row in built)
            stamp = _missing_stamp(owned, in_use)
            stale = [
                row
                for row in decks
                if row.cached is None
                or row.cached.missing is None
                or row.cached.missing_stamp != stamp + ("-built" if row.deck.built else "")
            ]
            self.load_counts(stale)
            for row in decks:
                wanted = stamp + ("-built" if row.deck.built else "")
                if (
                    row.cached is not None
                    and row.cached.missing_stamp == wanted
                    and row.cached.missing is not None
                ):
                    lacking = row.cached.missing
                else:
                    used = in_use
                    if row.deck.built:  # its own cards are not taken from it
                        used = {k: v - row.counts.get(k, 0) for k, v in in_use.items()}
                    lacking = sum(missing_beside(row.counts, owned, used).values())
                    kept.append((str(row.deck.file), wanted, lacking))
                row.deck = row.deck.with_missing(lacking)
        self.cache.keep_missing(kept)

    def load_counts(self, rows: Iterable[ListedDeck]) -> None:
        """Read the kept counts of these decks (one query) into their rows."""
        wanted = {str(row.deck.file): row for row in rows if row.cached is not None and not row.loaded}
        if not wanted:
            return
        found = self.cache.counts(wanted)
        for path, row in wanted.items():
            row.load(found.get(path, row.cached.counts if row.cached is not None else None))

    def uses(self, card_name: str, game: str | None = None) -> list[CardUse]:
        """The decks holding a card (of `game`, else of any game) with their copies, by deck name."""
        rows = self.rows
        with self._lock:
            index = self._index
        if index is None:
            index = {}
            self.load_counts(rows.values())
            for path, row in rows.items():
                for key, copies in row.counts.items():
                    index.setdefault(key, []).append((path, copies))
            with self._lock:
                self._index = index
        wanted = None if game is None else game.casefold()
        found = [
            CardUse(rows[path].deck, copies)
            for path, copies in index.get(normalize_name(card_name), ())
            if path in rows and (wanted is None or rows[path].deck.game.casefold() == wanted)
        ]
        return sorted(found, key=lambda use: (use.deck.name.casefold(), str(use.deck.file)))

    def card_keys(self, game: str | None = None) -> frozenset[str]:
        """The normalised names of every card any deck holds (of `game`, else of any game): `in:decks`."""
        from deckbuilder.collection import collection_game

        rows = self.rows
        self.load_counts(rows.values())
        wanted = None if game is None else collection_game(game)
        return frozenset(
            key
            for row in rows.values()
            if wanted is None or collection_game(row.deck.game) == wanted
            for key in row.counts
        )

    def missing_for(self, files: Iterable[Path], db: Any) -> list[MissingCard]:
        """The cards and copies a selection of decks lacks together (built decks outside it holding theirs)."""
        from deckbuilder.collection import collection_game, copies_in_use, missing_beside

        rows = self.rows
        self.load_counts(rows.values())
        chosen = {str(Path(f)) for f in files}
        by_game: dict[str, list[ListedDeck]] = {}
        for path in chosen:
            row = rows.get(path)
            if row is not None and not row.deck.error:
                by_game.setdefault(collection_game(row.deck.game), []).append(row)
        result: list[MissingCard] = []
        for game, selected in sorted(by_game.items()):
            needed = copies_in_use(row.counts for row in selected)
            others = copies_in_use(
                row.counts
                for path, row in rows.items()
                if row.deck.built and path not in chosen and collection_game(row.deck.game) == game
            )
            names = {key: name for row in selected for key, name in row.names.items()}
            for key, copies in missing_beside(needed, _owned(db, game), others).items():
                result.append(MissingCard(game, names.get(key, key), copies))
        return sorted(result, key=lambda m: (m.game, m.name.casefold()))


def missing_decks(missing: Iterable[MissingCard]) -> list[Deck]:
    """The cards a selection of decks lacks as one deck per game (what a "missing for these decks" proxy export
    prints), in game order."""
    from deckbuilder.deck import Deck
    from deckbuilder.i18n import gettext as _

    decks: dict[str, Deck] = {}
    for card in missing:
        deck = decks.get(card.game)
        if deck is None:
            deck = decks[card.game] = Deck(name=_("Missing cards"), game=card.game)
        deck.add(card.name, card.copies)
    return [decks[game] for game in sorted(decks)]


def _owned(db: Any, game: str) -> dict[str, int]:
    if db is None:
        return {}
    from deckbuilder.collection import Collection

    return Collection(db, game).owned_map()


def _missing_stamp(owned: Mapping[str, int], in_use: Mapping[str, int]) -> str:
    """A stamp of a game's collection and its built decks' cards: the copies decks lack change with it."""
    digest = hashlib.sha256()
    for key, copies in sorted(owned.items()):
        digest.update(f"{key}\x00{copies}\x01".encode("utf-8", "replace"))
    digest.update(b"\x02")
    for key, copies in sorted(in_use.items()):
        digest.update(f"{key}\x00{copies}\x01".encode("utf-8", "replace"))
    return digest.hexdigest()[:24]

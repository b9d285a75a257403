"""What the library lists and answers: frozen rows a view shows as they are (no Qt, no database)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class LibraryError(ValueError):
    """A library action that cannot be done as asked (a name taken, a file gone): one line saying why."""


@dataclass(frozen=True)
class LibraryDeck:
    """One deck file of the library as last checked: its verdict, fingerprint, counts, tags and collection status.

    `legal` is None when the deck was not checked yet (or cannot be: `error` says why the file cannot be read, and
    such a deck is listed, never hidden). `missing` is None when the player keeps no collection of its game.
    `current` is False when the verdict predates a change of the file, the card data, a format or a game.
    """

    file: Path
    name: str = ""
    game: str = ""
    format: str = ""
    legal: bool | None = None
    first_error: str = ""  # the first error in the reader's language, for the verdict's hover
    fingerprint: str = ""
    cards: int = 0
    saved: float = 0.0  # the file's modification time (seconds since the epoch)
    tags: tuple[str, ...] = ()
    missing: int | None = None  # copies it lacks from the collection, built decks' cards counted as in use
    built: bool = False
    error: str = ""  # why the file cannot be read ("" when it can)
    current: bool = True

    def with_missing(self, missing: int | None) -> LibraryDeck:
        """This deck with the copies it lacks. A listing sets them on every deck: `dataclasses.replace` checks every
        field again and was four fifths of what a listing with a collection spent on them; the fields are copied."""
        deck = object.__new__(type(self))
        deck.__dict__.update(self.__dict__)
        deck.__dict__["missing"] = missing
        return deck

    @property
    def buildable(self) -> bool:
        """Whether the collection holds every copy it needs (built decks' cards in use)."""
        return self.missing == 0

    def to_json(self) -> dict[str, object]:
        """The shape `ragedeck decks --json` prints for this deck (an unreadable file: its file and error)."""
        if self.error:
            return {"file": str(self.file), "error": self.error}
        return {
            "file": str(self.file),
            "name": self.name,
            "game": self.game,
            "format": self.format,
            "legal": self.legal,
            "fingerprint": self.fingerprint,
            "cards": self.cards,
            "tags": list(self.tags),
            "missing": self.missing,
            "built": self.built,
        }


@dataclass(frozen=True)
class CardUse:
    """A deck of the library that holds a card, and how many copies (starting list included)."""

    deck: LibraryDeck
    copies: int


@dataclass(frozen=True)
class MissingCard:
    """Copies of one card a selection of decks lacks from the collection (for "missing for these decks" proxies)."""

    game: str
    name: str
    copies: int


@dataclass(frozen=True)
class TrashedDeck:
    """A deck file the library deleted: kept in the library's trash until `Library.restore` puts it back."""

    token: str  # the trash entry's name
    file: Path  # where it was
    name: str = ""
    deleted: float = 0.0  # when (seconds since the epoch)

"""The deck being edited and what belongs with it: its file, that file's kind, its latest check (no Qt)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from pathlib import Path

from carddb.record import FrozenRecord, MutableRecord, set_field
from deckbuilder.context import DeckContext, DeckContexts
from deckbuilder.deck import DEFAULT_FORMAT, Deck, DeckState
from deckbuilder.deckfiles import (
    KEEPS_NOTES,
    KEEPS_PRINTINGS,
    KEEPS_SETTINGS,
    KEEPS_UNREAD,
    deck_file_kind,
    kind_for_path,
)
from deckbuilder.legality.results import Report


class Loss(enum.Enum):
    """Something a deck file kind may not keep (its value is what the kinds registry says a kind keeps)."""

    NOTES = KEEPS_NOTES
    RENOWN_AND_FORMAT = KEEPS_SETTINGS
    PRINTINGS = KEEPS_PRINTINGS
    UNREAD = KEEPS_UNREAD


def deck_losses(deck: Deck, kind: str) -> list[Loss]:
    """What writing this deck as `kind` would lose, in a fixed order (empty for a kind that keeps it all)."""
    keeps = deck_file_kind(kind).keeps
    found = {
        Loss.NOTES: bool(deck.notes.strip()),
        # A setting at its default is not kept in the deck (deck files read it so): any other one is a choice.
        Loss.RENOWN_AND_FORMAT: bool(deck.settings) or deck.format != _default_format(deck),
        Loss.PRINTINGS: any(e.set_name for e in (*deck.entries, *deck.starting)),
        Loss.UNREAD: bool(deck.unread),
    }
    return [loss for loss in Loss if loss.value not in keeps and found[loss]]


def _default_format(deck: Deck) -> str:
    """The format a deck of its game is on when its file names none (its game's default)."""
    game = DeckContexts().installed(deck.game)
    return game.default_format if game is not None and game.default_format else DEFAULT_FORMAT


class Edit(FrozenRecord):
    """One change to the deck: the states before and after (equal when it changed nothing)."""

    _fields = ("before", "after")
    before: DeckState
    after: DeckState

    def __init__(self, before: DeckState, after: DeckState) -> None:
        set_field(self, "before", before)
        set_field(self, "after", after)

    @property
    def changed(self) -> bool:
        """False when running the change left the deck as it was."""
        return self.before != self.after


class DeckDocument(MutableRecord):
    """The deck being edited, its file (None until saved) and that file's kind, and its latest check.

    Every change of the deck goes through `edit` or `restore`, every change of its file through `replace` or
    `saved_as`, so whoever holds the document (the window's controller) sees each one.
    """

    _fields = ("deck", "path", "source", "unknown", "report", "warned_losses", "contexts")

    def __init__(
        self,
        deck: Deck | None = None,
        path: Path | None = None,
        source: Path | None = None,
        unknown: dict[str, list[str]] | None = None,
        report: Report | None = None,
        warned_losses: bool = False,
        contexts: DeckContexts | None = None,
    ) -> None:
        self.deck: Deck = Deck() if deck is None else deck
        self.path = path
        # The file the deck was read from: its `path`, or a file Save does not write to (the bundled demo deck).
        self.source = source
        # Names a reader could not find, with the near names it offers for each.
        self.unknown: dict[str, list[str]] = {} if unknown is None else unknown
        self.report = report
        # Save into a .dek / text file warns once per deck about what that kind drops.
        self.warned_losses = warned_losses
        # Every game's description and cards, read once (the window gives it its card database): the deck's context.
        self.contexts: DeckContexts = DeckContexts() if contexts is None else contexts

    @property
    def context(self) -> DeckContext | None:
        """The deck's context: its game, that game's cards and the deck's format (None: its game is not installed).

        Made from `contexts`, which reads each game and its pool once; the views read the deck's cards from here.
        """
        game = self.contexts.installed(self.deck.game)
        return None if game is None else self.contexts.of(self.deck, game=game)

    def pool(self) -> object:
        """Where the deck's names are looked up: its game's cards (the card database for a game not installed)."""
        return self.contexts.pool_of(self.deck)

    @property
    def kind(self) -> str | None:
        """The deck file kind Save writes (by the file's extension); None while the deck has no file."""
        return kind_for_path(self.path) if self.path is not None else None

    # The document's own `replace` (another deck in it) stands where a record's copy-with-changes would be.
    def replace(  # type: ignore[override]
        self,
        deck: Deck,
        path: Path | None,
        unknown: Mapping[str, list[str]] | None = None,
        *,
        source: Path | None = None,
    ) -> None:
        """Another deck (opened, new or pasted): its file, where it was read from, unknown names; no check yet."""
        self.deck = deck
        self.path = path
        self.source = source if source is not None else path
        self.unknown = dict(unknown or {})
        self.report = None
        self.warned_losses = False

    def edit(self, operation: Callable[[Deck], object]) -> Edit:
        """Run one change on the deck; the states around it (for undo)."""
        before = self.deck.state()
        operation(self.deck)
        return Edit(before, self.deck.state())

    def restore(self, state: DeckState) -> None:
        """Put the deck back in an earlier (or later, for redo) state."""
        self.deck.restore(state)

    def save(self, path: Path, write: Callable[[Path], object], pool: object = None) -> str | None:
        """Write the deck to `path` through `write`, keeping the file it replaces in the deck's history (Save As
        carries the history along); returns why the history could not be kept (the save itself went ahead)."""
        from deckbuilder.history import DeckHistory

        previous = self.path if self.path is not None and path != self.path else None
        problem = DeckHistory().save(path, write, pool, previous)  # the write runs under the history's lock
        self.saved_as(path)
        return problem

    def saved_as(self, path: Path) -> None:
        """The deck was written to `path`, which is now its file (a new file warns about its losses again)."""
        if path != self.path:
            self.warned_losses = False
        self.path = self.source = path

    def losses(self, kind: str | None = None) -> list[Loss]:
        """What its file's kind (or `kind`) cannot keep of the deck as it is now."""
        kind = kind or self.kind
        return deck_losses(self.deck, kind) if kind is not None else []

    def set_report(self, report: Report | None) -> None:
        """The deck's latest check."""
        self.report = report

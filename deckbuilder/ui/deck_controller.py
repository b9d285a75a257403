"""The one way the window changes the deck: a DeckDocument behind an undo stack, with signals for the views."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QUndoStack

from deckbuilder.deck import Deck
from deckbuilder.document import DeckDocument
from deckbuilder.legality.results import Report
from deckbuilder.ui.commands import (
    AddCardCommand,
    ChangePrintingCommand,
    DeckCommand,
    RemoveCardCommand,
    RenameDeckCommand,
    ReturnToSeptCommand,
    SetCountCommand,
    SetFormatCommand,
    SetNotesCommand,
    SetRenownLevelCommand,
    SetSettingCommand,
    StartInPlayCommand,
)
from deckbuilder.ui.translation import fill

if TYPE_CHECKING:
    from deckbuilder.fixhints import Change


class DeckController(QObject):
    """Owns the document and its undo stack; every edit is one undo step, every change is signalled once."""

    # After every edit, undo, redo, replacement and re-check: the deck and its report are current.
    deck_changed = Signal()
    # Another deck took the place of the last one (open, new, paste, restore): forget what showed the old one.
    deck_replaced = Signal()
    report_changed = Signal(object)  # Report | None
    path_changed = Signal(object)  # Path | None
    edited = Signal()  # an edit was recorded (autosave waits for a pause after it)

    def __init__(self, check: Callable[[Deck], Report | None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._check = check
        self.document = DeckDocument()
        self.undo_stack = QUndoStack(self)

    # -- reading ----------------------------------------------------------------------------------

    @property
    def deck(self) -> Deck:
        """The deck being edited (read it; change it through this controller)."""
        return self.document.deck

    @property
    def path(self) -> Path | None:
        """The deck's file, None until it is saved."""
        return self.document.path

    @property
    def report(self) -> Report | None:
        """The deck's latest check."""
        return self.document.report

    def is_dirty(self) -> bool:
        """True when the deck has edits not saved to its file."""
        return not self.undo_stack.isClean()

    # -- the deck as a whole --------------------------------------------------------------------

    def replace(
        self,
        deck: Deck,
        path: Path | None,
        unknown: Mapping[str, list[str]] | None = None,
        *,
        source: Path | None = None,
    ) -> None:
        """Edit another deck from now on: history starts afresh and the deck counts as saved."""
        self.document.replace(deck, path, unknown, source=source)
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.deck_replaced.emit()
        self.path_changed.emit(path)
        self.recheck()

    def save(self, path: Path, write: Callable[[Path], object], pool: object = None) -> str | None:
        """Write the deck to `path` through the document (which keeps the file it replaces in the deck's history)."""
        problem = self.document.save(path, write, pool)
        self.undo_stack.setClean()
        self.path_changed.emit(path)
        return problem

    def saved_as(self, path: Path) -> None:
        """The deck was written to `path`: it is its file now and it has no unsaved edits."""
        self.document.saved_as(path)
        self.undo_stack.setClean()
        self.path_changed.emit(path)

    def mark_unsaved(self) -> None:
        """The deck is not what its file holds (pasted or restored): Save must not be skipped."""
        self.undo_stack.resetClean()

    def recheck(self) -> None:
        """Check the deck again (after an edit, or when the cards or formats it is checked against changed)."""
        self.document.set_report(self._check(self.document.deck))
        self.report_changed.emit(self.document.report)
        self.deck_changed.emit()

    # -- edits: each one undo step --------------------------------------------------------------

    def push(self, command: DeckCommand) -> bool:
        """Run an edit through the undo stack; an edit that changes nothing is not recorded (False)."""
        self.undo_stack.push(command)
        if command.changes_nothing():
            # An obsolete command is removed from the stack by Qt when it is undone; drop it at once instead.
            command.setObsolete(True)
            self.undo_stack.undo()
            return False
        self.edited.emit()
        return True

    def edit(self, label: str, operation: Callable[[Deck], object]) -> bool:
        """Any change as one undo step named `label`."""
        return self.push(DeckCommand(self.document, label, operation, self.recheck))

    def add_card(self, name: str, count: int = 1, set_name: str | None = None) -> bool:
        """Add copies of a card; with no printing given, copies join the card's existing row."""
        if set_name is None:
            existing = self.deck.find(name)
            if existing is not None:
                name, set_name = existing.name, existing.set_name
        return self.push(AddCardCommand(self.document, self.recheck, name, count, set_name))

    def add_to_pile(self, name: str, pile: str) -> bool:
        """Add a copy of a card (from the browser): to its own pile, or ("starting") to the starting-in-play list."""
        if pile != "starting":
            return self.add_card(name)
        current = self.deck.entry(name, None, starting=True)
        return self.set_count(name, None, current.count + 1 if current is not None else 1, starting=True)

    def remove_card(self, name: str, set_name: str | None = None, count: int = 1) -> bool:
        """Remove copies of one entry."""
        return self.push(RemoveCardCommand(self.document, self.recheck, name, set_name, count))

    def set_count(self, name: str, set_name: str | None, count: int, *, starting: bool = False) -> bool:
        """Set the copies of one entry (of the starting list when `starting`)."""
        return self.push(
            SetCountCommand(self.document, self.recheck, name, set_name, count, starting=starting)
        )

    def start_in_play(self, name: str, set_name: str | None = None, count: int = 1) -> bool:
        """Move copies of a sept entry to the starting-in-play list."""
        return self.push(StartInPlayCommand(self.document, self.recheck, name, set_name, count))

    def return_to_sept(self, name: str, set_name: str | None = None, count: int = 1) -> bool:
        """Move copies of a starting-in-play entry back to the sept deck."""
        return self.push(ReturnToSeptCommand(self.document, self.recheck, name, set_name, count))

    def change_printing(self, name: str, old_set: str | None, new_set: str | None) -> bool:
        """Choose another printing for an entry."""
        return self.push(ChangePrintingCommand(self.document, self.recheck, name, old_set, new_set))

    def replace_card(self, old_name: str, old_set: str | None, new_name: str) -> bool:
        """Swap an (unknown) card for another in its place, keeping the count."""
        label = fill(QCoreApplication.translate("DeckCommand", "Replace %1 with %2"), old_name, new_name)
        return self.edit(label, lambda deck: deck.replace(old_name, old_set, new_name))

    def apply_changes(self, label: str, changes: tuple[Change, ...]) -> bool:
        """A fix-it hint's changes as one undo step."""
        # late: the fix planners are not needed to start
        from deckbuilder.fixhints import apply_changes as apply

        return self.edit(label, lambda deck: apply(deck, changes))

    def rename(self, name: str) -> bool:
        """Rename the deck."""
        return self.push(RenameDeckCommand(self.document, self.recheck, name))

    def set_renown_level(self, level: int) -> bool:
        """Change the game's Renown level."""
        return self.push(SetRenownLevelCommand(self.document, self.recheck, level))

    def set_format(self, fmt: str) -> bool:
        """Change the deck's format."""
        return self.push(SetFormatCommand(self.document, self.recheck, fmt))

    def set_setting(self, setting: str, label: str, value: int) -> bool:
        """Change one of another game's player-chosen settings."""
        return self.push(SetSettingCommand(self.document, self.recheck, setting, label, value))

    def set_notes(self, notes: str) -> bool:
        """Replace the deck notes."""
        return self.push(SetNotesCommand(self.document, self.recheck, notes))

"""Undoable deck edits: each QUndoCommand runs one small operation on the domain Deck and can restore it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from deckbuilder.deck import Deck
from deckbuilder.document import DeckDocument, Edit
from deckbuilder.ui.translation import fill

# -- the undo commands ----------------------------------------------------------------------------


class DeckCommand(QUndoCommand):
    """Runs `operation` through the deck's document; undo restores the state before it, redo the state after."""

    def __init__(
        self,
        document: DeckDocument,
        text: str,
        operation: Callable[[Deck], object],
        changed: Callable[[], None],
    ) -> None:
        super().__init__(text)
        self._document = document
        self._operation = operation
        self._changed = changed
        self._edit: Edit | None = None

    def redo(self) -> None:
        if self._edit is None:
            self._edit = self._document.edit(self._operation)
        else:
            self._document.restore(self._edit.after)
        self._changed()

    def undo(self) -> None:
        if self._edit is not None:
            self._document.restore(self._edit.before)
        self._changed()

    def changes_nothing(self) -> bool:
        """True when running the operation left the deck as it was (such commands are dropped)."""
        return self._edit is not None and not self._edit.changed


class AddCardCommand(DeckCommand):
    """Add copies of a card (optionally a given printing)."""

    def __init__(
        self,
        document: DeckDocument,
        changed: Callable[[], None],
        name: str,
        count: int = 1,
        set_name: str | None = None,
    ):
        label = (
            fill(QCoreApplication.translate("DeckCommand", "Add %1 × %2"), count, name)
            if count != 1
            else fill(QCoreApplication.translate("DeckCommand", "Add %1"), name)
        )
        super().__init__(document, label, lambda d: d.add(name, count, set_name), changed)


class RemoveCardCommand(DeckCommand):
    """Remove copies of one entry."""

    def __init__(
        self,
        document: DeckDocument,
        changed: Callable[[], None],
        name: str,
        set_name: str | None,
        count: int = 1,
    ):
        label = (
            fill(QCoreApplication.translate("DeckCommand", "Remove %1 × %2"), count, name)
            if count != 1
            else fill(QCoreApplication.translate("DeckCommand", "Remove %1"), name)
        )
        super().__init__(document, label, lambda d: d.remove_exact(name, set_name, count), changed)


class SetCountCommand(DeckCommand):
    """Set the copies of one entry (or, with `starting`, of its starting-in-play entry)."""

    def __init__(
        self,
        document: DeckDocument,
        changed: Callable[[], None],
        name: str,
        set_name: str | None,
        count: int,
        *,
        starting: bool = False,
    ):
        label = fill(
            QCoreApplication.translate("DeckCommand", "Set %1 in play to %2")
            if starting
            else QCoreApplication.translate("DeckCommand", "Set %1 to %2"),
            name,
            count,
        )
        super().__init__(
            document, label, lambda d: d.set_count(name, set_name, count, starting=starting), changed
        )


class StartInPlayCommand(DeckCommand):
    """Move copies of a sept entry to the starting-in-play list."""

    def __init__(
        self,
        document: DeckDocument,
        changed: Callable[[], None],
        name: str,
        set_name: str | None,
        count: int = 1,
    ):
        label = (
            fill(QCoreApplication.translate("DeckCommand", "Start %1 × %2 in play"), count, name)
            if count != 1
            else fill(QCoreApplication.translate("DeckCommand", "Start %1 in play"), name)
        )
        super().__init__(document, label, lambda d: d.move_to_starting(name, set_name, count), changed)


class ReturnToSeptCommand(DeckCommand):
    """Move copies of a starting-in-play entry back to the sept deck."""

    def __init__(
        self,
        document: DeckDocument,
        changed: Callable[[], None],
        name: str,
        set_name: str | None,
        count: int = 1,
    ):
        label = (
            fill(QCoreApplication.translate("DeckCommand", "Return %1 × %2 to sept deck"), count, name)
            if count != 1
            else fill(QCoreApplication.translate("DeckCommand", "Return %1 to sept deck"), name)
        )
        super().__init__(document, label, lambda d: d.move_from_starting(name, set_name, count), changed)


class ChangePrintingCommand(DeckCommand):
    """Choose another printing for an entry."""

    def __init__(
        self,
        document: DeckDocument,
        changed: Callable[[], None],
        name: str,
        old_set: str | None,
        new_set: str | None,
    ):
        label = fill(
            QCoreApplication.translate("DeckCommand", "Use %1 printing of %2"),
            new_set or QCoreApplication.translate("DeckCommand", "newest"),
            name,
        )
        super().__init__(document, label, lambda d: d.change_printing(name, old_set, new_set), changed)


class RenameDeckCommand(DeckCommand):
    """Rename the deck."""

    def __init__(self, document: DeckDocument, changed: Callable[[], None], name: str):
        super().__init__(
            document,
            fill(QCoreApplication.translate("DeckCommand", "Rename deck to %1"), name),
            lambda d: setattr(d, "name", name),
            changed,
        )


class SetRenownLevelCommand(DeckCommand):
    """Change the game's Renown level."""

    def __init__(self, document: DeckDocument, changed: Callable[[], None], level: int):
        super().__init__(
            document,
            fill(QCoreApplication.translate("DeckCommand", "Renown level %1"), level),
            lambda d: setattr(d, "renown_level", level),
            changed,
        )


class SetFormatCommand(DeckCommand):
    """Change the deck's format."""

    def __init__(self, document: DeckDocument, changed: Callable[[], None], fmt: str):
        super().__init__(
            document,
            fill(QCoreApplication.translate("DeckCommand", "Format %1"), fmt),
            lambda d: setattr(d, "format", fmt),
            changed,
        )


class SetSettingCommand(DeckCommand):
    """Change one of another game's player-chosen settings (its label as the game names it)."""

    def __init__(
        self, document: DeckDocument, changed: Callable[[], None], setting: str, label: str, value: int
    ):
        super().__init__(
            document,
            fill(QCoreApplication.translate("DeckCommand", "Set %1 to %2"), label, value),
            lambda d: d.set_setting(setting, value),
            changed,
        )


class SetNotesCommand(DeckCommand):
    """Replace the deck notes."""

    def __init__(self, document: DeckDocument, changed: Callable[[], None], notes: str):
        super().__init__(
            document,
            QCoreApplication.translate("DeckCommand", "Edit notes"),
            lambda d: setattr(d, "notes", notes),
            changed,
        )

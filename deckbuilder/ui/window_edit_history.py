"""The edit history, a part of the window: the undo stack's steps, listed while the History dock is on screen."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QUndoView


class EditHistory(QObject):
    """Lists the deck's undo steps (click one to go back to it); follows the stack only while it is shown."""

    def __init__(self, parent: QObject, stack: QUndoStack) -> None:
        super().__init__(parent)
        self.stack = stack
        self.view = QUndoView(stack)
        self.view.setObjectName("editHistory")
        self.view.setEmptyLabel(self.tr("<opened deck>"))
        # A QUndoView resets its whole list on every push: follow the stack only while the history is on screen.
        self._hidden = QUndoStack(self)  # what the view follows meanwhile: nothing
        self.view.setStack(self._hidden)

    def shown(self, visible: bool) -> None:
        """The history came on screen (follow the deck's stack) or went off it (follow nothing)."""
        self.view.setStack(self.stack if visible else self._hidden)

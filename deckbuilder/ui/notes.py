"""The deck notes editor: free text that is saved with the deck and printed on the decklist."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

# An edit becomes one undo step when typing pauses this long (not one step per key).
NOTES_COMMIT_DELAY_MS = 800


class NotesEditor(QWidget):
    """Edits the deck notes; emits `notes_edited` (a request) after a pause, on leaving the box, or on flush()."""

    notes_edited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notesEditor")
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("deckNotes")
        self.editor.setPlaceholderText(
            self.tr(
                "Notes for this deck: plans, sideboard ideas, cards still to find… Saved with the deck and printed "
                "on the PDF decklist."
            )
        )
        self._shown = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(NOTES_COMMIT_DELAY_MS)
        self._timer.timeout.connect(self.flush)
        self.editor.textChanged.connect(self._typed)
        self.editor.installEventFilter(self)
        hint = QLabel(
            self.tr("Printed on the decklist. Undo (outside this box) steps back through note edits.")
        )
        hint.setWordWrap(True)
        hint.setEnabled(False)  # greyed: a hint, not content
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.editor, 1)
        layout.addWidget(hint)

    def show_notes(self, notes: str) -> None:
        """Show the deck's notes (after an undo or a new deck); text being typed is kept when it is the same."""
        if notes == self.editor.toPlainText():
            self._shown = notes
            return
        self._timer.stop()
        self._shown = notes
        self.editor.blockSignals(True)  # showing the deck's notes is not an edit
        self.editor.setPlainText(notes)
        self.editor.blockSignals(False)

    def has_pending_edit(self) -> bool:
        """True when typed text has not yet been sent as an edit."""
        return self.editor.toPlainText() != self._shown

    def flush(self) -> None:
        """Send typed text as an edit now (before saving, exporting or closing)."""
        self._timer.stop()
        text = self.editor.toPlainText()
        if text != self._shown:
            self._shown = text
            self.notes_edited.emit(text)

    def _typed(self) -> None:
        self._timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Leaving the box commits what was typed."""
        if watched is self.editor and event.type() == QEvent.Type.FocusOut:
            self.flush()
        return super().eventFilter(watched, event)

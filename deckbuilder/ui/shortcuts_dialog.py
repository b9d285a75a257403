"""Help → Keyboard shortcuts: the one list of ui/shortcuts.py as a table (imported when the dialog opens)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.ui.shortcuts import CONTEXT, SHORTCUTS, shown_keys


class ShortcutsDialog(QDialog):
    """Help → Keyboard shortcuts: every entry of SHORTCUTS, what it does, its keys and where it works."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        tr = QCoreApplication.translate
        self.table = QTableWidget(len(SHORTCUTS), 3)
        self.table.setObjectName("shortcutsTable")
        self.table.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.table.setHorizontalHeaderLabels([self.tr("Action"), self.tr("Keys"), self.tr("Where")])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, shortcut in enumerate(SHORTCUTS):
            cells = (tr(CONTEXT, shortcut.label), shown_keys(shortcut.id), tr(CONTEXT, shortcut.where))
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, 520)

    def rows(self) -> list[tuple[str, str, str]]:
        """The table as shown: (action, keys, where) per row."""
        rows = []
        for r in range(self.table.rowCount()):
            cells = [self.table.item(r, c) for c in range(3)]
            action, keys, where = (cell.text() if cell is not None else "" for cell in cells)
            rows.append((action, keys, where))
        return rows

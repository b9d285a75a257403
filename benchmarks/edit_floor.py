"""The floor of issue 32.4's edit: the least a Qt program can do to show an edit's new legality, for
`edit_instructions.py` to measure beside the window's own edit (the goal judges the edit against `check_deck` alone).

What the window changes on screen when an edit turns the deck illegal and back, done the plainest way Qt allows: the
real check, then the edited pile's rows in a QStandardItemModel (no Python on the paint path), the changed row's count
and tint, the pile's title, the header's totals, the verdict and the legality lines in a QListWidget. Nothing else
of the window (the browser, the other piles, the card pane, the undo stack, Fix it) is built.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QBrush, QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QLabel, QListWidget, QMainWindow, QTableView, QVBoxLayout, QWidget

from deckbuilder.i18n import render
from deckbuilder.legality import check_deck

COLUMNS = ("Qty", "Name", "Printing", "Type", "Requires")
OVER_LIMIT = QBrush(QColor(255, 200, 200))  # the tint of a row over its copy limit


class FloorWindow(QMainWindow):
    """One pile's table, its title, the header's totals, the verdict and the legality lines, at the window's size."""

    def __init__(self, deck: Any, db: Any, pile: list[str]) -> None:
        super().__init__()
        self.deck, self.db, self.pile = deck, db, pile
        self.header = QLabel()
        self.title = QLabel()
        self.model = QStandardItemModel(0, len(COLUMNS))
        self.model.setHorizontalHeaderLabels(list(COLUMNS))
        for name in pile:
            card = db.lookup(name)
            cells = (
                str(deck.count_of(name)),
                name,
                card.sets[0] if card.sets else "",
                card.type,
                card.requires,
            )
            self.model.appendRow([QStandardItem(text) for text in cells])
        self.table = QTableView()
        self.table.setModel(self.model)
        self.verdict = QLabel()
        self.lines = QListWidget()
        body = QWidget()
        layout = QVBoxLayout(body)
        for widget in (self.header, self.title, self.table, self.verdict, self.lines):
            layout.addWidget(widget)
        self.setCentralWidget(body)
        self.show_check()

    def edit(self, name: str, add: bool) -> None:
        """Add or take away one copy of `name`, then show the new check."""
        if add:
            self.deck.add(name)
        else:
            self.deck.remove(name)
        self.show_check(name)

    def show_check(self, changed: str | None = None) -> None:
        """Check the deck and show what the check changed."""
        report = check_deck(self.deck, self.db)
        if changed is not None:
            row = self.pile.index(changed)
            count = self.deck.count_of(changed)
            over = any(changed in r.cards for r in report.errors)
            self.model.item(row, 0).setText(str(count))
            for column in range(len(COLUMNS)):
                self.model.item(row, column).setBackground(OVER_LIMIT if over else QBrush())
        self.header.setText(" · ".join(f"{label} {count}" for _pile, label, count in report.piles))
        self.title.setText(f"Sept ({sum(self.deck.count_of(n) for n in self.pile)})")
        self.verdict.setText("Legal" if report.is_legal else f"Not legal: {len(report.errors)} error(s)")
        lines = [
            text
            for heading, results in (
                ("Errors", report.errors),
                ("Warnings", report.warnings),
                ("Info", report.infos),
            )
            for text in (f"{heading} ({len(results)})", *(render(result) for result in results))
        ]
        # Only the lines that changed are touched: the list relays out and repaints no more than they need.
        for row, text in enumerate(lines):
            item = self.lines.item(row)
            if item is None:
                self.lines.addItem(text)
            elif item.text() != text:
                item.setText(text)
        while self.lines.count() > len(lines):
            self.lines.takeItem(self.lines.count() - 1)

"""Two decks side by side, pile by pile: each card's copies in both, marked added / removed / changed by text and
sign (never colour alone), with each deck's verdict above its column."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.deckdiff import CardChange, DeckDiff
from deckbuilder.games.loader import checked_format_title
from deckbuilder.i18n import gettext, render
from deckbuilder.legality.results import Report
from deckbuilder.ui.translation import fill, ngettext


class CompareView(QWidget):
    """A DeckDiff shown as a tree: piles, then cards with their copies in each deck and what changed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.diff: DeckDiff | None = None
        self.first_title = QLabel()
        self.second_title = QLabel()
        self.first_verdict = QLabel()
        self.second_verdict = QLabel()
        self.summary = QLabel()
        for label in (
            self.first_title,
            self.second_title,
            self.first_verdict,
            self.second_verdict,
            self.summary,
        ):
            label.setTextFormat(
                Qt.TextFormat.PlainText
            )  # a file named "<img src=…>.dek" is a name, not markup
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bold = QFont()
        bold.setBold(True)
        self.first_title.setFont(bold)
        self.second_title.setFont(bold)
        self.only_changes = QCheckBox(self.tr("Show only the changes"))
        self.only_changes.setChecked(True)
        self.only_changes.toggled.connect(lambda _on: self._fill())
        self.tree = QTreeWidget()
        self.tree.setObjectName("compareTree")
        self.tree.setHeaderLabels([self.tr("Card"), self.tr("First"), self.tr("Second"), self.tr("Change")])
        self.tree.setRootIsDecorated(True)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        heads = QGridLayout()
        heads.addWidget(self.first_title, 0, 0)
        heads.addWidget(self.second_title, 0, 1)
        heads.addWidget(self.first_verdict, 1, 0)
        heads.addWidget(self.second_verdict, 1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(heads)
        layout.addWidget(self.summary)
        layout.addWidget(self.only_changes)
        layout.addWidget(self.tree, 1)

    def show_diff(self, diff: DeckDiff, first: str, second: str) -> None:
        """Show what changed from the deck called `first` to the one called `second`."""
        self.diff = diff
        self.first_title.setText(fill(self.tr("First: %1"), first))
        self.second_title.setText(fill(self.tr("Second: %1"), second))
        self.first_verdict.setText(self._verdict(diff.before))
        self.second_verdict.setText(self._verdict(diff.after))
        self.tree.setHeaderLabels([self.tr("Card"), first, second, self.tr("Change")])
        if diff.equal:
            self.summary.setText(self.tr("The decks hold the same cards."))
        else:
            count = len(diff.changes())
            self.summary.setText(
                fill(ngettext("%1 card differs: %2", "%1 cards differ: %2", count), count, diff.summary())
            )
        self._fill()

    def _verdict(self, report: Report | None) -> str:
        if report is None:
            return ""
        verdict = self.tr("✔ Legal") if report.is_legal else self.tr("✘ Not legal")
        shown = fill(self.tr("%1 (%2)"), verdict, checked_format_title(report))
        if not report.is_legal:
            first = report.errors[0] if report.errors else None
            if first is not None:
                shown += "\n" + render(first)
        return shown

    def _fill(self) -> None:
        self.tree.clear()
        if self.diff is None:
            return
        only = self.only_changes.isChecked()
        for pile in self.diff.piles:
            cards = [c for c in pile.cards if not only or c.status != "same"]
            if not cards:
                continue
            top = QTreeWidgetItem(
                [
                    gettext(pile.label),
                    str(pile.before_total),
                    str(pile.after_total),
                    self._pile_change(pile.changes),
                ]
            )
            font = top.font(0)
            font.setBold(True)
            for column in range(4):
                top.setFont(column, font)
            self.tree.addTopLevelItem(top)
            for card in cards:
                item = QTreeWidgetItem([card.name, str(card.before), str(card.after), self._change(card)])
                item.setData(0, Qt.ItemDataRole.UserRole, card.status)
                for column in (1, 2):
                    item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                top.addChild(item)
            top.setExpanded(True)

    def _pile_change(self, changes: tuple[CardChange, ...]) -> str:
        return fill(self.tr("%1 changed"), len(changes)) if changes else ""

    def _change(self, card: CardChange) -> str:
        """The change in words and sign, so it reads without colour."""
        if card.status == "added":
            return fill(self.tr("+%1 added"), card.delta)
        if card.status == "removed":
            return fill(self.tr("−%1 removed"), -card.delta)
        if card.status == "changed":
            sign = "+" if card.delta > 0 else "−"
            return fill(self.tr("%1%2 changed"), sign, abs(card.delta))
        return self.tr("= same")


class CompareDialog(QDialog):
    """The compare view in its own window."""

    def __init__(self, diff: DeckDiff, first: str, second: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareDialog")
        self.setWindowTitle(self.tr("Compare decks"))
        self.view = CompareView(self)
        self.view.show_diff(diff, first, second)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addWidget(buttons)
        self.resize(900, 600)

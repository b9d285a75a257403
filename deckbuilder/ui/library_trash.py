"""The deck library's trash: the decks deleted from the library (in this session or any before), where each was and
when it was deleted; Restore puts the chosen ones back, Empty trash deletes them all for good. It shows; the
library part (ui/window_library.py) does."""

from __future__ import annotations

from PySide6.QtCore import QDateTime, QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.library import TrashedDeck
from deckbuilder.ui.translation import fill, ngettext


class TrashDialog(QDialog):
    """The list of the library's trash with Restore and Empty trash (not modal: the library stays usable)."""

    restore_requested = Signal(object)  # the chosen TrashedDecks
    empty_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("libraryTrash")
        self.setWindowTitle(self.tr("Deck library trash"))
        self._trashed: list[TrashedDeck] = []
        self._items: list[QTreeWidgetItem] = []  # one per deleted deck, in the same order
        self.list = QTreeWidget()
        self.list.setObjectName("trashList")
        self.list.setAccessibleName(self.tr("Deleted decks"))
        self.list.setRootIsDecorated(False)
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setHeaderLabels([self.tr("Deck"), self.tr("Was in"), self.tr("Deleted")])
        self.list.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.list.header().setStretchLastSection(True)
        self.status = QLabel()
        self.status.setObjectName("trashStatus")
        self.restore_button = QPushButton(self.tr("&Restore"))
        self.restore_button.setToolTip(self.tr("Put the chosen decks back where they were"))
        self.restore_button.setAccessibleName(self.tr("Restore the chosen decks"))
        self.empty_button = QPushButton(self.tr("&Empty trash…"))
        self.empty_button.setToolTip(self.tr("Delete every deck in the trash for good"))
        self.empty_button.setAccessibleName(self.tr("Empty the trash"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.empty_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.rejected.connect(self.reject)
        # No default button: Enter in the list restores its current deck (below), it must not also close the window.
        for button in buttons.buttons():
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)
                button.setDefault(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.restore_button.clicked.connect(lambda: self._restore())
        self.empty_button.clicked.connect(self.empty_requested)
        # Enter (and a double-click, or the platform's click that activates) restores the current deck; Esc closes.
        self.list.activated.connect(lambda *_: self._restore())
        self.list.itemSelectionChanged.connect(self._enable)
        self.resize(760, 360)

    def show_trashed(self, trashed: list[TrashedDeck]) -> None:
        """List these deleted decks, last deleted first (the first one current)."""
        blocked = self.list.blockSignals(True)  # the lists below agree again only once filled
        self._trashed = list(trashed)
        self.list.clear()
        self._items = []
        locale = QLocale()
        for deck in self._trashed:
            when = QDateTime.fromSecsSinceEpoch(int(deck.deleted)) if deck.deleted else None
            item = QTreeWidgetItem(
                [
                    deck.name or deck.file.stem,
                    str(deck.file.parent),
                    locale.toString(when, QLocale.FormatType.ShortFormat) if when is not None else "",
                ]
            )
            item.setToolTip(0, str(deck.file))
            item.setToolTip(1, str(deck.file))
            item.setData(0, Qt.ItemDataRole.UserRole, deck.token)
            self.list.addTopLevelItem(item)
            self._items.append(item)
        if self._items:
            self.list.setCurrentItem(self._items[0])
        self.list.blockSignals(blocked)
        count = len(self._trashed)
        self.status.setText(
            fill(ngettext("%1 deleted deck", "%1 deleted decks", count), locale.toString(count))
            if count
            else self.tr("The trash is empty.")
        )
        self._enable()

    def chosen(self) -> list[TrashedDeck]:
        """The selected deleted decks (the current one when none is selected)."""
        chosen = [deck for deck, item in zip(self._trashed, self._items, strict=True) if item.isSelected()]
        current = self.list.currentItem()
        if not chosen and current is not None and current in self._items:
            chosen = [self._trashed[self._items.index(current)]]
        return chosen

    def choose(self, tokens: list[str]) -> None:
        """Select the deleted decks of these trash entries (keys and tests)."""
        self.list.clearSelection()
        for deck, item in zip(self._trashed, self._items, strict=True):
            item.setSelected(deck.token in tokens)

    def _restore(self) -> None:
        chosen = self.chosen()
        if chosen:
            self.restore_requested.emit(chosen)

    def _enable(self) -> None:
        self.restore_button.setEnabled(bool(self.chosen()))
        self.empty_button.setEnabled(bool(self._trashed))

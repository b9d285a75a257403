"""The collection dialog: owned cards of a game typed in by name, printing and count, have lists imported and
exported."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from carddb.db import CardDatabase
from deckbuilder.collection import MAX_OWNED, Collection, CollectionError, Owned
from deckbuilder.deck import DEFAULT_GAME, printed_in_sets, printing_sets
from deckbuilder.deckfiles.kinds import have_list_filter
from deckbuilder.games.loader import available_games
from deckbuilder.i18n import render_text

ANY_PRINTING = ""


class CollectionDialog(QDialog):
    """Edits one game's collection in the card database (the game is chosen at the top); every change is written
    at once (it is not a deck document)."""

    collection_changed = Signal()

    def __init__(self, db: CardDatabase, parent: QWidget | None = None, game: str = DEFAULT_GAME) -> None:
        super().__init__(parent)
        self.setObjectName("collectionDialog")
        self.setWindowTitle(self.tr("Collection"))
        self.db = db
        self.collection = Collection(db, game)
        self.owned: list[Owned] = []
        self._filling = False

        self.game_combo = QComboBox()
        self.game_combo.setObjectName("collectionGame")
        for described in available_games():
            self.game_combo.addItem(self.tr(described.title), described.name)
        if self.game_combo.findData(self.collection.game) < 0:  # a deck of a game no longer installed
            self.game_combo.addItem(self.collection.game, self.collection.game)
        self.game_combo.setCurrentIndex(self.game_combo.findData(self.collection.game))
        game_row = QHBoxLayout()
        game_label = QLabel(self.tr("&Game:"))
        game_label.setBuddy(self.game_combo)
        game_row.addWidget(game_label)
        game_row.addWidget(self.game_combo, 1)

        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("collectionName")
        self.name_edit.setPlaceholderText(self.tr("Card name"))
        self.completer = QCompleter([], self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.name_edit.setCompleter(self.completer)
        self.printing_combo = QComboBox()
        self.printing_combo.setObjectName("collectionPrinting")
        self.printing_combo.setMinimumContentsLength(14)
        self.count_spin = QSpinBox()
        self.count_spin.setRange(1, MAX_OWNED)
        self.add_button = QPushButton(self.tr("Add"))
        self.add_button.setObjectName("collectionAdd")
        add_row = QHBoxLayout()
        add_row.addWidget(self.name_edit, 3)
        add_row.addWidget(self.printing_combo, 2)
        add_row.addWidget(self.count_spin)
        add_row.addWidget(self.add_button)

        self.table = QTableWidget(0, 4)
        self.table.setObjectName("collectionTable")
        self.table.setHorizontalHeaderLabels(
            [self.tr("Card"), self.tr("Printing"), self.tr("Owned"), self.tr("Status")]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.summary = QLabel()
        self.summary.setObjectName("collectionSummary")
        self.summary.setWordWrap(True)

        self.import_button = QPushButton(self.tr("Import have list…"))
        self.export_button = QPushButton(self.tr("Export…"))
        self.remove_button = QPushButton(self.tr("Remove selected"))
        tools = QHBoxLayout()
        tools.addWidget(self.import_button)
        tools.addWidget(self.export_button)
        tools.addStretch(1)
        tools.addWidget(self.remove_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(game_row)
        layout.addLayout(add_row)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addLayout(tools)
        layout.addWidget(buttons)
        self.resize(720, 520)

        self.name_edit.textChanged.connect(self._fill_printings)
        self.name_edit.returnPressed.connect(self.add_typed)
        self.add_button.clicked.connect(self.add_typed)
        self.table.itemChanged.connect(self._count_edited)
        self.import_button.clicked.connect(lambda: self.import_have_list())
        self.export_button.clicked.connect(lambda: self.export_collection())
        self.remove_button.clicked.connect(self.remove_selected)
        self.game_combo.currentIndexChanged.connect(
            lambda _index: self.show_game(self.game_combo.currentData())
        )
        self.show_game(self.collection.game)

    def show_game(self, game: str) -> None:
        """Show and edit the collection of another game: its cards complete the names typed."""
        self.collection = Collection(self.db, game)
        pool = self.collection.pool()
        self.completer.model().setStringList(pool.names())  # type: ignore[attr-defined]
        # Cards printed in named sets are owned per printing; a game's card-data CSV (no sets) has them owned by name.
        self.printing_combo.setVisible(printed_in_sets(pool))
        index = self.game_combo.findData(self.collection.game)
        if index != self.game_combo.currentIndex():
            self.game_combo.setCurrentIndex(index)
        self._fill_printings(self.name_edit.text())
        self.reload()

    # -- showing ---------------------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the collection again and show it."""
        self.owned = self.collection.rows()
        self._filling = True
        try:
            self.table.setRowCount(len(self.owned))
            for row, owned in enumerate(self.owned):
                name = QTableWidgetItem(owned.current_name or owned.name)
                name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
                printing = QTableWidgetItem(owned.set_name or self.tr("any"))
                printing.setFlags(printing.flags() & ~Qt.ItemFlag.ItemIsEditable)
                count = QTableWidgetItem()
                count.setData(Qt.ItemDataRole.EditRole, owned.count)
                status = QTableWidgetItem(self.tr("known") if owned.known else self.tr("unknown card — kept"))
                status.setFlags(status.flags() & ~Qt.ItemFlag.ItemIsEditable)
                if not owned.known:
                    status.setForeground(QColor(180, 30, 30))
                    status.setToolTip(
                        self.tr("Not in the card database (renamed upstream or a typo); kept as written")
                    )
                for column, item in enumerate((name, printing, count, status)):
                    self.table.setItem(row, column, item)
        finally:
            self._filling = False
        copies = sum(o.count for o in self.owned)
        unknown = sum(1 for o in self.owned if not o.known)
        text = self.tr("%1 copies in %2 rows").replace("%1", str(copies)).replace("%2", str(len(self.owned)))
        if unknown:
            text += self.tr("; %1 unknown to the card database (kept)").replace("%1", str(unknown))
        self.summary.setText(text)

    def _fill_printings(self, name: str) -> None:
        shown = name.strip() and self.printing_combo.isVisibleTo(self)  # only a pool with printings shows it
        card = self.collection.pool().lookup(name) if shown else None
        self.printing_combo.clear()
        self.printing_combo.addItem(self.tr("Any printing"), ANY_PRINTING)
        for set_name in printing_sets(card) if card is not None else ():
            self.printing_combo.addItem(set_name, set_name)

    # -- editing ---------------------------------------------------------------------------------------

    def add_typed(self) -> bool:
        """Add the typed card (any name is kept; an unknown one is marked)."""
        name = self.name_edit.text().strip()
        if not name:
            return False
        set_name = self.printing_combo.currentData() if self.printing_combo.isVisibleTo(self) else None
        try:
            self.collection.add(
                [(self.collection.current_name(name) or name, set_name or None, self.count_spin.value())]
            )
        except CollectionError as exc:
            self.summary.setText(render_text(exc.reason))
            return False
        self.name_edit.clear()
        self.count_spin.setValue(1)
        self._changed()
        return True

    def _count_edited(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() != 2 or not 0 <= item.row() < len(self.owned):
            return
        owned = self.owned[item.row()]
        try:
            count = int(item.data(Qt.ItemDataRole.EditRole))
            self.collection.set_count(owned.name, owned.set_name or None, count)
        except (TypeError, ValueError, CollectionError) as exc:
            self.summary.setText(str(exc))
            self.reload()
            return
        self._changed()

    def remove_selected(self) -> None:
        """Own none of the selected rows."""
        rows = sorted({index.row() for index in self.table.selectedIndexes()})
        items = [(self.owned[r].name, self.owned[r].set_name or None, 0) for r in rows if r < len(self.owned)]
        if items:
            self.collection.set_counts(items)
            self._changed()

    def import_have_list(self, path: Path | None = None) -> bool:
        """Add a Lackey deck, text list or native deck to the collection; unknown names are kept and reported."""
        if path is None:
            chosen, _ = QFileDialog.getOpenFileName(self, self.tr("Import have list"), "", have_list_filter())
            if not chosen:
                return False
            path = Path(chosen)
        try:
            summary = self.collection.import_file(path)
        except CollectionError as exc:
            self.summary.setText(render_text(exc.reason))
            return False
        self._changed()
        text = (
            self.tr("Imported %1 copies from %2").replace("%1", str(summary.copies)).replace("%2", path.name)
        )
        if summary.unknown:
            text += self.tr("; unknown cards kept: %1").replace("%1", ", ".join(summary.unknown))
        if summary.unused:
            # Which lines were skipped or refused, in the window's language (the reader's and the collection's).
            reasons = [render_text(p) for p in (*summary.problems, *summary.refused)]
            text += "\n" + self.tr("%1 part(s) of the file not added:").replace("%1", str(summary.unused))
            text += "\n" + "\n".join(reasons)
        self.summary.setText(text)
        return True

    def export_collection(self, path: Path | None = None) -> bool:
        """Write the collection as a have list (.dek keeps printings)."""
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(
                self, self.tr("Export collection"), "collection.dek", have_list_filter()
            )
            if not chosen:
                return False
            path = Path(chosen)
        try:
            copies = self.collection.export_file(path)
        except CollectionError as exc:
            self.summary.setText(render_text(exc.reason))
            return False
        self.summary.setText(
            self.tr("Wrote %1 copies to %2").replace("%1", str(copies)).replace("%2", path.name)
        )
        return True

    def _changed(self) -> None:
        self.reload()
        self.collection_changed.emit()

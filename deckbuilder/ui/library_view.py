"""The deck library's window: every deck of every game in one sortable list, narrowed by words, tag, game, verdict
and buildable; its buttons ask the library part (ui/window_library.py) to open, copy, rename, move, delete, tag,
mark built, check again and print proxies of what a selection lacks. It shows; the part does."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt, Signal, SignalInstance
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.library import LibraryDeck
from deckbuilder.ui.flow import FlowLayout
from deckbuilder.ui.library_model import (
    COLUMN,
    VERDICTS,
    LibraryFilter,
    LibraryFilterModel,
    LibraryModel,
    game_title,
)
from deckbuilder.ui.shortcuts import matches, sequences
from deckbuilder.ui.translation import fill, ngettext


class _DeckTable(QTableView):
    """The decks: Enter opens the current one, like a double-click."""

    open_current = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if (
            matches(event, "library_open")
            and self.currentIndex().isValid()
            and self.state() != self.State.EditingState
        ):
            self.open_current.emit()
            return
        super().keyPressEvent(event)


class LibraryWindow(QWidget):
    """The list of the library's decks with its filters, its actions and the progress of a check running."""

    open_requested = Signal(object)  # file
    duplicate_requested = Signal(object)
    rename_requested = Signal(object)
    move_requested = Signal(object)  # files
    delete_requested = Signal(object)  # files
    tags_requested = Signal(object)  # files
    built_requested = Signal(object, bool)  # files, built
    missing_requested = Signal(object)  # files
    recheck_requested = Signal()
    cancel_requested = Signal()
    undo_requested = Signal()
    add_folder_requested = Signal()
    remove_folder_requested = Signal()
    trash_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("libraryWindow")
        self.setWindowTitle(self.tr("Deck library"))
        self.model = LibraryModel(self)
        self.shown = LibraryFilterModel(self.model)

        self.words = QLineEdit()
        self.words.setObjectName("libraryWords")
        self.words.setClearButtonEnabled(True)
        self.words.setPlaceholderText(self.tr("Filter decks: name, tag, format, game"))
        self.words.setAccessibleName(self.tr("Filter decks by words"))
        self.tag_combo = QComboBox()
        self.tag_combo.setAccessibleName(self.tr("Filter by tag"))
        self.game_combo = QComboBox()
        self.game_combo.setAccessibleName(self.tr("Filter by game"))
        self.verdict_combo = QComboBox()
        self.verdict_combo.setAccessibleName(self.tr("Filter by verdict"))
        for value, label in VERDICTS:
            self.verdict_combo.addItem(self.tr(label), value)
        self.buildable_check = QCheckBox(self.tr("&Buildable only"))
        self.buildable_check.setToolTip(self.tr("Only the decks your collection holds every copy of"))
        for widget in (self.tag_combo, self.game_combo):
            widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

        self.table = _DeckTable()
        self.table.setObjectName("libraryTable")
        self.table.setAccessibleName(self.tr("Decks of the library"))
        self.table.setModel(self.shown)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COLUMN["name"], Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.EditKeyPressed | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)

        self.actions_by_id: dict[str, QAction] = {}
        self.buttons: dict[str, QToolButton] = {}
        buttons_holder = QWidget()
        row = FlowLayout(buttons_holder)
        for action_id, text, tip in (
            ("library_open", self.tr("&Open"), self.tr("Open the deck in the window")),
            ("library_duplicate", self.tr("D&uplicate"), self.tr("Copy the deck file beside it")),
            ("library_rename", self.tr("Re&name…"), self.tr("Give the deck file a new name")),
            ("library_move", self.tr("&Move to…"), self.tr("Move the deck files to another folder")),
            (
                "library_delete",
                self.tr("&Delete"),
                self.tr("Move the deck files to the trash (Undo or Trash… puts them back)"),
            ),
            ("library_tags", self.tr("&Tags…"), self.tr("Set the tags of the chosen decks")),
            (
                "library_built",
                self.tr("Mark bui&lt"),
                self.tr("Its cards are in use: other decks count without them"),
            ),
            (
                "library_missing",
                self.tr("Pro&xies of missing…"),
                self.tr("Proxy sheets of the cards the chosen decks lack from your collection"),
            ),
        ):
            action = self._action(action_id, text, tip)
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            self.buttons[action_id] = button
            row.addWidget(button)
        self.actions_by_id["library_built"].setCheckable(True)
        self.undo_action = self._action(
            "library_undo", self.tr("&Undo delete"), self.tr("Put the last deleted deck back")
        )
        self.undo_action.setShortcuts(sequences("undo"))
        self.undo_action.setEnabled(False)
        undo_button = QToolButton()
        undo_button.setDefaultAction(self.undo_action)
        row.addWidget(undo_button)
        self.add_folder_action = self._action(
            "library_add_folder", self.tr("Add &folder…"), self.tr("List the decks of another folder too")
        )
        add_button = QToolButton()
        add_button.setDefaultAction(self.add_folder_action)
        row.addWidget(add_button)
        self.remove_folder_action = self._action(
            "library_remove_folder",
            self.tr("&Remove folder…"),
            self.tr("Stop listing the decks of a folder you added (its files stay)"),
        )
        self.trash_action = self._action(
            "library_trash", self.tr("Tra&sh…"), self.tr("The deleted decks: restore one, or empty the trash")
        )
        for action, name in (
            (self.remove_folder_action, self.tr("Remove a folder from the library")),
            (self.trash_action, self.tr("Show the deleted decks")),
        ):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setAccessibleName(name)
            self.buttons[action.objectName()] = button
            row.addWidget(button)

        self.recheck_button = QPushButton(self.tr("&Check again"))
        self.recheck_button.setToolTip(self.tr("Check every deck that changed since its last check"))
        recheck = QAction(self)
        recheck.setShortcuts(sequences("library_recheck"))
        recheck.triggered.connect(lambda _checked=False: self.recheck_button.click())
        self.addAction(recheck)
        self.progress = QProgressBar()
        self.progress.setObjectName("libraryProgress")
        self.progress.setAccessibleName(self.tr("Checking the decks"))
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.status = QLabel()
        self.status.setObjectName("libraryStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.show_running(False)

        # Rows that wrap (ui/flow.py) rather than cut: Portuguese and the larger text sizes need more width.
        filters_holder = QWidget()
        filters = FlowLayout(filters_holder)
        words_label = QLabel(self.tr("&Find:"))
        words_label.setBuddy(self.words)
        # Its hint whole (the field's frame and clear button take about two letters' width more).
        metrics = self.words.fontMetrics()
        self.words.setMinimumWidth(
            metrics.horizontalAdvance(self.words.placeholderText()) + metrics.horizontalAdvance("xxxx") + 24
        )
        filters.addWidget(_pair(words_label, self.words), 1)
        for text, field in (
            (self.tr("T&ag:"), self.tag_combo),
            (self.tr("&Game:"), self.game_combo),
            (self.tr("&Verdict:"), self.verdict_combo),
        ):
            buddy = QLabel(text)
            buddy.setBuddy(field)
            filters.addWidget(_pair(buddy, field))
        filters.addWidget(self.buildable_check)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.progress)
        bottom.addWidget(self.cancel_button)
        bottom.addWidget(self.recheck_button)
        layout = QVBoxLayout(self)
        layout.addWidget(filters_holder)
        layout.addWidget(buttons_holder)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)

        self.words.textChanged.connect(self._filter)
        for combo in (self.tag_combo, self.game_combo, self.verdict_combo):
            combo.currentIndexChanged.connect(self._filter)
        self.buildable_check.toggled.connect(self._filter)
        self.table.open_current.connect(lambda: self._ask(self.open_requested, one=True))
        self.table.doubleClicked.connect(lambda index: self._open_row(index.row()))
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._enable())
        self.recheck_button.clicked.connect(self.recheck_requested)
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.undo_action.triggered.connect(lambda _checked=False: self.undo_requested.emit())
        self.add_folder_action.triggered.connect(lambda _checked=False: self.add_folder_requested.emit())
        self.remove_folder_action.triggered.connect(
            lambda _checked=False: self.remove_folder_requested.emit()
        )
        self.trash_action.triggered.connect(lambda _checked=False: self.trash_requested.emit())
        wiring = {
            "library_open": lambda: self._ask(self.open_requested, one=True),
            "library_duplicate": lambda: self._ask(self.duplicate_requested, one=True),
            "library_rename": lambda: self._ask(self.rename_requested, one=True),
            "library_move": lambda: self._ask(self.move_requested),
            "library_delete": lambda: self._ask(self.delete_requested),
            "library_tags": lambda: self._ask(self.tags_requested),
            "library_missing": lambda: self._ask(self.missing_requested),
        }
        for action_id, ask in wiring.items():
            self.actions_by_id[action_id].triggered.connect(lambda _checked=False, ask=ask: ask())
        self.actions_by_id["library_built"].triggered.connect(
            lambda checked: self.built_requested.emit(self.chosen_files(), bool(checked))
        )
        self.resize(1100, 560)
        self._enable()

    def _action(self, action_id: str, text: str, tip: str) -> QAction:
        action = QAction(text, self)
        action.setObjectName(action_id)
        action.setToolTip(tip)
        if action_id in _KEYED:
            action.setShortcuts(sequences(action_id))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.addAction(action)
        self.actions_by_id[action_id] = action
        return action

    # -- what it shows ---------------------------------------------------------------------------

    def show_decks(self, decks: list[LibraryDeck], notes: list[str] | None = None) -> None:
        """Show a listing, keeping the decks chosen and the filters (whose tag and game choices follow the list)."""
        chosen = set(map(str, self.chosen_files()))
        self.model.set_decks(decks)
        self._refill(
            self.tag_combo, sorted({t for d in decks for t in d.tags}, key=str.casefold), self.tr("Any tag")
        )
        games = sorted({d.game for d in decks if d.game}, key=lambda g: game_title(g).casefold())
        self._refill(self.game_combo, games, self.tr("Any game"), game_title)
        self._filter()
        selection = self.table.selectionModel()
        for row in range(self.shown.rowCount()):
            deck = self.shown.deck_at(row)
            if deck is not None and str(deck.file) in chosen:
                selection.select(
                    self.shown.index(row, 0),
                    QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
                )
        # Every text whole: a listing after a check holds longer names, formats and verdicts than the cached one.
        self.table.resizeColumnsToContents()
        self.say_counts(notes or [])
        self._enable()

    def say_counts(self, notes: list[str]) -> None:
        """How many decks are listed, how many legal, how many unreadable, and what the folder walk skipped."""
        decks = self.model.decks
        legal = sum(1 for d in decks if d.legal)
        unreadable = sum(1 for d in decks if d.error)
        parts = [
            fill(ngettext("%1 deck", "%1 decks", len(decks)), len(decks)),
            fill(ngettext("%1 legal", "%1 legal", legal), legal),
        ]
        if unreadable:
            parts.append(fill(ngettext("%1 cannot be read", "%1 cannot be read", unreadable), unreadable))
        if self.shown.rowCount() != len(decks):
            parts.append(fill(self.tr("%1 shown"), self.shown.rowCount()))
        self.status.setText(" · ".join(parts) + "".join(f"\n{note}" for note in notes[:3]))

    @staticmethod
    def _refill(combo: QComboBox, values: list[str], any_text: str, label=None) -> None:  # type: ignore[no-untyped-def]
        current = combo.currentData()
        blocked = combo.blockSignals(True)
        combo.clear()
        combo.addItem(any_text, "")
        for value in values:
            combo.addItem(label(value) if label else value, value)
        combo.setCurrentIndex(max(combo.findData(current), 0))
        combo.blockSignals(blocked)

    def show_running(self, running: bool, done: int = 0, total: int = 0) -> None:
        """Show a check's progress (with Cancel) while one runs, the Check again button otherwise."""
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.recheck_button.setEnabled(not running)
        if running:
            self.progress.setRange(0, max(total, 0))
            self.progress.setValue(done)
            self.progress.setFormat(
                fill(self.tr("Checking %1 of %2"), done, total) if total else self.tr("Checking")
            )

    def filter_rule(self) -> LibraryFilter:
        """What the filter widgets narrow the list to."""
        return LibraryFilter(
            words=self.words.text(),
            tag=str(self.tag_combo.currentData() or ""),
            game=str(self.game_combo.currentData() or ""),
            verdict=str(self.verdict_combo.currentData() or ""),
            buildable=self.buildable_check.isChecked(),
        )

    def _filter(self) -> None:
        self.shown.set_rule(self.filter_rule())
        self.say_counts([])
        self._enable()

    def shown_decks(self) -> list[LibraryDeck]:
        """The decks listed, in the order shown."""
        return [d for d in (self.shown.deck_at(r) for r in range(self.shown.rowCount())) if d is not None]

    def chosen_decks(self) -> list[LibraryDeck]:
        """The selected decks in the order shown (the current one when none is selected)."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        if not rows and self.table.currentIndex().isValid():
            rows = [self.table.currentIndex().row()]
        return [d for d in (self.shown.deck_at(r) for r in rows) if d is not None]

    def chosen_files(self) -> list[Path]:
        """The files of the chosen decks."""
        return [d.file for d in self.chosen_decks()]

    def choose(self, files: list[Path]) -> None:
        """Select these decks (keys and tests), the first one current."""
        wanted = set(map(str, files))
        self.table.clearSelection()
        first = True
        for row in range(self.shown.rowCount()):
            deck = self.shown.deck_at(row)
            if deck is not None and str(deck.file) in wanted:
                index = self.shown.index(row, 0)
                flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
                if first:
                    self.table.selectionModel().setCurrentIndex(index, flags)
                    first = False
                else:
                    self.table.selectionModel().select(index, flags)

    def _ask(self, signal: SignalInstance, one: bool = False) -> None:
        files = self.chosen_files()
        if files:
            signal.emit(files[0] if one else files)

    def _open_row(self, row: int) -> None:
        deck = self.shown.deck_at(row)
        if deck is not None:
            self.open_requested.emit(deck.file)

    def _enable(self) -> None:
        decks = self.chosen_decks()
        readable = [d for d in decks if not d.error]
        one = len(decks) == 1
        for action_id, enabled in (
            ("library_open", one),
            ("library_duplicate", one),
            ("library_rename", one),
            ("library_move", bool(decks)),
            ("library_delete", bool(decks)),
            ("library_tags", bool(readable)),
            ("library_built", bool(readable)),
            ("library_missing", bool(readable)),
        ):
            self.actions_by_id[action_id].setEnabled(enabled)
        built = self.actions_by_id["library_built"]
        built.setChecked(bool(readable) and all(d.built for d in readable))


def _pair(label: QLabel, field: QWidget) -> QWidget:
    """A label and its field kept on one row when the filters wrap."""
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(label)
    row.addWidget(field, 1)
    return holder


# The actions with a key of their own (ui/shortcuts.py lists them; Help → Keyboard shortcuts shows them).
_KEYED = (
    "library_duplicate",
    "library_rename",
    "library_delete",
    "library_tags",
    "library_built",
    "library_missing",
    "library_move",
    "library_remove_folder",
    "library_trash",
)

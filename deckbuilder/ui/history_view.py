"""The History window: a deck file's kept versions (date, kind, fingerprint, what changed), any of which can be
opened, restored into the deck being edited (one undo step) or compared."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QDateTime, QLocale, Qt, Signal, SignalInstance
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.history import DeckHistory, Version, saved_at
from deckbuilder.ui.translation import fill


def shown_date(version: Version) -> str:
    """When a version was saved, in the reader's local time and language."""
    try:
        moment = datetime.fromisoformat(version.date)
    except ValueError:
        return version.date
    return shown_moment(moment)


def version_label(file: Path) -> str:
    """A kept version's file named by when it was saved (its file name when it is not in the history)."""
    moment = saved_at(file.parent.name)
    return shown_moment(moment) if moment is not None else file.name


def shown_moment(moment: datetime) -> str:
    """A moment in the reader's local time and language."""
    when = QDateTime.fromSecsSinceEpoch(int(moment.timestamp()))
    return QLocale().toString(when, QLocale.FormatType.ShortFormat)


class HistoryDialog(QDialog):
    """Lists the versions of one deck file, newest first; asks the window to open, restore or compare them."""

    open_requested = Signal(Path)
    restore_requested = Signal(Path)
    compare_requested = Signal(
        Path, object
    )  # an older version, and a newer one (None: the deck being edited)

    def __init__(self, history: DeckHistory, path: Path, pool: object, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyDialog")
        self.setWindowTitle(fill(self.tr("Deck history: %1"), path.name))
        self.history, self.path = history, path
        self.versions = list(reversed(history.versions(path, pool)))
        intro = QLabel(
            fill(
                self.tr(
                    "Every save of %1 keeps the file it replaces. Open a version, restore it into this deck "
                    "(Undo takes it back), or compare it with this deck; select two versions to compare them."
                ),
                path.name,
            )
        )
        intro.setTextFormat(
            Qt.TextFormat.PlainText
        )  # the file's name is shown as it is, never read as markup
        intro.setWordWrap(True)
        self.table = QTableWidget(len(self.versions), 4)
        self.table.setObjectName("historyTable")
        self.table.setHorizontalHeaderLabels(
            [self.tr("Saved"), self.tr("File kind"), self.tr("Fingerprint"), self.tr("What changed")]
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        for column in (0, 1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for row, version in enumerate(self.versions):
            summary = version.summary or self.tr("the earliest version kept")
            kind = Path(version.file).suffix
            cells = (shown_date(version), kind, version.fingerprint, summary)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(row, column, item)
        self.empty = QLabel(
            self.tr("No earlier version yet: the next save of this deck keeps the one it replaces.")
        )
        self.empty.setWordWrap(True)
        self.empty.setVisible(not self.versions)
        self.open_button = QPushButton(self.tr("&Open"))
        self.restore_button = QPushButton(self.tr("&Restore into this deck"))
        self.compare_button = QPushButton(self.tr("&Compare"))
        self.open_button.clicked.connect(lambda: self._emit(self.open_requested))
        self.restore_button.clicked.connect(lambda: self._emit(self.restore_requested))
        self.compare_button.clicked.connect(self._compare)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemDoubleClicked.connect(lambda _item: self._emit(self.open_requested))
        actions = QHBoxLayout()
        for button in (self.open_button, self.restore_button, self.compare_button):
            actions.addWidget(button)
        actions.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        actions.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        layout.addLayout(actions)
        if self.versions:
            self.table.selectRow(0)
        self._update_buttons()
        self.resize(900, 480)

    def selected(self) -> list[Version]:
        """The selected versions, oldest first."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()}, reverse=True)
        return [self.versions[row] for row in rows]

    def _update_buttons(self) -> None:
        count = len(self.selected())
        self.open_button.setEnabled(count == 1)
        self.restore_button.setEnabled(count == 1)
        self.compare_button.setEnabled(count in (1, 2))
        self.compare_button.setText(
            self.tr("&Compare the two") if count == 2 else self.tr("&Compare with this deck")
        )

    def _emit(self, signal: SignalInstance) -> None:
        chosen = self.selected()
        if len(chosen) == 1:
            signal.emit(self.history.version_path(self.path, chosen[0]))

    def _compare(self) -> None:
        chosen = [self.history.version_path(self.path, v) for v in self.selected()]
        if len(chosen) == 1:
            self.compare_requested.emit(chosen[0], None)
        elif len(chosen) == 2:
            self.compare_requested.emit(chosen[0], chosen[1])

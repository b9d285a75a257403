"""Importing card data from the GUI: choose a source, run the import in a thread with progress, show the report."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from carddb.db import CardDatabase
from deckbuilder.i18n import gettext, render_text
from deckbuilder.i18n.numbers import format_number
from deckbuilder.ui.translation import fill, ngettext
from deckbuilder.ui.workers import CancelFn, ProgressFn, Worker, run_with_progress

if TYPE_CHECKING:
    from carddb.importing import ImportIssue, ImportReport
    from deckbuilder.games.description import Game

ImportFn = Callable[..., Any]
# Rows the report dialog lists: an import of a million faulty rows would build four million table cells (gigabytes,
# minutes) for a list no one reads through; the rest are counted, and Copy report gives every one.
MAX_LISTED_ISSUES = 5_000


def _import_refusals() -> tuple[type[BaseException], ...]:
    """What an import raises for input it cannot use (told to the player, logged as one line, not as a bug)."""
    from carddb.importreport import CardImportError
    from deckbuilder.games.cardimport import GameCardImportError

    return (CardImportError, GameCardImportError)


def _default_import_fn() -> tuple[ImportFn, type[BaseException]]:
    # Imported when used, so the rest of the UI loads even if the importer cannot.
    from carddb.importreport import ImportCancelled
    from deckbuilder.deck import DEFAULT_GAME
    from deckbuilder.games.cardimport import import_own_cards
    from deckbuilder.games.loader import load_game

    game = load_game(DEFAULT_GAME)  # Rage's cards, by the source its description names (games/cardsources.py)

    def run(
        db: CardDatabase, path: Path, progress: ProgressFn | None = None, cancel: CancelFn | None = None
    ) -> Any:
        return import_own_cards(db, game, path, progress, cancel)

    return run, ImportCancelled


class ImportProgressDialog(QDialog):
    """Modal progress of one import with a Cancel button; `import_ended` carries the report, or None."""

    import_ended = Signal(object)

    def __init__(
        self,
        db: CardDatabase,
        path: Path,
        parent: QWidget | None = None,
        import_fn: ImportFn | None = None,
        cancelled_error: type[BaseException] | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.path = Path(path)
        self._import_fn = import_fn
        self._cancelled_error = cancelled_error
        self.report: ImportReport | None = None
        self.error: str | None = None
        self.was_cancelled = False
        self.worker: Worker | None = None
        self.setWindowTitle(self.tr("Importing card data"))
        self.setModal(True)
        self.setMinimumWidth(420)

        self.label = QLabel(fill(self.tr("Importing %1…"), str(self.path.name)), self)
        self.label.setWordWrap(True)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 0)  # busy until the importer says how much there is
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.clicked.connect(self.request_cancel)
        buttons = QDialogButtonBox(self)
        buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.RejectRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(buttons)

    def start(self) -> None:
        """Start the import in a worker thread (the dialog closes itself when it ends)."""
        if self.worker is not None:
            return
        fn, cancel_exc = self._import_fn, self._cancelled_error
        if fn is None or cancel_exc is None:
            try:
                default_fn, default_cancelled = _default_import_fn()
            except ImportError as exc:  # only when the install is broken
                self._on_failed(fill(self.tr("the importer is not available: %1"), exc))
                return
            fn = fn or default_fn
            cancel_exc = cancel_exc or default_cancelled
        db, path = self.db, self.path

        def job(progress: ProgressFn, cancel: CancelFn) -> object:
            return fn(db, path, progress=progress, cancel=cancel)

        self.worker = Worker(job, cancel_exceptions=(cancel_exc,), refusals=_import_refusals(), parent=None)
        self.worker.progress.connect(self._on_progress)
        self.worker.finished.connect(self._on_finished)
        self.worker.failed.connect(self._on_failed)
        self.worker.cancelled.connect(self._on_cancelled)
        self.worker.start()

    def request_cancel(self) -> None:
        """Ask the import to stop; the database stays as it was. The dialog closes when the worker has stopped."""
        if self.worker is None or self.worker.done:
            super().reject()
            return
        self.worker.cancel()
        self.cancel_button.setEnabled(False)
        self.label.setText(self.tr("Cancelling… the card database is left as it was."))

    def reject(self) -> None:
        # Escape and the window's close button cancel instead of leaving an import running unseen.
        self.request_cancel()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.worker is not None and not self.worker.done:
            self.request_cancel()
            event.ignore()
            return
        super().closeEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.request_cancel()
            return
        super().keyPressEvent(event)

    def _on_progress(self, done: int, total: int) -> None:
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))
            if not self.was_cancelled and self.cancel_button.isEnabled():
                self.label.setText(
                    fill(self.tr("Importing %1… %2 of %3"), str(self.path.name), str(done), str(total))
                )

    def _on_finished(self, report: object) -> None:
        self.report = cast("ImportReport", report)
        self.db.invalidate_caches()
        self.bar.setValue(self.bar.maximum())
        self.accept()
        self.import_ended.emit(self.report)

    def _on_failed(self, message: str) -> None:
        self.error = message
        self.db.invalidate_caches()
        super().reject()
        self.import_ended.emit(None)

    def _on_cancelled(self) -> None:
        self.was_cancelled = True
        super().reject()
        self.import_ended.emit(None)


@dataclass
class GameImportReport:
    """A game's card-data import as the report dialog shows it: the lines `ragedeck import-cards --game` prints."""

    game: str
    cards: int
    text: str
    issues: list[ImportIssue] = field(default_factory=list)

    def summary(self) -> str:
        """The report's first line (how many cards, or that nothing was stored) and the database it went to."""
        return self.text


class ImportReportDialog(QDialog):
    """What an import did: the summary and every rejected or suspicious row with its line and reason."""

    COLUMNS = ("Source", "Line", "Kind", "Reason")

    def __init__(self, report: ImportReport | GameImportReport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report = report
        self.setWindowTitle(self.tr("Import report"))
        self.resize(720, 420)
        self.summary = QLabel(render_text(report.summary()), self)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)

        listed = report.issues[:MAX_LISTED_ISSUES]
        self.issues = QTableWidget(len(listed), len(self.COLUMNS), self)
        self.issues.setHorizontalHeaderLabels(
            [self.tr("Source"), self.tr("Line"), self.tr("Kind"), self.tr("Reason")]
        )
        self.issues.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.issues.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.issues.verticalHeader().setVisible(False)
        for row, issue in enumerate(listed):
            reason = render_text(issue.reason)  # the core's message in the language the window uses
            line = QTableWidgetItem()
            line.setData(Qt.ItemDataRole.DisplayRole, int(issue.line))  # numeric, so it sorts as a number
            for column, item in enumerate(
                (
                    QTableWidgetItem(Path(issue.source).name or issue.source),
                    line,
                    QTableWidgetItem(gettext(issue.severity)),  # the CLI's words for the kinds
                    QTableWidgetItem(reason),
                )
            ):
                item.setToolTip(issue.source if column == 0 else reason)
                self.issues.setItem(row, column, item)
        header = self.issues.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.issues.setSortingEnabled(True)
        if report.issues:
            layout.addWidget(
                QLabel(
                    fill(
                        ngettext("%1 row needs a look:", "%1 rows need a look:", len(report.issues)),
                        len(report.issues),
                    ),
                    self,
                )
            )
            layout.addWidget(self.issues, 1)
            if len(listed) < len(report.issues):
                layout.addWidget(
                    QLabel(
                        fill(
                            self.tr("The first %1 are listed here; Copy report gives all %2."),
                            format_number(len(listed)),
                            format_number(len(report.issues)),
                        ),
                        self,
                    )
                )
        else:
            self.issues.hide()
            layout.addWidget(QLabel(self.tr("No rows were rejected."), self))

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        copy = buttons.addButton(self.tr("Copy report"), QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy_to_clipboard)
        copy.setAutoDefault(False)
        buttons.button(QDialogButtonBox.StandardButton.Close).setDefault(True)  # Enter closes, not copies
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def report_text(self) -> str:
        """The report as plain text (summary, then one line per issue)."""
        lines = [self.report.summary()]
        lines += [f"{i.source}:{i.line}: {i.severity}: {i.reason}" for i in self.report.issues]
        return "\n".join(lines)

    def copy_to_clipboard(self) -> None:
        """Put the report text on the clipboard, e.g. to paste into a bug report."""
        QGuiApplication.clipboard().setText(self.report_text())


def run_import_dialog(parent: QWidget | None, db: CardDatabase, path: Path) -> ImportReport | None:
    """Import `path` with a modal progress dialog, then show the report; None when cancelled or failed."""
    progress = ImportProgressDialog(db, path, parent)
    progress.start()
    if progress.worker is not None and not progress.worker.done:
        progress.exec()
    if progress.worker is not None:
        progress.worker.wait()
    if progress.error is not None:
        QMessageBox.critical(
            parent,
            QCoreApplication.translate("import_dialog", "Import failed"),
            fill(
                QCoreApplication.translate("import_dialog", "Could not import %1:\n\n%2"),
                str(path),
                str(progress.error),
            ),
        )
        return None
    if progress.report is None:
        return None
    ImportReportDialog(progress.report, parent).exec()
    return progress.report


def run_game_import(parent: QWidget, db: CardDatabase, game: Game, path: Path) -> GameImportReport | None:
    """Import a game's card-data CSV off the GUI thread (window-modal progress, Cancel leaving the database as it
    was), then show the report; None when cancelled or refused (the refusal shown as `import-cards` words it)."""
    from carddb.importing import ImportCancelled, ImportIssue
    from deckbuilder.games.cardimport import import_game_card_file, import_summary

    shown = str(path)
    outcome: dict[str, Any] = {}
    loop = QEventLoop()

    def job(progress: ProgressFn, cancel: CancelFn) -> object:
        return import_game_card_file(db, game, path, shown, progress=progress, cancel=cancel)

    def ended(kind: str) -> Callable[..., None]:
        def record(*args: Any) -> None:
            outcome[kind] = args[0] if args else True
            loop.quit()

        return record

    worker = run_with_progress(
        job,
        parent,
        label=fill(QCoreApplication.translate("import_dialog", "Importing %1…"), path.name),
        title=QCoreApplication.translate("import_dialog", "Importing card data"),
        finished=ended("finished"),
        failed=ended("failed"),
        cancelled=ended("cancelled"),
        cancel_exceptions=(ImportCancelled,),
        refusals=_import_refusals(),
    )
    if not worker.done:
        loop.exec()  # the window stays painted; the progress dialog keeps the player's input
    worker.wait()
    db.invalidate_caches()
    if "failed" in outcome:
        QMessageBox.critical(
            parent,
            QCoreApplication.translate("import_dialog", "Import failed"),
            fill(
                QCoreApplication.translate("import_dialog", "Could not import %1:\n\n%2"),
                shown,
                str(outcome["failed"]),
            ),
        )
        return None
    data = outcome.get("finished")
    if data is None:
        return None
    lines = [import_summary(data, game, shown), gettext("database: {path}").format(path=db.path)]
    issues = [ImportIssue(shown, i.line, i.reason, "problem") for i in data.issues]
    report = GameImportReport(game.name, len(data.cards), "\n".join(lines), issues)
    ImportReportDialog(report, parent).exec()
    return report


def choose_import_source(parent: QWidget | None) -> Path | None:
    """Ask for a Lackey plugin folder or a card-data file (.txt / .json); None when the user backs out."""
    box = QMessageBox(parent)
    box.setWindowTitle(QCoreApplication.translate("import_dialog", "Import card data"))
    box.setText(
        QCoreApplication.translate(
            "import_dialog", "Import a whole LackeyCCG Rage plugin folder, or a single card-data file?"
        )
    )
    box.setInformativeText(
        QCoreApplication.translate(
            "import_dialog", "A plugin folder also brings the card images. Files may be Lackey .txt or .json."
        )
    )
    folder_button = box.addButton(
        QCoreApplication.translate("import_dialog", "Plugin folder…"), QMessageBox.ButtonRole.AcceptRole
    )
    file_button = box.addButton(
        QCoreApplication.translate("import_dialog", "Card file…"), QMessageBox.ButtonRole.AcceptRole
    )
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is folder_button:
        folder = QFileDialog.getExistingDirectory(
            parent, QCoreApplication.translate("import_dialog", "Choose the Lackey Rage plugin folder")
        )
        return Path(folder) if folder else None
    if clicked is file_button:
        name, _ = QFileDialog.getOpenFileName(
            parent,
            QCoreApplication.translate("import_dialog", "Choose a card-data file"),
            "",
            QCoreApplication.translate("import_dialog", "Card data (*.txt *.json);;All files (*)"),
        )
        return Path(name) if name else None
    return None

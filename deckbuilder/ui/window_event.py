"""An organiser's job from the window, a part of it: every decklist of a folder in one PDF (`check DIR --print-all`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QWidget

from carddb.db import CardDatabase
from deckbuilder.i18n import render_text
from deckbuilder.ui.translation import fill, ngettext
from deckbuilder.ui.window_prompts import Prompts


class EventPrinting(QObject):
    """File → Print decklists of a folder…: the event's decklists, checked and printed off the GUI thread."""

    def __init__(self, window: QWidget, db: CardDatabase, prompts: Prompts, settings: QSettings) -> None:
        super().__init__(window)
        self.window = window  # the progress dialog's parent
        self.db = db
        self.prompts = prompts
        self.settings = settings  # the decklist dialog's last paper
        self.print_all_worker: Any = None

    def print_folder_decklists(self, folder: Path | None = None, target: Path | None = None) -> Any:
        """Every deck of a folder on the decklist sheet, in one PDF, in a worker; the Worker (None if not started)."""
        from deckbuilder.export import ExportCancelled
        from deckbuilder.export.printall import write_folder_decklists
        from deckbuilder.ui.export_dialog import decklist_options_from_settings
        from deckbuilder.ui.workers import run_with_progress

        folder = folder or self.prompts.ask_event_folder()
        if folder is None:
            return None
        if target is None:
            target = self.prompts.ask_save_path(
                self.tr("Print decklists of a folder"), self.tr("PDF (*.pdf)"), f"{folder.name} decklists.pdf"
            )
            if target is None:
                return None
        paper = decklist_options_from_settings(self.settings).paper  # the decklist dialog's last paper
        db_path = self.db.path

        def job(progress: Callable[[int, int], None], cancel: Callable[[], bool]) -> Any:
            # The worker thread gets its own database handle: SQLite connections stay on their thread.
            with CardDatabase(db_path) as worker_db:
                return write_folder_decklists(folder, worker_db, target, paper, progress, cancel)

        def finished(report: Any) -> None:
            self.prompts.notify(
                self.tr("Decklists printed"), self._printed_text(folder, target, report), warning=False
            )

        def failed(message: str) -> None:
            self.prompts.notify(
                self.tr("Printing failed"),
                fill(self.tr("Cannot print the decklists of %1: %2"), str(folder), message),
            )

        def cancelled() -> None:
            self.prompts.status(self.tr("Printing decklists cancelled; nothing was written"), 5000)

        worker = run_with_progress(
            job,
            self.window,
            label=self.tr("Checking and printing decklists…"),
            title=self.tr("Print decklists of a folder"),
            finished=finished,
            failed=failed,
            cancelled=cancelled,
            cancel_exceptions=(ExportCancelled,),
        )
        self.print_all_worker = worker
        return worker

    def _printed_text(self, folder: Path, target: Path, report: Any) -> str:
        """How many decks were printed and how many files could not be read (each has a page saying why)."""
        if not report.decks and not report.unreadable:
            said = fill(self.tr("No deck file in %1; nothing was written."), str(folder))
            return "\n".join([said, *(render_text(m) for m in report.messages)])
        lines = [
            fill(
                ngettext("Printed %1 decklist to %2.", "Printed %1 decklists to %2.", report.decks),
                report.decks,
                target,
            ),
            fill(
                ngettext(
                    "%1 file could not be read; its page says why.",
                    "%1 files could not be read; each has a page saying why.",
                    report.unreadable,
                ),
                report.unreadable,
            )
            if report.unreadable
            else self.tr("Every deck file was read."),
        ]
        return "\n".join([*lines, *(render_text(m) for m in report.messages)])

"""Exports from the window, a part of it: Lackey .dek / text, the PDF decklist and proxy sheets (in a worker)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import (
    QDialog,
    QWidget,
)

from carddb.db import CardDatabase
from carddb.record import FrozenRecord, set_field
from deckbuilder.collection import owned_for
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import (
    DeckFileError,
    deck_file_kind,
    write_deck,
)
from deckbuilder.deckfiles.kinds import save_filter
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.settings import KEY_MISSING_ONLY, MISSING_ONLY_LABEL
from deckbuilder.ui.translation import fill, ngettext
from deckbuilder.ui.window_prompts import Prompts

log = logging.getLogger(__name__)
# What a proxy export that the collection leaves nothing to print finishes with (the window says how to print them).
EVERY_COPY_OWNED = object()


class _Refused(FrozenRecord):
    """A proxy export the options leave nothing to print or cannot lay out: the player's to fix, not a crash."""

    __slots__ = _fields = ("reason",)

    reason: str

    def __init__(self, reason: str) -> None:
        set_field(self, "reason", reason)


class Exports(QObject):
    """Export the deck: Lackey files, PDF decklist, PDF proxies."""

    def __init__(
        self,
        window: QWidget,
        controller: DeckController,
        games: DeckGames,
        prompts: Prompts,
        settings: QSettings,
        commit_pending_edits: Callable[[], None],
    ) -> None:
        super().__init__(window)
        self.window = window  # the option dialogs' and progress dialog's parent
        self.controller = controller
        self.db = games.db
        self.games = games
        self.prompts = prompts
        self.settings = settings  # the options last chosen
        self.commit_pending_edits = commit_pending_edits  # notes still being typed are exported too
        self.proxy_worker: Any = None

    @property
    def deck(self) -> Deck:
        """The deck being edited."""
        return self.controller.deck

    def export_deck(self, kind: str, path: Path | None = None) -> bool:
        """Write the deck as a Lackey .dek or Lackey text file (the deck's own file is unchanged)."""
        self.commit_pending_edits()
        if path is None:
            chosen = deck_file_kind(kind)
            name = f"{self.deck.name}{chosen.suffixes[0]}"
            path = self.prompts.ask_save_path(self.tr("Export deck"), save_filter((chosen,)), name)
            if path is None:
                return False
        pool, zones = self.games.deck_pool(), self.db.deck_zone_labels()
        return self._write_export(
            path, lambda: write_deck(self.deck, path, kind=kind, pool=pool, zone_labels=zones)
        )

    def _write_export(self, path: Path, write: Callable[[], object]) -> bool:
        """Run one export writer: a clear message when it cannot write, "Exported" in the status bar when done."""
        try:
            write()
        except (DeckFileError, OSError, ValueError) as exc:
            self.prompts.notify(
                self.tr("Export failed"),
                fill(self.tr("Cannot write %1: %2"), str(path), str(exc)),
            )
            return False
        self.prompts.status(fill(self.tr("Exported %1"), str(path)), 5000)
        return True

    def ask_export_options(self, kind: str, deck: Deck | None = None) -> Any:
        """The decklist or proxy options dialog, with its live preview of page 1; the options chosen, or None.
        `deck`: another deck than the one edited (the library's missing copies)."""
        from deckbuilder.ui.export_dialog import DecklistExportDialog, ExportPreviewDialog, ProxyExportDialog

        dialog: ExportPreviewDialog
        if kind == "proxies":
            dialog = ProxyExportDialog(deck or self.deck, self.db, self.settings, self.window)
        else:
            dialog = DecklistExportDialog(
                self.deck, self.db, self.settings, self.controller.report, self.window
            )
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            return dialog.options()
        finally:
            dialog.deleteLater()

    def _pdf_export_target(
        self, kind: str, options: Any, path: Path | None, deck: Deck | None = None
    ) -> tuple[Any, Path] | None:
        """Commit typed notes, then the options (dialog, or the last chosen when a path is given) and the file.

        None when the player cancels either question.
        """
        # The export options are dataclasses of deckbuilder.export, imported with it when an export is asked for:
        # the window's start does not import `dataclasses` for them.
        from dataclasses import replace

        from deckbuilder.ui.export_dialog import decklist_options_from_settings, proxy_options_from_settings

        self.commit_pending_edits()
        shown = deck or self.deck
        if options is None:
            if path is None:
                options = self.ask_export_options(kind, deck)
            elif kind == "proxies":
                options = proxy_options_from_settings(self.settings)
                if bool(self.settings.value(KEY_MISSING_ONLY, True, bool)):  # the dialog asks this itself
                    options = replace(options, owned=owned_for(self.db, shown))
            else:
                options = decklist_options_from_settings(self.settings, self.controller.report)
        if options is None:
            return None
        if path is None:
            caption = self.tr("Export proxies") if kind == "proxies" else self.tr("Export decklist")
            path = self.prompts.ask_save_path(
                caption,
                self.tr("PDF (*.pdf)"),
                f"{shown.name} {kind}.pdf",
            )
        return None if path is None else (options, path)

    def export_decklist_pdf(self, path: Path | None = None, options: Any = None) -> bool:
        """Write the tournament decklist PDF: options from the dialog (or as last chosen when a path is given)."""
        from deckbuilder.export import write_decklist_pdf

        target = self._pdf_export_target("decklist", options, path)
        if target is None:
            return False
        options, written = target
        return self._write_export(written, lambda: write_decklist_pdf(self.deck, self.db, written, options))

    def export_proxies_pdf(
        self, path: Path | None = None, options: Any = None, deck: Deck | None = None
    ) -> Any:
        """Write proxy sheets in a background thread with a progress dialog; returns the Worker (None if not started).

        Options come from the dialog with its preview, or are the last chosen layout when a path is given. `deck`:
        another deck than the one edited (the library's copies missing for some decks: already only what is
        lacking, so the collection is not taken off again).
        """
        from dataclasses import replace

        from deckbuilder.export import ExportCancelled, write_proxies_pdf
        from deckbuilder.export.proxies import plan_faces
        from deckbuilder.ui.workers import run_with_progress

        chosen_target = self._pdf_export_target("proxies", options, path, deck)
        if chosen_target is None:
            return None
        chosen, target = chosen_target
        if deck is not None:
            chosen = replace(chosen, owned=None)
        deck = (deck or self.deck).copy()  # the worker must not see edits made while it runs
        db_path = self.db.path

        def job(progress: Callable[[int, int], None], cancel: Callable[[], bool]) -> Any:
            # The worker thread gets its own database handle: SQLite connections stay on their thread.
            with CardDatabase(db_path) as worker_db:
                try:
                    return write_proxies_pdf(
                        deck, worker_db, target, chosen, progress=progress, cancel=cancel
                    )
                except ValueError as exc:
                    every = replace(chosen, owned=None)
                    if chosen.owned and plan_faces(deck, worker_db, every, []):
                        return EVERY_COPY_OWNED  # not a failure: the player owns what they asked for
                    return _Refused(str(exc))  # told plainly, no traceback logged

        def finished(report: Any) -> None:
            if isinstance(report, _Refused):
                failed(report.reason)
                return
            if report is EVERY_COPY_OWNED:
                self.prompts.notify(
                    self.tr("Nothing to print"),
                    fill(
                        self.tr(
                            "Every copy of these cards is in your collection, so there is nothing to print. "
                            "To print them anyway, untick “%1” in the proxy export dialog (File → Export)."
                        ),
                        self.tr(MISSING_ONLY_LABEL),
                    ),
                )
                return
            messages = getattr(report, "messages", [])
            pages = int(getattr(report, "pages", 0))
            text = fill(ngettext("Wrote %1 page to %2.", "Wrote %1 pages to %2.", pages), pages, target)
            self.prompts.notify(
                self.tr("Proxies exported"),
                "\n".join([text, *messages]),
                warning=False,
            )

        def failed(message: str) -> None:
            self.prompts.notify(self.tr("Export failed"), message)

        def cancelled() -> None:
            self.prompts.status(self.tr("Proxy export cancelled"), 5000)

        worker = run_with_progress(
            job,
            self.window,
            label=self.tr("Writing proxy sheets…"),
            title=self.tr("Export proxies"),
            finished=finished,
            failed=failed,
            cancelled=cancelled,
            cancel_exceptions=(ExportCancelled,),
        )
        self.proxy_worker = worker
        return worker

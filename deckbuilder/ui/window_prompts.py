"""The window's questions and messages to the player: one object, its methods replaceable so tests can answer them."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMainWindow,
    QMessageBox,
)

from deckbuilder.deckfiles.kinds import open_filter
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.translation import fill

if TYPE_CHECKING:
    from deckbuilder.games.description import Game

log = logging.getLogger(__name__)

APP_TITLE = "Rage Deckbuilder"
Choice = QMessageBox.StandardButton


class Prompts(QObject):
    """Questions to the player over the window, and messages to them: each returns the answer, tests replace them."""

    def __init__(
        self, window: QMainWindow, controller: DeckController, settings: QSettings, interactive: bool = True
    ) -> None:
        super().__init__(window)
        self.window = window  # the dialogs' parent; its status bar shows the messages' first lines
        self.controller = controller  # the deck asked about (its name, its file's folder)
        self.settings = settings
        # interactive=False (smoke test) never shows a modal dialog.
        self.interactive = interactive
        self.last_message = ""

    def status(self, text: str, timeout_ms: int) -> None:
        """Show a passing message in the window's status bar."""
        self.window.statusBar().showMessage(text, timeout_ms)

    def ask_save_changes(self) -> Choice:
        """Save / Discard / Cancel for a deck with unsaved edits."""
        return QMessageBox.question(
            self.window,
            APP_TITLE,
            fill(
                self.tr("“%1” has unsaved changes. Save them?"),
                str(self.controller.deck.name),
            ),
            Choice.Save | Choice.Discard | Choice.Cancel,
            Choice.Save,
        )

    def ask_open_path(self) -> Path | None:
        """A deck file to open, or None."""
        path, _ = QFileDialog.getOpenFileName(
            self.window,
            self.tr("Open deck"),
            self.last_folder(),
            open_filter(),
        )
        return Path(path) if path else None

    def ask_save_path(self, caption: str, name_filter: str, suggested: str) -> Path | None:
        """Where to write, or None."""
        start = str(Path(self.last_folder()) / suggested)
        path, _ = QFileDialog.getSaveFileName(self.window, caption, start, name_filter)
        return Path(path) if path else None

    def ask_import_path(self, folder: bool) -> Path | None:
        """A Lackey plugin folder or card data file, or None."""
        if folder:
            path = QFileDialog.getExistingDirectory(
                self.window,
                self.tr("Import Lackey plugin folder"),
                self.last_folder(),
            )
        else:
            path, _ = QFileDialog.getOpenFileName(
                self.window,
                self.tr("Import card data"),
                self.last_folder(),
                self.tr("Card data (*.txt *.json *.csv);;All files (*)"),
            )
        return Path(path) if path else None

    def ask_event_folder(self) -> Path | None:
        """The folder of an event's deck files, or None."""
        path = QFileDialog.getExistingDirectory(
            self.window, self.tr("Folder of the event's deck files"), self.last_folder()
        )
        return Path(path) if path else None

    def ask_game_card_path(self) -> Path | None:
        """Another game's card-data file (CSV), or None."""
        path, _ = QFileDialog.getOpenFileName(
            self.window,
            self.tr("Import another game's card data"),
            self.last_folder(),
            self.tr("Card data (*.csv);;All files (*)"),
        )
        return Path(path) if path else None

    def ask_card_game(self, path: Path, games: list[Game]) -> Game | None:
        """Which game a card-data file belongs to (the deck's own first when it is one of them), or None."""
        if not games:
            self.notify(
                self.tr("Import card data"),
                self.tr("No installed game imports its cards from a CSV file."),
            )
            return None
        games = sorted(games, key=lambda g: g.name != self.controller.deck.game)
        titles = [game.title for game in games]
        title, ok = QInputDialog.getItem(
            self.window,
            self.tr("Import card data"),
            fill(self.tr("Which game's cards does %1 hold?"), path.name),
            titles,
            0,
            False,
        )
        return games[titles.index(title)] if ok and title in titles else None

    def ask_format_losses(self, file_name: str, losses: list[str]) -> Choice:
        """Before the first Save into a .dek / text file: Save (dropping `losses`), Save as .ragedeck, or Cancel."""
        box = QMessageBox(self.window)
        box.setWindowTitle(APP_TITLE)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setText(
            self.tr("{0} is a Lackey deck file; it cannot keep {1}. Save it anyway?").format(
                file_name, ", ".join(losses)
            )
        )
        box.setStandardButtons(Choice.Save | Choice.SaveAll | Choice.Cancel)
        box.button(Choice.SaveAll).setText(self.tr("Save as .ragedeck…"))
        box.setDefaultButton(Choice.Save)
        return Choice(box.exec())

    def ask_remove_demo(self) -> bool:
        """After an import: remove the invented demo cards, which no format accepts once real cards are in?"""
        answer = QMessageBox.question(
            self.window,
            APP_TITLE,
            self.tr(
                "The database still holds the invented demo cards (set “Demo”). With real card data imported, "
                "no format accepts them. Remove them now?",
            ),
            Choice.Yes | Choice.No,
            Choice.Yes,
        )
        return answer == Choice.Yes

    def ask_restore(self, name: str, source: Path | None) -> bool:
        """Offer the autosave left by a window that did not exit cleanly: its deck's name and file."""
        where = str(source) if source is not None else self.tr("never saved to a file")
        answer = QMessageBox.question(
            self.window,
            APP_TITLE,
            self.tr(
                "A Rage Deckbuilder window did not close properly while editing “{0}” ({1}). Restore that deck?",
            ).format(name or self.tr("a deck"), where),
            Choice.Yes | Choice.No,
            Choice.Yes,
        )
        return answer == Choice.Yes

    def notify(self, title: str, text: str, warning: bool = True) -> None:
        """Tell the user something (kept in last_message; a dialog only when interactive)."""
        self.last_message = text
        self.status(text.splitlines()[0] if text else "", 8000)
        if self.interactive:
            if warning:
                QMessageBox.warning(self.window, title, text)
            else:
                QMessageBox.information(self.window, title, text)

    def last_folder(self) -> str:
        """Where a file question starts: the deck's own folder, else the folder last used."""
        path = self.controller.path
        if path is not None:
            return str(path.parent)
        return str(self.settings.value("lastFolder", str(Path.home())))

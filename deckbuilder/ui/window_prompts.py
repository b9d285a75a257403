"""The window's questions and messages to the player (methods, so tests can answer them)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMessageBox,
)

from deckbuilder.deckfiles.kinds import open_filter
from deckbuilder.ui.translation import fill
from deckbuilder.ui.window_base import APP_TITLE, Choice, WindowBase

if TYPE_CHECKING:
    from deckbuilder.games.description import Game

log = logging.getLogger(__name__)


class PromptsMixin(WindowBase):
    """Questions to the player: each returns the answer, tests replace them."""

    def ask_save_changes(self) -> Choice:
        """Save / Discard / Cancel for a deck with unsaved edits."""
        return QMessageBox.question(
            self,
            APP_TITLE,
            fill(
                self.tr("“%1” has unsaved changes. Save them?"),
                str(self.deck.name),
            ),
            Choice.Save | Choice.Discard | Choice.Cancel,
            Choice.Save,
        )

    def ask_open_path(self) -> Path | None:
        """A deck file to open, or None."""
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open deck"),
            self._last_folder(),
            open_filter(),
        )
        return Path(path) if path else None

    def ask_save_path(self, caption: str, name_filter: str, suggested: str) -> Path | None:
        """Where to write, or None."""
        start = str(Path(self._last_folder()) / suggested)
        path, _ = QFileDialog.getSaveFileName(self, caption, start, name_filter)
        return Path(path) if path else None

    def ask_import_path(self, folder: bool) -> Path | None:
        """A Lackey plugin folder or card data file, or None."""
        if folder:
            path = QFileDialog.getExistingDirectory(
                self,
                self.tr("Import Lackey plugin folder"),
                self._last_folder(),
            )
        else:
            path, _ = QFileDialog.getOpenFileName(
                self,
                self.tr("Import card data"),
                self._last_folder(),
                self.tr("Card data (*.txt *.json *.csv);;All files (*)"),
            )
        return Path(path) if path else None

    def ask_game_card_path(self) -> Path | None:
        """Another game's card-data file (CSV), or None."""
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Import another game's card data"),
            self._last_folder(),
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
        games = sorted(games, key=lambda g: g.name != self.deck.game)
        titles = [game.title for game in games]
        title, ok = QInputDialog.getItem(
            self,
            self.tr("Import card data"),
            fill(self.tr("Which game's cards does %1 hold?"), path.name),
            titles,
            0,
            False,
        )
        return games[titles.index(title)] if ok and title in titles else None

    def ask_format_losses(self, file_name: str, losses: list[str]) -> Choice:
        """Before the first Save into a .dek / text file: Save (dropping `losses`), Save as .ragedeck, or Cancel."""
        box = QMessageBox(self)
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
            self,
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
            self,
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
        self.statusBar().showMessage(text.splitlines()[0] if text else "", 8000)
        if self.interactive:
            if warning:
                QMessageBox.warning(self, title, text)
            else:
                QMessageBox.information(self, title, text)

    def maybe_save(self) -> bool:
        """Before the deck is replaced or the window closes: True when it is fine to go on."""
        self.commit_pending_edits()
        if not self.is_dirty():
            return True
        choice = self.ask_save_changes()
        if choice == Choice.Save:
            return self.save()
        return choice == Choice.Discard

    def _last_folder(self) -> str:
        if self.deck_path is not None:
            return str(self.deck_path.parent)
        return str(self.settings.value("lastFolder", str(Path.home())))

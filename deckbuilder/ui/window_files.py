"""The deck's file, a part of the window: new, open, paste, save (and what a file kind drops), recent files, drops."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QObject, QSettings, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu, QWidget

from deckbuilder.deck import DEFAULT_FORMAT, DEFAULT_GAME, Deck
from deckbuilder.deckfiles import (
    DECK_FILE_KINDS,
    DeckFileError,
    LoadedDeck,
    kind_for_path,
    parse_deck_text,
    read_deck,
    write_deck,
)
from deckbuilder.deckfiles.kinds import save_filter
from deckbuilder.document import Loss
from deckbuilder.games.loader import formats_of
from deckbuilder.games.piles import game_of
from deckbuilder.i18n import render_text
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.session import AutosaveStore
from deckbuilder.ui.translation import fill, ngettext
from deckbuilder.ui.window_prompts import Choice, Prompts

log = logging.getLogger(__name__)

MAX_RECENT = 8


def _settings_list(value: Any) -> list[str]:
    # QSettings hands back a str for a one-item list and None for a missing key.
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value else []
    return [str(v) for v in value]


def is_bundled(path: Path) -> bool:
    """True for files shipped inside the installed package (never overwritten by Save)."""
    from carddb.demo import demo_deck_path

    try:
        return path.resolve() == demo_deck_path().resolve()
    except OSError:
        return False


def dropped_deck_file(mime: QMimeData) -> Path | None:
    """The first local deck file (by extension) among dropped URLs."""
    for url in mime.urls():
        if url.isLocalFile():
            path = Path(url.toLocalFile())
            if kind_for_path(path) is not None:
                return path
    return None


class DeckFiles(QObject):
    """The deck's file: open, new, paste, save, save as, recent files; every deck that replaces the open one."""

    # Another deck was put in the window (opened, new, pasted, restored): the deck view sizes its piles to it.
    deck_set = Signal()
    # Save As is about to write the deck under a new file (an untitled deck is then named after it)
    saving_as = Signal(object)

    def __init__(
        self,
        window: QWidget,
        controller: DeckController,
        games: DeckGames,
        prompts: Prompts,
        settings: QSettings,
        autosave: AutosaveStore,
        commit_pending_edits: Callable[[], None],
    ) -> None:
        super().__init__(window)
        self.controller = controller
        self.db = games.db
        self.games = games
        self.prompts = prompts
        self.settings = settings
        self.autosave = autosave  # discarded once the deck is saved
        # notes still being typed become an edit before a write
        self.commit_pending_edits = commit_pending_edits
        self.recent_menu = QMenu(self.tr("Open &recent"), window)
        self.update_recent_menu()

    @property
    def deck(self) -> Deck:
        """The deck being edited."""
        return self.controller.deck

    @property
    def deck_path(self) -> Path | None:
        """The deck's file, None until saved."""
        return self.controller.path

    def set_deck(
        self,
        deck: Deck,
        path: Path | None,
        unknown: dict[str, list[str]] | None = None,
        source: Path | None = None,
    ) -> list[str]:
        """Replace the deck being edited (history starts afresh); notes on what had to change (a missing format).

        `path` is where Save writes (None: ask); `source` the file the deck was read from, when it differs.
        """
        notes = self._settle_format(deck)
        self.controller.replace(deck, path, unknown, source=source or path)
        self.deck_set.emit()  # each opened deck gets sections sized by its rows
        return notes

    def _settle_format(self, deck: Deck) -> list[str]:
        """Put a deck whose format its game does not have on the game's default format; the note saying so, if any."""
        game = game_of(deck)
        if game is None:
            return []
        known = formats_of(game)
        if not known or deck.format in {f.name for f in known}:
            return []
        missing, deck.format = deck.format, game.default_format
        if missing == DEFAULT_FORMAT:  # a deck that names no format of its own: its game's default, silently
            return []
        return [
            self.tr(
                "The deck's format “{0}” is not installed; the deck is opened on the default format “{1}”.",
            ).format(missing, game.default_format)
        ]

    def new_deck(self, game: str = DEFAULT_GAME) -> bool:
        """Start an empty deck (of another game when named)."""
        if not self.maybe_save():
            return False
        self.set_deck(Deck(name=self.tr("Untitled deck"), game=game), None)
        return True

    def open_deck(self, path: Path | None = None, ask_first: bool = True, remember: bool = True) -> bool:
        """Open a deck file (native, .dek or text); unknown cards stay as unresolved rows."""
        if ask_first and not self.maybe_save():
            return False
        if path is None:
            path = self.prompts.ask_open_path()
            if path is None:
                return False
        try:
            loaded = read_deck(path, self.games.contexts)  # names looked up in the deck's own game
        except DeckFileError as exc:
            self.prompts.notify(self.tr("Cannot open deck"), render_text(exc.reason))
            return False
        except OSError as exc:
            self.prompts.notify(
                self.tr("Cannot open deck"),
                fill(self.tr("cannot read %1: %2"), str(path), str(exc)),
            )
            return False
        # Save writes back to the file in its own format; the bundled demo deck, or a file whose extension names
        # no deck format, gets a new file.
        target = path if kind_for_path(path) is not None and not is_bundled(path) else None
        # Unedited after opening even when Save will ask for a file (.dek / .txt / bundled): nothing to lose yet.
        notes = self.set_deck(loaded.deck, target, loaded.unknown, source=path)
        if remember:
            self._remember_recent(path)
        self._report_problems(loaded, path.name, notes)
        self.prompts.status(fill(self.tr("Opened %1"), str(path)), 5000)
        return True

    def _report_problems(self, loaded: LoadedDeck, source: str, notes: list[str]) -> None:
        lines = [
            *notes,
            *(render_text(p) for p in loaded.problems),
        ]  # the readers' notes, in the window's language
        if loaded.unknown:
            lines.append(
                fill(
                    ngettext(
                        "%1 card name is not in the card database; see Unresolved.",
                        "%1 card names are not in the card database; see Unresolved.",
                        len(loaded.unknown),
                    ),
                    len(loaded.unknown),
                )
            )
        if lines:
            self.prompts.notify(
                fill(self.tr("Problems in %1"), str(source)),
                "\n".join(lines),
            )

    def import_clipboard(self) -> bool:
        """Read a deck list from the clipboard as a new deck."""
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.prompts.notify(
                self.tr("Import from clipboard"),
                self.tr("The clipboard holds no text."),
            )
            return False
        if not self.maybe_save():
            return False
        try:
            loaded = parse_deck_text(text, self.games.contexts, "clipboard")
        except DeckFileError as exc:
            self.prompts.notify(self.tr("Import from clipboard"), render_text(exc.reason))
            return False
        notes = self.set_deck(loaded.deck, None, loaded.unknown)
        self.controller.mark_unsaved()  # the title's modified mark follows the undo stack's clean state
        self._report_problems(loaded, self.tr("the clipboard text"), notes)
        return True

    def copy_deck_text(self) -> str:
        """Put the deck on the clipboard as Lackey text (what Lackey and the readers here paste back)."""
        from deckbuilder.deckfiles import deck_to_text

        self.commit_pending_edits()
        text = deck_to_text(self.deck, self.games.deck_pool(), self.db.deck_zone_labels())
        QGuiApplication.clipboard().setText(text)
        self.prompts.status(self.tr("Copied the deck as Lackey text"), 5000)
        return text

    def save(self) -> bool:
        """Save to the file the deck came from, in its own format (after saying once what it drops), or ask where."""
        if self.deck_path is None:
            return self.save_as()
        kind = kind_for_path(self.deck_path)
        if kind is not None and not self.controller.document.warned_losses:
            losses = self.format_losses(kind)
            if losses:
                answer = self.prompts.ask_format_losses(self.deck_path.name, losses)
                if answer == Choice.Cancel:
                    return False
                self.controller.document.warned_losses = True
                if answer == Choice.SaveAll:  # "Save as .ragedeck…": keep everything in a native file
                    return self.save_as()
        return self._write(self.deck_path)

    def format_losses(self, kind: str) -> list[str]:
        """What writing this deck as `kind` ("dek" or "text") cannot keep, in the player's words."""
        words = {
            Loss.NOTES: self.tr("the deck notes"),
            Loss.RENOWN_AND_FORMAT: self.tr("the Renown level and format"),
            Loss.PRINTINGS: self.tr("the chosen printings"),
            Loss.UNREAD: fill(
                ngettext(
                    "%1 part of the file that could not be read",
                    "%1 parts of the file that could not be read",
                    len(self.deck.unread),
                ),
                len(self.deck.unread),
            ),
        }
        return [words[loss] for loss in self.controller.document.losses(kind)]

    def save_as(self, path: Path | None = None) -> bool:
        """Save under a new name in any format (native unless the extension says .dek / .txt)."""
        if path is None:
            path = self.prompts.ask_save_path(
                self.tr("Save deck"), save_filter(), f"{self.deck.name}{DECK_FILE_KINDS[0].suffixes[0]}"
            )
            if path is None:
                return False
        if not path.suffix:
            path = path.with_suffix(DECK_FILE_KINDS[0].suffixes[0])
        self.saving_as.emit(path)
        return self._write(path)

    def _write(self, path: Path) -> bool:
        self.commit_pending_edits()
        pool, labels = self.games.deck_pool(), self.db.deck_zone_labels()
        try:
            self.controller.save(
                path, lambda p: write_deck(self.deck, p, pool=pool, zone_labels=labels), pool
            )
        except (DeckFileError, OSError, ValueError) as exc:
            self.prompts.notify(
                self.tr("Cannot save deck"),
                fill(self.tr("Cannot save %1: %2"), str(path), str(exc)),
            )
            return False
        self.autosave.discard()
        self._remember_recent(path)  # the title follows the controller's path_changed
        self.prompts.status(fill(self.tr("Saved %1"), str(path)), 5000)
        return True

    def _remember_recent(self, path: Path) -> None:
        resolved = str(path.resolve())
        recent = [p for p in _settings_list(self.settings.value("recentFiles")) if p != resolved]
        self.settings.setValue("recentFiles", [resolved, *recent][:MAX_RECENT])
        self.settings.setValue("lastFolder", str(path.resolve().parent))
        self.update_recent_menu()

    def recent_files(self) -> list[str]:
        """Recently opened or saved decks, newest first."""
        return _settings_list(self.settings.value("recentFiles"))

    def update_recent_menu(self) -> None:
        """File → Open recent: the decks last opened or saved, newest first."""
        self.recent_menu.clear()
        recent = self.recent_files()
        for entry in recent:
            action = self.recent_menu.addAction(entry)
            action.triggered.connect(lambda _=False, p=entry: self.open_deck(Path(p)))
        self.recent_menu.setEnabled(bool(recent))

    def maybe_save(self) -> bool:
        """Before the deck is replaced or the window closes: True when it is fine to go on."""
        self.commit_pending_edits()
        if not self.controller.is_dirty():
            return True
        choice = self.prompts.ask_save_changes()
        if choice == Choice.Save:
            return self.save()
        return choice == Choice.Discard

"""The deck library, a part of the window: its window (ui/library_view.py) built when first opened, the library's
jobs (deckbuilder.library: open, duplicate, rename, move, delete with undo, tags, built, proxies of what decks lack),
its check in a worker thread with progress and Cancel, and "in N of your decks" in the card pane."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from deckbuilder.ui.translation import fill, ngettext

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from deckbuilder.library import CardUse, Library, LibraryDeck, TrashedDeck
    from deckbuilder.ui.library_trash import TrashDialog
    from deckbuilder.ui.library_view import LibraryWindow
    from deckbuilder.ui.window_prompts import Prompts
    from deckbuilder.ui.workers import Worker

log = logging.getLogger(__name__)
# LibraryError and UserFileError are ValueErrors: one line for the player. (deckbuilder.library is imported when the
# library is first used, not at every window start.)
_FAILURES = (ValueError, OSError)


class DeckLibrary(QObject):
    """The player's decks: the library window and its jobs. Nothing is listed or checked until it is first asked
    (the window opened, a card shown): the window starts as fast as without it."""

    listed = Signal()  # the decks were listed again (a check ended, a file changed)

    def __init__(
        self,
        window: QWidget,
        db: CardDatabase,
        prompts: Prompts,
        open_deck: Callable[[Path], bool],
        export_proxies: Callable[[Any], object],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.db = db
        self.prompts = prompts
        self.open_deck = open_deck  # the window's open path (asks to save the deck being edited first)
        self.export_proxies = export_proxies  # the window's proxy export, handed a deck of the missing copies
        self._library: Library | None = None
        self._view: LibraryWindow | None = None
        self._trash_view: TrashDialog | None = None
        self.worker: Worker | None = None
        self.trashed: list[TrashedDeck] = []  # deleted in this window, newest last: Undo puts them back
        self.recheck_again = False
        # the decks checked once this session (the card pane's first question does it)
        self.checked_once = False

    @property
    def library(self) -> Library:
        """The library over the window's card database (made when first needed)."""
        if self._library is None:
            from deckbuilder.library import Library

            self._library = Library(self.db)
        return self._library

    @property
    def view(self) -> LibraryWindow:
        """The library's window, built when first asked for."""
        if self._view is None:
            from deckbuilder.ui.library_view import LibraryWindow

            view = LibraryWindow(self.window)
            view.open_requested.connect(self.open_file)
            view.duplicate_requested.connect(self.duplicate)
            view.rename_requested.connect(self.rename)
            view.move_requested.connect(self.move)
            view.delete_requested.connect(self.delete)
            view.tags_requested.connect(self.edit_tags)
            view.built_requested.connect(self.set_built)
            view.missing_requested.connect(self.missing_proxies)
            view.recheck_requested.connect(self.recheck)
            view.cancel_requested.connect(self.cancel)
            view.undo_requested.connect(self.undo_delete)
            view.add_folder_requested.connect(self.add_folder)
            view.remove_folder_requested.connect(self.remove_folder)
            view.trash_requested.connect(self.show_trash)
            view.model.tags_edited.connect(lambda file, tags: self.set_tags([file], tags))
            view.model.built_edited.connect(lambda file, built: self.set_built([file], built))
            self._view = view
        return self._view

    def is_open(self) -> bool:
        """True while the library's window is shown."""
        return self._view is not None and self._view.isVisible()

    def show_library(self) -> LibraryWindow:
        """File → Deck library: the list at once from what was last checked, then a check of what changed."""
        view = self.view
        self.show_listing()
        view.show()
        view.raise_()
        view.activateWindow()
        self.recheck()
        return view

    # -- listing and checking ---------------------------------------------------------------------

    def show_listing(self) -> None:
        """List the decks from the cache (nothing checked: fast), keeping the view's filters and choice."""
        try:
            decks = self.library.cached()
        except _FAILURES as exc:
            self.tell(str(exc))
            return
        self._shown(decks)

    def _shown(self, decks: list[LibraryDeck]) -> None:
        if self._view is not None:
            self._view.show_decks(decks, [str(n) for n in self.library.notes])
            try:
                added = bool(self.library.added_folders())
            except _FAILURES:
                added = False
            self._view.remove_folder_action.setEnabled(added)
        self.listed.emit()

    def recheck(self) -> Worker | None:
        """Check every deck that changed since its check, in a worker thread (one at a time: asked again while one
        runs, it runs again after). The list follows when it ends; Cancel keeps what was checked."""
        from deckbuilder.ui.workers import run_in_thread

        if self.worker is not None and not self.worker.has_stopped:
            self.recheck_again = True
            return self.worker
        self.recheck_again = False
        self.checked_once = True
        library = self.library

        def job(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> list[LibraryDeck]:
            return library.refresh(progress, cancelled)

        if self._view is not None:
            self._view.show_running(True)
        worker = run_in_thread(
            job, progress=self._progress, finished=self._checked, failed=self._check_failed
        )
        worker.stopped.connect(self._stopped)
        self.worker = worker
        return worker

    def cancel(self) -> None:
        """Stop the check running (what it checked is kept)."""
        if self.worker is not None:
            self.worker.cancel()

    def _progress(self, done: int, total: int) -> None:
        if self._view is not None:
            self._view.show_running(True, done, total)

    def _checked(self, decks: list[LibraryDeck]) -> None:
        self._shown(decks)

    def _check_failed(self, message: str) -> None:
        self.tell(fill(self.tr("The decks could not be checked: %1"), message))

    def _stopped(self) -> None:
        self.worker = None
        if self._view is not None:
            self._view.show_running(False)
        if self.recheck_again:
            QTimer.singleShot(0, self.recheck)

    def changed_elsewhere(self) -> None:
        """The card data, a deck file or the collection changed: check again when the library is on show."""
        if self.is_open():
            self.recheck()

    # -- what the player is asked and told (tests replace these) -------------------------------------------------

    def ask_text(self, title: str, label: str, current: str) -> str | None:
        """A line typed by the player, or None when they cancel."""
        text, ok = QInputDialog.getText(self._parent(), title, label, text=current)
        return text if ok else None

    def ask_folder(self) -> Path | None:
        """A folder chosen by the player, or None."""
        folder = QFileDialog.getExistingDirectory(self._parent(), self.tr("Choose a folder"))
        return Path(folder) if folder else None

    def ask_choice(self, title: str, label: str, choices: list[str]) -> str | None:
        """One of these choices picked by the player, or None when they cancel."""
        text, ok = QInputDialog.getItem(self._parent(), title, label, choices, 0, False)
        return text if ok and text in choices else None

    def ask_yes(self, title: str, text: str) -> bool:
        """Whether the player confirms a change that cannot be undone (No is the default)."""
        parent = self._trash_view if self._trash_view is not None and self._trash_view.isVisible() else None
        answer = QMessageBox.question(
            parent or self._parent(),
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def tell(self, text: str) -> None:
        """A refusal or failure, said to the player."""
        self.prompts.notify(self.tr("Deck library"), text)

    def _parent(self) -> QWidget:
        return self._view if self._view is not None else self.window

    def _status(self, text: str) -> None:
        if self._view is not None:
            self._view.status.setText(text)
        self.prompts.status(text, 5000)

    # -- the jobs ---------------------------------------------------------------------------------

    def _listed(self, file: Path) -> LibraryDeck | None:
        """The deck of a file as the window lists it."""
        if self._view is None:
            return None
        row = self._view.model.row_of(Path(file))
        return self._view.model.deck_at(row)

    def open_file(self, file: Path) -> bool:
        """Open a deck in the window through its open path (the deck being edited is offered a save first)."""
        opened = self.open_deck(Path(file))
        if opened:
            self.window.raise_()
            self.window.activateWindow()
        return opened

    def _do(self, job: Callable[[], object]) -> tuple[bool, object]:
        """Run one library change, saying a refusal in one line; the list follows it. (done, what it returned)"""
        try:
            result = job()
        except _FAILURES as exc:
            self.tell(str(exc))
            return False, None
        finally:
            self.show_listing()
        return True, result

    def duplicate(self, file: Path) -> Path | None:
        """Copy a deck file beside it under a free name."""
        _done, made = self._do(lambda: self.library.duplicate(Path(file)))
        if isinstance(made, Path) and self._view is not None:
            self._view.choose([made])
        return made if isinstance(made, Path) else None

    def rename(self, file: Path) -> Path | None:
        """Ask for a new name and rename the deck (its file, a native deck's own name; its marks follow it)."""
        listed = self._listed(file)
        current = listed.name if listed is not None and listed.name else Path(file).stem
        name = self.ask_text(self.tr("Rename deck"), self.tr("New name:"), current)
        if name is None or not name.strip() or name.strip() == current:
            return None
        _done, made = self._do(lambda: self.library.rename(Path(file), name.strip()))
        if isinstance(made, Path) and self._view is not None:
            self._view.choose([made])
        return made if isinstance(made, Path) else None

    def move(self, files: list[Path]) -> list[Path]:
        """Ask for a folder and move the deck files there (a folder outside the library is added to it)."""
        folder = self.ask_folder()
        if folder is None:
            return []
        moved: list[Path] = []

        def job() -> None:
            if not any(_inside(folder, f) for f in self.library.folders()):
                self.library.add_folder(folder)
            for file in files:
                moved.append(self.library.move(Path(file), folder))

        self._do(job)
        return moved

    def delete(self, files: list[Path]) -> int:
        """Move the deck files to the library's trash; Undo delete puts them back."""
        before = len(self.trashed)

        def job() -> None:
            for file in files:
                self.trashed.append(self.library.delete(Path(file)))

        self._do(job)
        self._show_trashed()
        gone = len(self.trashed) - before
        if gone and self._view is not None:
            self._view.undo_action.setEnabled(True)
            self._status(
                fill(
                    ngettext(
                        "Deleted %1 deck (Undo puts it back)", "Deleted %1 decks (Undo puts them back)", gone
                    ),
                    gone,
                )
            )
        return gone

    def undo_delete(self) -> Path | None:
        """Put back the last deck deleted in this window."""
        if not self.trashed:
            return None
        trashed = self.trashed.pop()
        _done, put_back = self._do(lambda: self.library.restore(trashed))
        self._show_trashed()
        if self._view is not None:
            self._view.undo_action.setEnabled(bool(self.trashed))
            if isinstance(put_back, Path):
                self._view.choose([put_back])
        return put_back if isinstance(put_back, Path) else None

    def edit_tags(self, files: list[Path]) -> bool:
        """Ask for the tags of the chosen decks (one line, commas between). The line starts with the tags every
        chosen deck has: a tag added there is added to each, one taken out is taken off each, and the tags only
        some of them have stay as they are."""
        listed = [deck for deck in (self._listed(file) for file in files) if deck is not None]
        common = [t for t in (listed[0].tags if listed else ()) if all(t in d.tags for d in listed[1:])]
        text = self.ask_text(self.tr("Deck tags"), self.tr("Tags (separated by commas):"), ", ".join(common))
        if text is None:
            return False
        from deckbuilder.ui.library_model import split_tags

        wanted = split_tags(text)
        if len(files) == 1:
            return self.set_tags(files, wanted)
        added = [t for t in wanted if t.casefold() not in {c.casefold() for c in common}]
        gone = [t for t in common if t.casefold() not in {w.casefold() for w in wanted}]

        def job() -> None:
            if added:
                self.library.add_tags([Path(f) for f in files], added)
            if gone:
                self.library.remove_tags([Path(f) for f in files], gone)

        return self._do(job)[0]

    def set_tags(self, files: list[Path], tags: list[str]) -> bool:
        """Give these decks these tags (kept in a native deck, beside a Lackey or text file)."""

        def job() -> None:
            for file in files:
                self.library.set_tags(Path(file), tags)

        return self._do(job)[0]

    def set_built(self, files: list[Path], built: bool) -> None:
        """Mark decks built (their cards in use: the other decks count only the copies left over), or not."""

        def job() -> None:
            for file in files:
                self.library.set_built(Path(file), built)

        self._do(job)

    def add_folder(self) -> None:
        """Add a folder to the library and list its decks."""
        folder = self.ask_folder()
        if folder is None:
            return
        self._do(lambda: self.library.add_folder(folder))
        self.recheck()

    def remove_folder(self) -> Path | None:
        """Ask which added folder to take out of the library (its deck files stay where they are); the folder."""
        try:
            added = self.library.added_folders()
        except _FAILURES as exc:
            self.tell(str(exc))
            return None
        if not added:
            self.tell(self.tr("You added no folder to the library: its own decks folder always stays."))
            return None
        shown = [str(folder) for folder in added]
        chosen = self.ask_choice(
            self.tr("Remove folder"), self.tr("Stop listing the decks of this folder:"), shown
        )
        if chosen is None:
            return None
        folder = added[shown.index(chosen)]
        done, _result = self._do(lambda: self.library.remove_folder(folder))
        if not done:
            return None
        self._status(fill(self.tr("%1 is no longer in the library (its files stay)"), folder))
        return folder

    # -- the trash ---------------------------------------------------------------------------------

    @property
    def trash_view(self) -> TrashDialog:
        """The trash's window, built when first asked for."""
        if self._trash_view is None:
            from deckbuilder.ui.library_trash import TrashDialog

            dialog = TrashDialog(self._parent())
            dialog.restore_requested.connect(self.restore_trashed)
            dialog.empty_requested.connect(self.empty_trash)
            self._trash_view = dialog
        return self._trash_view

    def show_trash(self) -> TrashDialog:
        """The decks deleted from the library (today or any day before), to restore or delete for good."""
        dialog = self.trash_view
        self._show_trashed()
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def _show_trashed(self) -> None:
        if self._trash_view is None:
            return
        try:
            trashed = self.library.trashed()
        except _FAILURES as exc:
            self.tell(str(exc))
            trashed = []
        self._trash_view.show_trashed(trashed)

    def restore_trashed(self, chosen: list[TrashedDeck]) -> list[Path]:
        """Put these deleted decks back where they were (with their tags and built mark); the files."""
        put_back: list[Path] = []

        def job() -> None:
            for deck in chosen:
                put_back.append(self.library.restore(deck))

        self._do(job)
        gone = {deck.token for deck in chosen}
        self.trashed = [
            t for t in self.trashed if t.token not in gone
        ]  # Undo has nothing left to do for them
        self._after_trash_change()
        if put_back and self._view is not None:
            self._view.choose(put_back)
            self._status(
                fill(ngettext("Restored %1 deck", "Restored %1 decks", len(put_back)), len(put_back))
            )
        return put_back

    def empty_trash(self) -> int:
        """Delete every deck in the trash for good, once the player confirms; how many."""
        try:
            count = len(self.library.trashed())
        except _FAILURES as exc:
            self.tell(str(exc))
            return 0
        if not count:
            return 0
        question = fill(
            ngettext(
                "Delete %1 deck in the trash for good? This cannot be undone.",
                "Delete the %1 decks in the trash for good? This cannot be undone.",
                count,
            ),
            count,
        )
        if not self.ask_yes(self.tr("Empty trash"), question):
            return 0
        done, removed = self._do(lambda: self.library.empty_trash())
        self.trashed = []
        self._after_trash_change()
        emptied = removed if isinstance(removed, int) else 0
        if done:
            self._status(
                fill(ngettext("Deleted %1 deck for good", "Deleted %1 decks for good", emptied), emptied)
            )
        return emptied

    def _after_trash_change(self) -> None:
        if self._view is not None:
            self._view.undo_action.setEnabled(bool(self.trashed))
        self._show_trashed()

    def missing_proxies(self, files: list[Path]) -> object:
        """Proxy sheets of the copies the chosen decks lack together (built decks outside them keep theirs),
        through the window's proxy export. None when nothing is missing or the decks are of several games."""
        try:
            missing = self.library.missing_for(files)
        except _FAILURES as exc:
            self.tell(str(exc))
            return None
        from deckbuilder.library import missing_decks

        decks = missing_decks(missing)
        if not decks:
            self.tell(
                self.tr("Your collection holds every card these decks play: there is nothing to print.")
            )
            return None
        if len(decks) > 1:
            self.tell(self.tr("These decks are of several games: choose the decks of one game."))
            return None
        return self.export_proxies(decks[0])

    # -- the card pane and the browser -------------------------------------------------------------

    def card_keys(self, game: str) -> frozenset[str]:
        """The cards any deck of the library of `game` holds (normalised names), from the last listing: `in:decks`."""
        try:
            return self.library.card_keys(game)
        except _FAILURES:
            log.exception("cannot list the cards of the library's decks")
            return frozenset()

    def uses(self, name: str, game: str | None) -> list[CardUse]:
        """The library's decks holding a card (of the deck's game), from the last listing. The first time, the decks
        that changed since their last check are checked in the background (`listed` says when to ask again)."""
        if not self.checked_once:
            self.checked_once = True
            QTimer.singleShot(0, self.recheck)
        try:
            return self.library.uses(name, game)
        except _FAILURES:
            log.exception("cannot list the decks using %s", name)
            return []


def _inside(folder: Path, library_folder: Path) -> bool:
    try:
        return Path(folder).resolve().is_relative_to(Path(library_folder).resolve())
    except (OSError, ValueError):
        return False

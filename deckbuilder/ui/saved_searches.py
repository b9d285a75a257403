"""The card browser's Saved menu: save the query and filters under a name, run one saved before, rename or delete
them (the file and its rules are deckbuilder.saved_searches; this is only the menu and its dialog)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
)

from deckbuilder.saved_searches import SavedSearch, delete_search, load_searches, rename_search, save_search
from deckbuilder.ui.card_results import BrowserFilters
from deckbuilder.ui.filter_grid import ChoicesCombo
from deckbuilder.ui.shortcuts import sequences
from deckbuilder.ui.translation import fill
from deckbuilder.userdata import UserFileError

if TYPE_CHECKING:
    from deckbuilder.ui.browser import CardBrowser


def _menu_text(text: str) -> str:
    return text.replace("&", "&&")  # a name's "&" is shown, not taken for a menu key


class SavedSearches(QObject):
    """The browser's saved searches: its Saved button's menu, the keys that reach it, and the Manage dialog."""

    def __init__(self, browser: CardBrowser) -> None:
        super().__init__(browser)
        self.browser = browser
        self.menu = QMenu(browser)
        self.menu.setObjectName("savedSearchesMenu")
        self.menu.setAccessibleName(self.tr("Saved searches"))
        self.menu.aboutToShow.connect(self.fill_menu)
        browser.saved_button.setMenu(self.menu)
        self.save_action = QAction(self.tr("&Save this search…"), browser)
        self.save_action.setObjectName("actionSaveSearch")
        self.save_action.setShortcuts(sequences("save_search"))
        self.save_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.save_action.triggered.connect(lambda _checked=False: self.save_current())
        self.open_action = QAction(self.tr("Saved searches"), browser)
        self.open_action.setObjectName("actionSavedSearches")
        self.open_action.setShortcuts(sequences("saved_searches"))
        self.open_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.open_action.triggered.connect(lambda _checked=False: self.pop_up())
        browser.addAction(self.save_action)
        browser.addAction(self.open_action)
        self.last_message = ""

    def pop_up(self) -> None:
        """Open the menu under its button (not QToolButton.showMenu: that runs a loop of its own until it closes)."""
        button = self.browser.saved_button
        self.menu.popup(button.mapToGlobal(button.rect().bottomLeft()))

    # -- what the player is asked and told (tests replace these) -------------------------------------------------

    def ask_name(self, title: str, label: str, current: str) -> str | None:
        """A name typed by the player, or None when they cancel."""
        text, ok = QInputDialog.getText(self.browser, title, label, text=current)
        return text if ok else None

    def confirm(self, text: str) -> bool:
        """Yes or no."""
        answer = QMessageBox.question(self.browser, self.tr("Saved searches"), text)
        return answer == QMessageBox.StandardButton.Yes

    def tell(self, text: str) -> None:
        """A message to the player (a refusal, a damaged file kept aside)."""
        self.last_message = text
        QMessageBox.warning(self.browser, self.tr("Saved searches"), text)

    # -- the menu ---------------------------------------------------------------------------------------------

    def fill_menu(self) -> None:
        """List this game's saved searches (read when the menu opens: another window may have saved one)."""
        self.menu.clear()
        self.menu.addAction(self.save_action)
        self.menu.addSeparator()
        store = load_searches()
        searches = store.of_game(self.browser.game_key())
        if not searches:
            none = self.menu.addAction(self.tr("No saved searches for this game yet"))
            none.setEnabled(False)
        for search in searches:
            action = self.menu.addAction(_menu_text(search.name))
            action.setToolTip(search.query)
            action.triggered.connect(lambda _checked=False, s=search: self.run(s))
        self.menu.setToolTipsVisible(True)
        self.menu.addSeparator()
        manage = self.menu.addAction(self.tr("&Rename or delete…"))
        manage.setObjectName("actionManageSearches")
        manage.setEnabled(bool(searches))
        manage.triggered.connect(lambda _checked=False: self.manage())
        if store.problems:
            self.last_message = store.problems[0]
            problem = self.menu.addAction(fill(self.tr("Not read: %1"), store.problems[0]))
            problem.setEnabled(False)

    def run(self, search: SavedSearch) -> None:
        """Show a saved search in the browser."""
        lost = self.show_search(search.query, search.filters)
        if lost:
            self.tell(
                fill(
                    self.tr("“%1”: these filters are not in this card data and were left out: %2"),
                    search.name,
                    ", ".join(lost),
                )
            )

    def filter_values(self) -> dict[str, str | tuple[int | None, int | None]]:
        """The browser's filters that narrow its results, by field (what a saved search keeps)."""
        chosen, unset = self.browser.filters(), BrowserFilters()
        values: dict[str, str | tuple[int | None, int | None]] = {}
        for name in BrowserFilters._fields:
            if (value := getattr(chosen, name)) != getattr(unset, name):
                values[name] = value
        return values

    def show_search(
        self, query: str, filters: Mapping[str, str | tuple[int | None, int | None]]
    ) -> list[str]:
        """Show a saved search in the browser: its query and filters (every other filter cleared); the filters whose
        value this database no longer has (a set removed since) are not applied and are returned by name."""
        browser = self.browser
        browser.reset_filters()
        combos = {
            "section": browser.section_combo,
            "type": browser.type_combo,
            "set_name": browser.set_combo,
            "allegiance": browser.allegiance_combo,
            "deck": browser.deck_combo,
            "collection": browser.collection_combo,
        }
        lost: list[str] = []
        for name, value in filters.items():
            if name in browser.range_spins and isinstance(value, tuple):
                for spin, bound in zip(browser.range_spins[name], value, strict=True):
                    spin.setValue(-1 if bound is None else max(0, min(bound, spin.maximum())))
            elif name in combos and isinstance(value, str):
                combo = combos[name]
                if isinstance(combo, ChoicesCombo):
                    combo.ensure_filled()
                found = combo.findData(value)
                if found < 0:
                    lost.append(name)
                combo.setCurrentIndex(max(found, 0))
            else:
                lost.append(name)
        browser.query_edit.setText(query)
        browser.run_search()
        return lost

    def save_current(self) -> SavedSearch | None:
        """Ask for a name and save the browser's query and filters under it (asking before replacing one)."""
        name = self.ask_name(self.tr("Save this search"), self.tr("Name of the search:"), "")
        if name is None or not name.strip():
            return None
        game = self.browser.game_key()
        if load_searches().find(game, name) is not None and not self.confirm(
            fill(self.tr("Replace the saved search “%1”?"), name.strip())
        ):
            return None
        search = SavedSearch(name.strip(), game, self.browser.query_edit.text().strip(), self.filter_values())
        try:
            done = save_search(search)
        except (ValueError, UserFileError) as exc:
            self.tell(str(exc))
            return None
        if done.note:
            self.tell(done.note)
        return search

    def manage(self) -> SavedSearchesDialog:
        """The dialog that renames and deletes this game's saved searches (shown, not run: tests drive it)."""
        dialog = SavedSearchesDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def rename(self, name: str) -> bool:
        """Ask for a new name for a saved search and rename it; False when nothing changed."""
        new_name = self.ask_name(self.tr("Rename saved search"), self.tr("New name:"), name)
        if new_name is None or not new_name.strip() or new_name.strip() == name:
            return False
        try:
            done = rename_search(self.browser.game_key(), name, new_name)
        except (ValueError, UserFileError) as exc:
            self.tell(str(exc))
            return False
        if done.note:
            self.tell(done.note)
        return done.changed

    def delete(self, name: str) -> bool:
        """Delete a saved search once the player says yes; False when nothing changed."""
        if not self.confirm(fill(self.tr("Delete the saved search “%1”?"), name)):
            return False
        try:
            done = delete_search(self.browser.game_key(), name)
        except UserFileError as exc:
            self.tell(str(exc))
            return False
        return done.changed


class SavedSearchesDialog(QDialog):
    """This game's saved searches, each to rename or delete."""

    def __init__(self, searches: SavedSearches) -> None:
        super().__init__(searches.browser)
        self.searches = searches
        self.setWindowTitle(self.tr("Saved searches"))
        self.list = QListWidget()
        self.list.setObjectName("savedSearchList")
        self.list.setAccessibleName(self.tr("Saved searches"))
        label = QLabel(self.tr("&Searches saved for this game:"))
        label.setBuddy(self.list)
        self.rename_button = QPushButton(self.tr("&Rename…"))
        self.delete_button = QPushButton(self.tr("&Delete"))
        self.rename_button.clicked.connect(self._rename)
        self.delete_button.clicked.connect(self._delete)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        side = QVBoxLayout()
        side.addWidget(self.rename_button)
        side.addWidget(self.delete_button)
        side.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.list, 1)
        row.addLayout(side)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addLayout(row)
        layout.addWidget(buttons)
        self.list.currentRowChanged.connect(lambda _row: self._enable())
        self.refill()

    def refill(self, current: str = "") -> None:
        """List the game's saved searches again (the file may have changed), keeping `current` chosen."""
        self.list.clear()
        for search in load_searches().of_game(self.searches.browser.game_key()):
            item = QListWidgetItem(search.name)
            item.setToolTip(search.query)
            self.list.addItem(item)
            if search.name.casefold() == current.casefold():
                self.list.setCurrentItem(item)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        self._enable()

    def names(self) -> list[str]:
        """The names listed."""
        return [self.list.item(row).text() for row in range(self.list.count())]

    def _chosen(self) -> str | None:
        item = self.list.currentItem()
        return item.text() if item is not None else None

    def _enable(self) -> None:
        chosen = self._chosen() is not None
        self.rename_button.setEnabled(chosen)
        self.delete_button.setEnabled(chosen)

    def _rename(self) -> None:
        name = self._chosen()
        if name is not None and self.searches.rename(name):
            self.refill()

    def _delete(self) -> None:
        name = self._chosen()
        if name is not None and self.searches.delete(name):
            self.refill()

    def choose(self, name: str) -> None:
        """Make a listed search the chosen one (keys and tests)."""
        for row in range(self.list.count()):
            if self.list.item(row).text() == name:
                self.list.setCurrentRow(row)

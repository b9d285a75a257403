"""Show or hide a table's columns from its header's context menu; the hidden ones are remembered by name."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, QPoint, QSettings, Qt
from PySide6.QtWidgets import QMenu, QTableView


def _names(value: object) -> list[str]:
    # QSettings hands back a str for a one-item list and None for a missing key.
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, Iterable):
        return [str(v) for v in value]
    return []


class ColumnChooser(QObject):
    """Right-click a table's header to tick the columns to show; `settings_key` keeps the hidden ones."""

    def __init__(
        self,
        table: QTableView,
        settings: QSettings,
        settings_key: str,
        always_shown: Iterable[str] = (),
        hidden_by_default: Iterable[str] = (),
    ) -> None:
        super().__init__(table)
        self.table = table
        self.settings = settings
        self.key = settings_key
        self.always_shown = frozenset(always_shown)
        self.hidden_by_default = sorted(hidden_by_default)
        header = table.horizontalHeader()
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._menu_at)
        model = table.model()
        # A model that changes its columns (the Own column of a collection) keeps the player's choice.
        model.modelReset.connect(self.apply)
        model.columnsInserted.connect(lambda *_args: self.apply())
        self.apply()

    def column_names(self) -> list[str]:
        """The column titles, in order."""
        model = self.table.model()
        return [
            str(model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole))
            for c in range(model.columnCount())
        ]

    def hidden(self) -> set[str]:
        """Titles of the columns the player hid."""
        value = self.settings.value(self.key)
        names = self.hidden_by_default if value is None else _names(value)
        return set(names) - self.always_shown

    def apply(self) -> None:
        """Hide the columns the player hid (by title), show the others."""
        hidden = self.hidden()
        header = self.table.horizontalHeader()
        for column, name in enumerate(self.column_names()):
            if header.isSectionHidden(column) != (name in hidden):
                header.setSectionHidden(column, name in hidden)

    def set_shown(self, name: str, shown: bool) -> None:
        """Show or hide a column by title and remember it."""
        if name in self.always_shown:
            return
        hidden = self.hidden()
        if shown:
            hidden.discard(name)
        else:
            hidden.add(name)
        # An empty list is stored as "" (not as no value), so "nothing hidden" survives a restart.
        self.settings.setValue(self.key, sorted(hidden) or "")
        self.apply()

    def build_menu(self) -> QMenu:
        """A checkable entry per column (the ones always shown are greyed)."""
        menu = QMenu(self.table)
        hidden = self.hidden()
        for name in self.column_names():
            action = menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(name not in hidden)
            action.setEnabled(name not in self.always_shown)
            action.toggled.connect(lambda on, n=name: self.set_shown(n, on))
        return menu

    def _menu_at(self, pos: QPoint) -> None:
        menu = self.build_menu()
        menu.exec(self.table.horizontalHeader().mapToGlobal(pos))
        menu.deleteLater()

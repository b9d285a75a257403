"""Which rows of the deck's piles are selected, and which pile is current: the one +, −, Delete and the buttons act
on. Moving into a pile (a click, a key) clears the other piles' selections; a selection made for the player (a
legality result's cards) may span piles, and the others' rows are then drawn dimmed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex

from carddb.normalize import normalize_name
from deckbuilder.ui.deck_model import DeckSectionModel, DeckSectionTable
from deckbuilder.ui.deck_rows import DeckRow


class PileSelection:
    """The selection across a deck view's piles, read from their tables (the view keeps the tables and models)."""

    def __init__(
        self, tables: Mapping[str, DeckSectionTable], models: Mapping[str, DeckSectionModel]
    ) -> None:
        self.tables = tables
        self.models = models
        self.current: str | None = None  # the pile the player is in

    def rows(self) -> list[DeckRow]:
        """Selected rows across all piles."""
        return [row for key in self.tables for row in self.rows_of(key)]

    def current_rows(self) -> list[DeckRow]:
        """The current pile's selected rows."""
        key = self.current
        return self.rows_of(key) if key is not None and key in self.tables else []

    def rows_of(self, key: str) -> list[DeckRow]:
        """One pile's selected rows."""
        model = self.models[key]
        rows = (model.row_at(index.row()) for index in self.tables[key].selectionModel().selectedRows())
        return [row for row in rows if row is not None]

    def make_current(self, key: str, *, clear_others: bool = True) -> None:
        """Make a pile the current one, clearing (or else dimming) the other piles' selections."""
        self.current = key
        for other, table in self.tables.items():
            table.set_current(other == key)
            if clear_others and other != key and table.selectionModel().hasSelection():
                table.selectionModel().clear()

    def selection_changed(self, key: str) -> None:
        """Rows were selected in a pile: it becomes current when the current pile has none (a selection made by a
        program, a test or the card images)."""
        if key != self.current and self.tables[key].selectionModel().hasSelection():
            current = self.tables.get(self.current or "")
            if current is None or not current.selectionModel().hasSelection():
                self.make_current(key, clear_others=False)

    def select_where(self, key: str, predicate: Callable[[DeckRow], bool]) -> int:
        """Select the rows of one pile that `predicate` accepts (scrolled to the first); how many."""
        model, table = self.models[key], self.tables[key]
        selection = QItemSelection()
        first: QModelIndex | None = None
        for r in range(model.rowCount()):
            row = model.row_at(r)
            if row is not None and predicate(row):
                selection.select(model.index(r, 0), model.index(r, model.columnCount() - 1))
                first = first or model.index(r, 0)
        table.selectionModel().select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        if first is not None:
            table.scrollTo(first)
        return len(selection.indexes()) // max(model.columnCount(), 1)

    def select_identities(self, identities: Iterable[tuple[bool, str, str | None]]) -> None:
        """Select the rows with these identities, in every pile."""
        wanted = set(identities)
        for key in self.tables:
            self.select_where(key, lambda row: row.identity in wanted)
        self._settle_current()

    def select_cards(self, names: Iterable[str]) -> int:
        """Select every row of these cards (any printing), in every pile; how many rows."""
        wanted = {normalize_name(n) for n in names}
        found = sum(self.select_where(key, lambda row: row.name_key in wanted) for key in self.tables)
        self._settle_current()
        return found

    def _settle_current(self) -> None:
        """After a selection made for the player: the current pile is the first holding selected rows, unless the
        current one holds some (the others are drawn dimmed)."""
        current = self.tables.get(self.current or "")
        if current is not None and current.selectionModel().hasSelection():
            return
        chosen = next((k for k, t in self.tables.items() if t.selectionModel().hasSelection()), None)
        if chosen is not None:
            self.make_current(chosen, clear_others=False)

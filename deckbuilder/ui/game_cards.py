"""Another game's cards beside its deck: a search line and a table; double-click or Enter adds a card."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from carddb.model import CardInfo
from carddb.query import QuerySyntaxError
from carddb.search import DeckTerms
from deckbuilder.games.description import Game
from deckbuilder.games.search import search_cards
from deckbuilder.i18n import render_text
from deckbuilder.ui.columns import NameFitter
from deckbuilder.ui.theme import desktop_font, fit_rows_to_text

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from deckbuilder.deck import CardPool


class _CardTable(QTableWidget):
    """Enter adds the current card, as in the Rage browser."""

    add_pressed = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.add_pressed.emit()
            return
        super().keyPressEvent(event)


class GameCardList(QWidget):
    """The cards of the deck's game, filtered by the one query language (words, phrases, `field:word`, `field>=N`,
    OR, parentheses, in:deck and the collection's terms): the card database answers for its cards, a list handed
    in is searched in memory by the same parse (games/search.py).

    Its widgets are built when first wanted (shown, filled or looked at): the list is hidden for Rage's decks, and
    building it cost every window start ~4 M instructions.
    """

    add_requested = Signal(str)
    card_selected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._game: Game | None = None
        self._cards: list[CardInfo] = []
        self._pool: CardDatabase | None = None  # the database read as the game's pool, when the cards are its
        self._deck = DeckTerms()
        self._deck_source: Callable[[], DeckTerms] | None = (
            None  # the deck's terms, until a query asks for them
        )
        self.source: tuple[str, int] | None = None  # (game, pool id) on show: the window refills on a change
        self._built = False

    def setVisible(self, visible: bool) -> None:
        if visible:
            self._build()
        super().setVisible(visible)

    @property
    def query_edit(self) -> QLineEdit:
        """The search line."""
        self._build()
        return self._query_edit

    @property
    def title(self) -> QLabel:
        """The game's title above the list."""
        self._build()
        return self._title

    @property
    def table(self) -> QTableWidget:
        """The cards found, one a row."""
        self._build()
        return self._table

    def _build(self) -> None:
        if self._built:
            return
        self._built = True
        self._query_edit = QLineEdit()
        self._query_edit.setObjectName("gameCardQuery")
        self._query_edit.setPlaceholderText(self.tr("Search: words, field:word, field>=N, in:deck"))
        self._title = QLabel()
        self._problem = QLabel()  # why the query cannot be read (hidden while it can)
        self._problem.setObjectName("gameCardQueryProblem")
        self._problem.setWordWrap(True)
        self._problem.hide()
        self._table = table = _CardTable()
        table.setObjectName("gameCardTable")
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = table.verticalHeader()
        header.hide()
        # Rows as the lists built with the window have them (fit_rows_to_text): the style's row height in the
        # desktop's font (asked of the header in that font; Qt gives it again only for a size that was set) is the
        # margin kept around the text in force.
        header.setFont(desktop_font())
        header.setDefaultSectionSize(1)
        header.resetDefaultSectionSize()
        table.setProperty("rowMargin", header.defaultSectionSize() - header.fontMetrics().height())
        header.setFont(QFont())
        header.resetDefaultSectionSize()  # the style's own, where that is already it (the desktop's text size)
        fit_rows_to_text(table)
        # Column 0 is the name (the list reads names from it): as wide as the widest name, the rest scroll.
        self.name_fitter = NameFitter(table, "0")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._title)
        layout.addWidget(self._query_edit)
        layout.addWidget(self._problem)
        layout.addWidget(table, 1)
        self._query_edit.textChanged.connect(self._refill)
        table.cellDoubleClicked.connect(lambda row, _column: self._add(row))
        table.currentCellChanged.connect(lambda row, _c, _pr, _pc: self._selected(row))
        table.add_pressed.connect(lambda: self._add(table.currentRow()))

    def show_cards(self, game: Game, cards: list[CardInfo] | CardPool) -> None:
        """List this game's cards (the card database read as its pool, another pool, or a list) in its
        description's columns."""
        from carddb.db import CardDatabase

        self._game = game
        self._pool = cards if isinstance(cards, CardDatabase) else None
        held = getattr(cards, "cards", None)  # a pool held in memory lists its cards
        listed: Iterable[CardInfo] = held() if callable(held) else cards  # type: ignore[assignment]
        self._cards = [] if self._pool is not None else list(listed)
        self.title.setText(game.title)
        self._refill()

    @property
    def problem(self) -> str:
        """Why the query cannot be read ("" while it can)."""
        return self._problem.text() if self._built and not self._problem.isHidden() else ""

    def _found(self, game: Game, query: str) -> list[CardInfo]:
        """The cards the query finds, in name order (raises QuerySyntaxError)."""
        if self._pool is None:
            return search_cards(game, self._cards, query, self._deck_terms())
        from carddb.search import search

        pool = self._pool
        return pool.cards_by_ids(row.id for row in search(pool, query, deck=self._deck_terms()))

    def set_deck(self, terms: DeckTerms | Callable[[], DeckTerms]) -> None:
        """The deck being edited, for `in:deck`: a list showing it follows the deck's edits.

        `terms` may be a function giving them, called only when the list's query asks about the deck.
        """
        self._deck_source = terms if callable(terms) else lambda: terms
        if self._built and "in:deck" in self._query_edit.text().casefold():
            before = self._deck
            if self._deck_terms() != before:
                self._refill()

    def _deck_terms(self) -> DeckTerms:
        if self._deck_source is not None:
            self._deck, self._deck_source = self._deck_source(), None
        return self._deck

    def shown_names(self) -> list[str]:
        """The names listed now, in order."""
        return [item.text() for row in range(self.table.rowCount()) if (item := self.table.item(row, 0))]

    def _refill(self) -> None:
        game = self._game
        if game is None:
            return
        columns = game.columns  # the game description's one list of card-list columns
        try:
            found = self._found(game, self.query_edit.text())
        except QuerySyntaxError as exc:
            found = []
            self._problem.setText(render_text(exc.described))
            self._problem.show()
        else:
            self._problem.hide()
        self.table.clear()
        self.table.setColumnCount(len(columns))
        self.table.setHorizontalHeaderLabels([game.shown_label(name) for name in columns])
        self.table.setRowCount(len(found))
        # The cells are set with the model quiet: each name set would have the name column measured again over
        # every row (100,000 imported cards: 10^10 reads); it is measured once, below, and the view repainted.
        table = self.table  # once: the property builds the widgets on first use, asked 700,000 times here
        model = table.model()
        was_blocked = model.blockSignals(True)
        try:
            for row, card in enumerate(found):
                values = []
                for name in columns:
                    value = card.value(name)
                    values.append(
                        ", ".join(value) if isinstance(value, tuple) else "" if value is None else str(value)
                    )
                for column, text in enumerate(values):
                    table.setItem(row, column, QTableWidgetItem(text))
        finally:
            model.blockSignals(was_blocked)
        table.viewport().update()
        header = self.table.horizontalHeader()
        for column in range(1, self.table.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.name_fitter.remeasure()

    def _selected(self, row: int) -> None:
        item = self.table.item(row, 0) if row >= 0 else None
        if item is not None:
            self.card_selected.emit(item.text())

    def _add(self, row: int) -> None:
        item = self.table.item(row, 0) if row >= 0 else None
        if item is not None:
            self.add_requested.emit(item.text())

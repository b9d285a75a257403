"""Card browser: live query box, filters, a sortable results table over SearchRow and a result count."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QModelIndex,
    QPoint,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from carddb.db import CardDatabase
from carddb.normalize import normalize_name
from carddb.query import DECK_FLAGS, LIBRARY_FLAGS, asks_about
from carddb.search import DeckTerms, QuerySyntaxError, SearchRow, parse_query
from deckbuilder.games.loader import shipped_game
from deckbuilder.i18n import render_text
from deckbuilder.ui.card_results import (
    RAGE_COLUMNS,
    BrowserFilters,
    CardTableModel,
    ListColumns,
    SearchPage,
    compose_query,
    count_text,
    first_page,
)
from deckbuilder.ui.columns import ContentWidths, NameFitter
from deckbuilder.ui.filter_grid import ChoicesCombo, FilterGrid, range_spin, refill_combo
from deckbuilder.ui.result_menu import search_row_menu
from deckbuilder.ui.shortcuts import matches
from deckbuilder.ui.translation import fill

if TYPE_CHECKING:
    from deckbuilder.games.description import Game
    from deckbuilder.ui.workers import CancelFn, NewestJob, ProgressFn

# The filters only Rage's cards have fields for (another game's list shows the others: Type, Set, Deck, Collection).
_RAGE_FILTERS = ("section", "allegiance", "renown", "rage", "gnosis")


class _ResultsView(QTableView):
    """Results table: Enter adds the current card, like double-click."""

    activated_row = Signal(int)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if matches(event, "add") and self.currentIndex().isValid():
            self.activated_row.emit(self.currentIndex().row())
            return
        super().keyPressEvent(event)


class CardBrowser(QWidget):
    """Search box + filters + results; emits the card to show and cards to add."""

    card_selected = Signal(str)  # name
    add_requested = Signal(str)  # name
    add_to_requested = Signal(str, str)  # name, pile ("characters", "sept", "combat" or "starting")
    show_requested = Signal(str)  # name
    DEBOUNCE_MS = 120

    def __init__(self, db: CardDatabase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.game: Game | None = None  # the game whose cards are listed; None: Rage's (the database's own)
        self._queries: dict[str, str] = {}  # each game's query while another game's cards are listed
        self.query_edit = QLineEdit()
        self.query_edit.setClearButtonEnabled(True)
        self._show_query_help()
        self.query_edit.setObjectName("queryEdit")
        self.error_label = QLabel()
        self.error_label.setObjectName("queryError")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        self.count_label = QLabel()
        self.count_label.setObjectName("resultCount")

        self.section_combo = QComboBox()
        self.section_combo.addItem(self.tr("Any"), "")
        for value, label in (
            ("characters", self.tr("Characters")),
            ("sept", self.tr("Sept")),
            ("combat", self.tr("Combat")),
        ):
            self.section_combo.addItem(label, value)
        self.type_combo = ChoicesCombo(lambda: self.db.card_types())
        self.set_combo = QComboBox()
        self.allegiance_combo = QComboBox()
        self.allegiance_combo.addItem(self.tr("Any"), "")
        for label in ("Gaia", "Wyrm", "Rogue"):  # allegiances are the game's names
            self.allegiance_combo.addItem(label, label)
        # The deck being edited and the collection: `in:deck` / `is:owned` / `is:missing` as filters.
        self.deck_combo = QComboBox()
        self.deck_combo.setObjectName("deckFilter")
        self.collection_combo = QComboBox()
        self.collection_combo.setObjectName("collectionFilter")
        for combo, choices in (
            (self.deck_combo, (("in", self.tr("In this deck")), ("out", self.tr("Not in this deck")))),
            (
                self.collection_combo,
                (
                    ("owned", self.tr("Owned")),
                    ("unowned", self.tr("Not owned")),
                    ("missing", self.tr("Missing for this deck")),
                ),
            ),
        ):
            combo.addItem(self.tr("Any"), "")
            for value, label in choices:
                combo.addItem(label, value)
        # `in:decks`: short, to show whole in the narrow filter; the item's tooltip says it in full.
        self.deck_combo.addItem(self.tr("In my decks"), "library")
        self.deck_combo.setItemData(
            self.deck_combo.count() - 1,
            self.tr("In any of the decks of your library"),
            Qt.ItemDataRole.ToolTipRole,
        )
        self._deck_source: Callable[[], DeckTerms] = DeckTerms
        # The cards of every deck of the player's library, by game (`in:decks`; the window's library part).
        self.library_keys: Callable[[str], frozenset[str]] | None = None
        self._deck_terms: DeckTerms | None = DeckTerms()
        self._collection_version: object = None
        self._asked_for: tuple[tuple[str, ...], frozenset[str] | None] | None = None  # see _asked
        self.range_spins: dict[str, tuple[QSpinBox, QSpinBox]] = {
            field: (range_spin(), range_spin()) for field in ("renown", "rage", "gnosis")
        }
        for combo in self._filter_combos():
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        self.reset_button = QToolButton()
        self.reset_button.setText(self.tr("Reset"))
        self.reset_button.setToolTip(self.tr("Clear every filter"))

        # The saved searches' menu beside the query (ui/saved_searches.py fills it when it opens).
        self.saved_button = QToolButton()
        self.saved_button.setObjectName("savedSearches")
        self.saved_button.setText(self.tr("Saved", "saved searches"))
        self.saved_button.setToolTip(self.tr("Saved searches: save this search, or run one saved before"))
        self.saved_button.setAccessibleName(self.tr("Saved searches"))
        self.saved_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        from deckbuilder.ui.saved_searches import SavedSearches

        self.saved_searches = SavedSearches(self)

        self.model = CardTableModel(db, self)
        # The table sorts through the model, which re-runs the search in that order (every match, not a page).
        self.table = _ResultsView()
        self.table.setObjectName("resultsTable")
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setDragEnabled(True)
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self._rage_widths()
        self.name_fitter = NameFitter(
            self.table,
            "name",
            ContentWidths(self.table, lambda: ("type", "set_name", "requires"), cap=600),
            plain_names=True,
        )

        self._build_layout()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(self.DEBOUNCE_MS)
        self._timer.timeout.connect(self.search_in_background)
        self._searches: NewestJob | None = None  # made on the first search in the background
        self.query_edit.textChanged.connect(self._schedule)
        self.query_edit.returnPressed.connect(self.search_and_add_named)
        for combo in self._filter_combos():
            combo.currentIndexChanged.connect(self._schedule)
        for low, high in self.range_spins.values():
            low.valueChanged.connect(self._schedule)
            high.valueChanged.connect(self._schedule)
        self.reset_button.clicked.connect(self.reset_filters)
        self.table.doubleClicked.connect(lambda index: self._add_row(index.row()))
        self.table.activated_row.connect(self._add_row)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.reload()

    def _filter_combos(self) -> tuple[QComboBox, ...]:
        return (
            self.section_combo,
            self.type_combo,
            self.set_combo,
            self.allegiance_combo,
            self.deck_combo,
            self.collection_combo,
        )

    def _build_layout(self) -> None:
        section = (QLabel(self.tr("Section")), self.section_combo)
        allegiance = (QLabel(self.tr("Allegiance")), self.allegiance_combo)
        pairs: list[tuple[QWidget, QWidget]] = [
            section,
            (QLabel(self.tr("Type")), self.type_combo),
            (QLabel(self.tr("Set")), self.set_combo),
            allegiance,
        ]
        self._filter_pairs: dict[str, tuple[QWidget, QWidget]] = {
            "section": section,
            "allegiance": allegiance,
        }
        for field, (low, high) in self.range_spins.items():
            holder = QWidget()
            pair = QHBoxLayout(holder)
            pair.setContentsMargins(0, 0, 0, 0)
            pair.addWidget(low)
            pair.addWidget(QLabel("–"))
            pair.addWidget(high)
            pair.addStretch(1)
            label = shipped_game().shown_label(field)
            low.setToolTip(fill(self.tr("Minimum %1"), label))
            high.setToolTip(fill(self.tr("Maximum %1"), label))
            pairs.append((QLabel(label), holder))
            self._filter_pairs[field] = pairs[-1]
        pairs.append((QLabel(self.tr("Deck")), self.deck_combo))
        # The saved searches beside Reset: beside the search line they cut its hint short.
        buttons = QWidget()
        buttons_row = QHBoxLayout(buttons)
        buttons_row.setContentsMargins(0, 0, 0, 0)
        buttons_row.addWidget(self.saved_button)
        buttons_row.addWidget(self.reset_button)
        filters = FilterGrid(pairs, (QLabel(self.tr("Collection")), self.collection_combo, buttons))
        self.filter_grid = filters
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.query_edit)
        layout.addWidget(self.error_label)
        layout.addWidget(filters)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count_label)

    def filters_width(self) -> int:
        """The browser's width that shows its filters two to a row."""
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else None
        return self.filter_grid.needed(2) + (margins.left() + margins.right() if margins is not None else 0)

    def _show_query_help(self) -> None:
        """The search line's hint and tooltip: Rage's terms, or the query language's for another game."""
        if self.game is None:
            self.query_edit.setPlaceholderText(
                self.tr('Search: name words, t:gift, renown>=3, "exact phrase" …')
            )
            self.query_edit.setToolTip(
                self.tr(
                    "Words match name, type and text; `t:gift` type, `s:` set, `a:` allegiance, `k:` keyword, "
                    "`req:` requirement; `renown>=3` and the other numbers. About your deck: `in:deck` its cards, "
                    "`-in:deck` the others; `in:decks` the cards of any deck of your library. About your collection: `is:owned`, `own>=2` copies owned, `is:missing` "
                    "cards the deck plays more copies of than you own. `-` negates, OR joins, parentheses group."
                )
            )
        else:
            self.query_edit.setPlaceholderText(self.tr("Search: words, field:word, field>=N, in:deck"))
            self.query_edit.setToolTip(
                self.tr(
                    "Words match name, type and text; `field:word` a card field by its name, `field>=3` a "
                    "number. About your deck: `in:deck` its cards, `-in:deck` the others; `in:decks` the cards of any "
                    "deck of your library. About your collection: "
                    "`is:owned`, `own>=2` copies owned, `is:missing` cards the deck plays more copies of than you "
                    "own. `-` negates, OR joins, parentheses group."
                )
            )

    def show_game(self, db: CardDatabase, game: Game | None) -> None:
        """List the cards of `db` (the card database, or its view of another game: `game`) in the game's columns,
        with the filters its cards have fields for; the query and the Deck and Collection filters stay."""
        if db is self.db and game is self.game:
            return
        # Each game keeps its own query (a Rage search means nothing to another game's fields).
        self._queries[self.game.name if self.game is not None else ""] = self.query_edit.text()
        self.game = game
        self.db = db
        blocked = self.query_edit.blockSignals(True)
        self.query_edit.setText(self._queries.get(game.name if game is not None else "", ""))
        self.query_edit.blockSignals(blocked)
        for combo in (self.section_combo, self.allegiance_combo):
            combo.setCurrentIndex(0)
        for low, high in self.range_spins.values():
            low.setValue(-1)
            high.setValue(-1)
        rage = game is None
        self.filter_grid.show_pairs(
            [pair for pair in self.filter_grid.every_pair if rage or pair not in self._filter_pairs.values()]
        )
        self._show_query_help()
        self.model.show_game(db, RAGE_COLUMNS if game is None else ListColumns.of(game))
        self.table.horizontalHeader().setSortIndicator(
            0, Qt.SortOrder.AscendingOrder
        )  # name order, as at start
        if rage:
            self._rage_widths()
        self.reload()
        if not rage:  # the game's columns as wide as the first page's texts (the name fitter keeps the names)
            for column in range(1, self.model.columnCount()):
                self.table.resizeColumnToContents(column)

    def _rage_widths(self) -> None:
        # Type, set names ("Conclave-Kupala Rising") and Requires as wide as the page's longest (the player can
        # shrink them); the names are never cut, and the other columns scroll in from the right when the pane is narrow.
        header = self.table.horizontalHeader()
        for column, width in enumerate((124, 64, 164, 56, 44, 52, 52, 120)):
            header.resizeSection(column, width)

    # -- data ------------------------------------------------------------------------------------

    def reload(self) -> None:
        """Refill the filter choices from the database and search again (after an import)."""
        self.type_combo.invalidate()
        refill_combo(self.set_combo, self.db.set_names())
        self.run_search()

    def filters(self) -> BrowserFilters:
        """The filter widgets' current state."""

        def bounds(field: str) -> tuple[int | None, int | None]:
            low, high = self.range_spins[field]
            return (
                None if low.value() < 0 else low.value(),
                None if high.value() < 0 else high.value(),
            )

        return BrowserFilters(
            section=str(self.section_combo.currentData() or ""),
            type=str(self.type_combo.currentData() or ""),
            set_name=str(self.set_combo.currentData() or ""),
            allegiance=str(self.allegiance_combo.currentData() or ""),
            renown=bounds("renown"),
            rage=bounds("rage"),
            gnosis=bounds("gnosis"),
            deck=str(self.deck_combo.currentData() or ""),
            collection=str(self.collection_combo.currentData() or ""),
        )

    def reset_filters(self) -> None:
        """Clear every filter (the query stays)."""
        for combo in self._filter_combos():
            combo.setCurrentIndex(0)
        for low, high in self.range_spins.values():
            low.setValue(-1)
            high.setValue(-1)

    def game_key(self) -> str:
        """The id of the game whose cards are listed (a saved search belongs to it)."""
        return self.game.name if self.game is not None else self.db.game

    @property
    def deck_terms(self) -> DeckTerms:
        """What `in:deck` and `is:missing` ask about: the deck's terms, worked out when a search first needs them."""
        if self._deck_terms is None:
            self._deck_terms = self._deck_source()
        return self._deck_terms

    def _deck_asked(self, composed: str) -> DeckTerms | None:
        """The deck's terms for a query that asks about the deck (and the library's cards for `in:decks`); None
        for any other (nothing worked out)."""
        flags = asks_about(parse_query(composed, self.db.search_fields))
        if not flags & (DECK_FLAGS | LIBRARY_FLAGS):
            return None
        terms = self.deck_terms if flags & DECK_FLAGS else DeckTerms()
        if flags & LIBRARY_FLAGS and self.library_keys is not None:
            terms = terms.replace(library=self.library_keys(self.game_key()))
        return terms

    def library_changed(self) -> None:
        """The deck library was listed again: a query asking about it (`in:decks`) runs again."""
        asked = self._asked()
        if asked is not None and asked & LIBRARY_FLAGS:
            self._schedule()

    def set_deck(self, terms: DeckTerms | Callable[[], DeckTerms], collection_version: object = None) -> None:
        """The deck being edited (and the collection's version): a search asking about either runs again.

        `terms` may be a function giving them: every edit hands the deck over, and only a query that asks about
        the deck needs its terms (a deck of 90,000 cards took a second and a half to work them out).
        """
        before = self._deck_terms
        self._deck_source = terms if callable(terms) else lambda: terms
        self._deck_terms = None
        changed_collection = collection_version != self._collection_version
        self._collection_version = collection_version
        asked = self._asked()
        if asked is None:  # a query that does not parse runs no search
            return
        changed_deck = bool(asked & DECK_FLAGS) and self.deck_terms != before
        if changed_deck or (changed_collection and asked):
            self._schedule()

    def _asked(self) -> frozenset[str] | None:
        """What the query asks about the deck and the collection (None when it does not parse). Only the typed
        text and the Deck and Collection filters can ask: the answer is kept for them (every edit asks, and
        reading every filter and parsing the query again cost more than the rest of handing the deck over)."""
        key = (
            self.db.game,
            self.query_edit.text(),
            str(self.deck_combo.currentData() or ""),
            str(self.collection_combo.currentData() or ""),
        )
        if self._asked_for is None or self._asked_for[0] != key:
            try:
                self._asked_for = (key, asks_about(parse_query(self._composed(), self.db.search_fields)))
            except QuerySyntaxError:
                self._asked_for = (key, None)
        return self._asked_for[1]

    def _schedule(self) -> None:
        self._drop_searches()  # the query changed: an answer still on its way is stale
        self._timer.start()

    def _drop_searches(self) -> None:
        """Show no answer of the searches asked so far in the background."""
        if self._searches is not None:
            self._searches.drop()

    def _composed(self) -> str:
        """The query to run: the typed text AND the filters (QuerySyntaxError points into the typed text)."""
        text = self.query_edit.text().strip()
        parse_query(
            text, self.db.search_fields
        )  # errors point into what the player typed, not the composed query
        return compose_query(text, self.filters())

    def run_search(self) -> None:
        """Run the query now, on this thread; a syntax error is shown inline and the previous results stay."""
        self._timer.stop()
        self._drop_searches()  # a background search still running is now stale
        try:
            composed = self._composed()
            page = first_page(
                self.db,
                composed,
                self.model.page_order(),
                self.model.page_descending(),
                self._deck_asked(composed),
            )
        except QuerySyntaxError as exc:
            self._show_error(exc)
            return
        self._show(page)

    def search_and_add_named(self) -> None:
        """Enter in the search box: search now, and add the card whose whole name was typed (it comes first)."""
        self.run_search()
        typed = normalize_name(self.query_edit.text().strip().strip('"'))
        if typed and not self.has_error() and self.model.rowCount():
            name = str(self.model.index(0, 0).data())
            if normalize_name(name) == typed:
                self.add_requested.emit(name)

    def search_in_background(self) -> None:
        """Run the query on a worker thread with its own database handle; typing never waits for it (one search
        runs at a time; the newest asked waits for it, and only the newest answer is shown)."""
        self._timer.stop()
        self._drop_searches()
        try:
            composed = self._composed()
        except QuerySyntaxError as exc:
            self._show_error(exc)
            return
        order, descending, deck = (
            self.model.page_order(),
            self.model.page_descending(),
            self._deck_asked(composed),
        )
        db_path, game, fields = self.db.path, self.db.game, self.db.search_fields

        def job(_progress: ProgressFn, _cancel: CancelFn) -> SearchPage:
            with CardDatabase(db_path) as db:  # SQLite connections stay on their own thread
                view = db if game == db.game else db.for_game(game, fields)
                return first_page(view, composed, order, descending, deck)

        if self._searches is None:
            from deckbuilder.ui.workers import NewestJob

            # Failures are logged by the worker; the results on show stay, as after a search that found nothing new.
            self._searches = NewestJob(self._background_done, lambda _message: None, self)
        self._searches.run(job)

    @property
    def searching(self) -> bool:
        """True while a search asked in the background has not been answered (it waits or runs)."""
        return self._searches is not None and self._searches.busy

    def _background_done(self, page: SearchPage) -> None:
        if (page.order, page.descending) != (self.model.page_order(), self.model.page_descending()):
            # The player sorted while it ran: fetch the first page again in the order now chosen.
            page = first_page(
                self.db, page.query, self.model.page_order(), self.model.page_descending(), page.deck
            )
        self._show(page)

    def _show_error(self, exc: QuerySyntaxError) -> None:
        self.error_label.setText(f"⚠ {render_text(exc.described)}")  # in the window's language
        self.error_label.show()

    def _show(self, page: SearchPage) -> None:
        self.error_label.hide()
        self.error_label.clear()
        self.model.show_page(page)
        total = page.total
        self.count_label.setText(count_text(total))

    def result_count(self) -> int:
        """Rows shown in the table."""
        return self.model.rowCount()

    def shown_names(self) -> list[str]:
        """Names in display order."""
        return [str(self.model.index(r, 0).data()) for r in range(self.model.rowCount())]

    def has_error(self) -> bool:
        """True while the query box holds a query that does not parse."""
        return not self.error_label.isHidden()

    def selected_names(self) -> list[str]:
        """Names of the selected rows, in display order."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [str(self.model.index(r, 0).data()) for r in rows]

    def _add_row(self, row: int) -> None:
        name = self.model.index(row, 0).data()
        if name:
            self.add_requested.emit(str(name))

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.card_selected.emit(str(self.model.index(current.row(), 0).data()))

    def remember_columns(self, settings: QSettings) -> None:
        """Let the player show or hide the result columns (header context menu), remembered in `settings`."""
        from deckbuilder.ui.columns import ColumnChooser

        # By id: the browser's columns are the game's field names ("name"), not the deck tables' "Name".
        self.column_chooser = ColumnChooser(self.table, settings, "columns/browser", ("name",))

    def _context_menu(self, pos: QPoint) -> None:
        row = self.model.row_at(self.table.indexAt(pos).row())
        if row is not None:
            menu = self.build_context_menu(row)
            menu.exec(self.table.viewport().mapToGlobal(pos))
            menu.deleteLater()

    def build_context_menu(self, row: SearchRow) -> QMenu:
        """A result's menu: see result_menu.search_row_menu."""
        return search_row_menu(row, self)

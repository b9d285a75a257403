"""The browser's search results: a paged table model over carddb.search, filters composed into a query, and the
drag payload of card names."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QByteArray,
    QCoreApplication,
    QLocale,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import (
    QWidget,
)

from carddb.db import CardDatabase
from carddb.record import FrozenRecord, set_field
from carddb.search import DeckTerms, SearchRow, can_order_by, search, search_page
from deckbuilder import i18n
from deckbuilder.games.description import Game
from deckbuilder.games.loader import shipped_game
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP, fill

# Drag payload from the browser to the deck view: card names, one a line.
CARD_MIME_TYPE = "application/x-ragedeck-cards"

ANY = QT_TRANSLATE_NOOP("CardBrowser", "Any")
# Rows built at once: the first page of a search, and each page more as the table scrolls (the count covers all).
RESULT_LIMIT = 100
# The card list's columns and their labels come from Rage's game description (translated where shown).
ModelIndex = QModelIndex | QPersistentModelIndex


@functools.cache
def _grouping(lang: str) -> Callable[[int], str]:
    """1,572 in English, the language's own digit grouping (1.572) otherwise: looked up once per language, not on
    every count shown."""
    if lang == i18n.ENGLISH:
        return "{:,}".format
    locale = QLocale(lang)
    return lambda number: locale.toString(number)


def count_text(total: int) -> str:
    """The count label's text: "1,572 cards" in the window's language."""
    lang = i18n.current_language()
    return fill(i18n.ngettext("%1 card", "%1 cards", total, lang), _grouping(lang)(total))


def encode_card_names(names: Sequence[str]) -> QMimeData:
    """Mime data carrying card names for drag and drop."""
    mime = QMimeData()
    mime.setData(CARD_MIME_TYPE, QByteArray("\n".join(names).encode("utf-8")))
    mime.setText("\n".join(names))
    return mime


def decode_card_names(mime: QMimeData) -> list[str]:
    """Card names from a drag payload (empty when it is not ours)."""
    if not mime.hasFormat(CARD_MIME_TYPE):
        return []
    raw = bytes(mime.data(CARD_MIME_TYPE).data()).decode("utf-8")
    return [line for line in raw.split("\n") if line.strip()]


# What a search row holds: a column of these is read from the page's rows, any other from the page's cards.
_ROW_FIELDS = frozenset(SearchRow._fields)


class ListColumns(FrozenRecord):
    """A game's card-list columns, from its description: field names, their English labels, the numeric ones."""

    __slots__ = _fields = ("game", "names", "labels", "numeric")
    game: Game
    names: tuple[str, ...]
    labels: tuple[str, ...]
    numeric: frozenset[str]

    def __init__(
        self, game: Game, names: tuple[str, ...], labels: tuple[str, ...], numeric: frozenset[str]
    ) -> None:
        set_field(self, "game", game)
        set_field(self, "names", names)
        set_field(self, "labels", labels)
        set_field(self, "numeric", numeric)

    @classmethod
    def of(cls, game: Game) -> ListColumns:
        """The columns `game`'s description gives its card list."""
        numeric = frozenset(
            name for name in game.columns if (found := game.field_named(name)) and found.kind == "number"
        )
        return cls(game, tuple(game.columns), tuple(game.field_label(n) for n in game.columns), numeric)

    @property
    def from_rows(self) -> bool:
        """True when every column is a search row's field: a page is shown without reading its cards."""
        return _ROW_FIELDS.issuperset(self.names)


RAGE_COLUMNS = ListColumns.of(shipped_game())


class BrowserFilters(FrozenRecord):
    """The filter widgets' state; ranges are inclusive and None means "no bound"."""

    _fields = ("section", "type", "set_name", "allegiance", "renown", "rage", "gnosis", "deck", "collection")
    section: str
    type: str
    set_name: str
    allegiance: str
    renown: tuple[int | None, int | None]
    rage: tuple[int | None, int | None]
    gnosis: tuple[int | None, int | None]
    deck: str  # "in" / "out": in the deck being edited or not; "library": in any deck of the player's library
    collection: str  # "owned" / "unowned" / "missing" (the deck plays more copies than are owned)

    def __init__(
        self,
        section: str = "",
        type: str = "",
        set_name: str = "",
        allegiance: str = "",
        renown: tuple[int | None, int | None] = (None, None),
        rage: tuple[int | None, int | None] = (None, None),
        gnosis: tuple[int | None, int | None] = (None, None),
        deck: str = "",
        collection: str = "",
    ) -> None:
        set_field(self, "section", section)
        set_field(self, "type", type)
        set_field(self, "set_name", set_name)
        set_field(self, "allegiance", allegiance)
        set_field(self, "renown", renown)
        set_field(self, "rage", rage)
        set_field(self, "gnosis", gnosis)
        set_field(self, "deck", deck)
        set_field(self, "collection", collection)

    def is_empty(self) -> bool:
        """True when no filter narrows the results."""
        return self == BrowserFilters()


def _quoted(value: str) -> str:
    return '"' + value.replace('"', " ") + '"'


def compose_query(text: str, filters: BrowserFilters) -> str:
    """The typed query AND the filters, in the query language (`(text) t:gift s:"Set" renown>=3`)."""
    terms: list[str] = []
    if text.strip():
        terms.append(f"({text.strip()})")
    if filters.section:
        terms.append(f"t:{filters.section}")
    if filters.type:
        terms.append(f"t:{_quoted(filters.type)}")
    if filters.set_name:
        terms.append(f"s:{_quoted(filters.set_name)}")
    if filters.allegiance:
        terms.append(f"a:{filters.allegiance.casefold()}")
    for field in ("renown", "rage", "gnosis"):
        low, high = getattr(filters, field)
        if low is not None:
            terms.append(f"{field}>={low}")
        if high is not None:
            terms.append(f"{field}<={high}")
    terms.extend(t for t in (_DECK_TERMS.get(filters.deck), _COLLECTION_TERMS.get(filters.collection)) if t)
    return " ".join(terms)


# The deck and collection filters, as the query language says them.
_DECK_TERMS = {"in": "in:deck", "out": "-in:deck", "library": "in:decks"}
_COLLECTION_TERMS = {"owned": "is:owned", "unowned": "-is:owned", "missing": "is:missing"}


class SearchPage(FrozenRecord):
    """The first page of a search and how many cards match it in all."""

    _fields = ("query", "rows", "total", "order", "descending", "deck")
    query: str
    rows: list[SearchRow]
    total: int
    order: str
    descending: bool
    deck: DeckTerms | None  # what in:deck and is:missing asked about

    def __init__(
        self,
        query: str,
        rows: list[SearchRow],
        total: int,
        order: str = "name",
        descending: bool = False,
        deck: DeckTerms | None = None,
    ) -> None:
        set_field(self, "query", query)
        set_field(self, "rows", rows)
        set_field(self, "total", total)
        set_field(self, "order", order)
        set_field(self, "descending", descending)
        set_field(self, "deck", deck)


def first_page(
    db: CardDatabase, query: str, order: str = "name", descending: bool = False, deck: DeckTerms | None = None
) -> SearchPage:
    """Build the first RESULT_LIMIT rows and count every match (the query parsed once; raises QuerySyntaxError)."""
    rows, total = search_page(db, query, limit=RESULT_LIMIT, order=order, descending=descending, deck=deck)
    return SearchPage(query, rows, total, order, descending, deck)


class CardTableModel(QAbstractTableModel):
    """Read-only, lazy table over a search: a page of SearchRows is built at a time, more as the view scrolls.

    Its columns are the searched game's (its description's `columns`); a column that is not a search row's field is
    read from the page's cards, so a page costs the same however many cards the game has.
    Sorting re-runs the query in the chosen order, so that it orders every match, not only the loaded rows.
    """

    def __init__(self, db: CardDatabase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self._columns = RAGE_COLUMNS
        self._rows: list[SearchRow] = []
        self._cells: list[
            tuple[object, ...]
        ] = []  # per row, its columns' values (read from the page's cards)
        self._page = SearchPage("", [], 0)

    @property
    def columns(self) -> tuple[str, ...]:
        """Column ids (the game's field names): the column chooser stores these."""
        return self._columns.names

    @property
    def column_titles(self) -> tuple[str, ...]:
        """The columns' English titles."""
        return self._columns.labels

    @property
    def list_columns(self) -> ListColumns:
        """The searched game's columns."""
        return self._columns

    def show_game(self, db: CardDatabase, columns: ListColumns) -> None:
        """Search `db` (a game's view of the card database) and show its game's columns; empty until searched."""
        self.beginResetModel()
        self.db = db
        self._columns = columns
        self._rows, self._cells = [], []
        self._page = SearchPage("", [], 0)
        self.endResetModel()

    @property
    def total(self) -> int:
        """How many cards match the search (loaded or not)."""
        return self._page.total

    def page_order(self) -> str:
        """The SearchRow field the rows are ordered by."""
        return self._page.order

    def page_descending(self) -> bool:
        """True when the rows run from the highest value down."""
        return self._page.descending

    def show_page(self, page: SearchPage) -> None:
        """Show a search's first page; the rest is fetched on demand."""
        self.beginResetModel()
        self._page = page
        self._rows = list(page.rows)
        self._cells = self._cells_of(self._rows)
        self.endResetModel()

    def _cells_of(self, rows: list[SearchRow]) -> list[tuple[object, ...]]:
        """The columns' values of `rows` when some column is not a search row's field (its cards read by id)."""
        if self._columns.from_rows or not rows:
            return []
        names = self._columns.names
        cards = {card.id: card for card in self.db.cards_by_ids(row.id for row in rows)}
        cells: list[tuple[object, ...]] = []
        for row in rows:
            card = cards.get(row.id)
            cells.append(
                tuple(getattr(row, n, None) if card is None else _listed(card.value(n)) for n in names)
            )
        return cells

    def canFetchMore(self, parent: ModelIndex = QModelIndex()) -> bool:  # noqa: B008 - Qt signature
        return not parent.isValid() and len(self._rows) < self._page.total

    def fetchMore(self, parent: ModelIndex = QModelIndex()) -> None:  # noqa: B008 - Qt signature
        if not self.canFetchMore(parent):
            return
        page = self._page
        more = search(
            self.db, page.query, RESULT_LIMIT, len(self._rows), page.order, page.descending, page.deck
        )  # the same query as the first page: it parsed then
        if not more:  # the database changed under the search (an import): what is loaded is all there is
            self._page = page.replace(total=len(self._rows))
            return
        self.beginInsertRows(QModelIndex(), len(self._rows), len(self._rows) + len(more) - 1)
        self._rows.extend(more)
        self._cells.extend(self._cells_of(more))
        self.endInsertRows()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self._columns.names):
            return
        page = self._page
        descending = order == Qt.SortOrder.DescendingOrder
        field = self._columns.names[column]
        if (field, descending) == (page.order, page.descending) or not can_order_by(
            field, self.db.search_fields
        ):
            return
        rows = (
            search(
                self.db, page.query, limit=RESULT_LIMIT, order=field, descending=descending, deck=page.deck
            )
            if page.total
            else []
        )
        self.show_page(SearchPage(page.query, rows, page.total, field, descending, page.deck))

    def _value(self, row: int, column: int) -> object:
        if self._cells:
            return self._cells[row][column]
        return getattr(self._rows[row], self._columns.names[column])

    def column_texts(self, column: int, start: int = 0, stop: int | None = None) -> list[str]:
        """What a column shows in rows start..stop, without an index per row (the name fitter measures these)."""
        if self._cells:
            values = [cells[column] for cells in self._cells[start:stop]]
        else:
            values = list(map(attrgetter(self._columns.names[column]), self._rows[start:stop]))
        if set(map(type, values)) <= {str}:  # names and other texts are shown as they are
            return values  # type: ignore[return-value]
        return [_shown(value) for value in values]

    def row_at(self, row: int) -> SearchRow | None:
        """The SearchRow at a row."""
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._columns.names)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self._columns.names):
                return None
            if self._columns is RAGE_COLUMNS:
                return QCoreApplication.translate("CardTableModel", self._columns.labels[section])
            return self._columns.game.shown_label(self._columns.names[section])
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        field = self._columns.names[index.column()]
        value = self._value(index.row(), index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return _shown(value)
        if role == Qt.ItemDataRole.TextAlignmentRole and field in self._columns.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and field in ("name", "requires"):
            return str(value or "")
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled

    def mimeTypes(self) -> list[str]:
        return [CARD_MIME_TYPE]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        names: list[str] = []
        for index in indexes:
            row = self.row_at(index.row())
            if row is not None and row.name not in names:
                names.append(row.name)
        return encode_card_names(names)


def _listed(value: object) -> object:
    """A card field's value as a cell lists it (a field of several words joined)."""
    return ", ".join(map(str, value)) if isinstance(value, tuple) else value


def _shown(value: object) -> str:
    """A search row's field as its cell shows it."""
    return "" if value is None else str(value)

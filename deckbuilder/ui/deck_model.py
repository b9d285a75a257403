"""A pile of the deck as a table: a thin model that shows rows and emits requests, and its view.

The models never change the deck; they emit requests that the deck controller turns into undoable edits.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFocusEvent,
    QFont,
    QGuiApplication,
    QIcon,
    QKeyEvent,
    QPalette,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from carddb.model import CardInfo
from deckbuilder.collection import RowStatus
from deckbuilder.games.description import Game
from deckbuilder.games.loader import shipped_game
from deckbuilder.ui.card_results import CARD_MIME_TYPE, decode_card_names
from deckbuilder.ui.columns import NameFitter
from deckbuilder.ui.deck_rows import (
    OWN_COLUMN,
    UNRESOLVED,
    DeckRow,
    ModelIndex,
    field_text,
    fit_short_columns,
    pile_columns,
)
from deckbuilder.ui.roles import (
    ACCESSIBLE_TEXT,
    ALIGNMENT,
    BACKGROUND,
    DECORATION,
    DISPLAY,
    EDIT,
    FONT,
    FOREGROUND,
    TOOLTIP,
)
from deckbuilder.ui.shortcuts import matches
from deckbuilder.ui.theme import verdict_colours
from deckbuilder.ui.translation import fill

# Flags and the alignment as plain values, read once, as the roles are (deckbuilder.ui.roles): a table asks seven
# roles and the flags of each cell it paints, and spelling them out in data() was about half of repainting a row.
_RIGHT_ALIGNED = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
# Every role data() answers for some cell; the others are None for every cell.
_ANSWERED = frozenset(
    {DISPLAY, EDIT, DECORATION, TOOLTIP, FONT, ALIGNMENT, BACKGROUND, FOREGROUND, ACCESSIBLE_TEXT}
)
_DROP_FLAGS = Qt.ItemFlag.ItemIsDropEnabled
_CELL_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_QTY_FLAGS = _CELL_FLAGS | Qt.ItemFlag.ItemIsEditable


@functools.cache
def _error_icon() -> QIcon:
    """The mark beside a name an error names (the style's warning sign)."""
    # Imported here: readying QStyle's dozen enums for Python cost every start ~5 ms, and only an error needs it.
    from PySide6.QtWidgets import QStyle

    return QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)


def _same_rows(shown: Sequence[DeckRow], new_rows: Sequence[DeckRow]) -> bool:
    """Whether these are the very rows on show (rows_by_section hands an unchanged entry's row back as it was)."""
    return len(shown) == len(new_rows) and all(map(operator.is_, shown, new_rows))


class DeckSectionModel(QAbstractTableModel):
    """Rows of one deck section; editing the quantity emits count_requested instead of changing the deck."""

    count_requested = Signal(str, object, int)  # name, set_name, new count
    cards_dropped = Signal(list)  # names

    def __init__(
        self, section: str, parent: QWidget | None = None, game: Game | None = None, printings: bool = False
    ) -> None:
        """`printings`: the deck's cards are printed in named sets, so a pile without its own columns shows each
        entry's printing."""
        super().__init__(parent)
        self.section = section
        self.game = game if game is not None else shipped_game()
        # Each card field's column (keyed by its game.json label) and the field it shows.
        self.fields: dict[str, str] = {}
        self._rows: list[DeckRow] = []
        self._tinted: frozenset[str] = frozenset()
        self._tint = QColor()
        self._owned: Mapping[tuple[str, str | None, bool], RowStatus] | None = None
        if section == UNRESOLVED:
            self.columns: tuple[str, ...] = ("Qty", "Name", "Zone", "Did you mean")
        else:
            keys, self.fields = pile_columns(self.game, section, printings)
            self.columns = ("Qty", "Name", *keys)
        kinds = {key: self.game.field_named(name) for key, name in self.fields.items()}
        # Numbers read right-aligned; a card's text fields are elided to give the names room (deck_rows.fit_columns).
        self.number_columns = frozenset(
            {"Qty", *(k for k, f in kinds.items() if f is not None and f.kind == "number")}
        )
        self.text_columns = frozenset(k for k, f in kinds.items() if f is not None and f.kind == "text")

    def set_rows(
        self, rows: Sequence[DeckRow], tinted: Iterable[str], tint: QColor, *, patchable: bool | None = None
    ) -> bool:
        """Show these rows, telling the view only what changed; names in `tinted` (normalised) get the error tint.

        `patchable`: what can_patch answered for these rows, when the caller asked already. Returns True when the
        model had to be reset (the rows were reordered), which loses the selection.
        """
        new_rows = list(rows)
        before = self._tinted, self._tint
        self._tinted, self._tint = frozenset(tinted), tint
        if not (self.can_patch(new_rows) if patchable is None else patchable):
            self.beginResetModel()
            self._rows = new_rows
            self.endResetModel()
            return True
        self._patch_rows(new_rows)
        self._retinted(*before)
        return False

    def replace_rows(self, rows: Iterable[tuple[int, DeckRow]], tinted: Iterable[str], tint: QColor) -> None:
        """Show these rows in place of those at their numbers (a count edit: the same cards, other entries), as
        set_rows would, and tint the rows of the names in `tinted`."""
        before = self._tinted, self._tint
        self._tinted, self._tint = frozenset(tinted), tint
        for number, row in rows:
            old = self._rows[number]
            self._rows[number] = row
            if old != row:
                self._row_changed(number, old, row)
        self._retinted(*before)

    def _retinted(self, old_tinted: frozenset[str], old_tint: QColor) -> None:
        """Repaint the rows whose tint came or went since these tinted names and tint."""
        recolour = self._tint != old_tint
        flipped = self._tinted ^ old_tinted  # the names whose tint came or went
        changed = (
            [number for number, row in enumerate(self._rows) if recolour or row.name_key in flipped]
            if recolour or flipped
            else []
        )
        if changed:  # one signal for the span: a signal per row re-measured the whole table per row
            # The error mark beside a name comes and goes with the tint: the Name column is measured again.
            self._cells_changed(
                changed[0],
                changed[-1],
                0,
                len(self.columns) - 1,
                [BACKGROUND, DECORATION],
            )

    def _cells_changed(self, first: int, last: int, left: int, right: int, roles: Sequence[int] = ()) -> None:
        """Tell the views that the cells of rows first..last, columns left..right, changed."""
        # One signal, so each handler (the table, its column fitters) runs once: a DeckSectionTable repaints a
        # one-row span cell by cell (DeckSectionTable.dataChanged), so the next row is not repainted with it.
        # createIndex: the cells exist, and index() would ask the Python rowCount and columnCount to be sure.
        self.dataChanged.emit(self.createIndex(first, left), self.createIndex(last, right), roles)

    def can_patch(self, new_rows: Sequence[DeckRow]) -> bool:
        """True when these rows can replace the shown ones in place: the rows kept in both keep their order."""
        if _same_rows(self._rows, new_rows):  # another pile's edit: the rows on show, as they were
            return len({row.identity for row in new_rows}) == len(new_rows)
        new_ids = [row.identity for row in new_rows]
        if len(set(new_ids)) != len(new_ids):
            return False
        wanted = set(new_ids)
        kept = [row.identity for row in self._rows if row.identity in wanted]
        old_ids = {row.identity for row in self._rows}
        return kept == [i for i in new_ids if i in old_ids]

    def _patch_rows(self, new_rows: list[DeckRow]) -> None:
        """Remove, insert and update rows in place (the rows kept in both are in the same order: can_patch)."""
        if _same_rows(self._rows, new_rows):
            return
        # Runs of neighbouring rows go in and out in one step each: a signal per row made a 100,000-row deck
        # re-fit its columns 100,000 times (quadratic), and so did list inserts in the middle.
        wanted = {row.identity for row in new_rows}
        end = len(self._rows)
        while end > 0:
            if self._rows[end - 1].identity in wanted:
                end -= 1
                continue
            start = end - 1
            while start > 0 and self._rows[start - 1].identity not in wanted:
                start -= 1
            self.beginRemoveRows(QModelIndex(), start, end - 1)
            del self._rows[start:end]
            self.endRemoveRows()
            end = start
        number = 0
        while number < len(new_rows):
            row = new_rows[number]
            if number < len(self._rows) and self._rows[number].identity == row.identity:
                old = self._rows[number]
                if old is not row:
                    # Kept even when equal: the row holding the deck's own entry is the one the next edit finds
                    # again (rows_by_section reuses by entry). An equal row of the deck opened before (the same
                    # cards) kept here made every later edit build and compare each of those rows anew.
                    self._rows[number] = row
                    if old != row:
                        self._row_changed(number, old, row)
                number += 1
                continue
            # The run of new rows ends at the next row already shown (kept rows are in the same order).
            kept = self._rows[number].identity if number < len(self._rows) else None
            stop = number + 1
            while stop < len(new_rows) and new_rows[stop].identity != kept:
                stop += 1
            self.beginInsertRows(QModelIndex(), number, stop - 1)
            self._rows[number:number] = new_rows[number:stop]
            self.endInsertRows()
            number = stop

    def _row_changed(self, number: int, old: DeckRow, new: DeckRow) -> None:
        """Tell the view which cells of a replaced row show something else (a count edit: the Qty cell only).

        The name fitter and the short columns measure again only what a signal names, so a count edit does not
        re-measure every name of the pile.
        """
        changed = [c for c, key in enumerate(self.columns) if self._cell(old, key) != self._cell(new, key)]
        if old.card is not new.card or old.suggestions != new.suggestions:
            changed = [0, len(self.columns) - 1]  # tooltips and colours follow the card: the whole row
        if changed:
            self._cells_changed(number, number, changed[0], changed[-1])

    def set_owned(self, owned: Mapping[tuple[str, str | None, bool], RowStatus] | None) -> None:
        """Owned/missing copies per row from the collection; None hides the Own column."""
        if owned is None and self._owned is None and OWN_COLUMN not in self.columns:
            return  # no collection before or now: every edit says so
        base = tuple(c for c in self.columns if c != OWN_COLUMN)
        # Beside the quantity, where "owned 1 (−1)" reads against the copies in the deck.
        columns = (
            (*base[:1], OWN_COLUMN, *base[1:]) if owned is not None and self.section != UNRESOLVED else base
        )
        if columns == self.columns:
            # Same columns: repaint the Own cells only (so the selection survives), and only when they changed:
            # every edit hands over the deck's figures again, most often the same.
            before, self._owned = self._owned, owned
            if OWN_COLUMN in columns and self._rows and before != owned:
                column = columns.index(OWN_COLUMN)
                self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))
            return
        self.beginResetModel()
        self._owned = owned
        self.columns = columns
        self.endResetModel()

    def owned_status(self, row: int) -> RowStatus | None:
        """Owned and missing copies of a row (None without a collection)."""
        deck_row = self.row_at(row)
        if deck_row is None or self._owned is None:
            return None
        return self._owned.get((deck_row.entry.key, deck_row.entry.set_name, deck_row.starting))

    def row_at(self, row: int) -> DeckRow | None:
        """The DeckRow at a row."""
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def rows(self) -> list[DeckRow]:
        """Every row."""
        return list(self._rows)

    def column_texts(self, column: int, start: int = 0, stop: int | None = None) -> list[str]:
        """What a column shows in rows start..stop, without an index per row (the name fitter measures these)."""
        key = self.columns[column]
        return [self._cell(row, key) for row in self._rows[start:stop]]

    def copies(self) -> int:
        """Copies in this section."""
        return sum(r.entry.count for r in self._rows)

    def is_tinted(self, row: int) -> bool:
        """True when the row's card is involved in an error."""
        deck_row = self.row_at(row)
        return deck_row is not None and deck_row.name_key in self._tinted

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return QCoreApplication.translate("DeckSectionModel", self.columns[section])
        return None

    def _cell(self, row: DeckRow, column: str) -> str:
        card = row.card
        entry = row.entry
        if column == "Qty":
            return str(entry.count)
        if column == "Name":
            return card.name if card is not None else entry.name
        if column == "Printing":
            if entry.set_name:
                return entry.set_name
            newest = card.printing(None) if isinstance(card, CardInfo) else None
            return newest.set_name if newest is not None else ""
        if column == OWN_COLUMN:
            status = self._owned.get((entry.key, entry.set_name, row.starting)) if self._owned else None
            if status is None:
                return ""
            return f"{status.owned}" if not status.missing else f"{status.owned} (−{status.missing})"
        if column == "Zone":
            zone = entry.zone_hint
            return QCoreApplication.translate("DeckView", zone.label) if zone is not None else ""
        if column == "Did you mean":
            if card is not None:
                if card.type:
                    return fill(self.tr("type “%1” fits no section"), card.type)
                return self.tr("no Type: cannot be placed")
            return ", ".join(row.suggestions) if row.suggestions else self.tr("(unknown card)")
        if card is None:
            return ""
        if column == "Type":
            return card.type
        field = self.fields.get(column)
        return field_text(card, field) if field is not None else ""

    def data(self, index: ModelIndex, role: int = DISPLAY) -> Any:
        if role not in _ANSWERED or not index.isValid():
            return None  # a role no cell has (a painted cell is asked its check state): the index is not read
        row = self._rows[index.row()]
        column = self.columns[index.column()]
        # Roles compared as plain ints (a view asks seven roles of every cell it paints; see deckbuilder.ui.roles).
        if role in (DISPLAY, EDIT):
            if role == EDIT and column == "Qty":
                return row.entry.count
            return self._cell(row, column)
        if role == BACKGROUND:
            return self._tint if row.name_key in self._tinted else None
        if role in (DECORATION, ACCESSIBLE_TEXT):
            # The tint is never the only sign of a card an error names: a mark beside the name, and words for a
            # screen reader.
            if column != "Name" or row.name_key not in self._tinted:
                return None
            if role == DECORATION:
                return _error_icon()
            return fill(self.tr("%1 (named by an error)"), self._cell(row, column))
        if role == FONT:
            if column == "Printing" and row.entry.set_name is None:
                font = QFont()
                font.setItalic(True)  # no printing chosen: the newest is used
                return font
            return None
        if role == FOREGROUND:
            if column == OWN_COLUMN and "−" in self._cell(row, column):
                return verdict_colours(QGuiApplication.palette()).illegal  # readable in a light or dark theme
            return None
        if role == TOOLTIP:
            if column == OWN_COLUMN:
                return self.tr(
                    "Copies in your collection; the number in brackets is missing (printed as proxies)"
                )
            if column == "Printing" and row.entry.set_name is None:
                return self.tr("No printing chosen: the newest printing is used (right-click to choose)")
            if row.card is None:
                hint = ", ".join(row.suggestions)
                if hint:
                    return fill(self.tr("Unknown card “%1” — did you mean %2?"), row.entry.name, hint)
                return fill(self.tr("Unknown card “%1”"), row.entry.name)
            return self._cell(row, column)
        if role == ALIGNMENT and column in self.number_columns:
            return _RIGHT_ALIGNED
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return _DROP_FLAGS
        return _QTY_FLAGS if self.columns[index.column()] == "Qty" else _CELL_FLAGS

    def setData(self, index: ModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole or self.columns[index.column()] != "Qty":
            return False
        try:
            count = int(value)
        except (TypeError, ValueError):
            return False
        row = self._rows[index.row()]
        if count != row.entry.count and count >= 0:
            # A request: the window decides (undo stack) and refreshes the model afterwards.
            self.count_requested.emit(row.entry.name, row.entry.set_name, count)
        return False


@functools.cache
def _dimmed(highlight: int, base: int) -> QColor:
    """A selection colour a third of the way from the base to the highlight: seen, but not taken for the current one."""
    high, low = QColor.fromRgba(highlight), QColor.fromRgba(base)
    mix = 0.33
    return QColor(
        round(low.red() * (1 - mix) + high.red() * mix),
        round(low.green() * (1 - mix) + high.green() * mix),
        round(low.blue() * (1 - mix) + high.blue() * mix),
    )


class DeckSectionTable(QTableView):
    """One section's table: accepts card drops from the browser; +/−/Delete keys edit the selection."""

    cards_dropped = Signal(list)
    plus_pressed = Signal()
    minus_pressed = Signal()
    focused = Signal()  # the player moved into this pile (a click, a key): it becomes the current pile
    name_fitter: NameFitter | None = None  # set by the deck view: keeps every card name whole
    # The pile edits act on (DeckView.current_pile): another pile's selection is drawn dimmed, its text plain.
    current = True

    def set_current(self, current: bool) -> None:
        """Draw this pile's selection as the current one (the highlight) or as another pile's (dimmed)."""
        if current != self.current:
            self.current = current
            self.viewport().update()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.focused.emit()

    def initViewItemOption(self, option: QStyleOptionViewItem) -> None:
        super().initViewItemOption(option)
        if self.current:
            return
        palette = option.palette
        role, group = QPalette.ColorRole, QPalette.ColorGroup
        dim = _dimmed(palette.color(role.Highlight).rgba(), palette.color(role.Base).rgba())
        for each in (group.Active, group.Inactive):
            palette.setColor(each, role.Highlight, dim)
            palette.setColor(each, role.HighlightedText, palette.color(each, role.Text))
        option.palette = palette

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A number cell's width by (column key, text) in this table's font and style (deck_rows.widen_short_columns).
        self.number_widths: dict[tuple[str, str], int] = {}
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.setWordWrap(False)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.verticalHeader().setVisible(False)
        # Compact rows, a pixel and a half above and below the text: at 1280×720 the piles show 27 of them at once.
        # The header's own minimum (the style's, a little taller) would keep them a pixel taller.
        rows = self.verticalHeader()
        rows.setMinimumSectionSize(min(rows.minimumSectionSize(), self.fontMetrics().height() + 3))
        rows.setDefaultSectionSize(self.fontMetrics().height() + 3)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def dataChanged(
        self,
        top_left: ModelIndex,
        bottom_right: ModelIndex,
        roles: Sequence[int] = (),
    ) -> None:
        """Repaint changed cells; the cells of a one-row span one by one."""
        # Qt repaints a span's area and the grid line below it, which reaches a pixel into the next row, and the
        # table then repainted that row too (every cell's text laid out again) on each count edit or error mark.
        row, left, right = top_left.row(), top_left.column(), bottom_right.column()
        if row != bottom_right.row() or left == right:
            super().dataChanged(top_left, bottom_right, list(roles))
            return
        model = top_left.model()
        if (
            roles
            and DISPLAY not in roles
            and EDIT not in roles
            and left == 0
            and right == model.columnCount() - 1
            and not QAccessible.isActive()
        ):
            # A whole row's colours or mark: no editor shows them and no screen reader is told, so the row is
            # repainted as one area, above its grid line (an error mark comes or goes with every such edit).
            grid = 1 if self.showGrid() else 0
            self.viewport().update(
                0, self.rowViewportPosition(row), self.viewport().width(), self.rowHeight(row) - grid
            )
            return
        for column in range(left, right + 1):
            cell = model.index(row, column)
            super().dataChanged(cell, cell, list(roles))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.number_widths.clear()  # another text size or theme: numbers are wider or narrower
            # ... and the short columns (counts, printings, figures) fit their texts in it, once the change is through.
            QTimer.singleShot(0, self, lambda: fit_short_columns(self))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(CARD_MIME_TYPE):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(CARD_MIME_TYPE):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        names = decode_card_names(event.mimeData())
        if names:
            event.acceptProposedAction()
            self.cards_dropped.emit(names)
        else:
            super().dropEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # The keys are read from ui/shortcuts.py, the list Help → Keyboard shortcuts shows.
        if matches(event, "fewer"):
            self.minus_pressed.emit()
            return
        if matches(event, "more"):
            self.plus_pressed.emit()
            return
        super().keyPressEvent(event)

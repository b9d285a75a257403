"""A table's columns: show or hide them from the header's context menu (remembered by column id, not by the
translated title), and keep every card name whole (the Name column takes the spare width; long-text columns
give way first, and past that the table scrolls sideways rather than cut a name)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence

import shiboken6
from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, QSettings, Qt
from PySide6.QtWidgets import QHeaderView, QMenu, QTableView

# The column choices were once stored by title under "columns/<table>", so a Portuguese window read English
# defaults as nothing hidden; they now live by id under this group, and the old key is read once and dropped.
ID_GROUP = "column-ids"
# A long-text column (Type, Requires) is never narrowed below this while it gives way to the names.
ELIDED_MIN_WIDTH = 48
# Past this many rows only the names longest in characters are laid out to find the widest one.
MEASURED_NAMES = 200
# Text widths remembered per table before the memory starts afresh.
ADVANCES_KEPT = 20_000


def _names(value: object) -> list[str]:
    # QSettings hands back a str for a one-item list and None for a missing key.
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, Iterable):
        return [str(v) for v in value]
    return []


def column_ids(table: QTableView) -> list[str]:
    """The table's column ids, in order: the model's `columns` (untranslated keys), else the column numbers."""
    model = table.model()
    ids: Sequence[str] = getattr(model, "columns", ())
    return [ids[c] if c < len(ids) else str(c) for c in range(model.columnCount())]


class ColumnChooser(QObject):
    """Right-click a table's header to tick the columns to show; `settings_key` keeps the hidden ones by id."""

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
        self.old_key = settings_key
        self.key = f"{ID_GROUP}/{settings_key.replace('/', '-')}"
        self.always_shown = frozenset(always_shown)
        self.hidden_by_default = sorted(hidden_by_default)
        header = table.horizontalHeader()
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._menu_at)
        model = table.model()
        # A model that changes its columns (the Own column of a collection) keeps the player's choice.
        model.modelReset.connect(self.apply)
        model.columnsInserted.connect(lambda *_args: self.apply())
        self._migrate()
        self.apply()

    def column_ids(self) -> list[str]:
        """The column ids, in order."""
        return column_ids(self.table)

    def column_titles(self) -> list[str]:
        """The column titles as shown (translated), in order."""
        model = self.table.model()
        return [
            str(model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole))
            for c in range(model.columnCount())
        ]

    def _migrate(self) -> None:
        """Read a choice stored by title under the old key as ids (an id, a shown title or an English one)."""
        old = self.settings.value(self.old_key)
        if old is None:
            return
        if self.settings.value(self.key) is None:
            ids = self.column_ids()
            english: Sequence[str] = getattr(self.table.model(), "column_titles", ids)
            by_title = {
                **dict(zip(english, ids, strict=False)),
                **dict(zip(self.column_titles(), ids, strict=True)),
            }
            hidden = {i for i in (by_title.get(n, n) for n in _names(old)) if i in ids}
            self.settings.setValue(self.key, sorted(hidden) or "")
        self.settings.remove(self.old_key)

    def hidden(self) -> set[str]:
        """Ids of the columns the player hid."""
        value = self.settings.value(self.key)
        names = self.hidden_by_default if value is None else _names(value)
        return set(names) - self.always_shown

    def apply(self) -> None:
        """Hide the columns the player hid (by id), show the others."""
        hidden = self.hidden()
        header = self.table.horizontalHeader()
        for column, name in enumerate(self.column_ids()):
            if header.isSectionHidden(column) != (name in hidden):
                header.setSectionHidden(column, name in hidden)

    def set_shown(self, column_id: str, shown: bool) -> None:
        """Show or hide a column by id and remember it."""
        if column_id in self.always_shown:
            return
        hidden = self.hidden()
        if shown:
            hidden.discard(column_id)
        else:
            hidden.add(column_id)
        # An empty list is stored as "" (not as no value), so "nothing hidden" survives a restart.
        self.settings.setValue(self.key, sorted(hidden) or "")
        self.apply()

    def build_menu(self) -> QMenu:
        """A checkable entry per column, titled as shown (the ones always shown are greyed)."""
        menu = QMenu(self.table)
        hidden = self.hidden()
        for column_id, title in zip(self.column_ids(), self.column_titles(), strict=True):
            action = menu.addAction(title)
            action.setCheckable(True)
            action.setChecked(column_id not in hidden)
            action.setEnabled(column_id not in self.always_shown)
            action.toggled.connect(lambda on, n=column_id: self.set_shown(n, on))
        return menu

    def _menu_at(self, pos: QPoint) -> None:
        menu = self.build_menu()
        menu.exec(self.table.horizontalHeader().mapToGlobal(pos))
        menu.deleteLater()


class NameFitter(QObject):
    """Keeps a table's Name column as wide as its widest name, and as wide as the spare width when there is more.

    Long-text columns (`elided`, with their preferred widths) give way first, down to ELIDED_MIN_WIDTH; past that
    the table scrolls sideways. The widest name is measured when rows change, not on every resize.
    """

    def __init__(
        self, table: QTableView, name_id: str = "Name", elided: Callable[[], dict[str, int]] = dict
    ) -> None:
        super().__init__(table)
        self.table = table
        self.name_id = name_id
        self.elided = elided
        self._needed: int | None = None
        # Text widths by name in the table's font: a search page or an edit measures only names not seen before.
        self._advances: dict[str, int] = {}
        self._font_key = ""
        header = table.horizontalHeader()
        header.setStretchLastSection(False)
        model = table.model()
        for signal in (model.modelReset, model.rowsRemoved):
            signal.connect(self.remeasure)
        model.rowsInserted.connect(self._rows_inserted)
        model.dataChanged.connect(self._data_changed)
        model.headerDataChanged.connect(self.remeasure)
        header.sectionCountChanged.connect(self.remeasure)
        table.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        elif event.type() == QEvent.Type.FontChange:
            self.remeasure()  # View → Text size: the names are wider
        return False

    def name_column(self) -> int:
        """The Name column's number (-1 when the model has none)."""
        ids = column_ids(self.table)
        return ids.index(self.name_id) if self.name_id in ids else -1

    def needed_width(self) -> int:
        """Pixels the widest name (and the Name title) needs."""
        if self._needed is None:
            column = self.name_column()
            if column < 0:
                return 0
            widest = self._widest(column, range(self.table.model().rowCount()))
            self._needed = max(widest, self.table.horizontalHeader().sectionSizeHint(column) + 4)
        return self._needed

    def _widest(self, column: int, rows: range) -> int:
        """Pixels the widest of these rows' names needs (text margins included)."""
        model = self.table.model()
        texts_of = getattr(model, "column_texts", None)  # our models give the texts without an index per row
        if callable(texts_of):
            texts: list[str] = list(texts_of(column, rows.start, rows.stop))
        else:
            texts = [str(model.index(r, column).data() or "") for r in rows]
        if not texts:
            return 0
        candidates: Sequence[int] = range(len(texts))
        if len(texts) > MEASURED_NAMES:
            # Laying out every name of a 100,000-row table took seconds per change: measure the longest ones.
            candidates = heapq.nlargest(MEASURED_NAMES, candidates, key=lambda r: len(texts[r]))
        advance = self._advance_of()
        top = heapq.nlargest(3, candidates, key=lambda r: advance(texts[r]))
        # The view's own measure of the widest few settles near-ties (delegate margins, a font from the model).
        widest = (self.table.sizeHintForIndex(model.index(rows.start + r, column)).width() for r in top)
        return max(widest, default=0) + 4

    def _advance_of(self) -> Callable[[str], int]:
        """A name's text width in the table's font, remembered while the font stays."""
        metrics = self.table.fontMetrics()
        font_key = self.table.font().key()
        if font_key != self._font_key or len(self._advances) > ADVANCES_KEPT:
            self._advances, self._font_key = {}, font_key
        advances = self._advances

        def advance(text: str) -> int:
            width = advances.get(text)
            if width is None:
                width = advances[text] = metrics.horizontalAdvance(text)
            return width

        return advance

    def _rows_inserted(self, _parent: object, first: int, last: int) -> None:
        """New rows can only widen the Name column: measure just them when the others are measured."""
        column = self.name_column()
        if self._needed is not None and column >= 0 and last - first < MEASURED_NAMES:
            self._needed = max(self._needed, self._widest(column, range(first, last + 1)))
            self.fit()
            return
        self.remeasure()

    def _data_changed(
        self, top_left: QModelIndex, bottom_right: QModelIndex, roles: Sequence[int] = ()
    ) -> None:
        """Measure again only when a shown name may have changed (not a count, an owned figure or a tint)."""
        column = self.name_column()
        if not top_left.column() <= column <= bottom_right.column():
            return
        if roles and Qt.ItemDataRole.DisplayRole not in roles and Qt.ItemDataRole.DecorationRole not in roles:
            return  # an error mark (DecorationRole) beside a name widens it as much as a longer name
        self.remeasure()

    def remeasure(self, *_args: object) -> None:
        """Measure the names again and fit."""
        if not shiboken6.isValid(self.table):
            return  # a QTableWidget's own model clears its rows while the table is being destroyed
        self._needed = None
        self.fit()

    def fit(self) -> None:
        """Give the Name column its width; long-text columns give way before any name is cut."""
        column = self.name_column()
        if column < 0:
            return
        header = self.table.horizontalHeader()
        if header.sectionResizeMode(column) != QHeaderView.ResizeMode.Interactive:
            # Setting it again, even unchanged, re-lays out the whole header: a cost on every search page.
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        ids = column_ids(self.table)
        preferred = self.elided()
        shown = [c for c in range(len(ids)) if c != column and not header.isSectionHidden(c)]
        giving = [c for c in shown if ids[c] in preferred]
        fixed = sum(header.sectionSize(c) for c in shown if c not in giving)
        spare = self.table.viewport().width() - fixed
        needed = self.needed_width()
        wanted = {c: preferred[ids[c]] for c in giving}
        room = spare - needed
        deficit = sum(wanted.values()) - max(room, 0)
        # The rightmost long-text column gives way first (Requires before Type), none below the minimum.
        for c in sorted(giving, key=header.visualIndex, reverse=True):
            if deficit <= 0:
                break
            cut = min(deficit, max(0, wanted[c] - ELIDED_MIN_WIDTH))
            wanted[c] -= cut
            deficit -= cut
        for c, width in wanted.items():
            if header.sectionSize(c) != width:
                header.resizeSection(c, width)
        name_width = max(needed, spare - sum(wanted.values()))
        if header.sectionSize(column) != name_width:
            header.resizeSection(column, name_width)

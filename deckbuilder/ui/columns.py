"""A table's columns: show or hide them from the header's context menu (remembered by column id, not by the
translated title), and keep every card name and text whole (the Name column takes the spare width; long-text
columns are as wide as their longest text, or as the player made them; past that the table scrolls sideways rather
than cut a name or a text)."""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable, Sequence

import shiboken6
from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QObject, QPoint, QSettings, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication
from PySide6.QtWidgets import QHeaderView, QMenu, QTableView

from deckbuilder.ui.roles import DECORATION, DISPLAY, FONT

# The column choices were once stored by title under "columns/<table>", so a Portuguese window read English
# defaults as nothing hidden; they now live by id under this group, and the old key is read once and dropped.
ID_GROUP = "column-ids"
# What a cell draws around its text (the style's focus margins, 6 px in Fusion), with room to spare: read off the
# style, it would ready QStyle's enums for Python (~10 ms of every start).
CELL_MARGIN = 12
# A long-text column (Type, Requires) the player narrows keeps at least this width.
ELIDED_MIN_WIDTH = 48
# Past this many rows only the names longest in characters are laid out to find the widest one.
MEASURED_NAMES = 200
# Names this many pixels narrower than the widest (by text width) are measured by the view too: a cell's margins,
# icon or font can put one of them ahead.
NEAR_TIE = 24
# The same for cells that show their text alone: the view's width is the text's and a margin, give or take a pixel.
NEAR_PLAIN = 2
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
        self._applied: list[str] = []  # the column ids the player's choice was last applied to
        # A model that changes its columns (the Own column of a collection) keeps the player's choice; a reset with
        # the same columns (every search page) keeps the header's hidden sections as they are.
        model.modelReset.connect(self._columns_may_change)
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
        self._applied = self.column_ids()
        for column, name in enumerate(self._applied):
            if header.isSectionHidden(column) != (name in hidden):
                header.setSectionHidden(column, name in hidden)

    def _columns_may_change(self) -> None:
        if self.column_ids() != self._applied:
            self.apply()

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


class ContentWidths(QObject):
    """The width each of a table's long-text columns needs to show its longest text (and its title) whole, measured
    when rows come or go (not on a count edit); at most `cap`. Called, it answers them by column id."""

    def __init__(self, table: QTableView, ids: Callable[[], Iterable[str]], cap: int = 260) -> None:
        super().__init__(table)
        self.table = table
        self.ids = ids
        self.cap = cap
        self._widths: dict[str, int] | None = None
        self._font = ""
        model = table.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.headerDataChanged):
            signal.connect(self.forget)

    def forget(self, *_args: object) -> None:
        """Measure again when next asked."""
        self._widths = None

    def __call__(self) -> dict[str, int]:
        font = self.table.font().key()
        if self._widths is None or font != self._font:
            self._font, self._widths = font, self._measure()
        return self._widths

    def _measure(self) -> dict[str, int]:
        model = self.table.model()
        header = self.table.horizontalHeader()
        metrics = self.table.fontMetrics()
        margin = CELL_MARGIN
        ids = column_ids(self.table)
        texts_of = getattr(model, "column_texts", None)
        widths: dict[str, int] = {}
        for key in self.ids():
            if key not in ids:
                continue
            column = ids.index(key)
            if callable(texts_of):
                texts = set(texts_of(column))
            else:
                texts = {str(model.index(r, column).data() or "") for r in range(model.rowCount())}
            widest = max(map(metrics.horizontalAdvance, texts), default=0) + margin
            widths[key] = min(self.cap, max(widest, header.sectionSizeHint(column)))
        return widths


class NameFitter(QObject):
    """Keeps a table's Name column as wide as its widest name, and as wide as the spare width when there is more.

    Long-text columns (`elided`: their widths, ContentWidths' whole texts) keep them, or the narrower width the
    player dragged them to; past the spare width the table scrolls sideways. The widest name is measured when rows change, not on every resize, and each width
    is remembered (per text, until the font or style changes), so a new page of rows costs dictionary look-ups.
    """

    def __init__(
        self,
        table: QTableView,
        name_id: str = "Name",
        elided: Callable[[], dict[str, int]] = dict,
        plain_names: bool = False,
    ) -> None:
        """`plain_names`: the model gives its Name cells no icon or font of their own (a cell's width follows from
        its text alone, so no cell's roles are read to measure it)."""
        super().__init__(table)
        self.table = table
        self.name_id = name_id
        self.elided = elided
        self.plain_names = plain_names
        self._needed: int | None = None
        # Text widths by name in the table's font: a search page or an edit measures only names not seen before.
        self._advances: dict[str, int] = {}
        # The view's own width of a Name cell (margins, icon, the cell's font) by its text, icon and font.
        self._cells: dict[tuple[str, bool, str], int] = {}
        self._title: int | None = None  # the Name title's width
        self._mark_width: int | None = None  # what an error mark adds to a name's width (_mark)
        # Each ASCII letter's width in the table's font, in `_unit`s (a bound on a text's width before it is laid out).
        self._letters = b""
        self._unit = self._slack = 0.0
        self._bounds: dict[str, float] = {}  # by text, for texts not laid out
        # The last texts measured and their widest cell, when a cell's width follows from its text alone.
        self._last: tuple[list[str], int] | None = None
        # What the last fit worked from (the Name column, its names' width, the viewport's): a page of names as wide
        # as the last one leaves every column as it is.
        self._fitted: tuple[int, int, int, tuple[tuple[str, int], ...]] | None = None
        self._chosen: dict[str, int] = {}  # long-text columns' widths the player set by dragging
        self._resizing = False  # the fitter's own resizes under way (not the player's)
        header = table.horizontalHeader()
        header.setStretchLastSection(False)
        model = table.model()
        for signal in (model.modelReset, model.rowsRemoved):
            signal.connect(self.remeasure)
        model.rowsInserted.connect(self._rows_inserted)
        model.dataChanged.connect(self._data_changed)
        model.headerDataChanged.connect(self.forget)
        header.sectionCountChanged.connect(self.forget)
        header.sortIndicatorChanged.connect(self._title_changed)
        # A column resized, shown, hidden or moved (by the player or the column chooser): fit again.
        header.sectionResized.connect(self._resized)
        header.sectionMoved.connect(self._unfit)
        table.viewport().installEventFilter(self)
        self._header = header
        header.installEventFilter(self)  # its font reaches it after the cells': the title is measured again

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Resize and watched is not self._header:
            self.fit()
        elif kind in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.forget()  # View → Text size or another theme: the names are wider or narrower
        return False

    def name_column(self) -> int:
        """The Name column's number (-1 when the model has none)."""
        ids = column_ids(self.table)
        return ids.index(self.name_id) if self.name_id in ids else -1

    def needed_width(self, column: int | None = None) -> int:
        """Pixels the widest name (and the Name title) needs."""
        if self._needed is None:
            column = self.name_column() if column is None else column
            if column < 0:
                return 0
            widest = self._widest(column, range(self.table.model().rowCount()))
            if self._title is None:
                self._title = self.table.horizontalHeader().sectionSizeHint(column) + 4
            self._needed = max(widest, self._title)
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
        if self.plain_names and self._last is not None and self._last[0] == texts:
            return self._last[1]  # the same names again (the same search run again): the same width
        widest = self._widest_of(model, column, rows.start, texts)
        if self.plain_names:
            self._last = (texts, widest)
        return widest

    def _widest_of(self, model: QAbstractItemModel, column: int, start: int, texts: list[str]) -> int:
        """Pixels the widest of these texts (rows start… of the column) needs, text margins included."""
        if len(texts) > MEASURED_NAMES:
            # Laying out every name of a 100,000-row table took seconds per change: measure the longest ones.
            lengths = list(map(len, texts))
            picked = heapq.nlargest(MEASURED_NAMES, range(len(texts)), key=lengths.__getitem__)
        else:
            picked = list(range(len(texts)))
        # The view's own measure of the widest few settles near-ties (delegate margins, a font from the model).
        near = NEAR_PLAIN if self.plain_names else NEAR_TIE
        widths = self._advances_of([texts[r] for r in picked], near)
        measured = [r for r, width in enumerate(widths) if width is not None]
        top = sorted(measured, key=widths.__getitem__, reverse=True)[:3]  # type: ignore[arg-type] # all measured
        widest = widths[top[0]] or 0
        return 4 + max(
            self._cell_width(model.index(start + picked[r], column), texts[picked[r]])
            for r in top
            if (widths[r] or 0) >= widest - near
        )

    def _advances_of(self, texts: list[str], near: int) -> list[int | None]:
        """These texts' widths in the table's font, None for a text that cannot come within `near` of the widest.

        Texts seen before cost a look-up; the others are measured widest-looking first (by their letters' widths),
        until the rest cannot come near: a page of new names lays out a few of them, not all.
        """
        if len(self._advances) + len(self._bounds) > ADVANCES_KEPT:
            self._advances, self._cells, self._bounds = {}, {}, {}
        known = self._advances
        widths = list(map(known.get, texts))  # one look-up per row, no Python frame per row
        if None not in widths:
            return widths
        unseen = [number for number, width in enumerate(widths) if width is None]
        bounds = self._bounds
        at_most = [bounds.get(texts[number]) or self._at_most(texts[number]) for number in unseen]
        best = max((width for width in widths if width is not None), default=0)
        metrics = self.table.fontMetrics()
        for bound, number in sorted(zip(at_most, unseen, strict=True), reverse=True):
            if bound < best - near:
                break  # this text and every one after it are narrower than the widest by more than `near`
            width = widths[number] = known[texts[number]] = metrics.horizontalAdvance(texts[number])
            best = max(best, width)
        return widths

    def _at_most(self, text: str) -> float:
        """A width this text cannot exceed: its letters' widths added up (any text but plain ASCII is measured)."""
        if not text.isascii():
            return math.inf
        if not self._letters:
            metrics = QFontMetricsF(self.table.font())
            widths = [metrics.horizontalAdvance(chr(code)) for code in range(128)]
            # Each letter's width in units of 1/255 of the widest, rounded up: a text's bound is then one C-level
            # sum over its bytes, not a look-up per letter.
            self._unit = max(widths) / 255 or 1.0
            self._letters = bytes(min(255, math.ceil(w / self._unit)) for w in widths) + bytes(128)
            # Kerning and rounding can add a pixel or two to the letters' sum (2 px at 20 pt): a quarter line covers it.
            self._slack = metrics.height() / 4 + 1
        bound = self._bounds[text] = sum(text.encode().translate(self._letters)) * self._unit + self._slack
        return bound

    def _cell_width(self, index: QModelIndex, text: str) -> int:
        """The view's width of a Name cell, remembered by its text, whether it has an icon, and its font."""
        key: tuple[str, bool, str] = (text, False, "")
        if not self.plain_names:
            font = index.data(FONT)
            icon = index.data(DECORATION) is not None
            key = (text, icon, font.key() if isinstance(font, QFont) else "")
        width = self._cells.get(key)
        if width is None:
            width = self._cells[key] = self.table.sizeHintForIndex(index).width()
        return width

    def _marked(self, column: int, first: int, last: int) -> int:
        """Pixels the widest of these rows' names needs with the mark beside it (rows without one: 0)."""
        model = self.table.model()
        known, metrics = self._advances, self.table.fontMetrics()
        widest = 0
        for row in range(first, last + 1):
            index = model.index(row, column)
            if index.data(DECORATION) is not None:
                text = str(index.data(DISPLAY) or "")
                width = known.get(text)
                widest = max(
                    widest, (width if width is not None else metrics.horizontalAdvance(text)) + self._mark()
                )
        return widest + 4 if widest else 0

    def _mark(self) -> int:
        """Pixels the mark beside a name adds (the icon, its gap and the focus margins), read from the style once."""
        if self._mark_width is None:
            # Imported here: readying QStyle's enums for Python costs every start ~10 ms, and only marks need it.
            from PySide6.QtWidgets import QStyle

            style = self.table.style()
            icon = self.table.iconSize().width()
            if icon <= 0:
                icon = style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, self.table)
            margins = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table) + 1)
            self._mark_width = icon + 4 + margins
        return self._mark_width

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
        if roles and DISPLAY not in roles and (DECORATION not in roles or self._needed is None):
            return  # a colour or a font: no name is wider or narrower
        column = self.name_column()
        if not top_left.column() <= column <= bottom_right.column():
            return
        if roles and DISPLAY not in roles:
            if bottom_right.row() - top_left.row() >= MEASURED_NAMES:
                # A mark came beside many names at once (a huge deck): measure the longest names again, marks
                # included, instead of asking every one of 100,000 rows for its mark.
                self.remeasure()
            else:
                # An error mark came beside some names (an edit made the deck illegal): they are wider by the mark,
                # worked out from their remembered text widths rather than measuring the pile's names again. A
                # marked name no wider than the widest (or a mark that went) leaves every column as it is.
                marked = self._marked(column, top_left.row(), bottom_right.row())
                if marked > (self._needed or 0):
                    self._needed = marked
                    self.fit()
            return
        self.remeasure()

    def remeasure(self, *_args: object) -> None:
        """Measure the names again and fit."""
        if not shiboken6.isValid(self.table):
            return  # a QTableWidget's own model clears its rows while the table is being destroyed
        self._needed = None
        self.fit()

    def _unfit(self, *_args: object) -> None:
        self._fitted = None

    def _resized(self, column: int, _old: int, new: int) -> None:
        """A long-text column the player resized keeps that width at most (the fitter's own resizes aside)."""
        self._fitted = None
        # The player drags a divider with the button held; other resizes (hiding a column, a first fit) are not theirs.
        if self._resizing or not new or not QGuiApplication.mouseButtons() & Qt.MouseButton.LeftButton:
            return
        ids = column_ids(self.table)
        if column < len(ids) and ids[column] in self.elided():
            self._chosen[ids[column]] = max(new, ELIDED_MIN_WIDTH)

    def _title_changed(self, *_args: object) -> None:
        """The sort arrow moved: the Name title's width may have changed (its header makes room for the arrow)."""
        self._title = None
        self.remeasure()

    def forget(self, *_args: object) -> None:
        """Drop every remembered width (the font, the style or the titles changed), measure again and fit."""
        self._advances, self._cells, self._bounds, self._title, self._letters = {}, {}, {}, None, b""
        self._mark_width = None
        self._last = None
        self._fitted = None
        self.remeasure()

    def fit(self) -> None:
        """Give the Name column its width and the long-text columns theirs; the table scrolls sideways when they are wider."""
        ids = column_ids(self.table)
        column = ids.index(self.name_id) if self.name_id in ids else -1
        if column < 0:
            return
        needed, viewport = self.needed_width(column), self.table.viewport().width()
        # A width the player gave a long-text column caps what it is given (they can still shrink it).
        preferred = {key: min(width, self._chosen.get(key, width)) for key, width in self.elided().items()}
        fitted = (column, needed, viewport, tuple(preferred.items()))
        if self._fitted == fitted:
            return  # nothing it gave way to has changed: every width is still right
        header = self.table.horizontalHeader()
        if header.sectionResizeMode(column) != QHeaderView.ResizeMode.Interactive:
            # Setting it again, even unchanged, re-lays out the whole header: a cost on every search page.
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        shown = [c for c in range(len(ids)) if c != column and not header.isSectionHidden(c)]
        giving = [c for c in shown if ids[c] in preferred]
        fixed = sum(header.sectionSize(c) for c in shown if c not in giving)
        spare = viewport - fixed
        wanted = {c: preferred[ids[c]] for c in giving}
        self._resizing = True
        try:
            for c, width in wanted.items():
                if header.sectionSize(c) != width:
                    header.resizeSection(c, width)
            name_width = max(needed, spare - sum(wanted.values()))
            if header.sectionSize(column) != name_width:
                header.resizeSection(column, name_width)
        finally:
            self._resizing = False
        self._fitted = fitted

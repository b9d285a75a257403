"""Layout checks shared by the window tests: cut cell texts and clipped tab titles, measured with Qt's own metrics."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QDeadlineTimer, QEventLoop, QRect, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QListView,
    QScrollArea,
    QStyle,
    QTabBar,
    QTableView,
    QTableWidget,
    QTabWidget,
    QToolButton,
    QWidget,
)

from deckbuilder.ui.check_space import TabRows
from deckbuilder.ui.fixhints_panel import FixHintsPanel
from deckbuilder.ui.odds_view import OddsView
from deckbuilder.ui.stats import BarChart

# The seed every audited window's Draw odds tab deals and simulates with (a new window draws a random one): the
# audits of one deck at each size and language see the same hand, and its seeded odds are worked out once.
AUDIT_SEED = 0x5EED


def deal_alike() -> None:
    """Every window made from now on in this process deals with AUDIT_SEED."""
    from deckbuilder import odds

    odds.new_seed = lambda: AUDIT_SEED


def _text_margin(view: QAbstractItemView) -> int:
    # QCommonStyle draws an item's text inside PM_FocusFrameHMargin + 1 on each side.
    return 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)


def cut_cells(table: QTableView, column: int) -> list[str]:
    """Texts of `column` wider than the column shows (each row, scrolled into view or not); in a table that wraps
    its words, texts whose wrapped lines are taller than their row or that hold a word wider than the column."""
    model = table.model()
    width = table.columnWidth(column) - _text_margin(table)
    icon_width = table.iconSize().width() + 4
    cut = []
    for row in range(model.rowCount()):
        index = model.index(row, column)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        if not text:
            continue
        font = index.data(Qt.ItemDataRole.FontRole)
        metrics = QFontMetrics(font) if isinstance(font, QFont) else table.fontMetrics()
        advance = metrics.horizontalAdvance(text)
        if advance <= width - icon_width:
            continue  # whole even beside an icon: whether the cell has one does not matter
        room = width - (0 if index.data(Qt.ItemDataRole.DecorationRole) is None else icon_width)
        if advance <= room:
            continue
        if table.wordWrap() and all(metrics.horizontalAdvance(word) <= room for word in text.split()):
            flags = int(Qt.TextFlag.TextWordWrap)
            if metrics.boundingRect(QRect(0, 0, room, 10_000), flags, text).height() <= table.rowHeight(row):
                continue  # wrapped onto lines its row holds
        cut.append(text)
    return cut


def columns_out_of_sight(table: QTableView) -> list[str]:
    """Headings of columns a table shows past its right edge while it cannot scroll sideways (their figures
    cannot be seen at all)."""
    if table.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
        return []
    header = table.horizontalHeader()
    model = table.model()
    return [
        str(model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) or c)
        for c in range(model.columnCount())
        if not table.isColumnHidden(c)
        and header.sectionViewportPosition(c) + header.sectionSize(c) > table.viewport().width()
    ]


def scrolls_sideways(area: QScrollArea) -> bool:
    """True when a page (not a table or list) is wider than its scroll area: part of each row is out of sight."""
    return area.horizontalScrollBar().maximum() > 0


def clipped_tab_titles(tabs: QTabWidget) -> list[str]:
    """Tab titles their tab does not show whole: elided, squeezed, or scrolled out of the bar (behind its arrows);
    with the bar given way to wrapping rows (check_space.TabRows), titles cut or outside the rows; with neither
    shown, every title."""
    bar = tabs.tabBar()
    if not bar.isVisible():
        return _clipped_row_titles(tabs)
    metrics = bar.fontMetrics()
    # The tabs are laid out in a row; past the bar's width (less its scroll arrows) a title is out of sight.
    arrows = sum(b.width() for b in bar.findChildren(QToolButton) if b.isVisible())
    shown_right = bar.width() - arrows
    clipped = []
    for i in range(bar.count()):
        if not bar.isTabVisible(i):
            continue
        text = bar.tabText(i).replace("&", "")
        rect = bar.tabRect(i)
        if (
            metrics.horizontalAdvance(text) > rect.width() - 8
            or rect.left() < 0
            or rect.right() > shown_right
        ):
            clipped.append(text)
    return clipped


def _clipped_row_titles(tabs: QTabWidget) -> list[str]:
    holder = tabs.parentWidget()
    rows = holder.findChild(TabRows) if holder is not None else None
    titles = [tabs.tabText(i).replace("&", "") for i in range(tabs.count()) if tabs.isTabVisible(i)]
    if rows is None or not rows.isVisible():
        return titles
    shown = {}
    for button in rows.buttons:
        if not button.isVisible():
            continue
        text = button.text().replace("&", "")
        inside = rows.rect().contains(button.geometry())
        whole = button.fontMetrics().horizontalAdvance(text) <= button.width() - 4
        shown[text] = inside and whole
    return [title for title in titles if not shown.get(title, False)]


def cut_list_items(view: QListView) -> list[str]:
    """Item captions of a list the view does not show whole: wider than a one-line item, or (icon mode, word wrap)
    needing more lines than the item's text area holds."""
    cut = []
    metrics = view.fontMetrics()
    for row in range(view.model().rowCount()):
        index = view.model().index(row, view.modelColumn())
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        if not text:
            continue
        rect = view.visualRect(index)
        if view.viewMode() == QListView.ViewMode.IconMode:
            width = rect.width() - 4
            below_icon = rect.height() - view.iconSize().height() - 4
            if not view.wordWrap():
                if metrics.horizontalAdvance(text) > width:
                    cut.append(text)
                continue
            # Qt wraps at words, and a word wider than the item anywhere: the taller of the two layouts.
            needed = max(
                metrics.boundingRect(QRect(0, 0, width, 10_000), int(flag), text).height()
                for flag in (Qt.TextFlag.TextWordWrap, Qt.TextFlag.TextWrapAnywhere)
            )
            if needed > below_icon:
                cut.append(text)
        else:
            icon = 0 if index.data(Qt.ItemDataRole.DecorationRole) is None else view.iconSize().width() + 4
            if metrics.horizontalAdvance(text) + icon + _text_margin(view) > view.viewport().width():
                cut.append(text)
    return cut


def cut_chart_labels(chart: QWidget) -> list[str]:
    """Bar labels a statistics chart draws shortened (its own measure of what it elides)."""
    return list(chart.cut_labels()) if hasattr(chart, "cut_labels") else []


def rows_out_of_sight(window) -> list[str]:  # type: ignore[no-untyped-def]
    """The deck's piles whose rows are not all in sight without scrolling up or down; and the pack if it scrolls
    sideways (its error marks must not push its figures out of sight; a long Type or Requires may scroll in)."""
    problems = []
    view = window.deck_view
    for key, table in view.tables.items():
        if not table.isVisible():
            continue
        rows, height = table.model().rowCount(), table.viewport().height()
        hidden = [
            r
            for r in range(rows)
            if table.rowViewportPosition(r) < 0 or table.rowViewportPosition(r) + table.rowHeight(r) > height
        ]
        if hidden:
            problems.append(f"{key}: {len(hidden)} of {rows} rows out of sight")
        if key == "characters" and table.horizontalScrollBar().isVisible():
            problems.append(f"{key}: scrolls sideways")
    return problems


def _name_column(table: QTableView) -> int | None:
    ids = list(getattr(table.model(), "columns", ()))
    for name in ("Name", "name"):
        if name in ids:
            return ids.index(name)
    return None


def _in_scroll_area(widget: QWidget, known: dict[QWidget, bool]) -> bool:
    """True when `widget` is a scroll area (not a table) or inside one; `known` keeps the answer for each widget
    asked on the way up, so an audit walks each ancestor once instead of once per descendant."""
    chain = []
    found = False
    while widget is not None:
        if widget in known:
            found = known[widget]
            break
        chain.append(widget)
        if isinstance(widget, QAbstractScrollArea) and not isinstance(widget, QTableView):
            found = True
            break
        widget = widget.parentWidget()
    for seen in chain:
        known[seen] = found
    return found


def _qt_part(widget: QWidget) -> bool:
    # The inner parts of Qt's own widgets (a spin box's line edit, a tab bar's scroll arrows) are sized by them.
    parent = widget.parentWidget()
    return widget.objectName().startswith("qt_") or isinstance(
        parent, (QAbstractSpinBox, QComboBox, QTabBar, QAbstractItemView)
    )


def audit(window) -> list[str]:  # type: ignore[no-untyped-def]
    """What a player would see cut or squeezed in the window as shown."""
    problems = []
    # One walk over the window's widgets, each kind picked from the shown ones in findChildren(kind)'s order: a
    # hidden widget shows nothing to audit.
    widgets = [widget for widget in window.findChildren(QWidget) if widget.isVisible()]
    for table in (w for w in widgets if isinstance(w, QTableView)):
        column = _name_column(table)
        if column is not None and not table.isColumnHidden(column):
            problems += [
                f"{table.objectName() or type(table).__name__}: cut name {t!r}"
                for t in cut_cells(table, column)
            ]
        elif isinstance(table, QTableWidget):  # Draw odds: Characters and chances
            for c in range(table.columnCount()):
                if table.isColumnHidden(c):
                    continue
                problems += [f"{table.objectName()}: cut cell {t!r}" for t in cut_cells(table, c)]
        problems += [f"{table.objectName()}: column out of sight {t!r}" for t in columns_out_of_sight(table)]
    for area in (w for w in widgets if isinstance(w, QScrollArea)):
        if not area.visibleRegion().isEmpty() and scrolls_sideways(area):
            page = area.widget()
            problems.append(
                f"{page.objectName() if page else ''} in {area.parentWidget().objectName()!r}: scrolls sideways"
            )
    for view in (w for w in widgets if isinstance(w, QListView)):
        # A list that wraps its lines (the legality results) shows them whole by construction.
        wraps = view.viewMode() == QListView.ViewMode.ListMode and view.wordWrap()
        # A dock tabbed behind another is "visible" to Qt but shows nothing.
        if not view.visibleRegion().isEmpty() and not wraps:
            problems += [f"{view.objectName()}: cut item {t!r}" for t in cut_list_items(view)]
    for chart in (w for w in widgets if isinstance(w, BarChart)):
        problems += [f"chart {chart.title!r}: cut label {t!r}" for t in cut_chart_labels(chart)]
    for tabs in (w for w in widgets if isinstance(w, QTabWidget)):
        problems += [f"{tabs.objectName()}: clipped tab {t!r}" for t in clipped_tab_titles(tabs)]
    in_area: dict[QWidget, bool] = {}
    for widget in widgets:
        if widget.isWindow() or _qt_part(widget):
            continue
        parent = widget.parentWidget()
        if parent is not None and _in_scroll_area(parent, in_area):
            continue
        hint = widget.minimumSizeHint()
        if hint.isValid() and (widget.width() < hint.width() or widget.height() < hint.height()):
            problems.append(
                f"{type(widget).__name__} {widget.objectName()!r}: {widget.size().toTuple()} < {hint.toTuple()}"
            )
    return problems


def audit_every_view(window, settle: Callable[[], object]) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """The audit on every tab of the deck check, with the deck as lists and as card images (each pile); `settle`
    returns once the window is laid out after each switch (wait_until_laid_out, or settle_layout in a process of
    its own)."""
    found: dict[str, list[str]] = {}
    for deck_tab in range(window.deck_tabs.count()):
        window.deck_tabs.setCurrentIndex(deck_tab)
        for tab in range(window.report_tabs.count()):
            window.report_tabs.setCurrentIndex(tab)
            settle()
            where = f"{window.deck_tabs.tabText(deck_tab)} / {window.report_tabs.tabText(tab)}"
            found[where] = audit(window)
        gallery = getattr(window, "_gallery", None)
        if deck_tab and gallery is not None:
            for pile in range(gallery.count()):
                if gallery.isTabVisible(pile):
                    gallery.setCurrentIndex(pile)
                    settle()
                    found[f"{window.deck_tabs.tabText(deck_tab)} / {gallery.tabText(pile)}"] = audit(window)
    return {where: problems for where, problems in found.items() if problems}


def _layout_state(window: QWidget) -> tuple[object, ...]:
    """Where every shown widget sits, and how wide each shown table's columns are: what a layout pass, a refit or a
    tab shown for the first time changes."""
    state: list[object] = [window.size().toTuple()]
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window):
            continue
        state.append(widget.geometry().getRect())
        if isinstance(widget, QTableView):
            header = widget.horizontalHeader()
            state.append(tuple(header.sectionSize(c) for c in range(header.count())))
            state.append(widget.horizontalScrollBar().maximum())
    return tuple(state)


def laid_out(window: QWidget) -> Callable[[], bool]:
    """A condition to wait on: true once the window's deferred layout work is done, when every shown widget keeps
    its place (and each table its column widths) from one turn of the event loop to the next (the refits are
    zero-interval timers, run in the next turn). Each call runs one turn."""
    seen: list[tuple[object, ...]] = []

    def done() -> bool:
        QApplication.processEvents()
        if any(view.working_out for view in window.findChildren(OddsView)):
            return False  # the Combat Phase table is on its way from a worker thread: its rows are laid out after
        # Fix it's hints are on their way from a worker thread too: their blocks are laid out after.
        if any(panel.busy for panel in window.findChildren(FixHintsPanel)):
            return False
        seen.append(_layout_state(window))
        return len(seen) > 1 and seen[-1] == seen[-2]

    return done


def wait_until_laid_out(window: QWidget, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Wait until the window is laid out (see laid_out)."""
    qtbot.waitUntil(laid_out(window), timeout=10_000)


def wait_until(condition: Callable[[], object], timeout_ms: int = 10_000) -> None:
    """qtbot.waitUntil without pytest-qt (for a script of its own): run the event loop until `condition()` is true;
    raises TimeoutError when it is still false after `timeout_ms`."""
    deadline = QDeadlineTimer(timeout_ms)
    while not condition():
        if deadline.hasExpired():
            raise TimeoutError(f"still waiting after {timeout_ms} ms")
        # As qtbot.waitUntil: the event loop runs (idle, not spinning) for 10 ms between two looks.
        loop = QEventLoop()
        QTimer.singleShot(10, loop.quit)
        loop.exec()


def settle_layout(window: QWidget, timeout_ms: int = 10_000) -> None:
    """wait_until_laid_out without pytest-qt (for a script of its own)."""
    wait_until(laid_out(window), timeout_ms)

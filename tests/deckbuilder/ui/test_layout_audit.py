"""Layout audit: the main window with a real deck at 1280×720 and 1920×1080, in English and Portuguese, shows every
card name whole, every tab title whole and no widget squeezed below its minimum size."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QComboBox,
    QTabBar,
    QTableView,
    QTabWidget,
    QWidget,
)

from carddb.demo import demo_deck_path
from tests.deckbuilder.ui.layout_audit import clipped_tab_titles, cut_cells

SIZES = ((1280, 720), (1920, 1080))


def _name_column(table: QTableView) -> int | None:
    ids = list(getattr(table.model(), "columns", ()))
    for name in ("Name", "name"):
        if name in ids:
            return ids.index(name)
    return None


def _inside_scroll_area(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and not isinstance(parent, QTableView):
            return True
        parent = parent.parentWidget()
    return False


def _qt_part(widget: QWidget) -> bool:
    # The inner parts of Qt's own widgets (a spin box's line edit, a tab bar's scroll arrows) are sized by them.
    parent = widget.parentWidget()
    return widget.objectName().startswith("qt_") or isinstance(
        parent, (QAbstractSpinBox, QComboBox, QTabBar, QAbstractItemView)
    )


def audit(window) -> list[str]:  # type: ignore[no-untyped-def]
    """What a player would see cut or squeezed in the window as shown."""
    problems = []
    for table in window.findChildren(QTableView):
        column = _name_column(table)
        if table.isVisible() and column is not None and not table.isColumnHidden(column):
            problems += [
                f"{table.objectName() or type(table).__name__}: cut name {t!r}"
                for t in cut_cells(table, column)
            ]
    for tabs in window.findChildren(QTabWidget):
        if tabs.isVisible():
            problems += [f"{tabs.objectName()}: clipped tab {t!r}" for t in clipped_tab_titles(tabs)]
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.isWindow() or _inside_scroll_area(widget) or _qt_part(widget):
            continue
        hint = widget.minimumSizeHint()
        if hint.isValid() and (widget.width() < hint.width() or widget.height() < hint.height()):
            problems.append(
                f"{type(widget).__name__} {widget.objectName()!r}: {widget.size().toTuple()} < {hint.toTuple()}"
            )
    return problems


def _shown(make_window, qtbot, size):  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.browser.search_in_background()
    qtbot.waitUntil(lambda: window.browser.model.rowCount() > 0)
    qtbot.wait(50)
    return window


@pytest.mark.parametrize("size", SIZES)
def test_english_window_shows_everything_whole(make_window, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    window = _shown(make_window, qtbot, size)
    for tab in range(window.report_tabs.count()):
        window.report_tabs.setCurrentIndex(tab)
        qtbot.wait(20)
        problems = audit(window)
        assert problems == [], (window.report_tabs.tabText(tab), problems)


@pytest.mark.parametrize("size", SIZES)
def test_portuguese_window_shows_everything_whole(portuguese, make_window, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    window = _shown(make_window, qtbot, size)
    for tab in range(window.report_tabs.count()):
        window.report_tabs.setCurrentIndex(tab)
        qtbot.wait(20)
        problems = audit(window)
        assert problems == [], (window.report_tabs.tabText(tab), problems)


@pytest.mark.realpool
@pytest.mark.parametrize("deck", ["gaia-example.txt", "wyrm-example.dek"])
def test_real_decks_show_every_name_whole_at_1280x720(qtbot, shared_dir, tmp_path, deck) -> None:  # type: ignore[no-untyped-def]
    from carddb.db import CardDatabase
    from carddb.importing import import_path
    from deckbuilder.ui.main_window import MainWindow
    from tests.conftest import REAL_DECKS, REAL_PLUGIN

    db = CardDatabase(tmp_path / "db" / "cards.sqlite")
    import_path(db, REAL_PLUGIN)
    window = MainWindow(db, interactive=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(REAL_DECKS / deck, ask_first=False)
    window.browser.search_in_background()
    qtbot.waitUntil(lambda: window.browser.model.rowCount() > 0)
    qtbot.wait(50)
    problems = audit(window)
    window.undo_stack.setClean()
    window.close()
    db.close()
    assert problems == []

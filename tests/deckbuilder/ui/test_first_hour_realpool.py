"""The window over the real card pool (../shared; skipped when absent): scans in the preview and the card images."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication

from carddb.db import CardDatabase
from tests.conftest import REAL_DECKS

pytestmark = pytest.mark.realpool


@pytest.fixture
def real_window(qtbot, real_pool_copy, tmp_path: Path):  # type: ignore[no-untyped-def]
    from deckbuilder.ui.main_window import MainWindow

    db = CardDatabase(real_pool_copy(tmp_path / "db"))
    window = MainWindow(db, interactive=False)
    qtbot.addWidget(window)
    window.show()
    assert window.open_deck(REAL_DECKS / "gaia-example.txt", ask_first=False)
    yield window
    window.undo_stack.setClean()
    window.close()
    db.close()


def test_the_real_deck_previews_and_pictures_its_scans(qtbot, real_window) -> None:  # type: ignore[no-untyped-def]
    window = real_window
    table = window.deck_view.tables["combat"]
    model = window.deck_view.models["combat"]
    scanned = next(
        n
        for n, r in enumerate(model.rows())
        if r.card is not None and any(p for p in r.card.printings[0].image_paths)
    )
    pos = table.visualRect(model.index(scanned, 1)).center()
    QApplication.sendEvent(
        table.viewport(), QHelpEvent(QEvent.Type.ToolTip, pos, table.viewport().mapToGlobal(pos))
    )
    assert window.preview.isVisible() and window.preview.showing_scan
    assert window.preview.image_label.pixmap().width() >= 200
    window.deck_tabs.setCurrentWidget(window.gallery_page)
    gallery = window.gallery
    gallery.setCurrentWidget(gallery.lists["combat"].parentWidget())
    qtbot.waitUntil(lambda: not gallery.loading())
    view = gallery.lists["combat"]
    assert view.count() == model.rowCount()
    assert all(not view.item(i).icon().isNull() for i in range(view.count()))


def test_a_start_on_the_real_pool_does_not_open_the_demo_deck(real_window) -> None:  # type: ignore[no-untyped-def]
    from carddb.demo import ensure_demo_cards

    window = real_window
    assert not ensure_demo_cards(window.db)  # the pool is real: no demo cards are added to it
    assert not window.open_start_deck()


def test_at_1280_by_720_the_scan_set_names_and_sections_are_comfortable(
    qtbot, real_pool_copy, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    from deckbuilder.ui.main_window import MainWindow

    db = CardDatabase(real_pool_copy(tmp_path / "db"))
    window = MainWindow(db, interactive=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    try:
        assert window.open_deck(REAL_DECKS / "gaia-example.txt", ask_first=False)
        for _ in range(3):
            QApplication.processEvents()
        window.show_card("Buggerhead")
        QApplication.processEvents()
        # The scans: each side of a two-sided Character at least 180 px wide (it was about 160).
        sides = window.card_view._image_widgets
        assert len(sides) == 2
        for side in sides:
            scaled = side.image.size().scaled(side.size(), Qt.AspectRatioMode.KeepAspectRatio)
            assert scaled.width() >= 180, scaled
        # Every row of the pack, the sept deck and the combat deck is on screen at once.
        view = window.deck_view
        for key in ("characters", "sept", "combat"):
            table = view.tables[key]
            rows = view.models[key].rowCount()
            assert table.viewport().height() >= rows * table.verticalHeader().defaultSectionSize(), key
            assert not table.horizontalScrollBar().isVisible(), key
        # Set and printing names are whole, not "TheWy…".
        combat = view.tables["combat"]
        column = view.models["combat"].columns.index("Printing")
        metrics = combat.fontMetrics()
        assert combat.columnWidth(column) >= metrics.horizontalAdvance("Unlimited") + 6
        browser = window.browser.table
        assert browser.columnWidth(2) >= browser.fontMetrics().horizontalAdvance("NewEngland-Intermezzo") + 6
    finally:
        window.undo_stack.setClean()
        window.close()
        db.close()

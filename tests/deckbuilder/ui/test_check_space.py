"""The Deck check at 1280×720: whole tab titles, every tab's content reachable, and its height following the tab."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea

from carddb.demo import demo_deck_path
from tests.deckbuilder.ui.layout_audit import clipped_tab_titles


def _shown_at_1280(make_window, qtbot):  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    qtbot.wait(50)  # the first layout settles
    return window


def test_tab_titles_are_whole_in_portuguese(portuguese, make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _shown_at_1280(make_window, qtbot)
    assert "Chances" in [window.report_tabs.tabText(i) for i in range(window.report_tabs.count())]
    assert clipped_tab_titles(window.report_tabs) == []
    assert clipped_tab_titles(window.deck_tabs) == []


def test_draw_odds_scroll_sideways_instead_of_clipping(portuguese, make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _shown_at_1280(make_window, qtbot)
    window.report_tabs.setCurrentWidget(window.odds_view)
    qtbot.waitUntil(lambda: window.odds_view.isVisible())
    scroll = window.odds_view.findChild(QScrollArea)
    body = scroll.widget()
    # The body is never squeezed below what its rows need: what does not fit scrolls into view.
    assert body.width() >= body.minimumSizeHint().width()
    if body.width() > scroll.viewport().width():
        assert scroll.horizontalScrollBar().maximum() > 0


def test_the_check_gets_more_height_on_odds_and_each_tab_keeps_its_share(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _shown_at_1280(make_window, qtbot)
    window.report_tabs.setCurrentWidget(window.legality)
    on_legality = window.report_dock.height()
    window.report_tabs.setCurrentWidget(window.odds_view)
    qtbot.waitUntil(lambda: window.report_dock.height() > on_legality + 50)
    assert window.card_dock.height() < window.report_dock.height()
    window.report_tabs.setCurrentWidget(window.legality)
    qtbot.waitUntil(lambda: abs(window.report_dock.height() - on_legality) < 12)
    # The player gives the Legality tab more room; it is given back the next time that tab is chosen.
    total = window.card_dock.height() + window.report_dock.height()
    window.resizeDocks(
        [window.card_dock, window.report_dock], [total // 3, total - total // 3], Qt.Orientation.Vertical
    )
    qtbot.waitUntil(lambda: window.report_dock.height() > on_legality + 100)
    chosen = window.report_dock.height()
    window.report_tabs.setCurrentWidget(window.notes_view)
    qtbot.waitUntil(lambda: window.report_dock.height() < chosen - 100)
    window.report_tabs.setCurrentWidget(window.legality)
    qtbot.waitUntil(lambda: abs(window.report_dock.height() - chosen) < 12)

"""The Deck check at 1280×720: whole tab titles, every tab's content reachable, and its height following the tab."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea

from carddb.demo import demo_deck_path
from deckbuilder.ui.check_space import WrappedTabs
from tests.deckbuilder.ui.layout_audit import (
    clipped_tab_titles,
    columns_out_of_sight,
    cut_cells,
    scrolls_sideways,
    wait_until_laid_out,
)


def _shown_at_1280(make_window, qtbot):  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    wait_until_laid_out(window, qtbot)  # the first layout settles
    return window


def test_tab_titles_are_whole_in_portuguese(portuguese, make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _shown_at_1280(make_window, qtbot)
    assert "Chances" in [window.report_tabs.tabText(i) for i in range(window.report_tabs.count())]
    assert clipped_tab_titles(window.report_tabs) == []
    assert clipped_tab_titles(window.deck_tabs) == []


def test_draw_odds_fit_the_dock_without_scrolling_sideways(portuguese, make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _shown_at_1280(make_window, qtbot)
    window.report_tabs.setCurrentWidget(window.odds_view)
    qtbot.waitUntil(lambda: window.odds_view.isVisible())
    scroll = window.odds_view.findChild(QScrollArea)
    table = window.odds_view.fight_table
    # Every row wraps to the dock's width: names, chances and how each was worked out, all in sight.
    assert not scrolls_sideways(scroll)
    assert not table.isColumnHidden(2)
    assert columns_out_of_sight(table) == []
    assert [cut_cells(table, column) for column in range(3)] == [[], [], []]


def test_the_how_column_wraps_its_words_when_the_dock_is_narrow(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _shown_at_1280(make_window, qtbot)
    window.report_tabs.setCurrentWidget(window.odds_view)
    table = window.odds_view.fight_table
    qtbot.waitUntil(lambda: table.rowCount() > 0)
    one_line, last = table.columnWidth(2), table.rowCount() - 1  # the last row's How: "simulated ±1.3%"
    seen = set()
    for width in range(window.report_dock.width(), 150, -10):  # the dock narrowed step by step
        window.resizeDocks([window.report_dock], [width], Qt.Orientation.Horizontal)
        wait_until_laid_out(window, qtbot)  # the columns are fitted once the layout pass is over
        wrapped = not table.isColumnHidden(2) and table.columnWidth(2) < one_line
        hidden = table.isColumnHidden(2)
        seen |= {"wrapped"} if wrapped else {"hidden"} if hidden else {"one line"}
        if wrapped:  # on two lines, its row as tall as they are
            qtbot.waitUntil(lambda: table.rowHeight(last) > table.rowHeight(0), timeout=1000)
        # Names and figures whole, nothing past the table's edge, at every width.
        assert columns_out_of_sight(table) == [], (
            width,
            table.viewport().width(),
            [table.columnWidth(c) for c in range(3)],
        )
        assert [cut_cells(table, c) for c in range(3) if not table.isColumnHidden(c)] == [[]] * (3 - hidden)
    assert seen == {"one line", "wrapped", "hidden"}


def test_tab_titles_wrap_onto_rows_when_the_bar_does_not_fit(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = _shown_at_1280(make_window, qtbot)
    holder = window.report_tabs.parentWidget()
    assert isinstance(holder, WrappedTabs) and not holder.wrapped()
    window.resizeDocks([window.report_dock], [260], Qt.Orientation.Horizontal)
    qtbot.waitUntil(holder.wrapped)
    assert not window.report_tabs.tabBar().isVisible()
    assert len({button.y() for button in holder.rows.buttons}) >= 2  # two rows of titles
    assert clipped_tab_titles(window.report_tabs) == []
    qtbot.mouseClick(holder.rows.buttons[4], Qt.MouseButton.LeftButton)
    assert window.report_tabs.currentWidget() is window.odds_view
    window.report_tabs.setCurrentIndex(2)
    assert holder.rows.buttons[2].isChecked()
    window.resizeDocks([window.report_dock], [900], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: not holder.wrapped())
    assert window.report_tabs.tabBar().isVisible() and clipped_tab_titles(window.report_tabs) == []


def test_the_audit_sees_a_title_no_row_shows(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The wrapped titles' check can fail: a bar hidden with no rows in its place hides every title."""
    window = _shown_at_1280(make_window, qtbot)
    holder = window.report_tabs.parentWidget()
    window.report_tabs.tabBar().hide()
    holder.rows.hide()
    assert len(clipped_tab_titles(window.report_tabs)) == window.report_tabs.count()


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


def test_a_share_the_player_left_alone_does_not_creep_from_session_to_session(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui.check_space import SETTINGS_GROUP
    from deckbuilder.ui.settings import app_settings

    window = _shown_at_1280(make_window, qtbot)
    before = window.report_dock.height()
    total = window.card_dock.height() + before
    window.resizeDocks(  # the player gives the Legality tab about half the height
        [window.card_dock, window.report_dock], [total // 2, total - total // 2], Qt.Orientation.Vertical
    )
    qtbot.waitUntil(lambda: window.report_dock.height() > before + 50)
    chosen = window.report_dock.height() / (window.card_dock.height() + window.report_dock.height())
    window.close()
    stored, heights = [app_settings().value(f"{SETTINGS_GROUP}/legality")], []
    for _session in range(3):  # three more sessions where the player does not touch it
        window = _shown_at_1280(make_window, qtbot)
        heights.append(window.report_dock.height())
        window.close()
        stored.append(app_settings().value(f"{SETTINGS_GROUP}/legality"))
    assert abs(float(stored[0]) - chosen) < 0.01, (stored, chosen)
    # Each window is given the share the player chose; Qt's rounding is not saved back, so it does not creep.
    assert len(set(stored)) == 1 and max(heights) - min(heights) <= 2, (stored, heights)

"""No text cut with "…" in the browser or the deck's piles: Type, set names and Requires as wide as their longest
text (the table scrolls sideways where they cannot all fit), and a column the player narrows stays narrowed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from carddb.demo import demo_deck_path
from tests.deckbuilder.ui.layout_audit import cut_cells, wait_until_laid_out


def cut_texts(window) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Every cut cell of the browser and the piles, by table and column."""
    tables = {"browser": window.browser.table, **window.deck_view.tables}
    found: dict[str, list[str]] = {}
    for key, table in tables.items():
        if not table.isVisible():
            continue
        for column in range(table.model().columnCount()):
            if not table.isColumnHidden(column) and (cut := cut_cells(table, column)):
                found[f"{key} {table.model().columns[column]}"] = cut
    return found


def _open(window, qtbot, illegal: bool = False) -> None:  # type: ignore[no-untyped-def]
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    if illegal:
        window.add_card("Bark Hide")
    window.browser.search_in_background()
    qtbot.waitUntil(lambda: window.browser.model.rowCount() > 0)
    wait_until_laid_out(window, qtbot)


@pytest.mark.parametrize("text_size", [100, 150, 200])
@pytest.mark.parametrize("illegal", [False, True])
def test_no_text_is_cut_at_1280x720(make_window, qtbot, text_size: int, illegal: bool) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    _open(window, qtbot, illegal)
    if text_size != 100:
        window.keys.text_size(percent=text_size)
        wait_until_laid_out(window, qtbot)
    problems = cut_texts(window)
    window.appearance.set_text_size(100)
    assert problems == {}


def test_no_text_is_cut_in_portuguese_at_150_percent(portuguese, make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    _open(window, qtbot, illegal=True)
    window.keys.text_size(percent=150)
    wait_until_laid_out(window, qtbot)
    problems = cut_texts(window)
    window.appearance.set_text_size(100)
    assert problems == {}


def test_a_column_the_player_narrows_stays_narrow(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtTest import QTest

    window = make_window()
    _open(window, qtbot)
    table = window.browser.table
    header = table.horizontalHeader()
    column = table.model().columns.index("type")
    whole = header.sectionSize(column)
    assert not cut_cells(table, column)
    # Drag the Type column's right edge 30 px to the left, as a player would.
    edge = header.sectionViewportPosition(column) + whole - 1
    y = header.height() // 2
    QTest.mousePress(
        header.viewport(), Qt.MouseButton.LeftButton, pos=header.rect().topLeft().__class__(edge, y)
    )
    QTest.mouseMove(header.viewport(), header.rect().topLeft().__class__(edge - 30, y))
    QTest.mouseRelease(
        header.viewport(), Qt.MouseButton.LeftButton, pos=header.rect().topLeft().__class__(edge - 30, y)
    )
    narrowed = header.sectionSize(column)
    assert narrowed < whole
    window.browser.query_edit.setText("t:character")
    window.browser.run_search()  # another page of results: the column keeps the player's width
    wait_until_laid_out(window, qtbot)
    assert header.sectionSize(column) <= narrowed

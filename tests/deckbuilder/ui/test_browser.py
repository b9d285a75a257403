"""The card browser: live search with debounce, inline syntax errors, filters composed into the query."""

from __future__ import annotations

from PySide6.QtCore import Qt

from carddb.db import CardDatabase
from deckbuilder.ui.browser import BrowserFilters, CardBrowser, compose_query


def test_compose_query_ands_the_filters_with_the_typed_text() -> None:
    filters = BrowserFilters(section="sept", set_name='My "Set"', allegiance="Wyrm", renown=(2, None))
    assert compose_query("bark OR hide", filters) == '(bark OR hide) t:sept s:"My  Set " a:wyrm renown>=2'
    assert compose_query("", BrowserFilters()) == ""


def test_typing_a_query_updates_results_after_the_debounce(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    everything = browser.result_count()
    assert everything == demo_db.card_count()
    assert browser.count_label.text() == f"{everything} cards"
    qtbot.keyClicks(browser.query_edit, "t:gift")
    assert browser.result_count() == everything  # not yet: the search waits for typing to pause
    qtbot.waitUntil(lambda: browser.result_count() < everything, timeout=2000)
    assert set(browser.shown_names()) == {"Bark Hide", "Call the Green Wind", "Whisper of Roots"}
    assert browser.count_label.text() == "3 cards"


def test_a_bad_query_shows_its_error_and_keeps_the_previous_results(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.query_edit.setText("t:gift")
    browser.run_search()
    shown = browser.shown_names()
    browser.query_edit.setText("renown>=x")
    browser.run_search()
    assert browser.has_error()
    assert "number" in browser.error_label.text()
    assert browser.shown_names() == shown
    browser.query_edit.setText("t:gift")
    browser.run_search()
    assert not browser.has_error()


def test_filters_narrow_the_results(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.section_combo.setCurrentIndex(browser.section_combo.findData("characters"))
    browser.allegiance_combo.setCurrentIndex(browser.allegiance_combo.findData("Wyrm"))
    browser.range_spins["renown"][0].setValue(5)
    browser.run_search()
    assert set(browser.shown_names()) == {"Gutter Maw", "Mire Director"}
    browser.reset_filters()
    browser.run_search()
    assert browser.result_count() == demo_db.card_count()


def test_sorting_by_renown_puts_the_highest_first(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.query_edit.setText("t:characters")
    browser.run_search()
    browser.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)
    renowns = [int(browser.proxy.index(r, 3).data()) for r in range(browser.result_count())]
    assert renowns == sorted(renowns, reverse=True)
    assert renowns[0] == 7


def test_enter_on_a_result_asks_to_add_that_card(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.query_edit.setText('"Bark Hide"')
    browser.run_search()
    browser.table.setCurrentIndex(browser.proxy.index(0, 0))
    with qtbot.waitSignal(browser.add_requested) as signal:
        qtbot.keyClick(browser.table, Qt.Key.Key_Return)
    assert signal.args == ["Bark Hide"]


def test_a_huge_result_shows_the_first_rows_and_counts_them_all(
    qtbot, demo_db: CardDatabase, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    import deckbuilder.ui.browser as browser_module

    monkeypatch.setattr(browser_module, "RESULT_LIMIT", 5)
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    assert browser.result_count() == 5
    assert (
        browser.count_label.text() == f"{demo_db.card_count()} cards (showing the first 5; refine the search)"
    )
    browser.query_edit.setText("t:gift")
    browser.run_search()
    assert browser.count_label.text() == "3 cards"

"""The card browser: live search with debounce, inline syntax errors, filters composed into the query."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt

from carddb.db import CardDatabase
from carddb.search import SearchRow, search
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.card_results import BrowserFilters, compose_query


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


def test_the_type_filter_offers_every_type_once_opened_and_keeps_a_choice_over_a_reload(
    qtbot, demo_db: CardDatabase
) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.show()
    browser.type_combo.showPopup()
    offered = [browser.type_combo.itemData(i) for i in range(1, browser.type_combo.count())]
    browser.type_combo.hidePopup()
    assert offered == demo_db.card_types() and offered
    browser.type_combo.setCurrentIndex(browser.type_combo.findData(offered[0]))
    browser.reload()
    assert browser.type_combo.currentData() == offered[0]
    assert browser.filters().type == offered[0]
    assert browser.set_combo.count() == len(demo_db.set_names()) + 1


def test_sorting_by_renown_puts_the_highest_first(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.query_edit.setText("t:characters")
    browser.run_search()
    browser.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)
    renowns = [int(browser.model.index(r, 3).data()) for r in range(browser.result_count())]
    assert renowns == sorted(renowns, reverse=True)
    assert renowns[0] == 7


def test_enter_on_a_result_asks_to_add_that_card(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.query_edit.setText('"Bark Hide"')
    browser.run_search()
    browser.table.setCurrentIndex(browser.model.index(0, 0))
    with qtbot.waitSignal(browser.add_requested) as signal:
        qtbot.keyClick(browser.table, Qt.Key.Key_Return)
    assert signal.args == ["Bark Hide"]


def _all_matches(db: CardDatabase, query: str) -> list[SearchRow]:
    return search(db, query)


def test_a_big_result_builds_a_page_and_every_match_is_reachable_by_scrolling(
    qtbot, demo_db: CardDatabase, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    import deckbuilder.ui.card_results as browser_module

    monkeypatch.setattr(browser_module, "RESULT_LIMIT", 5)
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    everything = [row.name for row in _all_matches(demo_db, "")]
    assert len(everything) > 10
    assert browser.result_count() == 5  # one page built
    assert browser.count_label.text() == f"{len(everything)} cards"
    assert browser.model.canFetchMore()
    browser.table.scrollToBottom()  # the view asks for more as it scrolls
    qtbot.waitUntil(lambda: browser.result_count() > 5, timeout=5000)
    while browser.model.canFetchMore():
        browser.model.fetchMore()
    assert browser.shown_names() == everything
    browser.query_edit.setText("t:gift")
    browser.run_search()
    assert browser.count_label.text() == "3 cards"


def test_sorting_orders_every_match_not_only_the_loaded_page(
    qtbot, demo_db: CardDatabase, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    import deckbuilder.ui.card_results as browser_module

    monkeypatch.setattr(browser_module, "RESULT_LIMIT", 3)
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.query_edit.setText("t:characters")
    browser.run_search()
    characters = _all_matches(demo_db, "t:characters")
    assert len(characters) > 3
    browser.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)  # Renown
    while browser.model.canFetchMore():
        browser.model.fetchMore()
    renowns = [int(browser.model.index(r, 3).data() or -1) for r in range(browser.result_count())]
    assert renowns == sorted((c.renown if c.renown is not None else -1 for c in characters), reverse=True)
    browser.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert browser.shown_names() == [c.name for c in characters][:3]


def test_typing_searches_off_the_gui_thread_and_drops_stale_answers(
    qtbot, demo_db: CardDatabase, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    import deckbuilder.ui.card_results as browser_module

    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    gui_thread = threading.get_ident()
    threads: list[int] = []
    release = threading.Event()
    real_search = browser_module.search_page  # the first page and its count

    def slow_search(db, query, *args, **kwargs):  # type: ignore[no-untyped-def]
        threads.append(threading.get_ident())
        if "gift" in query:
            release.wait(60)  # the first search is still running when the player types on
        return real_search(db, query, *args, **kwargs)

    monkeypatch.setattr(browser_module, "search_page", slow_search)
    pages: list[str] = []
    browser.model.modelReset.connect(lambda: pages.append(browser.model.total and browser.shown_names()[0]))
    qtbot.keyClicks(browser.query_edit, "t:gift")
    qtbot.waitUntil(lambda: len(threads) == 1, timeout=10000)
    browser.query_edit.clear()
    qtbot.keyClicks(browser.query_edit, '"Gutter Maw"')  # typing goes on while the first search waits
    assert browser.query_edit.text() == '"Gutter Maw"'
    release.set()
    qtbot.waitUntil(lambda: browser.shown_names() == ["Gutter Maw"], timeout=10000)
    assert gui_thread not in threads
    assert "Bark Hide" not in pages and "Call the Green Wind" not in pages  # the stale gift page never showed


def test_a_search_run_at_once_is_not_replaced_by_the_older_one_still_running(
    qtbot, demo_db: CardDatabase, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    import deckbuilder.ui.card_results as browser_module

    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    started, release = threading.Event(), threading.Event()
    real_search = browser_module.search_page

    def slow_search(db, query, *args, **kwargs):  # type: ignore[no-untyped-def]
        if "gift" in query:
            started.set()
            release.wait(60)
        return real_search(db, query, *args, **kwargs)

    monkeypatch.setattr(browser_module, "search_page", slow_search)
    browser.query_edit.setText("t:gift")
    browser.search_in_background()
    qtbot.waitUntil(started.is_set, timeout=10000)
    browser.query_edit.setText('"Gutter Maw"')
    browser.run_search()  # Enter: searched now, on this thread
    assert browser.shown_names() == ["Gutter Maw"]
    release.set()
    qtbot.waitUntil(lambda: not browser.searching, timeout=10000)
    assert browser.shown_names() == ["Gutter Maw"]  # the gift page that came late was dropped


def test_the_chosen_sort_order_holds_for_the_next_search(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.query_edit.setText("zzzz-no-such-card")
    browser.run_search()
    assert browser.result_count() == 0
    browser.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)  # Renown, on an empty result
    browser.query_edit.setText("t:characters")
    browser.run_search()
    renowns = [int(browser.model.index(r, 3).data() or -1) for r in range(browser.result_count())]
    assert renowns == sorted(renowns, reverse=True) and len(renowns) > 1


def test_a_portuguese_session_shows_the_syntax_error_in_portuguese(
    qtbot, demo_db: CardDatabase, portuguese: None
) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.query_edit.setText("renown>=x")
    browser.run_search()
    assert browser.error_label.text() == '⚠ esperava-se um número depois de "renown>=" na posição 8'
    browser.query_edit.setText('t:gift (bark "hide')
    browser.run_search()
    assert browser.error_label.text() == "⚠ aspas não fechadas na posição 13"


def test_the_count_follows_the_windows_language_in_words_and_digits(qapp, portuguese: None) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui import translation
    from deckbuilder.ui.card_results import count_text

    assert (count_text(1), count_text(1572)) == ("1 carta", "1.572 cartas")
    translation.install(qapp, "en")  # the language chosen again: the next count reads it
    assert (count_text(1), count_text(1572)) == ("1 card", "1,572 cards")


def test_a_results_menu_offers_the_piles_its_type_allows_and_asks_the_browser(
    qtbot, demo_db: CardDatabase
) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    sept = next(row for row in search(demo_db, "") if row.section == "sept")
    combat = next(row for row in search(demo_db, "") if row.section == "combat")
    asked: list[tuple[str, str]] = []
    shown: list[str] = []
    browser.add_to_requested.connect(lambda name, pile: asked.append((name, pile)))
    browser.show_requested.connect(shown.append)

    sept_menu = browser.build_context_menu(sept)
    texts = [a.text() for a in sept_menu.actions() if not a.isSeparator()]
    assert texts == ["Add to &sept deck", "Add to s&tarting in play", "S&how card"]
    for action in sept_menu.actions():
        if not action.isSeparator():
            action.trigger()
    assert asked == [(sept.name, "sept"), (sept.name, "starting")] and shown == [sept.name]

    combat_texts = [a.text() for a in browser.build_context_menu(combat).actions() if not a.isSeparator()]
    assert combat_texts == ["Add to c&ombat deck", "S&how card"]

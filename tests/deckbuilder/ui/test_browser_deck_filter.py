"""The browser's Deck and Collection filters: the card list narrowed to the deck on show and to the collection."""

from __future__ import annotations

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.collection import Collection
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.card_results import BrowserFilters, compose_query


def _choose(combo, value: str) -> None:  # type: ignore[no-untyped-def]
    index = combo.findData(value)
    assert index >= 0, value
    combo.setCurrentIndex(index)


def _deck_names(window) -> set[str]:  # type: ignore[no-untyped-def]
    deck = window.deck
    return {window.db.lookup(e.name).name for e in (*deck.entries, *deck.starting)}


def test_the_filters_say_the_deck_terms_of_the_query_language() -> None:
    assert (
        compose_query("t:gift", BrowserFilters(deck="in", collection="missing"))
        == "(t:gift) in:deck is:missing"
    )
    assert compose_query("", BrowserFilters(deck="out", collection="unowned")) == "-in:deck -is:owned"
    assert compose_query("", BrowserFilters(collection="owned")) == "is:owned"


def test_in_this_deck_shows_the_deck_and_follows_its_edits(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    browser = window.browser
    every = set(browser.shown_names())
    _choose(browser.deck_combo, "in")
    browser.run_search()
    in_deck = _deck_names(window)
    assert set(browser.shown_names()) == in_deck
    _choose(browser.deck_combo, "out")
    browser.run_search()
    assert set(browser.shown_names()) == every - in_deck
    # A card added to the deck leaves "Not in this deck" without the player searching again.
    added = sorted(every - in_deck)[0]
    window.add_card(added)
    qtbot.waitUntil(lambda: added not in browser.shown_names(), timeout=3000)
    _choose(browser.deck_combo, "")
    browser.run_search()
    assert set(browser.shown_names()) == every


def test_owned_and_missing_follow_the_collection(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    browser = window.browser
    _choose(browser.collection_combo, "owned")
    browser.run_search()
    assert browser.shown_names() == []
    Collection(window.db).set_counts([("Ashen Howler", None, 1), ("Bark Hide", None, 1)])
    window.refresh()  # what the collection dialog's change does
    qtbot.waitUntil(lambda: set(browser.shown_names()) == {"Ashen Howler", "Bark Hide"}, timeout=3000)
    _choose(browser.collection_combo, "missing")
    browser.run_search()
    # Bark Hide: three played, one owned; Ashen Howler: one played, one owned.
    assert "Bark Hide" in browser.shown_names()
    assert "Ashen Howler" not in browser.shown_names()
    assert set(browser.shown_names()) < _deck_names(window)
    browser.reset_filters()
    browser.run_search()
    assert browser.result_count() == window.db.card_count()


def test_the_typed_in_deck_term_works_without_the_filter(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    from carddb.search import DeckTerms

    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.set_deck(DeckTerms(cards=frozenset({"bark hide", "ashen howler"})))
    qtbot.keyClicks(browser.query_edit, "in:deck")
    qtbot.waitUntil(lambda: set(browser.shown_names()) == {"Ashen Howler", "Bark Hide"}, timeout=3000)
    browser.set_deck(DeckTerms(cards=frozenset({"bark hide"})))  # the deck changed: the list follows
    qtbot.waitUntil(lambda: browser.shown_names() == ["Bark Hide"], timeout=3000)
    assert browser.count_label.text() == "1 card"


def test_the_filters_read_in_portuguese(qtbot, portuguese, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    labels = [browser.collection_combo.itemText(i) for i in range(browser.collection_combo.count())]
    assert "Faltam para o deck" in labels
    assert browser.deck_combo.itemText(1) == "Neste deck"
    assert "in:deck" in browser.query_edit.toolTip() and "coleção" in browser.query_edit.toolTip()


def test_another_games_card_list_takes_in_deck_and_follows_the_deck(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.new_deck("lithic-rage")
    cards = window.browser
    cards.query_edit.setText("in:deck")
    cards.run_search()
    assert cards.shown_names() == []
    window.add_card("Spear Hunter")
    window.add_card("Obsidian Spear")
    qtbot.waitUntil(lambda: sorted(cards.shown_names()) == ["Obsidian Spear", "Spear Hunter"])
    cards.query_edit.setText("-in:deck class")
    cards.run_search()
    assert "Spear Hunter" not in cards.shown_names() and cards.shown_names()
    window.undo_stack.setClean()

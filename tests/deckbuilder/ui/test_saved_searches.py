"""The browser's Saved menu: name the query and filters, run them later from the menu, rename and delete."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from carddb.db import CardDatabase
from deckbuilder.saved_searches import load_searches
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.saved_searches import SavedSearches


def _browser(qtbot, db: CardDatabase, monkeypatch, names: list[str]) -> CardBrowser:  # type: ignore[no-untyped-def]
    """A browser whose name questions are answered from `names` and whose questions are all answered yes."""
    browser = CardBrowser(db)
    qtbot.addWidget(browser)
    monkeypatch.setattr(SavedSearches, "ask_name", lambda self, *a: names.pop(0))
    monkeypatch.setattr(SavedSearches, "confirm", lambda self, text: True)
    monkeypatch.setattr(SavedSearches, "tell", lambda self, text: setattr(self, "last_message", text))
    return browser


def _menu_names(browser: CardBrowser) -> list[str]:
    browser.saved_searches.fill_menu()
    return [a.text() for a in browser.saved_searches.menu.actions() if a.isEnabled() and a.text()]


def test_a_named_search_comes_back_from_the_menu(qtbot, demo_db: CardDatabase, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    browser = _browser(qtbot, demo_db, monkeypatch, ["Big Wyrm characters"])
    browser.section_combo.setCurrentIndex(browser.section_combo.findData("characters"))
    browser.allegiance_combo.setCurrentIndex(browser.allegiance_combo.findData("Wyrm"))
    browser.range_spins["renown"][0].setValue(5)
    browser.query_edit.setText("-bark")
    browser.run_search()
    wanted = set(browser.shown_names())
    assert wanted == {"Gutter Maw", "Mire Director"}
    browser.saved_searches.save_action.trigger()

    browser.reset_filters()
    browser.query_edit.setText("")
    browser.run_search()
    assert browser.result_count() == demo_db.card_count()

    assert "Big Wyrm characters" in _menu_names(browser)
    action = next(a for a in browser.saved_searches.menu.actions() if a.text() == "Big Wyrm characters")
    action.trigger()
    assert set(browser.shown_names()) == wanted
    assert browser.query_edit.text() == "-bark"
    assert browser.range_spins["renown"][0].value() == 5
    assert browser.allegiance_combo.currentData() == "Wyrm"


def test_searches_are_renamed_and_deleted_in_their_dialog(qtbot, demo_db: CardDatabase, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    browser = _browser(qtbot, demo_db, monkeypatch, ["Gifts", "Roots", "Green gifts"])
    browser.query_edit.setText("t:gift")
    browser.saved_searches.save_current()
    browser.query_edit.setText("roots")
    browser.saved_searches.save_current()
    dialog = browser.saved_searches.manage()
    qtbot.addWidget(dialog)
    assert dialog.names() == ["Gifts", "Roots"]
    dialog.choose("Gifts")
    dialog.rename_button.click()
    assert dialog.names() == ["Green gifts", "Roots"]
    dialog.choose("Roots")
    dialog.delete_button.click()
    assert dialog.names() == ["Green gifts"]
    assert [s.query for s in load_searches().searches] == ["t:gift"]
    assert "Roots" not in _menu_names(browser)


def test_a_filter_this_card_data_lacks_is_said_not_silently_dropped(
    qtbot, demo_db: CardDatabase, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.saved_searches import SavedSearch

    browser = _browser(qtbot, demo_db, monkeypatch, [])
    browser.saved_searches.run(SavedSearch("Old set", browser.game_key(), "", {"set_name": "No Such Set"}))
    assert "No Such Set" not in browser.set_combo.currentText()
    assert "set_name" in browser.saved_searches.last_message


def test_the_menu_opens_by_its_key_and_names_itself(qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    browser = CardBrowser(demo_db)
    qtbot.addWidget(browser)
    browser.show()
    qtbot.waitExposed(browser)
    assert browser.saved_button.accessibleName() == "Saved searches"
    assert browser.saved_searches.save_action.shortcut().toString() == "Ctrl+Shift+K"
    browser.saved_searches.open_action.trigger()
    qtbot.waitUntil(lambda: browser.saved_searches.menu.isVisible())
    assert QApplication.activePopupWidget() is browser.saved_searches.menu
    browser.saved_searches.menu.close()

"""The Portuguese window shows no English outside card data: every label, button, tooltip, header, tab, menu,
group title and placeholder, on every tab, checked against the English words of the catalogue."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from carddb.demo import demo_deck_path
from deckbuilder.ui.shortcuts_dialog import ShortcutsDialog
from tests.deckbuilder.ui.english_audit import (
    card_data_words,
    english_only_words,
    english_shown,
)
from tests.deckbuilder.ui.layout_audit import wait_until_laid_out


def _every_view(window, qtbot, data_words: set[str]) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    found: dict[str, list[str]] = {}
    for deck_tab in range(window.deck_tabs.count()):
        window.deck_tabs.setCurrentIndex(deck_tab)
        for tab in range(window.report_tabs.count()):
            window.report_tabs.setCurrentIndex(tab)
            wait_until_laid_out(window, qtbot)
            english = english_shown(window, data_words)
            if english:
                found[f"{window.deck_tabs.tabText(deck_tab)} / {window.report_tabs.tabText(tab)}"] = english
    return found


def test_the_portuguese_window_shows_no_english(portuguese, make_window, demo_db, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(1280, 720)
    window.show()
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Bark Hide")  # an error: the verdict, Fix it and the marks have something to say
    window.browser.search_in_background()
    qtbot.waitUntil(lambda: window.browser.model.rowCount() > 0)
    # The Draw odds rule citations are in the catalogue too: only card data may stay English.
    assert _every_view(window, qtbot, card_data_words(demo_db)) == {}


def test_the_audit_sees_an_english_text_left_in_the_window(portuguese, make_window, demo_db, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert {"legality", "deck", "shortcuts"} & english_only_words() == {"legality", "shortcuts"}
    window = make_window()
    window.show()
    left = QLabel("Legality results", window.deck_view)  # a text someone forgot to mark
    left.show()
    found = english_shown(window, card_data_words(demo_db))
    assert any("Legality results" in line for line in found)


def test_the_keyboard_shortcuts_dialog_shows_no_english(portuguese, qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = ShortcutsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    texts = [" ".join(row) for row in dialog.rows()]
    english = english_only_words()
    assert [t for t in texts if set(t.casefold().split()) & english] == []

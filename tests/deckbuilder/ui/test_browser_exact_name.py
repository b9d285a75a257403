"""Typing a card's name puts it first in the browser (before cards whose text names it), and Enter in the search box
adds it; a name only begun is ranked first but not added."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from deckbuilder.ui.browser import CardBrowser
from tests.carddb.test_search import _imported_db
from tests.deckbuilder.cli.test_search_exact_name import ROWS


def test_the_typed_name_comes_first_and_enter_adds_it(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    with _imported_db(tmp_path, ROWS) as db:
        browser = CardBrowser(db)
        qtbot.addWidget(browser)
        added: list[str] = []
        browser.add_requested.connect(added.append)

        browser.query_edit.setText("dodge")
        qtbot.keyClick(browser.query_edit, Qt.Key.Key_Return)
        assert browser.shown_names()[:2] == ["Dodge", "Dodge and Weave"]  # the whole name, then a name begun
        assert set(browser.shown_names()[2:]) == {"Armor of Dodging", "Backstep"}
        assert added == ["Dodge"]

        browser.query_edit.setText("dodge and")
        qtbot.keyClick(browser.query_edit, Qt.Key.Key_Enter)
        assert browser.shown_names()[0] == "Dodge and Weave"
        assert added == ["Dodge"]  # only begun: shown first, not added

"""The window's import of a game's card CSV costs work linear in its rows, as `ragedeck import-cards` does: with a deck
of that game open, the card list is refilled once and its name column measured once, not once per card."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from deckbuilder.games.loader import load_game
from deckbuilder.ui.columns import NameFitter
from deckbuilder.ui.import_dialog import ImportReportDialog
from tests.deckbuilder.ui.test_import_game_cards import _answer_dialogs

ROWS = 600  # enough to tell n from n² (360,000 reads before), small enough for a quick test


def test_a_game_card_import_with_that_games_deck_open_measures_the_names_a_bounded_number_of_times(  # type: ignore[no-untyped-def]
    window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 100,000 rows took the window past a minute where the CLI took 2.5 s: every cell set measured every name again.
    deck = tmp_path / "rift.txt"
    deck.write_text(
        "# game: warrift\nStarting deck:\n5 Apprentice Mage\n5 Recruit Warrior\n", encoding="utf-8"
    )
    assert window.open_deck(deck, ask_first=False)
    assert window.browser.db.game == "warrift"
    source = tmp_path / "rift.csv"
    source.write_text(
        "Name,Type,Class,Tier,Attack,Health,Magicka,Text\n"
        + "".join(f"Rift Card {n},Class - Creature,Arbiter,2,2,,2,Creature {n}.\n" for n in range(ROWS)),
        encoding="utf-8",
    )
    measured: list[int] = []
    real_widest = NameFitter._widest

    def counted(self: NameFitter, column: int, rows: range) -> int:
        measured.append(len(rows))
        return real_widest(self, column, rows)

    monkeypatch.setattr(NameFitter, "_widest", counted)
    seen: list[str] = []

    def handler(widget: QApplication | None) -> None:
        if isinstance(widget, ImportReportDialog):
            seen.append(widget.report_text())
            widget.accept()

    timer = _answer_dialogs(handler)
    window.import_card_data(source, folder=False, game=load_game("warrift"))
    timer.stop()

    assert seen and seen[0].startswith(f"imported {ROWS} WarRift cards")
    browser = window.browser  # the one browser: a page of the game's cards, the count of them all
    assert browser.db.game == "warrift" and browser.model.total >= ROWS
    browser.query_edit.setText("n:rift")
    browser.run_search()
    while browser.model.canFetchMore():  # scrolled to the end, a page at a time
        browser.model.fetchMore()
    listed = browser.shown_names()
    assert len(listed) == ROWS and "Rift Card 599" in listed
    assert sum(measured) <= 4 * ROWS, f"{len(measured)} measures of {sum(measured)} rows in all"

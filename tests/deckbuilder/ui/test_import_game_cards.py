"""File → Import card data for another game: the player's CSV, which game it is, progress and Cancel, the CLI's
report and refusals, and the open deck of that game checked against the new cards."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QPushButton

from deckbuilder.ui.import_dialog import ImportReportDialog
from tests.deckbuilder.cli.helpers import demo_database, run

# An invented Lithic Rage card set of this test's own (the game.json's columns), with one row the reader refuses.
CARDS = """Name,Type,Subtype,Cost,M,A,W,S,Text
Marsh Walker,Ancestry,,,3,3,2,20,Wades where others sink.
Tide Caller,Class,,10,1,2,4,12,Level 1: Spirit Actions cost 1 less Energy.
Reed Dart,Action,Weapon,2,,,,,Deal 2 Damage.
Heron Stance,Action,Body,3,,,,,Dodge the next Attack.
Mud Charm,Action,Spirit,lots,,,,,A Cost that is no number.
"""
DECK = """# game: lithic-rage
Ancestry:
1\tMarsh Walker
Class:
1\tTide Caller
Actions:
2\tReed Dart
"""


def _answer_dialogs(handler) -> QTimer:  # type: ignore[no-untyped-def]
    """Poll for the import's modal dialogs and let `handler` act on them (a real user would click)."""
    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(lambda: handler(QApplication.activeModalWidget()))
    timer.start()
    return timer


def _problems(text: str) -> list[str]:
    """'file:line: reason' of each problem, from the CLI's lines ("  problem    file:line: reason") or the report
    dialog's ("file:line: problem: reason")."""
    found = []
    for line in text.splitlines():
        if line.startswith("  problem "):
            found.append(line.split(None, 1)[1])
        elif ": problem: " in line:
            found.append(line.replace(": problem: ", ": ", 1))
    return found


def test_a_lithic_rage_csv_imported_from_the_menu_checks_the_open_deck(  # type: ignore[no-untyped-def]
    window, tmp_path: Path, monkeypatch
) -> None:
    source = tmp_path / "marsh.csv"
    source.write_text(CARDS, encoding="utf-8")
    deck = tmp_path / "marsh.txt"
    deck.write_text(DECK, encoding="utf-8")
    assert window.open_deck(deck, ask_first=False)
    assert "UNKNOWN_CARD" in window.legality.shown_codes()  # the shipped Lithic Rage cards lack these
    offered: list[list[str]] = []

    def ask_card_game(self, path, games):  # type: ignore[no-untyped-def]
        offered.append([g.name for g in games])
        return games[0]  # the open deck's game comes first

    monkeypatch.setattr(type(window.prompts), "ask_game_card_path", lambda self: source)
    monkeypatch.setattr(type(window.prompts), "ask_card_game", ask_card_game)
    seen: list[str] = []

    def handler(widget) -> None:  # type: ignore[no-untyped-def]
        if isinstance(widget, ImportReportDialog):
            seen.append(widget.report_text())
            widget.accept()

    timer = _answer_dialogs(handler)
    window.findChild(QAction, "actionImportGameCards").trigger()
    timer.stop()

    assert offered == [["lithic-rage", "warrift"]]  # Rage's cards come from Lackey data, not a CSV
    assert seen and seen[0].startswith(f"imported 5 Lithic Rage cards from {source}")
    # The same refusals, with their lines, as `ragedeck import-cards --game lithic-rage` prints.
    cli = run(
        "import-cards", "--game", "lithic-rage", str(source), "--db", str(demo_database(tmp_path / "cli.db"))
    )
    assert cli.code == 0
    assert cli.out.startswith(seen[0].splitlines()[0])
    assert (
        _problems(seen[0])
        == _problems(cli.out)
        == [f"{source}:6: 'Mud Charm': Cost 'lots' is not a whole number; left empty"]
    )
    # The open deck of that game is checked against its new cards, and the card list shows them.
    assert window.report is not None and window.report.is_legal
    assert "UNKNOWN_CARD" not in window.legality.shown_codes()
    assert "Heron Stance" in [c.name for c in window.deck_pool().cards()]
    assert window.browser.db.game == "lithic-rage" and "Heron Stance" in window.browser.shown_names()


def test_a_card_file_that_is_not_utf8_is_refused_as_the_cli_refuses_it(  # type: ignore[no-untyped-def]
    window, tmp_path: Path, monkeypatch
) -> None:
    source = tmp_path / "latin1.csv"
    source.write_bytes("Name,Type\nCafé Brûlé,Action\n".encode("latin-1"))
    monkeypatch.setattr(type(window.prompts), "ask_card_game", lambda self, path, games: games[-1])  # WarRift
    refusals: list[str] = []

    def handler(widget) -> None:  # type: ignore[no-untyped-def]
        if isinstance(widget, QMessageBox):
            refusals.append(widget.text())
            widget.accept()
        elif isinstance(widget, ImportReportDialog):
            widget.accept()
            pytest.fail("a file that is not UTF-8 was imported")

    timer = _answer_dialogs(handler)
    assert window.import_card_data(source, folder=False) is None
    timer.stop()
    cli = run(
        "import-cards", "--game", "warrift", str(source), "--db", str(demo_database(tmp_path / "cli.db"))
    )
    assert cli.code == 2
    assert refusals and cli.err.strip().removeprefix("error: ") in refusals[0]
    # Nothing of the refused file is stored (the game's shipped cards, imported at first open, stay as they were).
    assert "Café Brûlé" not in [row[0] for row in window.db.game_card_rows("warrift")]


def test_cancelling_a_game_import_leaves_its_cards_as_they_were(  # type: ignore[no-untyped-def]
    window, tmp_path: Path, monkeypatch
) -> None:
    from deckbuilder.games import cardimport

    real = cardimport.import_game_card_file

    def held_import(db, game, path, shown, progress, cancel):  # type: ignore[no-untyped-def]
        def progress_then_hold(done: int, total: int) -> None:
            # Hold mid-import until the player presses Cancel, re-reporting so the progress dialog shows.
            progress(done, total)
            deadline = time.monotonic() + 30
            while done > 0 and not cancel() and time.monotonic() < deadline:
                progress(done, total)
                time.sleep(0.005)

        return real(db, game, path, shown, progress=progress_then_hold, cancel=cancel)

    monkeypatch.setattr(cardimport, "import_game_card_file", held_import)
    rows = "".join(f"Filler {i},Action,Body,1,,,,,\n" for i in range(50))
    source = tmp_path / "big.csv"
    source.write_text(CARDS.split("Mud Charm")[0] + rows, encoding="utf-8")
    cancelled: list[int] = []

    def handler(widget) -> None:  # type: ignore[no-untyped-def]
        if isinstance(widget, QProgressDialog) and widget.value() > 0 and not cancelled:
            cancelled.append(widget.value())
            widget.findChild(QPushButton).click()
        elif isinstance(widget, ImportReportDialog):
            widget.accept()
            pytest.fail("the import finished instead of being cancelled")

    timer = _answer_dialogs(handler)
    game = window.card_data_games()[0]
    before = [row for row in window.db.game_card_rows("lithic-rage") if not row[0].startswith("Filler")]
    assert window.import_card_data(source, folder=False, game=game) is None
    timer.stop()
    assert cancelled, "the progress dialog showed how far the import was"
    assert window.db.game_card_rows("lithic-rage") == before


def test_another_games_csv_is_refused_in_the_window_as_on_the_command_line(  # type: ignore[no-untyped-def]
    window, tmp_path: Path
) -> None:
    from deckbuilder.games.loader import load_game

    warrift = load_game("warrift")
    games = Path(__file__).resolve().parents[3] / "deckbuilder" / "games"
    shipped, lithic = games / "warrift" / "cards.csv", games / "lithic-rage" / "cards.csv"
    seen: list[str] = []

    def handler(widget) -> None:  # type: ignore[no-untyped-def]
        if isinstance(widget, ImportReportDialog):
            seen.append(widget.report_text())
            widget.accept()

    timer = _answer_dialogs(handler)
    window.import_card_data(shipped, folder=False, game=warrift)
    assert len(window.db.game_card_rows("warrift")) == 45
    window.import_card_data(lithic, folder=False, game=warrift)
    timer.stop()
    assert len(seen) == 2 and "nothing was stored; the database keeps the cards it had" in seen[1]
    assert "this is not WarRift card data (WarRift card data has the columns Name, Type, Class" in seen[1]
    assert len(window.db.game_card_rows("warrift")) == 45  # WarRift's cards, not Lithic Rage's 17 left empty


def test_a_refused_import_is_logged_as_one_line_not_a_traceback(  # type: ignore[no-untyped-def]
    window, tmp_path: Path, monkeypatch, caplog
) -> None:
    import logging

    source = tmp_path / "latin1.csv"
    source.write_bytes("Name,Type\nCafé Brûlé,Action\n".encode("latin-1"))
    monkeypatch.setattr(type(window.prompts), "ask_card_game", lambda self, path, games: games[-1])  # WarRift

    def handler(widget) -> None:  # type: ignore[no-untyped-def]
        if isinstance(widget, QMessageBox):
            widget.accept()

    timer = _answer_dialogs(handler)
    with caplog.at_level(logging.INFO, logger="deckbuilder.ui.workers"):
        assert window.import_card_data(source, folder=False) is None
    timer.stop()
    logged = [r for r in caplog.records if r.name == "deckbuilder.ui.workers"]
    assert logged, "the refusal is in the log"
    assert all(r.exc_info is None and "Traceback" not in r.getMessage() for r in logged)
    assert any("is not UTF-8 text" in r.getMessage() for r in logged)

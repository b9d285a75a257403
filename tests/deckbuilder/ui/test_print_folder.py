"""File → Print decklists of a folder…: the event's decks in one PDF, off the GUI thread, read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QProgressDialog, QPushButton

from carddb.demo import demo_deck_path


def _folder(tmp_path: Path) -> Path:
    """Two of the demo deck under other names and a file that is no deck."""
    folder = tmp_path / "event"
    folder.mkdir()
    data = json.loads(demo_deck_path().read_text(encoding="utf-8"))
    for player, name in (("Alice Smith", "Alice's pack"), ("bob", "Bob's pack")):
        (folder / f"{player}.json").write_text(json.dumps({**data, "name": name}), encoding="utf-8")
    (folder / "carol.dek").write_bytes(b"\x00\x01not a deck\xff")
    return folder


def _choose(monkeypatch: pytest.MonkeyPatch, folder: Path, answers, target: Path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))
    answers.save_path = target


def test_the_menu_prints_every_deck_of_a_folder(window, answers, qtbot, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder, target = _folder(tmp_path), tmp_path / "out" / "decklists.pdf"
    target.parent.mkdir()
    _choose(monkeypatch, folder, answers, target)
    action = window.findChild(QAction, "actionPrintFolder")
    assert action is not None and action.text().replace("&", "") == "Print decklists of a folder…"
    action.trigger()
    qtbot.waitUntil(lambda: window.printing.print_all_worker.done, timeout=60000)
    assert "Printed 2 decklists to" in answers.messages[-1]
    assert "1 file could not be read; its page says why." in answers.messages[-1]
    pages = [" ".join((p.extract_text() or "").split()) for p in PdfReader(str(target)).pages]
    assert len(pages) == 3
    assert "Alice's pack" in pages[0] and "Bob's pack" in pages[1]
    assert "Deck file not read" in pages[2] and "carol.dek" in pages[2]


def test_cancelling_writes_nothing(window, answers, qtbot, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import threading

    from deckbuilder.export import printall

    folder, target = _folder(tmp_path), tmp_path / "decklists.pdf"
    _choose(monkeypatch, folder, answers, target)
    reading, read = threading.Event(), printall._deck_pages

    def first_deck_waits(*args, **kwargs):  # type: ignore[no-untyped-def]
        reading.wait(30)  # the first deck is still being read when the player presses Cancel
        return read(*args, **kwargs)

    monkeypatch.setattr(printall, "_deck_pages", first_deck_waits)
    worker = window.print_folder_decklists()
    window.findChild(QProgressDialog).findChild(QPushButton).click()  # the progress dialog's Cancel button
    reading.set()
    qtbot.waitUntil(lambda: worker.done, timeout=60000)
    assert worker.was_cancelled and not target.exists()
    assert "nothing was written" in window.statusBar().currentMessage()


def test_a_folder_without_decks_says_so(window, answers, qtbot, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    empty, target = tmp_path / "empty", tmp_path / "decklists.pdf"
    empty.mkdir()
    _choose(monkeypatch, empty, answers, target)
    worker = window.print_folder_decklists()
    qtbot.waitUntil(lambda: worker.done, timeout=60000)
    assert "No deck file in" in answers.messages[-1] and not target.exists()


def test_the_menu_and_its_answer_in_portuguese(
    portuguese, make_window, answers, qtbot, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    folder, target = _folder(tmp_path), tmp_path / "decklists.pdf"
    _choose(monkeypatch, folder, answers, target)
    action = window.findChild(QAction, "actionPrintFolder")
    assert action.text().replace("&", "") == "Imprimir as listas de deck de uma pasta…"
    action.trigger()
    qtbot.waitUntil(lambda: window.printing.print_all_worker.done, timeout=60000)
    assert "Impressas 2 listas de deck em" in answers.messages[-1]
    assert "1 arquivo não pôde ser lido" in answers.messages[-1]
    text = " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(str(target)).pages)
    assert "Arquivo de deck não lido" in text


def test_what_the_folder_walk_skipped_is_said_in_the_players_language(
    portuguese, make_window, answers, qtbot, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    folder, target = _folder(tmp_path), tmp_path / "decklists.pdf"
    (folder / "dave.json").symlink_to(demo_deck_path())  # a link may lead anywhere: never followed
    _choose(monkeypatch, folder, answers, target)
    worker = window.print_folder_decklists()
    qtbot.waitUntil(lambda: worker.done, timeout=60000)
    assert f"{folder / 'dave.json'}: um link; links não são seguidos" in answers.messages[-1]

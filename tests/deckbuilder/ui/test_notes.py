"""Deck notes in the window: typed, undone, saved, and printed on the decklist."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtTest import QTest

from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import read_deck
from deckbuilder.ui.notes import NOTES_COMMIT_DELAY_MS


def _type(window, text: str) -> None:  # type: ignore[no-untyped-def]
    editor = window.notes_view.editor
    window.report_tabs.setCurrentWidget(window.notes_view)
    editor.setFocus()
    editor.moveCursor(editor.textCursor().MoveOperation.End)
    QTest.keyClicks(editor, text)


def test_typed_notes_become_one_undo_step_after_a_pause(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    before = window.deck.notes
    _type(window, " Mulligan for Ashen Howler.")
    assert window.deck.notes == before  # still typing: not yet an edit
    qtbot.waitUntil(lambda: window.deck.notes.endswith("Ashen Howler."), timeout=NOTES_COMMIT_DELAY_MS * 5)
    assert window.isWindowModified()
    assert window.undo_stack.count() == 1 and window.undo_stack.undoText() == "Edit notes"
    window.undo_stack.undo()
    assert window.deck.notes == before
    assert window.notes_view.editor.toPlainText() == before  # the box follows the undo
    window.undo_stack.redo()
    assert window.notes_view.editor.toPlainText().endswith("Ashen Howler.")


def test_saving_right_after_typing_keeps_the_notes(tmp_path: Path, window, answers) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    _type(window, " Bring 2 extra Low Feint.")
    answers.save_path = tmp_path / "deck.ragedeck"
    assert window.save()  # no pause: the save itself commits the typed text
    assert read_deck(tmp_path / "deck.ragedeck", window.db).deck.notes.endswith("Bring 2 extra Low Feint.")
    assert not window.isWindowModified()


def test_notes_print_on_the_decklist(tmp_path: Path, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.set_notes("")
    _type(window, "Sideboard: Blood in the Snow")
    assert window.export_decklist_pdf(tmp_path / "list.pdf")
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "list.pdf").pages)
    assert "Sideboard: Blood in the Snow" in text


def test_a_new_deck_clears_the_notes_box(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    assert window.notes_view.editor.toPlainText() == window.deck.notes != ""
    assert window.new_deck()
    assert window.notes_view.editor.toPlainText() == ""

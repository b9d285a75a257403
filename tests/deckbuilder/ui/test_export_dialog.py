"""The export dialogs: options, live first-page preview, clear errors, remembered choices, and the menu path."""

from __future__ import annotations

from pathlib import Path

import pytest
import shiboken6
from pypdf import PdfReader
from PySide6.QtCore import QDeadlineTimer, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from carddb.cardtypes import Section
from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import read_deck
from deckbuilder.export.paper import MM
from deckbuilder.ui.export_dialog import (
    DecklistExportDialog,
    ExportPreviewDialog,
    ProxyExportDialog,
    decklist_options_from_settings,
    proxy_options_from_settings,
)
from deckbuilder.ui.main_window import app_settings

PREVIEW_TIMEOUT_MS = 20000


@pytest.fixture
def demo_deck(demo_db: CardDatabase):  # type: ignore[no-untyped-def]
    """The bundled demo deck (40+ cards over all three sections)."""
    return read_deck(demo_deck_path(), demo_db).deck


def _wait_for_preview(qtbot, dialog: ExportPreviewDialog) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(
        lambda: dialog.preview is not None or dialog.preview_error is not None, timeout=PREVIEW_TIMEOUT_MS
    )
    assert dialog.preview_error is None, dialog.preview_error


def _changed_preview(qtbot, dialog: ExportPreviewDialog, change) -> None:  # type: ignore[no-untyped-def]
    """Apply a change and wait for the preview it causes (not the one shown before)."""
    dialog.preview = dialog.preview_error = None
    change()
    _wait_for_preview(qtbot, dialog)


def _proxy_dialog(qtbot, deck, db: CardDatabase) -> ProxyExportDialog:  # type: ignore[no-untyped-def]
    dialog = ProxyExportDialog(deck, db, app_settings())
    qtbot.addWidget(dialog)
    dialog.show()
    _wait_for_preview(qtbot, dialog)
    return dialog


def _faces_on_pages(deck_cards: int) -> int:
    # The demo cards have no images: one text proxy per copy, 9 to a sheet.
    return -(-deck_cards // 9)


def test_proxy_dialog_previews_the_first_sheet_on_the_chosen_paper(qtbot, demo_db, demo_deck) -> None:  # type: ignore[no-untyped-def]
    dialog = _proxy_dialog(qtbot, demo_deck, demo_db)
    assert dialog.preview is not None
    assert dialog.preview.page_size == pytest.approx((210 * MM, 297 * MM), abs=0.01)
    pixmap = dialog.preview_label.pixmap()
    assert not pixmap.isNull()
    assert pixmap.width() / pixmap.height() == pytest.approx(210 / 297, abs=0.01)
    pages = _faces_on_pages(sum(e.count for e in (*demo_deck.entries, *demo_deck.starting)))
    assert f"{pages} pages" in dialog.status_label.text()
    assert dialog.export_button.isEnabled()

    _changed_preview(qtbot, dialog, lambda: dialog.paper_combo.setEditText("8.5x11in"))
    assert dialog.preview.page_size == pytest.approx((612.0, 792.0), abs=0.01)


def test_options_that_do_not_fit_disable_export_with_the_reason(qtbot, demo_db, demo_deck) -> None:  # type: ignore[no-untyped-def]
    dialog = _proxy_dialog(qtbot, demo_deck, demo_db)
    dialog.gap_spin.setValue(25)
    assert not dialog.export_button.isEnabled()
    assert "need" in dialog.status_label.text() and "paper" in dialog.status_label.text()
    assert dialog.preview_label.pixmap().isNull()
    _changed_preview(qtbot, dialog, lambda: dialog.gap_spin.setValue(2))
    assert dialog.export_button.isEnabled()

    dialog.paper_combo.setEditText("napkin")
    assert not dialog.export_button.isEnabled()
    assert "unknown paper size" in dialog.status_label.text()


def test_choose_a_section_and_only_some_cards(qtbot, demo_db, demo_deck) -> None:  # type: ignore[no-untyped-def]
    dialog = _proxy_dialog(qtbot, demo_deck, demo_db)
    whole = dialog.preview.pages
    characters = [e for e in demo_deck.entries if demo_deck.section_of(e, demo_db) is Section.CHARACTERS]
    _changed_preview(
        qtbot,
        dialog,
        lambda: dialog.section_combo.setCurrentIndex(dialog.section_combo.findText("Characters")),
    )
    assert dialog.card_list.count() == len(characters)
    options = dialog.options()
    assert options.section is Section.CHARACTERS and options.names is None  # all ticked: the whole section
    assert dialog.preview.pages < whole

    first = dialog.card_list.item(0)
    _changed_preview(qtbot, dialog, lambda: first.setCheckState(Qt.CheckState.Unchecked))
    assert first.data(Qt.ItemDataRole.UserRole) not in (dialog.options().names or [])
    assert len(dialog.options().names or []) == len(characters) - 1

    dialog.set_all_ticked(False)
    assert not dialog.export_button.isEnabled()
    assert "No card is ticked" in dialog.status_label.text()


def test_an_empty_deck_or_section_says_there_is_nothing_to_print(qtbot, demo_db) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.deck import Deck

    only_combat = Deck(name="Half built")
    only_combat.add("Low Feint", 2)
    dialog = _proxy_dialog(qtbot, only_combat, demo_db)
    dialog.section_combo.setCurrentIndex(dialog.section_combo.findText("Sept deck"))
    assert not dialog.export_button.isEnabled()
    assert "no cards in its sept deck" in dialog.status_label.text()
    empty = ProxyExportDialog(Deck(name="Empty"), demo_db, app_settings())
    qtbot.addWidget(empty)
    assert not empty.export_button.isEnabled()
    assert "empty" in empty.status_label.text()


def test_layout_choices_are_remembered_for_the_next_export(qtbot, demo_db, demo_deck) -> None:  # type: ignore[no-untyped-def]
    dialog = _proxy_dialog(qtbot, demo_deck, demo_db)
    dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData("letter"))
    dialog.gap_spin.setValue(1.5)
    dialog.bleed_spin.setValue(2)
    dialog.cut_combo.setCurrentIndex(dialog.cut_combo.findData("corners"))
    dialog.both_sides_check.setChecked(False)
    dialog.accept()
    remembered = proxy_options_from_settings(app_settings())
    assert (remembered.paper, remembered.gap_mm, remembered.bleed_mm, remembered.cut_marks) == (
        "letter",
        1.5,
        2.0,
        "corners",
    )
    assert remembered.both_sides is False
    again = _proxy_dialog(qtbot, demo_deck, demo_db)
    assert again.paper_combo.currentText() == "Letter" and again.gap_spin.value() == 1.5
    assert again.cut_combo.currentData() == "corners" and not again.both_sides_check.isChecked()


def test_cancel_while_the_preview_renders_is_safe(qtbot, demo_db, demo_deck) -> None:  # type: ignore[no-untyped-def]
    dialog = ProxyExportDialog(demo_deck, demo_db, app_settings())
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.refresh_preview()  # start rendering at once, then close before it can finish
    dialog.reject()
    assert dialog.wait_for_preview()
    # Let every queued signal of the job be delivered: a late result must not reach the closed dialog.
    qtbot.waitUntil(dialog.preview_stopped, timeout=PREVIEW_TIMEOUT_MS)
    assert dialog.preview is None
    assert proxy_options_from_settings(app_settings()).gap_mm == 0.0  # Cancel remembers nothing


def test_decklist_dialog_previews_and_remembers_the_player(qtbot, demo_db, demo_deck) -> None:  # type: ignore[no-untyped-def]
    dialog = DecklistExportDialog(demo_deck, demo_db, app_settings())
    qtbot.addWidget(dialog)
    dialog.show()
    _wait_for_preview(qtbot, dialog)
    before = dialog.preview.image.tobytes()
    _changed_preview(qtbot, dialog, lambda: dialog.player_edit.setText("Alex Garou"))
    assert dialog.preview.image.tobytes() != before  # the name shows on the page
    assert "1 page" in dialog.status_label.text()
    dialog.event_edit.setText("Moot Cup")
    dialog.accept()
    remembered = decklist_options_from_settings(app_settings())
    assert (remembered.player, remembered.event) == ("Alex Garou", "Moot Cup")


def _answer_next_dialog(qtbot, answer) -> list[str]:  # type: ignore[no-untyped-def]
    """Run `answer(dialog)` on the export dialog once it is open and modal; returns any failure text."""
    problems: list[str] = []
    deadline = QDeadlineTimer(PREVIEW_TIMEOUT_MS)

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, ExportPreviewDialog):
            if deadline.hasExpired():
                problems.append("the export dialog never opened")
            else:
                QTimer.singleShot(20, poll)
            return
        try:
            _wait_for_preview(qtbot, dialog)
            answer(dialog)
        except Exception as exc:  # reported to the test, and the dialog closed so exec() returns
            problems.append(repr(exc))
            dialog.reject()

    QTimer.singleShot(0, poll)
    return problems


def test_menu_export_of_proxies_uses_the_dialog_choices(qtbot, tmp_path: Path, window, answers) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    answers.save_path = tmp_path / "characters.pdf"

    def choose(dialog: ProxyExportDialog) -> None:
        dialog.section_combo.setCurrentIndex(dialog.section_combo.findText("Characters"))
        dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData("letter"))
        dialog.accept()

    problems = _answer_next_dialog(qtbot, choose)
    worker = window.export_proxies_pdf()
    assert problems == []
    qtbot.waitUntil(lambda: worker.done, timeout=30000)
    worker.wait()
    reader = PdfReader(answers.save_path)
    characters = sum(
        e.count for e in window.deck.entries if window.deck.section_of(e, window.db) is Section.CHARACTERS
    )
    assert len(reader.pages) == _faces_on_pages(characters)
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((612.0, 792.0), abs=0.01)


def test_menu_export_of_the_decklist_prints_the_player(qtbot, tmp_path: Path, window, answers) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    answers.save_path = tmp_path / "list.pdf"

    def fill(dialog: DecklistExportDialog) -> None:
        dialog.player_edit.setText("Alex Garou")
        dialog.event_edit.setText("Moot Cup")
        dialog.accept()

    problems = _answer_next_dialog(qtbot, fill)
    assert window.export_decklist_pdf()
    assert problems == []
    text = PdfReader(answers.save_path).pages[0].extract_text()
    assert "Alex Garou" in text and "Moot Cup" in text
    # A later export straight to a path uses the remembered player without asking again.
    assert window.export_decklist_pdf(tmp_path / "again.pdf")
    assert "Alex Garou" in PdfReader(tmp_path / "again.pdf").pages[0].extract_text()


def test_cancelling_the_dialog_writes_nothing(qtbot, tmp_path: Path, window, answers) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    answers.save_path = tmp_path / "never.pdf"
    problems = _answer_next_dialog(qtbot, lambda dialog: dialog.reject())
    assert window.export_proxies_pdf() is None
    assert problems == [] and not answers.save_path.exists()
    assert answers.messages == []  # cancelling is not an error


def test_a_preview_that_ends_after_its_dialog_was_destroyed_is_dropped(qtbot, demo_db, demo_deck) -> None:  # type: ignore[no-untyped-def]
    parent = QWidget()
    dialog = ProxyExportDialog(demo_deck, demo_db, app_settings(), parent)
    dialog.refresh_preview()  # rendering; then the window goes away with the dialog, which is never closed
    worker = dialog.preview_jobs.running
    assert worker is not None
    shiboken6.delete(parent)
    assert worker.cancel_event.is_set()  # nobody will see the page: the job is told to stop
    # Whatever the job still reports must not reach the deleted widgets (pytest-qt fails on an exception).
    qtbot.waitUntil(lambda: worker.has_stopped, timeout=PREVIEW_TIMEOUT_MS)


def test_a_page_that_arrives_after_its_dialog_was_destroyed_is_not_drawn(qtbot, demo_db, demo_deck) -> None:  # type: ignore[no-untyped-def]
    parent = QWidget()
    dialog = DecklistExportDialog(demo_deck, demo_db, app_settings(), parent=parent)
    dialog.refresh_preview()  # the decklist renders to its end even when cancelled: its page does arrive
    worker = dialog.preview_jobs.running
    assert worker is not None
    shiboken6.delete(parent)
    # Drawing it into the deleted widgets would raise, and pytest-qt fails a test on an exception in a slot.
    qtbot.waitUntil(lambda: worker.has_stopped, timeout=PREVIEW_TIMEOUT_MS)
    assert worker.result is not None and dialog.preview is None

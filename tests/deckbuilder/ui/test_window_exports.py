"""The window's exports: one way of reporting a file it cannot write, and a proxy export with nothing to print."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from pypdf import PdfReader

from carddb.demo import demo_deck_path
from deckbuilder.collection import Collection
from deckbuilder.export import ProxyOptions
from deckbuilder.ui.export_dialog import ProxyExportDialog


def test_proxies_the_collection_owns_entirely_say_how_to_print_them_instead_of_failing(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, window, answers, caplog: pytest.LogCaptureFixture
) -> None:
    assert window.open_deck(demo_deck_path(), ask_first=False)
    collection = Collection(window.db)
    for entry in (*window.deck.entries, *window.deck.starting):
        collection.set_count(entry.name, None, collection.count(entry.name) + entry.count)
    target = tmp_path / "proxies.pdf"
    with caplog.at_level(logging.DEBUG):
        worker = window.export_proxies_pdf(target)  # the last chosen options: only copies missing
        qtbot.waitUntil(lambda: worker.has_stopped, timeout=30000)
        worker.wait()
    assert worker.error is None
    assert not [record for record in caplog.records if record.exc_info]  # no traceback logged
    assert not target.exists()
    message = answers.messages[-1]
    assert "Every copy of these cards is in your collection, so there is nothing to print" in message
    # The message names the export dialog's own option, and unticking it prints every copy.
    dialog = ProxyExportDialog(window.deck, window.db, window.settings, window)
    qtbot.addWidget(dialog)
    assert f"untick “{dialog.missing_only_check.text()}”" in message
    dialog.missing_only_check.setChecked(False)
    worker = window.export_proxies_pdf(target, dialog.options())
    qtbot.waitUntil(lambda: worker.has_stopped, timeout=30000)
    worker.wait()
    assert worker.error is None and len(PdfReader(target).pages) >= 1


def test_an_export_that_cannot_write_says_which_file_and_why(tmp_path: Path, window, answers) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    folder = tmp_path / "a folder"
    folder.mkdir()
    for export in (lambda: window.export_deck("dek", folder), lambda: window.export_decklist_pdf(folder)):
        assert not export()
        assert answers.messages[-1].startswith(f"Cannot write {folder}: ")
        assert folder.is_dir()  # never replaced
    assert window.export_deck("dek", tmp_path / "deck.dek")
    assert "Exported" in window.statusBar().currentMessage()


def test_proxy_options_that_select_nothing_are_told_plainly_without_a_traceback(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, window, answers, caplog: pytest.LogCaptureFixture
) -> None:
    assert window.open_deck(demo_deck_path(), ask_first=False)
    target = tmp_path / "proxies.pdf"
    with caplog.at_level(logging.DEBUG):
        worker = window.export_proxies_pdf(target, ProxyOptions(names=["A Card Not In This Deck"]))
        qtbot.waitUntil(lambda: worker.has_stopped, timeout=30000)
        worker.wait()
    assert not [record for record in caplog.records if record.exc_info]
    assert "no cards to print" in answers.messages[-1]
    assert not target.exists()

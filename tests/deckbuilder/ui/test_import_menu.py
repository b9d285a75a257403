"""File → Import card data from the main window: progress, the report, Cancel leaving the database unchanged."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from carddb.model import LACKEY_HEADER
from deckbuilder.ui import import_dialog
from deckbuilder.ui.import_dialog import ImportProgressDialog, ImportReportDialog

INVENTED = [
    ("Zephyr Testwolf", "Character - Gaia", "4"),
    ("Quartz Trial Gift", "Gift", ""),
]


def _card_file(path: Path, extra_rows: int = 0) -> Path:
    lines = ["\t".join(LACKEY_HEADER)]
    rows = INVENTED + [(f"Filler Card {i}", "Event", "") for i in range(extra_rows)]
    for name, card_type, renown in rows:
        values = dict.fromkeys(LACKEY_HEADER, "")
        values.update({"Name": name, "Expansion": "Trial Set", "Type": card_type, "Renown": renown})
        lines.append("\t".join(values[h] for h in LACKEY_HEADER))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _answer_dialogs(handler) -> QTimer:  # type: ignore[no-untyped-def]
    """Poll for the import's modal dialogs and let `handler` act on them (a real user would click)."""
    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(lambda: handler(QApplication.activeModalWidget()))
    timer.start()
    return timer


def _accept_reports(seen: list[str]):  # type: ignore[no-untyped-def]
    """A dialog handler that reads each import report into `seen` and closes it, as the player would."""

    def handler(widget) -> None:  # type: ignore[no-untyped-def]
        if isinstance(widget, ImportReportDialog):
            seen.append(widget.report_text())
            widget.accept()

    return handler


def test_importing_a_card_file_from_the_menu_refreshes_the_browser(  # type: ignore[no-untyped-def]
    tmp_path: Path, make_window, monkeypatch
) -> None:
    window = make_window(show_demo_banner=True)
    window.show()
    before = window.browser.result_count()
    source = _card_file(tmp_path / "trial.txt")
    monkeypatch.setattr(type(window.prompts), "ask_import_path", lambda self, folder: source)
    seen: list[str] = []
    timer = _answer_dialogs(_accept_reports(seen))
    window.add_card("Zephyr Testwolf")  # unknown before the import
    assert "UNKNOWN_CARD" in window.legality.shown_codes()
    window.findChild(QAction, "actionImportCardFile").trigger()
    timer.stop()
    assert seen, "the import report was shown"
    assert window.browser.result_count() == before + 2
    assert window.db.lookup("Zephyr Testwolf") is not None
    assert "UNKNOWN_CARD" not in window.legality.shown_codes()  # the deck re-checked against the new cards
    assert window.banner.isHidden()


def test_cancelling_an_import_leaves_the_database_as_it_was(tmp_path: Path, make_window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from carddb.importing import ImportCancelled, import_path

    def held_import(db, path, progress, cancel):  # type: ignore[no-untyped-def]
        def progress_then_hold(done: int, total: int) -> None:
            # Hold mid-import until the player presses Cancel, however slowly the GUI gets there; re-report
            # meanwhile so that a step the progress rate limit dropped still reaches the bar.
            progress(done, total)
            deadline = time.monotonic() + 30
            while done > 0 and not cancel() and time.monotonic() < deadline:
                progress(done, total)
                time.sleep(0.005)

        return import_path(db, path, progress=progress_then_hold, cancel=cancel)

    monkeypatch.setattr(import_dialog, "_default_import_fn", lambda: (held_import, ImportCancelled))
    window = make_window()
    window.show()
    count = window.db.card_count()
    shown = window.browser.result_count()
    source = _card_file(tmp_path / "big.txt", extra_rows=2000)
    progressed: list[int] = []

    def handler(widget) -> None:  # type: ignore[no-untyped-def]
        if isinstance(widget, ImportProgressDialog) and widget.cancel_button.isEnabled():
            if widget.bar.maximum() > 0 and widget.bar.value() > 0:
                progressed.append(widget.bar.value())
                widget.cancel_button.click()
        elif isinstance(widget, ImportReportDialog):
            widget.accept()
            pytest.fail("the import finished instead of being cancelled")

    timer = _answer_dialogs(handler)
    report = window.import_card_data(source)
    timer.stop()
    assert report is None
    assert progressed, "the progress bar moved before Cancel"
    assert window.db.card_count() == count
    assert window.db.lookup("Zephyr Testwolf") is None
    assert window.browser.result_count() == shown


def test_first_run_offers_a_lackey_plugin_found_in_documents(tmp_path: Path, make_window) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    plugin = home / "Documents" / "LackeyCCG" / "plugins" / "Rage"
    (plugin / "sets").mkdir(parents=True)
    _card_file(plugin / "sets" / "carddata.txt")
    window = make_window(show_demo_banner=True)
    window.show()
    assert window.banner.found_button.isHidden()
    assert window.offer_found_plugins(home) == plugin
    assert not window.banner.found_button.isHidden()
    assert str(plugin) in window.banner.label.text()
    seen: list[str] = []
    timer = _answer_dialogs(_accept_reports(seen))
    window.banner.found_button.click()
    timer.stop()
    assert seen and window.db.lookup("Zephyr Testwolf") is not None
    assert window.banner.isHidden()


def test_no_offer_without_a_plugin_or_once_real_cards_are_imported(tmp_path: Path, make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window(show_demo_banner=True)
    window.show()
    assert window.offer_found_plugins(tmp_path / "empty-home") is None
    assert window.banner.found_button.isHidden()
    hidden = make_window(show_demo_banner=False)
    (tmp_path / "h" / "LackeyCCG" / "plugins" / "rage" / "sets").mkdir(parents=True)
    _card_file(tmp_path / "h" / "LackeyCCG" / "plugins" / "rage" / "sets" / "carddata.txt")
    assert hidden.offer_found_plugins(tmp_path / "h") is None


@pytest.mark.parametrize("remove", [True, False])
def test_after_importing_real_cards_the_window_offers_to_remove_the_demo_cards(  # type: ignore[no-untyped-def]
    tmp_path: Path, make_window, answers, monkeypatch, remove: bool
) -> None:
    answers.remove_demo = remove
    window = make_window()
    window.show()
    window.add_card("Ashen Howler")
    source = _card_file(tmp_path / "trial.txt")
    monkeypatch.setattr(type(window.prompts), "ask_import_path", lambda self, folder: source)
    timer = _answer_dialogs(_accept_reports([]))
    window.findChild(QAction, "actionImportCardFile").trigger()
    timer.stop()
    assert answers.asked_remove_demo == 1
    window.browser.query_edit.setText("howler")
    window.browser.run_search()
    assert ("Ashen Howler" in window.browser.shown_names()) is not remove
    # Kept or not, the demo card is no longer legal in the deck: real card data is in.
    codes = window.legality.shown_codes()
    assert ("UNKNOWN_CARD" if remove else "DEMO_CARD") in codes


def test_a_card_a_reimport_retires_is_told_apart_from_an_unknown_card(  # type: ignore[no-untyped-def]
    tmp_path: Path, make_window, monkeypatch
) -> None:
    window = make_window()
    window.show()
    source = _card_file(tmp_path / "trial.txt")
    monkeypatch.setattr(type(window.prompts), "ask_import_path", lambda self, folder: source)
    seen: list[str] = []
    timer = _answer_dialogs(_accept_reports(seen))
    window.findChild(QAction, "actionImportCardFile").trigger()
    window.add_card("Quartz Trial Gift")
    window.add_card("Never A Card Anywhere")
    assert "RETIRED_CARD" not in window.legality.shown_codes()
    # The same file again without the Gift: the re-import retires it.
    kept = [line for line in source.read_text(encoding="utf-8").splitlines() if "Quartz" not in line]
    source.write_text("\n".join(kept) + "\n", encoding="utf-8")
    window.findChild(QAction, "actionImportCardFile").trigger()
    timer.stop()
    assert len(seen) == 2
    assert window.legality.shown_codes().count("RETIRED_CARD") == 1
    assert window.legality.shown_codes().count("UNKNOWN_CARD") == 1  # the name no card data ever had
    item = window.legality.item_for("RETIRED_CARD")
    assert item is not None
    assert "'Quartz Trial Gift' is no longer in the card data (retired by the last import)" in item.text()

"""Import dialog: progress to the end with a report, cancel leaves the database as it was, failures are shown."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QMessageBox, QTableWidget, QWidget
from pytestqt.qtbot import QtBot

from carddb.db import CardDatabase
from carddb.importing import ImportCancelled, ImportIssue, ImportReport, import_path
from carddb.model import LACKEY_HEADER
from deckbuilder.ui import import_dialog
from deckbuilder.ui.import_dialog import ImportProgressDialog, ImportReportDialog, run_import_dialog

WAIT_MS = 30_000


def write_carddata(
    path: Path, names: list[str], text: str = "Howl at the moon.", extra_lines: str = ""
) -> Path:
    """A Lackey card-data file of invented Gifts (tab-separated, with the plugin's header)."""
    lines = ["\t".join(LACKEY_HEADER)]
    for name in names:
        row = {"Name": name, "Expansion": "Foundry", "Type": "Gift", "Gnosis": "2", "Text": text}
        lines.append("\t".join(row.get(column, "") for column in LACKEY_HEADER))
    path.write_text("\n".join(lines) + "\n" + extra_lines, encoding="utf-8")
    return path


def cell_text(table: QTableWidget, row: int, column: int) -> str:
    """Text of a table cell (which must exist)."""
    item = table.item(row, column)
    assert item is not None, f"no cell at row {row}, column {column}"
    return item.text()


def start_and_wait(qtbot: QtBot, dialog: ImportProgressDialog) -> Any:
    """Start the import and return what `import_ended` carried."""
    with qtbot.waitSignal(dialog.import_ended, timeout=WAIT_MS) as blocker:
        dialog.start()
    assert dialog.worker is not None
    dialog.worker.wait(5000)
    return blocker.args[0] if blocker.args else None


def test_progress_reaches_the_end_and_the_report_is_shown(
    qtbot: QtBot, tmp_db: CardDatabase, tmp_path: Path
) -> None:
    source = write_carddata(tmp_path / "carddata.txt", [f"Moonfang Gift {i}" for i in range(400)])
    dialog = ImportProgressDialog(tmp_db, source)
    qtbot.addWidget(dialog)
    seen: list[int] = []
    dialog.bar.valueChanged.connect(seen.append)
    dialog.show()

    report = start_and_wait(qtbot, dialog)

    assert isinstance(report, ImportReport)
    assert report.cards_added == 400
    assert dialog.report is report and dialog.error is None and not dialog.was_cancelled
    assert dialog.bar.maximum() > 0 and dialog.bar.value() == dialog.bar.maximum()
    assert len(seen) >= 2  # the bar moved during the import, not only at the end
    assert tmp_db.card_count() == 400
    assert tmp_db.lookup("Moonfang Gift 399") is not None

    shown = ImportReportDialog(report)
    qtbot.addWidget(shown)
    shown.show()
    assert shown.summary.text() == report.summary()
    assert "400 cards added" in shown.summary.text()
    assert shown.issues.isHidden()


def test_report_dialog_lists_each_issue_with_line_and_reason(
    qtbot: QtBot, tmp_db: CardDatabase, tmp_path: Path
) -> None:
    empty_name_row = "\t".join(
        "" if c == "Name" else ("Foundry" if c == "Expansion" else "") for c in LACKEY_HEADER
    )
    source = write_carddata(tmp_path / "carddata.txt", ["Good Card"], extra_lines=empty_name_row + "\tGift\n")
    report = import_path(tmp_db, source)
    assert report.issues, "the importer should flag a row without a Name"

    dialog = ImportReportDialog(report)
    qtbot.addWidget(dialog)
    dialog.show()

    table = dialog.issues
    assert not table.isHidden()
    assert table.rowCount() == len(report.issues)
    cells = {(cell_text(table, r, 1), cell_text(table, r, 3)) for r in range(table.rowCount())}
    assert (str(report.issues[0].line), report.issues[0].reason) in cells
    assert f":{report.issues[0].line}: " in dialog.report_text()


def test_report_dialog_shows_invented_issues_in_order(qtbot: QtBot) -> None:
    report = ImportReport(
        source="cards.txt",
        rows_read=12,
        cards_added=9,
        issues=[
            ImportIssue("sets/cards.txt", 7, "empty Name", "rejected"),
            ImportIssue("sets/cards.txt", 11, "Renown is not a number", "suspicious"),
        ],
    )

    dialog = ImportReportDialog(report)
    qtbot.addWidget(dialog)

    rows = [[cell_text(dialog.issues, r, c) for c in range(4)] for r in range(2)]
    assert rows == [
        ["cards.txt", "7", "rejected", "empty Name"],
        ["cards.txt", "11", "suspicious", "Renown is not a number"],
    ]


def waiting_for_cancel(real: Callable[..., ImportReport]) -> Callable[..., ImportReport]:
    """The real importer, made to hold at its first progress report until the user presses Cancel."""

    def run(db: CardDatabase, path: Path, progress: Any, cancel: Callable[[], bool]) -> ImportReport:
        def progress_then_hold(done: int, total: int) -> None:
            progress(done, total)
            deadline = time.monotonic() + 10
            while not cancel() and time.monotonic() < deadline:
                time.sleep(0.005)

        return real(db, path, progress=progress_then_hold, cancel=cancel)

    return run


def test_cancel_mid_import_leaves_the_database_as_it_was(
    qtbot: QtBot, tmp_db: CardDatabase, tmp_path: Path
) -> None:
    first = write_carddata(tmp_path / "first.txt", ["Grey Ember", "Silver Pelt", "Old Oak"], text="Old text.")
    import_path(tmp_db, first)
    tmp_db.invalidate_caches()
    second = write_carddata(
        tmp_path / "second.txt", ["Grey Ember", *(f"Newcomer {i}" for i in range(500))], text="New text."
    )
    dialog = ImportProgressDialog(tmp_db, second, import_fn=waiting_for_cancel(import_path))
    qtbot.addWidget(dialog)
    dialog.show()

    def press_cancel_once_running(value: int) -> None:
        if value > 0 and dialog.cancel_button.isEnabled():
            dialog.cancel_button.click()

    dialog.bar.valueChanged.connect(press_cancel_once_running)
    result = start_and_wait(qtbot, dialog)

    assert result is None
    assert dialog.was_cancelled and dialog.report is None and dialog.error is None
    assert tmp_db.card_count() == 3
    grey = tmp_db.lookup("Grey Ember")
    assert grey is not None and grey.text == "Old text."
    assert tmp_db.lookup("Newcomer 1") is None


def test_escape_during_import_cancels_instead_of_hiding_it(qtbot: QtBot, tmp_db: CardDatabase) -> None:
    def endless(db: CardDatabase, path: Path, progress: Any, cancel: Callable[[], bool]) -> ImportReport:
        for done in range(10_000):
            progress(done, 10_000)
            if cancel():
                raise ImportCancelled("stopped")
            time.sleep(0.002)
        raise AssertionError("the dialog never asked the job to stop")

    dialog = ImportProgressDialog(
        tmp_db, Path("endless.txt"), import_fn=endless, cancelled_error=ImportCancelled
    )
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.import_ended, timeout=WAIT_MS) as blocker:
        dialog.start()
        qtbot.waitUntil(lambda: dialog.bar.maximum() == 10_000)  # mid-import: the job has reported
        dialog.reject()  # what Escape and the window's close button do
        assert dialog.isVisible()  # still open until the worker has really stopped
        assert "Cancelling" in dialog.label.text()

    assert blocker.args == [None]
    assert dialog.was_cancelled and not dialog.isVisible()


def test_failing_import_shows_the_error_without_crashing(
    qtbot: QtBot, tmp_db: CardDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[str, str]] = []

    def fake_critical(parent: QWidget | None, title: str, text: str, *args: object) -> int:
        shown.append((title, text))
        return 0

    monkeypatch.setattr(QMessageBox, "critical", staticmethod(fake_critical))
    missing = tmp_path / "no-such-cards.txt"

    assert run_import_dialog(None, tmp_db, missing) is None

    assert len(shown) == 1
    title, text = shown[0]
    assert title == "Import failed"
    assert "no-such-cards.txt" in text and "does not exist" in text
    assert tmp_db.card_count() == 0


def test_unexpected_exception_in_the_importer_is_reported(qtbot: QtBot, tmp_db: CardDatabase) -> None:
    def broken(db: CardDatabase, path: Path, progress: Any, cancel: Any) -> ImportReport:
        progress(1, 2)
        raise RuntimeError("the importer tripped")

    dialog = ImportProgressDialog(tmp_db, Path("x.txt"), import_fn=broken, cancelled_error=ImportCancelled)
    qtbot.addWidget(dialog)
    dialog.show()

    assert start_and_wait(qtbot, dialog) is None
    assert dialog.error == "RuntimeError: the importer tripped"
    assert not dialog.isVisible()


def test_run_import_dialog_returns_the_report_and_shows_it(
    qtbot: QtBot, tmp_db: CardDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []

    def record_instead_of_blocking(self: ImportReportDialog) -> int:
        shown.append(self.summary.text())
        return 0

    monkeypatch.setattr(import_dialog.ImportReportDialog, "exec", record_instead_of_blocking)
    source = write_carddata(tmp_path / "carddata.txt", ["Lone Gift"])

    report = run_import_dialog(None, tmp_db, source)

    assert report is not None and report.cards_added == 1
    assert shown == [report.summary()]
    assert tmp_db.lookup("Lone Gift") is not None


def test_report_dialog_shows_the_reasons_in_the_chosen_language(
    qtbot: QtBot, tmp_db: CardDatabase, tmp_path: Path
) -> None:
    from deckbuilder import i18n

    empty_name_row = "\t".join(
        "" if c == "Name" else ("Foundry" if c == "Expansion" else "") for c in LACKEY_HEADER
    )
    source = write_carddata(tmp_path / "carddata.txt", ["Good Card"], extra_lines=empty_name_row + "\tGift\n")
    report = import_path(tmp_db, source)
    i18n.set_language("pt_BR")
    try:
        dialog = ImportReportDialog(report)
    finally:
        i18n.set_language(None)
    qtbot.addWidget(dialog)
    rows = {
        (cell_text(dialog.issues, r, 2), cell_text(dialog.issues, r, 3))
        for r in range(dialog.issues.rowCount())
    }
    assert ("rejeitada", "Name (nome) vazio") in rows
    assert dialog.summary.text().startswith("2 linhas lidas de ")
    assert report.issues[0].reason == "empty Name"  # the report itself keeps the English text


def test_the_report_of_a_huge_faulty_import_lists_a_bounded_number_of_rows(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An import of a million faulty rows once built four million table cells; the rest are counted, and copied.
    monkeypatch.setattr(import_dialog, "MAX_LISTED_ISSUES", 100, raising=False)
    issues = [ImportIssue("cards.txt", n, f"row {n} is odd", "suspicious") for n in range(2, 302)]
    dialog = ImportReportDialog(ImportReport(source="cards.txt", rows_read=300, issues=issues))
    qtbot.addWidget(dialog)

    assert dialog.issues.rowCount() == 100
    assert cell_text(dialog.issues, 99, 3) == "row 101 is odd"
    said = [label.text() for label in dialog.findChildren(QLabel)]
    assert "300 rows need a look:" in said
    assert "The first 100 are listed here; Copy report gives all 300." in said
    assert (
        len(dialog.report_text().splitlines()) == 301
        and "cards.txt:301: suspicious: row 301 is odd" in dialog.report_text()
    )

"""The proxy dialog's duplex options: backs in the preview, the back choice, printer profiles and their readings."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import read_deck
from deckbuilder.export.printers import PrinterProfile, load_profiles, save_profile
from deckbuilder.ui.export_dialog import ProxyExportDialog, proxy_options_from_settings
from deckbuilder.ui.main_window import app_settings
from tests.deckbuilder.ui.test_export_dialog import _changed_preview, _wait_for_preview


@pytest.fixture
def dialog(qtbot, demo_db: CardDatabase):  # type: ignore[no-untyped-def]
    deck = read_deck(demo_deck_path(), demo_db).deck
    save_profile(PrinterProfile("Office", 1.0, -0.5))
    shown = ProxyExportDialog(deck, demo_db, app_settings())
    qtbot.addWidget(shown)
    shown.show()
    _wait_for_preview(qtbot, shown)
    return shown


def _choose(combo, value: str) -> None:  # type: ignore[no-untyped-def]
    combo.setCurrentIndex(combo.findData(value))


def test_duplex_previews_front_and_back_and_doubles_the_pages(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    box = dialog.duplex_box
    one_sided = dialog.preview.pages
    assert not box.back_combo.isEnabled()  # nothing to choose while printing one side
    _choose(box.back_combo, "plain")
    _changed_preview(qtbot, dialog, lambda: _choose(box.duplex_combo, "short"))
    assert dialog.preview.pages == 2 * one_sided
    assert "front and back" in dialog.preview_title.text()
    pixmap = dialog.preview_label.pixmap()
    # Two A4 pages side by side: wider than tall, unlike the one-sided preview.
    assert pixmap.width() / pixmap.height() == pytest.approx(
        (2 * 210 + 8 * 297 / pixmap.height()) / 297, abs=0.03
    )
    options = dialog.options()
    assert (options.duplex, options.back, options.printer.name) == ("short", "plain", "")
    _choose(box.printer_combo, "Office")
    assert dialog.options().printer == load_profiles().get("Office")


def test_an_image_back_without_a_file_disables_export_with_the_reason(qtbot, dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    box = dialog.duplex_box
    _choose(box.duplex_combo, "long")
    box.back_edit.setText("")
    _choose(box.back_combo, "file")
    assert box.back_edit.isEnabled()
    assert not dialog.export_button.isEnabled()
    assert "image file for the card backs" in dialog.status_label.text()
    missing = tmp_path / "no-such-back.jpg"
    box.back_edit.setText(str(missing))
    qtbot.waitUntil(lambda: dialog.preview_error is not None, timeout=20000)
    assert "not found" in dialog.preview_error and not dialog.export_button.isEnabled()


def test_readings_make_or_correct_a_profile_and_choose_it(dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    box = dialog.duplex_box
    _choose(box.duplex_combo, "long")
    sheet = tmp_path / "align.pdf"
    assert box.write_alignment_sheet(sheet)
    assert len(PdfReader(sheet).pages) == 2 and "align.pdf" in box.note.text()
    saved = box.apply_readings("Office", {"A": (0.5, 0.5), "D": (0.5, 0.5)})
    assert (
        saved is not None
        and saved.offset_x_mm == pytest.approx(1.5)
        and saved.offset_y_mm == pytest.approx(0.0)
    )
    assert box.printer_combo.currentData() == "Office" and dialog.options().printer == saved
    made = box.apply_readings("Inkjet", {"B": (-2, 1)})
    assert made is not None and load_profiles().get("inkjet").offset_x_mm == pytest.approx(-2)
    assert box.apply_readings("Bad", {"A": (99, 0)}) is None and "X offset" in box.note.text()


def test_the_duplex_choices_are_remembered(dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    box = dialog.duplex_box
    _choose(box.duplex_combo, "long")
    _choose(box.back_combo, "plain")
    _choose(box.printer_combo, "Office")
    dialog.accept()
    remembered = proxy_options_from_settings(app_settings())
    assert (remembered.duplex, remembered.back, remembered.printer.name) == ("long", "plain", "Office")


def test_measure_dialog_reads_points_and_commas_and_names_a_bad_corner(qtbot) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui.duplex_options import MeasureDialog

    measure = MeasureDialog("Office")
    qtbot.addWidget(measure)
    measure.edits["A"][0].setText("1,5")
    measure.edits["C"][1].setText("-0.25")
    assert measure.readings() == {"A": (1.5, 0.0), "C": (0.0, -0.25)}
    measure.edits["B"][0].setText("left a bit")
    with pytest.raises(ValueError, match=r"^B:"):
        measure.readings()


def test_readings_saved_over_a_damaged_profiles_file_say_where_it_was_kept(dialog) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.export.printers import profiles_path

    profiles_path().write_bytes(b'{"printers": ' + b"[" * 500 + b"]" * 500 + b"}")
    box = dialog.duplex_box
    saved = box.apply_readings("Inkjet", {"B": (-2, 1)})
    assert saved is not None and "kept as printers.json.damaged-" in box.note.text()
    assert list(load_profiles().profiles) == ["Inkjet"]

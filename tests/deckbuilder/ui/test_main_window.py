"""The main window driven as a player would: add cards, see counts and legality change, undo, files, prompts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent, QGuiApplication, QKeySequence, QPalette
from PySide6.QtWidgets import QMessageBox

from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import read_deck
from deckbuilder.ui.card_results import encode_card_names
from deckbuilder.ui.deck_rows import tint_color

Choice = QMessageBox.StandardButton


def _rows(window, section: str) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    model = window.deck_view.models[section]
    return [(r.entry.name, r.entry.count) for r in model.rows()]


def _open_demo(window) -> None:  # type: ignore[no-untyped-def]
    # Opened from the package, so Save must ask for a new file rather than overwrite the bundled deck.
    assert window.open_deck(demo_deck_path(), ask_first=False)
    assert window.deck_path is None


def _trigger(window, name: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QAction

    action = window.findChild(QAction, name)
    assert action is not None, name
    action.trigger()


# -- adding and removing ----------------------------------------------------------------------------


def test_double_click_in_the_browser_adds_the_card_and_updates_counts_and_legality(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    browser = window.browser
    browser.query_edit.setText('"Ashen Howler"')
    browser.run_search()
    assert window.legality.shown_codes()[:1] == ["NO_CHARACTERS"]
    index = browser.model.index(0, 0)
    rect = browser.table.visualRect(index)
    # Qt's test double-click needs the press/release of a first click before it, as a real mouse gives.
    qtbot.mouseClick(browser.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(browser.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert _rows(window, "characters") == [("Ashen Howler", 1)]
    assert window.deck_view.titles["characters"].text() == "Characters (1)"
    assert "NO_CHARACTERS" not in window.legality.shown_codes()
    assert window.deck_view.header_label.text().startswith("Renown 6 / 20")
    assert window.isWindowModified()


def test_dropping_cards_from_the_browser_adds_them(window) -> None:  # type: ignore[no-untyped-def]
    mime = encode_card_names(["Low Feint", "Bark Hide"])
    table = window.deck_view.tables["sept"]
    event = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    table.dropEvent(event)
    assert _rows(window, "combat") == [("Low Feint", 1)]
    assert _rows(window, "sept") == [("Bark Hide", 1)]
    foreign = QMimeData()
    foreign.setText("Low Feint")
    table.dropEvent(
        QDropEvent(
            QPointF(10, 10),
            Qt.DropAction.CopyAction,
            foreign,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
    )
    assert _rows(window, "combat") == [("Low Feint", 1)]  # plain text from elsewhere is not a card drop


def test_plus_minus_and_delete_keys_change_the_selected_row(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Low Feint")
    table = window.deck_view.tables["combat"]
    window.deck_view.select_cards(["Low Feint"])
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Plus)
    assert _rows(window, "combat") == [("Low Feint", 2)]
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert _rows(window, "combat") == [("Low Feint", 1)]
    window.deck_view.remove_button.click()
    assert _rows(window, "combat") == []


def test_editing_the_quantity_cell_goes_through_the_undo_stack(window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Bark Hide")
    model = window.deck_view.models["sept"]
    model.setData(model.index(0, 0), 3)
    assert _rows(window, "sept") == [("Bark Hide", 3)]
    window.undo_stack.undo()
    assert _rows(window, "sept") == [("Bark Hide", 1)]


# -- undo / redo -----------------------------------------------------------------------------------------


def test_undo_and_redo_with_the_standard_shortcuts(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Ashen Howler")
    window.add_card("Gutter Maw")
    assert "ALLEGIANCE_MIXED" in window.legality.shown_codes()
    window.activateWindow()
    window.setFocus()
    undo_keys = QKeySequence(QKeySequence.StandardKey.Undo)
    redo_keys = QKeySequence(QKeySequence.StandardKey.Redo)
    qtbot.keySequence(window, undo_keys)
    assert _rows(window, "characters") == [("Ashen Howler", 1)]
    assert "ALLEGIANCE_MIXED" not in window.legality.shown_codes()
    qtbot.keySequence(window, redo_keys)
    assert [n for n, _ in _rows(window, "characters")] == ["Ashen Howler", "Gutter Maw"]
    window.history_dock.raise_()  # the history lists every step once it is on screen
    qtbot.waitUntil(lambda: window.undo_view.model().rowCount() == 3)  # "<opened deck>" and the two adds
    assert window.undo_view.stack() is window.undo_stack
    assert window.undo_stack.count() == 2
    assert window.undo_stack.text(1) == "Add Gutter Maw"


def test_renown_level_and_format_are_undoable_deck_edits(window) -> None:  # type: ignore[no-untyped-def]
    _open_demo(window)
    assert window.legality.shown_codes() == []
    window.deck_view.renown_spin.setValue(15)
    assert window.deck.renown_level == 15
    assert "RENOWN_OVER_LEVEL" in window.legality.shown_codes()
    assert window.deck_view.header_label.text().startswith("Renown 20 / 15")
    combo = window.deck_view.format_combo
    other = next(i for i in range(combo.count()) if combo.itemData(i) != "revised")
    combo.setCurrentIndex(other)
    assert window.deck.format == combo.itemData(other)
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert (window.deck.renown_level, window.deck.format) == (20, "revised")
    assert window.deck_view.renown_spin.value() == 20
    assert combo.currentData() == "revised"
    assert not window.isWindowModified()


def test_an_edit_that_changes_nothing_is_not_recorded(window) -> None:  # type: ignore[no-untyped-def]
    window.remove_card("Low Feint")
    assert window.undo_stack.count() == 0
    assert not window.is_dirty()


# -- legality panel and tint -------------------------------------------------------------------------


def test_error_rows_are_tinted_and_clicking_a_result_selects_its_cards(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _open_demo(window)
    window.add_card("Low Feint")  # a third copy of a combat card
    assert "COMBAT_COPIES" in window.legality.shown_codes()
    model = window.deck_view.models["combat"]
    names = [r.entry.name for r in model.rows()]
    assert names.count("Low Feint") == 1  # the copy joined the existing row
    row = names.index("Low Feint")
    assert model.rows()[row].entry.count == 3
    assert model.is_tinted(row)
    assert model.index(row, 1).data(Qt.ItemDataRole.BackgroundRole) == tint_color(window.deck_view.palette())
    assert not model.is_tinted((row + 1) % len(names))
    item = window.legality.item_for("COMBAT_COPIES")
    assert item is not None and "Low Feint" in item.text()
    window.deck_view.select_cards([])
    window.legality.list.itemClicked.emit(item)
    assert [r.entry.name for r in window.deck_view.selected_rows()] == ["Low Feint"]


def test_tint_differs_from_the_base_colour_in_light_and_dark_palettes() -> None:
    for base in ("#ffffff", "#202020"):
        palette = QPalette()
        palette.setColor(QPalette.ColorRole.Base, base)
        tint = tint_color(palette)
        assert tint.red() > tint.green() and tint != palette.color(QPalette.ColorRole.Base)


def test_legality_groups_errors_warnings_and_info(window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Ashen Howler")
    groups = window.legality.group_titles()
    assert (
        groups[0].startswith("Errors (")
        and groups[1].startswith("Warnings (")
        and groups[2].startswith("Info (")
    )
    assert window.legality.verdict.text().startswith("Not legal")


# -- printings and unknown cards ----------------------------------------------------------------------


def test_context_menu_lists_printings_and_choosing_one_is_undoable(window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Bark Hide")
    row = window.deck_view.models["sept"].row_at(0)
    menu = window.deck_view.build_context_menu(row)
    printing_menu = next(a.menu() for a in menu.actions() if a.text() == "Printing")
    labels = [a.text() for a in printing_menu.actions()]
    assert labels == ["Newest (no set chosen)", "Demo"]
    printing_menu.actions()[1].trigger()
    assert window.deck.entries[0].set_name == "Demo"
    assert window.deck_view.models["sept"].index(0, 2).data() == "Demo"
    window.undo_stack.undo()
    assert window.deck.entries[0].set_name is None


def test_unknown_cards_stay_as_unresolved_rows_with_suggestions(tmp_path: Path, window) -> None:  # type: ignore[no-untyped-def]
    deck_file = tmp_path / "list.txt"
    deck_file.write_text("1\tAshen Howlr\n2\tLow Feint\n", encoding="utf-8")
    assert window.open_deck(deck_file)
    unresolved = window.deck_view.models["unresolved"]
    assert not window.deck_view.section_boxes["unresolved"].isHidden()
    assert [r.entry.name for r in unresolved.rows()] == ["Ashen Howlr"]
    assert "Ashen Howler" in unresolved.index(0, 3).data()
    assert "UNKNOWN_CARD" in window.legality.shown_codes()
    assert any("not in the card database" in m for m in window.last_message.splitlines())
    # Taking the suggestion replaces the card in one undoable step.
    replace = next(
        a.menu()
        for a in window.deck_view.build_context_menu(unresolved.row_at(0)).actions()
        if a.text() == "Replace with"
    )
    next(a for a in replace.actions() if a.text() == "Ashen Howler").trigger()
    assert _rows(window, "characters") == [("Ashen Howler", 1)]
    assert unresolved.rowCount() == 0
    window.undo_stack.undo()
    assert [r.entry.name for r in unresolved.rows()] == ["Ashen Howlr"]


# -- files -------------------------------------------------------------------------------------------------


def test_open_save_round_trip(tmp_path: Path, make_window, answers) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    _open_demo(first)
    first.add_card("Rotting Overseer")
    first.deck_view.renown_spin.setValue(22)
    answers.save_path = tmp_path / "mine"
    assert first.save()  # no file yet for a deck opened from the bundled demo: asks where
    saved = tmp_path / "mine.ragedeck"
    assert saved.is_file()
    assert not first.isWindowModified()
    assert "mine.ragedeck" in first.windowTitle()
    assert str(saved.resolve()) == first.recent_files()[0]

    second = make_window()
    assert second.open_deck(saved)
    assert second.deck.renown_level == 22
    assert second.deck_view.section_counts() == first.deck_view.section_counts()
    assert second.legality.shown_codes() == first.legality.shown_codes()
    second.add_card("Bark Hide")
    assert second.save()
    assert read_deck(saved).deck.count_of("Bark Hide") == first.deck.count_of("Bark Hide") + 1


def test_opening_a_broken_file_says_why_and_keeps_the_deck(tmp_path: Path, window, answers) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Bark Hide")
    window.undo_stack.setClean()
    broken = tmp_path / "broken.ragedeck"
    broken.write_text('{"name": ', encoding="utf-8")
    assert not window.open_deck(broken)
    assert "broken.ragedeck" in answers.messages[-1]
    assert _rows(window, "sept") == [("Bark Hide", 1)]


def test_unsaved_changes_prompt_cancel_discard_save(tmp_path: Path, window, answers) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Bark Hide")
    answers.save_changes = Choice.Cancel
    assert not window.new_deck()
    assert answers.asked_save_changes == 1
    assert _rows(window, "sept") == [("Bark Hide", 1)]

    answers.save_changes = Choice.Save
    answers.save_path = tmp_path / "kept.ragedeck"
    assert window.new_deck()
    assert read_deck(tmp_path / "kept.ragedeck").deck.count_of("Bark Hide") == 1
    assert window.deck.entries == ()

    window.add_card("Low Feint")
    answers.save_changes = Choice.Discard
    assert window.open_deck(demo_deck_path())
    assert answers.asked_save_changes == 3
    assert window.deck.name == "Demo Gaia pack"


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(window, answers) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Bark Hide")
    answers.save_changes = Choice.Cancel
    assert not window.close()
    assert window.isVisible()
    answers.save_changes = Choice.Discard
    assert window.close()
    assert answers.asked_save_changes == 2


def test_import_deck_from_clipboard(window) -> None:  # type: ignore[no-untyped-def]
    QGuiApplication.clipboard().setText("Characters:\n1\tAshen Howler\nCombat:\n2\tLow Feint\n")
    _trigger(window, "actionPaste")
    assert _rows(window, "characters") == [("Ashen Howler", 1)]
    assert _rows(window, "combat") == [("Low Feint", 2)]
    assert window.isWindowModified()


def test_exports_write_lackey_files_and_a_decklist_pdf(tmp_path: Path, window) -> None:  # type: ignore[no-untyped-def]
    from pypdf import PdfReader

    _open_demo(window)
    assert window.export_deck("dek", tmp_path / "deck.dek")
    assert window.export_deck("text", tmp_path / "deck.txt")
    assert read_deck(tmp_path / "deck.dek", window.db).deck.count_of("Low Feint") == 2
    assert read_deck(tmp_path / "deck.txt", window.db).deck.count_of("Ashen Howler") == 1
    assert window.export_decklist_pdf(tmp_path / "list.pdf")
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "list.pdf").pages)
    assert "Ashen Howler" in text
    assert not window.isWindowModified()  # exporting is not saving the deck


def test_proxy_export_runs_in_the_background(qtbot, tmp_path: Path, window, answers) -> None:  # type: ignore[no-untyped-def]
    from pypdf import PdfReader

    _open_demo(window)
    worker = window.export_proxies_pdf(tmp_path / "proxies.pdf")
    qtbot.waitUntil(lambda: worker.done, timeout=30000)
    worker.wait()
    assert worker.error is None
    assert len(PdfReader(tmp_path / "proxies.pdf").pages) >= 1
    assert "proxies.pdf" in answers.messages[-1]


# -- autosave and crash recovery -------------------------------------------------------------------------


def test_crash_leaves_an_autosave_that_the_next_start_offers_to_restore(make_window, answers) -> None:  # type: ignore[no-untyped-def]
    crashed = make_window()
    crashed.start_session()
    _open_demo(crashed)
    crashed.add_card("Rotting Overseer")
    assert crashed.autosave_now()
    crashed.autosave.abandon()  # the process dies here: its lock goes, its autosave stays
    restarted = make_window()
    answers.restore = True
    restarted.start_session()
    assert answers.asked_restore == 1
    assert restarted.deck.count_of("Rotting Overseer") == 1
    assert restarted.deck.name == "Demo Gaia pack"
    assert restarted.isWindowModified()


def test_a_clean_exit_offers_nothing_next_time(make_window, answers) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    first.start_session()
    first.add_card("Bark Hide")
    first.autosave_now()
    answers.save_changes = Choice.Discard
    assert first.close()
    second = make_window()
    second.start_session()
    assert answers.asked_restore == 0
    assert second.deck.entries == ()


def test_declining_the_restore_discards_the_autosave(make_window, answers) -> None:  # type: ignore[no-untyped-def]
    crashed = make_window()
    crashed.start_session()
    crashed.add_card("Bark Hide")
    crashed.autosave_now()
    left = crashed.autosave.deck_path
    crashed.autosave.abandon()
    answers.restore = False
    restarted = make_window()
    restarted.start_session()
    assert answers.asked_restore == 1
    assert restarted.deck.entries == ()
    assert not left.exists()


# -- settings ----------------------------------------------------------------------------------------------


def test_window_geometry_and_splitters_are_remembered(make_window) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    first.show()
    # The window's minimum width: the offscreen screen is narrower, and Qt clamps a restored window to the larger
    # of the two (a wider first window would come back narrower, its splitter scaled down with it).
    first.resize(960, 650)
    first.splitter.setSizes([300, 500])
    wanted_size = first.size()
    wanted = first.splitter.sizes()
    first.close()
    second = make_window()
    second.show()
    assert second.size() == wanted_size
    assert second.splitter.sizes() == wanted


@pytest.mark.parametrize("size", [(1280, 720)])
def test_usable_at_1280_by_720(window, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    window.resize(*size)
    assert window.minimumSize().width() <= size[0] and window.minimumSize().height() <= size[1]
    assert window.width() <= size[0] and window.height() <= size[1]
    assert window.browser.table.isVisible() and window.deck_view.isVisible() and window.legality.isVisible()


def test_smoke_test_prints_what_the_widgets_show(capsys, demo_db) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui.app import smoke_test

    assert smoke_test(demo_deck_path(), demo_db.path) == 0
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["sections"] == {"characters": 5, "sept": 30, "combat": 20}
    assert line["renown"] == 20
    assert line["codes"] == []
    assert line["title"].startswith("Demo Gaia pack")
    # 55 cards without images: 55 text proxies on 7 sheets, previewed at the A4 shape.
    assert line["proxy_preview"]["pages"] == 7
    width, height = line["proxy_preview"]["pixels"]
    assert width / height == pytest.approx(210 / 297, abs=0.01)


def test_smoke_test_fails_cleanly_on_a_missing_deck(capsys, tmp_path: Path, demo_db) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui.app import smoke_test

    assert smoke_test(tmp_path / "nope.ragedeck", demo_db.path) != 0
    assert "nope.ragedeck" in capsys.readouterr().err


def test_the_application_has_the_project_icon() -> None:
    from deckbuilder.ui.app import application_icon_path

    icon = application_icon_path()
    assert icon is not None and icon.name == "ragedeck-256.png"

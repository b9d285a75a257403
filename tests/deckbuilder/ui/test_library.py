"""The deck library's window: every deck listed from the cache at once, checked in a worker with progress, filtered
and sorted; opened in the window, duplicated, renamed, deleted and put back, tagged and marked built; the card pane
says which decks play a card."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from carddb.demo import demo_deck_path
from carddb.paths import user_data_dir
from deckbuilder.ui.library_model import COLUMN
from deckbuilder.ui.window_library import DeckLibrary

TEXT_DECK = "2\tAshen Howler\n3\tBark Hide\n"


@pytest.fixture
def decks() -> Path:
    """The library's decks folder: the demo deck, a Lackey text list of demo cards and a broken file."""
    folder = user_data_dir() / "decks"
    folder.mkdir(parents=True)
    shutil.copy(demo_deck_path(), folder / "demo.json")
    (folder / "list.txt").write_text(TEXT_DECK, encoding="utf-8")
    (folder / "broken.json").write_text('{"format_version": 1, "sections": ', encoding="utf-8")
    return folder


@pytest.fixture
def answered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines the player types when the library asks (popped in order); what it tells is kept."""
    typed: list[str] = []
    monkeypatch.setattr(DeckLibrary, "ask_text", lambda self, *a: typed.pop(0))
    return typed


def _checked(qtbot, window):  # type: ignore[no-untyped-def]
    """Open the library and wait until its background check has listed every deck."""
    view = window.library.show_library()
    qtbot.waitUntil(lambda: window.library.worker is None, timeout=30000)
    return view


def _names(view) -> list[str]:  # type: ignore[no-untyped-def]
    return [d.name for d in view.shown_decks()]


def _deck(view, name: str):  # type: ignore[no-untyped-def]
    return next(d for d in view.model.decks if d.name == name or d.file.name == name)


def test_every_deck_is_listed_with_its_verdict_and_an_unreadable_file_says_why(
    qtbot, window, decks: Path
) -> None:  # type: ignore[no-untyped-def]
    view = window.library.show_library()
    assert {d.file.name for d in view.model.decks} == {"demo.json", "list.txt", "broken.json"}  # at once
    qtbot.waitUntil(lambda: window.library.worker is None, timeout=30000)
    assert not view.progress.isVisible()
    demo = _deck(view, "demo.json")
    listed = _deck(view, "list.txt")
    broken = _deck(view, "broken.json")
    assert demo.legal is True and listed.legal is False
    model = view.model
    row = model.row_of(listed.file)
    verdict = model.index(row, COLUMN["legal"])
    assert verdict.data() == "✘"
    assert listed.first_error and verdict.data(Qt.ItemDataRole.ToolTipRole).startswith(listed.first_error)
    assert model.index(model.row_of(demo.file), COLUMN["legal"]).data() == "✔"
    assert model.index(model.row_of(demo.file), COLUMN["cards"]).data() == str(demo.cards)
    broken_verdict = model.index(model.row_of(broken.file), COLUMN["legal"])
    assert "Cannot read" in broken_verdict.data()
    assert broken.error and broken_verdict.data(Qt.ItemDataRole.ToolTipRole) == broken.error
    assert "3 decks" in view.status.text() and "1 cannot be read" in view.status.text()


def test_filters_and_sorting_narrow_and_order_the_list(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    view = _checked(qtbot, window)
    view.verdict_combo.setCurrentIndex(view.verdict_combo.findData("legal"))
    assert [d.file.name for d in view.shown_decks()] == ["demo.json"]
    view.verdict_combo.setCurrentIndex(view.verdict_combo.findData("illegal"))
    assert [d.file.name for d in view.shown_decks()] == ["list.txt"]
    view.verdict_combo.setCurrentIndex(0)
    view.words.setText("list")
    assert [d.file.name for d in view.shown_decks()] == ["list.txt"]
    view.words.clear()
    view.table.sortByColumn(COLUMN["legal"], Qt.SortOrder.AscendingOrder)
    assert [d.file.name for d in view.shown_decks()] == ["demo.json", "list.txt", "broken.json"]
    view.table.sortByColumn(COLUMN["cards"], Qt.SortOrder.DescendingOrder)
    assert view.shown_decks()[0].file.name == "demo.json"


def test_tags_are_kept_beside_a_lackey_file_and_filter_the_list(
    qtbot, window, decks: Path, answered: list[str]
) -> None:  # type: ignore[no-untyped-def]
    view = _checked(qtbot, window)
    before = (decks / "list.txt").read_bytes()
    view.choose([decks / "list.txt"])
    answered.append("casual, wyrm")
    view.actions_by_id["library_tags"].trigger()
    assert _deck(view, "list.txt").tags == ("casual", "wyrm")
    assert (decks / "list.txt").read_bytes() == before  # a Lackey file is never rewritten for a tag
    view.tag_combo.setCurrentIndex(view.tag_combo.findData("wyrm"))
    assert [d.file.name for d in view.shown_decks()] == ["list.txt"]
    # Typed in the Tags cell, too.
    view.tag_combo.setCurrentIndex(0)
    row = view.model.row_of(decks / "demo.json")
    assert view.model.setData(view.model.index(row, COLUMN["tags"]), "event")
    assert _deck(view, "demo.json").tags == ("event",)


def test_duplicate_rename_delete_and_undo(qtbot, window, decks: Path, answered: list[str]) -> None:  # type: ignore[no-untyped-def]
    view = _checked(qtbot, window)
    before = set(decks.iterdir())
    view.choose([decks / "demo.json"])
    view.actions_by_id["library_duplicate"].trigger()
    copies = [p for p in set(decks.iterdir()) - before if not p.name.startswith(".")]
    assert len(copies) == 1 and len(view.model.decks) == 4
    copy = copies[0]
    assert copy.name.endswith(" copy.json")
    assert view.chosen_files() == [copy]
    answered.append("Tournament")
    view.actions_by_id["library_rename"].trigger()
    assert not copy.exists() and (decks / "Tournament.json").exists()
    view.choose([decks / "Tournament.json"])
    view.actions_by_id["library_delete"].trigger()
    assert not (decks / "Tournament.json").exists()
    assert "Tournament.json" not in {d.file.name for d in view.model.decks}
    assert view.undo_action.isEnabled()
    view.undo_action.trigger()
    assert (decks / "Tournament.json").exists()
    assert "Tournament.json" in {d.file.name for d in view.model.decks}
    assert not view.undo_action.isEnabled()


def test_a_deck_opens_in_the_window_through_its_open_path(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    view = _checked(qtbot, window)
    view.choose([decks / "list.txt"])
    view.actions_by_id["library_open"].trigger()
    assert window.deck_path == decks / "list.txt"
    assert sum(e.count for e in window.deck.entries) == 5


def test_marking_a_deck_built_is_kept_and_shown(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    view = _checked(qtbot, window)
    view.choose([decks / "demo.json"])
    built = view.actions_by_id["library_built"]
    assert not built.isChecked()
    built.trigger()
    assert _deck(view, "demo.json").built
    row = view.model.row_of(decks / "demo.json")
    assert (
        view.model.index(row, COLUMN["built"]).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    )
    assert window.library.library.cached()[0].built or any(d.built for d in window.library.library.cached())


def test_a_check_runs_in_the_background_and_cancel_keeps_what_it_checked(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    for number in range(30):
        shutil.copy(demo_deck_path(), decks / f"copy{number:02}.json")
    view = window.library.view
    view.show()
    window.library.show_listing()
    assert all(d.legal is None for d in view.model.decks if not d.error)  # listed before any check
    worker = window.library.recheck()
    assert worker is not None
    assert (
        view.progress.isVisible() and view.cancel_button.isVisible() and not view.recheck_button.isEnabled()
    )
    view.cancel_button.click()
    qtbot.waitUntil(lambda: window.library.worker is None, timeout=30000)
    assert view.recheck_button.isEnabled() and not view.progress.isVisible()
    assert len(view.model.decks) == 33  # every deck still listed, checked or not


def test_the_card_pane_says_which_decks_play_a_card(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    _checked(qtbot, window)
    window.show_card("Bark Hide")
    label = window.card_view.uses_label
    qtbot.waitUntil(lambda: label.isVisible(), timeout=5000)
    assert label.text().startswith("In 2 of your decks")
    assert "list ×3" in label.text()
    window.show_card("Gutter Maw")
    qtbot.waitUntil(lambda: not label.isVisible() or "list" not in label.text(), timeout=5000)


def test_missing_for_decks_prints_only_what_they_lack(qtbot, window, decks: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.collection import Collection

    handed = []
    monkeypatch.setattr(
        window.exports, "export_proxies_pdf", lambda path=None, options=None, deck=None: handed.append(deck)
    )
    Collection(window.db).set_counts([("Bark Hide", None, 1)])
    view = _checked(qtbot, window)
    view.choose([decks / "list.txt"])
    view.actions_by_id["library_missing"].trigger()
    assert len(handed) == 1
    assert {(e.name, e.count) for e in handed[0].entries} == {("Ashen Howler", 2), ("Bark Hide", 2)}


def test_the_library_opens_by_its_key_from_the_file_menu(window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMenu

    from deckbuilder.ui.shortcuts import sequences

    actions = {a.objectName(): a for menu in window.menuBar().findChildren(QMenu) for a in menu.actions()}
    assert actions["actionLibrary"].shortcuts() == sequences("library")
    assert window.library._view is None  # nothing built until asked: the window starts as before
    actions["actionLibrary"].trigger()
    assert window.library.is_open()
    assert window.library.view.table.accessibleName() == "Decks of the library"


def test_a_deck_saved_from_the_window_joins_the_open_library_checked(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    view = _checked(qtbot, window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    qtbot.waitUntil(lambda: window.library.worker is None, timeout=30000)
    assert window.save_as(decks / "saved here.json")
    qtbot.waitUntil(
        lambda: (
            window.library.worker is None and any(d.file.name == "saved here.json" for d in view.model.decks)
        ),
        timeout=30000,
    )
    assert _deck(view, "saved here.json").legal is True


def test_tags_of_several_decks_change_only_what_the_player_changed(
    qtbot, window, decks: Path, answered: list[str]
) -> None:  # type: ignore[no-untyped-def]
    view = _checked(qtbot, window)
    window.library.set_tags([decks / "demo.json"], ["event", "gaia"])
    window.library.set_tags([decks / "list.txt"], ["event", "wyrm"])
    view.choose([decks / "demo.json", decks / "list.txt"])
    answered.append("event, casual")  # "event" was common: kept; "casual" added to both
    view.actions_by_id["library_tags"].trigger()
    assert set(_deck(view, "demo.json").tags) == {"event", "gaia", "casual"}
    assert set(_deck(view, "list.txt").tags) == {"event", "wyrm", "casual"}
    view.choose([decks / "demo.json", decks / "list.txt"])
    answered.append("casual")  # "event" taken off both
    view.actions_by_id["library_tags"].trigger()
    assert set(_deck(view, "demo.json").tags) == {"gaia", "casual"}
    assert set(_deck(view, "list.txt").tags) == {"wyrm", "casual"}


def test_in_decks_in_the_search_box_finds_the_cards_of_the_library(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    (decks / "demo.json").unlink()  # only the text list: Ashen Howler and Bark Hide
    _checked(qtbot, window)
    window.browser.query_edit.setText("in:decks")
    window.browser.run_search()
    assert sorted(window.browser.shown_names()) == ["Ashen Howler", "Bark Hide"]
    window.browser.query_edit.setText("-in:decks t:gift")
    window.browser.run_search()
    assert "Bark Hide" not in window.browser.shown_names() and window.browser.result_count() > 0


def test_moving_decks_to_a_folder_outside_the_library_adds_it(
    qtbot, window, decks: Path, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    elsewhere = tmp_path / "event decks"
    elsewhere.mkdir()
    monkeypatch.setattr(DeckLibrary, "ask_folder", lambda self: elsewhere)
    view = _checked(qtbot, window)
    before = (decks / "list.txt").read_bytes()
    view.choose([decks / "list.txt", decks / "demo.json"])
    view.actions_by_id["library_move"].trigger()
    assert sorted(p.name for p in elsewhere.iterdir() if not p.name.startswith(".")) == [
        "demo.json",
        "list.txt",
    ]
    assert (elsewhere / "list.txt").read_bytes() == before
    assert {d.file for d in view.model.decks} >= {elsewhere / "list.txt", elsewhere / "demo.json"}
    assert not (decks / "list.txt").exists()


def test_the_portuguese_library_shows_no_english(portuguese, qtbot, window, decks: Path, demo_db) -> None:  # type: ignore[no-untyped-def]
    from tests.deckbuilder.ui.english_audit import card_data_words, english_shown

    view = _checked(qtbot, window)
    view.choose([decks / "list.txt"])
    # Deck names and tags are the player's, file names too: only the window's own words are audited.
    player_words = {"demo", "list", "broken", "json", "txt", "deck"} | card_data_words(demo_db)
    assert english_shown(view, player_words) == []
    assert view.model.headerData(0, Qt.Orientation.Horizontal) == "Deck"
    assert view.recheck_button.text() == "&Verificar de novo"


def test_the_library_is_used_by_keys_alone(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    view = _checked(qtbot, window)
    view.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is view)
    view.table.setFocus()
    view.choose([decks / "demo.json"])
    QTest.keyClick(view.table, Qt.Key.Key_Delete)  # Delete
    assert not (decks / "demo.json").exists()
    QTest.keyClick(view.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # Undo delete
    assert (decks / "demo.json").exists()
    view.choose([decks / "list.txt"])
    QTest.keyClick(view.table, Qt.Key.Key_Return)  # Open
    assert window.deck_path == decks / "list.txt"


def test_the_card_pane_names_the_decks_without_the_library_ever_opened(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    window.show_card("Ashen Howler")  # the first question checks the decks in the background, then answers
    label = window.card_view.uses_label
    qtbot.waitUntil(lambda: label.isVisible() and "list ×2" in label.text(), timeout=30000)
    assert window.library._view is None  # the library's window was never built


def test_an_added_folder_is_removed_and_the_decks_folder_stays(
    qtbot, window, decks: Path, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.library import LibraryError

    elsewhere = tmp_path / "event decks"
    elsewhere.mkdir()
    (elsewhere / "event.txt").write_text(TEXT_DECK, encoding="utf-8")
    offered: list[list[str]] = []

    def pick(self, title, label, choices):  # type: ignore[no-untyped-def]
        offered.append(choices)
        return choices[0]

    monkeypatch.setattr(DeckLibrary, "ask_choice", pick)
    view = _checked(qtbot, window)
    remove = view.actions_by_id["library_remove_folder"]
    assert not remove.isEnabled()  # only the decks folder: nothing the player could remove
    window.library.library.add_folder(elsewhere)
    window.library.show_listing()
    assert "event.txt" in {d.file.name for d in view.model.decks}
    assert (
        remove.isEnabled() and remove.shortcuts() and view.buttons["library_remove_folder"].accessibleName()
    )
    remove.trigger()
    assert offered == [[str(elsewhere)]]  # the decks folder is never offered
    assert "event.txt" not in {d.file.name for d in view.model.decks}
    assert (elsewhere / "event.txt").read_text(encoding="utf-8") == TEXT_DECK  # its files stay
    assert not remove.isEnabled()
    with pytest.raises(LibraryError):
        window.library.library.remove_folder(decks)


def test_a_deck_deleted_in_an_earlier_session_is_restored_from_the_trash(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.library import Library

    Library(window.db).delete(decks / "list.txt")  # yesterday's window: its Undo is gone with it
    view = _checked(qtbot, window)
    assert not view.undo_action.isEnabled()
    view.trash_action.trigger()
    trash = window.library.trash_view
    qtbot.waitUntil(trash.isVisible)
    assert [d.file for d in trash.chosen()] == [decks / "list.txt"]
    assert trash.list.topLevelItem(0).text(0) == "list"
    trash.restore_button.click()
    assert (decks / "list.txt").read_text(encoding="utf-8") == TEXT_DECK
    assert "list.txt" in {d.file.name for d in view.model.decks}
    assert view.chosen_files() == [decks / "list.txt"]
    assert trash.list.topLevelItem(0) is None and trash.status.text() == "The trash is empty."


def test_emptying_the_trash_asks_first_and_ends_undo(qtbot, window, decks: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    answers = [False, True]
    asked: list[str] = []

    def confirm(self, title, text):  # type: ignore[no-untyped-def]
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(DeckLibrary, "ask_yes", confirm)
    view = _checked(qtbot, window)
    view.choose([decks / "list.txt", decks / "demo.json"])
    view.actions_by_id["library_delete"].trigger()
    trash = window.library.show_trash()
    assert trash.list.topLevelItemCount() == 2 and "2 deleted decks" in trash.status.text()
    trash.empty_button.click()  # answered No: nothing lost
    assert asked and "2 decks" in asked[0] and trash.list.topLevelItemCount() == 2
    assert len(window.library.library.trashed()) == 2
    trash.empty_button.click()  # answered Yes
    assert window.library.library.trashed() == [] and trash.list.topLevelItemCount() == 0
    assert not view.undo_action.isEnabled() and not trash.empty_button.isEnabled()
    assert not (decks / "list.txt").exists()


def test_the_trash_follows_a_delete_and_its_undo(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    view = _checked(qtbot, window)
    trash = window.library.show_trash()
    assert trash.list.topLevelItemCount() == 0 and not trash.restore_button.isEnabled()
    view.choose([decks / "demo.json"])
    view.actions_by_id["library_delete"].trigger()
    assert trash.list.topLevelItemCount() == 1 and trash.restore_button.isEnabled()
    view.undo_action.trigger()
    assert trash.list.topLevelItemCount() == 0 and (decks / "demo.json").exists()
    trash.hide()
    view.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is view)
    view.table.setFocus()
    view.choose([decks / "list.txt", decks / "demo.json"])
    QTest.keyClick(view.table, Qt.Key.Key_Delete)
    assert not (decks / "list.txt").exists() and not (decks / "demo.json").exists()
    QTest.keyClick(
        view.table, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    qtbot.waitUntil(trash.isVisible)  # Ctrl+Shift+T in the library opens the trash
    assert trash.list.topLevelItemCount() == 2
    first = trash.chosen()[0].file
    trash.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is trash)
    trash.list.setFocus()
    QTest.keyClick(trash.list, Qt.Key.Key_Return)  # Enter restores the current deck, and only it
    assert first.exists() and trash.list.topLevelItemCount() == 1 and trash.isVisible()


def test_the_deck_filter_offers_the_cards_of_any_of_my_decks(qtbot, window, decks: Path) -> None:  # type: ignore[no-untyped-def]
    (decks / "demo.json").unlink()  # only the text list: Ashen Howler and Bark Hide
    _checked(qtbot, window)
    browser = window.browser
    combo = browser.deck_combo
    combo.setCurrentIndex(combo.findData("library"))
    assert combo.currentText() == "In my decks"
    assert (
        combo.itemData(combo.currentIndex(), Qt.ItemDataRole.ToolTipRole)
        == "In any of the decks of your library"
    )
    browser.run_search()
    assert sorted(browser.shown_names()) == ["Ashen Howler", "Bark Hide"]
    assert "in:decks" in browser.query_edit.toolTip()


def test_the_portuguese_trash_shows_no_english(portuguese, qtbot, window, decks: Path, demo_db) -> None:  # type: ignore[no-untyped-def]
    from tests.deckbuilder.ui.english_audit import card_data_words, english_shown

    view = _checked(qtbot, window)
    view.choose([decks / "list.txt"])
    view.actions_by_id["library_delete"].trigger()
    trash = window.library.show_trash()
    player_words = {"demo", "list", "broken", "json", "txt", "deck", "decks", "userdata"} | card_data_words(
        demo_db
    )
    assert english_shown(trash, player_words) == []
    assert trash.restore_button.text() == "&Restaurar"
    assert view.buttons["library_trash"].accessibleName() == "Mostrar os decks excluídos"

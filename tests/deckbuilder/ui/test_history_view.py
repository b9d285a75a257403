"""File → Deck history… lists the saves' versions; one can be restored as one undo step, opened or compared;
File → Compare with… shows two decks side by side, changes marked in words."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QTreeWidgetItemIterator

from deckbuilder.deckfiles import write_deck


def _saved_three_times(window, answers, tmp_path: Path) -> Path:  # type: ignore[no-untyped-def]
    path = tmp_path / "pack.dek"
    answers.save_path = path
    window.add_card("Ashen Howler")
    window.add_card("Bark Hide", 3)
    assert window.save_as()
    window.add_card("Sudden Thaw", 2)
    assert window.save()
    window.remove_card("Bark Hide", None, 1)
    assert window.save()
    return path


def _rows(dialog) -> list[list[str]]:  # type: ignore[no-untyped-def]
    table = dialog.table
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_history_lists_versions_and_restores_one_as_one_undo_step(window, answers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _saved_three_times(window, answers, tmp_path)
    dialog = window.show_deck_history()
    rows = _rows(dialog)
    assert len(rows) == 2  # the two files the later saves replaced, newest first
    assert rows[0][3] == "+2 Sudden Thaw" and rows[0][1] == ".dek"
    assert rows[1][3] == "the earliest version kept"
    assert all(row[2] for row in rows)  # each version's fingerprint
    dialog.table.selectRow(1)
    steps = window.undo_stack.count()
    dialog.restore_button.click()
    assert window.undo_stack.count() == steps + 1
    assert window.deck.count_of("Sudden Thaw") == 0 and window.deck.count_of("Bark Hide") == 3
    assert window.is_dirty()
    window.undo_stack.undo()
    assert window.deck.count_of("Sudden Thaw") == 2 and window.deck.count_of("Bark Hide") == 2


def test_opening_a_version_never_saves_into_the_history(window, answers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _saved_three_times(window, answers, tmp_path)
    dialog = window.show_deck_history()
    dialog.table.selectRow(0)
    dialog.open_button.click()
    assert window.deck.count_of("Sudden Thaw") == 2 and window.deck.count_of("Bark Hide") == 3
    assert window.deck_path is None  # Save asks where
    assert path.exists()


def test_compare_with_a_deck_file_marks_changes_in_words(window, answers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Ashen Howler")
    window.add_card("Bark Hide", 3)
    write_deck(window.deck, tmp_path / "before.txt", pool=window.db)
    window.add_card("Sudden Thaw", 2)
    window.remove_card("Bark Hide", None, 3)
    answers.open_path = tmp_path / "before.txt"
    dialog = window.compare_with()
    tree = dialog.view.tree
    marks: dict[str, str] = {}
    iterator = QTreeWidgetItemIterator(tree)
    while iterator.value():
        item = iterator.value()
        if item.parent() is not None:
            marks[item.text(0)] = item.text(3)
        iterator += 1
    assert marks == {"Sudden Thaw": "+2 added", "Bark Hide": "−3 removed"}
    assert (
        dialog.view.first_verdict.text().startswith("✘ Not legal")
        and "Combat" in dialog.view.first_verdict.text()
    )
    dialog.view.only_changes.setChecked(False)
    assert tree.topLevelItemCount() >= 2  # the Characters pile appears with its unchanged card


def test_history_of_an_unsaved_deck_explains_itself(window, answers) -> None:  # type: ignore[no-untyped-def]
    assert window.show_deck_history() is None
    assert "no file yet" in answers.messages[-1]


def test_a_hostile_history_folder_or_index_entry_leaves_the_dialog_working(
    window, answers, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    import json

    from deckbuilder.history import INDEX, DeckHistory

    path = _saved_three_times(window, answers, tmp_path)
    folder = DeckHistory().folder(path)
    bogus = folder / "v000099-20261399T999999Z"  # month 13, hour 99: not a date
    bogus.mkdir()
    (bogus / "pack.dek").write_text("1 Ashen Howler\n")
    document = json.loads((folder / INDEX).read_text())
    document["versions"][0]["file"] = "pack\0.dek"
    (folder / INDEX).write_text(json.dumps(document))
    dialog = window.show_deck_history()
    assert len(_rows(dialog)) == 2  # the two real versions; the bogus folder is not one
    dialog.table.selectRow(1)
    dialog.compare_button.click()  # reading a version back works (no NUL reaches the file system)
    assert window.versions.compare_dialog is not None


def test_a_file_name_holding_markup_is_shown_as_written(window, answers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    window.add_card("Ashen Howler")
    named = tmp_path / "<b>bold<img src=x>.txt"
    write_deck(window.deck, named, pool=window.db)
    answers.open_path = named
    dialog = window.compare_with()
    title = dialog.view.first_title
    assert title.textFormat() == Qt.TextFormat.PlainText and "<b>bold<img src=x>.txt" in title.text()
    answers.save_path = named
    assert window.save_as()
    history = window.show_deck_history()
    intro = history.findChildren(type(title))[0]
    assert intro.textFormat() == Qt.TextFormat.PlainText and "<b>bold" in intro.text()

"""The starting-in-play list in the deck view: shown, moved to and from the sept deck, counted, undone, saved."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.deck import Deck
from deckbuilder.deckfiles import read_deck
from deckbuilder.ui.deck_rows import DeckRow


def _rows(window, section: str) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    return [(r.entry.name, r.entry.count) for r in window.deck_view.models[section].rows()]


def _row(window, section: str, name: str) -> DeckRow:  # type: ignore[no-untyped-def]
    return next(r for r in window.deck_view.models[section].rows() if r.entry.name == name)


def _menu_action(window, row: DeckRow, text: str):  # type: ignore[no-untyped-def]
    menu = window.deck_view.build_context_menu(row)
    return next((a for a in menu.actions() if a.text() == text), None)


def _deck_with_starting() -> Deck:
    deck = Deck(name="Staff start")
    deck.add("Ashen Howler", 1)
    deck.add("Iron-Shod Staff", 2)
    deck.add("Bark Hide", 3)
    deck.add("Low Feint", 2)
    deck.add("Iron-Shod Staff", 1, starting=True)
    return deck


def _starting_box_shown(window) -> bool:  # type: ignore[no-untyped-def]
    return not window.deck_view.section_boxes["starting"].isHidden()


def test_a_deck_with_a_starting_list_shows_it_under_sept(tmp_path: Path, window) -> None:  # type: ignore[no-untyped-def]
    deck_file = tmp_path / "start.ragedeck"
    deck_file.write_text(
        '{"format_version": 1, "name": "Start", "sections": {"sept": [{"name": "Iron-Shod Staff", "count": 2}]},'
        ' "starting": [{"name": "Iron-Shod Staff", "count": 1}, {"name": "Patched Leather Coat", "count": 1}]}',
        encoding="utf-8",
    )
    assert window.open_deck(deck_file)
    view = window.deck_view
    assert _rows(window, "starting") == [("Iron-Shod Staff", 1), ("Patched Leather Coat", 1)]
    assert _rows(window, "sept") == [("Iron-Shod Staff", 2)]
    assert _starting_box_shown(window)
    assert view.titles["starting"].text() == "Starting in play (2)"
    counts = view.section_counts()
    assert (counts["sept"], counts["starting"], counts["combat"], counts["characters"]) == (2, 2, 0, 0)
    # The starting section sits directly below the Sept section.
    boxes = [view.splitter.widget(i) for i in range(view.splitter.count())]
    assert boxes.index(view.section_boxes["starting"]) == boxes.index(view.section_boxes["sept"]) + 1
    # Its rows read like sept rows: the Type column shows the card's type.
    model = view.models["starting"]
    assert model.index(0, model.columns.index("Type")).data() == "Equipment"


def test_the_starting_section_is_hidden_while_the_list_is_empty(window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Iron-Shod Staff")
    assert not _starting_box_shown(window)
    assert window.deck_view.section_counts()["starting"] == 0
    window.start_in_play("Iron-Shod Staff")
    assert _starting_box_shown(window)
    window.undo_stack.undo()
    assert not _starting_box_shown(window)


def test_start_in_play_moves_one_copy_out_of_the_sept_deck_as_one_undo_step(window) -> None:  # type: ignore[no-untyped-def]
    window.set_deck(_deck_with_starting(), None)
    before = window.undo_stack.count()
    action = _menu_action(window, _row(window, "sept", "Iron-Shod Staff"), "Start in play")
    assert action is not None
    action.trigger()
    assert [(e.name, e.count) for e in window.deck.starting] == [("Iron-Shod Staff", 2)]
    assert _rows(window, "sept") == [("Iron-Shod Staff", 1), ("Bark Hide", 3)]
    assert _rows(window, "starting") == [("Iron-Shod Staff", 2)]
    assert window.undo_stack.count() == before + 1
    assert window.undo_stack.undoText() == "Start Iron-Shod Staff in play"
    assert window.isWindowModified()

    window.undo_stack.undo()
    assert _rows(window, "sept") == [("Iron-Shod Staff", 2), ("Bark Hide", 3)]
    assert _rows(window, "starting") == [("Iron-Shod Staff", 1)]
    window.undo_stack.redo()
    assert _rows(window, "sept") == [("Iron-Shod Staff", 1), ("Bark Hide", 3)]
    assert _rows(window, "starting") == [("Iron-Shod Staff", 2)]


def test_return_to_sept_deck_moves_one_copy_back_as_one_undo_step(window) -> None:  # type: ignore[no-untyped-def]
    window.set_deck(_deck_with_starting(), None)
    starting_row = _row(window, "starting", "Iron-Shod Staff")
    assert _menu_action(window, starting_row, "Start in play") is None
    action = _menu_action(window, starting_row, "Return to sept deck")
    assert action is not None
    action.trigger()
    assert window.deck.starting == ()
    assert _rows(window, "sept") == [("Iron-Shod Staff", 3), ("Bark Hide", 3)]
    assert not _starting_box_shown(window)
    assert window.undo_stack.undoText() == "Return Iron-Shod Staff to sept deck"
    window.undo_stack.undo()
    assert _rows(window, "starting") == [("Iron-Shod Staff", 1)]
    assert _rows(window, "sept") == [("Iron-Shod Staff", 2), ("Bark Hide", 3)]
    window.undo_stack.redo()
    assert window.deck.starting == () and window.deck.count_of("Iron-Shod Staff") == 3


def test_only_sept_rows_offer_start_in_play(window) -> None:  # type: ignore[no-untyped-def]
    window.set_deck(_deck_with_starting(), None)
    assert _menu_action(window, _row(window, "sept", "Bark Hide"), "Start in play") is not None
    assert _menu_action(window, _row(window, "combat", "Low Feint"), "Start in play") is None
    assert _menu_action(window, _row(window, "characters", "Ashen Howler"), "Start in play") is None


def test_counts_on_a_starting_row_change_the_starting_entry_only(window) -> None:  # type: ignore[no-untyped-def]
    window.set_deck(_deck_with_starting(), None)
    view = window.deck_view
    model = view.models["starting"]
    # Editing the quantity cell.
    model.setData(model.index(0, 0), 3)
    assert [(e.name, e.count) for e in window.deck.starting] == [("Iron-Shod Staff", 3)]
    assert _rows(window, "sept")[0] == ("Iron-Shod Staff", 2)
    # The + and − keys on a selected starting row.
    view.select_keys([_row(window, "starting", "Iron-Shod Staff").identity])
    assert [r.starting for r in view.selected_rows()] == [True]
    view.tables["starting"].plus_pressed.emit()
    assert window.deck.starting[0].count == 4
    view.tables["starting"].minus_pressed.emit()
    view.tables["starting"].minus_pressed.emit()
    assert window.deck.starting[0].count == 2
    assert _rows(window, "sept")[0] == ("Iron-Shod Staff", 2)
    # The selection stays on the starting row, not the same-named sept row.
    assert [r.starting for r in view.selected_rows()] == [True]
    # Remove one / Remove all from the context menu.
    _menu_action(window, _row(window, "starting", "Iron-Shod Staff"), "Remove one copy").trigger()
    assert window.deck.starting[0].count == 1
    _menu_action(window, _row(window, "starting", "Iron-Shod Staff"), "Add one copy").trigger()
    assert window.deck.starting[0].count == 2
    _menu_action(window, _row(window, "starting", "Iron-Shod Staff"), "Remove all copies").trigger()
    assert window.deck.starting == ()
    assert window.deck.count_of("Iron-Shod Staff") == 2  # the sept copies never moved
    window.undo_stack.undo()
    assert [(e.name, e.count) for e in window.deck.starting] == [("Iron-Shod Staff", 2)]


def test_save_and_reopen_keeps_the_starting_list(tmp_path: Path, make_window, answers) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    first.set_deck(_deck_with_starting(), None)
    first.start_in_play("Bark Hide")
    answers.save_path = tmp_path / "kept.ragedeck"
    assert first.save()
    saved = read_deck(answers.save_path).deck
    assert sorted((e.name, e.count) for e in saved.starting) == [("Bark Hide", 1), ("Iron-Shod Staff", 1)]

    second = make_window()
    assert second.open_deck(answers.save_path)
    assert _rows(second, "starting") == _rows(first, "starting")
    assert _rows(second, "sept") == [("Iron-Shod Staff", 2), ("Bark Hide", 2)]
    assert second.deck_view.section_counts() == first.deck_view.section_counts()

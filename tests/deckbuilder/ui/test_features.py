"""The window's faces of issue 13: Fix it tab, Draw odds tab, the collection dialog and the deck view's Own column."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from carddb.demo import demo_deck_path
from deckbuilder.collection import Collection
from deckbuilder.games.rage.odds import combat_hand_odds
from deckbuilder.odds import SampleHand, deck_piles, format_seed
from deckbuilder.ui.collection_dialog import CollectionDialog
from deckbuilder.ui.deck_rows import OWN_COLUMN


def _open_illegal_demo(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Low Feint")  # a third copy: COMBAT_COPIES
    assert window.report is not None and [e.code for e in window.report.errors] == ["COMBAT_COPIES"]


def test_fix_it_tab_applies_a_hint_in_one_click_and_one_undo_step(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _open_illegal_demo(window)
    window.report_tabs.setCurrentWidget(window.fix_panel)
    panel = window.fix_panel
    qtbot.waitUntil(lambda: not panel.busy)  # the hints are worked out on a worker thread
    assert "Trim 'Low Feint' from 3 to 2 copies" in panel.hint_texts()
    steps = window.undo_stack.count()
    qtbot.mouseClick(panel.buttons[0], Qt.MouseButton.LeftButton)
    assert window.report.is_legal
    assert window.undo_stack.count() == steps + 1
    qtbot.waitUntil(lambda: not panel.busy)
    assert "nothing to fix" in panel.summary.text()
    window.undo_stack.undo()
    assert not window.report.is_legal
    assert window.deck.count_of("Low Feint") == 3


def test_fix_hints_wait_until_the_tab_is_shown(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.report_tabs.setCurrentWidget(window.legality)
    _open_illegal_demo(window)
    assert window.fix_panel.hints == []  # not computed while hidden
    assert not window.fix_panel.busy
    window.report_tabs.setCurrentWidget(window.fix_panel)
    qtbot.waitUntil(lambda: not window.fix_panel.busy)
    assert window.fix_panel.hints and window.fix_panel.hints[0][0].code == "COMBAT_COPIES"


def test_draw_odds_tab_shows_each_character_and_deals_a_shared_seed(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.report_tabs.setCurrentWidget(window.odds_view)
    view = window.odds_view
    pack = sum(
        1 for e in window.deck.entries if (c := window.db.lookup(e.name)) and c.section.value == "characters"
    )
    qtbot.waitUntil(lambda: not view.working_out)  # the Combat Phase table is worked out on a worker thread
    assert view.fight_table.rowCount() == pack + 2  # each Character, every Character, each its own card
    methods = {view.fight_table.item(r, 2).text() for r in range(view.fight_table.rowCount())}
    assert "exact" in methods and any(m.startswith("simulated") for m in methods)
    # A seed typed in deals the hand the core deals for that seed.
    view.seed_edit.setText("1A2B3C4D")
    qtbot.mouseClick(view.deal_button, Qt.MouseButton.LeftButton)
    expected = SampleHand.deal(deck_piles(window.deck, window.db), 0x1A2B3C4D)
    shown = [view.combat_list.item(i).text() for i in range(view.combat_list.count())]
    assert shown == expected.combat_hand
    assert view.sept_list.count() == 5
    # Redraw: the selected card goes, the hand fills back to five, the turn moves on.
    view.sept_list.item(0).setSelected(True)
    qtbot.mouseClick(view.redraw_button, Qt.MouseButton.LeftButton)
    assert view.sept_list.count() == 5
    assert "Turn 2" in view.hand_label.text()
    qtbot.mouseClick(view.new_button, Qt.MouseButton.LeftButton)
    assert view.seed_edit.text() == format_seed(view.seed)
    assert "Turn 1" in view.hand_label.text()


def test_draw_odds_tab_shows_the_combat_hand_of_a_later_turn_with_its_rule(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.report_tabs.setCurrentWidget(window.odds_view)
    view = window.odds_view
    view.fight_turn_spin.setValue(2)
    qtbot.waitUntil(lambda: not view.working_out)
    tips = [view.fight_table.item(r, 0).toolTip() for r in range(view.fight_table.rowCount())]
    assert tips and all("Combat Phase of turn 2" in tip for tip in tips)
    assert all("Ending Combat" in tip for tip in tips)  # the refill's rule line explains every figure
    assert "Chapter 5, Ending Combat" in view.fight_rule.text()
    # By turn N: the opening 5 and the first Combat Phase's 5, then 5 a turn and the card each combat played.
    assert "Combat: 10 + 6 a turn" in view.turn_note.text()
    expected = combat_hand_odds(window.deck, window.db, turns=2).turn(2)
    assert expected is not None
    first = expected.per_character[0]
    assert view.fight_table.item(0, 1).text() == first.percent.render()


def test_draw_odds_opened_after_edits_show_the_deck_as_it_is_now(window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder import odds

    window.report_tabs.setCurrentWidget(window.legality)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    worked_out: list[int] = []
    real = odds.deck_piles

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        worked_out.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(odds, "deck_piles", counted)
    window.add_card("Sudden Thaw")
    window.add_card("Sudden Thaw")
    assert worked_out == []  # nothing is worked out for a tab nobody looks at
    window.report_tabs.setCurrentWidget(window.odds_view)
    assert worked_out == [1]
    view = window.odds_view
    view.what_combo.setCurrentText("Sudden Thaw")
    view.turn_spin.setValue(1)
    expected = odds.card_by_turn(real(window.deck, window.db), "Sudden Thaw", 1)
    assert view.turn_table.item(0, 1).text() == expected.percent.render()


def test_draw_odds_tab_asks_for_the_same_room_before_and_after_it_is_first_shown(window) -> None:  # type: ignore[no-untyped-def]
    view = window.odds_view
    asked = view.sizeHint()
    window.report_tabs.setCurrentWidget(view)
    # The window's first layout gives the deck check what its tabs ask for, and fits the deck's sections to the rest.
    assert view.sizeHint() == asked


def test_by_turn_table_for_a_card(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.report_tabs.setCurrentWidget(window.odds_view)
    view = window.odds_view
    view.what_combo.setCurrentText("Low Feint")
    view.turn_spin.setValue(2)
    assert view.turn_table.rowCount() == 2
    # 2 of 20 combat cards; by turn 1's Combat Phase the opening 5 and a redraw of 5: 10 seen (C(18,10)/C(20,10)).
    assert view.turn_table.item(0, 1).text() == f"{1 - 43758 / 184756:.1%}"


def test_collection_dialog_types_imports_and_marks_unknown_cards(qtbot, demo_db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dialog = CollectionDialog(demo_db)
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("low feint")
    assert dialog.printing_combo.findData("Demo") >= 0
    dialog.count_spin.setValue(2)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert Collection(demo_db).count("Low Feint") == 2
    have = tmp_path / "have.txt"
    have.write_text("1\tRending Sweep\n2\tLost Card of Legend\n", encoding="utf-8")
    assert dialog.import_have_list(have)
    assert "unknown cards kept: Lost Card of Legend" in dialog.summary.text()
    statuses = [dialog.table.item(r, 3).text() for r in range(dialog.table.rowCount())]
    assert statuses.count("unknown card — kept") == 1
    # Editing the count cell writes through; 0 removes the row.
    row = next(r for r in range(dialog.table.rowCount()) if dialog.table.item(r, 0).text() == "Low Feint")
    dialog.table.item(row, 2).setData(Qt.ItemDataRole.EditRole, 0)
    assert Collection(demo_db).count("Low Feint") == 0
    assert dialog.table.rowCount() == 2
    # A have list with a bad line adds its good lines and the dialog says which line it refused.
    bad = tmp_path / "bad.txt"
    bad.write_text("1\tTwin Claws\n1\t" + "x" * 250 + "\n", encoding="utf-8")
    assert dialog.import_have_list(bad)
    assert "1 part(s) of the file not added:" in dialog.summary.text()
    assert "bad.txt, line 2: refused:" in dialog.summary.text()
    assert Collection(demo_db).count("Twin Claws") == 1


def test_deck_view_shows_owned_and_missing_per_row(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    model = window.deck_view.models["combat"]
    assert OWN_COLUMN not in model.columns  # no collection yet
    Collection(window.db).set_counts([("Low Feint", None, 1), ("Rending Sweep", None, 2)])
    window.refresh()
    column = model.columns.index(OWN_COLUMN)
    cells = {model.row_at(r).entry.name: model.index(r, column).data() for r in range(model.rowCount())}
    assert cells["Low Feint"] == "1 (−1)"
    assert cells["Rending Sweep"] == "2"
    assert cells["Twin Claws"] == "0 (−2)"


def test_proxy_dialog_prints_only_missing_copies_unless_told_otherwise(qtbot, demo_db) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.deckfiles import read_deck
    from deckbuilder.ui.export_dialog import ProxyExportDialog
    from deckbuilder.ui.main_window import app_settings

    deck = read_deck(demo_deck_path(), demo_db).deck
    Collection(demo_db).set_count("Low Feint", None, 2)
    dialog = ProxyExportDialog(deck, demo_db, app_settings())
    qtbot.addWidget(dialog)
    assert dialog.missing_only_check.isChecked()  # the default
    assert dialog.options().owned == {"low feint": 2}
    dialog.missing_only_check.setChecked(False)
    assert dialog.options().owned is None
    dialog.save_settings()
    again = ProxyExportDialog(deck, demo_db, app_settings())
    qtbot.addWidget(again)
    assert not again.missing_only_check.isChecked()  # remembered, as the window's menu shows

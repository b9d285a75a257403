"""The Draw odds tab works for every game whose description says how hands are drawn, not for Rage alone."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

from PySide6.QtCore import Qt

from deckbuilder.games.loader import user_games_dir
from deckbuilder.odds import SampleHand, deck_piles

LITHIC_DECK = """# game: lithic-rage
Ancestry:
1\tRiver Folk
Class:
1\tBone Shaman
Actions:
2\tObsidian Spear
1\tFire Dance
1\tAncestor's Whisper
2\tStalk
2\tHide Shield
2\tMammoth Charge
"""


def _percent(p: float) -> str:
    return f"{p:.1%}"


def test_a_lithic_rage_deck_gets_odds_by_turn_and_a_sample_hand(window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "shaman.txt"
    path.write_text(LITHIC_DECK, encoding="utf-8")
    assert window.open_deck(path, ask_first=False)
    window.report_tabs.setCurrentWidget(window.odds_view)
    view = window.odds_view
    assert not view.unavailable.isVisibleTo(view)
    assert view.fight_box.isHidden()  # Lithic Rage's engine adds no table of its own
    assert "Actions: 4 + 4 a turn" in view.turn_note.text()  # the description's hand of 4, redrawn each turn
    view.what_combo.setCurrentText("Obsidian Spear")
    view.turn_spin.setValue(2)
    # 2 of 10 actions: 4 seen by turn 1, 8 by turn 2 (exact hypergeometric odds).
    assert view.turn_table.rowCount() == 2
    assert view.turn_table.item(0, 1).text() == _percent(1 - comb(8, 4) / comb(10, 4))
    assert view.turn_table.item(1, 1).text() == _percent(1 - comb(8, 8) / comb(10, 8))
    assert "Type: Action" in [view.what_combo.itemText(i) for i in range(view.what_combo.count())]
    # The sample hand is dealt from the game's draw pile, as the core deals it for the seed.
    assert list(view.hand_lists) == ["actions"]
    view.seed_edit.setText("0000BEEF")
    qtbot.mouseClick(view.deal_button, Qt.MouseButton.LeftButton)
    expected = SampleHand.deal(deck_piles(window.deck, window.deck_pool()), 0xBEEF)
    hand = view.hand_lists["actions"]
    assert [hand.item(i).text() for i in range(hand.count())] == expected.hand("actions")
    hand.item(0).setSelected(True)
    qtbot.mouseClick(view.redraw_button, Qt.MouseButton.LeftButton)
    assert hand.count() == 4 and "Turn 2" in view.hand_label.text()


def test_a_warrift_deck_deals_its_starting_hand_and_rage_gets_its_combat_table_back(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from carddb.demo import demo_deck_path

    window.report_tabs.setCurrentWidget(window.odds_view)
    view = window.odds_view
    window.new_deck("warrift")
    window.add_card("Apprentice Mage", 5)
    window.add_card("Recruit Warrior", 5)
    assert list(view.hand_lists) == ["starting"] and view.hand_lists["starting"].count() == 5
    view.what_combo.setCurrentText("Apprentice Mage")
    view.turn_spin.setValue(1)
    assert view.turn_table.item(0, 1).text() == _percent(1 - comb(5, 5) / comb(10, 5))
    assert view.fight_box.isHidden()
    # Back to a Rage deck: its sept and combat hands and the Combat Phase table, from its game package.
    window.undo_stack.setClean()
    assert window.open_deck(demo_deck_path(), ask_first=False)
    assert list(view.hand_lists) == ["sept", "combat"]
    qtbot.waitUntil(lambda: not view.working_out)  # the Combat Phase table is worked out on a worker thread
    assert not view.fight_box.isHidden() and view.fight_table.rowCount() > 2
    assert view.fight_box.title() == "Combat Phase: a Combat Action each can play"
    assert view.fight_turn_spin.isVisibleTo(view) and view.fight_rule.text().startswith("Rule: ")


def test_a_game_without_draws_says_why_there_are_no_odds(window) -> None:  # type: ignore[no-untyped-def]
    folder = user_games_dir() / "no-hands"
    folder.mkdir(parents=True)
    game = {
        "name": "no-hands",
        "title": "No Hands",
        "fields": [{"name": "name", "column": "Name"}, {"name": "type", "column": "Type"}],
        "piles": [{"id": "deck", "label": "Deck", "types": ["Card"]}],
        "formats": [{"name": "open", "rules": []}],
    }
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    window.report_tabs.setCurrentWidget(window.odds_view)
    window.new_deck("no-hands")
    view = window.odds_view
    assert view.unavailable.isVisibleTo(view)
    assert "No Hands does not say how hands are drawn" in view.unavailable.text()
    assert view.hand_box.isHidden() and view.turn_box.isHidden()

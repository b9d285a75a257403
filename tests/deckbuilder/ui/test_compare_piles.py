"""File → Compare with… for a game with a sideboard (written from docs/GAMES.md alone) shows the sideboard as its own
pile, under its own label, and a game's pile called "starting" under the game's label, never Rage's starting list."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.deckfiles import write_deck
from tests.deckbuilder import sideboard_game
from tests.deckbuilder.test_deckdiff_piles import SWAPPED, WARRIFT


def _piles(dialog) -> dict[str, dict[str, tuple[str, str, str]]]:  # type: ignore[no-untyped-def]
    tree = dialog.view.tree
    found: dict[str, dict[str, tuple[str, str, str]]] = {}
    for index in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(index)
        found[top.text(0)] = {
            top.child(i).text(0): (top.child(i).text(1), top.child(i).text(2), top.child(i).text(3))
            for i in range(top.childCount())
        }
    return found


def test_compare_shows_a_sideboard_swap_by_its_own_pile(
    window, answers, tmp_path: Path, relic_raiders: Path
) -> None:  # type: ignore[no-untyped-def]
    before, after = tmp_path / "before.txt", tmp_path / "after.txt"
    before.write_text(sideboard_game.LEGAL_DECK, encoding="utf-8")
    after.write_text(SWAPPED, encoding="utf-8")
    assert window.open_deck(after, ask_first=False)
    answers.open_path = before
    dialog = window.compare_with()
    assert _piles(dialog) == {
        "Deck": {"Boarding Action": ("1", "0", "−1 removed"), "Ember Scout": ("0", "2", "+2 added")},
        "Sideboard": {"Boarding Action": ("0", "1", "+1 added"), "Ember Scout": ("2", "0", "−2 removed")},
    }


def test_compare_keeps_a_games_own_starting_pile_label(window, answers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    before, after = tmp_path / "before.txt", tmp_path / "after.txt"
    before.write_text(WARRIFT, encoding="utf-8")
    after.write_text(WARRIFT.replace("4 Recruit Warrior", "3 Recruit Warrior"), encoding="utf-8")
    assert window.open_deck(after, ask_first=False)
    answers.open_path = before
    dialog = window.compare_with()
    assert list(_piles(dialog)) == ["Starting deck"]


def test_a_rage_starting_list_is_still_starting_in_play(window, answers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Ashen Howler")
    window.add_card("Iron-Shod Staff", 2)
    write_deck(window.deck, tmp_path / "before.txt", pool=window.db)
    assert window.controller.start_in_play("Iron-Shod Staff")
    answers.open_path = tmp_path / "before.txt"
    dialog = window.compare_with()
    piles = _piles(dialog)
    assert piles["Starting in play"] == {"Iron-Shod Staff": ("0", "1", "+1 added")}
    assert piles["Sept"] == {"Iron-Shod Staff": ("2", "1", "−1 changed")}

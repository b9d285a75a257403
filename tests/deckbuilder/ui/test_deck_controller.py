"""The deck controller: one undo step per edit, no step for an edit that changes nothing, signals for views."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.deck import Deck
from deckbuilder.ui.deck_controller import DeckController


def _controller() -> tuple[DeckController, list[str]]:
    seen: list[str] = []
    controller = DeckController(lambda deck: None)
    controller.deck_changed.connect(lambda: seen.append("changed"))
    controller.deck_replaced.connect(lambda: seen.append("replaced"))
    controller.path_changed.connect(lambda path: seen.append(f"path {path}"))
    controller.edited.connect(lambda: seen.append("edited"))
    return controller, seen


def test_every_edit_is_one_undo_step_and_signals_the_views(qapp: object) -> None:
    controller, seen = _controller()
    assert controller.add_card("Low Feint", 2)
    assert controller.set_count("Low Feint", None, 3)
    assert seen == ["changed", "edited", "changed", "edited"]
    assert controller.undo_stack.count() == 2 and controller.is_dirty()
    controller.undo_stack.undo()
    assert controller.deck.count_of("Low Feint") == 2 and seen[-1] == "changed"
    assert not controller.remove_card("Nobody"), "an edit that changes nothing is not recorded"
    assert controller.undo_stack.count() == 1 and controller.undo_stack.canRedo() is False


def test_another_deck_starts_a_fresh_history_and_saving_makes_it_clean(qapp: object) -> None:
    controller, seen = _controller()
    controller.add_card("Low Feint")
    seen.clear()
    opened = Deck(name="Opened")
    controller.replace(opened, Path("opened.ragedeck"))
    assert controller.deck is opened and controller.path == Path("opened.ragedeck")
    assert seen == ["replaced", "path opened.ragedeck", "changed"]
    assert controller.undo_stack.count() == 0 and not controller.is_dirty()
    controller.rename("Renamed")
    controller.saved_as(Path("renamed.dek"))
    assert not controller.is_dirty() and controller.document.kind == "dek"
    controller.mark_unsaved()
    assert controller.is_dirty()


def test_a_card_added_to_the_starting_pile_joins_the_starting_list(qapp: object) -> None:
    controller, _seen = _controller()
    assert controller.add_to_pile("Low Feint", "combat")
    assert controller.add_to_pile("Moon Sign", "starting")
    assert controller.add_to_pile("Moon Sign", "starting")
    starting = controller.deck.entry("Moon Sign", None, starting=True)
    assert starting is not None and starting.count == 2
    assert controller.deck.entry("Moon Sign", None) is None  # not in the sept deck
    assert controller.deck.count_of("Low Feint") == 1
    assert controller.undo_stack.count() == 3

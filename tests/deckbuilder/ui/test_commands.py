"""Undo commands restore the deck exactly; the small domain operations behave as a player expects."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack

from deckbuilder.deck import Deck
from deckbuilder.document import DeckDocument
from deckbuilder.ui.commands import (
    AddCardCommand,
    ChangePrintingCommand,
    RemoveCardCommand,
    SetCountCommand,
    SetRenownLevelCommand,
)


def _deck() -> Deck:
    deck = Deck(name="Test")
    deck.add("Alpha Wolf", 1, "Base")
    deck.add("Beta Claw", 2)
    deck.add("Gamma Rite", 3, "Base")
    return deck


def _shape(deck: Deck) -> list[tuple[str, int, str | None]]:
    return [(e.name, e.count, e.set_name) for e in deck.entries]


def test_remove_copies_touches_only_the_named_printing() -> None:
    deck = _deck()
    deck.add("Gamma Rite", 1, "Reprint")
    assert deck.remove_exact("Gamma Rite", "Reprint", 5) == 1
    assert deck.count_of("Gamma Rite") == 3


def test_change_printing_merges_into_an_existing_entry() -> None:
    deck = _deck()
    deck.add("Gamma Rite", 1, "Reprint")
    deck.change_printing("Gamma Rite", "Base", "Reprint")
    assert [(e.count, e.set_name) for e in deck.entries if e.name == "Gamma Rite"] == [(4, "Reprint")]


def test_undo_restores_order_and_redo_repeats_the_edit(qapp) -> None:  # type: ignore[no-untyped-def]
    deck = _deck()
    before = _shape(deck)
    document = DeckDocument(deck)
    changes: list[int] = []
    stack = QUndoStack()
    stack.push(RemoveCardCommand(document, lambda: changes.append(1), "Alpha Wolf", "Base", 1))
    stack.push(AddCardCommand(document, lambda: changes.append(1), "Delta Fang", 2))
    stack.push(SetCountCommand(document, lambda: changes.append(1), "Beta Claw", None, 3))
    stack.push(ChangePrintingCommand(document, lambda: changes.append(1), "Gamma Rite", "Base", None))
    stack.push(SetRenownLevelCommand(document, lambda: changes.append(1), 25))
    after = _shape(deck)
    assert after == [("Beta Claw", 3, None), ("Gamma Rite", 3, None), ("Delta Fang", 2, None)]
    assert deck.renown_level == 25
    for _ in range(5):
        stack.undo()
    assert _shape(deck) == before
    assert deck.renown_level == 20
    for _ in range(5):
        stack.redo()
    assert _shape(deck) == after
    assert len(changes) == 15  # every do, undo and redo told the window to refresh

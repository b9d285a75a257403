"""The deck document: the deck with its file, that file's kind, its check, and what the kind cannot keep."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.deck import Deck
from deckbuilder.document import DeckDocument, Loss, deck_losses


def test_an_edit_knows_the_states_around_it_and_restore_goes_back() -> None:
    document = DeckDocument()
    edit = document.edit(lambda deck: deck.add("Low Feint", 2))
    assert edit.changed and document.deck.count_of("Low Feint") == 2
    assert not document.edit(lambda deck: deck.remove("Nobody")).changed
    document.restore(edit.before)
    assert document.deck.is_empty()
    document.restore(edit.after)
    assert document.deck.count_of("Low Feint") == 2


def test_the_file_kind_follows_the_path_and_a_new_file_warns_again() -> None:
    document = DeckDocument()
    assert document.kind is None and document.losses() == []
    document.replace(Deck(notes="keep me"), Path("deck.dek"), {"Nobdy": ["Nobody"]})
    assert document.kind == "dek" and document.unknown == {"Nobdy": ["Nobody"]}
    assert document.losses() == [Loss.NOTES]
    document.warned_losses = True
    document.saved_as(Path("deck.dek"))
    assert document.warned_losses, "saving to the same file again does not ask again"
    document.saved_as(Path("deck.txt"))
    assert document.kind == "text" and not document.warned_losses
    document.saved_as(Path("deck.ragedeck"))
    assert document.losses() == [], "the native kind keeps everything"


def test_each_kind_drops_what_it_cannot_write() -> None:
    deck = Deck(renown_level=30)
    deck.add("Low Feint", 1, set_name="Demo")
    assert deck_losses(deck, "native") == []
    assert deck_losses(deck, "dek") == [Loss.RENOWN_AND_FORMAT]  # a .dek keeps printings
    assert deck_losses(deck, "text") == [Loss.RENOWN_AND_FORMAT, Loss.PRINTINGS]
    assert deck_losses(Deck(), "text") == []

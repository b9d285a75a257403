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


def test_another_games_deck_on_its_default_format_loses_nothing_in_a_dek() -> None:
    # Its settings and format are its game's defaults: a .dek, which keeps neither, drops nothing the player chose.
    deck = Deck(game="lithic-rage", format="standard")
    deck.add("Bone Shaman")
    assert deck_losses(deck, "dek") == []
    deck.format = "open"
    assert deck_losses(deck, "dek") == [Loss.RENOWN_AND_FORMAT]
    rage = Deck()
    rage.renown_level = 25  # Rage's Renown level is a setting: a .dek cannot keep it
    assert deck_losses(rage, "dek") == [Loss.RENOWN_AND_FORMAT]

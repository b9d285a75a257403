"""The window shows the deck's fingerprint (the decklist's code) on the deck header, updated with every change."""

from __future__ import annotations

from deckbuilder.fingerprint import deck_fingerprint


def test_header_tooltip_carries_the_fingerprint_and_follows_edits(window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Ashen Howler")
    first = deck_fingerprint(window.deck, window.db).code
    assert first in window.deck_view.header_label.label.toolTip()
    window.add_card("Ashen Howler")
    second = deck_fingerprint(window.deck, window.db).code
    assert second != first and second in window.deck_view.header_label.label.toolTip()
    window.undo_stack.undo()
    assert first in window.deck_view.header_label.label.toolTip()

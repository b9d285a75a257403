"""The context menu of a deck row, shared by the deck list and the card images: every action is a request."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from carddb.cardtypes import Section
from carddb.model import CardInfo
from deckbuilder.deck import printing_sets
from deckbuilder.ui.deck_rows import DeckRow

if TYPE_CHECKING:
    from deckbuilder.ui.deck_view import DeckView


def deck_row_menu(row: DeckRow, view: DeckView) -> QMenu:
    """Add/remove copies, start in play or return, pick a printing, take a suggestion: each asked of `view`."""
    menu = QMenu(view)
    entry = row.entry
    menu.addAction(view.tr("Add one copy"), lambda: view.request_add(row, 1))
    menu.addAction(view.tr("Remove one copy"), lambda: view.request_remove(row, 1))
    menu.addAction(view.tr("Remove all copies"), lambda: view.request_remove(row, entry.count))
    if row.starting:
        menu.addSeparator()
        back = menu.addAction(
            view.tr("Return to sept deck"),
            lambda: view.return_to_sept_requested.emit(entry.name, entry.set_name, 1),
        )
        back.setToolTip(view.tr("Put one copy back into the sept deck"))
        # The printing of a starting entry is kept as it was moved; choose it on the sept row.
        return menu
    if isinstance(row.card, CardInfo) and row.card.section is Section.SEPT:
        menu.addSeparator()
        start = menu.addAction(
            view.tr("Start in play"),
            lambda: view.start_in_play_requested.emit(entry.name, entry.set_name, 1),
        )
        start.setToolTip(view.tr("Move one copy out of the sept deck to begin the game in play"))
    sets = printing_sets(row.card) if isinstance(row.card, CardInfo) else ()
    if sets:  # a card whose one printing has no set (a game's card-data CSV) has none to choose
        printings = menu.addMenu(view.tr("Printing"))
        newest = printings.addAction(view.tr("Newest (no set chosen)"))
        newest.setCheckable(True)
        newest.setChecked(entry.set_name is None)
        newest.triggered.connect(lambda: view.printing_requested.emit(entry.name, entry.set_name, None))
        for set_name in sets:
            action = printings.addAction(set_name)
            action.setCheckable(True)
            action.setChecked(entry.set_name == set_name)
            action.triggered.connect(
                lambda _=False, s=set_name: view.printing_requested.emit(entry.name, entry.set_name, s)
            )
    if row.suggestions:
        replace = menu.addMenu(view.tr("Replace with"))
        for suggestion in row.suggestions:
            action = replace.addAction(suggestion)
            action.triggered.connect(
                lambda _=False, s=suggestion: view.replace_requested.emit(entry.name, entry.set_name, s)
            )
    return menu

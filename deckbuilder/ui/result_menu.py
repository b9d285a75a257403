"""The context menu of a search result in the card browser: every action is a request the browser emits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from carddb.search import SearchRow
from deckbuilder.ui.translation import fill

if TYPE_CHECKING:
    from deckbuilder.ui.browser import CardBrowser


def search_row_menu(row: SearchRow, browser: CardBrowser) -> QMenu:
    """Add the card to the pile its Type allows (a Rage sept card also to Starting in play), or show it."""
    menu = QMenu(browser)
    if browser.game is not None:  # another game: the pile its description puts the card's Type in
        from deckbuilder.i18n import gettext

        pile = browser.game.pile_of(row.type)
        if pile is not None:
            action = menu.addAction(fill(browser.tr("Add to %1"), gettext(browser.game.pile_label(pile))))
            action.triggered.connect(lambda _=False, n=row.name, p=pile: browser.add_to_requested.emit(n, p))
        piles: dict[str, str] = {}
    else:
        piles = {
            "characters": browser.tr("Add to &Characters"),
            "sept": browser.tr("Add to &sept deck"),
            "combat": browser.tr("Add to c&ombat deck"),
        }
    if row.section in piles:
        action = menu.addAction(piles[row.section])
        action.triggered.connect(
            lambda _=False, n=row.name, p=row.section: browser.add_to_requested.emit(n, p)
        )
    if row.section == "sept" and browser.game is None:
        action = menu.addAction(browser.tr("Add to s&tarting in play"))
        action.triggered.connect(lambda _=False, n=row.name: browser.add_to_requested.emit(n, "starting"))
    menu.addSeparator()
    show = menu.addAction(browser.tr("S&how card"))
    show.triggered.connect(lambda _=False, n=row.name: browser.show_requested.emit(n))
    return menu

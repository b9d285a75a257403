"""The card pane, a part of the window: the card on show, and the scan that pops up over a card list's rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QTimer
from PySide6.QtWidgets import QAbstractItemView, QTableView, QWidget

from carddb.model import CardInfo
from deckbuilder.games.cards import as_card_info
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.card_preview import CardPreview, Resolver
from deckbuilder.ui.card_view import CardView
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.deck_model import DeckSectionModel


class CardPane(QObject):
    """Shows one card looked up in the deck's game's cards; pops up a card's scan over the lists it watches."""

    def __init__(self, window: QWidget, games: DeckGames) -> None:
        super().__init__(window)
        self.db = games.db
        self.games = games  # where a name is looked up: the deck's game's cards
        self.card_view = CardView()
        self.preview = CardPreview(self.db, window)
        # The decks of the library using a card (window_library.DeckLibrary.uses), asked after the card shows.
        self.uses: Callable[[str, str | None], list[Any]] | None = None
        self._uses_for: str | None = None
        self._uses_timer = QTimer(self)
        self._uses_timer.setSingleShot(True)
        self._uses_timer.timeout.connect(self._show_uses)

    def show_card(self, name: str) -> None:
        """Show a card in the card view, looked up in the deck's game's cards (unknown names clear it)."""
        game = self.games.deck_game()
        pool = self.games.deck_pool()
        card = pool.lookup(name)
        if card is not None and card.fields and game is not None:
            self.card_view.show_game_card(card, game, getattr(pool, "images", None))
        else:
            self.card_view.show_card(card if isinstance(card, CardInfo) else None, self.db)
        self.card_view.show_uses(None)
        self._uses_for = card.name if card is not None else None
        if self.uses is not None and card is not None:
            self._uses_timer.start(0)  # after the card shows: the library's first listing walks its folders

    def uses_changed(self) -> None:
        """The library was listed again: say again which decks play the card on show."""
        if self.uses is not None and self._uses_for is not None:
            self._uses_timer.start(0)

    def _show_uses(self) -> None:
        if self.uses is None or self._uses_for is None:
            return
        game = self.games.deck_game()
        used = self.uses(self._uses_for, game.name if game is not None else None)
        self.card_view.show_uses([(use.deck.name, use.copies) for use in used])

    def show_first_card(self, names: list[str]) -> None:
        """Show the first of some cards (the ones a legality line names)."""
        if names:
            self.show_card(str(names[0]))

    def show_no_card(self) -> None:
        """Clear the card pane (another deck took this one's place: its card belonged to the old one)."""
        self.card_view.show_card(None, None)
        self.card_view.show_uses(None)
        self._uses_for = None

    def reshow_card(self) -> None:
        """Show the card on show again from the database (cleared when the card is gone from it)."""
        shown = self.card_view.card
        if shown is not None:
            self.card_view.show_card(self.db.lookup(shown.name), self.db)

    def follow_pool(self) -> None:
        """Pop up the pictures of the deck's game's cards, where they are."""
        self.preview.images = getattr(self.games.deck_pool(), "images", None) or self.db

    def watch_browser(self, browser: CardBrowser) -> None:
        """Pop up the scans of the browser's result rows."""

        def card_at(index: QModelIndex) -> tuple[CardInfo, str | None] | None:
            row = browser.model.row_at(index.row())
            card = self.db.lookup(row.name) if row is not None else None
            return None if card is None else (card, None)

        self.preview.watch(browser.table, card_at)

    def watch_deck_tables(self, tables: list[QTableView]) -> None:
        """Pop up the scans of the deck's rows (each pile's table)."""
        for table in tables:
            self.preview.watch(table, self._deck_card_at)

    def watch(self, view: QAbstractItemView, card_at: Resolver) -> None:
        """Pop up the scans of another list's rows, `card_at` finding each row's card and printing."""
        self.preview.watch(view, card_at)

    def _deck_card_at(self, index: QModelIndex) -> tuple[CardInfo, str | None] | None:
        model = index.model()
        row = model.row_at(index.row()) if isinstance(model, DeckSectionModel) else None
        game = self.games.deck_game()
        shown = as_card_info(row.card, game) if row is not None and game is not None else None
        if row is not None and row.card is not None and row.card.fields and shown is not None:
            return shown, None  # another game's card: its picture is found in the preview's `images`
        if row is None or not isinstance(row.card, CardInfo):
            return None  # an unknown card keeps its tooltip (the names it may stand for)
        return row.card, row.entry.set_name

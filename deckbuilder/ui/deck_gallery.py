"""The deck as a grid of card images, one tab per pile of its game; thumbnails load a few at a time and are cached."""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QModelIndex, QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from carddb.db import CardDatabase
from carddb.images import ImageSource
from carddb.model import CardInfo
from deckbuilder.games.cards import as_card_info
from deckbuilder.games.description import Game
from deckbuilder.games.loader import shipped_game
from deckbuilder.i18n import gettext
from deckbuilder.ui.card_preview import card_image
from deckbuilder.ui.card_view import CARD_ASPECT, TextCard
from deckbuilder.ui.deck_rows import DeckRow, tint_color

THUMB_WIDTH = 126
THUMB_SIZE = QSize(THUMB_WIDTH, round(THUMB_WIDTH / CARD_ASPECT))
THUMBS_PER_TICK = 6  # thumbnails made per event-loop turn: the window stays responsive on a 60-card deck
THUMB_CACHE_SIZE = 400
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
ILLEGAL_ROLE = Qt.ItemDataRole.UserRole + 2
CARD_ROLE = (
    Qt.ItemDataRole.UserRole + 3
)  # the CardInfo a thumbnail is drawn from (another game's card, as one)
ILLEGAL_MARK = "⚠"

_thumbs: OrderedDict[tuple[str, str | None, str], QPixmap] = OrderedDict()


def thumbnail(card: CardInfo, db: ImageSource | None, set_name: str | None) -> QPixmap:
    """A card's scan (else its drawn text card) at thumbnail size; cached by card, printing and image folder."""
    key = (card.norm_name, set_name, str(db.folder) if db is not None else "")
    cached = _thumbs.get(key)
    if cached is not None:
        _thumbs.move_to_end(key)
        return cached
    image = card_image(card, db, set_name) if db is not None else None
    if image is not None:
        pixmap = QPixmap.fromImage(image).scaled(
            THUMB_SIZE, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
        )
    else:
        text_card = TextCard()
        text_card.resize(THUMB_SIZE)
        text_card.set_card(card)
        pixmap = QPixmap(THUMB_SIZE)
        pixmap.fill(Qt.GlobalColor.transparent)
        text_card.render(pixmap)
        text_card.deleteLater()
    _thumbs[key] = pixmap
    if len(_thumbs) > THUMB_CACHE_SIZE:
        _thumbs.popitem(last=False)
    return pixmap


class DeckGallery(QTabWidget):
    """Card images of the deck by pile; double-click (or Enter) shows a card in the card pane.

    Cards the check finds illegal are marked with a sign, a tint and why; the context menu is the deck list's own
    (`menu_for`, set by the window), so every request goes the same way as from the list.
    """

    card_selected = Signal(str)

    def __init__(self, db: CardDatabase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deckGallery")
        self.db = db
        self.images: ImageSource | None = db  # where the shown cards' images are found
        self.lists: dict[str, QListWidget] = {}
        self.piles: tuple[str, ...] = ()
        self._titles: dict[str, str] = {}
        self._starting: str | None = None  # the pile the deck's starting list is shown in, hidden while empty
        self._pending: list[QListWidgetItem] = []
        self._rows: dict[str, list[tuple[DeckRow, tuple[str, ...]]]] = {}
        self.menu_for: Callable[[DeckRow], QMenu] | None = None
        # told of every pile's list made (hover previews)
        self.watch: Callable[[QListWidget], None] | None = None
        self._loader = QTimer(self)
        self._loader.setInterval(0)
        self._loader.timeout.connect(self._load_some)
        self.currentChanged.connect(lambda _index: self._queue_current())
        self._set_piles(shipped_game())

    def _set_piles(self, game: Game) -> None:
        """One tab per pile of the deck's game, titled by its game.json label; kept while the piles stay."""
        titles = {pile.id: pile.label for pile in game.piles}
        self._starting = game.starting_pile()
        if tuple(titles) == self.piles:
            self._titles = titles
            return
        self._pending = []
        self.clear()
        for view in self.lists.values():
            view.deleteLater()
        self.lists, self._rows = {}, {}
        self.piles, self._titles = tuple(titles), dict(titles)
        for key in self.piles:
            view = QListWidget()
            view.setObjectName(f"{key}Gallery")
            view.setViewMode(QListView.ViewMode.IconMode)
            view.setIconSize(THUMB_SIZE)
            view.setResizeMode(QListView.ResizeMode.Adjust)
            view.setMovement(QListView.Movement.Static)
            view.setWrapping(True)
            view.setSpacing(6)
            view.setUniformItemSizes(True)
            view.setWordWrap(True)
            view.itemActivated.connect(self._activated)
            view.itemDoubleClicked.connect(self._activated)
            view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            view.customContextMenuRequested.connect(functools.partial(self._context_menu, view))
            page = QWidget()
            layout = QVBoxLayout(page)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(view)
            self.addTab(page, gettext(titles[key]))
            self.lists[key] = view
            if self.watch is not None:
                self.watch(view)

    def show_rows(
        self,
        rows: Mapping[str, Sequence[DeckRow]],
        illegal: Mapping[str, Sequence[str]] | None,
        game: Game,
        images: ImageSource | None,
    ) -> None:
        """Show a deck of `game` by its piles, marking the cards in `illegal` (name key -> why); images, found by
        `images` (its pool's), load lazily."""
        self._set_piles(game)
        self._show(rows, illegal, images, game)

    def _show(
        self,
        rows: Mapping[str, Sequence[DeckRow]],
        illegal: Mapping[str, Sequence[str]] | None,
        images: ImageSource | None,
        game: Game,
    ) -> None:
        self._pending = []  # items about to be cleared must not be loaded
        if images is not self.images:
            self.images, self._rows = images, {}
        illegal = illegal or {}
        tint = tint_color(QApplication.palette())  # the theme in force, even before its change event
        for index, key in enumerate(self.piles):
            pile = [
                (row, tuple(illegal.get(row.card.norm_name, ())))
                for row in rows.get(key, ())
                if isinstance(row.card, CardInfo)
            ]
            copies = sum(row.entry.count for row, _why in pile)
            self.setTabText(index, f"{gettext(self._titles[key])} ({copies})")
            if key == self._starting:
                self.setTabVisible(index, bool(pile))
            if pile == self._rows.get(key):
                continue
            self._rows[key] = pile
            view = self.lists[key]
            view.clear()
            captions = [self._caption(row, bool(why)) for row, why in pile]
            # Every item as tall as the longest caption needs (wrapped at the thumbnail's width): no name is cut.
            metrics = view.fontMetrics()
            wrap = QRect(0, 0, THUMB_WIDTH + 8, 10_000)
            text_height = max(
                [2 * metrics.height()]
                + [
                    metrics.boundingRect(wrap, int(flag), c).height()
                    for c in captions
                    # Qt wraps a caption at words, and a word wider than the item anywhere.
                    for flag in (Qt.TextFlag.TextWordWrap, Qt.TextFlag.TextWrapAnywhere)
                ]
            )
            for row, why in pile:
                card = row.card
                assert card is not None
                item = QListWidgetItem(self._caption(row, bool(why)))
                item.setData(ROW_ROLE, row)
                item.setData(CARD_ROLE, as_card_info(card, game))
                item.setData(ILLEGAL_ROLE, bool(why))
                # Not by colour alone: the sign in the caption and the reasons in the tooltip say it too.
                tip = [card.name, *(f"{ILLEGAL_MARK} {reason}" for reason in why)]
                item.setToolTip("\n".join(tip))
                if why:
                    item.setBackground(tint)
                item.setSizeHint(QSize(THUMB_WIDTH + 12, THUMB_SIZE.height() + text_height + 12))
                view.addItem(item)
        self._queue_current()

    @staticmethod
    def _caption(row: DeckRow, illegal: bool) -> str:
        label = f"{row.entry.count} × {row.card.name if row.card is not None else row.entry.name}"
        return f"{ILLEGAL_MARK} {label}" if illegal else label

    def _queue_current(self) -> None:
        index = self.currentIndex()
        # While the tabs are being made for other piles, a tab may show before its list is known.
        view = self.lists.get(self.piles[index]) if 0 <= index < len(self.piles) else None
        if view is None:
            return
        self._pending = [view.item(i) for i in range(view.count()) if view.item(i).icon().isNull()]
        if self._pending:
            self._loader.start()

    def _load_some(self) -> None:
        batch, self._pending = self._pending[:THUMBS_PER_TICK], self._pending[THUMBS_PER_TICK:]
        for item in batch:
            row, card = item.data(ROW_ROLE), item.data(CARD_ROLE)
            if isinstance(row, DeckRow) and isinstance(card, CardInfo) and item.listWidget() is not None:
                item.setIcon(QIcon(thumbnail(card, self.images, row.entry.set_name)))
        if not self._pending:
            self._loader.stop()

    def loading(self) -> bool:
        """True while thumbnails of the pile on show are still being made."""
        return bool(self._pending)

    def row_at(self, index: QModelIndex) -> DeckRow | None:
        """The deck row of a gallery item."""
        row = index.data(ROW_ROLE)
        return row if isinstance(row, DeckRow) else None

    def card_at(self, index: QModelIndex) -> CardInfo | None:
        """The card a gallery item shows (another game's card as the CardInfo its thumbnail was drawn from)."""
        card = index.data(CARD_ROLE)
        return card if isinstance(card, CardInfo) else None

    def is_marked_illegal(self, key: str, row: int) -> bool:
        """True when the item at `row` of a pile is marked as illegal."""
        item = self.lists[key].item(row)
        return item is not None and bool(item.data(ILLEGAL_ROLE))

    def context_menu_at(self, view: QListWidget, pos: QPoint) -> QMenu | None:
        """The deck list's context menu for the card under `pos` (None over empty space)."""
        item = view.itemAt(pos)
        row = item.data(ROW_ROLE) if item is not None else None
        if not isinstance(row, DeckRow) or self.menu_for is None:
            return None
        return self.menu_for(row)

    def _context_menu(self, view: QListWidget, pos: QPoint) -> None:
        menu = self.context_menu_at(view, pos)
        if menu is not None:
            menu.exec(view.viewport().mapToGlobal(pos))

    def _activated(self, item: QListWidgetItem) -> None:
        row = item.data(ROW_ROLE)
        if isinstance(row, DeckRow) and row.card is not None:
            self.card_selected.emit(row.card.name)

"""The deck as a grid of card images, one tab per pile; thumbnails load a few at a time and are cached."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QModelIndex, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QListView, QListWidget, QListWidgetItem, QTabWidget, QVBoxLayout, QWidget

from carddb.db import CardDatabase
from carddb.model import CardInfo
from deckbuilder.ui.card_preview import card_image
from deckbuilder.ui.card_view import CARD_ASPECT, TextCard
from deckbuilder.ui.deck_rows import SECTION_KEYS, SECTION_TITLES, STARTING, UNRESOLVED, DeckRow

THUMB_WIDTH = 126
THUMB_SIZE = QSize(THUMB_WIDTH, round(THUMB_WIDTH / CARD_ASPECT))
THUMBS_PER_TICK = 6  # thumbnails made per event-loop turn: the window stays responsive on a 60-card deck
THUMB_CACHE_SIZE = 400
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
PILES = tuple(key for key in SECTION_KEYS if key != UNRESOLVED)

_thumbs: OrderedDict[tuple[str, str | None, str], QPixmap] = OrderedDict()


def thumbnail(card: CardInfo, db: CardDatabase, set_name: str | None) -> QPixmap:
    """A card's scan (else its drawn text card) at thumbnail size; cached by card, printing and database."""
    key = (card.norm_name, set_name, str(db.path))
    cached = _thumbs.get(key)
    if cached is not None:
        _thumbs.move_to_end(key)
        return cached
    image = card_image(card, db, set_name)
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
    """Card images of the deck by pile; double-click (or Enter) shows a card in the card pane."""

    card_selected = Signal(str)

    def __init__(self, db: CardDatabase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deckGallery")
        self.db = db
        self.lists: dict[str, QListWidget] = {}
        self._pending: list[QListWidgetItem] = []
        self._rows: dict[str, list[DeckRow]] = {}
        for key in PILES:
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
            page = QWidget()
            layout = QVBoxLayout(page)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(view)
            self.addTab(page, self.tr(SECTION_TITLES[key]))
            self.lists[key] = view
        self._loader = QTimer(self)
        self._loader.setInterval(0)
        self._loader.timeout.connect(self._load_some)
        self.currentChanged.connect(lambda _index: self._queue_current())

    def show_rows(self, rows: Mapping[str, Sequence[DeckRow]]) -> None:
        """Show the deck's rows (as the deck view groups them); images load lazily, the shown pile first."""
        self._pending = []  # items about to be cleared must not be loaded
        for index, key in enumerate(PILES):
            pile = [row for row in rows.get(key, ()) if isinstance(row.card, CardInfo)]
            copies = sum(row.entry.count for row in pile)
            self.setTabText(index, f"{self.tr(SECTION_TITLES[key])} ({copies})")
            if key == STARTING:
                self.setTabVisible(index, bool(pile))
            if pile == self._rows.get(key):
                continue
            self._rows[key] = pile
            view = self.lists[key]
            view.clear()
            for row in pile:
                card = row.card
                assert card is not None
                item = QListWidgetItem(f"{row.entry.count} × {card.name}")
                item.setData(ROW_ROLE, row)
                item.setToolTip(card.name)
                item.setSizeHint(
                    QSize(THUMB_WIDTH + 12, THUMB_SIZE.height() + 2 * view.fontMetrics().height() + 12)
                )
                view.addItem(item)
        self._queue_current()

    def _queue_current(self) -> None:
        view = self.lists[PILES[self.currentIndex()]] if 0 <= self.currentIndex() < len(PILES) else None
        if view is None:
            return
        self._pending = [view.item(i) for i in range(view.count()) if view.item(i).icon().isNull()]
        if self._pending:
            self._loader.start()

    def _load_some(self) -> None:
        batch, self._pending = self._pending[:THUMBS_PER_TICK], self._pending[THUMBS_PER_TICK:]
        for item in batch:
            row = item.data(ROW_ROLE)
            if isinstance(row, DeckRow) and isinstance(row.card, CardInfo) and item.listWidget() is not None:
                item.setIcon(QIcon(thumbnail(row.card, self.db, row.entry.set_name)))
        if not self._pending:
            self._loader.stop()

    def loading(self) -> bool:
        """True while thumbnails of the pile on show are still being made."""
        return bool(self._pending)

    def row_at(self, index: QModelIndex) -> DeckRow | None:
        """The deck row of a gallery item."""
        row = index.data(ROW_ROLE)
        return row if isinstance(row, DeckRow) else None

    def _activated(self, item: QListWidgetItem) -> None:
        row = item.data(ROW_ROLE)
        if isinstance(row, DeckRow) and row.card is not None:
            self.card_selected.emit(row.card.name)

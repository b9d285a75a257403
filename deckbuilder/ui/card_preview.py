"""A card's scan (or its text card) shown beside the pointer while it rests on a row of the browser or the deck."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QHelpEvent, QImage, QMouseEvent, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QFrame, QLabel, QVBoxLayout, QWidget

from carddb.db import CardDatabase
from carddb.model import CardInfo
from deckbuilder.ui.card_view import CARD_ASPECT, TextCard, load_card_image

if TYPE_CHECKING:
    # carddb.images (the importer's and exports' image checks) is not needed to show a card: only its protocol.
    from carddb.images import ImageSource

PREVIEW_WIDTH = 250
# What a watched view answers for a row: the card and the printing (set) to show, or None for "no card".
Resolver = Callable[[QModelIndex], tuple[CardInfo, str | None] | None]


def card_image(card: CardInfo, db: ImageSource, set_name: str | None = None) -> QImage | None:
    """The first side's scan of a card's printing (`set_name`, else the newest); None when there is none."""
    printing = card.printing(set_name) or card.printing(None)
    if printing is None:
        return None
    for relative in printing.image_paths:
        path = db.image_path(relative) if relative else None
        if path is not None:
            image, _problem = load_card_image(path)
            if image is not None:
                return image
    return None


class CardPreview(QFrame):
    """A tooltip-like popup: the card's scan, else the text card the card pane draws, and a line of notes."""

    def __init__(self, db: CardDatabase, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.ToolTip | Qt.WindowType.FramelessWindowHint)
        self.setObjectName("cardPreview")
        self.db = db
        # Where the previewed cards' images are found: the card database, or another game's folder (the window
        # sets it with the deck's game).
        self.images: ImageSource = db
        self.setFrameShape(QFrame.Shape.Box)
        self.card: CardInfo | None = None
        self.shown_row: tuple[int, int] | None = None  # (id of the view, row) on show
        self.image_label = QLabel()
        self.image_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text_card = TextCard()
        size = QSize(PREVIEW_WIDTH, round(PREVIEW_WIDTH / CARD_ASPECT))
        self.image_label.setFixedSize(size)
        self.text_card.setFixedSize(size)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setMaximumWidth(PREVIEW_WIDTH)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.image_label)
        layout.addWidget(self.text_card)
        layout.addWidget(self.note)
        self._views: dict[int, tuple[QAbstractItemView, Resolver]] = {}

    @property
    def showing_scan(self) -> bool:
        """True when the card's scan is shown (not the text card)."""
        return not self.image_label.isHidden()

    def watch(self, view: QAbstractItemView, resolve: Resolver) -> None:
        """Preview the card of the row under the pointer in `view`."""
        viewport = view.viewport()
        viewport.setMouseTracking(True)
        viewport.installEventFilter(self)
        self._views[id(viewport)] = (view, resolve)

    def show_card(self, card: CardInfo, set_name: str | None, at: QPoint, note: str = "") -> None:
        """Show a card beside the global point `at`, kept on its screen."""
        self.card = card
        image = card_image(card, self.images, set_name)
        if image is not None:
            pixmap = QPixmap.fromImage(image).scaled(
                self.image_label.size(),
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            self.image_label.setPixmap(pixmap)
            self.image_label.show()
            self.text_card.hide()
        else:
            self.text_card.set_card(card)
            self.text_card.show()
            self.image_label.hide()
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.adjustSize()
        self.move(self._placed(at))
        self.show()

    def _placed(self, at: QPoint) -> QPoint:
        """Right of and below the pointer; flipped to the other side where the screen ends."""
        screen = QGuiApplication.screenAt(at) or QGuiApplication.primaryScreen()
        area = screen.availableGeometry() if screen is not None else QRect(0, 0, 1920, 1080)
        x, y = at.x() + 18, at.y() + 12
        if x + self.width() > area.right():
            x = at.x() - 18 - self.width()
        if y + self.height() > area.bottom():
            y = area.bottom() - self.height()
        return QPoint(max(area.left(), x), max(area.top(), y))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        entry = self._views.get(id(watched))
        if entry is None:
            return False
        view, resolve = entry
        kind = event.type()
        if kind == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = view.indexAt(event.pos())
            found = resolve(index) if index.isValid() else None
            if found is None:
                self.hide()
                return False  # the row's own tooltip, if any
            card, set_name = found
            shown = index.data(Qt.ItemDataRole.DisplayRole)
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            note = str(tip) if tip and tip != shown and tip != card.name else ""
            self.shown_row = (id(watched), index.row())
            self.show_card(card, set_name, event.globalPos(), note)
            return True
        if kind == QEvent.Type.MouseMove and isinstance(event, QMouseEvent) and self.isVisible():
            row = view.indexAt(event.position().toPoint()).row()
            if self.shown_row != (id(watched), row):
                self.hide()  # another row: its preview comes when the pointer rests again
        elif kind in (
            QEvent.Type.Leave,
            QEvent.Type.MouseButtonPress,
            QEvent.Type.Wheel,
            QEvent.Type.KeyPress,
            QEvent.Type.Hide,
        ):
            self.hide()
        return False

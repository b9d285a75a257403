"""The selected card: its image(s), or a drawn text card when there is none, and every field below."""

from __future__ import annotations

import html
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import (
    QFont,
    QImage,
    QImageReader,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QTextDocument,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QTextBrowser, QVBoxLayout, QWidget

from carddb.cardtypes import Section
from carddb.model import CardInfo, PrintingInfo
from deckbuilder.deck import printing_sets
from deckbuilder.games.cards import as_card_info
from deckbuilder.games.description import Game
from deckbuilder.games.loader import shipped_game
from deckbuilder.ui.translation import fill, ngettext

if TYPE_CHECKING:
    # carddb.images (the importer's and exports' image checks) is not needed to show a card: only its protocol.
    from carddb.images import ImageSource

# A card scan is well under a megapixel; anything this big is a wrong or hostile file and would eat memory.
MAX_IMAGE_PIXELS = 50_000_000
# Poker-size card, 63 x 88 mm.
CARD_ASPECT = 63 / 88
IMAGE_CACHE_SIZE = 64
MAX_USES_LISTED = 8  # decks named under the card; the tooltip lists more

_image_cache: OrderedDict[tuple[str, int, int], QImage] = OrderedDict()


def html_lines(text: str) -> str:
    """Card text as HTML: escaped, with its line breaks kept."""
    return html.escape(text).replace("\n", "<br>")


def load_card_image(path: Path) -> tuple[QImage | None, str]:
    """Read an image safely: (image, "") or (None, why not). Refuses files over MAX_IMAGE_PIXELS."""
    try:
        stat = path.stat()
    except OSError as exc:
        return None, fill(
            QCoreApplication.translate("CardView", "%1: cannot read the file (%2)"),
            path.name,
            exc.strerror or exc,
        )
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    cached = _image_cache.get(key)
    if cached is not None:
        _image_cache.move_to_end(key)
        return cached, ""
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    # size() reads only the header, so a huge image is refused before any pixel is decoded.
    size = reader.size()
    if not size.isValid():
        return None, fill(
            QCoreApplication.translate("CardView", "%1: not a readable image (%2)"),
            path.name,
            reader.errorString(),
        )
    if size.width() * size.height() > MAX_IMAGE_PIXELS:
        too_large = QCoreApplication.translate("CardView", "%1: image too large to show (%2 x %3 pixels)")
        return None, fill(too_large, path.name, size.width(), size.height())
    image = reader.read()
    if image.isNull():
        return None, fill(
            QCoreApplication.translate("CardView", "%1: the image is damaged (%2)"),
            path.name,
            reader.errorString(),
        )
    _image_cache[key] = image
    if len(_image_cache) > IMAGE_CACHE_SIZE:
        _image_cache.popitem(last=False)
    return image, ""


def side_captions(card: CardInfo, sides: int) -> list[str]:
    """Captions of a card's image sides: breed and Crinos for a two-sided Character."""
    if sides == 2:
        if card.section is Section.CHARACTERS:
            return [
                QCoreApplication.translate("CardView", "Breed form"),
                QCoreApplication.translate("CardView", "Crinos form"),
            ]
        return [
            QCoreApplication.translate("CardView", "Front"),
            QCoreApplication.translate("CardView", "Back"),
        ]
    return [""] * sides


def _stat(label: str, value: int | None) -> str:
    return f"{label} {value}" if value is not None else ""


def stats_line(card: CardInfo) -> str:
    """Renown/Rage/Gnosis/Health, Crinos Rage/Gnosis/Health and damage, as one short line."""
    game = shipped_game()
    renown, rage, gnosis, health = (game.shown_label(n) for n in ("renown", "rage", "gnosis", "health"))
    parts = [
        _stat(renown, card.renown),
        _stat(rage, card.rage),
        _stat(gnosis, card.gnosis),
        _stat(health, card.health),
    ]
    # The Crinos face's numbers, shown after "Crinos:" with the breed face's short labels.
    crinos = [_stat(rage, card.crage), _stat(gnosis, card.cgnosis), _stat(health, card.chealth)]
    line = " · ".join(p for p in parts if p)
    crinos_text = " · ".join(p for p in crinos if p)
    if crinos_text:
        crinos_part = fill(QCoreApplication.translate("CardView", "Crinos: %1"), crinos_text)
        line = f"{line}  |  {crinos_part}" if line else crinos_part
    if card.damage is not None:
        damage = _stat(game.shown_label("damage"), card.damage)
        line = f"{line}  |  {damage}" if line else damage
    return line


def card_details_html(card: CardInfo, printing: PrintingInfo | None, notes: list[str]) -> str:
    """Every field of a card as HTML (no colours, so it follows the palette)."""
    esc = html.escape
    rows: list[tuple[str, str]] = []
    game = shipped_game()

    def add(label: str, value: object) -> None:
        if value is None or value == "":
            return
        rows.append((label, esc(str(value)).replace("\n", "<br>")))

    add(
        game.shown_label("type"),
        card.type or QCoreApplication.translate("CardView", "(none)"),
    )
    if card.section is None:
        add(
            QCoreApplication.translate("CardView", "Section"),
            QCoreApplication.translate("CardView", "cannot be placed (unknown Type)"),
        )
    if card.printings:
        shown = printing.set_name if printing is not None else ""
        sets = [
            fill(QCoreApplication.translate("CardView", "<b>%1</b> (shown)"), esc(p.set_name))
            if p.set_name == shown and len(card.printings) > 1
            else esc(p.set_name)
            for p in card.printings
        ]
        rows.append(
            (
                QCoreApplication.translate("CardView", "Printings")
                if len(sets) > 1
                else game.shown_label("set_name"),
                ", ".join(sets),
            )
        )
    add(game.shown_label("keywords"), ", ".join(card.keywords) or card.keywords_field)
    add(game.shown_label("requires"), card.requires)
    for card_field in game.fields:
        if card_field.kind == "number":  # Rage's numbers, in its description's order and labels
            add(game.shown_label(card_field.name), getattr(card, card_field.name, None))
    add(game.shown_label("sealed"), card.sealed)
    table = "".join(
        f"<tr><td style='padding-right:8px' valign='top'><b>{label}</b></td><td>{value}</td></tr>"
        for label, value in rows
    )
    parts = [f"<h3>{esc(card.name)}</h3>", f"<table>{table}</table>"]
    if card.text:
        parts.append(f"<p>{html_lines(card.text)}</p>")
    if card.errata:
        errata = QCoreApplication.translate("CardView", "Errata:")
        parts.append(f"<p><b>{errata}</b> {html_lines(card.errata)}</p>")
    if card.notes:
        notes_label = QCoreApplication.translate("CardView", "Notes:")
        parts.append(f"<p><b>{notes_label}</b> {html_lines(card.notes)}</p>")
    parts.extend(f"<p><i>{esc(note)}</i></p>" for note in notes)
    return "".join(parts)


class CardImage(QWidget):
    """One card side, scaled smoothly to fit while keeping its shape."""

    def __init__(self, image: QImage, caption: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = image
        self.caption = caption
        self._pixmap = QPixmap.fromImage(image)
        self._scaled: QPixmap | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(60, 84)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setToolTip(caption)

    def sizeHint(self) -> QSize:
        return QSize(250, 350)

    def paintEvent(self, event: QPaintEvent) -> None:
        caption_height = self.fontMetrics().height() + 4 if self.caption else 0
        target = QSize(self.width(), max(1, self.height() - caption_height))
        wanted = self._pixmap.size().scaled(target, Qt.AspectRatioMode.KeepAspectRatio)
        if self._scaled is None or self._scaled.size() != wanted:
            self._scaled = self._pixmap.scaled(
                target, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
            )
        painter = QPainter(self)
        # Paint every pixel: a caption left from a larger size must not show through once the pane shrinks.
        painter.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Window))
        x = (self.width() - self._scaled.width()) // 2
        # The caption sits right under the image, and the pair is centred as one block.
        y = (self.height() - self._scaled.height() - caption_height) // 2
        painter.drawPixmap(x, y, self._scaled)
        if self.caption:
            painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
            painter.drawText(
                QRectF(0, y + self._scaled.height(), self.width(), caption_height),
                Qt.AlignmentFlag.AlignCenter,
                self.caption,
            )
        painter.end()


class TextCard(QWidget):
    """A card-shaped frame drawn in palette colours with name, type, stats, requirements and text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card: CardInfo | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(120, 168)

    def sizeHint(self) -> QSize:
        return QSize(250, 350)

    def set_card(self, card: CardInfo | None) -> None:
        """Show this card (None draws an empty frame)."""
        self.card = card
        self.update()

    def card_rect(self) -> QRectF:
        """The largest card-shaped rectangle that fits the widget, centred."""
        width, height = self.width() - 4.0, self.height() - 4.0
        if width / max(height, 1.0) > CARD_ASPECT:
            width = height * CARD_ASPECT
        else:
            height = width / CARD_ASPECT
        return QRectF((self.width() - width) / 2, (self.height() - height) / 2, width, height)

    def body_html(self) -> str:
        """The text drawn inside the frame."""
        card = self.card
        if card is None:
            return ""
        esc = html.escape
        parts = [f"<p style='font-size:large'><b>{esc(card.name)}</b></p>", f"<p><i>{esc(card.type)}</i></p>"]
        stats = stats_line(card)
        if stats:
            parts.append(f"<p>{esc(stats)}</p>")
        if card.requires:
            requires = fill(self.tr("Requires: %1"), card.requires)
            parts.append(f"<p>{esc(requires)}</p>")
        if card.keywords_field:
            parts.append(f"<p><small>{esc(card.keywords_field)}</small></p>")
        if card.text:
            parts.append(f"<hr><p>{html_lines(card.text)}</p>")
        return "".join(parts)

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        rect = self.card_rect()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.WindowText), 2))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        radius = rect.width() * 0.05
        painter.drawRoundedRect(rect, radius, radius)
        inner = rect.adjusted(radius, radius, -radius, -radius)
        document = QTextDocument()
        font = QFont(self.font())
        # Scale the text with the card so a small card stays readable and a large one is not sparse.
        font.setPointSizeF(max(7.0, min(12.0, rect.width() / 24)))
        document.setDefaultFont(font)
        document.setHtml(self.body_html())
        document.setTextWidth(inner.width())
        painter.translate(inner.topLeft())
        # drawContents takes the text colour from the pen, so the text follows the palette too.
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        document.drawContents(painter, QRectF(0, 0, inner.width(), inner.height()))
        painter.end()


class CardView(QWidget):
    """The selected card: images (both sides of a two-sided Character) or a text card, and all fields."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card: CardInfo | None = None
        self.printing: PrintingInfo | None = None
        self.shown_images: list[QImage] = []
        self.image_problems: list[str] = []
        self._image_widgets: list[CardImage] = []

        self._images_row = QWidget(self)
        self._images_layout = QHBoxLayout(self._images_row)
        self._images_layout.setContentsMargins(0, 0, 0, 0)
        self.text_card = TextCard(self)
        self.details = QTextBrowser(self)
        self.details.setOpenLinks(False)
        self.details.setAccessibleName(self.tr("Card details"))
        # "In 3 of your decks: …" (the deck library's answer, filled by the window's library part).
        self.uses_label = QLabel(self)
        self.uses_label.setObjectName("cardUses")
        self.uses_label.setWordWrap(True)
        self.uses_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.uses_label.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        # The scan gets most of the height: the fields below scroll.
        layout.addWidget(self._images_row, 5)
        layout.addWidget(self.text_card, 5)
        layout.addWidget(self.details, 2)
        layout.addWidget(self.uses_label)
        self.show_card(None, None)

    @property
    def showing_text_card(self) -> bool:
        """True when the card is drawn as text because no image could be shown."""
        return not self.text_card.isHidden()

    def show_card(self, card: CardInfo | None, db: ImageSource | None, set_name: str | None = None) -> None:
        """Show a card (and the printing from `set_name`, else the newest); None clears the view.

        `db` finds the printing's image files: the card database, or another game's folder.
        """
        self.card = card
        self.printing = None
        self.shown_images = []
        self.image_problems = []
        self._clear_images()
        if card is None:
            self.text_card.set_card(None)
            self.text_card.hide()
            self._images_row.hide()
            none = self.tr("No card selected.")
            self.details.setHtml(f"<p><i>{none}</i></p>")
            return
        self.printing = card.printing(set_name) or card.printing(None)
        if db is not None and self.printing is not None:
            self._load_images(card, db, self.printing)
        if self.shown_images:
            self.text_card.hide()
            self._images_row.show()
        else:
            self.text_card.set_card(card)
            self._images_row.hide()
            self.text_card.show()
        self.details.setHtml(card_details_html(card, self.printing, self.image_problems))

    def show_game_card(self, card: CardInfo, game: Game, images: ImageSource | None = None) -> None:
        """Another game's card: its image (found by `images`), else the text card Rage's cards without one get,
        then its name, Type and every field its game names."""
        self.show_card(as_card_info(card, game), images)
        self.card = None  # not a card of the card database: reshowing it from there would find another
        problems = "".join(f"<p><i>{html.escape(p)}</i></p>" for p in self.image_problems)
        shown = [
            (game.shown_label(f.name), _shown(card.value(f.name)))
            for f in game.fields
            if f.name not in ("name", "type") and _shown(card.value(f.name))
        ]
        sets = printing_sets(card)  # printed in sets (a Lackey game's): named as Rage's card pane names them
        if sets:
            label = (
                QCoreApplication.translate("CardView", "Printings")
                if len(sets) > 1
                else QCoreApplication.translate("DeckSectionModel", "Printing")
            )
            shown.insert(0, (label, ", ".join(sets)))
        rows = "".join(
            f"<tr><td><b>{html.escape(label)}</b></td><td>{html.escape(value)}</td></tr>"
            for label, value in shown
        )
        self.details.setHtml(
            f"<h3>{html.escape(card.name)}</h3><p><i>{html.escape(card.type)}</i> · {html.escape(game.title)}</p>"
            f"<table>{rows}</table>{problems}"
        )

    def show_uses(self, decks: list[tuple[str, int]] | None) -> None:
        """Which of the player's decks play the card on show: (deck name, copies); None or none hides the line."""
        if not decks:
            self.uses_label.clear()
            self.uses_label.hide()
            return
        listed = ", ".join(f"{name} ×{copies}" for name, copies in decks[:MAX_USES_LISTED])
        if len(decks) > MAX_USES_LISTED:
            listed += ", " + fill(self.tr("%1 more"), len(decks) - MAX_USES_LISTED)
        count = fill(ngettext("In %1 of your decks", "In %1 of your decks", len(decks)), len(decks))
        self.uses_label.setText(f"{count}: {listed}")
        self.uses_label.setAccessibleName(count)
        self.uses_label.setToolTip("\n".join(f"{name} ×{copies}" for name, copies in decks[:100]))
        self.uses_label.show()

    def _load_images(self, card: CardInfo, db: ImageSource, printing: PrintingInfo) -> None:
        paths = list(printing.image_paths) or [""] * len(printing.image_files)
        captions = side_captions(card, len(paths))
        for index, relative in enumerate(paths):
            caption = captions[index]
            side = fill(self.tr("%1 image"), caption.lower()) if caption else self.tr("image")
            absolute = db.image_path(relative) if relative else None
            if absolute is None:
                wanted = printing.image_files[index] if index < len(printing.image_files) else relative
                if wanted:
                    self.image_problems.append(fill(self.tr("No %1 (%2 was not found)."), side, wanted))
                continue
            image, problem = load_card_image(absolute)
            if image is None:
                self.image_problems.append(fill(self.tr("The %1 could not be shown: %2"), side, problem))
                continue
            self.shown_images.append(image)
            self._add_image(image, caption)

    def _add_image(self, image: QImage, caption: str) -> None:
        widget = CardImage(image, caption, self._images_row)
        self._images_layout.addWidget(widget)
        self._image_widgets.append(widget)

    def _clear_images(self) -> None:
        for widget in self._image_widgets:
            self._images_layout.removeWidget(widget)
            widget.deleteLater()
        self._image_widgets = []


def _shown(value: str | int | tuple[str, ...] | None) -> str:
    """A game card's field value as text ("" when it has none)."""
    if value is None:
        return ""
    return ", ".join(value) if isinstance(value, tuple) else str(value)

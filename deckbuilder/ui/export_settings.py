"""What the export dialogs share: remembered choices (settings keys and readers), the paper choice, pixmaps."""

from __future__ import annotations

from PIL import Image
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QComboBox

from deckbuilder.ui.translation import QT_TRANSLATE_NOOP

# Labels are marked for translation here and translated where shown (context "export_dialog").
PAPER_CHOICES = (
    ("A4", "a4"),
    (QT_TRANSLATE_NOOP("export_dialog", "Letter"), "letter"),
    (QT_TRANSLATE_NOOP("export_dialog", "Legal"), "legal"),
    ("A3", "a3"),
)


def translated_label(text: str) -> str:
    """A label marked in context "export_dialog", translated."""
    return QCoreApplication.translate("export_dialog", text)


# Settings keys: layout choices and the player's own details carry over from one export to the next.
KEY_PAPER = "export/paper"
KEY_GAP = "export/gapMm"
KEY_BLEED = "export/bleedMm"
KEY_CUT_MARKS = "export/cutMarks"
KEY_BOTH_SIDES = "export/bothSides"
KEY_PAGE_NUMBERS = "export/pageNumbers"
KEY_PLAYER = "player/name"
KEY_EVENT = "player/event"
KEY_EVENT_DATE = "player/eventDate"


def setting_text(settings: QSettings, key: str, default: str = "") -> str:
    """A remembered text (the default when the stored value is not text)."""
    value = settings.value(key, default)
    return value if isinstance(value, str) else default


def setting_float(settings: QSettings, key: str, default: float, low: float, high: float) -> float:
    """A remembered number within [low, high], else the default."""
    try:
        value = float(settings.value(key, default))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default
    return value if low <= value <= high else default


def setting_bool(settings: QSettings, key: str, default: bool) -> bool:
    """A remembered switch."""
    value = settings.value(key, default)
    if isinstance(value, str):  # INI files give back "true" / "false"
        return value.strip().casefold() in {"true", "1", "yes"}
    return bool(value)


def pil_to_pixmap(image: Image.Image) -> QPixmap:
    """A QPixmap of an RGB PIL image (copied, so it outlives the image's buffer)."""
    rgb = image.convert("RGB")
    data = rgb.tobytes("raw", "RGB")
    qimage = QImage(data, rgb.width, rgb.height, rgb.width * 3, QImage.Format.Format_RGB888)
    return QPixmap.fromImage(qimage.copy())


def paper_combo(settings: QSettings) -> QComboBox:
    """An editable paper choice: the named sizes, or a custom size typed as 230x300mm or 8.5x11in."""
    combo = QComboBox()
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    for label, value in PAPER_CHOICES:
        combo.addItem(translated_label(label), value)
    saved = setting_text(settings, KEY_PAPER, "a4")
    index = combo.findData(saved)
    if index >= 0:
        combo.setCurrentIndex(index)
    else:
        combo.setEditText(saved)
    combo.setToolTip(
        QCoreApplication.translate(
            "export_dialog", "A4, Letter, Legal, A3 or a custom size such as 230x300mm or 8.5x11in"
        )
    )
    return combo


def paper_value(combo: QComboBox) -> str:
    """The paper text for the exporter ("a4", or what the player typed)."""
    text = combo.currentText().strip()
    for label, value in PAPER_CHOICES:
        if text.casefold() in (label.casefold(), translated_label(label).casefold()):
            return value
    return text

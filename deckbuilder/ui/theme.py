"""Appearance: the theme (System, Light, Dark; System follows the desktop's colour scheme), the text size, and the
verdict colours, chosen to stay readable (WCAG contrast ≥ 4.5) on whichever palette is in force."""

from __future__ import annotations

import functools

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QTableView, QWidget

from carddb.record import FrozenRecord, set_field
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP

KEY_THEME = "view/theme"
KEY_TEXT_SIZE = "view/text-size"
THEMES = ("system", "light", "dark")
THEME_LABELS = {
    "system": QT_TRANSLATE_NOOP("KeyboardMixin", "&System"),
    "light": QT_TRANSLATE_NOOP("KeyboardMixin", "&Light"),
    "dark": QT_TRANSLATE_NOOP("KeyboardMixin", "&Dark"),
}
# Text sizes in per cent of the desktop's font; Ctrl+= / Ctrl+- step through them.
TEXT_SIZES = (85, 100, 115, 130, 150, 175, 200)
MIN_CONTRAST = 4.5  # WCAG AA for normal text

_role = QPalette.ColorRole
# The desktop's own palette and font, as they were before we changed either (System and 100 % go back to them).
_desktop: tuple[QPalette, QFont] | None = None


def _app() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app


def _remember_desktop() -> tuple[QPalette, QFont]:
    global _desktop
    if _desktop is None:
        app = _app()
        _desktop = (QPalette(app.palette()), QFont(app.font()))
    return _desktop


def desktop_font() -> QFont:
    """The desktop's own font, as it was before a text size was applied."""
    return QFont(_remember_desktop()[1])


def relative_luminance(colour: QColor) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())
    )


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def is_dark(palette: QPalette) -> bool:
    """True when the palette writes light text on a dark base."""
    return palette.color(_role.Base).lightnessF() < 0.5


def readable(colour: QColor, base: QColor) -> QColor:
    """The colour, darkened on a light base or lightened on a dark one until its contrast with `base` is enough."""
    shown = QColor(colour)
    darker = relative_luminance(base) > 0.18
    for _ in range(40):
        if contrast_ratio(shown, base) >= MIN_CONTRAST:
            break
        shown = shown.darker(110) if darker else shown.lighter(112)
        if not darker and shown.lightness() >= 250:
            shown = QColor(Qt.GlobalColor.white)
    return shown


class VerdictColours(FrozenRecord):
    """How a verdict is coloured (always beside a word or a symbol saying the same)."""

    __slots__ = _fields = ("legal", "illegal", "warning")

    legal: QColor
    illegal: QColor
    warning: QColor

    def __init__(self, legal: QColor, illegal: QColor, warning: QColor) -> None:
        set_field(self, "legal", legal)
        set_field(self, "illegal", illegal)
        set_field(self, "warning", warning)


def verdict_colours(palette: QPalette) -> VerdictColours:
    """Legal, illegal and warning colours readable on the palette's base and window (the verdict sits on both)."""
    found = _verdict_colours(
        palette.color(_role.Base).rgba(), palette.color(_role.Window).rgba(), is_dark(palette)
    )
    return VerdictColours(*map(QColor, found))  # copies: a caller may change its own


@functools.lru_cache(maxsize=16)
def _verdict_colours(base_rgba: int, window_rgba: int, dark: bool) -> tuple[QColor, ...]:
    """The verdict colours on one base and window colour, worked out once: every edit colours the verdict (and
    every paint of an Own cell asks), and the contrast search took a tenth of a millisecond each time."""
    base, window = QColor.fromRgba(base_rgba), QColor.fromRgba(window_rgba)
    if dark:
        legal, illegal, warning = QColor("#7ee787"), QColor("#ff8a80"), QColor("#ffd166")
    else:
        legal, illegal, warning = QColor("#1b6e20"), QColor("#b00020"), QColor("#8a5300")
    return tuple(readable(readable(c, window), base) for c in (legal, illegal, warning))


def dark_palette() -> QPalette:
    """A dark palette for Fusion: light text on dark grey, a blue highlight, links readable on the base."""
    palette = QPalette()
    colours = {
        _role.Window: "#2b2b2b",
        _role.WindowText: "#e8e8e8",
        _role.Base: "#1e1e1e",
        _role.AlternateBase: "#2a2a2a",
        _role.ToolTipBase: "#3a3a3a",
        _role.ToolTipText: "#f0f0f0",
        _role.PlaceholderText: "#a0a0a0",
        _role.Text: "#e8e8e8",
        _role.Button: "#353535",
        _role.ButtonText: "#e8e8e8",
        _role.BrightText: "#ff6e6e",
        _role.Light: "#4a4a4a",
        _role.Midlight: "#404040",
        _role.Mid: "#5a5a5a",
        _role.Dark: "#181818",
        _role.Shadow: "#000000",
        _role.Highlight: "#2f6fb5",
        _role.HighlightedText: "#ffffff",
        _role.Link: "#8ab4f8",
        _role.LinkVisited: "#c58af9",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in (_role.WindowText, _role.Text, _role.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette


def system_is_dark() -> bool:
    """True when the desktop asks for dark colours (Qt 6.5+ colour scheme, else its palette)."""
    scheme = QGuiApplication.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    return is_dark(_remember_desktop()[0])


class Appearance(QObject):
    """The theme and text size chosen in View, remembered in the settings and applied to the whole application."""

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent or _app())
        _remember_desktop()
        self.settings = settings
        theme = str(settings.value(KEY_THEME, "system"))
        self.theme = theme if theme in THEMES else "system"
        try:
            size = int(str(settings.value(KEY_TEXT_SIZE, 100)))
        except ValueError:
            size = 100
        self.text_size = min(TEXT_SIZES, key=lambda s: abs(s - size))
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._scheme_changed)
        self.apply()

    def dark(self) -> bool:
        """True when the theme in force is dark."""
        return self.theme == "dark" or (self.theme == "system" and system_is_dark())

    def apply(self) -> None:
        """Set the application's palette and font from the theme and text size."""
        app = _app()
        desktop_palette, desktop_font = _remember_desktop()
        if self.dark():
            if app.style().name().lower().startswith("windows"):
                app.setStyle(
                    "Fusion"
                )  # the native Windows styles draw their own light colours over a palette
            palette = desktop_palette if is_dark(desktop_palette) else dark_palette()
        elif is_dark(desktop_palette):
            palette = app.style().standardPalette()  # Light chosen on a dark desktop
        else:
            palette = desktop_palette
        app.setPalette(palette)
        font = QFont(desktop_font)
        if desktop_font.pointSizeF() > 0:
            font.setPointSizeF(desktop_font.pointSizeF() * self.text_size / 100)
        else:
            font.setPixelSize(max(6, round(desktop_font.pixelSize() * self.text_size / 100)))
        app.setFont(font)

    def set_theme(self, theme: str) -> None:
        """Choose System, Light or Dark (remembered)."""
        if theme not in THEMES:
            raise ValueError(theme)
        self.theme = theme
        self.settings.setValue(KEY_THEME, theme)
        self.apply()

    def set_text_size(self, percent: int) -> None:
        """Choose a text size in per cent of the desktop's (remembered)."""
        self.text_size = min(TEXT_SIZES, key=lambda s: abs(s - percent))
        self.settings.setValue(KEY_TEXT_SIZE, self.text_size)
        self.apply()

    def step_text(self, step: int) -> None:
        """One text size larger (1) or smaller (-1)."""
        index = TEXT_SIZES.index(self.text_size) + step
        self.set_text_size(TEXT_SIZES[max(0, min(index, len(TEXT_SIZES) - 1))])

    def _scheme_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self.theme == "system":
            self.apply()


def refresh_fonts(root: QWidget) -> int:
    """Make every widget under `root` that has no font of its own take its parent's again; returns how many.

    Some widgets (item views' headers, dock titles) keep the font they were first polished with when the
    application's font changes: at a larger text size their titles stayed small. Setting an empty font sets nothing
    of its own and resolves it from the parent anew.
    """
    refreshed = 0
    for widget in root.findChildren(QWidget):
        parent = widget.parentWidget()
        if parent is None or widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            continue
        if widget.font().pointSizeF() != parent.font().pointSizeF():
            widget.setFont(QFont())
            refreshed += 1
    return refreshed


def fit_rows_to_text(table: QTableView) -> None:
    """A table's rows as tall as the text in force, with the margin it was built with around the text (its
    "rowMargin"; a table that has none keeps the one it has now, or 4 once the text size was changed)."""
    header = table.verticalHeader()
    height = table.fontMetrics().height()
    built = table.property("rowMargin")
    if built is None:
        built = header.defaultSectionSize() - height if table.property("rowFont") is None else 4
        table.setProperty("rowMargin", built)
    table.setProperty("rowFont", height)
    if header.defaultSectionSize() != height + int(built):
        header.setDefaultSectionSize(height + int(built))


def reset_appearance() -> None:
    """Put the desktop's palette and font back (tests and a window closing its last Appearance)."""
    if _desktop is not None:
        app = _app()
        app.setPalette(_desktop[0])
        app.setFont(_desktop[1])

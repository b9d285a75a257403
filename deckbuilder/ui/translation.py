"""The window's languages: our one catalogue answers Qt's tr(), Qt's own qtbase its standard dialogs.

`CatalogueTranslator` is a QTranslator that looks every `self.tr()` / `QCoreApplication.translate()` text up in
deckbuilder.i18n's catalogue (the same .po the CLI and the PDFs read), by its source text and, only where one is
given, its disambiguation as the msgctxt; never by class name, so moving code between classes keeps its
translations. Strings of Qt's own classes (a context such as QFileDialog) are left to qtbase_<lang>.qm, but for
the few it leaves English (QT_GAPS).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from deckbuilder import i18n

SETTINGS_KEY = "ui/language"
_PLACEHOLDER = re.compile(r"%(\d)")
_QT_CLASS = re.compile(r"Q[A-Z]")
# The translators in use; kept referenced, or Qt would use freed objects.
_installed: list[QTranslator] = []


def fill(template: str, *values: object) -> str:
    """A translated template with %1, %2… replaced in one pass (a value holding "%2" is never replaced again)."""
    return _PLACEHOLDER.sub(
        lambda m: str(values[int(m.group(1)) - 1]) if 0 < int(m.group(1)) <= len(values) else m.group(),
        template,
    )


def ngettext(singular: str, plural: str, n: int) -> str:
    """A window text for the count n by the language's plural rule (%1 in each form is usually the count)."""
    return i18n.ngettext(singular, plural, n)


def qt_gap(qt_class: str, text: str) -> tuple[str, str]:
    """Mark a text of one of Qt's own classes that qtbase_<lang>.qm leaves in English, for our catalogue."""
    return (qt_class, text)


# Qt's file dialog labels carry accelerators its Portuguese translation does not know (it shows "&Look in:"); its
# key names leave "Return" English (Help → Keyboard shortcuts shows it).
QT_GAPS = (
    qt_gap("QFileDialog", "&Look in:"),
    qt_gap("QFileDialog", "Files of &type:"),
    qt_gap("QShortcut", "Return"),
)


class CatalogueTranslator(QTranslator):
    """Answers Qt's translation requests from deckbuilder.i18n's catalogue of one language."""

    def __init__(self, lang: str, parent: QCoreApplication | None = None) -> None:
        super().__init__(parent)
        self.lang = lang
        self.catalogue = i18n.catalogue(lang)

    def language(self) -> str:
        """The language this translator speaks (Qt's name for it)."""
        return self.lang

    def isEmpty(self) -> bool:
        """Qt skips empty translators."""
        return not self.catalogue.entries

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        """The translation of a source text; None (a null QString) lets the next translator, then the source, answer."""
        if not source:
            return None
        if context and _QT_CLASS.match(context):
            # Qt's own class: only the gaps its qtbase translation leaves (QT_GAPS), under the class as msgctxt.
            return self.catalogue.find(source, context)
        return self.catalogue.find(source, disambiguation or None)


def saved_language() -> str | None:
    """The language chosen in the window's menu (None: follow the system)."""
    from deckbuilder.ui.settings import app_settings

    value = app_settings().value(SETTINGS_KEY, "")
    return i18n.normalise_language(str(value)) if value else None


def save_language(lang: str | None) -> None:
    """Remember the window's language for the next start (None: follow the system)."""
    from deckbuilder.ui.settings import app_settings

    settings = app_settings()
    settings.setValue(SETTINGS_KEY, lang or "")
    settings.sync()


def window_language() -> str:
    """`--lang` first, then the language chosen in the window, then the system's."""
    return i18n.explicit_language() or saved_language() or i18n.system_language()


def install(app: QCoreApplication, lang: str | None = None) -> str:
    """Answer the window's tr() from our catalogue and Qt's dialogs from qtbase; the core follows the same language."""
    lang = lang or window_language()
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    i18n.set_language(lang)
    QLocale.setDefault(QLocale(lang if lang != i18n.ENGLISH else "en_US"))
    if lang == i18n.ENGLISH:
        return lang
    qt_own = QTranslator(app)
    if qt_own.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt_own)
        _installed.append(qt_own)
    ours = CatalogueTranslator(lang, app)
    app.installTranslator(ours)  # installed last, so asked first
    _installed.append(ours)
    return lang


def language_actions(menu: QMenu, chosen: Callable[[str | None], None]) -> dict[str, QAction]:
    """Fill a Language menu: follow the system, then each language in its own name; one is checked."""
    group = QActionGroup(menu)
    group.setExclusive(True)
    current = saved_language() or ""
    actions: dict[str, QAction] = {}
    system = menu.addAction(QCoreApplication.translate("MainWindow", "System language"))
    actions[""] = system
    for code, name in i18n.LANGUAGES.items():
        actions[code] = menu.addAction(name)
    for code, action in actions.items():
        action.setCheckable(True)
        action.setData(code)
        action.setChecked(code == current)
        group.addAction(action)
        action.triggered.connect(lambda _checked=False, c=code: chosen(c or None))
    return actions


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark a text for translation in `context` where it is defined; translate it where it is shown (typed as str)."""
    return text

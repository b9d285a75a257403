"""The window's languages: Qt translators for our .ts/.qm and Qt's own qtbase, and the chosen language remembered.

The .ts files in deckbuilder/ui/i18n are the source (kept with `pyside6-lupdate`, see docs/TRANSLATING.md); the .qm
Qt loads is compiled with `pyside6-lrelease`: shipped next to the .ts when a build step made it (the frozen app), else
compiled on first use into the user data folder and rebuilt whenever the .ts is newer.
"""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from deckbuilder import i18n

log = logging.getLogger(__name__)

TS_DIR = Path(__file__).resolve().parent / "i18n"
SETTINGS_KEY = "ui/language"
_PLACEHOLDER = re.compile(r"%(\d)")
# The translators in use; kept referenced, or Qt would use freed objects.
_installed: list[QTranslator] = []


def fill(template: str, *values: object) -> str:
    """A translated template with %1, %2… replaced in one pass (a value holding "%2" is never replaced again)."""
    return _PLACEHOLDER.sub(
        lambda m: str(values[int(m.group(1)) - 1]) if 0 < int(m.group(1)) <= len(values) else m.group(),
        template,
    )


def ts_path(lang: str) -> Path:
    """The translation source of a language."""
    return TS_DIR / f"ragedeck_{lang}.ts"


def _lrelease() -> list[str] | None:
    import PySide6

    bundled = Path(PySide6.__file__).resolve().parent / (
        "lrelease.exe" if sys.platform == "win32" else "lrelease"
    )
    if bundled.is_file():
        return [str(bundled)]
    found = shutil.which("pyside6-lrelease") or shutil.which("lrelease")
    return [found] if found else None


def cache_dir() -> Path:
    """Where .qm files compiled on first use are kept: the user data folder (RAGEDECK_DATA_DIR in tests)."""
    from carddb.db import user_data_dir

    return user_data_dir() / "i18n"


def compile_qm(ts: Path, qm: Path) -> bool:
    """Compile a .ts into a .qm with lrelease (temp file then replace); False when lrelease is missing or fails."""
    tool = _lrelease()
    if tool is None:
        log.warning("pyside6-lrelease not found; the window stays in English")
        return False
    qm.parent.mkdir(parents=True, exist_ok=True)
    partial = qm.with_suffix(".qm.part")
    try:
        subprocess.run(
            [*tool, "-silent", str(ts), "-qm", str(partial)], check=True, capture_output=True, timeout=120
        )
        partial.replace(qm)
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("cannot compile %s: %s", ts, exc)
        partial.unlink(missing_ok=True)
        return False
    return True


def qm_path(lang: str) -> Path | None:
    """The compiled translation of a language: shipped beside the .ts, else built (or rebuilt) in the user cache."""
    ts = ts_path(lang)
    shipped = ts.with_suffix(".qm")
    if shipped.is_file() and (not ts.is_file() or shipped.stat().st_mtime >= ts.stat().st_mtime):
        return shipped
    if not ts.is_file():
        return None
    cached = cache_dir() / shipped.name
    if cached.is_file() and cached.stat().st_mtime >= ts.stat().st_mtime:
        return cached
    return cached if compile_qm(ts, cached) else None


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
    """Load our translation and Qt's own for standard dialogs; the core's messages follow the same language."""
    lang = lang or window_language()
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    i18n.set_language(lang)
    if lang == i18n.ENGLISH:
        return lang
    QLocale.setDefault(QLocale(lang))
    qt_own = QTranslator(app)
    if qt_own.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt_own)
        _installed.append(qt_own)
    qm = qm_path(lang)
    ours = QTranslator(app)
    if qm is not None and ours.load(str(qm)):
        app.installTranslator(ours)
        _installed.append(ours)
    else:
        log.warning("no window translation for %s", lang)
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

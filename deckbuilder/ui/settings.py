"""The app's settings file (every window part and dialog reads its settings through here)."""

from __future__ import annotations

import contextlib
from pathlib import Path

from PySide6.QtCore import QSettings

from carddb.db import user_data_dir
from deckbuilder.i18n import N_

# Whether proxy exports print only the copies missing from the collection (the proxy dialog and the window's menu).
KEY_MISSING_ONLY = "collection/proxies_missing_only"
# The proxy dialog's option of that choice, named again when an export has nothing left to print.
MISSING_ONLY_LABEL = N_("Only copies missing from my collection")


SETTINGS_FILE = "settings.ini"
MAX_SETTINGS_BYTES = 1 << 20


def app_settings() -> QSettings:
    """The app's settings, an INI file in the user data folder (so tests with their own data folder are isolated).

    QSettings itself changes the file under a lock (QLockFile) and writes it whole (QSaveFile), merging its own
    changed keys into what is on disk; the rest of deckbuilder.userdata's rule is kept here: a settings file that
    is a link leading out of the folder, or whose content is damaged, is kept aside (renamed beside it) before
    QSettings would write through or over it.
    """
    folder = user_data_dir()
    path = folder / SETTINGS_FILE
    if _unusable(path, folder):
        _set_aside(path)
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    settings.sync()  # reads the file now, so a damaged one is found before anything is written over it
    if settings.status() == QSettings.Status.FormatError:
        del settings
        _set_aside(path)
        settings = QSettings(str(path), QSettings.Format.IniFormat)
    return settings


def _unusable(path: Path, folder: Path) -> bool:
    """A settings file QSettings must not read or write: a link out, not a file, too big, not UTF-8 text."""
    from deckbuilder.userdata import UserFileError, read_bytes

    try:
        raw = read_bytes(path, folder, MAX_SETTINGS_BYTES)
        if raw is not None:
            raw.decode("utf-8")
    except (UserFileError, UnicodeDecodeError):
        return True
    return raw is not None and b"\0" in raw


def _set_aside(path: Path) -> None:
    from deckbuilder.userdata import UserFileError, keep_aside

    with contextlib.suppress(OSError, UserFileError):  # nothing kept aside: the app still runs on defaults
        keep_aside(path)

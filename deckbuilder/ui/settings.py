"""The app's settings file (every window part and dialog reads its settings through here)."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from carddb.db import user_data_dir
from deckbuilder.i18n import N_

# Whether proxy exports print only the copies missing from the collection (the proxy dialog and the window's menu).
KEY_MISSING_ONLY = "collection/proxies_missing_only"
# The proxy dialog's option of that choice, named again when an export has nothing left to print.
MISSING_ONLY_LABEL = N_("Only copies missing from my collection")


def app_settings() -> QSettings:
    """The app's settings, an INI file in the user data folder (so tests with their own data folder are isolated)."""
    return QSettings(str(user_data_dir() / "settings.ini"), QSettings.Format.IniFormat)

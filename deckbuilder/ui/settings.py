"""The app's settings file (every window part and dialog reads its settings through here)."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from carddb.db import user_data_dir


def app_settings() -> QSettings:
    """The app's settings, an INI file in the user data folder (so tests with their own data folder are isolated)."""
    return QSettings(str(user_data_dir() / "settings.ini"), QSettings.Format.IniFormat)

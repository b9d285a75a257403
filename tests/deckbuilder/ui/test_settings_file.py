"""settings.ini under the user data rule: a link leading out is never written through, a damaged file is kept
aside (renamed beside it) instead of being overwritten silently by QSettings."""

from __future__ import annotations

from pathlib import Path

import pytest

from carddb.db import user_data_dir
from deckbuilder.ui.settings import app_settings


def _write_a_setting() -> None:
    settings = app_settings()
    settings.setValue("view/theme", "dark")
    settings.sync()


def test_a_settings_link_leading_out_is_never_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "dotfiles.ini"
    outside.write_text("[mine]\nkeep=1\n")
    path = user_data_dir() / "settings.ini"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(outside)
    _write_a_setting()
    assert outside.read_text() == "[mine]\nkeep=1\n"
    assert not path.is_symlink() and app_settings().value("view/theme") == "dark"


@pytest.mark.parametrize("content", [b"\xff\xfe\x00binary[[", b"[a\nb=2\n"])
def test_a_damaged_settings_file_is_kept_aside_not_overwritten(content: bytes) -> None:
    path = user_data_dir() / "settings.ini"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    _write_a_setting()
    kept = list(path.parent.glob("settings.ini.damaged-*"))
    assert [p.read_bytes() for p in kept] == [content]
    assert app_settings().value("view/theme") == "dark"


def test_a_sound_settings_file_is_kept_and_changed_in_place() -> None:
    path = user_data_dir() / "settings.ini"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[view]\nsize=12\n")
    _write_a_setting()
    assert not list(path.parent.glob("settings.ini.damaged-*"))
    assert app_settings().value("view/size") in ("12", 12)

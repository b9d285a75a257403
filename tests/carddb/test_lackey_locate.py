"""First-run detection of LackeyCCG Rage plugins in a fake home folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from carddb.lackey_locate import find_lackey_plugins, is_lackey_plugin


def make_plugin(folder: Path, *, sets_file: bool = True, plugininfo: bool = False) -> Path:
    """A plugin folder with a card data file in sets/ and/or a plugininfo.txt."""
    (folder / "sets").mkdir(parents=True)
    if sets_file:
        (folder / "sets" / "carddata.txt").write_text(
            "Name\tExpansion\nGlimmerfang\tTestSet\n", encoding="utf-8"
        )
    if plugininfo:
        (folder / "plugininfo.txt").write_text("<plugin></plugin>", encoding="utf-8")
    return folder


def test_no_lackey_anywhere_finds_nothing(tmp_path: Path) -> None:
    (tmp_path / "Documents").mkdir()
    assert find_lackey_plugins(tmp_path) == []


def test_missing_home_folder_finds_nothing(tmp_path: Path) -> None:
    assert find_lackey_plugins(tmp_path / "no-such-home") == []


def test_finds_plugin_in_home_lackey_folder(tmp_path: Path) -> None:
    plugin = make_plugin(tmp_path / "LackeyCCG" / "plugins" / "rage")
    assert find_lackey_plugins(tmp_path) == [plugin]


def test_finds_plugins_in_documents_and_desktop(tmp_path: Path) -> None:
    in_docs = make_plugin(tmp_path / "Documents" / "LackeyCCG" / "plugins" / "RageCCG")
    on_desktop = make_plugin(
        tmp_path / "Desktop" / "LackeyCCG" / "plugins" / "rage_apocalypse", plugininfo=True
    )
    assert find_lackey_plugins(tmp_path) == [in_docs, on_desktop]


def test_home_plugins_are_offered_before_documents(tmp_path: Path) -> None:
    in_docs = make_plugin(tmp_path / "Documents" / "LackeyCCG" / "plugins" / "rage")
    in_home = make_plugin(tmp_path / "LackeyCCG" / "plugins" / "rage")
    assert find_lackey_plugins(tmp_path) == [in_home, in_docs]


def test_folder_names_match_case_insensitively(tmp_path: Path) -> None:
    plugin = make_plugin(tmp_path / "documents" / "lackeyccg" / "Plugins" / "RAGE-revised")
    assert find_lackey_plugins(tmp_path) == [plugin]


def test_other_games_plugins_are_ignored(tmp_path: Path) -> None:
    plugins = tmp_path / "LackeyCCG" / "plugins"
    make_plugin(plugins / "magic")
    make_plugin(plugins / "vtes")
    rage = make_plugin(plugins / "rage")
    assert find_lackey_plugins(tmp_path) == [rage]


def test_rage_folder_without_card_data_is_ignored(tmp_path: Path) -> None:
    empty = tmp_path / "LackeyCCG" / "plugins" / "rage"
    empty.mkdir(parents=True)
    make_plugin(tmp_path / "LackeyCCG" / "plugins" / "rage-images-only", sets_file=False)
    assert find_lackey_plugins(tmp_path) == []


def test_plugininfo_alone_is_enough(tmp_path: Path) -> None:
    plugin = tmp_path / "LackeyCCG" / "plugins" / "rage"
    plugin.mkdir(parents=True)
    (plugin / "PluginInfo.txt").write_text("<plugin></plugin>", encoding="utf-8")
    assert is_lackey_plugin(plugin)
    assert find_lackey_plugins(tmp_path) == [plugin]


def test_a_file_named_like_a_plugin_is_ignored(tmp_path: Path) -> None:
    plugins = tmp_path / "LackeyCCG" / "plugins"
    plugins.mkdir(parents=True)
    (plugins / "rage.txt").write_text("not a folder", encoding="utf-8")
    assert find_lackey_plugins(tmp_path) == []


def test_symlinked_documents_does_not_offer_a_plugin_twice(tmp_path: Path) -> None:
    plugin = make_plugin(tmp_path / "Documents" / "LackeyCCG" / "plugins" / "rage")
    os.symlink(tmp_path / "Documents", tmp_path / "Desktop", target_is_directory=True)
    assert find_lackey_plugins(tmp_path) == [plugin]


def test_unreadable_folder_is_skipped_not_raised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "Desktop"
    make_plugin(locked / "LackeyCCG" / "plugins" / "rage")
    readable = make_plugin(tmp_path / "LackeyCCG" / "plugins" / "rage")
    real_iterdir = Path.iterdir

    def iterdir_refusing_desktop(self: Path) -> Iterator[Path]:
        # chmod 000 does not stop root, so simulate the PermissionError a locked folder raises.
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return real_iterdir(self)

    monkeypatch.setattr(Path, "iterdir", iterdir_refusing_desktop)
    assert find_lackey_plugins(tmp_path) == [readable]


def test_defaults_to_the_users_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = make_plugin(tmp_path / "LackeyCCG" / "plugins" / "rage")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    assert find_lackey_plugins() == [plugin]

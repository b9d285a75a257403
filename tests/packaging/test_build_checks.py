"""The post-build checks of packaging/build.py, run on small fake bundles (no PyInstaller build)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import PROJECT_ROOT


def load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ragedeck_build", PROJECT_ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = load_build()


def fake_bundle(root: Path) -> Path:
    """A folder shaped like a good PyInstaller 6 Linux bundle."""
    app = root / "ragedeck"
    data = app / "_internal"
    for relative in (
        "carddb/data/demo/demo-cards.txt",
        "deckbuilder/games/rage/formats/revised.json",
        "deckbuilder/games/rage/game.json",
        "images/ragedeck-256.png",
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6/Qt/plugins/imageformats/libqjpeg.so",
        "deckbuilder/i18n/pt_BR.po",
        "PySide6/Qt/translations/qtbase_pt_BR.qm",
        "babel/locale-data/root.dat",
        "babel/locale-data/pt.dat",
    ):
        (data / relative).parent.mkdir(parents=True, exist_ok=True)
        (data / relative).write_bytes(relative.encode())
    (app / "ragedeck").write_bytes(b"\x7fELF")
    return app


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the bundle layout check is Linux-only")
def test_good_bundle_has_no_problems(tmp_path: Path) -> None:
    assert build.check_bundle(fake_bundle(tmp_path), shared=tmp_path / "no-shared") == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the bundle layout check is Linux-only")
def test_missing_platform_plugin_is_reported(tmp_path: Path) -> None:
    app = fake_bundle(tmp_path)
    (app / "_internal" / "PySide6/Qt/plugins/platforms/libqxcb.so").unlink()
    problems = build.check_bundle(app, shared=tmp_path / "no-shared")
    assert problems == ["missing from the bundle: PySide6/Qt/plugins/platforms/libqxcb.so"]


def test_unwanted_qt_parts_are_reported(tmp_path: Path) -> None:
    app = fake_bundle(tmp_path)
    translations = app / "_internal" / "PySide6/Qt/translations"
    (translations / "qtbase_de.qm").write_bytes(b"qm")
    (app / "_internal" / "babel/locale-data/de.dat").write_bytes(b"dat")
    (app / "_internal" / "libQt6WebEngineCore.so.6").write_bytes(b"big")
    problems = build.check_bundle(app, shared=tmp_path / "no-shared")
    assert any("libQt6WebEngineCore" in p for p in problems)
    assert any("qtbase_de.qm" in p for p in problems)
    assert any("de.dat" in p for p in problems) and not any("pt.dat" in p for p in problems)
    assert not any("qtbase_pt_BR.qm" in p for p in problems)  # Qt's dialogs in Portuguese belong in the app


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the bundle layout check is Linux-only")
def test_a_bundle_without_the_portuguese_translations_is_reported(tmp_path: Path) -> None:
    app = fake_bundle(tmp_path)
    (app / "_internal" / "deckbuilder/i18n/pt_BR.po").unlink()
    (app / "_internal" / "PySide6/Qt/translations/qtbase_pt_BR.qm").unlink()
    (app / "_internal" / "babel/locale-data/pt.dat").unlink()
    problems = build.check_bundle(app, shared=tmp_path / "no-shared")
    assert sorted(problems) == [
        "missing from the bundle: PySide6/Qt/translations/qtbase_pt_BR.qm",
        "missing from the bundle: babel/locale-data/pt.dat",
        "missing from the bundle: deckbuilder/i18n/pt_BR.po",
    ]


def test_a_copy_of_a_shared_file_is_reported(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    (shared / "data").mkdir(parents=True)
    secret = b"Name\tExpansion\nSomething real\tSet\n"
    (shared / "data" / "carddata.txt").write_bytes(secret)
    (shared / "data" / "other.txt").write_bytes(b"x" * len(secret))  # same size, other bytes: not a copy
    app = fake_bundle(tmp_path)
    (app / "_internal" / "carddb" / "data" / "renamed.txt").write_bytes(secret)
    assert build.shared_files_in_bundle(app, shared) == [str(Path("_internal/carddb/data/renamed.txt"))]


def test_bundle_without_executable_is_reported(tmp_path: Path) -> None:
    app = fake_bundle(tmp_path)
    (app / "ragedeck").unlink()
    assert any("no executable" in p for p in build.check_bundle(app, shared=tmp_path / "no-shared"))

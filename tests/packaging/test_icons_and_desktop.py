"""The app icon files and the Linux desktop entry that the packaging ships."""

from __future__ import annotations

import configparser
import importlib.util
from pathlib import Path
from types import ModuleType

from PIL import Image

from tests.conftest import PROJECT_ROOT

IMAGES = PROJECT_ROOT / "images"
DESKTOP = PROJECT_ROOT / "packaging" / "linux" / "ragedeck.desktop"
SIZES = (256, 128, 64, 48, 32, 16)


def load_make_icon() -> ModuleType:
    """packaging/ is not a Python package (a folder named `packaging` must not shadow the PyPI library)."""
    spec = importlib.util.spec_from_file_location("make_icon", PROJECT_ROOT / "packaging" / "make_icon.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_png_icons_exist_at_every_size_with_transparent_corners() -> None:
    for size in SIZES:
        with Image.open(IMAGES / f"ragedeck-{size}.png") as icon:
            assert icon.size == (size, size)
            alpha = icon.convert("RGBA").getchannel("A")
            # Rounded square: the corner pixel is (nearly) see-through, the centre is opaque.
            assert alpha.getpixel((0, 0)) < 32  # type: ignore[operator]
            assert alpha.getpixel((size // 2, size // 2)) == 255


def test_ico_holds_every_size() -> None:
    with Image.open(IMAGES / "ragedeck.ico") as ico:
        assert {(s, s) for s in SIZES} <= set(ico.info["sizes"])


def test_icon_script_redraws_the_same_icons(tmp_path: Path) -> None:
    written = load_make_icon().write_icons(tmp_path)
    assert {p.name for p in written} == {f"ragedeck-{s}.png" for s in SIZES} | {"ragedeck.ico"}
    with Image.open(tmp_path / "ragedeck-64.png") as fresh, Image.open(IMAGES / "ragedeck-64.png") as shipped:
        assert fresh.convert("RGBA").tobytes() == shipped.convert("RGBA").tobytes()


def test_desktop_entry_names_the_app_and_an_icon_that_ships() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # desktop keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Rage Deckbuilder"
    assert entry["Exec"].split()[0] == "ragedeck"
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";")
    assert (IMAGES / f"{entry['Icon']}-256.png").is_file()

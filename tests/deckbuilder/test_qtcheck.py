"""When Qt's X11 plugin cannot load, `ragedeck` names the missing system libraries and the apt command."""

from __future__ import annotations

import ctypes
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from deckbuilder import qtcheck
from deckbuilder.qtcheck import (
    WINDOW_PACKAGES,
    missing_libraries,
    packages_for,
    parse_ldd,
    plugin_loads,
    qt_folder,
    will_use_xcb,
    xcb_files,
)

ROOT = Path(__file__).resolve().parents[2]

# `ldd libqxcb.so` on a fresh Debian 12 with PySide6 6.11 (abridged): Qt blamed libxcb-cursor0, which is there.
LDD_FRESH_DEBIAN = """\
\tlinux-vdso.so.1 (0x00007ffd5c9f2000)
\tlibQt6XcbQpa.so.6 => /venv/lib/python3.11/site-packages/PySide6/Qt/plugins/platforms/../../lib/libQt6XcbQpa.so.6 (0x00007f1)
\tlibGL.so.1 => /lib/x86_64-linux-gnu/libGL.so.1 (0x00007fe7d2594000)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007fe7d253a000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-util.so.1 => /lib/x86_64-linux-gnu/libxcb-util.so.1 (0x00007fe7d2532000)
\tlibxcb-keysyms.so.1 => not found
\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007fe7d199b000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\t/lib64/ld-linux-x86-64.so.2 (0x00007fe7d26f4000)
"""


def test_fake_ldd_output_names_the_missing_libraries_and_their_packages() -> None:
    missing = packages_for(parse_ldd(LDD_FRESH_DEBIAN))
    assert missing.libraries == ("libxcb-icccm.so.4", "libxcb-keysyms.so.1")
    assert missing.packages == ("libxcb-icccm4", "libxcb-keysyms1")
    assert missing.command.endswith("apt-get install libxcb-icccm4 libxcb-keysyms1")
    text = missing.message()
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in text and missing.command in text
    assert "libxcb-cursor" not in text  # Qt's guess, present on the system, is not repeated


def test_a_missing_library_no_package_ships_is_named_as_a_broken_qt() -> None:
    missing = packages_for(parse_ldd("\tlibQt6Gui.so.6 => not found\n\tlibxcb-xkb.so.1 => not found\n"))
    assert missing.packages == ("libxcb-xkb1",) and missing.unknown == ("libQt6Gui.so.6",)
    assert "reinstall PySide6" in missing.message()


def test_nothing_missing_parses_to_nothing() -> None:
    assert parse_ldd("\tlibxcb.so.1 => /lib/libxcb.so.1 (0x1)\n\tnot found\n") == []


def test_ldd_runs_on_the_plugin_and_xcbqpa_with_qts_own_lib_folder(tmp_path: Path) -> None:
    (tmp_path / "plugins" / "platforms").mkdir(parents=True)
    (tmp_path / "lib").mkdir()
    (tmp_path / "plugins" / "platforms" / "libqxcb.so").write_bytes(b"")
    (tmp_path / "lib" / "libQt6XcbQpa.so.6").write_bytes(b"")
    calls: list[tuple[list[str], dict[str, str]]] = []

    def fake_ldd(args: Sequence[str], env: Mapping[str, str]) -> str:
        calls.append((list(args), dict(env)))
        return LDD_FRESH_DEBIAN

    missing = missing_libraries(tmp_path, run=fake_ldd)
    assert missing is not None and missing.packages == ("libxcb-icccm4", "libxcb-keysyms1")
    (args, env) = calls[0]
    assert args[1:] == [str(p) for p in xcb_files(tmp_path)] and len(args) == 3
    assert env["LD_LIBRARY_PATH"].split(":")[0] == str(tmp_path / "lib")
    assert missing_libraries(tmp_path, run=lambda args, env: "\tlibxcb.so.1 => /x (0x1)\n") is None
    assert missing_libraries(tmp_path / "nowhere", run=fake_ldd) is None  # no plugin: nothing to say


@pytest.mark.parametrize(
    ("environ", "platform", "expected"),
    [
        ({}, "linux", True),
        ({"QT_QPA_PLATFORM": "xcb"}, "linux", True),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "xcb"}, "linux", True),
        ({}, "win32", False),
        ({}, "darwin", False),
    ],
)
def test_the_check_runs_only_when_qt_will_use_xcb(
    environ: dict[str, str], platform: str, expected: bool
) -> None:
    assert will_use_xcb(environ, platform) is expected


def test_real_plugin_on_this_machine_reports_exactly_what_keeps_it_from_loading() -> None:
    qt = qt_folder()
    assert qt is not None and xcb_files(qt), "PySide6's xcb plugin is not installed"
    missing = missing_libraries(qt)
    plugin = xcb_files(qt)[0]
    try:
        ctypes.CDLL(str(plugin))
        error = ""
    except OSError as exc:
        error = str(exc)
    assert plugin_loads(qt) is (error == "")
    if error == "":
        assert missing is None  # the window can start: nothing is reported
    else:
        assert missing is not None and missing.packages, error
        # The library the dynamic loader stumbled on is among those reported.
        assert any(lib in error for lib in missing.libraries), (error, missing)


def test_the_readme_installs_every_library_the_window_needs_in_one_apt_line() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    apt_lines = [
        line for line in readme.splitlines() if "apt-get install" in line and "libxcb-icccm4" in line
    ]
    assert len(apt_lines) == 1
    assert set(WINDOW_PACKAGES) <= set(apt_lines[0].split())


def test_ragedeck_prints_the_missing_libraries_instead_of_starting_qt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from PySide6.QtWidgets import QApplication

    from deckbuilder.ui import app

    found = packages_for(["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
    monkeypatch.setattr(QApplication, "instance", staticmethod(lambda: None))
    monkeypatch.setattr(qtcheck, "check_window_libraries", lambda: found)
    with pytest.raises(SystemExit) as stopped:
        app._application(["ragedeck"])
    assert stopped.value.code == 1
    assert "apt-get install libxcb-icccm4 libxcb-keysyms1" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX users")
@pytest.mark.parametrize(
    ("uid", "sudo", "expected"),
    [
        (0, "/usr/bin/sudo", "apt-get install libxcb1"),
        (1000, "/usr/bin/sudo", "sudo apt-get install libxcb1"),
        (1000, None, "su -c 'apt-get install libxcb1'"),
    ],
)
def test_the_install_hint_says_sudo_only_where_it_is_needed_and_exists(
    monkeypatch: pytest.MonkeyPatch, uid: int, sudo: str | None, expected: str
) -> None:
    monkeypatch.setattr(qtcheck.os, "geteuid", lambda: uid)
    monkeypatch.setattr(qtcheck.shutil, "which", lambda name: sudo if name == "sudo" else None)
    assert packages_for(["libxcb.so.1"]).command == expected

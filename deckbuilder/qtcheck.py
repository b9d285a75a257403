"""Which system libraries Qt's X11 (xcb) platform plugin lacks, and the apt command that installs them (no Qt)."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from carddb.record import FrozenRecord, set_field

MISSING_CODE = "QT_XCB_LIBRARIES_MISSING"

# Every system library that PySide6 6.x's libqxcb.so and libQt6XcbQpa.so link to directly, with the Debian/Ubuntu
# package that ships it (from `ldd` on both; the C runtime is left out, every system has it).
SONAME_PACKAGES: dict[str, str] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
}
# The packages the window needs on a Debian/Ubuntu desktop, in the order the README lists them.
WINDOW_PACKAGES: tuple[str, ...] = tuple(dict.fromkeys(sorted(SONAME_PACKAGES.values())))

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$", re.MULTILINE)
# ldd lists a plugin's libraries in one screen; anything longer is not ldd output.
_MAX_LDD_OUTPUT = 1_000_000

Runner = Callable[[Sequence[str], Mapping[str, str]], str]


class MissingLibraries(FrozenRecord):
    """Libraries the xcb plugin cannot find, the packages that ship them, and the command installing those."""

    __slots__ = _fields = ("libraries", "packages", "unknown")

    libraries: tuple[str, ...]
    packages: tuple[str, ...]
    unknown: tuple[str, ...]  # missing libraries no system package is known for (a broken Qt install)

    def __init__(
        self, libraries: tuple[str, ...], packages: tuple[str, ...], unknown: tuple[str, ...]
    ) -> None:
        set_field(self, "libraries", libraries)
        set_field(self, "packages", packages)
        set_field(self, "unknown", unknown)

    @property
    def command(self) -> str:
        """The apt command that installs the missing packages ("" when none is known), as this user runs it."""
        return as_administrator(f"apt-get install {' '.join(self.packages)}") if self.packages else ""

    @property
    def code(self) -> str:
        """Stable code of this finding, for translated messages."""
        return MISSING_CODE

    def message(self) -> str:
        """The finding in the current language, for the terminal."""
        from deckbuilder.i18n import gettext as _

        lines = [
            _(
                "The window cannot start: Qt's X11 (xcb) platform plugin needs libraries this system lacks: "
                "{libraries}."
            ).format(libraries=", ".join(self.libraries))
        ]
        if self.command:
            lines.append(_("Install them with:\n    {command}").format(command=self.command))
        if self.unknown:
            lines.append(
                _("Not from a system package (reinstall PySide6): {libraries}.").format(
                    libraries=", ".join(self.unknown)
                )
            )
        return "\n".join(lines)


def as_administrator(command: str) -> str:
    """`command` as this user runs it with root rights: as it is for root, else through sudo (or su without it)."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None or geteuid() == 0:
        return command  # a root shell (a container, a minimal system) often has no sudo at all
    return f"sudo {command}" if shutil.which("sudo") else f"su -c '{command}'"


def parse_ldd(output: str) -> list[str]:
    """The libraries `ldd` reports as "not found", once each, in the order listed."""
    return list(dict.fromkeys(_NOT_FOUND.findall(output[:_MAX_LDD_OUTPUT])))


def packages_for(libraries: Iterable[str]) -> MissingLibraries:
    """Map missing libraries to the Debian packages that ship them."""
    libraries = tuple(dict.fromkeys(libraries))
    packages = tuple(dict.fromkeys(SONAME_PACKAGES[lib] for lib in libraries if lib in SONAME_PACKAGES))
    unknown = tuple(lib for lib in libraries if lib not in SONAME_PACKAGES)
    return MissingLibraries(libraries, packages, unknown)


def qt_folder() -> Path | None:
    """PySide6's Qt folder (plugins/, lib/), found without importing Qt; None when PySide6 is absent."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        folder = Path(location) / "Qt"
        if folder.is_dir():
            return folder
    return None


def xcb_files(qt: Path) -> list[Path]:
    """The xcb platform plugin and Qt's XcbQpa library it loads (those that exist)."""
    candidates = [qt / "plugins" / "platforms" / "libqxcb.so", qt / "lib" / "libQt6XcbQpa.so.6"]
    return [path for path in candidates if path.is_file()]


def _run_ldd(args: Sequence[str], env: Mapping[str, str]) -> str:
    import subprocess  # here, like shutil and ctypes below: every start imports this module, few run ldd

    done = subprocess.run(list(args), env=dict(env), capture_output=True, text=True, timeout=30, check=False)
    return done.stdout


def missing_libraries(qt: Path, run: Runner | None = None) -> MissingLibraries | None:
    """What `ldd` says the xcb plugin lacks; None when nothing is missing or it cannot tell (no ldd, no plugin)."""
    import shutil

    files = xcb_files(qt)
    ldd = shutil.which("ldd")
    if not files or (run is None and ldd is None):
        return None
    env = dict(os.environ)
    # Qt's own libraries resolve from its lib folder (and, in the frozen app, from the bundle's folder).
    paths = [str(qt / "lib"), getattr(sys, "_MEIPASS", ""), env.get("LD_LIBRARY_PATH", "")]
    env["LD_LIBRARY_PATH"] = os.pathsep.join(p for p in paths if p)
    output = (run or _run_ldd)([ldd or "ldd", *map(str, files)], env)
    missing = parse_ldd(output)
    return packages_for(missing) if missing else None


def plugin_loads(qt: Path) -> bool:
    """Whether the xcb plugin loads with every library it links (the check Qt itself makes first)."""
    import ctypes

    files = xcb_files(qt)
    if not files:
        return True
    try:
        ctypes.CDLL(str(files[0]))
    except OSError:
        return False
    return True


def will_use_xcb(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Whether Qt is going to start on the xcb platform plugin (Linux/BSD without a Wayland session)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    return not environ.get("WAYLAND_DISPLAY")


def check_window_libraries() -> MissingLibraries | None:
    """Before Qt starts: the libraries its platform plugin lacks, or None when it can start (or is not xcb)."""
    if not will_use_xcb():
        return None
    qt = qt_folder()
    if qt is None or plugin_loads(qt):
        return None
    return missing_libraries(qt)

"""Build the self-contained app folder with PyInstaller and check what went into it.

Usage (from anywhere): `python packaging/build.py [--clean] [--dist DIR]`. The result is dist/ragedeck/ragedeck
(dist/Rage Deckbuilder.app on macOS). Exits non-zero when the build fails or the bundle misses a needed part
or holds a file from ../shared.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "ragedeck.spec"
SHARED = ROOT.parent / "shared"
APP_NAME = "ragedeck"

# Files that a working bundle must hold, relative to the bundle's data folder (a glob each).
REQUIRED_LINUX = (
    "carddb/data/**/*",
    "deckbuilder/games/*/formats/*.json",
    "deckbuilder/games/*/game.json",
    "images/ragedeck-256.png",
    "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6/Qt/plugins/imageformats/libqjpeg.so",
    # Portuguese: our one catalogue, Qt's own for its standard dialogs, Babel's number formats.
    "deckbuilder/i18n/pt_BR.po",
    "PySide6/Qt/translations/qtbase_pt_BR.qm",
    "babel/locale-data/pt.dat",
)
# Qt parts that must stay out to keep the bundle lean.
FORBIDDEN = (
    "**/*WebEngine*",
    "**/*Qt6Quick*",
    "**/QtQuick*",
    "**/*Qt6Qml*",
    "**/QtQml*",
    "**/*Qt63D*",
    "**/*Qt6Pdf*",
    "PySide6/Qt/translations/*",
    "babel/locale-data/*",
)
# Exceptions to FORBIDDEN: Qt's dialogs and Babel's number formats in the languages the app speaks.
ALLOWED = frozenset(
    {"PySide6/Qt/translations/qtbase_pt_BR.qm"}
    | {f"babel/locale-data/{name}.dat" for name in ("root", "en", "pt", "pt_BR")}
)


def bundle_data_dir(app_dir: Path) -> Path:
    """Where PyInstaller puts the bundled files (PyInstaller 6 uses an _internal folder)."""
    internal = app_dir / "_internal"
    return internal if internal.is_dir() else app_dir


def folder_size(folder: Path) -> int:
    """Total size in bytes of the files under `folder`."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def shared_files_in_bundle(app_dir: Path, shared: Path = SHARED) -> list[str]:
    """Bundle files that are byte-for-byte copies of a file in ../shared (there must be none)."""
    if not shared.is_dir():
        return []
    by_size: dict[int, list[Path]] = {}
    for path in shared.rglob("*"):
        if path.is_file():
            by_size.setdefault(path.stat().st_size, []).append(path)
    copies = []
    for path in app_dir.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        candidates = by_size.get(path.stat().st_size)
        if candidates and any(c.read_bytes() == path.read_bytes() for c in candidates):
            copies.append(str(path.relative_to(app_dir)))
    return copies


def check_bundle(app_dir: Path, shared: Path = SHARED) -> list[str]:
    """Problems with a built Linux bundle: missing parts, unwanted Qt parts, files copied from ../shared."""
    problems = []
    data = bundle_data_dir(app_dir)
    if not (app_dir / APP_NAME).is_file():
        problems.append(f"no executable {app_dir / APP_NAME}")
    if sys.platform.startswith("linux"):
        for pattern in REQUIRED_LINUX:
            if not any(p.is_file() for p in data.glob(pattern)):
                problems.append(f"missing from the bundle: {pattern}")
    for pattern in FORBIDDEN:
        found = [p for p in data.glob(pattern) if p.relative_to(data).as_posix() not in ALLOWED]
        if found:
            problems.append(f"should not be bundled: {found[0].relative_to(app_dir)} ({pattern})")
    problems.extend(f"copied from ../shared: {name}" for name in shared_files_in_bundle(app_dir, shared))
    return problems


def build(dist: Path, work: Path, clean: bool) -> int:
    """Run PyInstaller on the spec; returns its exit code."""
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    if clean:
        command.append("--clean")
    command += ["--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    print("+", " ".join(command), flush=True)
    env = dict(os.environ)
    # The build must not depend on who runs it or which display they have.
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Rage Deckbuilder app folder with PyInstaller.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller work folder"
    )
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    code = build(args.dist.resolve(), args.work.resolve(), args.clean)
    elapsed = time.perf_counter() - started
    if code != 0:
        print(f"PyInstaller failed (exit {code}) after {elapsed:.0f} s", file=sys.stderr)
        return code
    app_dir = args.dist.resolve() / APP_NAME
    problems = check_bundle(app_dir)
    files = sum(1 for p in app_dir.rglob("*") if p.is_file())
    print(f"built {app_dir} in {elapsed:.0f} s: {folder_size(app_dir) / 2**20:.0f} MiB in {files} files")
    for problem in problems:
        print(f"bundle problem: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

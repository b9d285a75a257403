"""Find LackeyCCG Rage plugins in the usual places, so a first run can offer to import one (no Qt)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from pathlib import Path

# Folders under the home directory where people keep LackeyCCG, in the order they are offered.
# "" is the home directory itself; OneDrive/Documents is where Windows often redirects Documents.
SEARCH_ROOTS: tuple[str, ...] = (
    "",
    "Documents",
    "Desktop",
    "Downloads",
    "Applications",
    "OneDrive/Documents",
    "OneDrive/Desktop",
)
PLUGIN_NAME_PART = "rage"
# Entries looked at per folder: a home or plugins folder holds dozens; a huge one is not searched to its end.
MAX_ENTRIES = 10_000


def _children(folder: Path) -> Iterator[Path]:
    """Sub-folders of `folder`, sorted case-insensitively; nothing when it cannot be read."""
    try:
        entries = [entry for entry in islice(folder.iterdir(), MAX_ENTRIES) if entry.is_dir()]
    except OSError:
        return iter(())
    return iter(sorted(entries, key=lambda p: (p.name.casefold(), p.name)))


def _child_named(folder: Path, name: str) -> Path | None:
    """The sub-folder of `folder` called `name`, ignoring case (Linux folders are case-sensitive)."""
    exact = folder / name
    try:
        if exact.is_dir():
            return exact
    except OSError:
        return None
    wanted = name.casefold()
    return next((child for child in _children(folder) if child.name.casefold() == wanted), None)


def _resolve_root(home: Path, relative: str) -> Path | None:
    """`home/relative`, matching each part case-insensitively, or None when it does not exist."""
    folder = home
    for part in Path(relative).parts:
        found = _child_named(folder, part)
        if found is None:
            return None
        folder = found
    return folder


def is_lackey_plugin(folder: Path) -> bool:
    """True when `folder` looks like a Lackey plugin: it holds plugininfo.txt or sets/*.txt."""
    try:
        if not folder.is_dir():
            return False
        for entry in islice(folder.iterdir(), MAX_ENTRIES):
            name = entry.name.casefold()
            if name == "plugininfo.txt" and entry.is_file():
                return True
            if (
                name == "sets"
                and entry.is_dir()
                and any(
                    child.suffix.casefold() == ".txt" and child.is_file()
                    for child in islice(entry.iterdir(), MAX_ENTRIES)
                )
            ):
                return True
    except OSError:
        return False
    return False


def _lackey_folders(root: Path) -> Iterator[Path]:
    """LackeyCCG installation folders directly under `root` ("LackeyCCG", "lackeyccg-mac", ...)."""
    for child in _children(root):
        if child.name.casefold().startswith("lackey"):
            yield child


def find_lackey_plugins(home: Path | None = None) -> list[Path]:
    """Rage plugin folders under the usual LackeyCCG locations of `home` (default: the user's home).

    Looks at <root>/Lackey*/plugins/*rage* for each root in SEARCH_ROOTS, ignoring case, and keeps the
    folders that hold plugininfo.txt or sets/*.txt. Unreadable folders are skipped, never raised.
    """
    if home is None:
        try:
            home = Path.home()
        except (RuntimeError, KeyError):
            return []
    found: list[Path] = []
    seen: set[Path] = set()
    for relative in SEARCH_ROOTS:
        root = _resolve_root(home, relative)
        if root is None:
            continue
        for lackey in _lackey_folders(root):
            plugins = _child_named(lackey, "plugins")
            if plugins is None:
                continue
            for plugin in _children(plugins):
                if PLUGIN_NAME_PART not in plugin.name.casefold() or not is_lackey_plugin(plugin):
                    continue
                try:
                    key = plugin.resolve()
                except OSError:
                    key = plugin
                # A symlinked Documents folder would otherwise offer the same plugin twice.
                if key not in seen:
                    seen.add(key)
                    found.append(plugin)
    return found

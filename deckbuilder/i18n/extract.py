"""The texts of the Qt-free code marked for translation (`_()`, `gettext()`, `N_()`, `t()` with a literal), for the catalogue.

`python -m deckbuilder.i18n.extract` lists the marked texts and declared message ids (the core's and carddb's) a
language's catalogue lacks, and the entries no code uses.
"""

from __future__ import annotations

import ast
import string
import sys
from pathlib import Path

from deckbuilder.i18n import ENGLISH, LANGUAGES, catalogue, declared

_MARKERS = frozenset({"_", "gettext", "N_", "t"})  # t: a local gettext bound to a language
_PACKAGE = Path(__file__).resolve().parents[1]


def source_files() -> list[Path]:
    """The Python files of deckbuilder/ outside the window (ui/ uses Qt's tr and .ts files)."""
    return sorted(p for p in _PACKAGE.rglob("*.py") if "ui" not in p.relative_to(_PACKAGE).parts[:1])


def marked_texts(files: list[Path] | None = None) -> set[str]:
    """Every literal text passed to a translation marker."""
    found: set[str] = set()
    for path in files if files is not None else source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else None
            first = node.args[0]
            if name in _MARKERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
            # gettext("one" if n == 1 else "many", lang): both branches are texts.
            if name in _MARKERS and isinstance(first, ast.IfExp):
                for branch in (first.body, first.orelse):
                    if isinstance(branch, ast.Constant) and isinstance(branch.value, str):
                        found.add(branch.value)
    return found


def shipped_format_texts() -> set[str]:
    """Titles and descriptions of the formats we ship (a player's own format files are shown as written)."""
    import json

    found: set[str] = set()
    for path in sorted((_PACKAGE / "games" / "rage" / "formats").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found |= {str(data[key]) for key in ("title", "description") if data.get(key)}
    return found


def catalogue_problems(lang: str) -> tuple[list[str], list[str]]:
    """The marked texts a language's catalogue lacks (or whose fields differ), and its entries no code uses."""
    texts = marked_texts() | shipped_format_texts()
    held = catalogue(lang)["text"]
    missing = sorted(t for t in texts if t not in held or _fields(held[t]) != _fields(t))
    unused = sorted(set(held) - texts)
    return missing, unused


def message_problems(lang: str) -> tuple[list[str], list[str]]:
    """The declared message ids (core and carddb) a language lacks (or whose fields differ), and its unused ids."""
    english = declared()
    held = catalogue(lang)["messages"]
    missing = sorted(k for k, t in english.items() if k not in held or _fields(held[k]) != _fields(t))
    return missing, sorted(set(held) - set(english))


def _fields(template: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(template) if name is not None}


def main() -> int:
    """Print what each catalogue lacks and what it holds that no code uses; exit 1 if anything."""
    status = 0
    for lang in LANGUAGES:
        if lang == ENGLISH:
            continue
        missing, unused = catalogue_problems(lang)
        for text in missing:
            print(f"{lang}: missing (or other fields) {text!r}")
        for text in unused:
            print(f"{lang}: unused {text!r}")
        missing_ids, unused_ids = message_problems(lang)
        for key in missing_ids:
            print(f"{lang}: message id missing (or other fields) {key}")
        for key in unused_ids:
            print(f"{lang}: unused message id {key}")
        status = status or int(bool(missing or unused or missing_ids or unused_ids))
    return status


if __name__ == "__main__":
    sys.exit(main())

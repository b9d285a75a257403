"""Every text the code marks for translation, checked against the one catalogue per language (`<lang>.po`).

Found from the Python AST of deckbuilder/ (the window included): `_()`, `gettext()`, `N_()`, `t()`, `pgettext()`,
`ngettext()`, `npgettext()`, Qt's `self.tr()` / `QCoreApplication.translate()` / `QT_TRANSLATE_NOOP()` (their class
context is ignored; a `disambiguation` is the msgctxt), `qt_gap()` (a text of Qt's own class that qtbase leaves
English, the class as msgctxt), the declared message templates (the core's and carddb's) and the shipped formats'
titles and descriptions.

`python -m deckbuilder.i18n.extract` lists what a catalogue lacks (or holds with other placeholders, or fuzzy) and
the entries no code uses, exit 1 if any; `--update` appends the missing ones, untranslated, for a translator.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import re
import string
import sys
from dataclasses import dataclass
from pathlib import Path

from deckbuilder.i18n import ENGLISH, LANGUAGES, catalogue_path, declared
from deckbuilder.i18n.po import Key, parse_po

_PACKAGE = Path(__file__).resolve().parents[1]
_PLAIN = frozenset({"_", "gettext", "N_", "t", "QT_TRANSLATE_NOOP"})  # t: a local gettext bound to a language
_PLACEHOLDER = re.compile(r"%(\d|n)")


@dataclass(frozen=True)
class Wanted:
    """A text the code needs translated: its key, its plural (for ngettext) and where it was found."""

    context: str | None
    msgid: str
    plural: str | None
    where: str

    @property
    def key(self) -> Key:
        """(msgctxt, msgid) as in the catalogue."""
        return (self.context, self.msgid)


def source_files() -> list[Path]:
    """The Python files of deckbuilder/, the window's included."""
    return sorted(_PACKAGE.rglob("*.py"))


def _text(node: ast.expr | None) -> list[str]:
    """The literal texts of an argument (both branches of `"one" if n == 1 else "many"`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _text(node.body) + _text(node.orelse)
    return []


def _argument(node: ast.Call, position: int, name: str) -> ast.expr | None:
    if len(node.args) > position:
        return node.args[position]
    return next((k.value for k in node.keywords if k.arg == name), None)


def _calls(tree: ast.AST, where: str) -> list[Wanted]:
    found: list[Wanted] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        at = f"{where}:{node.lineno}"
        if name in _PLAIN:
            position = 1 if name == "QT_TRANSLATE_NOOP" else 0
            found += [Wanted(None, text, None, at) for text in _text(_argument(node, position, "text"))]
        elif name in ("tr", "translate"):
            offset = 0 if name == "tr" else 1  # translate(class context, text, disambiguation, n)
            context = _text(_argument(node, offset + 1, "disambiguation"))
            texts = _text(_argument(node, offset, "sourceText"))
            found += [Wanted(context[0] if context else None, text, None, at) for text in texts]
        elif (
            name == "qt_gap" or name == "pgettext"
        ):  # a text of Qt's own class (msgctxt) that qtbase leaves untranslated
            context = _text(node.args[0])
            found += [
                Wanted(context[0], text, None, at) for text in _text(_argument(node, 1, "text")) if context
            ]
        elif name in ("ngettext", "npgettext"):
            offset = int(name == "npgettext")
            context = _text(node.args[0]) if offset else [None]  # type: ignore[list-item]
            singular, plural = _text(_argument(node, offset, "")), _text(_argument(node, offset + 1, ""))
            if singular and plural and context:
                found.append(Wanted(context[0], singular[0], plural[0], at))
    return found


def marked(files: list[Path] | None = None) -> list[Wanted]:
    """Every literal text passed to a translation call in the code."""
    found: list[Wanted] = []
    for path in files if files is not None else source_files():
        where = (
            path.relative_to(_PACKAGE.parent).as_posix()
            if path.is_relative_to(_PACKAGE.parent)
            else str(path)
        )
        found += _marks_in(path.read_text(encoding="utf-8"), str(path), where)
    return found


@functools.cache
def _marks_in(source: str, filename: str, where: str) -> tuple[Wanted, ...]:
    """The marked texts of one file's source, parsed once per process for the same text (the catalogue checks and
    their tests ask about every module several times; parsing is the cost, reading the file is not)."""
    return tuple(_calls(ast.parse(source, filename), where))


def marked_texts(files: list[Path] | None = None) -> set[str]:
    """The marked texts themselves (without context)."""
    return {w.msgid for w in marked(files)}


def shipped_format_texts() -> set[str]:
    """Titles and descriptions of the formats we ship (a player's own format files are shown as written)."""
    found: set[str] = set()
    for path in sorted((_PACKAGE / "games").glob("*/formats/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found |= {str(data[key]) for key in ("title", "description") if data.get(key)}
    return found


def shipped_game_labels() -> set[str]:
    """The labels of the games we ship: card fields, piles, header figures, charts, settings (a player's own game's
    labels are shown as written)."""
    found: set[str] = set()
    for path in sorted((_PACKAGE / "games").glob("*/game.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for item in data.get("fields", []):
            found.add(str(item.get("label") or item.get("column") or str(item["name"]).title()))
        for section in ("piles", "header", "statistics", "settings"):
            found |= {str(item["label"]) for item in data.get(section, []) if item.get("label")}
        for item in data.get("statistics", []):
            if isinstance(item.get("accent"), dict) and item["accent"].get("label"):
                found.add(str(item["accent"]["label"]))  # what a chart's hatched bars are ("Rogue")
        # The rulebook lines a draw's model of play cites (the Draw odds tab's "Rule:").
        found |= {str(item["source"]) for item in data.get("draws", []) if item.get("source")}
    return found


def wanted() -> dict[Key, Wanted]:
    """Everything a catalogue must translate, by key: marked texts, message templates, shipped format texts."""
    found: dict[Key, Wanted] = {}
    for key, text in declared().items():
        found.setdefault((None, text), Wanted(None, text, None, f"message {key}"))
    for text in sorted(shipped_format_texts()):
        found.setdefault((None, text), Wanted(None, text, None, "deckbuilder/games/*/formats"))
    for text in sorted(shipped_game_labels()):
        found.setdefault((None, text), Wanted(None, text, None, "deckbuilder/games/*/game.json"))
    for item in marked():
        found.setdefault(item.key, item)
    return found


def placeholders(text: str) -> set[str]:
    """The fields a translation must keep: `{name}` fields and Qt's %1… / %n."""
    try:
        fields = {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}
    except ValueError:  # a text with a lone brace is not a template
        fields = set()
    return fields | {f"%{m}" for m in _PLACEHOLDER.findall(text)}


def problems(lang: str) -> tuple[list[str], list[str]]:
    """What a language's catalogue lacks (untranslated, fuzzy, other fields or plural) and what no code uses."""
    po = parse_po(catalogue_path(lang).read_text(encoding="utf-8"), str(catalogue_path(lang)))
    count, _expression = po.plural_forms
    needed = wanted()
    missing = []
    for key, item in needed.items():
        entry = po.entries.get(key)
        label = _label(key)
        if entry is None or not entry.translated:
            missing.append(f"{label} ({item.where})")
        elif entry.plural != item.plural or (item.plural and len(entry.forms) != count):
            missing.append(f"{label}: other plural than the code's ({item.where})")
        elif any(
            placeholders(form) != placeholders(item.plural or item.msgid) for form in entry.forms[1:]
        ) or (placeholders(entry.forms[0]) != placeholders(item.msgid)):
            missing.append(f"{label}: other placeholders than the English ({item.where})")
    unused = [_label(key) for key in po.entries if key not in needed]
    unused += [f"{po.obsolete} obsolete (#~) entries"] if po.obsolete else []
    return sorted(missing), sorted(unused)


def _label(key: Key) -> str:
    return f"[{key[0]}] {key[1]!r}" if key[0] else repr(key[1])


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def append_missing(lang: str) -> int:
    """Append the texts a catalogue has no entry for, untranslated (a translator fills them in); how many."""
    path = catalogue_path(lang)
    po = parse_po(path.read_text(encoding="utf-8"), str(path))
    count, _expression = po.plural_forms
    new = [item for key, item in wanted().items() if key not in po.entries]
    lines = []
    for item in sorted(new, key=lambda w: w.where):
        lines += ["", f"#: {item.where}"]
        lines += [f"msgctxt {_quote(item.context)}"] if item.context else []
        lines.append(f"msgid {_quote(item.msgid)}")
        if item.plural:
            lines.append(f"msgid_plural {_quote(item.plural)}")
            lines += [f'msgstr[{i}] ""' for i in range(count)]
        else:
            lines.append('msgstr ""')
    if lines:
        with path.open("a", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
    return len(new)


def main(argv: list[str] | None = None) -> int:
    """Print what each catalogue lacks and what it holds that no code uses; exit 1 if anything."""
    parser = argparse.ArgumentParser(prog="python -m deckbuilder.i18n.extract", description=__doc__)
    parser.add_argument(
        "--update", action="store_true", help="append missing texts, untranslated, to each .po"
    )
    args = parser.parse_args(argv)
    status = 0
    for lang in LANGUAGES:
        if lang == ENGLISH:
            continue
        if args.update:
            print(f"{lang}: {append_missing(lang)} new entries in {catalogue_path(lang)}")
        missing, unused = problems(lang)
        for text in missing:
            print(f"{lang}: missing {text}")
        for text in unused:
            print(f"{lang}: unused {text}")
        status = status or int(bool(missing or unused))
    return status


if __name__ == "__main__":
    sys.exit(main())

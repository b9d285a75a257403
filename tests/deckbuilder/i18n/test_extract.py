"""The consistency tool: finds every kind of marked text, and names what a catalogue lacks or holds unused."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckbuilder.i18n import extract
from deckbuilder.i18n.po import parse_po

SOURCE = """
class View(QWidget):
    def build(self, n):
        self.tr("Open deck")
        self.tr("Deck check", "event report")
        QCoreApplication.translate("AnyClass", "Close")
        LABEL = QT_TRANSLATE_NOOP("Ctx", "Name")
        _("Saved {path}")
        pgettext("card set", "Set")
        fill(ngettext("%1 card", "%1 cards", n), n)
        gettext("one" if n == 1 else "many")
        self.tr(variable)
"""


def test_every_marker_is_found_with_its_context_and_plural(tmp_path: Path) -> None:
    source = tmp_path / "view.py"
    source.write_text(SOURCE, encoding="utf-8")
    found = {(w.context, w.msgid, w.plural) for w in extract.marked([source])}
    assert found == {
        (None, "Open deck", None),
        ("event report", "Deck check", None),
        (None, "Close", None),
        (None, "Name", None),
        (None, "Saved {path}", None),
        ("card set", "Set", None),
        (None, "%1 card", "%1 cards"),
        (None, "one", None),
        (None, "many", None),
    }


@pytest.fixture
def small_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Portuguese catalogue holding a few entries, for a code that marks a few texts."""
    wanted = {
        (None, "Open deck"): extract.Wanted(None, "Open deck", None, "a.py:1"),
        (None, "Saved {path}"): extract.Wanted(None, "Saved {path}", None, "a.py:2"),
        (None, "%1 card"): extract.Wanted(None, "%1 card", "%1 cards", "a.py:3"),
        ("card set", "Set"): extract.Wanted("card set", "Set", None, "a.py:4"),
    }
    po = tmp_path / "pt_BR.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "Open deck"\nmsgstr "Abrir deck"\n\n'
        'msgid "Saved {path}"\nmsgstr "Gravado {caminho}"\n\n'
        '#, fuzzy\nmsgid "%1 card"\nmsgid_plural "%1 cards"\nmsgstr[0] "%1 carta"\nmsgstr[1] "%1 cartas"\n\n'
        'msgid "Nobody uses me"\nmsgstr "Ninguém"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(extract, "wanted", lambda: wanted)
    monkeypatch.setattr(extract, "catalogue_path", lambda lang: po)
    return po


def test_missing_fuzzy_other_placeholders_and_unused_entries_are_named(small_catalogue: Path) -> None:
    missing, unused = extract.problems("pt_BR")
    assert len(missing) == 3
    assert any("'Saved {path}': other placeholders" in m for m in missing)
    assert any("'%1 card'" in m for m in missing)  # fuzzy is not finished
    assert any("[card set] 'Set'" in m for m in missing)
    assert unused == ["'Nobody uses me'"]
    assert extract.main([]) == 1


def test_update_appends_the_missing_entries_untranslated(small_catalogue: Path) -> None:
    assert extract.append_missing("pt_BR") == 1
    po = parse_po(small_catalogue.read_text(encoding="utf-8"))
    entry = po.entries[("card set", "Set")]
    assert entry.forms == ("",) and not entry.translated
    assert extract.append_missing("pt_BR") == 0  # nothing twice


def _declares_at_import(path: Path) -> bool:
    """True when a module calls declare(...) at its top level (its messages exist once it is imported)."""
    import ast

    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        value = node.value if isinstance(node, (ast.Expr, ast.Assign)) else None
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "declare":
            return True
    return False


def test_every_module_that_declares_messages_is_listed() -> None:
    """A module missing from the list leaves its messages out of the catalogue check unless some other test
    happened to import it first (the check then passes or fails by test order)."""
    from deckbuilder import i18n

    root = Path(i18n.__file__).resolve().parents[2]
    listed = set(i18n.DECLARING_MODULES + i18n.CARDDB_DECLARING_MODULES)
    declaring = {
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        for package in ("deckbuilder", "carddb")
        for path in (root / package).rglob("*.py")
        if _declares_at_import(path)
    } - {"carddb.messages", "deckbuilder.i18n"}
    assert declaring and declaring <= listed, sorted(declaring - listed)


def test_the_catalogue_check_does_not_depend_on_what_was_imported_before() -> None:
    """The same check in a fresh interpreter (nothing imported but the tool) finds nothing missing or unused."""
    import subprocess
    import sys

    script = "from deckbuilder.i18n.extract import problems; print(problems('pt_BR'))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "([], [])", done.stdout + done.stderr

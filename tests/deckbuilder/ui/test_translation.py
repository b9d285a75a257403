"""The window in Brazilian Portuguese: the .ts is complete and current, and LANG=pt_BR shows Portuguese."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QMenu

from deckbuilder import i18n
from deckbuilder.ui import translation
from deckbuilder.ui.translation import fill, ts_path

UI_DIR = Path(translation.__file__).resolve().parent
# Beside the running Python first: CI's virtual environment is not on PATH.
LUPDATE = Path(sys.executable).parent / "pyside6-lupdate"
if not LUPDATE.exists():
    LUPDATE = Path(shutil.which("pyside6-lupdate") or LUPDATE)


def _messages(ts: Path) -> list[tuple[str, str, str]]:
    """(context, source, translation type) of every message of a .ts file."""
    found = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            kind = message.find("translation")
            found.append((name, message.findtext("source", ""), "" if kind is None else kind.get("type", "")))
    return found


def test_the_portuguese_ts_holds_every_window_string_translated_and_no_stale_one(tmp_path: Path) -> None:
    if not LUPDATE.exists():
        pytest.skip("pyside6-lupdate is not installed")  # it comes with the PySide6-Essentials wheel
    copy = tmp_path / "ragedeck_pt_BR.ts"
    shutil.copy(ts_path("pt_BR"), copy)
    sources = sorted(str(p) for p in UI_DIR.glob("*.py"))
    subprocess.run([str(LUPDATE), *sources, "-ts", str(copy)], check=True, capture_output=True, timeout=300)
    messages = _messages(copy)
    assert len(messages) > 300
    untranslated = [(c, s) for c, s, kind in messages if kind == "unfinished"]
    stale = [(c, s) for c, s, kind in messages if kind in ("obsolete", "vanished")]
    assert untranslated == [], "strings of the window without a Portuguese translation (run pyside6-lupdate)"
    assert stale == [], "translations of strings the window no longer has (run pyside6-lupdate -no-obsolete)"


def test_fill_replaces_numbered_placeholders_once() -> None:
    assert fill("%1 de %2", "a", 3) == "a de 3"
    assert fill("%2 antes de %1", "x", "y") == "y antes de x"
    assert fill("%1", "%2 literal", "never") == "%2 literal"


def test_the_translation_compiles_into_the_user_data_folder_and_loads(tmp_path: Path) -> None:
    qm = translation.qm_path("pt_BR")
    assert qm is not None and qm.is_file()
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert translator.load(str(qm))
    assert translator.translate("MainWindow", "&File") == "&Arquivo"


@pytest.fixture
def portuguese(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The system says pt_BR, as on a Brazilian desktop; the translators are installed as at start-up."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    i18n.set_language(None)
    assert translation.install(qapp) == "pt_BR"
    yield
    translation.install(qapp, "en")
    i18n.set_language(None)


def _menu_titles(window) -> list[str]:  # type: ignore[no-untyped-def]
    return [action.text() for action in window.menuBar().actions()]


def test_the_window_under_lang_pt_br_shows_portuguese_menus_and_results(portuguese, make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.show()
    assert _menu_titles(window) == ["&Arquivo", "&Editar", "E&xibir", "&Coleção"]
    file_menu = window.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    texts = [a.text() for a in file_menu.actions() if a.text()]
    assert "&Novo deck" in texts and "&Abrir deck…" in texts and "Sa&ir" in texts
    window.add_card("Low Feint")  # the demo deck is empty: one combat card makes it illegal
    panel = window.legality
    assert panel.verdict.text().startswith("Ilegal: ")
    assert panel.group_titles()[0].startswith("Erros (")
    shown = [panel.list.item(row).text() for row in range(panel.list.count())]
    assert any("O deck de combate tem 1 carta; são necessárias pelo menos" in text for text in shown), shown
    assert window.report_tabs.tabText(0) == "Legalidade"


def test_every_portuguese_menu_has_unique_accelerators(portuguese, make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()

    def check(actions) -> None:  # type: ignore[no-untyped-def]
        keys = []
        for action in actions:
            text = action.text()
            if "&" in text.replace("&&", ""):
                keys.append(text.replace("&&", "")[text.replace("&&", "").index("&") + 1].casefold())
            if action.menu() is not None:
                check(action.menu().actions())
        assert len(keys) == len(set(keys)), [a.text() for a in actions]

    check(window.menuBar().actions())


def test_the_language_menu_remembers_the_choice_for_the_next_start(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert set(window.language_actions) == {"", "en", "pt_BR"}
    assert window.language_actions[""].isChecked()  # follows the system until a language is chosen
    window.language_actions["pt_BR"].trigger()
    assert translation.saved_language() == "pt_BR"
    assert translation.window_language() == "pt_BR"
    i18n.set_language("en")  # `--lang en` wins over the remembered choice
    try:
        assert translation.window_language() == "en"
    finally:
        i18n.set_language(None)
    window.language_actions[""].trigger()
    assert translation.saved_language() is None


def test_qt_standard_dialog_words_come_from_qtbase(portuguese) -> None:  # type: ignore[no-untyped-def]
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancelar"


def test_every_deck_column_header_is_marked_for_translation() -> None:
    from deckbuilder.ui.deck_view import COLUMN_TITLES, OWN_COLUMN, SECTION_KEYS, DeckSectionModel

    shown = {OWN_COLUMN}
    for key in SECTION_KEYS:
        shown |= set(DeckSectionModel(key).columns)
    assert shown <= set(COLUMN_TITLES), "column headers the .ts never sees, so they stay English"


def test_in_portuguese_the_card_name_column_still_takes_the_spare_width(portuguese, make_window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QHeaderView

    from carddb.demo import demo_deck_path

    window = make_window()
    window.show()
    assert window.open_deck(demo_deck_path(), ask_first=False)
    for key, table in window.deck_view.tables.items():
        model = window.deck_view.models[key]
        name = model.columns.index("Name")
        assert model.headerData(name, Qt.Orientation.Horizontal) == "Nome"
        assert table.horizontalHeader().sectionResizeMode(name) == QHeaderView.ResizeMode.Stretch, key

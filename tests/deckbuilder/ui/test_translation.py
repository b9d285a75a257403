"""The window in Brazilian Portuguese: tr() answers from the one catalogue, and LANG=pt_BR shows Portuguese."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QFileDialog, QLabel, QMenu, QWidget

from deckbuilder import i18n
from deckbuilder.ui import translation
from deckbuilder.ui.translation import CatalogueTranslator, fill


def test_fill_replaces_numbered_placeholders_once() -> None:
    assert fill("%1 de %2", "a", 3) == "a de 3"
    assert fill("%2 antes de %1", "x", "y") == "y antes de x"
    assert fill("%1", "%2 literal", "never") == "%2 literal"


def test_the_catalogue_translator_answers_by_source_text_whatever_the_class() -> None:
    translator = CatalogueTranslator("pt_BR")
    # The class a tr() call sits in does not matter: code moved to another class keeps its translation.
    assert translator.translate("MainWindow", "&File") == "&Arquivo"
    assert translator.translate("SomeNewDeckController", "&File") == "&Arquivo"
    # An unknown text is left to the next translator (Qt then shows the source text).
    assert not translator.translate("MainWindow", "No such text in any catalogue")
    # Qt's own classes are qtbase's to answer.
    assert not translator.translate("QFileDialog", "&File")


def test_a_disambiguation_picks_the_catalogue_context() -> None:
    translator = CatalogueTranslator("pt_BR")
    assert translator.translate("Anything", "Deck check") == "Verificação do deck"
    assert translator.translate("Anything", "Deck check", "event report") == "Verificação de decks"


def _menu_titles(window) -> list[str]:  # type: ignore[no-untyped-def]
    return [action.text() for action in window.menuBar().actions()]


def test_the_window_under_lang_pt_br_shows_portuguese_menus_and_results(portuguese, make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.show()
    assert _menu_titles(window) == ["&Arquivo", "&Editar", "E&xibir", "&Coleção", "A&juda"]
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
    assert QCoreApplication.translate("QFileDialog", "Look in:") == "Procurar em:"
    # qtbase lacks the file dialog's labels with their accelerators; our catalogue fills those gaps.
    dialog = QFileDialog(None, "x")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    labels = {label.objectName(): label.text() for label in dialog.findChildren(QLabel)}
    assert (labels["lookInLabel"], labels["fileTypeLabel"]) == ("&Procurar em:", "Arquivos do &tipo:")
    dialog.deleteLater()
    # A text neither catalogue knows stays as written.
    assert QCoreApplication.translate("MainWindow", "Zzz not translated") == "Zzz not translated"


def test_every_deck_column_header_is_marked_for_translation() -> None:
    from deckbuilder.games.loader import shipped_game
    from deckbuilder.i18n.extract import wanted
    from deckbuilder.ui.deck_model import DeckSectionModel
    from deckbuilder.ui.deck_rows import COLUMN_TITLES, OWN_COLUMN, UNRESOLVED, game_section_keys

    marked = set(COLUMN_TITLES) | {text for _context, text in wanted()}  # a field's label: from game.json
    for name in ("rage", "lithic-rage", "warrift"):
        game = shipped_game(name)
        shown = {OWN_COLUMN}
        for key in game_section_keys(game):
            shown |= set(DeckSectionModel(key, game=game).columns)
        assert shown <= marked, ("column headers the catalogue never sees, so they stay English", game.name)
    assert set(DeckSectionModel(UNRESOLVED).columns) <= set(COLUMN_TITLES)


def test_in_portuguese_the_card_name_column_still_takes_the_spare_width(
    portuguese, make_window, qtbot
) -> None:  # type: ignore[no-untyped-def]
    from carddb.demo import demo_deck_path
    from tests.deckbuilder.ui.layout_audit import cut_cells

    window = make_window()
    window.resize(1280, 720)
    window.show()
    assert window.open_deck(demo_deck_path(), ask_first=False)
    qtbot.waitExposed(window)
    for key, table in window.deck_view.tables.items():
        model = window.deck_view.models[key]
        name = model.columns.index("Name")
        assert model.headerData(name, Qt.Orientation.Horizontal) == "Nome"
        if table.isVisible():
            assert not cut_cells(table, name), key
            # The Name column ends where the table does when nothing needs to scroll sideways.
            header = table.horizontalHeader()
            if table.horizontalScrollBar().maximum() == 0:
                assert (
                    header.sectionViewportPosition(header.logicalIndex(header.count() - 1))
                    + header.sectionSize(header.logicalIndex(header.count() - 1))
                    >= table.viewport().width() - 1
                ), key


def test_tr_of_any_qobject_class_reads_the_one_catalogue(portuguese) -> None:  # type: ignore[no-untyped-def]
    class MovedHere(QObject):
        pass

    assert MovedHere().tr("&File") == "&Arquivo"
    assert QCoreApplication.translate("Whatever", "Deck check", "event report") == "Verificação de decks"
    # The core speaks the same language from the same catalogue.
    assert i18n.gettext("Deck check") == MovedHere().tr("Deck check") == "Verificação do deck"


def test_card_images_tabs_the_any_filter_and_a_new_deck_are_portuguese(portuguese, make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    tabs = window.gallery
    titles = [tabs.tabText(i) for i in range(tabs.count())]
    assert titles[0].startswith("Personagens") and any(t.startswith("Combate") for t in titles), titles
    assert window.browser.type_combo.itemText(0) == "Qualquer"
    window.new_deck()
    assert window.deck.name == "Deck sem título"


def test_a_cards_set_and_the_players_collection_are_two_portuguese_words() -> None:
    import re

    assert (i18n.gettext("Set", "pt_BR"), i18n.gettext("Collection", "pt_BR")) == ("Edição", "Coleção")
    entries = i18n.catalogue("pt_BR").entries
    about_sets = {
        key: forms for key, forms in entries.items() if re.search(r"\bsets?\b", key[1], re.IGNORECASE)
    }
    assert about_sets
    for (_context, english), forms in about_sets.items():
        if "collection" not in english.casefold():
            assert all("coleç" not in form.casefold() for form in forms), english


def _shown_texts(window) -> set[str]:  # type: ignore[no-untyped-def]
    """Every text the window's own widgets show (labels, buttons, tabs, titles, menus, headers, hints), not data."""
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QDockWidget,
        QGroupBox,
        QLineEdit,
        QTabWidget,
    )

    found: set[str] = {window.windowTitle()}
    for widget in window.findChildren(QWidget):
        found.add(widget.toolTip())
        if isinstance(widget, QLabel | QAbstractButton):
            found.add(widget.text())
        if isinstance(widget, QGroupBox | QDockWidget):
            found.add(widget.title() if isinstance(widget, QGroupBox) else widget.windowTitle())
        if isinstance(widget, QLineEdit):
            found.add(widget.placeholderText())
        if isinstance(widget, QTabWidget):
            found |= {widget.tabText(i) for i in range(widget.count())}
        if isinstance(widget, QMenu):
            found |= {a.text() for a in widget.actions()} | {a.toolTip() for a in widget.actions()}
        header = getattr(widget, "horizontalHeader", None)
        if isinstance(widget, QAbstractItemView) and header is not None and widget.model() is not None:
            model = widget.model()
            found |= {
                str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(header().count())
            }
    return {text for text in found if text}


def test_nothing_the_portuguese_window_shows_is_an_english_text_the_catalogue_translates(  # type: ignore[no-untyped-def]
    portuguese, make_window, qapp
) -> None:
    import re

    from PySide6.QtWidgets import QTabWidget

    window = make_window()
    window.show()
    window.add_card("Low Feint")  # an illegal deck: verdicts, fix hints and odds have something to say
    shown: set[str] = set()
    for tabs in window.findChildren(QTabWidget):
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            qapp.processEvents()
            shown |= _shown_texts(window)
    translated = {english: forms[0] for (_c, english), forms in i18n.catalogue("pt_BR").entries.items()}
    # A title with its count ("Characters (5)") is checked without the count.
    candidates = shown | {re.sub(r"\s*\(\d+\)$", "", text) for text in shown}
    english_left = sorted(text for text in candidates if text in translated and translated[text] != text)
    assert len(shown) > 100
    assert english_left == [], "shown in English though the catalogue translates them"

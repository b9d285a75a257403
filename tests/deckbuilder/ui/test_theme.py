"""View → Theme and View → Text size: remembered, applied to the whole window, and the verdict colours readable
(WCAG contrast ≥ 4.5) on the base of every palette the window can wear."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from carddb.demo import demo_deck_path
from deckbuilder.ui.settings import app_settings
from deckbuilder.ui.theme import (
    MIN_CONTRAST,
    TEXT_SIZES,
    Appearance,
    contrast_ratio,
    dark_palette,
    is_dark,
    reset_appearance,
    verdict_colours,
)


@pytest.fixture(autouse=True)
def _desktop_again(qapp: QApplication) -> Iterator[None]:
    yield
    reset_appearance()  # the next test starts on the desktop's palette and font


def _palettes(qapp: QApplication) -> dict[str, QPalette]:
    return {
        "desktop": QPalette(qapp.palette()),
        "light": qapp.style().standardPalette(),
        "dark": dark_palette(),
    }


def test_contrast_ratio_is_wcag() -> None:
    assert contrast_ratio(QColor("black"), QColor("white")) == pytest.approx(21.0)
    assert contrast_ratio(QColor("#777777"), QColor("white")) == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio(QColor("red"), QColor("red")) == pytest.approx(1.0)


def test_verdict_colours_are_readable_on_every_palette(qapp: QApplication) -> None:
    for name, palette in _palettes(qapp).items():
        colours = verdict_colours(palette)
        for role in (QPalette.ColorRole.Base, QPalette.ColorRole.Window):
            for what in ("legal", "illegal", "warning"):
                ratio = contrast_ratio(getattr(colours, what), palette.color(role))
                assert ratio >= MIN_CONTRAST, (name, role, what, ratio)
        # the three stay three colours a player tells apart
        assert len({c.name() for c in (colours.legal, colours.illegal, colours.warning)}) == 3


def test_dark_palette_reads_light_on_dark() -> None:
    palette = dark_palette()
    assert is_dark(palette)
    for text, back in (
        ("Text", "Base"),
        ("WindowText", "Window"),
        ("ButtonText", "Button"),
        ("HighlightedText", "Highlight"),
    ):
        ratio = contrast_ratio(
            palette.color(getattr(QPalette.ColorRole, text)), palette.color(getattr(QPalette.ColorRole, back))
        )
        assert ratio >= MIN_CONTRAST, (text, back, ratio)


def test_theme_menu_darkens_the_window_and_is_remembered(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Bark Hide")
    window.theme_actions["dark"].trigger()
    assert is_dark(QApplication.palette())
    qtbot.waitUntil(lambda: is_dark(window.deck_view.tables["sept"].palette()))
    assert app_settings().value("view/theme") == "dark"
    # The rows an error names are tinted from the dark base: light text stays readable on them.
    model = window.deck_view.models["sept"]
    row = next(r for r in range(model.rowCount()) if model.row_at(r).entry.name == "Bark Hide")
    qtbot.waitUntil(lambda: model.index(row, 0).data(Qt.ItemDataRole.BackgroundRole).lightnessF() < 0.5)
    tint = model.index(row, 0).data(Qt.ItemDataRole.BackgroundRole)
    assert contrast_ratio(QApplication.palette().color(QPalette.ColorRole.Text), tint) >= MIN_CONTRAST
    verdict = window.legality.verdict.label
    qtbot.waitUntil(lambda: is_dark(verdict.palette()))
    shown = verdict.palette().color(QPalette.ColorRole.WindowText)
    assert contrast_ratio(shown, verdict.palette().color(QPalette.ColorRole.Window)) >= MIN_CONTRAST
    assert shown == verdict_colours(QApplication.palette()).illegal
    window.theme_actions["light"].trigger()
    assert not is_dark(QApplication.palette())
    assert app_settings().value("view/theme") == "light"
    # the next start reads the choice back
    window.theme_actions["dark"].trigger()
    assert Appearance(app_settings(), window).theme == "dark"


def test_system_theme_follows_the_desktops_colour_scheme(window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui import theme

    window.theme_actions["system"].trigger()
    assert not is_dark(QApplication.palette())
    # The desktop turns dark (offscreen Qt cannot be asked to: its answer and its signal are played here).
    monkeypatch.setattr(theme, "system_is_dark", lambda: True)
    QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert is_dark(QApplication.palette())
    window.theme_actions["light"].trigger()  # a choice of Light stays light on a dark desktop
    assert not is_dark(QApplication.palette())


def test_text_size_grows_the_window_text_and_is_remembered(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    before = window.browser.table.fontMetrics().height()
    window.findChild(type(window.theme_actions["dark"]), "actionTextLarger").trigger()
    window.findChild(type(window.theme_actions["dark"]), "actionTextLarger").trigger()
    assert window.appearance.text_size == TEXT_SIZES[TEXT_SIZES.index(100) + 2]
    qtbot.waitUntil(lambda: window.browser.table.fontMetrics().height() > before)
    assert int(app_settings().value("view/text-size")) == window.appearance.text_size
    window.findChild(type(window.theme_actions["dark"]), "actionTextDefault").trigger()
    qtbot.waitUntil(lambda: window.browser.table.fontMetrics().height() == before)


def test_a_larger_text_chosen_in_the_window_keeps_names_and_tabs_whole(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tests.deckbuilder.ui.layout_audit import audit

    window.resize(1280, 720)
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    before = window.deck_view.tables["sept"].fontMetrics().height()
    window.findChild(type(window.theme_actions["dark"]), "actionTextLarger").trigger()  # 115 %
    qtbot.waitUntil(lambda: window.deck_view.tables["sept"].fontMetrics().height() > before)
    qtbot.waitUntil(lambda: audit(window) == [])
    rows = window.deck_view.tables["sept"].verticalHeader().defaultSectionSize()
    assert rows >= window.deck_view.tables["sept"].fontMetrics().height() + 2  # rows grew with the text


def test_the_largest_text_chosen_in_the_window_reaches_every_header_and_holds(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """View → Text size stepped up to its largest with a deck open: titles and headers grow with the text (some
    widgets kept the font they were first shown with) and the layout audit finds nothing cut or squeezed."""
    from PySide6.QtWidgets import QTableView

    from tests.deckbuilder.ui.layout_audit import audit, audit_every_view, wait_until_laid_out

    window.resize(1280, 720)
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    larger = window.findChild(type(window.theme_actions["dark"]), "actionTextLarger")
    before = window.deck_view.tables["sept"].fontMetrics().height()
    while window.appearance.text_size != TEXT_SIZES[-1]:
        larger.trigger()
    qtbot.waitUntil(lambda: window.deck_view.tables["sept"].fontMetrics().height() > 1.5 * before)
    qtbot.waitUntil(lambda: audit(window) == [])  # laid out anew (posted events), then every view
    tables = window.findChildren(QTableView)
    assert [t.objectName() for t in tables if t.horizontalHeader().font() != t.font()] == []
    assert audit_every_view(window, lambda: wait_until_laid_out(window, qtbot)) == {}
    window.findChild(type(window.theme_actions["dark"]), "actionTextDefault").trigger()


def _row_margins(window) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Each table's rows: pixels beyond its text's height."""
    tables = {f"deck {key}": table for key, table in window.deck_view.tables.items()}
    tables.update(browser=window.browser.table)
    return {
        name: table.verticalHeader().defaultSectionSize() - table.fontMetrics().height()
        for name, table in tables.items()
    }


def test_rows_keep_their_margin_at_the_text_size_remembered_at_start(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """At the desktop's size the start measures nothing again; at a larger size every table's rows grow with it,
    and a size chosen later keeps each table's margin whichever size the window started at."""

    def larger_or_smaller(window, action: str) -> None:  # type: ignore[no-untyped-def]
        height = window.browser.table.fontMetrics().height()
        window.findChild(type(window.theme_actions["dark"]), action).trigger()
        qtbot.waitUntil(lambda: window.browser.table.fontMetrics().height() != height)

    desktop = make_window()
    desktop.show()
    margins = _row_margins(desktop)
    text_height = desktop.browser.table.fontMetrics().height()
    desktop.close()
    app_settings().setValue("view/text-size", 150)
    larger = make_window()
    larger.show()
    assert larger.browser.table.fontMetrics().height() > text_height
    assert _row_margins(larger) == margins
    larger_or_smaller(larger, "actionTextSmaller")
    qtbot.waitUntil(lambda: _row_margins(larger) == margins, timeout=2000)
    larger.close()
    reset_appearance()
    app_settings().setValue("view/text-size", 100)
    again = make_window()
    again.show()
    larger_or_smaller(again, "actionTextLarger")
    qtbot.waitUntil(lambda: _row_margins(again) == margins, timeout=2000)


def test_the_deck_header_and_pile_titles_show_the_window_colour_behind_them(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    view = window.deck_view
    for theme in ("light", "dark"):
        window.theme_actions[theme].trigger()
        qtbot.waitUntil(lambda t=theme: is_dark(view.header_label.palette()) == (t == "dark"))
        QApplication.processEvents()
        shot = view.grab().toImage()
        behind = shot.pixelColor(1, 1)  # the view's margin: what the window shows around its parts
        for label in (view.header_label, view.titles["sept"]):
            corner = label.mapTo(view, label.rect().bottomRight())  # past the end of the text
            assert shot.pixelColor(corner.x(), corner.y()) == behind, (theme, label.objectName())


def test_the_verdict_mark_and_colour_follow_each_edit_undo_and_redo_in_either_theme(  # type: ignore[no-untyped-def]
    window, qtbot, demo_db
) -> None:
    """The verdict turns illegal and back with an edit and its undo (and again with its redo), its mark and words in
    the colours of the theme in force: the colours the labels wore before are given again, the new theme's after a
    change of theme."""
    from carddb.cardtypes import Section
    from deckbuilder.ui.legality_panel import ILLEGAL_MARK, LEGAL_MARK

    legality = window.legality
    text = QPalette.ColorRole.WindowText

    def shown() -> tuple[str, QColor, QColor]:
        return (
            legality.mark.text(),
            legality.mark.palette().color(text),
            legality.verdict.label.palette().color(text),
        )

    assert window.open_start_deck() and window.report.is_legal
    sept = next(e for e in window.deck.entries if (c := demo_db.lookup(e.name)) and c.section == Section.SEPT)
    for theme in ("light", "dark", "light"):
        window.theme_actions[theme].trigger()
        qtbot.waitUntil(lambda t=theme: is_dark(legality.verdict.label.palette()) == (t == "dark"))
        colours = verdict_colours(QApplication.palette())
        legal = colours.warning if window.report.warnings else colours.legal
        assert shown() == (LEGAL_MARK, legal, legal)
        window.add_card(sept.name, count=10)  # past the copy limit
        assert not window.report.is_legal
        assert shown() == (ILLEGAL_MARK, colours.illegal, colours.illegal)
        window.undo_stack.undo()
        assert shown() == (LEGAL_MARK, legal, legal)
        window.undo_stack.redo()
        assert shown() == (ILLEGAL_MARK, colours.illegal, colours.illegal)
        window.undo_stack.undo()
    assert verdict_colours(dark_palette()).illegal != verdict_colours(QApplication.palette()).illegal

"""Every widget a player can reach has a name a screen reader says (read through Qt's accessibility interface),
in English and in Portuguese, on every tab of the deck check and in the card images."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QWidget

from carddb.demo import demo_deck_path
from tests.deckbuilder.ui.layout_audit import wait_until_laid_out


def _unnamed(window) -> list[str]:  # type: ignore[no-untyped-def]
    """Visible widgets that take the focus or a click and that a screen reader could not name."""
    unnamed = []
    for widget in window.findChildren(QWidget):
        reachable = widget.focusPolicy() != Qt.FocusPolicy.NoFocus or isinstance(widget, QAbstractButton)
        # A spin box's own line edit is read as the spin box (qt_ parts are Qt's, named through their owner).
        if not widget.isVisible() or not reachable or widget.objectName().startswith("qt_"):
            continue
        interface = QAccessible.queryAccessibleInterface(widget)
        name = interface.text(QAccessible.Text.Name) if interface is not None else ""
        if not name.strip():
            unnamed.append(f"{type(widget).__name__} {widget.objectName()!r}")
    return unnamed


def _walk(window, qtbot) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    window.resize(1280, 720)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Bark Hide")  # an error: Fix it shows its Apply buttons
    found: dict[str, list[str]] = {}
    for deck_tab in range(window.deck_tabs.count()):
        window.deck_tabs.setCurrentIndex(deck_tab)
        for tab in range(window.report_tabs.count()):
            window.report_tabs.setCurrentIndex(tab)
            wait_until_laid_out(window, qtbot)  # a tab built when first shown is built
            where = f"{window.deck_tabs.tabText(deck_tab)} / {window.report_tabs.tabText(tab)}"
            found[where] = _unnamed(window)
    return found


def test_every_reachable_widget_has_an_accessible_name(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    found = _walk(window, qtbot)
    assert len(found) >= 10
    assert {where: names for where, names in found.items() if names} == {}


def test_accessible_names_speak_portuguese(portuguese, make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.show()
    found = _walk(window, qtbot)
    assert {where: names for where, names in found.items() if names} == {}
    assert window.browser.query_edit.accessibleName() == "Busca de cartas"
    assert window.deck_view.tables["sept"].accessibleName() == window.deck_view.section_title("sept")


@pytest.mark.parametrize("legal", [True, False])
def test_the_verdict_is_never_told_by_colour_alone(window, legal) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    if not legal:
        window.add_card("Bark Hide")
    panel = window.legality
    assert panel.mark.text() == ("✔" if legal else "✘")
    assert panel.verdict.text().startswith("Legal" if legal else "Not legal")
    if not legal:  # the rows an error names carry a mark beside the tint, and words for a screen reader
        model = window.deck_view.models["sept"]
        row = next(r for r in range(model.rowCount()) if model.row_at(r).entry.name == "Bark Hide")
        name = model.index(row, model.columns.index("Name"))
        assert name.data(Qt.ItemDataRole.DecorationRole) is not None
        assert "error" in name.data(Qt.ItemDataRole.AccessibleTextRole)


def test_the_names_are_given_before_anything_reads_one(make_window, demo_db, monkeypatch, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The window names its widgets when a screen reader first asks, not at every start; the first answer has them."""
    from deckbuilder.ui import accessibility
    from deckbuilder.ui.main_window import MainWindow

    monkeypatch.setattr(accessibility, "_first_read", accessibility._FirstRead())  # as in a fresh process
    gone = MainWindow(
        demo_db, interactive=False
    )  # gone before anything asked: the others are named all the same
    shiboken6.delete(gone)
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    edit = window.browser.query_edit
    if not QAccessible.isActive():  # no screen reader has asked yet: nothing was walked
        assert edit.accessibleName() == ""
    interface = QAccessible.queryAccessibleInterface(edit)
    assert interface is not None and interface.text(QAccessible.Text.Name) == "Card search"
    # Every other part of the window was named at that first question, and a tab built later when it is shown.
    assert _unnamed(window) == []
    window.report_tabs.setCurrentIndex(window.report_tabs.indexOf(window.stats_page))
    wait_until_laid_out(window, qtbot)
    assert _unnamed(window) == []

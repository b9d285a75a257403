"""Columns: chosen by id (whatever the language), card names never cut, short columns show their whole figures."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt

from carddb.demo import demo_deck_path
from deckbuilder.collection import RowStatus
from deckbuilder.ui.columns import ColumnChooser
from deckbuilder.ui.deck_model import DeckSectionModel, DeckSectionTable
from tests.deckbuilder.ui.layout_audit import cut_cells


def _shown(window, key: str) -> list[str]:  # type: ignore[no-untyped-def]
    header = window.deck_view.tables[key].horizontalHeader()
    model = window.deck_view.models[key]
    return [c for i, c in enumerate(model.columns) if not header.isSectionHidden(i)]


def test_portuguese_hides_the_same_default_columns_as_english(portuguese, make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.open_deck(demo_deck_path(), ask_first=False)
    # The Characters pile hides Type by default (Allegiance says it): in Portuguese too, where it reads "Tipo".
    assert "Type" not in _shown(window, "characters")
    assert "Type" in _shown(window, "sept")


def test_a_choice_stored_by_title_is_read_as_ids_and_the_old_key_dropped(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue(
        "columns/deck-combat", ["Printing", "No such column"]
    )  # English titles, as stored before
    settings.setValue("columns/deck-sept", "")  # nothing hidden, stored before
    tables = {}
    for key in ("combat", "sept", "characters"):
        table = DeckSectionTable()
        qtbot.addWidget(table)
        table.setModel(DeckSectionModel(key))
        tables[key] = table
    combat = ColumnChooser(tables["combat"], settings, "columns/deck-combat", ("Name",))
    sept = ColumnChooser(tables["sept"], settings, "columns/deck-sept", ("Name",), ("Type",))
    characters = ColumnChooser(
        tables["characters"], settings, "columns/deck-characters", ("Name",), ("Type",)
    )
    assert combat.hidden() == {"Printing"}
    assert sept.hidden() == set()  # the player's "nothing hidden" survives, not the default
    assert characters.hidden() == {"Type"}  # never chosen: the default, by id
    assert settings.value("columns/deck-combat") is None  # read once, then gone
    model = tables["combat"].model()
    assert tables["combat"].horizontalHeader().isSectionHidden(model.columns.index("Printing"))


def test_a_portuguese_title_stored_before_is_read_as_its_id(portuguese, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    table = DeckSectionTable()
    qtbot.addWidget(table)
    table.setModel(DeckSectionModel("combat"))
    printing = table.model().columns.index("Printing")
    title = table.model().headerData(printing, Qt.Orientation.Horizontal)
    assert title != "Printing"
    settings.setValue("columns/deck-combat", [title])
    assert ColumnChooser(table, settings, "columns/deck-combat", ("Name",)).hidden() == {"Printing"}


def test_no_card_name_is_cut_at_1280x720_and_the_own_column_shows_whole_figures(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.browser.search_in_background()
    qtbot.waitUntil(lambda: window.browser.model.rowCount() > 0)
    browser = window.browser.table
    assert not cut_cells(browser, 0)
    # A collection that lacks copies: "0 (−3)" is shown whole, and names stay whole beside it.
    rows = {
        (r.entry.key, r.entry.set_name, r.starting): RowStatus(0, r.entry.count)
        for m in window.deck_view.models.values()
        for r in m.rows()
    }
    window.deck_view.show_owned(rows)
    for key, table in window.deck_view.tables.items():
        if not table.isVisible():
            continue
        model = window.deck_view.models[key]
        assert not cut_cells(table, model.columns.index("Name")), key
        own = model.columns.index("Own")
        assert not cut_cells(table, own), key
        assert any("−" in str(model.index(r, own).data()) for r in range(model.rowCount())), key


def test_a_count_edit_measures_no_name_and_a_wider_count_is_shown_whole(
    make_window, qtbot, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui.columns import NameFitter

    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    measured: list[int] = []
    widest = NameFitter._widest
    monkeypatch.setattr(NameFitter, "_widest", lambda self, *a: measured.append(1) or widest(self, *a))
    model = window.deck_view.models["combat"]
    row = model.rows()[0]

    window.controller.set_count(row.entry.name, row.entry.set_name, 1000)

    assert measured == []  # the names are what they were: a count edit re-measures none of them
    table = window.deck_view.tables["combat"]
    assert model.index(0, 0).data() == "1000"
    assert not cut_cells(table, model.columns.index("Qty"))
    assert not cut_cells(table, model.columns.index("Name"))


def test_after_a_larger_text_size_a_wider_count_is_still_shown_whole(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    model = window.deck_view.models["combat"]
    table = window.deck_view.tables["combat"]
    row = model.rows()[0]
    window.controller.set_count(row.entry.name, row.entry.set_name, 1000)  # measured in the first font
    window.controller.set_count(row.entry.name, row.entry.set_name, 1)
    font = table.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    table.setFont(font)  # View → Text size: every figure is wider

    window.controller.set_count(row.entry.name, row.entry.set_name, 1000)

    assert model.index(0, 0).data() == "1000"
    assert not cut_cells(table, model.columns.index("Qty"))


def test_the_same_owned_figures_repaint_nothing(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.open_deck(demo_deck_path(), ask_first=False)
    rows = {
        (r.entry.key, r.entry.set_name, r.starting): RowStatus(1, r.entry.count - 1)
        for m in window.deck_view.models.values()
        for r in m.rows()
    }
    window.deck_view.show_owned(rows)
    model = window.deck_view.models["sept"]
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom, _roles=(): changed.append(top.row()))
    window.deck_view.show_owned(dict(rows))
    assert changed == []
    first = model.rows()[0]
    rows[(first.entry.key, first.entry.set_name, first.starting)] = RowStatus(0, first.entry.count)
    window.deck_view.show_owned(rows)
    assert changed  # a figure moved: the Own cells repaint
    assert model.index(0, model.columns.index("Own")).data() == f"0 (−{first.entry.count})"


def test_the_widest_name_is_found_whatever_its_letters(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QTableView

    from deckbuilder.ui.columns import NameFitter

    table = QTableView()
    qtbot.addWidget(table)
    model = QStandardItemModel(0, 2)
    model.setHorizontalHeaderLabels(["Name", "Type"])
    table.setModel(model)
    fitter = NameFitter(table, "0", plain_names=True)
    table.resize(120, 300)  # narrower than any name: the Name column is as wide as the widest needs, no wider
    table.show()
    qtbot.waitExposed(table)
    metrics = table.fontMetrics()
    pages = (
        # Fewer letters can be wider; a name out of ASCII (full-width letters) cannot be bounded by its letters.
        ["i" * 36, "W" * 12, "l" * 30, "Mm"],
        ["Lord", "ＷＩＤＥ　ＬＯＲＤ　ＯＦ　ＴＨＥ　ＷＹＲＭ", "Lord of the Wyrm, Breaker of Septs"],
        ["Wolf", "Wolves"],
    )
    for names in pages:
        model.beginResetModel()
        model.setRowCount(len(names))
        for row, name in enumerate(names):
            model.setItem(row, 0, QStandardItem(name))
        model.endResetModel()
        fitter.remeasure()
        widest = max(names, key=metrics.horizontalAdvance)
        assert not cut_cells(table, 0), names
        assert table.columnWidth(0) <= metrics.horizontalAdvance(widest) + 16, (
            names
        )  # fitted to it, not wider

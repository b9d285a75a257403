"""An edit updates only the deck-table rows and legality lines it changed (no whole-table rebuild)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QPaintEvent, QRegion
from PySide6.QtWidgets import QWidget

from carddb.cardtypes import Section
from carddb.demo import demo_deck_path
from carddb.normalize import normalize_name


class _Changes:
    """What a model told its views: resets, inserted / removed rows and rows whose data changed."""

    def __init__(self, model) -> None:  # type: ignore[no-untyped-def]
        self.resets = 0
        self.inserted: list[int] = []
        self.removed: list[int] = []
        self.changed: list[int] = []
        model.modelReset.connect(self._reset)
        model.rowsInserted.connect(lambda _p, first, _last: self.inserted.append(first))
        model.rowsRemoved.connect(lambda _p, first, _last: self.removed.append(first))
        model.dataChanged.connect(
            lambda top, bottom, _roles=(): self.changed.extend(range(top.row(), bottom.row() + 1))
        )

    def _reset(self) -> None:
        self.resets += 1


def _names(model) -> list[str]:  # type: ignore[no-untyped-def]
    return [row.entry.name for row in model.rows()]


def test_adding_a_copy_changes_one_row_and_keeps_the_selection(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    model = window.deck_view.models["combat"]
    names = _names(model)
    target, other = names[0], names[-1]
    window.deck_view.select_cards([other])
    changes = _Changes(model)
    before = model.rows()[0].entry.count

    window.add_card(target)

    assert changes.resets == 0
    assert changes.inserted == [] and changes.removed == []
    assert set(changes.changed) == {0}  # only the edited row repaints (its count, maybe its tint)
    assert model.index(0, 0).data() == str(before + 1)
    assert [r.entry.name for r in window.deck_view.selected_rows()] == [other]


def test_new_and_removed_cards_insert_and_remove_only_their_rows(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    model = window.deck_view.models["combat"]
    names = _names(model)
    changes = _Changes(model)

    spare = next(c.name for c in window.db.all_cards() if c.section is Section.COMBAT and c.name not in names)
    window.add_card(spare)
    added = _names(model)
    assert changes.resets == 0 and changes.inserted == [len(names)] and len(added) == len(names) + 1

    second = model.rows()[1].entry
    window.remove_card(second.name, second.set_name, second.count)
    assert changes.resets == 0 and changes.removed == [1]
    assert _names(model) == [n for n in added if n != names[1]]

    window.undo_stack.undo()
    window.undo_stack.undo()
    assert _names(model) == names


def test_an_edit_rewrites_only_the_legality_lines_that_changed(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.add_card("Low Feint")  # a third copy: COMBAT_COPIES
    items = [window.legality.list.item(r) for r in range(window.legality.list.count())]
    kept = [r for r in range(len(items)) if "Low Feint" not in items[r].text()]
    texts = [items[r].text() for r in kept]
    changed: list[int] = []
    window.legality.list.model().dataChanged.connect(
        lambda top, _bottom, _roles=(): changed.append(top.row())
    )
    resets: list[int] = []
    window.legality.list.model().modelReset.connect(lambda: resets.append(1))

    window.set_notes("a note changes no result")

    assert resets == [] and changed == []
    assert [window.legality.list.item(r) for r in kept] == [items[r] for r in kept]
    assert [window.legality.list.item(r).text() for r in kept] == texts
    assert window.legality.list.item(0).data(Qt.ItemDataRole.DisplayRole).startswith("Errors")


def test_hidden_statistics_are_recounted_when_shown_not_on_every_edit(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    tabs = window.report_tabs
    tabs.setCurrentWidget(window.legality)
    combat_type = window.db.lookup("Low Feint").type

    def copies_of_type() -> int:
        return sum(e.count for e in window.deck.entries if window.db.lookup(e.name).type == combat_type)

    shown_before = dict(window.stats.counts("Cards by type"))
    window.add_card("Low Feint")
    assert window.stats.counts("Cards by type") == shown_before  # hidden: no recount on the edit
    tabs.setCurrentWidget(window.stats_page)
    assert window.stats.counts("Cards by type")[combat_type] == copies_of_type()
    window.add_card("Low Feint")  # on screen: recounted at once
    assert window.stats.counts("Cards by type")[combat_type] == copies_of_type()


def test_a_count_edit_that_tints_its_row_repaints_that_row_alone(window, qapp) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    model = window.deck_view.models["combat"]
    table = window.deck_view.tables["combat"]
    row = _names(model).index("Low Feint")
    assert not model.is_tinted(row) and row + 1 < model.rowCount()
    window.add_card("Low Feint")  # once before: the Name column may have had to grow for the mark
    qapp.processEvents()
    window.undo_stack.undo()
    qapp.processEvents()
    painted = _PaintedArea(table.viewport())

    window.add_card("Low Feint")  # a third copy: COMBAT_COPIES tints the row
    qapp.processEvents()

    assert model.is_tinted(row) and model.index(row, 0).data() == "3"
    assert model.index(row, 1).data(Qt.ItemDataRole.DecorationRole) is not None  # the error mark
    # The row's cells are repainted and the next row is not: a span's area reached a pixel into it (the grid line),
    # and the table then laid out every cell's text of that row again too.
    edited = table.visualRect(model.index(row, 0))
    assert painted.area.intersects(edited)
    assert not painted.area.intersects(
        table.visualRect(model.index(row + 1, 0)).adjusted(0, 0, table.width(), 0)
    )


class _PaintedArea(QObject):
    """The union of the areas a widget was asked to repaint."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.area = QRegion()
        widget.installEventFilter(self)

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            self.area = self.area.united(event.region())
        return False


def test_the_deck_rows_show_the_cards_the_check_looked_up(window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    asked: list[str] = []
    real, real_prefetch = window.db.lookup, window.db.prefetch
    monkeypatch.setattr(window.db, "lookup", lambda name: asked.append(normalize_name(name)) or real(name))

    def prefetch(keys):  # type: ignore[no-untyped-def]
        keys = list(keys)
        asked.extend(keys)
        return real_prefetch(keys)

    # The check asks the pool for the deck's names all at once (prefetch), one by one only for any it lacks.
    monkeypatch.setattr(window.db, "prefetch", prefetch)
    target = _names(window.deck_view.models["combat"])[0]

    window.add_card(target)

    # Each name is asked once per edit, by the check; the deck view reads the check's answers (issue 17).
    assert len(asked) == len(set(asked)) >= len(window.deck.entries)
    rows = [row for model in window.deck_view.models.values() for row in model.rows()]
    assert rows and all(row.card is real(row.entry.name) for row in rows)


def test_an_edit_and_its_undo_and_redo_keep_every_other_rows_index_and_the_selection(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_deck(demo_deck_path(), ask_first=False)
    model = window.deck_view.models["combat"]
    table = window.deck_view.tables["combat"]
    names = _names(model)
    last = names[-1]
    # A place a view or a delegate holds on to: it must follow its row while rows come and go above it.
    held = QPersistentModelIndex(model.index(len(names) - 1, 1))
    window.deck_view.select_cards([last])
    table.setFocus()
    changes = _Changes(model)
    spare = next(c.name for c in window.db.all_cards() if c.section is Section.COMBAT and c.name not in names)
    first = model.rows()[0].entry

    window.add_card(spare)  # a row at the end
    window.remove_card(first.name, first.set_name, first.count)  # the first row goes
    window.undo_stack.undo()  # it comes back
    window.undo_stack.undo()  # the new card goes again
    window.undo_stack.redo()

    assert changes.resets == 0
    assert held.isValid() and held.data() == last
    assert [row.entry.name for row in window.deck_view.current_rows()] == [last]
    assert table.selectionModel().isRowSelected(held.row())
    assert _names(model) == [*names, spare]

"""The legality panel's lines: each as tall as its words need at the panel's width, whatever came before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QImage, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QStyledItemDelegate, QStyleOptionViewItem

from deckbuilder.legality.results import Report, Result, Severity
from deckbuilder.ui.legality_panel import LegalityPanel

LONG = "Sept card 'Fang of the Scarred Frost' has 4 copies; at most 3 are allowed in this format " * 2


def _report(*messages: str) -> Report:
    results = tuple(Result("X", Severity.ERROR, text, (f"Card {n}",)) for n, text in enumerate(messages))
    return Report("standard", results, settings=(("renown_level", 20),))


def _heights_match(panel: LegalityPanel, qapp: QApplication) -> bool:
    """Every line's height is what a fresh (uncached) delegate measures for it at the list's width now."""
    qapp.processEvents()
    panel.list.doItemsLayout()
    fresh = QStyledItemDelegate()
    option = QStyleOptionViewItem()
    panel.list.initViewItemOption(option)
    option.rect.setWidth(panel.list.viewport().width())
    option.rect.setHeight(panel.list.viewport().height())
    for row in range(panel.list.count()):
        index = panel.list.model().index(row, 0)
        # The same words in the same font, without any size the panel keeps on its own line.
        copy = QStandardItem()
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.FontRole):
            copy.setData(index.data(role), role)
        scratch = QStandardItemModel()
        scratch.appendRow(copy)
        if panel.list.visualRect(index).height() != fresh.sizeHint(option, copy.index()).height():
            return False
    return True


@pytest.fixture
def panel(qapp: QApplication) -> Iterator[LegalityPanel]:
    """A panel on screen, deleted by Qt at the end of the test (not left to Python's collector)."""
    shown = LegalityPanel()
    yield shown
    shown.deleteLater()
    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_each_line_is_as_tall_as_its_words_at_the_panels_width(
    qapp: QApplication, panel: LegalityPanel
) -> None:
    panel.resize(420, 500)
    panel.show()
    panel.show_report(_report("short", LONG))
    assert _heights_match(panel, qapp)
    one_line = panel.list.visualRect(panel.list.model().index(1, 0)).height()
    panel.show_report(_report(LONG, "short", LONG + " and more"))  # lines move and change
    assert _heights_match(panel, qapp)
    panel.resize(200, 500)  # narrower: the long lines wrap onto more lines
    assert _heights_match(panel, qapp)
    assert panel.list.visualRect(panel.list.model().index(1, 0)).height() > 2 * one_line
    font = panel.list.font()
    font.setPointSizeF(font.pointSizeF() * 1.5)
    panel.list.setFont(font)  # a larger text: every line measured again
    assert _heights_match(panel, qapp)
    panel.show_report(_report("short"))
    assert _heights_match(panel, qapp)


def _settle(qapp: QApplication) -> None:
    """Let the list lay its lines out (a posted timer) and the window repaint (a posted request after that)."""
    for _ in range(3):
        qapp.processEvents()


def _on_screen(panel: LegalityPanel) -> QImage:
    """The list's lines as the window shows them now (what was drawn, kept between repaints)."""
    viewport = panel.list.viewport()
    at = viewport.mapToGlobal(QPoint(0, 0))
    return viewport.screen().grabWindow(0, at.x(), at.y(), viewport.width(), viewport.height()).toImage()


def _shows_lines_as_they_read(panel: LegalityPanel) -> bool:
    """The window shows the list's lines as they would be drawn from scratch now: no line left as it was drawn
    before an edit. (A selected line's shading may be off by a shade where Qt drew it in two parts.)"""
    shown = _on_screen(panel)
    fresh = panel.list.viewport().grab().toImage().convertToFormat(shown.format())
    if shown.size() != fresh.size():
        return False
    return all(
        abs(a - b) <= 2 for a, b in zip(bytes(shown.constBits()), bytes(fresh.constBits()), strict=True)
    )


def test_the_lines_on_screen_are_the_lines_as_they_now_read(qapp: QApplication, panel: LegalityPanel) -> None:
    panel.resize(380, 220)
    panel.show()
    reports = [
        _report(LONG, LONG, LONG),
        _report(LONG, LONG, LONG, "one more error, far below"),
        _report(LONG, "a long line became short", LONG),
        _report("short", LONG, LONG, LONG),
        _report(LONG),
        _report(),
        _report(LONG, LONG, LONG, LONG),
    ]
    for step, report in enumerate(reports):
        panel.show_report(report)
        if step == 3:
            panel.list.setCurrentRow(2)  # a selected line, then an edit that moves the lines below it
        if step == 6:
            panel.list.verticalScrollBar().setValue(2)
        _settle(qapp)
        assert _shows_lines_as_they_read(panel), f"stale lines after report {step}"
        panel.show_report(report)  # the same report again: nothing to redraw, nothing stale
        _settle(qapp)
        assert _shows_lines_as_they_read(panel), f"stale lines after report {step} again"


def test_a_selected_line_stays_selected_across_an_edit_that_keeps_it(
    qapp: QApplication, panel: LegalityPanel
) -> None:
    panel.resize(380, 300)
    panel.show()
    panel.show_report(_report(LONG, "second", LONG))
    panel.list.setCurrentRow(2)
    _settle(qapp)
    panel.show_report(_report(LONG, "second", LONG, "a new error at the end"))
    _settle(qapp)
    assert [item.text() for item in panel.list.selectedItems()] == ["•  second"]
    assert panel.list.currentRow() == 2
    assert _shows_lines_as_they_read(panel)


def _items(panel: LegalityPanel) -> dict[str, object]:
    """Each line's item by its words."""
    return {panel.list.item(row).text(): panel.list.item(row) for row in range(panel.list.count())}


def test_a_result_that_comes_before_others_leaves_their_lines_and_selection_alone(
    qapp: QApplication, panel: LegalityPanel
) -> None:
    panel.resize(380, 300)
    panel.show()
    panel.show_report(_report("first", "second", "third"))
    panel.list.setCurrentRow(2)  # "second"
    _settle(qapp)
    before = _items(panel)
    inserted: list[int] = []
    panel.list.model().rowsInserted.connect(lambda _parent, first, _last: inserted.append(first))
    resets: list[int] = []
    panel.list.model().modelReset.connect(lambda: resets.append(1))

    # A new error before "second" (same code, its own card), and "third" gone.
    results = (
        Result("X", Severity.ERROR, "first", ("Card 0",)),
        Result("X", Severity.ERROR, "new", ("Card 9",)),
        Result("X", Severity.ERROR, "second", ("Card 1",)),
    )
    panel.show_report(Report("standard", results, settings=(("renown_level", 20),)))
    _settle(qapp)

    after = _items(panel)
    assert resets == [] and inserted == [2]
    # The lines of the results still there are the same items: not rewritten, only moved.
    assert after["•  first"] is before["•  first"] and after["•  second"] is before["•  second"]
    assert after["Errors (3)"] is before["Errors (3)"]
    assert [item.text() for item in panel.list.selectedItems()] == ["•  second"]
    assert panel.list.currentItem() is before["•  second"]
    assert panel.shown_results() == list(results)
    assert _shows_lines_as_they_read(panel)


def test_a_result_added_below_keeps_the_list_scrolled_where_it_was(
    qapp: QApplication, panel: LegalityPanel
) -> None:
    panel.resize(380, 160)
    panel.show()
    panel.show_report(_report(*(f"error {n}" for n in range(30))))
    _settle(qapp)
    panel.list.verticalScrollBar().setValue(10)
    _settle(qapp)
    top = panel.list.itemAt(QPoint(2, 2))
    assert top is not None

    panel.show_report(_report(*(f"error {n}" for n in range(31))))
    _settle(qapp)

    assert panel.list.verticalScrollBar().value() == 10
    assert panel.list.itemAt(QPoint(2, 2)) is top
    assert panel.group_titles()[0] == "Errors (31)"
    assert _shows_lines_as_they_read(panel)


def test_headings_and_lines_follow_a_report_in_every_order_of_changes(
    qapp: QApplication, panel: LegalityPanel
) -> None:
    panel.resize(380, 300)
    panel.show()

    def result(severity: Severity, text: str) -> Result:
        return Result("X", severity, text, (text,))

    reports = [
        (result(Severity.ERROR, "a"), result(Severity.WARNING, "w"), result(Severity.INFO, "i")),
        (result(Severity.WARNING, "w"), result(Severity.WARNING, "v")),
        (result(Severity.ERROR, "b"), result(Severity.ERROR, "a"), result(Severity.INFO, "i")),
        (),
        (result(Severity.INFO, "j"), result(Severity.INFO, "i")),
    ]
    for results in reports:
        panel.show_report(Report("standard", results, settings=(("renown_level", 20),)))
        _settle(qapp)
        # What a fresh panel shows for the same report, line for line.
        fresh = LegalityPanel()
        fresh.show_report(Report("standard", results, settings=(("renown_level", 20),)))
        lines = [panel.list.item(row).text() for row in range(panel.list.count())]
        assert lines == [fresh.list.item(row).text() for row in range(fresh.list.count())]
        assert [panel.value_at(row) for row in range(panel.list.count())] == [
            fresh.value_at(row) for row in range(fresh.list.count())
        ]
        fresh.deleteLater()


def test_lines_moved_by_a_line_that_comes_or_goes_above_them_show_where_they_now_are(
    qapp: QApplication, panel: LegalityPanel
) -> None:
    """An error that comes above the others and goes again (an edit and its undo, over and over): the lines below
    it are shown moved down and back up, the selected one too, with nothing left where they were."""

    def report(*messages: str) -> Report:
        # Each error names its own card whatever comes before it: the same result in every report.
        results = tuple(Result("X", Severity.ERROR, text, (text,)) for text in messages)
        return Report("standard", results, settings=(("renown_level", 20),))

    panel.resize(380, 260)
    panel.show()
    others = [f"error {n}" for n in range(6)]
    panel.show_report(report(*others))
    _settle(qapp)
    panel.list.setCurrentRow(3)
    _settle(qapp)
    selected = panel.list.currentItem().text()
    for step, shown in enumerate([report(LONG, *others), report(*others)] * 2 + [report("short", *others)]):
        panel.show_report(shown)
        _settle(qapp)
        assert panel.list.currentItem().text() == selected
        assert _shows_lines_as_they_read(panel), f"stale lines after step {step}"
    # Edits with no repaint between them (the lines are moved again before they were drawn where they went first).
    for shown in (report(LONG, *others), report(*others), report("short", LONG, *others)):
        panel.show_report(shown)
    _settle(qapp)
    assert panel.list.currentItem().text() == selected
    assert _shows_lines_as_they_read(panel), "stale lines after edits with no repaint between them"

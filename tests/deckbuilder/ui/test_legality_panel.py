"""The legality panel's lines: each as tall as its words need at the panel's width, whatever came before."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QStyledItemDelegate, QStyleOptionViewItem

from deckbuilder.legality.results import Report, Result, Severity, Totals
from deckbuilder.ui.legality_panel import LegalityPanel

LONG = "Sept card 'Fang of the Scarred Frost' has 4 copies; at most 3 are allowed in this format " * 2


def _report(*messages: str) -> Report:
    results = tuple(Result("X", Severity.ERROR, text, (f"Card {n}",)) for n, text in enumerate(messages))
    return Report("standard", 20, Totals(), results)


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
        if panel.list.visualRect(index).height() != fresh.sizeHint(option, index).height():
            return False
    return True


def test_each_line_is_as_tall_as_its_words_at_the_panels_width(qapp: QApplication) -> None:
    panel = LegalityPanel()
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

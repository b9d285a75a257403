"""SteadyLabel: the holder is always as tall as its text needs, whatever text and font it is given in turn."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QEnterEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from deckbuilder.ui.labels import SteadyLabel


def _needed(label: SteadyLabel) -> int:
    inner = label.label
    if inner.wordWrap():
        return max(inner.heightForWidth(label.width()), inner.fontMetrics().height())
    return inner.sizeHint().height()


def test_a_label_is_as_tall_as_each_new_text_needs(qapp: QApplication) -> None:
    label = SteadyLabel("Sept (36)")
    label.resize(300, label.height())
    for text in (
        "Sept (37)",
        "Not legal: 1 error\nand a second line",
        "Sept (38)",
        "Sé (Ünïcode ✘)",
        "x",
        "",
    ):
        label.setText(text)
        assert label.height() == _needed(label), text
    label.setText("two\nlines")
    assert label.height() > SteadyLabel("one line").height()


def test_a_larger_font_makes_a_taller_line(qapp: QApplication) -> None:
    label = SteadyLabel("Legal in Revised at Renown 20")
    small = label.height()
    font = label.label.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    label.label.setFont(font)
    label.setText("Legal in Revised at Renown 21")  # the same kind of text, measured again in the new font
    assert label.height() == _needed(label) > small


def test_a_wrapped_label_grows_a_line_when_its_text_no_longer_fits(qapp: QApplication) -> None:
    label = SteadyLabel(word_wrap=True)
    label.resize(200, 10)
    label.setText("Renown 20 / 20")
    one = label.height()
    assert one == _needed(label)
    label.setText("Renown 20 / 20 · Rogue 0 (max 10) · Sept 37 / 30+ · Combat 20 / 20+ · Gaia")
    assert label.height() == _needed(label) > one
    label.setText("Renown 19 / 20")
    assert label.height() == one


def test_a_wrapped_label_shows_texts_that_come_back_at_their_height_in_the_font_in_force(
    qapp: QApplication,
) -> None:
    """An edit and its undo bring back texts shown before (their heights are kept): each is shown, at the height it
    needs, and a larger font makes the same texts taller."""
    label = SteadyLabel(word_wrap=True)
    label.resize(200, 10)
    one = "Renown 20 / 20"
    two = "Renown 20 / 20 · Rogue 0 (max 10) · Sept 37 / 30+ · Combat 20 / 20+ · Gaia"
    heights = {}
    for text in (one, two, one, two, one):
        label.setText(text)
        assert label.label.text().replace("\u00a0", " ") == text
        assert label.height() == _needed(label) == heights.setdefault(text, label.height()), text
    assert heights[two] > heights[one]
    font = label.label.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    label.label.setFont(font)
    for text in (two, one):
        label.setText(text)
        assert label.height() == _needed(label) > heights[text], text


def _enter(label: SteadyLabel) -> None:
    inner = label.label
    centre = QPointF(inner.rect().center())
    QApplication.sendEvent(inner, QEnterEvent(centre, inner.mapToGlobal(centre), inner.mapToGlobal(centre)))


def test_a_selectable_label_lets_the_pointer_select_its_text_and_looks_the_same_meanwhile(
    qapp: QApplication,
) -> None:
    label = SteadyLabel(word_wrap=True, selectable=True)
    font = label.label.font()
    font.setBold(True)
    label.label.setFont(font)
    label.resize(300, 10)
    label.setText("Renown 20 / 20 · Sept 36 / 30+")
    label.show()
    qapp.processEvents()
    before = label.grab().toImage()

    _enter(label)  # the pointer comes over the figures
    QTest.mouseDClick(label.label, Qt.MouseButton.LeftButton, pos=QPoint(4, label.label.height() // 2))

    assert label.label.hasSelectedText() and label.label.selectedText() in label.text()
    label.label.setSelection(0, 0)
    assert label.grab().toImage() == before  # the same pixels, selectable or not


def test_a_selectable_label_shows_each_new_text_and_stays_selectable(qapp: QApplication) -> None:
    label = SteadyLabel(word_wrap=True, selectable=True)
    label.resize(300, 10)
    label.show()
    for count in (36, 37, 36):
        label.setText(f"Renown 20 / 20 · Sept {count} / 30+")
        qapp.processEvents()
        assert label.label.text() == f"Renown 20 / 20 · Sept {count} / 30+"
        _enter(label)
        QTest.mouseDClick(label.label, Qt.MouseButton.LeftButton, pos=QPoint(4, label.label.height() // 2))
        assert label.label.selectedText() == "Renown"
        QApplication.sendEvent(label.label, QEvent(QEvent.Type.Leave))
        label.label.setSelection(0, 0)

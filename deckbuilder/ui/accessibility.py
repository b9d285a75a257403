"""Accessible names: what a screen reader says for each widget of the window a player can reach.

A widget whose text already names it (a button, a check box) is left alone; the others are named here, by
object name, else from what a sighted player reads beside them (their tooltip or placeholder).

The names are given when something first asks Qt for a widget's accessibility interface (a screen reader, an
accessibility test), before it can read any name: walking the window's ~440 widgets at every start cost a player
who uses no screen reader several milliseconds for nothing.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QAbstractScrollArea, QLineEdit, QTabWidget, QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QAccessibleInterface

from deckbuilder.ui.translation import QT_TRANSLATE_NOOP

CONTEXT = "Accessibility"
# Object name -> accessible name (English; translated when set).
NAMES = {
    "queryEdit": QT_TRANSLATE_NOOP("Accessibility", "Card search"),
    "resultsTable": QT_TRANSLATE_NOOP("Accessibility", "Card results"),
    "deckName": QT_TRANSLATE_NOOP("Accessibility", "Deck name"),
    "renownLevel": QT_TRANSLATE_NOOP("Accessibility", "Renown level"),
    "formatCombo": QT_TRANSLATE_NOOP("Accessibility", "Format"),
    "deckTabs": QT_TRANSLATE_NOOP("Accessibility", "Deck as list or card images"),
    "reportTabs": QT_TRANSLATE_NOOP("Accessibility", "Deck check"),
    "legalityList": QT_TRANSLATE_NOOP("Accessibility", "Legality results"),
    "deckNotes": QT_TRANSLATE_NOOP("Accessibility", "Deck notes"),
    "editHistory": QT_TRANSLATE_NOOP("Accessibility", "Edit history"),
    "fixList": QT_TRANSLATE_NOOP("Accessibility", "Fixes"),
    "fightTable": QT_TRANSLATE_NOOP("Accessibility", "Odds of each Character's first fight"),
    "turnTable": QT_TRANSLATE_NOOP("Accessibility", "Odds by turn"),
    "oddsWhat": QT_TRANSLATE_NOOP("Accessibility", "Card or type to draw"),
    "seedEdit": QT_TRANSLATE_NOOP("Accessibility", "Sample hand seed"),
    "septHand": QT_TRANSLATE_NOOP("Accessibility", "Sample sept hand"),
    "combatHand": QT_TRANSLATE_NOOP("Accessibility", "Sample combat hand"),
    "deckGallery": QT_TRANSLATE_NOOP("Accessibility", "Card images by pile"),
}


def _shown_words(widget: QWidget) -> str:
    """What a sighted player reads on or beside the widget: its tooltip's first line, else its placeholder."""
    tip = widget.toolTip().strip()
    if tip and "<" not in tip:
        return tip.splitlines()[0]
    if isinstance(widget, QLineEdit):
        return widget.placeholderText()
    return ""


def _page_title(widget: QWidget) -> str:
    """The title of the tab the widget is on (a list or scroll area is named by the page it fills)."""
    below: list[QWidget] = []
    parent: QWidget | None = widget
    while parent is not None:
        if isinstance(parent, QTabWidget):  # its pages sit in a stacked widget between it and them
            index = next((i for i in map(parent.indexOf, below) if i >= 0), -1)
            if index >= 0:
                return parent.tabText(index).replace("&", "")
        below.append(parent)
        parent = parent.parentWidget()
    return ""


def name_widgets(root: QWidget) -> int:
    """Give every unnamed widget under `root` an accessible name; returns how many were named."""
    named = 0
    for widget in (root, *root.findChildren(QWidget)):
        if widget.accessibleName() or widget.objectName().startswith("qt_"):
            continue
        if isinstance(widget, QAbstractButton) and widget.text().replace("&", "").strip() not in (
            "",
            "+",
            "−",
        ):
            continue  # the button's own words name it
        english = NAMES.get(widget.objectName())
        name = QCoreApplication.translate(CONTEXT, english) if english else _shown_words(widget)
        if not name and isinstance(widget, QAbstractScrollArea):
            name = _page_title(widget)
        if name:
            widget.setAccessibleName(name)
            named += 1
    return named


class _FirstRead:
    """An accessibility interface factory that builds none: called before Qt builds the first interface, it names
    the widgets waiting for it (Qt's own factories then build the interface, which reads those names)."""

    def __init__(self) -> None:
        self.read = False  # has anything asked for an accessibility interface yet?
        self.installed = False
        self.waiting: weakref.WeakSet[QWidget] = weakref.WeakSet()

    def __call__(self, _class_name: str, _object: QObject) -> QAccessibleInterface | None:
        if not self.read:
            self.read = True  # first: naming sends name-changed events, which ask for interfaces again
            roots, self.waiting = list(self.waiting), weakref.WeakSet()
            for root in roots:
                if shiboken6.isValid(root):  # a window closed since is no longer there to name
                    name_widgets(root)
        return None


_first_read = _FirstRead()


def name_widgets_when_read(root: QWidget) -> None:
    """Name every unnamed widget under `root` now if an accessibility interface was asked for yet, else just
    before the first is built."""
    if _first_read.read or QAccessible.isActive():
        name_widgets(root)
        return
    if not _first_read.installed:
        QAccessible.installFactory(_first_read)
        _first_read.installed = True
    _first_read.waiting.add(root)

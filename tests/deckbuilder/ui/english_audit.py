"""Finding English in the Portuguese window: every text a player reads on screen (labels, buttons, tooltips,
headers, tab titles, menus, group titles, placeholders, docks) against the English words of the catalogue."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabBar,
    QTableView,
    QWidget,
)

from deckbuilder.i18n import catalogue_path
from deckbuilder.i18n.po import parse_po

WORD = re.compile(r"[A-Za-z]{3,}")
PATH = re.compile(r"^(&?\d+ )?([A-Za-z]:)?[\\/]")
TAG = re.compile(r"<[^>]+>|&[a-z]+;|%\d|\{[^}]*\}")


def _words(text: str) -> set[str]:
    return {w.casefold() for w in WORD.findall(TAG.sub(" ", text))}


def english_only_words(lang: str = "pt_BR") -> set[str]:
    """Words of the catalogue's English texts whose translation differs, that no translation uses itself."""
    po = parse_po(catalogue_path(lang).read_text(encoding="utf-8"), str(catalogue_path(lang)))
    english: set[str] = set()
    translated: set[str] = set()
    for entry in po.entries.values():
        if not entry.msgid:
            continue
        for form in entry.forms:
            translated |= _words(form)
        if any(form and form != entry.msgid for form in entry.forms):
            english |= _words(entry.msgid) | _words(entry.plural or "")
    return english - translated


def shown_texts(window: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) of every text the window shows now, card data left to the caller to set aside."""
    for widget in (window, *window.findChildren(QWidget)):
        if not widget.isVisible() and not isinstance(widget, QMenu):
            continue
        where = f"{type(widget).__name__} {widget.objectName()!r}"
        if widget.toolTip():
            yield where + " tooltip", widget.toolTip()
        if isinstance(widget, (QLabel, QAbstractButton)):
            yield where, widget.text()
        if isinstance(widget, QLineEdit):
            yield where + " placeholder", widget.placeholderText()
        if isinstance(widget, QGroupBox):
            yield where, widget.title()
        if isinstance(widget, QDockWidget):
            yield where, widget.windowTitle()
        if isinstance(widget, QTabBar):
            for i in range(widget.count()):
                if widget.isTabVisible(i):
                    yield where + " tab", widget.tabText(i)
        if isinstance(widget, QComboBox):
            yield where, widget.currentText()
        if isinstance(widget, QMenu):
            yield where, widget.title()
            for action in widget.actions():
                yield where + " action", action.text()
                if action.toolTip() != action.text().replace("&", ""):
                    yield where + " action tooltip", action.toolTip()
        if isinstance(widget, QTableView) and widget.model() is not None:
            header = widget.horizontalHeader()
            for c in range(header.count()):
                if not header.isSectionHidden(c):
                    yield (
                        where + " header",
                        str(widget.model().headerData(c, Qt.Orientation.Horizontal) or ""),
                    )


def english_shown(window: QWidget, card_words: Iterable[str], lang: str = "pt_BR") -> list[str]:
    """Texts on screen holding an English word of the catalogue (card names and text set aside)."""
    suspicious = english_only_words(lang) - {w.casefold() for w in card_words}
    found = []
    for where, text in shown_texts(window):
        if PATH.match(text):
            continue  # a file's path (Open recent) is the player's, as written
        english = sorted(_words(text) & suspicious)
        if english:
            found.append(f"{where}: {text!r} ({', '.join(english)})")
    return sorted(set(found))


def card_data_words(db) -> set[str]:  # type: ignore[no-untyped-def]
    """Every word of the card data (names, types, keywords, text, set names): data, shown as imported."""
    words: set[str] = set()
    for card in db.all_cards():
        for value in (card.name, card.type, getattr(card, "keywords", ""), getattr(card, "text", "")):
            words |= _words(str(value or ""))
        for printing in getattr(card, "printings", ()):
            words |= _words(printing.set_name)
    return words

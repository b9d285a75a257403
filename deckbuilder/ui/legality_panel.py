"""Legality panel: every result of the checker, grouped errors / warnings / info, in the engine's words."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.games.loader import format_title
from deckbuilder.i18n import render
from deckbuilder.legality.results import Report, Result, Severity
from deckbuilder.ui.labels import SteadyLabel
from deckbuilder.ui.theme import verdict_colours
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP, fill, ngettext

RESULT_ROLE = Qt.ItemDataRole.UserRole + 1
BULLET = "•  "  # before each result line
# The mark beside the verdict: its colour is never the only sign (the words say it too).
LEGAL_MARK, ILLEGAL_MARK = "✔", "✘"
GROUPS: tuple[tuple[Severity, str], ...] = (
    (Severity.ERROR, QT_TRANSLATE_NOOP("LegalityPanel", "Errors")),
    (Severity.WARNING, QT_TRANSLATE_NOOP("LegalityPanel", "Warnings")),
    (Severity.INFO, QT_TRANSLATE_NOOP("LegalityPanel", "Info")),
)


class LegalityPanel(QWidget):
    """Shows a Report as a list with a heading per severity; clicking a result emits the cards it names."""

    cards_activated = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.verdict = SteadyLabel()
        self.verdict.setObjectName("legalityVerdict")
        font = self.verdict.label.font()
        font.setBold(True)
        self.verdict.label.setFont(font)
        self.mark = QLabel()
        self.mark.setObjectName("legalityMark")
        self.mark.setFont(font)
        self.mark.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.list = QListWidget()
        self.list.setObjectName("legalityList")
        # A list view (unlike a tree) re-wraps long messages to the panel's width.
        self.list.setWordWrap(True)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.itemClicked.connect(self._item_clicked)
        self.list.itemActivated.connect(self._item_clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(self.mark)
        top.addWidget(self.verdict, 1)
        layout.addLayout(top)
        layout.addWidget(self.list, 1)
        self._report: Report | None = None
        self.group_items: dict[Severity, QListWidgetItem] = {}

    @property
    def report(self) -> Report | None:
        """The report on show."""
        return self._report

    def show_report(self, report: Report | None) -> None:
        """Show a report, changing only the lines that differ from the one on show (an edit keeps most)."""
        self._report = report
        if report is None:
            self.list.clear()
            self.group_items.clear()
            self.verdict.setText(self.tr("No deck checked"))
            self._colour_verdict()
            return
        errors = len(report.errors)
        title = format_title(report.format, report.game)
        legal = (
            fill(self.tr("Legal in %1"), title)  # another game: no Renown level
            if report.piles
            else fill(self.tr("Legal in %1 at Renown %2"), title, report.renown_level)
        )
        self.verdict.setText(
            legal
            if report.is_legal
            else fill(ngettext("Not legal: %1 error", "Not legal: %1 errors", errors), errors),
        )
        self._colour_verdict()
        lines: list[tuple[str, Result | Severity]] = []
        for severity, title in GROUPS:
            results = [r for r in report.results if r.severity is severity]
            lines.append((f"{self.tr(title)} ({len(results)})", severity))
            lines.extend((f"{BULLET}{render(result)}", result) for result in results)
        while self.list.count() > len(lines):
            self.list.takeItem(self.list.count() - 1)
        for row, (text, value) in enumerate(lines):
            item = self.list.item(row)
            if item is None:
                item = QListWidgetItem()
                self.list.addItem(item)
            self._fill(item, text, value)

    def _colour_verdict(self) -> None:
        """A mark and a colour beside the verdict's words, readable on the palette in force (light or dark)."""
        report = self._report
        colours = verdict_colours(self.palette())
        if report is None:
            mark, colour = "", self.palette().color(QPalette.ColorRole.WindowText)
        elif report.is_legal:
            mark, colour = LEGAL_MARK, colours.warning if report.warnings else colours.legal
        else:
            mark, colour = ILLEGAL_MARK, colours.illegal
        self.mark.setText(mark)
        for label in (self.mark, self.verdict.label):
            palette = label.palette()
            if palette.color(QPalette.ColorRole.WindowText) != colour:
                palette.setColor(QPalette.ColorRole.WindowText, colour)
                label.setPalette(palette)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._colour_verdict()  # a new theme: colours readable on its base

    def _fill(self, item: QListWidgetItem, text: str, value: Result | Severity) -> None:
        """Make one list line show a group heading or a result (untouched when it already does)."""
        if item.data(RESULT_ROLE) == value and item.text() == text:
            if isinstance(value, Severity):
                self.group_items[value] = item
            return
        item.setText(text)
        item.setData(RESULT_ROLE, value)
        bold = isinstance(value, Severity)
        if item.font().bold() != bold:
            font = item.font()
            font.setBold(bold)
            item.setFont(font)
        if isinstance(value, Severity):
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setToolTip("")
            self.group_items[value] = item
        else:
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            item.setToolTip(
                f"{value.code}: {text.removeprefix(BULLET)}"
            )  # rendered once: huge reports list many

    def _result_items(self) -> list[tuple[QListWidgetItem, Result]]:
        items: list[tuple[QListWidgetItem, Result]] = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            value = item.data(RESULT_ROLE) if item is not None else None
            if item is not None and isinstance(value, Result):
                items.append((item, value))
        return items

    def group_titles(self) -> list[str]:
        """The severity headings, in order."""
        return [item.text() for item in self.group_items.values()]

    def shown_results(self) -> list[Result]:
        """Results as listed, in order."""
        return [result for _item, result in self._result_items()]

    def shown_codes(self) -> list[str]:
        """Codes of the listed results."""
        return [r.code for r in self.shown_results()]

    def item_for(self, code: str) -> QListWidgetItem | None:
        """The first item showing a result with this code."""
        return next((item for item, result in self._result_items() if result.code == code), None)

    def _item_clicked(self, item: QListWidgetItem) -> None:
        value = item.data(RESULT_ROLE)
        if isinstance(value, Result) and value.cards:
            self.cards_activated.emit(list(value.cards))

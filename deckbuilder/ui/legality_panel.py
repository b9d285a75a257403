"""Legality panel: every result of the checker, grouped errors / warnings / info, in the engine's words."""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

from PySide6.QtCore import QEvent, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QHelpEvent, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from carddb.record import TupleRecord
from deckbuilder.games.loader import checked_format_title
from deckbuilder.i18n import current_language, render
from deckbuilder.legality.results import Report, Result, Severity
from deckbuilder.ui.labels import SteadyLabel
from deckbuilder.ui.theme import VerdictColours, verdict_colours
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP, fill, ngettext

# Lines laid out per pass of the event loop (QListView.Batched).
LAYOUT_BATCH = 500
# More lines than this to drop: clear the list rather than remove them one by one.
BULK_LINES = 1_000
BULLET = "•  "  # before each result line
# The mark beside the verdict: its colour is never the only sign (the words say it too).
LEGAL_MARK, ILLEGAL_MARK = "✔", "✘"
GROUPS: tuple[tuple[Severity, str], ...] = (
    (Severity.ERROR, QT_TRANSLATE_NOOP("LegalityPanel", "Errors")),
    (Severity.WARNING, QT_TRANSLATE_NOOP("LegalityPanel", "Warnings")),
    (Severity.INFO, QT_TRANSLATE_NOOP("LegalityPanel", "Info")),
)


_HEADING = Qt.ItemFlag.ItemIsEnabled  # a heading's flags: it cannot be selected
_PER_ITEM = QListView.ScrollMode.ScrollPerItem


class LegalityPanel(QWidget):
    """Shows a Report as a list with a heading per severity; clicking a result emits the cards it names."""

    cards_activated = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.verdict = SteadyLabel(word_wrap=True)  # a long verdict at a large text size takes two lines
        self.verdict.setObjectName("legalityVerdict")
        font = self.verdict.label.font()
        font.setBold(True)
        self.verdict.label.setFont(font)
        self.mark = QLabel()
        self.mark.setObjectName("legalityMark")
        self.mark.setFont(font)
        self.mark.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._fix_mark_size()
        self.list = _ResultList(self)
        self.list.setObjectName("legalityList")
        # A list view (unlike a tree) re-wraps long messages to the panel's width.
        self.list.setWordWrap(True)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Word-wrapped lines are measured one by one: a huge report is laid out a batch at a time while the window
        # stays usable, not in one pass of seconds.
        self.list.setLayoutMode(QListView.LayoutMode.Batched)
        self.list.setBatchSize(LAYOUT_BATCH)
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
        self._colours: tuple[int, VerdictColours] | None = None  # by the palette's cacheKey
        # The mark's and the verdict's palettes by (label number, colour), for the panel's palette in _colours.
        self._verdict_palettes: dict[tuple[int, int], QPalette] = {}
        # The (panel palette's cacheKey, colour) each of the two labels was last given.
        self._verdict_shown: list[tuple[int, int] | None] = [None, None]
        self._values: list[Result | Severity] = []  # what each line shows, by row
        self._groups: dict[Severity, list[Result]] = {}  # the results on show, by severity, in order
        self._texts_lang = ""  # the language of the lines on show
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
            self._values.clear()
            self._groups = {}
            self.group_items.clear()
            self.verdict.setText(self.tr("No deck checked"))
            self._colour_verdict()
            return
        errors = len(report.errors)
        lang = current_language()  # once: a huge deck's report has a line per unknown card
        title = checked_format_title(report, lang)
        level = report.setting("renown_level")
        legal = (
            fill(self.tr("Legal in %1"), title)  # a deck the check counted by piles, or with no Renown level
            if report.piles or level is None
            else fill(self.tr("Legal in %1 at Renown %2"), title, level)
        )
        self.verdict.setText(
            legal
            if report.is_legal
            else fill(ngettext("Not legal: %1 error", "Not legal: %1 errors", errors), errors),
        )
        self._colour_verdict()
        groups: dict[Severity, list[Result]] = {severity: [] for severity, _heading in GROUPS}
        for result in report.results:
            groups[result.severity].append(result)
        lines = len(GROUPS) + len(report.results)
        self.list.use_kept_sizes(lines <= BULK_LINES)
        if lang != self._texts_lang or len(self._values) != len(GROUPS) + sum(
            map(len, self._groups.values())
        ):
            self._rebuild(groups, lang)  # another language (every line's words), or the first report
        elif abs(self.list.count() - lines) > BULK_LINES:
            # A huge report gave way to a small one (drop the old lines at once), or the other way round (lines put
            # in one at a time in the middle of a long list move every line below them).
            self._rebuild(groups, lang)
        else:
            self._patch(groups, lang)

    def _rebuild(self, groups: dict[Severity, list[Result]], lang: str) -> None:
        """Show every line anew (the first report, another language, or most lines gone)."""
        self.list.clear()
        self._values.clear()
        self.group_items.clear()
        self._texts_lang = lang
        items: list[QListWidgetItem] = []
        for severity, heading in GROUPS:
            results = groups[severity]
            item = QListWidgetItem()
            self._fill(item, f"{self.tr(heading)} ({len(results)})", severity)
            self.list.addItem(item)
            items.append(item)
            self._values.append(severity)
            for result in results:
                # A new item is enabled and selectable, as a result line is: only its words are set.
                item = QListWidgetItem(f"{BULLET}{render(result, lang)}")
                self.list.addItem(item)
                items.append(item)
            self._values.extend(results)
        self._groups = groups
        self.list.measure(items)

    def _patch(self, groups: dict[Severity, list[Result]], lang: str) -> None:
        """Change only the lines of results that came, went or changed, and the headings whose counts changed:
        the lines of results still there keep their items (their place, words, size and selection)."""
        changed: list[QListWidgetItem] = []
        row = 0  # the heading of the group being patched
        for severity, heading in GROUPS:
            old, new = self._groups[severity], groups[severity]
            if len(old) != len(new):
                item = self.group_items[severity]
                item.setText(f"{self.tr(heading)} ({len(new)})")
                changed.append(item)
            # The results kept at both ends of the group, compared as values (an edit changes a few in between), and
            # what changed between them.
            shortest = min(len(old), len(new))
            first = 0
            while first < shortest and old[first] == new[first]:
                first += 1
            last = 0
            while last < shortest - first and old[-1 - last] == new[-1 - last]:
                last += 1
            at = row + 1 + first  # the row of the first line that may change
            shift = 0  # lines put in less lines taken out, so far in this group
            for _tag, start, stop, begin, end in _changes(
                old[first : len(old) - last], new[first : len(new) - last]
            ):
                came = new[first + begin : first + end]
                place = at + start + shift
                # A line whose result changed keeps its item, with new words; the rest come or go.
                kept = min(stop - start, len(came))
                for offset, result in enumerate(came[:kept]):
                    item = self.list.item(place + offset)
                    item.setText(f"{BULLET}{render(result, lang)}")
                    self._values[place + offset] = result
                    changed.append(item)
                for _ in range(stop - start - kept):
                    self.list.takeItem(place + kept)  # the rows below close up
                del self._values[place + kept : place + stop - start]
                for offset, result in enumerate(came[kept:], start=place + kept):
                    item = QListWidgetItem(f"{BULLET}{render(result, lang)}")
                    self.list.insertItem(offset, item)
                    changed.append(item)
                self._values[place + kept : place + kept] = came[kept:]
                shift += len(came) - (stop - start)
            row += 1 + len(new)
        self._groups = groups
        self.list.measure(changed)

    def _colour_verdict(self) -> None:
        """A mark and a colour beside the verdict's words, readable on the palette in force (light or dark)."""
        report = self._report
        palette = self.palette()
        key = palette.cacheKey()
        if self._colours is None or self._colours[0] != key:  # worked out once per palette
            self._colours = (key, verdict_colours(palette))
            self._verdict_palettes.clear()
        colours = self._colours[1]
        if report is None:
            mark, colour = "", palette.color(QPalette.ColorRole.WindowText)
        elif report.is_legal:
            mark, colour = LEGAL_MARK, colours.warning if report.warnings else colours.legal
        else:
            mark, colour = ILLEGAL_MARK, colours.illegal
        self.mark.setText(mark)
        # The labels' palettes in each colour, made once per panel palette: an edit that turns the verdict from legal
        # to illegal (and its undo) gives the labels the ones they had before.
        rgba = colour.rgba()
        for number, label in enumerate((self.mark, self.verdict.label)):
            wanted = self._verdict_palettes.get((number, rgba))
            if wanted is None:
                wanted = label.palette()
                wanted.setColor(QPalette.ColorRole.WindowText, colour)
                self._verdict_palettes[(number, rgba)] = wanted
            if self._verdict_shown[number] != (key, rgba):
                self._verdict_shown[number] = (key, rgba)
                label.setPalette(wanted)

    def _fix_mark_size(self) -> None:
        """Give the mark the size of its widest text, once per font: a label of fixed size changes its text
        without asking every layout up to the main window to recompute (and the window to repaint its docks),
        which an edit that turns the verdict from ✔ to ✘ would otherwise pay for each time."""
        shown = self.mark.text()
        hints = []
        for text in (LEGAL_MARK, ILLEGAL_MARK):
            self.mark.setText(text)
            hints.append(self.mark.sizeHint())
        self.mark.setText(shown)
        self.mark.setFixedSize(max(h.width() for h in hints), max(h.height() for h in hints))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._colour_verdict()  # a new theme: colours readable on its base
        elif event.type() == QEvent.Type.FontChange:
            # A larger text size (View → Text size) needs a larger mark; the mark's own font changes after ours.
            QTimer.singleShot(0, self, self._fix_mark_size)

    def _fill(self, item: QListWidgetItem, text: str, value: Result | Severity) -> None:
        """Make one list line show a group heading or a result."""
        item.setText(text)
        bold = isinstance(value, Severity)
        if item.font().bold() != bold:
            font = item.font()
            font.setBold(bold)
            item.setFont(font)
        if isinstance(value, Severity):
            item.setFlags(_HEADING)
            self.group_items[value] = item
        else:
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)

    def value_at(self, row: int) -> Result | Severity | None:
        """The result (or the heading's severity) a line shows."""
        return self._values[row] if 0 <= row < len(self._values) else None

    def tool_tip(self, row: int) -> str:
        """A result line's tooltip: its code and its message ("" for a heading)."""
        value = self.value_at(row)
        return f"{value.code}: {render(value)}" if isinstance(value, Result) else ""

    def _result_items(self) -> list[tuple[QListWidgetItem, Result]]:
        return [
            (self.list.item(row), value)
            for row, value in enumerate(self._values)
            if isinstance(value, Result)
        ]

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
        value = self.value_at(self.list.row(item))
        if isinstance(value, Result) and value.cards:
            self.cards_activated.emit(list(value.cards))


# Results that changed between the ends of a group kept by an edit, up to this many old times new, are matched one
# by one (a result that came before others leaves their lines alone); more are replaced as a block.
MATCHED_CHANGES = 10_000


def _changes(old: Sequence[Result], new: Sequence[Result]) -> list[tuple[str, int, int, int, int]]:
    """What turns the `old` results into the `new` ones, as difflib's opcodes that are not "equal"."""
    if not old and not new:
        return []
    if not old or not new or len(old) * len(new) > MATCHED_CHANGES:
        return [("replace", 0, len(old), 0, len(new))]
    matcher = SequenceMatcher(None, old, new, autojunk=False)
    return [op for op in matcher.get_opcodes() if op[0] != "equal"]


class _ResultList(QListWidget):
    """The panel's list: a result line's tooltip is put together when asked for, not stored on every line."""

    def __init__(self, panel: LegalityPanel) -> None:
        super().__init__()
        self._panel = panel
        self._delegate = QStyledItemDelegate(self)
        self.setItemDelegate(self._delegate)
        # Each line's size by its words, heading or not, and the width it wraps at.
        self._sizes: dict[tuple[str, bool, int], QSize] = {}
        # The width the lines' kept sizes wrap at (-1: none yet; None: Qt measures the lines itself).
        self._measured_at: int | None = None
        self._on_screen: _Screen | None = None  # the lines in view after the last layout, as they were drawn

    def doItemsLayout(self) -> None:
        """Lay the lines out again, then repaint only the lines in view that moved or changed: Qt repaints the
        whole view after a layout, and an edit that adds one error far below redrew every long line in view."""
        viewport = self.viewport()
        before = self._on_screen
        # Qt's own full repaint when there is nothing to compare with, for a report laid out in more than one pass
        # (the later passes repaint everything), and under the mouse (a hovered line's highlight follows the mouse).
        if (
            before is None
            or self.count() > LAYOUT_BATCH
            or viewport.underMouse()
            or not viewport.updatesEnabled()
        ):
            self._measure_all_at(viewport.width())
            super().doItemsLayout()
            self._on_screen = self._lines_in_view()
            return
        # The attribute itself, not setUpdatesEnabled, which repaints everything when updates are enabled again.
        viewport.setAttribute(Qt.WidgetAttribute.WA_UpdatesDisabled, True)
        try:
            self._measure_all_at(viewport.width())
            super().doItemsLayout()
        finally:
            viewport.setAttribute(Qt.WidgetAttribute.WA_UpdatesDisabled, False)
        after = self._on_screen = self._lines_in_view()
        if after.view != before.view:  # scrolled, resized: everything in view moved
            viewport.update()
            return
        # Lines that changed, and where lines were that moved or went (another line or empty space there now).
        changed = [line for row, line in after.lines.items() if before.lines.get(row) != line]
        changed += [line for row, line in before.lines.items() if after.lines.get(row) != line]
        if changed:
            top = min(line[0] for line in changed)
            bottom = max(line[0] + line[1] for line in changed)
            viewport.update(0, top, viewport.width(), bottom - top)

    def _lines_in_view(self) -> _Screen:
        """What decides how each line in view is drawn: where it is, its words (a heading's never look like a
        result's, which start with a bullet), whether it is selected, whether it is the current line."""
        area = self.viewport().rect()
        bar = self.verticalScrollBar()
        current = self.currentRow()
        # Scrolled a line at a time, the scroll bar's value is the top line's row (no line is ever hidden).
        per_item = self.verticalScrollMode() == _PER_ITEM
        top = bar.value() if per_item else self.indexAt(area.topLeft()).row()
        # Lines follow each other without a gap from the top of the view (scrolled a line at a time): each one's
        # height is the size kept on it, which the layout used.
        stacked = self.spacing() == 0
        bottom = area.bottom()
        lines: dict[int, tuple[int, int, str, bool, bool]] = {}
        y: int | None = 0 if per_item and stacked else None
        for row in range(max(top, 0), self.count()):
            item = self.item(row)
            text = item.text()
            size = item.sizeHint()  # kept on the line (an invalid size where Qt measures)
            if y is None or not size.isValid() or not stacked:
                rect = self.visualItemRect(item)
                y, height = rect.top(), rect.height()
            else:
                height = size.height()
            if y > bottom:
                break
            if y + height > 0:
                lines[row] = (y, height, text, item.isSelected(), row == current)
            y += height
        return _Screen((area.size(), bar.value(), self.hasFocus()), lines)

    def use_kept_sizes(self, keep: bool) -> None:
        """Keep line sizes (an edit's few lines) or let Qt measure (a huge report, measured once in batches)."""
        # Measuring in Python cost ~0.5 s on a 100,000-line report that Qt measures only once anyway.
        if keep and self._measured_at is None:
            self._measured_at = -1  # every line is measured at the next layout
        elif not keep and self._measured_at is not None:
            self._measured_at = None
            for row in range(self.count()):
                self.item(row).setSizeHint(QSize())  # Qt measures each line itself again

    def measure(self, items: list[QListWidgetItem]) -> None:
        """Keep the size of new or changed lines on them, at the width the others are measured at."""
        if self._measured_at is not None and self._measured_at >= 0:
            for item in items:
                self._keep_size(item, self._measured_at)

    def _measure_all_at(self, width: int) -> None:
        """Before a layout: every line's size at the list's width, when it is not the one they were measured at
        (a resize, another font or style)."""
        if self._measured_at is not None and self._measured_at != width:
            self._measured_at = width
            for row in range(self.count()):
                self._keep_size(self.item(row), width)

    def _keep_size(self, item: QListWidgetItem, width: int) -> None:
        """Put a line's size at this width on it, where the list's layout reads it without asking Python: the
        list measures every line again whenever one comes or goes, and a word-wrapped line is laid out to be
        measured, so an edit that added one error laid out all the others again."""
        # A heading (bold) is the one kind of line that is not selectable (LegalityPanel._fill).
        key = (item.text(), item.flags() == _HEADING, width)
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 4 * self.count() + 256:  # lines long gone, or widths dragged through
                self._sizes.clear()
            # What the delegate measures without a kept size: the line's words, font and flags in the list's
            # option, wrapped at the width the layout gives (the view's).
            option = QStyleOptionViewItem()
            self.initViewItemOption(option)
            option.rect = QRect(0, 0, width, max(self.viewport().height(), 1))
            self._delegate.initStyleOption(option, self.indexFromItem(item))
            size = self._sizes[key] = self.style().sizeFromContents(
                QStyle.ContentsType.CT_ItemViewItem, option, QSize(), self
            )
        if item.sizeHint() != size:
            item.setSizeHint(size)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._sizes.clear()  # the lines are measured again in the new font or style
            if self._measured_at is not None:
                self._measured_at = -1

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            item = self.itemAt(event.pos())
            tip = self._panel.tool_tip(self.row(item)) if item is not None else ""
            if tip:
                QToolTip.showText(event.globalPos(), tip, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)


class _Screen(TupleRecord):
    """The lines in view after a layout: the view's size and scroll position, and each line by row."""

    __slots__ = ()
    _fields = ("view", "lines")
    view: tuple[QSize, int, bool]
    lines: dict[int, tuple[int, int, str, bool, bool]]  # top, height, words, selected, current

    def __new__(
        cls, view: tuple[QSize, int, bool], lines: dict[int, tuple[int, int, str, bool, bool]]
    ) -> _Screen:
        return tuple.__new__(cls, (view, lines))

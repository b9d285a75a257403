"""Deck statistics panel: counts by type, the pack's Renown per Character, combat Rage and damage charts."""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QLineF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from deckbuilder.deck import CardPool, Deck
from deckbuilder.deckstats import UNKNOWN_TYPE, DeckStats, compute_deck_stats, filled_histogram
from deckbuilder.games.figures import figure_line
from deckbuilder.games.loader import format_title
from deckbuilder.i18n import gettext
from deckbuilder.i18n.numbers import format_percent
from deckbuilder.legality.results import Report
from deckbuilder.ui.translation import fill, ngettext


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: its label, value, and whether it is drawn hatched (e.g. a Rogue Character)."""

    label: str
    value: int
    accent: bool = False


MIN_BAR = 40  # pixels a horizontal bar keeps beside the labels


class BarChart(QWidget):
    """A small labelled bar chart in palette colours; horizontal bars suit long labels, vertical suit numbers."""

    def __init__(self, title: str, horizontal: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.horizontal = horizontal
        self.bars: list[Bar] = []
        self.footnote = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_bars(self, bars: list[Bar], footnote: str = "") -> None:
        """Replace the bars (and the small note under the chart)."""
        self.bars = list(bars)
        self.footnote = footnote
        self.setAccessibleDescription(
            f"{self.title}: " + ", ".join(f"{b.label} {b.value}" for b in self.bars) if self.bars else "none"
        )
        self.updateGeometry()
        self.update()

    def _row_height(self) -> int:
        return QFontMetrics(self.font()).height() + 4

    def sizeHint(self) -> QSize:
        row = self._row_height()
        lines = 1 + (1 if self.footnote else 0)
        if self.horizontal:
            return QSize(240, row * (lines + max(1, len(self.bars))) + 8)
        return QSize(240, row * (lines + 2) + 90)

    def minimumSizeHint(self) -> QSize:
        # Wide enough for the longest label whole beside a short bar: the statistics page scrolls sideways
        # before a card name is cut.
        width = self._widest_label() + self._value_width() + MIN_BAR if self.horizontal and self.bars else 120
        return QSize(width, self.sizeHint().height())

    def _widest_label(self) -> int:
        metrics = QFontMetrics(self.font())
        return max((metrics.horizontalAdvance(b.label) for b in self.bars), default=0) + 12

    def _value_width(self) -> int:
        metrics = QFontMetrics(self.font())
        return max((metrics.horizontalAdvance(str(b.value)) for b in self.bars), default=0) + 6

    def _label_width(self, width: float) -> int:
        """The label column: the longest label, up to what leaves a short bar and its value room."""
        return int(min(self._widest_label(), max(width * 0.45, width - self._value_width() - MIN_BAR)))

    def cut_labels(self) -> list[str]:
        """The bar labels drawn shortened at the chart's present width."""
        metrics = QFontMetrics(self.font())
        if self.horizontal:
            room = self._label_width(self.width()) - 4
        else:
            room = int(self.width() / max(1, len(self.bars)))
        return [b.label for b in self.bars if metrics.horizontalAdvance(b.label) > room]

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text_colour = palette.color(QPalette.ColorRole.WindowText)
        row = self._row_height()
        bold = self.font()
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(text_colour)
        painter.drawText(QRectF(0, 0, self.width(), row), Qt.AlignmentFlag.AlignLeft, self.title)
        painter.setFont(self.font())
        area = QRectF(0, row, self.width(), self.height() - row * (2 if self.footnote else 1))
        if not self.bars:
            painter.setPen(self._muted())
            painter.drawText(area.adjusted(0, 0, 0, 0), Qt.AlignmentFlag.AlignLeft, self.tr("(none)"))
        elif self.horizontal:
            self._paint_horizontal(painter, area, row)
        else:
            self._paint_vertical(painter, area, row)
        if self.footnote:
            painter.setPen(self._muted())
            painter.drawText(
                QRectF(0, self.height() - row, self.width(), row), Qt.AlignmentFlag.AlignLeft, self.footnote
            )
        painter.end()

    def _muted(self) -> QColor:
        # Text colour at reduced opacity: reads as secondary in light and dark palettes alike.
        colour = QColor(self.palette().color(QPalette.ColorRole.WindowText))
        colour.setAlpha(150)
        return colour

    def _brush(self, bar: Bar) -> QBrush:
        colour = self.palette().color(QPalette.ColorRole.Highlight)
        # A pattern, not a second colour, marks accent bars: it stays visible in any palette and to colour-blind eyes.
        return QBrush(colour, Qt.BrushStyle.BDiagPattern if bar.accent else Qt.BrushStyle.SolidPattern)

    def _paint_horizontal(self, painter: QPainter, area: QRectF, row: int) -> None:
        metrics = QFontMetrics(self.font())
        label_width = self._label_width(area.width())
        value_width = self._value_width()
        top = max(1, max(b.value for b in self.bars))
        span = max(1.0, area.width() - label_width - value_width)
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        for index, bar in enumerate(self.bars):
            y = area.top() + index * row
            label = metrics.elidedText(bar.label, Qt.TextElideMode.ElideRight, label_width - 4)
            painter.setPen(text_colour)
            painter.drawText(
                QRectF(0, y, label_width - 4, row),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
            length = span * max(0, bar.value) / top
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), 1))
            painter.setBrush(self._brush(bar))
            painter.drawRect(QRectF(label_width, y + 2, length, row - 4))
            painter.setPen(text_colour)
            painter.drawText(
                QRectF(label_width + length + 4, y, value_width, row),
                Qt.AlignmentFlag.AlignVCenter,
                str(bar.value),
            )

    def _paint_vertical(self, painter: QPainter, area: QRectF, row: int) -> None:
        top = max(1, max(b.value for b in self.bars))
        slot = area.width() / len(self.bars)
        plot_top = area.top() + row
        plot_bottom = area.bottom() - row
        height = max(1.0, plot_bottom - plot_top)
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Mid), 1))
        painter.drawLine(QLineF(area.left(), plot_bottom, area.right(), plot_bottom))
        for index, bar in enumerate(self.bars):
            x = area.left() + index * slot
            length = height * max(0, bar.value) / top
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), 1))
            painter.setBrush(self._brush(bar))
            painter.drawRect(QRectF(x + slot * 0.15, plot_bottom - length, slot * 0.7, length))
            painter.setPen(text_colour)
            if bar.value:
                painter.drawText(
                    QRectF(x, plot_bottom - length - row, slot, row),
                    Qt.AlignmentFlag.AlignCenter,
                    str(bar.value),
                )
            painter.drawText(QRectF(x, plot_bottom, slot, row), Qt.AlignmentFlag.AlignCenter, bar.label)


class DeckStatsView(QWidget):
    """Statistics of the open deck; the numbers shown are kept on the widget (see `stats`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stats = DeckStats()
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.type_chart = BarChart(self.tr("Cards by type"), horizontal=True)
        self.renown_chart = BarChart(self.tr("Renown of the pack"), horizontal=True)
        self.rage_chart = BarChart(self.tr("Combat cards by Rage needed"), horizontal=False)
        self.damage_chart = BarChart(self.tr("Combat cards by damage"), horizontal=False)

        content = QWidget()
        column = QVBoxLayout(content)
        self._column = column
        self.game_charts: list[BarChart] = []  # another game's charts, as its game.json lists them
        column.addWidget(self.summary)
        for chart in (self.type_chart, self.renown_chart, self.rage_chart, self.damage_chart):
            column.addWidget(chart)
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)
        self.update_stats(Deck(), _EmptyPool())

    # The numbers on show, for tests and for other widgets.
    @property
    def type_counts(self) -> dict[str, int]:
        """Copies per card type (Characters grouped as "Character")."""
        return self.stats.type_counts

    @property
    def rage_histogram(self) -> dict[int, int]:
        """Combat cards per Rage requirement."""
        return self.stats.rage_histogram

    @property
    def damage_histogram(self) -> dict[int, int]:
        """Combat cards per damage value."""
        return self.stats.damage_histogram

    def update_game_stats(
        self, charts: list[tuple[str, list[tuple[str, int]]]], report: Report | None
    ) -> None:
        """Another game's deck: its header figures and the charts its description names, instead of Rage's."""
        for chart in (self.type_chart, self.renown_chart, self.rage_chart, self.damage_chart):
            chart.hide()
        for chart in self.game_charts:
            chart.setParent(None)
            chart.deleteLater()
        self.game_charts = []
        figures = figure_line(report.figures) if report is not None else ""
        self.summary.setText(html.escape(figures))
        for position, (title, bars) in enumerate(charts):
            chart = BarChart(gettext(title), horizontal=True)
            chart.set_bars([Bar(label, count) for label, count in bars])
            self._column.insertWidget(1 + position, chart)
            self.game_charts.append(chart)

    def update_stats(self, deck: Deck, pool: CardPool, report: Report | None = None) -> None:
        """Recount the deck and redraw; `report` (from the checker) adds the legality line and Renown level."""
        for chart in self.game_charts:
            chart.setParent(None)
            chart.deleteLater()
        self.game_charts = []
        for chart in (self.type_chart, self.renown_chart, self.rage_chart, self.damage_chart):
            chart.show()
        # The deck as the check resolved it (reprints folded), rather than resolving it a second time.
        self.stats = stats = compute_deck_stats(deck, pool, report.resolved if report is not None else None)
        self.summary.setText(_summary_html(stats, report))
        # Types are card data, shown as written; only the bar of cards the database lacks is ours.
        self.type_chart.set_bars(
            [Bar(gettext(t) if t == UNKNOWN_TYPE else t, count) for t, count in stats.type_counts.items()]
        )
        rogue_note = (
            fill(
                self.tr("hatched = Rogue (%1 of %2 Renown, %3)"),
                stats.rogue_renown,
                stats.renown_total,
                format_percent(stats.rogue_share, 0),
            )
            if stats.rogue_renown
            else ""
        )
        self.renown_chart.set_bars(
            [
                Bar(c.name if c.copies == 1 else f"{c.name} ×{c.copies}", c.total, c.rogue)
                for c in sorted(stats.characters, key=lambda c: (-c.total, c.name))
            ],
            rogue_note,
        )
        self.rage_chart.set_bars(
            [Bar(str(v), n) for v, n in filled_histogram(stats.rage_histogram)],
            fill(self.tr("%1 without a Rage value"), stats.combat_without_rage)
            if stats.combat_without_rage
            else "",
        )
        self.damage_chart.set_bars(
            [Bar(str(v), n) for v, n in filled_histogram(stats.damage_histogram)],
            fill(self.tr("%1 without a damage value"), stats.combat_without_damage)
            if stats.combat_without_damage
            else "",
        )


class _EmptyPool:
    """A pool with no cards, for the empty view before any deck is shown."""

    has_printings = False

    def lookup(self, name: str) -> None:
        return None

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        return []


def _summary_html(stats: DeckStats, report: Report | None) -> str:
    sections = stats.section_counts
    level = report.renown_level if report is not None else stats.renown_level
    parts = [
        fill(
            QCoreApplication.translate(
                "DeckStatsView", "Characters <b>%1</b> · Sept <b>%2</b> · Combat <b>%3</b>"
            ),
            sections.get("characters", 0),
            sections.get("sept", 0),
            sections.get("combat", 0),
        )
    ]
    extra = []
    if sections.get("starting"):
        extra.append(
            fill(QCoreApplication.translate("DeckStatsView", "%1 starting in play"), sections["starting"])
        )
    if sections.get("unplaced"):
        extra.append(fill(QCoreApplication.translate("DeckStatsView", "%1 not placed"), sections["unplaced"]))
    if stats.unknown_cards:
        extra.append(fill(QCoreApplication.translate("DeckStatsView", "%1 unknown"), stats.unknown_cards))
    if extra:
        parts.append(html.escape(", ".join(extra)))
    renown = fill(
        QCoreApplication.translate("DeckStatsView", "Renown <b>%1</b> of %2"), stats.renown_total, level
    )
    if stats.rogue_renown:
        renown += fill(
            QCoreApplication.translate("DeckStatsView", " (Rogue %1, %2)"),
            stats.rogue_renown,
            format_percent(stats.rogue_share, 0),
        )
    parts.append(renown)
    if report is not None:
        name = html.escape(format_title(report.format, report.game))
        if report.is_legal:
            verdict = fill(QCoreApplication.translate("DeckStatsView", "Legal in %1"), name)
        else:
            count = len(report.errors)
            verdict = fill(
                ngettext("<b>Not legal</b> in %1: %2 error", "<b>Not legal</b> in %1: %2 errors", count),
                name,
                count,
            )
        if report.warnings:
            count = len(report.warnings)
            verdict += fill(ngettext(", %1 warning", ", %1 warnings", count), count)
        parts.append(verdict)
    return "<br>".join(parts)

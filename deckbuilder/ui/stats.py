"""Deck statistics panel: the charts and counts the deck's game lists in its game.json `statistics`, for every game."""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QLineF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from deckbuilder.deck import Deck
from deckbuilder.games.charts import UNKNOWN_CARD, Chart, DeckCounts, deck_charts, deck_counts, resolved_deck
from deckbuilder.games.description import Game
from deckbuilder.games.figures import figure_line
from deckbuilder.games.loader import checked_format_title, shipped_game
from deckbuilder.games.resolved import ResolvedDeck
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
    """Statistics of the open deck: a summary, then the charts its game's description lists (`charts`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.charts: list[Chart] = []  # the numbers on show, one per chart drawn
        self.game_charts: list[BarChart] = []  # the drawn charts, in the order game.json lists them
        content = QWidget()
        column = QVBoxLayout(content)
        self._column = column
        column.addWidget(self.summary)
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)
        game = shipped_game()
        self.show_deck(game, Deck(), ResolvedDeck(game.name, ()))

    def chart(self, label: str) -> BarChart:
        """The drawn chart of a game.json chart label (KeyError when the deck's game lists none)."""
        found = next(
            (
                c
                for c, data in zip(self.game_charts, self.charts, strict=True)
                if data.statistic.label == label
            ),
            None,
        )
        if found is None:
            raise KeyError(label)
        return found

    def counts(self, label: str) -> dict[str, int]:
        """Value per bar of a chart (a histogram's empty bars left out)."""
        return next(c.counts() for c in self.charts if c.statistic.label == label)

    def show_deck(
        self,
        game: Game,
        deck: Deck,
        resolved: ResolvedDeck | None = None,
        report: Report | None = None,
        pool: object = None,
    ) -> None:
        """Recount a deck of `game` and redraw: read from the deck as its check resolved it (else resolved here from
        `pool`); `report` (from the checker) adds the header's sums, the verdict and the settings as checked."""
        resolved = resolved_deck(game, resolved if resolved is not None else deck, pool)
        self.charts = deck_charts(game, resolved)
        for chart in self.game_charts:
            chart.setParent(None)
            chart.deleteLater()
        self.game_charts = []
        for position, data in enumerate(self.charts):
            # A histogram's numbers stand under upright bars; its bins ("100–199") read better as rows.
            upright = data.statistic.chart == "histogram" and data.bin_width == 1
            chart = BarChart(gettext(data.statistic.label), horizontal=not upright)
            # Bars are card data (or card names), shown as written; only the bar of cards the database lacks is ours.
            chart.set_bars(
                [
                    Bar(gettext(b.label) if b.label == UNKNOWN_CARD else b.label, b.value, b.accent)
                    for b in data.bars
                ],
                _footnote(game, data),
            )
            self._column.insertWidget(1 + position, chart)
            self.game_charts.append(chart)
        self.summary.setText(_summary_html(game, deck, deck_counts(game, resolved), self.charts, report))


def _footnote(game: Game, chart: Chart) -> str:
    """What a chart says under its bars: a histogram's cards without a value, a cards chart's hatched share."""
    statistic = chart.statistic
    if chart.missing:
        return fill(
            QCoreApplication.translate("DeckStatsView", "%1 without a %2 value"),
            chart.missing,
            game.shown_label(statistic.field),
        )
    if chart.accent_total:
        return fill(
            QCoreApplication.translate("DeckStatsView", "hatched = %1 (%2 of %3 %4, %5)"),
            gettext(statistic.accent_label),
            chart.accent_total,
            chart.total,
            game.shown_label(statistic.field),
            format_percent(chart.accent_share, 0),
        )
    return ""


def _setting(name: str, deck: Deck, report: Report | None) -> int | None:
    """A deck setting as the check read it (else the deck's own)."""
    if report is not None:
        checked = report.setting(name)
        if isinstance(checked, int):
            return checked
    value = deck.settings.get(name, getattr(deck, name, None))
    return value if isinstance(value, int) else None


def _summary_html(
    game: Game, deck: Deck, counts: DeckCounts, charts: list[Chart], report: Report | None
) -> str:
    translate = QCoreApplication.translate
    starting = game.starting_pile()
    parts = [
        " · ".join(
            fill(
                translate("DeckStatsView", "%1 <b>%2</b>"),
                html.escape(gettext(pile.label)),
                counts.piles[pile.id],
            )
            for pile in game.piles
            if pile.id != starting
        )
    ]
    extra = []
    if counts.starting:
        extra.append(fill(translate("DeckStatsView", "%1 starting in play"), counts.starting))
    if counts.unplaced:
        extra.append(fill(translate("DeckStatsView", "%1 not placed"), counts.unplaced))
    if counts.unknown:
        extra.append(fill(translate("DeckStatsView", "%1 unknown"), counts.unknown))
    if extra:
        parts.append(html.escape(", ".join(extra)))
    said = (
        set()
    )  # the fields whose sums a chart's total says (the header's own figure of them is not repeated)
    for chart in charts:
        statistic = chart.statistic
        if statistic.chart != "cards" or not statistic.of:
            continue
        said.add(statistic.field)
        bound = _setting(statistic.of, deck, report)
        line = fill(
            translate("DeckStatsView", "%1 <b>%2</b> of %3"),
            html.escape(game.shown_label(statistic.field)),
            chart.total,
            "?" if bound is None else bound,
        )
        if chart.accent_total:
            line += fill(
                translate("DeckStatsView", " (%1 %2, %3)"),
                html.escape(gettext(statistic.accent_label)),
                chart.accent_total,
                format_percent(chart.accent_share, 0),
            )
        parts.append(line)
    if report is not None:
        # The header's sums no chart says (`Cost 12 / 12`); its pile counts are the first line.
        sums = [value for value in report.figures if value.figure.sum and value.figure.sum not in said]
        if sums:
            parts.append(html.escape(figure_line(sums)))
        name = html.escape(checked_format_title(report))
        if report.is_legal:
            verdict = fill(translate("DeckStatsView", "Legal in %1"), name)
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

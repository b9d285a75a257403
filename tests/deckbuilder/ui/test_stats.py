"""DeckStatsView: the numbers and bars a player sees for a known deck, in a real offscreen widget."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from deckbuilder.deck import Deck
from deckbuilder.games.loader import shipped_game
from deckbuilder.legality.results import Report, Result, Severity
from deckbuilder.ui.stats import Bar, BarChart, DeckStatsView
from tests.deckbuilder.games.test_charts import POOL, known_deck

RAGE = shipped_game("rage")


@pytest.fixture
def view(qtbot: QtBot) -> DeckStatsView:
    widget = DeckStatsView()
    qtbot.addWidget(widget)
    widget.resize(360, 900)
    widget.show()
    return widget


def histogram(view: DeckStatsView, label: str) -> dict[int, int]:
    return {int(value): count for value, count in view.counts(label).items()}


def test_known_deck_numbers_and_bars(view: DeckStatsView) -> None:
    view.show_deck(RAGE, known_deck(), pool=POOL)

    assert view.counts("Cards by type")["Character"] == 4
    assert view.counts("Cards by type")["Combat Action"] == 5
    assert histogram(view, "Combat cards by Rage needed") == {0: 2, 2: 2, 4: 1}
    assert histogram(view, "Combat cards by damage") == {3: 2, 5: 1}
    type_chart = view.chart("Cards by type")
    assert (type_chart.bars[0].label, type_chart.bars[0].value) == ("Combat Action", 5)
    # Renown bars: biggest first, copies shown, Rogue drawn hatched.
    renown_chart = view.chart("Renown of the pack")
    assert renown_chart.bars == [
        Bar("Briar Talon ×2", 8),
        Bar("Ashen Howler", 5),
        Bar("Slyfoot Wanderer", 3, accent=True),
    ]
    assert "Rogue" in renown_chart.footnote and "19%" in renown_chart.footnote
    # Rage bars run 0..4 with the gaps as zero-height bars.
    rage_chart = view.chart("Combat cards by Rage needed")
    assert [(b.label, b.value) for b in rage_chart.bars] == [
        ("0", 2),
        ("1", 0),
        ("2", 2),
        ("3", 0),
        ("4", 1),
    ]
    assert "1 without a Rage value" in rage_chart.footnote
    summary = view.summary.text()
    assert "Renown <b>16</b> of 20" in summary
    assert "Rogue 3" in summary
    assert "2 unknown" in summary and "1 starting in play" in summary


def test_report_adds_the_verdict_and_the_formats_renown_level(view: DeckStatsView) -> None:
    report = Report(
        format="revised",
        settings=(("renown_level", 15),),
        results=(
            Result("RENOWN_OVER_LEVEL", Severity.ERROR, "too much Renown"),
            Result("REQUIREMENT_UNMET", Severity.WARNING, "dead card"),
        ),
    )

    view.show_deck(RAGE, known_deck(), report=report, pool=POOL)

    summary = view.summary.text()
    assert "Renown <b>16</b> of 15" in summary
    assert "Not legal" in summary and "1 error" in summary and "1 warning" in summary


def test_new_deck_replaces_the_old_numbers(view: DeckStatsView) -> None:
    view.show_deck(RAGE, known_deck(), pool=POOL)
    smaller = Deck()
    smaller.add("Sidestep", 2)

    view.show_deck(RAGE, smaller, pool=POOL)

    assert view.counts("Cards by type") == {"Combat Action": 2}
    assert view.chart("Renown of the pack").bars == []
    assert histogram(view, "Combat cards by Rage needed") == {0: 2}


def test_charts_draw_bars_in_the_palette_highlight(qtbot: QtBot) -> None:
    chart = BarChart("Sample", horizontal=True)
    qtbot.addWidget(chart)
    chart.set_bars([Bar("Long bar", 10), Bar("Short", 1)])
    chart.resize(300, chart.sizeHint().height())
    highlight = chart.palette().color(chart.palette().ColorRole.Highlight).rgb()

    image = chart.grab().toImage()

    row = chart.fontMetrics().height() + 4
    first_bar_y = row + row // 2
    highlighted = [x for x in range(image.width()) if image.pixel(x, first_bar_y) == highlight]
    second = [x for x in range(image.width()) if image.pixel(x, first_bar_y + row) == highlight]
    # The bar for 10 is about ten times as long as the bar for 1.
    assert len(highlighted) > 5 * max(1, len(second))


def test_a_card_of_damage_999999999_draws_a_few_binned_rows_not_a_billion_bars(view: DeckStatsView) -> None:
    from carddb.model import CardInfo
    from deckbuilder.games.charts import MAX_HISTOGRAM_BARS
    from tests.deckbuilder.games.test_charts import DictPool

    deck = known_deck()
    deck.add("Endless Maw", 1)
    pool = DictPool(*POOL.cards.values(), CardInfo("Endless Maw", type="Combat Action", damage=999_999_999))
    view.show_deck(RAGE, deck, pool=pool)

    damage = view.chart("Combat cards by damage")
    assert len(damage.bars) <= MAX_HISTOGRAM_BARS
    assert damage.horizontal  # bins read as rows, their ranges whole beside the bars
    assert damage.bars[-1] == Bar("950,000,000\u2013999,999,999", 1)
    assert view.counts("Combat cards by damage") == {
        "0\u201349,999,999": 3,
        "950,000,000\u2013999,999,999": 1,
    }
    assert damage.cut_labels() == []
    view.grab()  # painted without a bar per number

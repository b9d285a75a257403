"""Layout audit: the main window with a real deck at 1280×720 and 1920×1080, in English and Portuguese, shows every
card name whole, every tab title whole and no widget squeezed below its minimum size."""

from __future__ import annotations

import pytest

from carddb.demo import demo_deck_path
from deckbuilder.ui.theme import TEXT_SIZES
from tests.deckbuilder.ui.layout_audit import audit_every_view, rows_out_of_sight, wait_until_laid_out

pytestmark = pytest.mark.usefixtures("same_hand_every_window")

SIZES = ((1280, 720), (1920, 1080))


def _shown(make_window, qtbot, size):  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(demo_deck_path(), ask_first=False)
    window.browser.search_in_background()
    qtbot.waitUntil(lambda: window.browser.model.rowCount() > 0)
    wait_until_laid_out(window, qtbot)
    return window


@pytest.mark.parametrize("size", SIZES)
def test_english_window_shows_everything_whole(make_window, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    window = _shown(make_window, qtbot, size)
    assert audit_every_view(window, lambda: wait_until_laid_out(window, qtbot)) == {}


@pytest.mark.parametrize("size", SIZES)
def test_portuguese_window_shows_everything_whole(portuguese, make_window, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    window = _shown(make_window, qtbot, size)
    assert audit_every_view(window, lambda: wait_until_laid_out(window, qtbot)) == {}


@pytest.mark.realpool
@pytest.mark.parametrize("text_size", [100, TEXT_SIZES[-1]])
@pytest.mark.parametrize("deck", ["gaia-example.txt", "wyrm-example.dek"])
def test_real_decks_show_every_name_and_row_at_1280x720(
    qtbot, real_pool_copy, tmp_path, deck, text_size
) -> None:  # type: ignore[no-untyped-def]
    from carddb.db import CardDatabase
    from deckbuilder.ui.main_window import MainWindow
    from tests.conftest import REAL_DECKS

    db = CardDatabase(real_pool_copy(tmp_path / "db"))
    window = MainWindow(db, interactive=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_deck(REAL_DECKS / deck, ask_first=False)
    window.browser.search_in_background()
    qtbot.waitUntil(lambda: window.browser.model.rowCount() > 0)
    wait_until_laid_out(window, qtbot)
    # At the default size every row of the deck as it comes is in sight (larger text: the piles scroll).
    rows = rows_out_of_sight(window) if text_size == 100 else []
    window.add_card("Buggerhead")  # a second copy of a Character: Fix it and the marks have names to show
    if (
        text_size == 100
    ):  # the Wyrm deck is a row longer for it: the pack, marked, is given room for its new row
        qtbot.waitUntil(lambda: not [p for p in rows_out_of_sight(window) if p.startswith("characters")])
    if text_size != 100:
        window.keys.text_size(percent=text_size)  # as chosen in View → Text size while the deck is open
        wait_until_laid_out(window, qtbot)
    problems = audit_every_view(window, lambda: wait_until_laid_out(window, qtbot))
    if rows:
        problems["List: rows"] = rows
    window.appearance.set_text_size(100)
    window.undo_stack.setClean()
    window.close()
    db.close()
    assert problems == {}


def test_the_audit_sees_a_cut_chart_label_and_a_cut_caption(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The checks can fail: a chart too narrow for a Character's name, a card image caption too long for its item."""
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QListView, QListWidget, QListWidgetItem

    from deckbuilder.ui.stats import Bar, BarChart
    from tests.deckbuilder.ui.layout_audit import cut_chart_labels, cut_list_items

    chart = BarChart("Renown of the pack")
    qtbot.addWidget(chart)
    chart.set_bars([Bar("Greyhide the Unbound of the Silver Fangs", 3), Bar("Rustjaw", 1)])
    chart.resize(180, chart.sizeHint().height())
    assert cut_chart_labels(chart) == ["Greyhide the Unbound of the Silver Fangs"]
    chart.resize(chart.minimumSizeHint().width(), chart.sizeHint().height())
    assert cut_chart_labels(chart) == []  # the chart asks for the width that shows every name whole

    gallery = QListWidget()
    qtbot.addWidget(gallery)
    gallery.setViewMode(QListView.ViewMode.IconMode)
    gallery.setWordWrap(True)
    gallery.setIconSize(QSize(60, 84))
    item = QListWidgetItem("1 × Greyhide the Unbound of the Silver Fangs, Keeper of the Lost Caern")
    item.setSizeHint(QSize(72, 84 + 2 * gallery.fontMetrics().height() + 12))
    gallery.addItem(item)
    gallery.resize(300, 300)
    gallery.show()
    qtbot.waitExposed(gallery)
    assert cut_list_items(gallery) == [item.text()]

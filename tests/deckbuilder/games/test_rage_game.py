"""Rage's game.json and Rage's code say the same piles, setting, header and charts: neither can drift alone."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from carddb.cardtypes import COMBAT_TYPES, SEPT_TYPES, Section, classify_type
from carddb.fields import CARD_FIELDS
from deckbuilder.deck import Deck
from deckbuilder.deckfiles.native import SECTION_KEYS as NATIVE_SECTION_KEYS
from deckbuilder.games.description import Game, load_game
from deckbuilder.legality import check_deck, load_format
from deckbuilder.legality.formats import DEFAULT_FORMAT_NAME
from deckbuilder.ui.deck_rows import SECTION_KEYS, SECTION_TITLES, STARTING, UNRESOLVED
from deckbuilder.ui.deck_view import DeckView, header_text
from deckbuilder.ui.stats import BarChart, DeckStatsView
from tests.deckbuilder.legality.pool import character, legal_deck, make_pool


def _rage() -> Game:
    return load_game("rage")


def test_the_piles_are_carddbs_sections_and_the_starting_list() -> None:
    piles = {pile.id: pile.label for pile in _rage().piles}
    assert {s.value: s.label for s in Section} == {k: v for k, v in piles.items() if k != STARTING}
    assert set(piles) == {*(s.value for s in Section), STARTING}
    assert set(NATIVE_SECTION_KEYS) - set(piles) == {"unplaced"}  # a deck file's cards no section takes


def test_every_pile_a_type_can_go_to_is_a_pile_of_the_description() -> None:
    piles = {pile.id for pile in _rage().piles}
    types = ["Character", "Character - Rogue", *COMBAT_TYPES, *SEPT_TYPES, "Ally - Victim"]
    assert {classify_type(t) for t in types} == set(Section)
    assert {str(classify_type(t)) for t in types} <= piles


def test_the_deck_view_shows_the_described_piles_in_order_with_their_labels() -> None:
    piles = _rage().piles
    assert (*(pile.id for pile in piles), UNRESOLVED) == SECTION_KEYS
    assert {key: SECTION_TITLES[key] for key in SECTION_KEYS if key != UNRESOLVED} == {
        p.id: p.label for p in piles
    }


def test_the_renown_setting_is_the_decks_and_the_default_formats(qtbot: QtBot) -> None:
    (setting,) = _rage().settings
    assert setting.id == "renown_level"
    assert setting.default == Deck().renown_level == load_format(DEFAULT_FORMAT_NAME).default_renown_level
    assert setting.default == getattr(Deck(), setting.id)
    view = DeckView([(DEFAULT_FORMAT_NAME, DEFAULT_FORMAT_NAME)])
    qtbot.addWidget(view)
    assert setting.label == view.renown_label.text()


def test_the_header_shows_the_described_figures_in_order() -> None:
    deck = legal_deck()
    deck.add("Gutrot the Vile")
    wyrm = character("Gutrot the Vile", 3, allegiance="Wyrm", keywords="Black Spiral Dancer - Ahroun")
    report = check_deck(deck, make_pool(wyrm), renown_level=25)
    shown = header_text(deck, report)
    position = 0
    for figure in _rage().header:
        value = getattr(report.totals, figure.sum or figure.pile)
        text = f"{figure.label} {value}" + (f" / {getattr(report, figure.of)}" if figure.of else "")
        found = shown.find(text, position)
        assert found >= 0, (text, shown)
        position = found + len(text)
    assert "Renown 23 / 25" in shown  # the figures' values are the deck's, not zeros


def test_the_statistics_tab_draws_the_described_charts_in_order(qtbot: QtBot) -> None:
    view = DeckStatsView()
    qtbot.addWidget(view)
    view.update_stats(legal_deck(), make_pool())
    charts = [chart.title for chart in view.findChildren(BarChart) if not chart.isHidden()]
    statistics = _rage().statistics
    assert charts == [statistic.label for statistic in statistics]
    assert {s.field for s in statistics} <= set(CARD_FIELDS)
    assert {s.pile for s in statistics if s.pile} <= {str(s) for s in Section}

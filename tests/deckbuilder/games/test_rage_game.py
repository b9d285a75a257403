"""Rage's game.json and Rage's code say the same piles, setting, header and charts: neither can drift alone."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from carddb.cardtypes import COMBAT_TYPES, SEPT_TYPES, Section, classify_type
from carddb.fields import CARD_FIELDS
from deckbuilder.deck import Deck
from deckbuilder.deckfiles.native import SECTION_KEYS as NATIVE_SECTION_KEYS
from deckbuilder.games.description import Game
from deckbuilder.games.header import header_text
from deckbuilder.games.loader import load_game
from deckbuilder.legality import check_deck, load_format
from deckbuilder.legality.formats import DEFAULT_FORMAT_NAME
from deckbuilder.ui.deck_rows import STARTING, UNRESOLVED, game_section_keys
from deckbuilder.ui.deck_view import DeckView
from deckbuilder.ui.stats import BarChart, DeckStatsView
from tests.deckbuilder.legality.pool import character, counted, legal_deck, make_pool


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


TYPE_WORDS = [
    *COMBAT_TYPES, *SEPT_TYPES, "character", "Character", "Characters", "Combat", "Action", "Rogue", "Gaia", "(Wyrm)",
    "Ally - Victim", "Pack", "Unknown", "",
]  # fmt: skip
compound_types = st.tuples(
    st.lists(st.sampled_from(TYPE_WORDS) | st.text(max_size=8), min_size=1, max_size=3),
    st.sampled_from([" - ", "-", " -", "  -  ", " "]),
).map(lambda pair: pair[1].join(pair[0]))


@given(
    compound_types | st.sampled_from(["Character (Wyrm)", "Character - Gaia", "  ally  -  victim ", "Gift -"])
)
def test_the_described_piles_place_every_type_as_the_card_database_does(card_type: str) -> None:
    # The checker places cards by game.json's piles; the card database classifies by carddb/cardtypes.py.
    pile = _rage().pile_of(card_type)
    section = classify_type(card_type)
    assert pile == (section.value if section is not None else None)


def test_the_deck_view_shows_the_described_piles_in_order_with_their_labels() -> None:
    piles = _rage().piles
    assert game_section_keys(_rage()) == (*(pile.id for pile in piles), UNRESOLVED)
    assert [p.id for p in piles] == ["characters", "sept", "starting", "combat"]
    assert [p.label for p in piles] == ["Characters", "Sept", "Starting in play", "Combat"]


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
    # game.json lists the figures; Rage's engine values each from its check (totals, limits, the Rogue cap).
    assert [figure.label for figure in _rage().header] == ["Renown", "Rogue", "Sept", "Combat", "Allegiance"]
    totals, limits = counted(report), load_format(report.format).limits
    assert limits is not None and limits.sept_minimum is not None and limits.combat_minimum is not None
    expected = (
        f"Renown {totals.renown} / 25 · Rogue {totals.rogue_renown} (max {totals.rogue_cap}) · "
        f"Sept {totals.sept} / {limits.sept_minimum}+ · Combat {totals.combat} / {limits.combat_minimum}+"
    )
    assert shown == expected + (f" · {totals.allegiance}" if totals.allegiance else "")
    assert "Renown 23 / 25" in shown  # the figures' values are the deck's, not zeros


def test_a_rage_decks_figures_read_the_same_in_the_window_the_cli_and_json() -> None:
    from deckbuilder.games.check import report_json
    from deckbuilder.games.engines import ENGINES
    from deckbuilder.games.figures import figure_line

    deck = legal_deck()
    report = check_deck(deck, make_pool(), renown_level=20)
    values = ENGINES["rage"].figure_values(report, _rage())
    assert header_text(deck, report) == figure_line(values)
    figures = report_json(report, _rage())["figures"]
    assert isinstance(figures, dict)
    assert (
        figures["Renown"] == f"{counted(report).renown} / 20"
        and figures["Allegiance"] == counted(report).allegiance
    )


def test_the_statistics_tab_draws_the_described_charts_in_order(qtbot: QtBot) -> None:
    view = DeckStatsView()
    qtbot.addWidget(view)
    view.show_deck(_rage(), legal_deck(), pool=make_pool())
    charts = [chart.title for chart in view.findChildren(BarChart) if not chart.isHidden()]
    statistics = _rage().statistics
    assert charts == [statistic.label for statistic in statistics]
    assert {s.field for s in statistics} <= set(CARD_FIELDS)
    assert {s.pile for s in statistics if s.pile} <= {str(s) for s in Section}


# -- Rage's fields, labels, columns and search words: its game.json is their one list --------------------------


def test_rages_fields_are_the_card_databases_lackey_columns() -> None:
    from carddb.fields import LACKEY_COLUMNS, NUMERIC_FIELDS

    fields = _rage().fields
    stored = {f.column: f.name for f in fields if f.column}
    assert stored == {k: v for k, v in LACKEY_COLUMNS.items() if k != "ImageFile"}
    assert tuple(f.name for f in fields if f.kind == "number") == NUMERIC_FIELDS


def test_the_card_search_knows_every_column_and_search_word_rages_description_gives() -> None:
    from carddb.search import NUMERIC_SEARCH_FIELDS, TEXT_FIELDS, SearchRow

    game = _rage()
    assert set(game.columns) <= set(SearchRow._fields)
    assert set(NUMERIC_SEARCH_FIELDS) == {f.name for f in game.fields if f.kind == "number"}
    words = {w for f in game.fields for w in (f.name, *f.search)}
    assert set(TEXT_FIELDS) <= words
    assert all(game.search_field(word) is not None for word in TEXT_FIELDS)


def test_the_browser_card_view_and_search_read_rages_labels_in_the_readers_language(qtbot: QtBot) -> None:
    from carddb.model import CardInfo
    from deckbuilder import i18n
    from deckbuilder.ui.card_results import RAGE_COLUMNS
    from deckbuilder.ui.card_view import card_details_html

    game = _rage()
    assert list(RAGE_COLUMNS.names) == list(game.columns)
    assert list(RAGE_COLUMNS.labels) == [game.field_label(n) for n in game.columns]
    assert {"renown", "rage", "gnosis", "health"} == RAGE_COLUMNS.numeric
    card = CardInfo(name="Moon Runner", type="Character - Gaia", renown=3, cgnosis=4, norm_name="moon runner")
    shown = card_details_html(card, None, [])
    assert "<b>Renown</b></td><td>3" in shown and "<b>Crinos Gnosis</b></td><td>4" in shown
    assert (
        game.shown_label("cgnosis", i18n.PORTUGUESE)
        == i18n.gettext("Crinos Gnosis", i18n.PORTUGUESE)
        != ("Crinos Gnosis")
    )


def test_the_deck_views_rage_columns_are_titled_by_the_descriptions_labels(qtbot: QtBot) -> None:
    from deckbuilder.ui.deck_model import DeckSectionModel

    labels = {f.label for f in _rage().fields}
    structural = {"Qty", "Name", "Printing", "Type"}
    numbers = {f.label for f in _rage().fields if f.kind == "number"}
    for pile in _rage().piles:
        model = DeckSectionModel(pile.id)
        assert set(model.columns) - structural <= labels, pile.id
        # Each pile's columns are the ones game.json gives it, in its order, titled by the fields' labels.
        titled = {"printing": "Printing", "type": "Type"}
        assert model.columns[2:] == tuple(titled.get(c) or _rage().field_label(c) for c in pile.columns)
        assert model.number_columns - {"Qty"} <= numbers

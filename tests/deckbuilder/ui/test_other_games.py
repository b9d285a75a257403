"""The window with another game's deck: its piles and header, its check in the legality panel, saves with its game."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMenu

from deckbuilder.deck import Deck
from deckbuilder.deckfiles import read_deck

LITHIC_DECK = """# game: lithic-rage
Ancestry:
1\tRiver Folk
Class:
1\tBone Shaman
Actions:
2\tObsidian Spear
1\tFire Dance
1\tAncestor's Whisper
"""


def test_a_lithic_rage_deck_shows_its_piles_header_and_check(window, answers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "shaman.txt"
    path.write_text(LITHIC_DECK, encoding="utf-8")
    assert window.open_deck(path, ask_first=False)
    view = window.deck_view
    assert list(view.tables) == ["ancestry", "class", "condition", "actions", "unresolved"]
    assert view.titles["actions"].text() == "Actions (4)"
    assert view.tables["actions"].isVisibleTo(window) and view.models["actions"].rowCount() == 3
    assert view.models["actions"].columns[:3] == ("Qty", "Name", "Type")
    assert "Cost" in view.models["actions"].columns and "Renown" not in view.models["actions"].columns
    assert view.header_label.text() == "Cost 12 / 12 · Actions 4"
    assert view.renown_spin.isHidden()
    assert [view.format_combo.itemData(i) for i in range(view.format_combo.count())] == ["standard"]
    assert window.report is not None and window.report.is_legal
    assert window.legality.verdict.text() == "Legal in Lithic Rage (manual, level 1)"  # the title, not the id

    window.add_card("Sling Stone")  # Cost 1 more than Bone Shaman's 12
    assert view.header_label.text() == "Cost 13 / 12 · Actions 5"
    assert window.legality.verdict.text().startswith("Not legal: 1 error")
    assert any(
        "over the Class Cost of 12" in window.legality.list.item(i).text()
        for i in range(window.legality.list.count())
    )
    window.undo_stack.undo()
    assert window.report.is_legal

    answers.save_path = tmp_path / "shaman.json"
    assert window.save_as()
    saved = json.loads((tmp_path / "shaman.json").read_text(encoding="utf-8"))
    assert saved["game"] == "lithic-rage" and [e["name"] for e in saved["sections"]["class"]] == [
        "Bone Shaman"
    ]
    assert read_deck(tmp_path / "shaman.json").deck.game == "lithic-rage"


def _open_games_menu(window, qtbot) -> QMenu:  # type: ignore[no-untyped-def]
    """File → New deck for another game, opened by keys as a player would (the games are listed when it opens)."""
    file_menu = window.menuBar().actions()[0].menu()
    games = window.findChild(QMenu, "menuNewGameDeck")
    file_menu.popup(window.mapToGlobal(QPoint(0, 0)))
    qtbot.waitUntil(file_menu.isVisible)
    file_menu.setActiveAction(games.menuAction())
    qtbot.keyClick(file_menu, Qt.Key.Key_Right)
    qtbot.waitUntil(games.isVisible)
    return games


def test_the_games_menu_lists_the_games_installed_when_it_opens(window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui import window_menus

    games = _open_games_menu(window, qtbot)
    assert [action.text() for action in games.actions()] == ["Lithic Rage", "WarRift"]
    games.hide()
    # A game added since the last time the menu opened is listed the next time, once.
    real = window_menus.available_games
    monkeypatch.setattr(window_menus, "available_games", lambda: real()[:2])
    window.menuBar().actions()[0].menu().hide()
    games = _open_games_menu(window, qtbot)
    assert [action.text() for action in games.actions()] == ["Lithic Rage"]


def test_new_deck_for_another_game_and_back_to_rage(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    menu = _open_games_menu(window, qtbot)
    titles = [action.text() for action in menu.actions()]
    assert titles == ["Lithic Rage", "WarRift"]
    menu.actions()[1].trigger()
    assert window.deck.game == "warrift" and window.deck.format == "player"
    assert list(window.deck_view.tables) == ["starting", "class", "monster", "support", "unresolved"]
    window.add_card("Apprentice Mage", 5)
    assert window.deck_view.titles["starting"].text() == "Starting deck (5)"
    assert window.deck_view.header_label.text().startswith("Starting 5 · Class 0")
    window.set_deck(Deck(), None)
    assert "characters" in window.deck_view.tables and not window.deck_view.renown_spin.isHidden()
    assert window.deck_view.header_label.text().startswith("Renown 0 / 20")


def _search(browser, text: str) -> list[str]:  # type: ignore[no-untyped-def]
    browser.query_edit.setText(text)
    browser.run_search()
    return browser.shown_names()  # type: ignore[no-any-return]


def test_the_browser_lists_another_games_cards_and_adds_them_to_the_deck(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    browser = window.browser
    assert browser.isVisible() and not browser.section_combo.isHidden()
    assert "Ashen Howler" in browser.shown_names()
    window.new_deck("lithic-rage")
    # The one browser, in the game's columns, with the filters its cards have fields for.
    assert browser.isVisible() and browser.section_combo.isHidden()
    assert not browser.range_spins["renown"][0].isVisibleTo(browser)
    assert not browser.type_combo.isHidden() and not browser.collection_combo.isHidden()
    headers = [
        browser.model.headerData(c, Qt.Orientation.Horizontal) for c in range(browser.model.columnCount())
    ]
    assert headers[0] == "Name" and "Cost" in headers and "Renown" not in headers
    assert "Obsidian Spear" in _search(browser, "")
    assert "Ashen Howler" not in browser.shown_names()
    assert _search(browser, "class cost>=12") == ["Bone Shaman", "Spear Hunter"]
    # The whole query language, as in Rage's browser: OR, quoted phrases, parentheses, field terms.
    assert _search(browser, '("bone shaman" OR n:hunter) cost>=12') == ["Bone Shaman", "Spear Hunter"]
    assert not browser.has_error()
    browser.query_edit.setText(
        "n:hunter cost>=12"
    )  # as typed: searched on a worker thread, in the game's cards
    qtbot.waitUntil(lambda: browser.shown_names() == ["Spear Hunter"])
    browser.query_edit.setText("cost>=")  # a query it cannot read says why
    browser.run_search()
    assert browser.has_error() and "expected a number" in browser.error_label.text()
    _search(browser, "class cost>=12")
    table = browser.table
    table.setCurrentIndex(browser.model.index(1, 0))
    details = window.card_view.details.toPlainText()
    assert "Spear Hunter" in details and "Class" in details and "15" in details and "Lithic Rage" in details
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert window.deck.count_of("Spear Hunter") == 1
    assert window.deck_view.titles["class"].text() == "Class (1)"
    assert window.deck_view.header_label.text() == "Cost 0 / 15 · Actions 0"
    # Dragged from the browser onto the deck: the browser's rows carry the game's card names.
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QDropEvent

    mime = browser.model.mimeData([browser.model.index(0, 0), browser.model.index(1, 2)])
    target = window.deck_view.tables["class"]
    target.dropEvent(
        QDropEvent(
            QPointF(10, 10),
            Qt.DropAction.CopyAction,
            mime,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
    )
    assert window.deck.count_of("Bone Shaman") == 1 and window.deck.count_of("Spear Hunter") == 2
    # The card's menu offers the pile the game puts its Type in.
    menu = browser.build_context_menu(browser.model.row_at(0))
    texts = [action.text() for action in menu.actions()]
    assert texts[0] == "Add to Class" and "S&how card" in texts
    menu.actions()[0].trigger()
    assert window.deck.count_of("Bone Shaman") == 2
    window.undo_stack.setClean()  # saved, as far as this test cares: a new deck without the save question
    assert window.new_deck()
    assert not browser.section_combo.isHidden() and "Ashen Howler" in browser.shown_names()


def test_statistics_tab_charts_what_the_game_description_names(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "shaman.txt"
    path.write_text(LITHIC_DECK, encoding="utf-8")
    assert window.open_deck(path, ask_first=False)
    window.report_tabs.setCurrentWidget(window.stats_page)
    window.check.show_deck()  # the statistics tab on screen is recounted
    charts = {
        chart.title: [(bar.label, bar.value) for bar in chart.bars] for chart in window.stats.game_charts
    }
    assert charts["Cost curve"] == [("2", 1), ("3", 2), ("4", 1)]
    # Most copies first, ties by name.
    assert charts["Action subtypes"] == [("Spirit", 2), ("Weapon", 2), ("Body", 1)]
    assert [chart.title for chart in window.stats.game_charts] == [
        "Cost curve",
        "Action subtypes",
    ]  # not Rage's
    assert "Cost 12 / 12" in window.stats.summary.text()


def test_statistics_read_the_deck_as_its_check_resolved_it(window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import deckbuilder.games.check as games_check
    from carddb.demo import demo_deck_path

    def second_resolve(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the statistics resolved the deck a second time")

    path = tmp_path / "shaman.txt"
    path.write_text(LITHIC_DECK, encoding="utf-8")
    assert window.stats is not None  # built (with an empty deck) on first use
    for deck_file in (path, demo_deck_path()):
        window.report_tabs.setCurrentIndex(0)  # statistics hidden: counted when shown, not at opening
        assert window.report_tabs.currentWidget() is not window.stats_page
        assert window.open_deck(deck_file, ask_first=False)
        monkeypatch.setattr(games_check, "resolve", second_resolve)
        window.report_tabs.setCurrentWidget(
            window.stats_page
        )  # a failure is logged, the charts left as they were
        monkeypatch.undo()
        if deck_file == path:
            bars = {c.title: [(b.label, b.value) for b in c.bars] for c in window.stats.game_charts}
            assert bars["Cost curve"] == [("2", 1), ("3", 2), ("4", 1)]
        else:
            assert (
                sum(bar.value for bar in window.stats.chart("Cards by type").bars)
                == window.deck.total_cards()
            )


def test_a_player_chosen_setting_is_a_spin_box_and_one_undo_step(window) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.games.loader import user_games_dir

    folder = user_games_dir() / "budget"
    (folder).mkdir(parents=True)
    game = {
        "name": "budget",
        "fields": [{"name": "name"}, {"name": "type"}, {"name": "cost", "kind": "number"}],
        "piles": [{"id": "deck", "label": "Deck", "types": ["Card"]}],
        "settings": [{"id": "budget", "label": "Budget", "default": 5}],
        "header": [{"label": "Cost", "sum": "cost", "of": "budget"}],
        "formats": [
            {
                "name": "open",
                "rules": [{"kind": "sum_at_most", "field": "cost", "bound": {"setting": "budget"}}],
            }
        ],
        "cards": "cards.csv",
    }
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    (folder / "cards.csv").write_text("Name,Type,Cost\nCoin,Card,2\n", encoding="utf-8")
    window.new_deck("budget")
    window.add_card("Coin", 3)
    spin = window.deck_view.setting_spins["budget"]
    assert spin.value() == 5 and spin.isVisibleTo(window)
    assert window.deck_view.header_label.text() == "Cost 6 / 5" and not window.report.is_legal
    spin.setValue(6)
    assert window.deck.settings == {"budget": 6}
    assert window.deck_view.header_label.text() == "Cost 6 / 6" and window.report.is_legal
    window.undo_stack.undo()
    assert window.deck.settings == {} and spin.value() == 5 and not window.report.is_legal


def test_decklist_dialog_previews_another_games_deck(qtbot, demo_db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.ui.export_dialog import DecklistExportDialog
    from tests.deckbuilder.ui.test_export_dialog import _wait_for_preview, app_settings

    path = tmp_path / "shaman.txt"
    path.write_text(LITHIC_DECK, encoding="utf-8")
    deck = read_deck(path).deck
    dialog = DecklistExportDialog(deck, demo_db, app_settings())
    qtbot.addWidget(dialog)
    dialog.show()
    _wait_for_preview(qtbot, dialog)
    assert "1 page" in dialog.status_label.text()


def _tiny_game():  # type: ignore[no-untyped-def]
    from deckbuilder.games.description import game_from_data

    return game_from_data(
        {
            "name": "tiny",
            "fields": [
                {"name": "name"},
                {"name": "type"},
                {"name": "cost", "kind": "number", "label": "Cost"},
                {"name": "tier", "kind": "words", "label": "Tier"},
                {"name": "flavour", "kind": "text", "label": "Flavour"},
            ],
            "columns": ["name", "flavour", "cost", "tier"],
            "piles": [{"id": "spells", "label": "Spells", "types": ["Spell"]}],
        },
        "test",
    )


def _tiny_card(number: int) -> tuple[str, str, str, int]:
    fields = {"cost": number % 7, "tier": ["1", "Legendary"], "flavour": f"Zap {number}"}
    return (f"Bolt {number:06d}", "Spell", json.dumps(fields), number + 2)


def test_the_card_list_and_the_deck_show_the_columns_the_game_description_gives(qtbot, tmp_db) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.games.cards import database_pool
    from deckbuilder.ui.browser import CardBrowser
    from deckbuilder.ui.deck_model import DeckSectionModel

    game = _tiny_game()
    tmp_db.store_game_cards("tiny", [_tiny_card(2)], "tiny.csv")
    browser = CardBrowser(tmp_db)
    qtbot.addWidget(browser)
    browser.show_game(database_pool(tmp_db, game), game)
    model = browser.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Name", "Flavour", "Cost", "Tier"]  # the description's columns, not every field
    assert [model.index(0, c).data() for c in range(4)] == ["Bolt 000002", "Zap 2", "2", "1, Legendary"]
    assert model.index(0, 2).data(Qt.ItemDataRole.TextAlignmentRole) & Qt.AlignmentFlag.AlignRight
    assert DeckSectionModel("spells", game=game).columns == ("Qty", "Name", "Type", "Flavour", "Cost", "Tier")


def test_the_browser_builds_a_page_of_another_games_cards_however_many_there_are(  # type: ignore[no-untyped-def]
    qtbot, tmp_db, monkeypatch
) -> None:
    from carddb.db import CardDatabase
    from deckbuilder.games.cards import database_pool
    from deckbuilder.ui.browser import CardBrowser
    from deckbuilder.ui.card_results import RESULT_LIMIT

    game = _tiny_game()
    cards = 20 * RESULT_LIMIT
    tmp_db.store_game_cards("tiny", (_tiny_card(n) for n in range(cards)), "tiny.csv")
    read: list[int] = []
    real = CardDatabase.cards_by_ids

    def counted(self: CardDatabase, ids):  # type: ignore[no-untyped-def]
        wanted = list(ids)
        read.append(len(wanted))
        return real(self, wanted)

    monkeypatch.setattr(CardDatabase, "cards_by_ids", counted)
    browser = CardBrowser(tmp_db)
    qtbot.addWidget(browser)
    browser.show_game(database_pool(tmp_db, game), game)
    # Every card is counted, a page of rows is built, and only the page's cards are read.
    assert browser.model.total == cards and browser.model.rowCount() == RESULT_LIMIT
    assert sum(read) == RESULT_LIMIT
    assert browser.count_label.text() == f"{cards:,} cards"
    browser.model.fetchMore()  # scrolling on builds one page more
    assert browser.model.rowCount() == 2 * RESULT_LIMIT and sum(read) == 2 * RESULT_LIMIT
    assert browser.model.index(2 * RESULT_LIMIT - 1, 1).data() == f"Zap {2 * RESULT_LIMIT - 1}"
    # Sorting by a column of the game's own orders every match (the search runs again), a page built.
    browser.table.sortByColumn(2, Qt.SortOrder.DescendingOrder)
    model = browser.model
    assert model.rowCount() == RESULT_LIMIT and sum(read) == 3 * RESULT_LIMIT
    assert {model.index(row, 2).data() for row in range(RESULT_LIMIT)} == {"6"}
    last_of_cost_6 = max(n for n in range(cards) if n % 7 == 6)
    assert (
        model.index(0, 0).data() == f"Bolt {last_of_cost_6:06d}"
    )  # the highest cost, names from the end too


def test_another_games_card_list_never_cuts_a_name(window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1280, 720)
    assert window.open_deck(
        Path(__file__).parents[2] / "golden" / "decks" / "warrift-00.txt", ask_first=False
    )
    table = window.browser.table  # the one browser, in WarRift's columns
    assert window.browser.db.game == "warrift" and table.model().rowCount() > 10
    # WarRift's wide Type and Class columns take what they need; the names keep theirs and the list scrolls.
    assert table.horizontalHeader().sectionSize(0) >= table.sizeHintForColumn(0)


def test_another_games_card_list_after_a_text_size_change_has_the_rows_of_rages(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    table = window.browser.table
    before = table.verticalHeader().defaultSectionSize()
    window.keys.text_size(percent=200)  # View → Text size
    qtbot.waitUntil(lambda: table.verticalHeader().defaultSectionSize() > before)
    rows = table.verticalHeader().defaultSectionSize()
    try:
        window.new_deck("lithic-rage")
        assert window.browser.db.game == "lithic-rage"
        # The one browser: another game's rows grow with the text as Rage's do, whole names on them.
        assert table.verticalHeader().defaultSectionSize() == rows
        assert rows >= table.fontMetrics().height()
    finally:
        window.appearance.set_text_size(100)
        window.undo_stack.setClean()

"""Each part of the main window built and used alone, over a deck controller, without the MainWindow."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QMessageBox, QSplitter

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import read_deck
from deckbuilder.ui.check_space import CheckSpace
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.session import AutosaveStore
from deckbuilder.ui.settings import app_settings
from deckbuilder.ui.window_card_pane import CardPane
from deckbuilder.ui.window_card_source import CardSource
from deckbuilder.ui.window_cards import CardData
from deckbuilder.ui.window_check_area import CheckArea
from deckbuilder.ui.window_deck_area import DeckArea
from deckbuilder.ui.window_edit_history import EditHistory
from deckbuilder.ui.window_event import EventPrinting
from deckbuilder.ui.window_exports import Exports
from deckbuilder.ui.window_files import DeckFiles
from deckbuilder.ui.window_history import DeckVersions
from deckbuilder.ui.window_keys import KeyboardActions
from deckbuilder.ui.window_layout import WindowLayout
from deckbuilder.ui.window_menus import Menus
from deckbuilder.ui.window_prompts import Prompts
from deckbuilder.ui.window_session import AutosaveSession

GOLDEN_DECKS = Path(__file__).parents[2] / "golden" / "decks"


class Base(NamedTuple):
    """What every part is built over: a bare window, the deck's controller and game, the prompts."""

    window: QMainWindow
    controller: DeckController
    games: DeckGames
    prompts: Prompts


@pytest.fixture
def base(qtbot, demo_db: CardDatabase) -> Iterator[Base]:  # type: ignore[no-untyped-def]
    window = QMainWindow()  # no MainWindow: only a parent and a status bar
    qtbot.addWidget(window)
    holder: list[DeckController] = []
    games = DeckGames(demo_db, lambda: holder[0].deck)
    controller = DeckController(games.check, window)
    holder.append(controller)
    prompts = Prompts(window, controller, app_settings(), interactive=False)
    yield Base(window, controller, games, prompts)
    controller.undo_stack.setClean()


def _files(base: Base, tmp_path: Path) -> DeckFiles:
    return DeckFiles(
        base.window,
        base.controller,
        base.games,
        base.prompts,
        app_settings(),
        AutosaveStore(tmp_path / "autosave"),
        lambda: None,
    )


def test_deck_games_finds_each_deck_its_own_games_pool(base: Base, demo_db: CardDatabase) -> None:
    assert base.games.deck_pool() is demo_db  # Rage's pool is the card database
    lithic = read_deck(GOLDEN_DECKS / "lithic-rage-00.txt", demo_db).deck
    base.controller.replace(lithic, None)
    pool = base.games.deck_pool()
    assert pool is not demo_db and pool.lookup("River Folk") is not None
    assert base.games.deck_pool() is pool  # read once per card import
    base.games.forget_pools()  # after a card import the game's view of the one card store still answers
    assert base.games.deck_pool().lookup("River Folk") is not None
    report = base.controller.report
    assert report is not None and report.game == "lithic-rage"


def test_prompts_keep_the_message_and_show_its_first_line(base: Base) -> None:
    base.prompts.notify("Title", "first line\nsecond line")
    assert base.prompts.last_message == "first line\nsecond line"
    assert base.window.statusBar().currentMessage() == "first line"  # no modal box when not interactive


def test_deck_files_open_save_and_ask_before_losing_edits(base: Base, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    files = _files(base, tmp_path)
    set_decks: list[None] = []
    files.deck_set.connect(lambda: set_decks.append(None))
    assert files.open_deck(demo_deck_path(), ask_first=False, remember=False)
    assert base.controller.deck.name == "Demo Gaia pack" and set_decks
    assert base.controller.path is None  # the bundled deck is never written over
    base.controller.add_card("Ashen Howler")
    target = tmp_path / "mine.ragedeck"
    assert files.save_as(target)
    assert not base.controller.is_dirty()
    assert read_deck(target, base.games.db).deck.count_of("Ashen Howler") == 2
    assert files.recent_files() == [str(target.resolve())]
    assert [a.text() for a in files.recent_menu.actions()] == [str(target.resolve())]
    base.controller.add_card("Ashen Howler")
    asked: list[int] = []
    monkeypatch.setattr(
        base.prompts, "ask_save_changes", lambda: asked.append(1) or QMessageBox.StandardButton.Cancel
    )
    assert not files.new_deck()  # Cancel keeps the edited deck
    assert asked and base.controller.deck.count_of("Ashen Howler") == 3


def test_deck_versions_compare_a_file_with_the_open_deck(base: Base, tmp_path: Path) -> None:
    files = _files(base, tmp_path)
    versions = DeckVersions(base.window, base.controller, base.games, files, base.prompts)
    assert files.open_deck(demo_deck_path(), ask_first=False, remember=False)
    assert versions.show_deck_history() is None  # a deck without a file has no history
    assert "no file yet" in base.prompts.last_message
    base.controller.add_card("Ashen Howler")
    dialog = versions.compare_with(demo_deck_path())
    assert dialog is not None and versions.compare_dialog is dialog


def test_exports_write_a_lackey_file_that_reads_back(base: Base, tmp_path: Path) -> None:
    files = _files(base, tmp_path)
    committed: list[None] = []
    exports = Exports(
        base.window, base.controller, base.games, base.prompts, app_settings(), lambda: committed.append(None)
    )
    assert files.open_deck(demo_deck_path(), ask_first=False, remember=False)
    target = tmp_path / "out.dek"
    assert exports.export_deck("dek", target)
    assert committed  # notes still being typed are exported too
    assert read_deck(target, base.games.db).deck.count_of("Ashen Howler") == 1
    assert base.window.statusBar().currentMessage().startswith("Exported")


def test_event_printing_says_when_a_folder_holds_no_deck(base: Base, tmp_path: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    printing = EventPrinting(base.window, base.games.db, base.prompts, app_settings())
    empty = tmp_path / "event"
    empty.mkdir()
    worker = printing.print_folder_decklists(empty, tmp_path / "all.pdf")
    assert worker is printing.print_all_worker
    qtbot.waitUntil(lambda: worker.done, timeout=60000)
    assert "No deck file" in base.prompts.last_message


def test_card_data_opens_the_demo_deck_and_tells_of_imports(base: Base, tmp_path: Path) -> None:
    files = _files(base, tmp_path)
    cards = CardData(base.window, base.controller, base.games, files, base.prompts, show_demo_banner=True)
    assert not cards.banner.isHidden()
    assert cards.open_start_deck()  # the database holds the demo pool only
    assert base.controller.deck.name == "Demo Gaia pack"
    assert not cards.open_start_deck()  # never over a deck already open
    assert all(game.name != "rage" for game in cards.card_data_games())  # CSVs are for games owned by name


def test_autosave_session_writes_the_edited_deck_and_ends_clean(base: Base, tmp_path: Path) -> None:
    files = _files(base, tmp_path)
    store = AutosaveStore(tmp_path / "autosave")
    session = AutosaveSession(base.controller, files, base.prompts, store, lambda: None)
    session.start_session()
    assert files.open_deck(demo_deck_path(), ask_first=False, remember=False)
    base.controller.add_card("Ashen Howler")
    assert session.autosave_now()
    slot_deck = store.deck_path
    assert slot_deck is not None and slot_deck.is_file()
    restored = read_deck(slot_deck, base.games.db).deck
    assert restored.count_of("Ashen Howler") == 2  # the edit is in the autosave
    session.end_session()
    assert not slot_deck.exists()  # a clean close leaves nothing to offer


def test_card_pane_shows_the_deck_games_card_and_clears_unknown_names(base: Base) -> None:
    pane = CardPane(base.window, base.games)
    pane.show_card("Ashen Howler")
    assert pane.card_view.card is not None and pane.card_view.card.name == "Ashen Howler"
    pane.show_card("No Such Card")
    assert pane.card_view.card is None


def test_card_source_shows_the_list_of_the_decks_game(base: Base, qtbot, demo_db: CardDatabase) -> None:  # type: ignore[no-untyped-def]
    source = CardSource(base.window, base.games)
    side = source.widget()
    qtbot.addWidget(side)
    side.show()
    added: list[str] = []
    source.add_requested.connect(added.append)
    source.show_source()
    assert source.browser.isVisible() and "Ashen Howler" in source.browser.shown_names()
    base.controller.replace(read_deck(GOLDEN_DECKS / "lithic-rage-00.txt", demo_db).deck, None)
    source.show_source()
    assert source.browser.isVisible() and source.browser.db.game == "lithic-rage"
    assert "River Folk" in source.browser.shown_names() and "Ashen Howler" not in source.browser.shown_names()
    assert source.follow_deck(base.controller.deck) is None  # nothing owned: no owned/missing column
    source.browser.add_requested.emit("River Folk")
    assert added == ["River Folk"]


def test_deck_area_turns_the_piles_requests_into_edits(base: Base) -> None:
    pane = CardPane(base.window, base.games)
    area = DeckArea(base.window, base.controller, base.games, pane, [])
    base.controller.deck_changed.connect(area.show_deck)
    base.controller.replace(Deck(name="Mine"), None)
    area.view.add_requested.emit("Ashen Howler", None, 2)
    assert base.controller.deck.count_of("Ashen Howler") == 2
    assert base.controller.undo_stack.count() == 1
    assert sum(area.view.section_counts().values()) == 2
    area.view.card_selected.emit("Ashen Howler")
    assert pane.card_view.card is not None


def test_check_area_shows_the_report_and_records_typed_notes(base: Base) -> None:
    check = CheckArea(base.window, base.controller, base.games)
    base.controller.deck_changed.connect(check.show_deck)
    base.controller.replace(Deck(name="Mine", notes="old"), None)
    assert check.legality.report is base.controller.report
    assert check.notes_view.editor.toPlainText() == "old"
    check.notes_view.editor.setPlainText("plan: go first")
    check.commit_pending_edits()
    assert base.controller.deck.notes == "plan: go first"
    assert base.controller.undo_stack.count() == 1


def test_edit_history_lists_the_steps_only_while_on_screen(base: Base) -> None:
    history = EditHistory(base.window, base.controller.undo_stack)
    base.controller.replace(Deck(name="Mine"), None)
    base.controller.add_card("Ashen Howler")
    assert history.view.stack() is not base.controller.undo_stack  # hidden: nothing to reset on each edit
    history.shown(True)
    assert history.view.stack() is base.controller.undo_stack
    assert history.view.model().rowCount() == 2  # "<opened deck>" and the edit
    history.shown(False)
    assert history.view.stack() is not base.controller.undo_stack


class Composed(NamedTuple):
    """The parts a bare window needs for its layout, keys and menus (what MainWindow composes)."""

    files: DeckFiles
    deck_area: DeckArea
    check: CheckArea
    source: CardSource
    report_dock: QDockWidget
    card_dock: QDockWidget
    splitter: QSplitter
    check_space: CheckSpace


def _compose(base: Base, tmp_path: Path) -> Composed:
    window = base.window
    files = _files(base, tmp_path)
    pane = CardPane(window, base.games)
    source = CardSource(window, base.games)
    area = DeckArea(window, base.controller, base.games, pane, [])
    check = CheckArea(window, base.controller, base.games)
    base.controller.deck_changed.connect(area.show_deck)
    splitter = QSplitter()
    splitter.addWidget(source.widget())
    splitter.addWidget(area.tabs)
    window.setCentralWidget(splitter)
    card_dock, report_dock = QDockWidget("Card", window), QDockWidget("Deck check", window)
    card_dock.setObjectName("cardDock")
    report_dock.setObjectName("legalityDock")
    card_dock.setWidget(pane.card_view)
    report_dock.setWidget(check.tabs)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, card_dock)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, report_dock)
    space = CheckSpace(window, card_dock, report_dock, check.tabs, check.page_keys(), app_settings())
    return Composed(files, area, check, source, report_dock, card_dock, splitter, space)


def _keys(base: Base, parts: Composed) -> KeyboardActions:
    return KeyboardActions(
        base.window,
        base.controller,
        app_settings(),
        parts.source.browser,
        parts.deck_area.view,
        parts.deck_area.tabs,
        parts.check.tabs,
        parts.report_dock,
        parts.check_space,
        base.prompts,
    )


def test_window_layout_remembers_where_the_parts_were(base: Base, tmp_path: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    parts = _compose(base, tmp_path)

    def layout() -> WindowLayout:
        return WindowLayout(
            base.window,
            app_settings(),
            parts.splitter,
            parts.source.browser,
            parts.deck_area.view,
            parts.card_dock,
            parts.report_dock,
            parts.check.tabs,
            parts.check_space,
        )

    base.window.resize(1280, 720)
    base.window.show()
    first = layout()
    first.shown()  # no layout remembered: the default sizes
    qtbot.waitUntil(lambda: parts.splitter.sizes()[0] > 0)
    parts.splitter.setSizes([300, 900])
    first.remember()
    assert app_settings().value("window/geometry") is not None
    base.window.hide()
    parts.splitter.setSizes([900, 300])
    layout().restore()  # as at the next start, before the window is shown
    base.window.show()

    def browser_share() -> float:
        sizes = parts.splitter.sizes()
        return sizes[0] / sum(sizes)

    # The browser narrower than the deck again (as remembered), not three times as wide (as set meanwhile).
    qtbot.waitUntil(lambda: browser_share() < 0.5)


def test_keyboard_actions_move_between_the_piles(base: Base, tmp_path: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    parts = _compose(base, tmp_path)
    keys = _keys(base, parts)
    edit, view, help_menu = QMenu("Edit"), QMenu("View"), QMenu("Help")
    keys.build(edit, view, help_menu)
    assert {a.objectName() for a in edit.actions()} >= {"actionGoToDeck", "actionNextPile", "actionFixIt"}
    assert parts.files.open_deck(demo_deck_path(), ask_first=False, remember=False)
    base.window.resize(1280, 720)
    base.window.show()
    base.window.activateWindow()
    qtbot.waitExposed(base.window)
    keys.focus_deck_list()
    tables = parts.deck_area.view.tables
    qtbot.waitUntil(lambda: any(t.hasFocus() for t in tables.values()))
    first = next(key for key, t in tables.items() if t.hasFocus())
    keys.focus_pile(1)
    qtbot.waitUntil(lambda: not tables[first].hasFocus())
    assert any(t.hasFocus() for t in tables.values())


def test_menus_run_the_parts_jobs(base: Base, tmp_path: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    parts = _compose(base, tmp_path)
    window = base.window
    files = parts.files
    versions = DeckVersions(window, base.controller, base.games, files, base.prompts)
    exports = Exports(window, base.controller, base.games, base.prompts, app_settings(), lambda: None)
    printing = EventPrinting(window, base.games.db, base.prompts, app_settings())
    cards = CardData(window, base.controller, base.games, files, base.prompts)
    Menus(
        window,
        base.controller,
        app_settings(),
        base.prompts,
        files,
        versions,
        exports,
        printing,
        cards,
        _keys(base, parts),
        parts.source.browser,
        (parts.card_dock, parts.report_dock),
        lambda: None,
    )
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&View", "&Collection", "&Help"]
    assert files.open_deck(demo_deck_path(), ask_first=False, remember=False)
    base.controller.undo_stack.setClean()
    window.findChild(QAction, "actionNew").trigger()
    assert base.controller.deck.is_empty()  # File → New deck ran DeckFiles.new_deck
    window.findChild(QAction, "actionDeckHistory").trigger()
    assert "no file yet" in base.prompts.last_message  # File → Deck history… ran DeckVersions

"""What a player meets in the first hour with the window: the demo deck, saving, clipboard, columns, menus."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QGuiApplication, QHelpEvent
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from deckbuilder.deckfiles import parse_deck_text, read_deck


def test_a_fresh_start_opens_the_demo_deck_unsaved(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_start_deck()
    counts = window.deck_view.section_counts()
    assert counts["characters"] > 0 and counts["sept"] >= 30 and counts["combat"] >= 20
    assert window.legality.report is not None and window.legality.report.is_legal
    assert "(not saved)" in window.plain_title()
    assert window.deck_path is None  # Save asks for a file: the bundled deck is never overwritten
    assert window.recent_files() == []


def test_no_demo_deck_once_real_cards_are_in_or_a_deck_is_open(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Ashen Howler")
    assert not window.open_start_deck()  # a restored or given deck is kept
    window.undo_stack.setClean()
    window.new_deck()
    real = tmp_path / "real.txt"
    real.write_text("Name\tExpansion\tType\nMy Gift\tLimited\tGift\n", encoding="utf-8")
    from carddb.importing import import_path

    import_path(window.db, real)
    window.db.invalidate_caches()
    assert not window.open_start_deck()
    assert window.deck_view.section_counts()["characters"] == 0


# -- saving where the deck came from ---------------------------------------------------------------------


def _text_deck(tmp_path: Path) -> Path:
    path = tmp_path / "pack.txt"
    path.write_text("Characters:\n1\tAshen Howler\nCombat:\n2\tLow Feint\n", encoding="utf-8")
    return path


def test_a_text_deck_saves_back_to_its_own_file_as_text(window, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = _text_deck(tmp_path)
    assert window.open_deck(path)
    assert "pack.txt" in window.plain_title() and "not saved" not in window.plain_title()
    asked: list[list[str]] = []
    monkeypatch.setattr(
        type(window.prompts), "ask_format_losses", lambda self, name, losses: asked.append(losses)
    )
    window.add_card("Low Feint")
    assert window.save()
    assert asked == []  # nothing the text format cannot keep
    reread = read_deck(path, window.db)
    assert reread.kind == "text" and reread.deck.count_of("Low Feint") == 3
    assert not window.isWindowModified()


def test_save_into_a_lackey_file_says_once_what_it_cannot_keep(
    window, answers, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    path = _text_deck(tmp_path)
    assert window.open_deck(path)
    asked: list[list[str]] = []

    def ask(self, name: str, losses: list[str]) -> QMessageBox.StandardButton:  # type: ignore[no-untyped-def]
        asked.append(losses)
        return QMessageBox.StandardButton.Save

    monkeypatch.setattr(type(window.prompts), "ask_format_losses", ask)
    window.set_notes("Keep the Feints for the Wyrm.")
    assert window.save()
    assert len(asked) == 1 and "the deck notes" in asked[0]
    window.add_card("Low Feint")
    assert window.save()
    assert len(asked) == 1  # once per deck
    assert read_deck(path, window.db).deck.count_of("Low Feint") == 3


def test_the_format_warning_can_turn_the_save_into_a_native_file(
    window, answers, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    path = _text_deck(tmp_path)
    assert window.open_deck(path)
    monkeypatch.setattr(
        type(window.prompts),
        "ask_format_losses",
        lambda self, name, losses: QMessageBox.StandardButton.SaveAll,
    )
    window.set_notes("notes")
    answers.save_path = tmp_path / "pack.ragedeck"
    assert window.save()
    assert window.deck_path == answers.save_path
    assert read_deck(answers.save_path, window.db).deck.notes == "notes"
    assert "Notes" not in path.read_text(encoding="utf-8")


def test_save_as_writes_every_format_and_save_then_follows_it(window, answers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Ashen Howler")
    for suffix, kind in ((".dek", "dek"), (".txt", "text"), (".ragedeck", "native")):
        target = tmp_path / f"deck{suffix}"
        answers.save_path = target
        assert window.save_as()
        assert read_deck(target, window.db).kind == kind
        assert window.deck_path == target and target.name in window.plain_title()


# -- clipboard and dropping files ------------------------------------------------------------------------


def test_copy_the_deck_as_lackey_text_and_paste_it_back(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_start_deck()
    before = {(e.name, e.count) for e in window.deck.entries}
    window.findChild(QAction, "actionCopyDeck").trigger()
    text = QGuiApplication.clipboard().text()
    assert "Ashen Howler" in text
    assert parse_deck_text(text, window.db).kind == "text"
    window.new_deck()
    assert window.deck_view.section_counts()["characters"] == 0
    window.findChild(QAction, "actionPasteDeck").trigger()
    assert {(e.name, e.count) for e in window.deck.entries} == before


def test_paste_reads_a_dek_from_the_clipboard(window) -> None:  # type: ignore[no-untyped-def]
    from deckbuilder.deck import Deck
    from deckbuilder.deckfiles import deck_to_dek

    deck = Deck()
    deck.add("Ashen Howler")
    deck.add("Low Feint", 2)
    QGuiApplication.clipboard().setText(deck_to_dek(deck, window.db, None))
    window.findChild(QAction, "actionPasteDeck").trigger()
    assert window.deck.count_of("Low Feint") == 2 and window.deck.count_of("Ashen Howler") == 1


def test_dropping_a_deck_file_on_the_window_opens_it(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _text_deck(tmp_path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    enter = QDragEnterEvent(
        QPoint(5, 5),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(drop)
    qtbot.waitUntil(lambda: window.deck_path == path)
    assert window.deck.count_of("Low Feint") == 2
    other = QMimeData()
    other.setUrls([QUrl.fromLocalFile(str(tmp_path / "picture.png"))])
    refused = QDragEnterEvent(
        QPoint(5, 5),
        Qt.DropAction.CopyAction,
        other,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dragEnterEvent(refused)
    assert not refused.isAccepted()


# -- menus, panels, the browser's menu ------------------------------------------------------------------


def _accelerator(text: str) -> str | None:
    cleaned = text.replace("&&", "")
    at = cleaned.find("&")
    return cleaned[at + 1].casefold() if 0 <= at < len(cleaned) - 1 else None


def _walk(menu: QMenu, path: str, problems: list[str]) -> None:
    seen: dict[str, str] = {}
    for action in menu.actions():
        if action.isSeparator():
            continue
        key = _accelerator(action.text())
        if key is not None:
            if key in seen:
                problems.append(f"{path}: '{seen[key]}' and '{action.text()}' both use Alt+{key.upper()}")
            seen[key] = action.text()
        if action.menu() is not None:
            _walk(action.menu(), f"{path} > {action.text()}", problems)


def test_menu_accelerators_are_unique_in_every_menu(window) -> None:  # type: ignore[no-untyped-def]
    problems: list[str] = []
    _walk(window.menuBar(), "menu bar", problems)
    assert problems == []
    export = next(a.menu() for a in window.menuBar().actions()[0].menu().actions() if a.text() == "&Export")
    decklist = next(a for a in export.actions() if _accelerator(a.text()) == "d")
    assert decklist.objectName() == "actionExportDecklist"  # Alt+F, E, D: the decklist


def test_the_view_menu_shows_and_hides_each_panel(window) -> None:  # type: ignore[no-untyped-def]
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    for dock in (window.card_dock, window.report_dock, window.history_dock):
        action = next(a for a in view.actions() if a is dock.toggleViewAction())
        assert action.isEnabled()
        shown = not dock.isHidden()
        action.trigger()
        assert dock.isHidden() is shown
        action.trigger()
        assert dock.isHidden() is not shown


def test_clicking_a_legality_result_shows_its_card(window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Ashen Howler")
    window.add_card("Low Feint", 3)
    item = window.legality.item_for("COMBAT_COPIES")
    assert item is not None
    window.show_card("Ashen Howler")
    window.legality.list.itemClicked.emit(item)
    assert window.card_view.card is not None and window.card_view.card.name == "Low Feint"


def test_the_browser_menu_adds_to_the_pile_the_card_allows_or_to_starting(window) -> None:  # type: ignore[no-untyped-def]
    browser = window.browser
    browser.query_edit.setText('"Bark Hide"')
    browser.run_search()
    menu = browser.build_context_menu(browser.model.row_at(0))
    labels = [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]
    assert labels == ["Add to sept deck", "Add to starting in play", "Show card"]
    menu.actions()[0].trigger()
    menu.actions()[1].trigger()
    assert [(e.name, e.count) for e in window.deck.entries] == [("Bark Hide", 1)]
    assert [(e.name, e.count) for e in window.deck.starting] == [("Bark Hide", 1)]
    next(a for a in menu.actions() if "how card" in a.text()).trigger()
    assert window.card_view.card is not None and window.card_view.card.name == "Bark Hide"
    browser.query_edit.setText('"Low Feint"')
    browser.run_search()
    combat = [
        a.text().replace("&", "") for a in browser.build_context_menu(browser.model.row_at(0)).actions()
    ]
    assert combat[0] == "Add to combat deck" and "Add to starting in play" not in combat


# -- columns a player needs -------------------------------------------------------------------------------


def _cell(window, section: str, name: str, column: str) -> str:  # type: ignore[no-untyped-def]
    model = window.deck_view.models[section]
    row = next(n for n, r in enumerate(model.rows()) if r.entry.name == name)
    return str(model.index(row, model.columns.index(column)).data())


def test_combat_rows_show_damage_and_rage_and_characters_health_and_allegiance(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_start_deck()
    for row in window.deck_view.models["combat"].rows():
        card = row.card
        assert card is not None
        assert _cell(window, "combat", card.name, "Damage") == (
            "" if card.damage is None else str(card.damage)
        )
        assert _cell(window, "combat", card.name, "Rage") == ("" if card.rage is None else str(card.rage))
    assert any(
        _cell(window, "combat", r.entry.name, "Damage") for r in window.deck_view.models["combat"].rows()
    )
    assert _cell(window, "characters", "Ashen Howler", "Health") == "3"
    assert _cell(window, "characters", "Ashen Howler", "Allegiance") == "Gaia"


def test_columns_can_be_hidden_from_the_header_menu_and_stay_hidden(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    chooser = window.deck_view.column_choosers["combat"]
    menu = chooser.build_menu()
    names = [a.text() for a in menu.actions()]
    assert "Damage" in names and "Printing" in names
    assert not next(a for a in menu.actions() if a.text() == "Name").isEnabled()
    next(a for a in menu.actions() if a.text() == "Printing").trigger()  # untick
    header = window.deck_view.tables["combat"].horizontalHeader()
    assert header.isSectionHidden(window.deck_view.models["combat"].columns.index("Printing"))
    browser_menu = window.browser.column_chooser.build_menu()
    assert not next(a for a in browser_menu.actions() if a.text() == "Name").isEnabled()  # names always show
    next(a for a in browser_menu.actions() if a.text() == "Set").trigger()
    window.settings.sync()
    again = make_window()  # a new window reads the choice back
    combat = again.deck_view.models["combat"]
    assert (
        again.deck_view.tables["combat"].horizontalHeader().isSectionHidden(combat.columns.index("Printing"))
    )
    assert (
        not again.deck_view.tables["sept"]
        .horizontalHeader()
        .isSectionHidden(again.deck_view.models["sept"].columns.index("Printing"))
    )
    assert again.browser.table.horizontalHeader().isSectionHidden(2)
    # A collection adds the Own column (a model reset): the hidden column stays hidden.
    again.deck_view.show_owned({})
    assert (
        again.deck_view.tables["combat"].horizontalHeader().isSectionHidden(combat.columns.index("Printing"))
    )
    next(
        a for a in again.deck_view.column_choosers["combat"].build_menu().actions() if a.text() == "Printing"
    ).trigger()
    assert (
        not again.deck_view.tables["combat"]
        .horizontalHeader()
        .isSectionHidden(combat.columns.index("Printing"))
    )


# -- seeing the card without clicking ---------------------------------------------------------------------


def _hover(view, row: int) -> None:  # type: ignore[no-untyped-def]
    """Rest the pointer on a row: Qt sends the viewport a ToolTip help event."""
    rect = view.visualRect(view.model().index(row, 1))
    pos = rect.center()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)


def test_resting_on_a_browser_or_deck_row_previews_the_card(window) -> None:  # type: ignore[no-untyped-def]
    browser = window.browser
    browser.query_edit.setText('"Ashen Howler"')
    browser.run_search()
    _hover(browser.table, 0)
    assert window.preview.isVisible()
    assert window.preview.card is not None and window.preview.card.name == "Ashen Howler"
    assert not window.preview.showing_scan  # the demo cards have no scans: the text card is drawn
    QApplication.sendEvent(browser.table.viewport(), QEvent(QEvent.Type.Leave))
    assert not window.preview.isVisible()
    window.add_card("Low Feint")
    _hover(window.deck_view.tables["combat"], 0)
    assert window.preview.isVisible() and window.preview.card.name == "Low Feint"
    assert window.card_view.card is None or window.card_view.card.name != "Low Feint"  # nothing was clicked


def test_an_unknown_deck_card_keeps_its_tooltip_instead_of_a_preview(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    deck_file = tmp_path / "list.txt"
    deck_file.write_text("1\tAshen Howlr\n", encoding="utf-8")
    assert window.open_deck(deck_file)
    _hover(window.deck_view.tables["unresolved"], 0)
    assert not window.preview.isVisible()


def _show_gallery(qtbot, window):  # type: ignore[no-untyped-def]
    window.deck_tabs.setCurrentWidget(window.gallery_page)
    gallery = window.gallery
    qtbot.waitUntil(lambda: not gallery.loading())
    return gallery


def test_the_card_images_tab_shows_each_pile_as_pictures_with_counts(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_start_deck()
    gallery = _show_gallery(qtbot, window)
    for key in ("characters", "sept", "combat"):
        view = gallery.lists[key]
        labels = [view.item(i).text() for i in range(view.count())]
        expected = [f"{r.entry.count} × {r.card.name}" for r in window.deck_view.models[key].rows()]
        assert labels == expected
        assert gallery.tabText(gallery.indexOf(view.parentWidget())).endswith(
            f"({window.deck_view.section_counts()[key]})"
        )
    characters = gallery.lists["characters"]
    icon = characters.item(0).icon()
    assert not icon.isNull()  # the text card drawn as a picture (the demo cards have no scans)
    image = icon.pixmap(64, 90).toImage()
    assert (
        len({image.pixel(x, y) for x in range(0, image.width(), 4) for y in range(0, image.height(), 4)}) > 2
    )
    # An edit shows at once while the pictures are on screen.
    window.add_card("Low Feint")
    combat = gallery.lists["combat"]
    assert any(combat.item(i).text().endswith("× Low Feint") for i in range(combat.count()))
    characters.itemDoubleClicked.emit(characters.item(0))
    assert (
        window.card_view.card is not None
        and window.card_view.card.name == characters.item(0).text().split(" × ")[1]
    )

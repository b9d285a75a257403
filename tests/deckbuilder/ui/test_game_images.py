"""Another game's card images in the window: the Card pane and the Card images tab, the text card when absent."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QHelpEvent
from PySide6.QtWidgets import QApplication

from tests.deckbuilder.image_game import BLUE, RED, write_deck


def _open(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Open a deck of the invented game with images (the test asks for the `glimmer_duel` fixture)."""
    assert window.open_deck(write_deck(tmp_path), ask_first=False)


def _hover(view, row: int, column: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Rest the pointer on an item: Qt sends the viewport a ToolTip help event."""
    pos = view.visualRect(view.model().index(row, column)).center()
    QApplication.sendEvent(
        view.viewport(), QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos))
    )


def _near(colour: QColor, wanted: tuple[int, int, int]) -> bool:
    return all(
        abs(a - b) < 30 for a, b in zip((colour.red(), colour.green(), colour.blue()), wanted, strict=True)
    )


def test_the_card_pane_shows_another_games_image_or_the_text_card(
    window, glimmer_duel, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    _open(window, tmp_path)
    view = window.card_view
    window.show_card("Ember Queen")
    assert len(view.shown_images) == 1 and not view.showing_text_card
    image = view.shown_images[0]
    assert _near(image.pixelColor(image.width() // 2, image.height() // 2), RED)
    assert "Glimmer Duel" in view.details.toPlainText()
    window.show_card("Glass Blade")  # no image: the same drawn card Rage's cards without a scan get
    assert view.shown_images == [] and view.showing_text_card
    assert view.text_card.card is not None and view.text_card.card.name == "Glass Blade"
    assert "Breaks when blocked." in view.text_card.body_html()
    window.show_card("Lost Charm")  # its file is missing: the text card, and why
    assert view.showing_text_card and "images/nowhere.png" in view.details.toPlainText()


def test_the_card_images_tab_shows_another_games_piles_with_their_pictures(
    qtbot, window, glimmer_duel, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    _open(window, tmp_path)
    window.deck_tabs.setCurrentWidget(window.gallery_page)
    gallery = window.gallery
    assert [gallery.tabText(i) for i in range(gallery.count())] == ["Hero (1)", "Deck (6)"]
    gallery.setCurrentIndex(1)
    qtbot.waitUntil(lambda: not gallery.loading())
    items = {gallery.lists["deck"].item(i).text(): gallery.lists["deck"].item(i) for i in range(3)}
    assert set(items) == {"3 × Frost Spell", "2 × Glass Blade", "1 × Lost Charm"}
    frost = items["3 × Frost Spell"].icon().pixmap(40, 56).toImage()
    assert _near(frost.pixelColor(20, 28), BLUE)  # the card's own picture
    blade = items["2 × Glass Blade"].icon().pixmap(40, 56).toImage()
    assert not blade.isNull() and not _near(blade.pixelColor(20, 28), BLUE)  # its drawn text card
    # Back to a Rage deck: Rage's piles again.
    assert window.new_deck()
    window.deck_tabs.setCurrentWidget(window.gallery_page)
    assert gallery.tabText(0).startswith("Characters")


def test_resting_on_another_games_card_previews_its_picture_or_its_text_card(
    qtbot, window, glimmer_duel, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    _open(window, tmp_path)
    table = window.deck_view.tables["deck"]
    model = window.deck_view.models["deck"]
    rows = {model.row_at(r).entry.name: r for r in range(model.rowCount())}
    _hover(table, rows["Frost Spell"], 2)
    assert window.preview.isVisible() and window.preview.showing_scan
    assert window.preview.card is not None and window.preview.card.name == "Frost Spell"
    _hover(table, rows["Glass Blade"], 2)
    assert window.preview.isVisible() and not window.preview.showing_scan  # no picture: the text card
    window.deck_tabs.setCurrentWidget(window.gallery_page)
    window.gallery.setCurrentIndex(0)
    _hover(window.gallery.lists["hero"], 0)
    assert window.preview.card is not None and window.preview.card.name == "Ember Queen"
    assert window.preview.showing_scan

"""The Card pane and Card images follow the deck: another deck clears the card, illegal copies are marked in the
pictures, the pictures have the list's context menu, and removing the demo cards leaves no self-contradicting deck."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtGui import QGuiApplication

from carddb.cardtypes import Section
from carddb.importing import import_path
from deckbuilder.games.header import header_text
from deckbuilder.ui.deck_gallery import ILLEGAL_MARK
from tests.deckbuilder.legality.pool import counted
from tests.deckbuilder.ui.test_import_menu import _card_file


def _show_gallery(qtbot, window):  # type: ignore[no-untyped-def]
    window.deck_tabs.setCurrentWidget(window.gallery_page)
    gallery = window.gallery
    qtbot.waitUntil(lambda: not gallery.loading())
    return gallery


def _item_of(view, name: str):  # type: ignore[no-untyped-def]
    return next(view.item(i) for i in range(view.count()) if view.item(i).text().endswith(f"× {name}"))


def test_open_new_and_paste_clear_the_card_of_the_previous_deck(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "pack.txt"
    path.write_text("Characters:\n1\tGutter Maw\n", encoding="utf-8")
    for replace in (
        window.new_deck,
        lambda: window.open_deck(path),
        lambda: QGuiApplication.clipboard().setText("1\tLow Feint\n") or window.import_clipboard(),
    ):
        window.add_card("Ashen Howler")
        window.show_card("Ashen Howler")
        assert window.card_view.card is not None
        window.undo_stack.setClean()  # nothing to ask about: the next deck replaces this one at once
        assert replace() is not False
        assert window.card_view.card is None, "the card pane kept a card of the previous deck"


def test_card_images_mark_illegal_copies_with_a_sign_and_the_reason(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Ashen Howler")
    window.add_card("Low Feint", 9)  # over the copy limit
    gallery = _show_gallery(qtbot, window)
    combat = gallery.lists["combat"]
    item = _item_of(combat, "Low Feint")
    assert item.text() == f"{ILLEGAL_MARK} 9 × Low Feint"
    assert gallery.is_marked_illegal("combat", combat.row(item))
    assert ILLEGAL_MARK in item.toolTip() and len(item.toolTip().splitlines()) >= 2  # the name, then why
    howler = _item_of(gallery.lists["characters"], "Ashen Howler")
    assert not howler.text().startswith(ILLEGAL_MARK) and howler.toolTip() == "Ashen Howler"
    window.remove_card("Low Feint", None, 8)  # one copy is legal again: the mark goes
    assert _item_of(combat, "Low Feint").text() == "1 × Low Feint"


def test_card_images_have_the_deck_list_context_menu_and_its_edits(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.add_card("Low Feint", 2)
    gallery = _show_gallery(qtbot, window)
    combat = gallery.lists["combat"]
    item = _item_of(combat, "Low Feint")
    menu = gallery.context_menu_at(combat, combat.visualItemRect(item).center())
    assert menu is not None
    row = window.deck_view.models["combat"].row_at(0)
    listed = window.deck_view.build_context_menu(row)
    assert [a.text() for a in menu.actions()] == [a.text() for a in listed.actions()]
    steps = window.undo_stack.count()
    next(a for a in menu.actions() if a.text() == "Add one copy").trigger()
    assert window.deck.count_of("Low Feint") == 3 and window.undo_stack.count() == steps + 1
    assert gallery.context_menu_at(combat, QPoint(combat.width() - 2, combat.height() - 2)) is None


def _import_real_cards(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import_path(window.db, _card_file(tmp_path / "real.txt"))
    window.db.invalidate_caches()


def test_removing_demo_cards_closes_the_untouched_demo_deck(window, answers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    answers.remove_demo = True
    assert window.open_start_deck()
    window.show_card(window.deck.entries[0].name)
    _import_real_cards(window, tmp_path)
    assert window.offer_demo_removal() > 0
    window.reshow_card()
    assert window.deck.is_empty() and window.deck_path is None and not window.is_dirty()
    assert sum(window.deck_view.section_counts().values()) == 0
    assert window.card_view.card is None, "the demo card on show is gone from the database"


def test_an_edited_demo_deck_stays_and_its_header_agrees_with_its_piles(
    window, answers, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    answers.remove_demo = True
    assert window.open_start_deck()
    window.add_card("Low Feint")  # the player's work now: it is not closed behind their back
    _import_real_cards(window, tmp_path)
    assert window.offer_demo_removal() > 0
    window.refresh()
    counts = window.deck_view.section_counts()
    assert counts["sept"] == counts["combat"] == 0 and counts["unresolved"] == window.deck.total_cards()
    header = window.deck_view.header_label.text()
    totals = counted(window.report)
    # An unknown card is counted in no pile (DECK-RULES §1: it cannot be placed); the header says how many copies
    # the file named in each pile are not found.
    named = {
        section: sum(e.count for e in window.deck.entries if e.zone_hint is section)
        for section in (Section.SEPT, Section.COMBAT)
    }
    assert totals.sept == totals.combat == 0 and named[Section.SEPT] > 0 and named[Section.COMBAT] > 0
    assert f"Sept 0 / 30+ ({named[Section.SEPT]} not found)" in header
    assert f"Combat 0 / 20+ ({named[Section.COMBAT]} not found)" in header
    assert header == header_text(window.deck, window.report, named)

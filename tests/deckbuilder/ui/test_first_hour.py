"""What a player meets in the first hour with the window: the demo deck, saving, clipboard, columns, menus."""

from __future__ import annotations

from pathlib import Path


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

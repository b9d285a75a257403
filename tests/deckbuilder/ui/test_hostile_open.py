"""Opening a damaged or hostile deck in the window: nothing crashes, and a deck the reader skipped part of is not legal."""

from __future__ import annotations

from pathlib import Path

from carddb.demo import demo_deck_path
from deckbuilder.deckfiles import deck_to_native, deck_to_text, read_deck


def _legal_demo_text(window) -> str:  # type: ignore[no-untyped-def]
    deck = read_deck(demo_deck_path(), window.db).deck
    return deck_to_text(deck, window.db)


def test_a_deck_with_a_line_the_reader_skipped_opens_as_not_legal_naming_the_line(
    window, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "demo.txt"
    good.write_text(_legal_demo_text(window), encoding="utf-8")
    assert window.open_deck(good, ask_first=False)
    assert window.report is not None and window.report.is_legal
    broken = tmp_path / "demo-plus.txt"
    broken.write_text(good.read_text(encoding="utf-8") + "1000\tFull Moon\n", encoding="utf-8")
    assert window.open_deck(broken, ask_first=False)
    assert window.report is not None and not window.report.is_legal
    unread = [r for r in window.report.errors if r.code == "DECK_FILE_UNREAD"]
    assert len(unread) == 1 and "line" in unread[0].message and "1000" in unread[0].message
    # The legality panel says so too, not only the report object.
    panel = window.legality
    lines = [panel.list.item(i).text() for i in range(panel.list.count())]
    assert any("1000" in line for line in lines)
    assert "legal" in panel.verdict.text().casefold() and panel.verdict.text() != "Legal"


def test_a_native_deck_holding_a_lone_surrogate_opens_without_crashing(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "evil.ragedeck"
    deck = read_deck(demo_deck_path(), window.db).deck
    deck.name = "Evil deck"
    deck.add("Ashen Howler Twin", 1)
    # A JSON escape can hold half a surrogate pair, which no UTF-8 text can: it must not crash the window.
    text = (
        deck_to_native(deck).replace("Evil deck", "Evil \\ud800 deck").replace("Howler Twin", "Howler\\udfff")
    )
    assert "\\ud800" in text and "\\udfff" in text
    path.write_text(text, encoding="utf-8")
    assert window.open_deck(path, ask_first=False)
    assert window.deck.entries, "the sound part of the deck was read"
    window.deck_view.grab()  # the deck view paints every row of whatever was read
    title = window.windowTitle()
    title.encode("utf-8")  # no lone surrogate reached a widget
    for entry in window.deck.entries:
        entry.name.encode("utf-8")

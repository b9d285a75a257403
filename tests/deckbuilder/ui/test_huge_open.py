"""Opening a deck of thousands of rows in the window: every row is shown, the headings count them all."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.deckfiles import deck_to_native
from deckbuilder.ui.deck_rows import UNRESOLVED


def _unknown_dek(path: Path, names: int) -> Path:
    cards = "".join(f"<card><name>Nowhere {i}</name></card>\n" for i in range(names))
    path.write_text(
        f'<deck version="0.8"><superzone name="Sept">{cards}</superzone></deck>', encoding="utf-8"
    )
    return path


def test_a_dek_of_5000_unknown_names_opens_with_every_row_and_the_count_in_the_heading(
    window, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    path = _unknown_dek(tmp_path / "unknown.dek", 5_000)
    assert window.open_deck(path, ask_first=False)
    model = window.deck_view.models[UNRESOLVED]
    assert model.rowCount() == 5_000
    shown = {model.row_at(r).entry.name for r in range(model.rowCount())}  # type: ignore[union-attr]
    assert shown == {f"Nowhere {i}" for i in range(5_000)}
    assert window.deck_view.titles[UNRESOLVED].text().endswith("(5000)")
    assert window.report is not None and not window.report.is_legal
    # The first names still get near-name suggestions; the rest are listed without them, not dropped.
    assert model.data(model.index(4_999, 1)) == "Nowhere 4999"


def test_a_native_deck_of_3000_entries_opens_with_every_copy_counted(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "huge.ragedeck"
    deck = Deck(name="Huge", entries=[DeckEntry(f"Native {i}", 1 + i % 3) for i in range(3_000)])
    path.write_text(deck_to_native(deck), encoding="utf-8")
    assert window.open_deck(path, ask_first=False)
    copies = sum(1 + i % 3 for i in range(3_000))
    rows = sum(model.rowCount() for model in window.deck_view.models.values())
    assert rows == 3_000
    headings = " ".join(title.text() for title in window.deck_view.titles.values())
    assert f"({copies})" in headings
    # Reopening the same deck replaces every row in place rather than adding to them.
    assert window.open_deck(path, ask_first=False)
    assert sum(model.rowCount() for model in window.deck_view.models.values()) == 3_000

"""An edit updates only what it changed in the deck's piles and the legality panel (rows patched in place, result lines
patched, labels given new text): after any run of edits, undos and redos the window must show exactly what a fresh
window opening the same deck shows."""

from __future__ import annotations

from typing import Any

from carddb.cardtypes import Section
from carddb.normalize import normalize_name
from deckbuilder.ui.legality_panel import LegalityPanel
from deckbuilder.ui.roles import DECORATION, DISPLAY


def _shown(window: Any, legality: Any = None) -> dict[str, object]:
    """What the player reads in the piles (titles, every cell, tints and error marks), the header and the legality
    panel (verdict, mark and every line); the title bar and file name aside."""
    view = window.deck_view
    piles: dict[str, object] = {}
    for key, model in view.models.items():
        rows = []
        for row in range(model.rowCount()):
            cells = tuple(model.index(row, column).data(DISPLAY) for column in range(model.columnCount()))
            marked = tuple(
                model.index(row, column).data(DECORATION) is not None for column in range(model.columnCount())
            )
            rows.append((cells, model.is_tinted(row), marked))
        piles[key] = (view.titles[key].text(), view.section_boxes[key].isHidden(), model.columns, rows)
    legality = legality or window.legality
    lines = [legality.list.item(row).text() for row in range(legality.list.count())]
    return {
        "piles": piles,
        "header": view.header_label.text(),
        "verdict": (legality.verdict.text(), legality.mark.text()),
        "lines": lines,
    }


def _as_opened(make_window: Any, window: Any) -> dict[str, object]:
    """What a fresh window shows when it is given the deck the window is editing (as opening a deck file gives it;
    a copy of the deck itself keeps what a Lackey file does not, such as the Renown level)."""
    fresh = make_window()
    fresh.show()
    fresh.controller.replace(window.deck.copy(), None)
    # Its legality panel showed the empty deck first: the deck's report on a panel that never showed another.
    panel = LegalityPanel()
    panel.resize(fresh.legality.size())
    panel.show_report(fresh.report)
    shown = _shown(fresh, panel)
    panel.deleteLater()
    fresh.close()
    return shown


def test_edits_undos_and_redos_show_what_a_fresh_window_opening_the_deck_shows(  # type: ignore[no-untyped-def]
    make_window, demo_db
) -> None:
    window = make_window()
    window.show()
    assert window.open_start_deck()
    sept = next(
        e.name for e in window.deck.entries if (c := demo_db.lookup(e.name)) and c.section == Section.SEPT
    )
    in_deck = {e.key for e in window.deck.entries}
    newcomer = next(
        c.name
        for c in demo_db.all_cards()
        if c.section == Section.SEPT and normalize_name(c.name) not in in_deck
    )
    steps = [
        # A count goes up, then past the copy limit: its row tinted and marked, an error line.
        lambda: window.add_card(sept),
        lambda: window.add_card(sept),
        lambda: window.add_card(sept),
        lambda: window.add_card(newcomer),  # a row comes
        lambda: window.remove_card(newcomer),  # and goes
        window.undo_stack.undo,  # the row comes back
        window.undo_stack.undo,
        window.undo_stack.undo,  # the copy limit kept again
        window.undo_stack.redo,
        lambda: window.remove_card(sept, count=10),  # the whole entry goes
        window.undo_stack.undo,
        # A setting: the header and the results change, no row does.
        lambda: window.controller.set_renown_level(window.deck.renown_level + 1),
    ]
    for number, step in enumerate(steps):
        step()
        assert _shown(window) == _as_opened(make_window, window), number

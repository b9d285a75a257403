"""An edit with the Fix it tab on screen: the event loop's turn (what the player waits for) and the time until the
edited deck's hints are on show, wall medians.

Usage: python benchmarks/fixit_edit.py DB [DECK] [PAIRS]. Without DECK, a big broken Rage deck is made from DB's
cards (601 cards: 96 sept cards at four copies, ten unknown names, combat cards to fill), the case Fix it is slowest
on. The QApplication is the app's own (deckbuilder.ui.app), so its settings hold as when a player runs it.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, for a script started by path


def broken_deck(db: object, out: Path) -> Path:
    """A 601-card Rage deck with ~100 errors, from the database's own cards."""
    from carddb.cardtypes import Section

    cards = db.all_cards()  # type: ignore[attr-defined]
    characters = [c for c in cards if c.section is Section.CHARACTERS and c.allegiance == "Gaia"][:5]
    sept = [c for c in cards if c.section is Section.SEPT][:192:2]
    combat = [c for c in cards if c.section is Section.COMBAT]
    lines = ["Characters:", *(f"1\t{c.name}" for c in characters), "Sept:", *(f"4\t{c.name}" for c in sept)]
    lines += [f"1\tNo Such Card Of The Fix It Benchmark {n}" for n in range(10)]
    left = 601 - len(characters) - 4 * len(sept) - 10
    lines.append("Combat:")
    for card in combat:
        if left <= 0:
            break
        lines.append(f"{min(2, left)}\t{card.name}")
        left -= 2
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def main(argv: list[str]) -> int:
    """Print the medians of PAIRS add + remove pairs (after two not counted)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from measure import edit_target  # benchmarks/ is on sys.path when this file runs as a script
    from PySide6.QtCore import QEventLoop

    from carddb.db import CardDatabase
    from deckbuilder.ui.app import _application
    from deckbuilder.ui.main_window import MainWindow

    app = _application(["bench"])
    app.setCursorFlashTime(0)
    db = CardDatabase(Path(argv[0]))
    scratch = Path(tempfile.mkdtemp(prefix="fixit-edit-"))
    deck = Path(argv[1]) if len(argv) > 1 else broken_deck(db, scratch / "broken-601.txt")
    pairs = int(argv[2]) if len(argv) > 2 else 5
    window = MainWindow(db, interactive=False)
    window.resize(1280, 720)
    window.show()
    assert window.open_deck(deck, ask_first=False)
    window.report_tabs.setCurrentWidget(window.fix_panel)
    panel = window.fix_panel

    def settle() -> None:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)

    def until_shown() -> None:
        while panel.busy:
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
        settle()

    until_shown()
    target, _sept = edit_target(window.deck, db)
    turns: list[float] = []
    shown: list[float] = []
    for pair in range(pairs + 2):
        for action in (window.add_card, window.remove_card):
            start = time.perf_counter()
            action(target)
            settle()
            turned = time.perf_counter()
            until_shown()
            if pair >= 2:  # a window's first edits measure each new size once
                turns.append((turned - start) * 1000)
                shown.append((time.perf_counter() - start) * 1000)
    print(
        f"{deck.name}: {len(window.report.errors)} errors, {len(panel.hint_texts())} hints; edit turn median "
        f"{statistics.median(turns):.1f} ms, hints on show median {statistics.median(shown):.1f} ms ({len(turns)} edits)"
    )
    sys.stdout.flush()
    os._exit(0)  # the figures are in; tearing the window down is not measured


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

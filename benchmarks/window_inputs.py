"""Huge window inputs for issue 22: a .dek of unknown names, a native deck, a JSON card file (written, never committed).

Usage: python benchmarks/window_inputs.py FOLDER  (writes unknown.dek, native.deck.json and cards.json into FOLDER).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

DEK_NAMES = 100_000
NATIVE_ENTRIES = 90_000
JSON_CARDS = 200_000


def write_unknown_dek(path: Path, names: int = DEK_NAMES) -> Path:
    """A Lackey .dek whose every card name is unknown to any card database."""
    cards = "".join(f"<card><name>Nowhere {i}</name></card>\n" for i in range(names))  # under the 5 MiB cap
    text = f'<deck version="0.8"><meta><game>rage</game></meta><superzone name="Sept">\n{cards}</superzone></deck>\n'
    path.write_text(text, encoding="utf-8")
    return path


def write_native_deck(path: Path, entries: int = NATIVE_ENTRIES) -> Path:
    """A native deck with `entries` distinct (unknown) names across the sept and the characters."""
    from deckbuilder.deck import Deck, DeckEntry
    from deckbuilder.deckfiles.native import deck_to_native

    deck = Deck(name="Huge", entries=[DeckEntry(f"Native {i}", 1 + i % 3) for i in range(entries)])
    compact = json.dumps(json.loads(deck_to_native(deck)), separators=(",", ":"))  # under the 5 MiB cap
    path.write_text(compact, encoding="utf-8")
    return path


def write_json_cards(path: Path, cards: int = JSON_CARDS) -> Path:
    """A JSON card file in the shape `import-cards` reads, with `cards` distinct cards."""
    rows = {
        f"Json Card {i}": {
            "Name": f"Json Card {i}",
            "Expansion": "Unlimited",
            "Type": "Gift",
            "Text": f"Inflicts {i % 7} damage on the opposing character.",
        }
        for i in range(cards)
    }
    path.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    folder.mkdir(parents=True, exist_ok=True)
    write_unknown_dek(folder / "unknown.dek")
    write_native_deck(folder / "native.deck.json")
    write_json_cards(folder / "cards.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


def child_window_open(args: dict[str, str]) -> dict[str, float]:
    """Seconds for the window to open a deck file until its rows and report are shown (run in its own process)."""
    import time

    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from deckbuilder.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(["bench"])
    window = MainWindow(CardDatabase(Path(args["db"])), interactive=False)
    window.notify = lambda *_a, **_k: None  # type: ignore[method-assign]  # no modal box in a benchmark
    window.show()
    app.processEvents()
    start = time.perf_counter()
    if not window.open_deck(Path(args["deck"]), ask_first=False):
        raise RuntimeError(f"the window did not open {args['deck']}")
    app.processEvents()
    return {"seconds": time.perf_counter() - start}

"""A tiny in-memory card pool with invented cards, standing in for the card database."""

from __future__ import annotations

import difflib

from carddb.model import CardInfo, PrintingInfo
from carddb.normalize import normalize_name

CARDS = (
    CardInfo(
        name="Ashfang Ravager",
        type="Character",
        printings=(PrintingInfo("Dawn", image_files=("ashfang.dawn",)),),
    ),
    CardInfo(
        name="Moonlit Glade",
        type="Event",
        printings=(
            PrintingInfo("Dawn", image_files=("glade.dawn", "glade.back")),
            PrintingInfo("Dusk", image_files=("glade.dusk",)),
        ),
    ),
    CardInfo(
        name="Silver Talon", type="Equipment", printings=(PrintingInfo("Dusk", image_files=("talon.dusk",)),)
    ),
    CardInfo(name="Quick Parry", type="Combat Action", printings=(PrintingInfo("Dusk"),)),
    CardInfo(
        name="Howling Strike", type="Combat Action", printings=(PrintingInfo("Dawn", image_files=("howl",)),)
    ),
    # A card whose name starts with a number, to test that `13 Wolves` is one copy, not thirteen.
    CardInfo(name="13 Wolves", type="Ally", printings=(PrintingInfo("Dawn", image_files=("wolves",)),)),
)


class FakePool:
    """Lookup by normalised name; suggestions by string similarity."""

    def __init__(self, cards: tuple[CardInfo, ...] = CARDS) -> None:
        self.cards = {card.norm_name: card for card in cards}

    def lookup(self, name: str) -> CardInfo | None:
        return self.cards.get(normalize_name(name))

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        names = {card.norm_name: card.name for card in self.cards.values()}
        close = difflib.get_close_matches(normalize_name(name), list(names), n=limit, cutoff=0.6)
        return [names[key] for key in close]

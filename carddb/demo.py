"""The project's own demo card set (invented cards, set "Demo") and a legal demo deck built from it."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from carddb.db import CardDatabase

DEMO_SET = "Demo"


def demo_card_data_path() -> Path:
    """The bundled demo card data file (Lackey format)."""
    return Path(str(resources.files("carddb").joinpath("data/demo/demo-cards.txt")))


def demo_deck_path() -> Path:
    """The bundled demo deck (native JSON, legal at Renown 20 in format "revised")."""
    return Path(str(resources.files("carddb").joinpath("data/demo/demo-deck.json")))


def ensure_demo_cards(db: CardDatabase) -> bool:
    """Import the demo set when the database has no cards; True when it did."""
    if db.has_cards():
        return False
    from carddb.importing import import_lackey_file  # late: importing re-exports this module's functions

    import_lackey_file(db, demo_card_data_path())
    return db.has_cards()

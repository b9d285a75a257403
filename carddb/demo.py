"""The project's own demo card set (invented cards, set "Demo") and a legal demo deck built from it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from carddb.model import CardInfo

if TYPE_CHECKING:  # the legality engine reads this module: no database import at start-up
    from carddb.db import CardDatabase

DEMO_SET = "Demo"


# Beside the package's modules (importlib.resources would cost every `ragedeck check` a few ms of imports).
_DEMO_DIR = Path(__file__).resolve().parent / "data" / "demo"


def demo_card_data_path() -> Path:
    """The bundled demo card data file (Lackey format)."""
    return _DEMO_DIR / "demo-cards.txt"


def demo_deck_path() -> Path:
    """The bundled demo deck (native JSON, legal at Renown 20 in format "revised")."""
    return _DEMO_DIR / "demo-deck.json"


def ensure_demo_cards(db: CardDatabase) -> bool:
    """Import the demo set when the database has no cards; True when it did."""
    if db.has_cards():
        return False
    from carddb.importing import import_lackey_file  # late: opening the app with cards needs no importer

    import_lackey_file(db, demo_card_data_path())
    return db.has_cards()


def is_demo_card(card: CardInfo) -> bool:
    """True for an invented demo card: every printing it has is in the demo set."""
    return bool(card.printings) and all(p.set_name == DEMO_SET for p in card.printings)


def demo_cards_barred(set_names: Iterable[str]) -> bool:
    """Whether demo cards are barred from every format: they are once the pool holds any real (non-demo) set.

    The one place this decision is made; the legality engine and the window read it.
    """
    return any(name != DEMO_SET for name in set_names)


def has_demo_cards(db: CardDatabase) -> bool:
    """True when the database holds any printing of the demo set."""
    return (
        db.reader.execute("SELECT 1 FROM printing WHERE set_name = ? LIMIT 1", (DEMO_SET,)).fetchone()
        is not None
    )


def remove_demo_cards(db: CardDatabase) -> int:
    """Delete the demo set's printings and the cards left with no printing; how many cards went (one transaction)."""
    from carddb.cardwriter import settle_cards  # late: start-up does not need the writer
    from carddb.changes import note_card_data_changed
    from carddb.search import rebuild_search_index
    from carddb.traits import store_trait_words

    identities = db.identity_table()
    with db.write_transaction() as conn:
        touched = [
            int(r[0]) for r in conn.execute("SELECT card_id FROM printing WHERE set_name = ?", (DEMO_SET,))
        ]
        conn.execute("DELETE FROM printing WHERE set_name = ?", (DEMO_SET,))
        gone = conn.execute("DELETE FROM card WHERE id NOT IN (SELECT card_id FROM printing)").rowcount
        settle_cards(conn, touched, identities)  # a real card that also had a demo printing
        rebuild_search_index(conn)
        note_card_data_changed(conn)
        store_trait_words(conn)
    db.invalidate_caches()
    return int(gone)

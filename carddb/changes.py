"""A token of the card data's last change, kept in `meta`: every writer of card data sets a fresh one in its
transaction, so a reader (the deck library's verdict cache) knows the cards changed without reading them all."""

from __future__ import annotations

import sqlite3
import uuid

CARD_DATA_VERSION_META = "card_data_version"


def note_card_data_changed(conn: sqlite3.Connection) -> None:
    """Give the card data a new version token (inside the writer's transaction: it commits with the cards)."""
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (CARD_DATA_VERSION_META, uuid.uuid4().hex)
    )

"""The Characters' keyword words are kept at import, so a check need not split every keyword of the pool."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from carddb.db import CardDatabase
from carddb.importing import import_path
from carddb.normalize import split_keywords
from carddb.traits import TRAIT_WORDS_META, stored_trait_vocabulary, trait_vocabulary

POOL = Path(__file__).resolve().parents[1] / "golden" / "pool"


def _worked_out(conn: sqlite3.Connection) -> frozenset[str]:
    rows = conn.execute("SELECT DISTINCT keywords FROM card WHERE section = 'characters'")
    return trait_vocabulary(k for row in rows for k in split_keywords(str(row[0] or "")))


def test_the_stored_words_equal_the_words_worked_out_from_the_cards(tmp_path: Path) -> None:
    db = CardDatabase(tmp_path / "cards.sqlite")
    import_path(db, POOL)
    conn = db.raw_connection()
    assert conn.execute("SELECT 1 FROM meta WHERE key = ?", (TRAIT_WORDS_META,)).fetchone() is not None
    assert db.trait_vocabulary() == _worked_out(conn)
    db.close()


def test_words_stored_for_other_cards_are_not_used(tmp_path: Path) -> None:
    db = CardDatabase(tmp_path / "cards.sqlite")
    import_path(db, POOL)
    conn = db.raw_connection()
    # Cards changed behind the stored words (an older app's import): the words are worked out again.
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
        (TRAIT_WORDS_META, '{"cards": [1, 1], "words": ["Bogus"]}'),
    )
    assert "bogus" not in {w.casefold() for w in stored_trait_vocabulary(conn)}
    assert stored_trait_vocabulary(conn) == _worked_out(conn)
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (TRAIT_WORDS_META, "not json"))
    assert stored_trait_vocabulary(conn) == _worked_out(conn)
    db.close()

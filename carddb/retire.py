"""A re-import mirrors its source: cards the source no longer has are retired, not left current.

A printing belongs to the file it came from (`printing.source`). After an import of a plugin folder or a file,
every printing that came from inside it and that this import did not bring again is removed; a card left without
printings moves to `retired_card`, with the card that took its place when one can be told (a card new in this import
with the same Type and text, or else the nearest new name). Decks and the collection name cards by name, so they keep
a retired card; `CardDatabase.lookup` answers it with `retired=True` and `replaced_by`, and a later import that has
it again brings it back.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carddb.cardwriter import WriteCounts, settle_cards
from carddb.fields import CARD_FIELDS
from carddb.staging import STAGE

# Name similarity (rapidfuzz ratio) a new card needs to be taken as a retired card's new name.
_NAME_CUTOFF = 60
# Beyond this many retired × new pairs only exact Type + text matches are looked for.
_MAX_PAIRS = 5_000_000
_KEPT = ("section", "identity", "allegiance", "newest_set")


@dataclass(frozen=True, slots=True)
class Retired:
    """A card an import retired, and the current card that took its place ("" when none is known)."""

    name: str
    replaced_by: str


def _within(source: str, root: str, folder: bool) -> bool:
    real = os.path.realpath(source)
    return real == root or (folder and real.startswith(root + os.sep))


def retire_missing(
    conn: sqlite3.Connection,
    root: Path,
    folder: bool,
    written: WriteCounts,
    identities: dict[str, str],
    today: str,
) -> list[Retired]:
    """Remove printings from inside `root` this import (the staged rows, `written`) did not bring; retire bare cards."""
    real_root = os.path.realpath(root)
    # Only printings from before this import can be stale: the ones it wrote are in the stage.
    before = written.printings_before
    sources = [
        str(r[0]) for r in conn.execute("SELECT DISTINCT source FROM printing WHERE id <= ?", (before,))
    ]
    in_scope = [s for s in sources if _within(s, real_root, folder)]
    stale: list[int] = []
    touched: set[int] = set()
    if in_scope:
        for printing_id, card_id in conn.execute(
            "SELECT p.id, p.card_id FROM printing AS p JOIN card AS c ON c.id = p.card_id AND c.game = 'rage' "
            "WHERE p.id <= ? AND p.source IN (SELECT value FROM json_each(?)) "
            f"AND NOT EXISTS (SELECT 1 FROM {STAGE} AS s WHERE s.norm = c.norm_name AND s.set_name = p.set_name)",
            (before, json.dumps(in_scope)),
        ):
            stale.append(int(printing_id))
            touched.add(int(card_id))
    # Whatever this import brought is current again.
    conn.execute(
        "DELETE FROM retired_card WHERE game = 'rage' "
        "AND norm_name IN (SELECT norm_name FROM card WHERE game = 'rage')"
    )
    if not stale:
        return []
    conn.execute("DELETE FROM printing WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(stale),))
    columns = ("id", "norm_name", "name", *_KEPT, *CARD_FIELDS)
    bare = conn.execute(
        f"SELECT {', '.join(columns)} FROM card WHERE id IN (SELECT value FROM json_each(?)) "
        "AND NOT EXISTS (SELECT 1 FROM printing WHERE printing.card_id = card.id)",
        (json.dumps(sorted(touched)),),
    ).fetchall()
    settle_cards(conn, touched - {int(r[0]) for r in bare}, identities)
    if not bare:
        return []
    successors = _successors([dict(zip(columns, row, strict=True)) for row in bare], conn, written.new_since)
    retired = []
    rows = []
    for row in bare:
        card = dict(zip(columns, row, strict=True))
        successor = successors.get(str(card["norm_name"]), "")
        fields = {k: card[k] for k in (*_KEPT, *CARD_FIELDS)}
        rows.append(
            (
                card["norm_name"],
                card["name"],
                successor,
                json.dumps(fields, ensure_ascii=False),
                today,
                str(root),
            )
        )
        retired.append(Retired(str(card["name"]), successor))
    conn.executemany(
        "INSERT OR REPLACE INTO retired_card (game, norm_name, name, replaced_by, fields, retired_on, source) "
        "VALUES ('rage', ?, ?, ?, ?, ?, ?)",
        rows,
    )
    conn.execute(
        "DELETE FROM card WHERE id IN (SELECT value FROM json_each(?))", (json.dumps([r[0] for r in bare]),)
    )
    return retired


def _successors(cards: list[dict[str, Any]], conn: sqlite3.Connection, new_since: int) -> dict[str, str]:
    """Retired norm name -> the name of the card new in this import (id above `new_since`) that took its place."""
    new = [
        (str(n), str(name), str(kind), str(text))
        for n, name, kind, text in conn.execute(
            "SELECT norm_name, name, type, text FROM card WHERE id > ? AND game = 'rage' ORDER BY norm_name",
            (new_since,),
        )
    ]
    if not new:
        return {}
    by_text: dict[tuple[str, str], list[str]] = {}
    for _norm, name, kind, text in new:
        if text.strip():
            by_text.setdefault((kind, text), []).append(name)
    found: dict[str, str] = {}
    for card in cards:
        same = by_text.get((str(card["type"]), str(card["text"])), [])
        if len(same) == 1:
            found[str(card["norm_name"])] = same[0]
    rest = [c for c in cards if str(c["norm_name"]) not in found]
    if rest and len(rest) * len(new) <= _MAX_PAIRS:
        from rapidfuzz import fuzz, process

        norms = [n for n, _name, _kind, _text in new]
        for card in rest:
            match = process.extractOne(
                str(card["norm_name"]), norms, scorer=fuzz.ratio, score_cutoff=_NAME_CUTOFF
            )
            if match is not None:
                found[str(card["norm_name"])] = new[match[2]][1]
    return found

"""Retired cards as readers see them: a card its source no longer has, with the current card that replaced it.

Light (stdlib and carddb.model only): CardDatabase.lookup falls back to it for a name that is not a current card.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from carddb.fields import CARD_FIELDS, NUMERIC_FIELDS
from carddb.model import RAGE, CardInfo, stored_fields
from carddb.normalize import normalize_name

_MAX_HOPS = 20  # a chain of renames is followed this far to a current card


def retired_card(conn: sqlite3.Connection, key: str, game: str = RAGE) -> CardInfo | None:
    """The retired card of `game` with this normalised name (its last fields, no printings), or None."""
    row = conn.execute(
        "SELECT name, replaced_by, fields FROM retired_card WHERE game = ? AND norm_name = ?", (game, key)
    ).fetchone()
    if row is None:
        return None
    try:
        loaded = json.loads(row[2])
    except (ValueError, RecursionError):
        loaded = {}
    stored = loaded if isinstance(loaded, dict) else {}
    if game != RAGE:  # another game's card keeps its Type and its fields by name
        return CardInfo(
            name=str(row[0]),
            norm_name=key,
            type=str(stored.get("type") or ""),
            game=game,
            fields=stored_fields(json.dumps(stored.get("fields") or {})),
            retired=True,
            replaced_by=_current_successor(conn, str(row[1]), game),
        )
    fields: dict[str, Any] = {}
    for name in CARD_FIELDS:
        value = stored.get(name)
        if name in NUMERIC_FIELDS:
            fields[name] = value if isinstance(value, int) and not isinstance(value, bool) else None
        else:
            fields["keywords_field" if name == "keywords" else name] = value if isinstance(value, str) else ""
    return CardInfo(
        name=str(row[0]),
        norm_name=key,
        identity=str(stored.get("identity") or ""),
        allegiance=str(stored.get("allegiance") or ""),
        retired=True,
        replaced_by=_current_successor(conn, str(row[1]), game),
        **fields,
    )


def _current_successor(conn: sqlite3.Connection, name: str, game: str) -> str:
    """Follow a chain of renames (Dodge -> Dodge Roll -> Dodge Strike) to the card that is current now."""
    seen: set[str] = set()
    while name and len(seen) < _MAX_HOPS:
        key = normalize_name(name)
        if key in seen:
            return ""
        seen.add(key)
        current = conn.execute(
            "SELECT name FROM card WHERE game = ? AND norm_name = ?", (game, key)
        ).fetchone()
        if current is not None:
            return str(current[0])
        row = conn.execute(
            "SELECT replaced_by FROM retired_card WHERE game = ? AND norm_name = ?", (game, key)
        ).fetchone()
        name = str(row[0]) if row is not None else ""
    return ""

"""A game's shipped cards searched when the card database cannot hold them (a read-only file): the same SQL.

There is one evaluator of the query language, carddb.search's SQL. A pool read into memory (games.cards.pool_for
hands one out when the player's database refused the game's shipped set) is searched by importing that set into a
scratch database of its own, in a temporary folder removed afterwards, exactly as the player's database would hold
it: the same meanings, the same order (the card a query names first), the same errors.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from deckbuilder.games.cards import database_pool, ensure_shipped_cards
from deckbuilder.games.description import Game

if TYPE_CHECKING:
    from carddb.model import CardInfo
    from carddb.search import DeckTerms


def search_shipped_cards(
    game: Game, query: str, limit: int | None = None, deck: DeckTerms | None = None
) -> tuple[list[CardInfo], int]:
    """The game's shipped cards matching `query` (at most `limit`, in the database's order) and how many match.

    Raises carddb.query.QuerySyntaxError for a query it cannot read; no cards when the game ships none or its file
    cannot be read."""
    from carddb.db import CardDatabase
    from carddb.search import search_page

    with (
        tempfile.TemporaryDirectory(prefix="ragedeck-search-") as folder,
        CardDatabase(Path(folder) / "cards.sqlite") as scratch,
    ):
        ensure_shipped_cards(scratch, game)
        pool = database_pool(scratch, game)
        rows, total = search_page(pool, query, limit=limit, deck=deck)
        return pool.cards_by_ids(row.id for row in rows), total

"""The one import of a game's cards, from the source its game.json names (games/cardsources.py), for every front
end: the source read as `ragedeck import-cards --game` reads it, the refusals it prints, the report's lines,
progress and cancel for the window (Qt-free).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from deckbuilder.i18n import gettext as _

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from carddb.importreport import ImportReport
    from deckbuilder.games.cards import CardData
    from deckbuilder.games.cardsources import CardSource
    from deckbuilder.games.description import Game

ProgressFn = Callable[[int, int], None]
CancelFn = Callable[[], bool]


class GameCardImportError(Exception):
    """A card-data file that cannot be imported at all: the message says why, in the reader's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def import_game_card_file(
    db: CardDatabase,
    game: Game,
    path: Path,
    shown: str,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
) -> CardData:
    """The one import of a game's cards, from the source its description names (games/cardsources.py: a CSV file,
    a Lackey plugin folder or card-data file), in one transaction: the cards it brings replace those that came from
    the same source, and those gone from it are retired.

    `progress(done, total)` and `cancel()` as it reads; a cancelled import raises carddb's ImportCancelled before
    anything is written. GameCardImportError: the source cannot be read at all.
    """
    from deckbuilder.games.cards import SHIPPED_META, CardData
    from deckbuilder.games.cardsources import CardSourceError

    source = card_source(game)
    if source.read is None:  # a source that stores its own cards (Rage's): its own report, not CardData
        raise GameCardImportError(
            _(
                "{game}'s card data is imported as that game's own (ragedeck import-cards without --game)"
            ).format(game=game.title)
        )
    data = CardData()
    try:
        read = source.read(db, game, path, shown, data, progress, cancel)
    except CardSourceError as exc:
        raise GameCardImportError(str(exc)) from exc
    if read.cards:
        # The player's own cards now: the game's shipped set is never imported over them.
        db.store_game_printings(game.name, read.cards, read.sources, meta={SHIPPED_META + game.name: ""})
    return data


def card_source(game: Game) -> CardSource:
    """The source of card data the game's description names (games/cardsources.py); GameCardImportError when this
    version has none of that kind."""
    from deckbuilder.games.cardsources import CARD_SOURCES, source_of

    kind = source_of(game)
    source = CARD_SOURCES.get(kind)
    if source is None:
        raise GameCardImportError(
            _(
                "{game}'s description names card data of the kind '{kind}', which this version cannot read"
            ).format(game=game.title, kind=kind)
        )
    return source


def stores_own_cards(game: Game) -> bool:
    """Whether the game's source stores its cards itself and reports as carddb's importer does (Rage's); False for
    a source whose cards `import_game_card_file` stores (CSV, JSON, Lackey by the game's columns)."""
    return card_source(game).run is not None


def import_own_cards(
    db: CardDatabase,
    game: Game,
    path: Path,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
) -> ImportReport:
    """The import of a game whose source stores its own cards (Rage's Lackey plugin, card-data file or JSON), by
    the source its description names; carddb's CardImportError / ImportCancelled as that importer raises them."""
    source = card_source(game)
    if source.run is None:
        raise GameCardImportError(
            _("{game}'s card data is imported with --game {name}").format(game=game.title, name=game.name)
        )
    return source.run(db, path, progress, cancel)


def import_summary(data: CardData, game: Game, shown: str) -> str:
    """The report's first line: how many cards were imported, or that nothing was stored."""
    if data.cards:
        done = _("imported {count} {game} cards from {path}")
    else:
        done = _(
            "imported {count} {game} cards from {path}: nothing was stored; the database keeps the cards it had"
        )
    return done.format(count=len(data.cards), game=game.title, path=shown)

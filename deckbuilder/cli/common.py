"""What several commands share: exit codes, CliError, the --db option, opening the database and one deck."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from carddb.db import DatabaseError
from deckbuilder.cli.output import shown_name
from deckbuilder.i18n import gettext as _
from deckbuilder.i18n import render_text

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from deckbuilder.context import DeckContext, DeckContexts
    from deckbuilder.deckfiles import LoadedDeck

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2


class CliError(Exception):
    """A problem the user must fix (bad file, bad option); printed without a traceback, exit 2."""


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """The --db option every command that reads the card database takes."""
    parser.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help=_("card database file (default: $RAGEDECK_DB or the user data folder)"),
    )


def open_db(path: Path | None) -> CardDatabase:
    """Open the card database or raise CliError with the reason."""
    from carddb.db import CardDatabase

    try:
        return CardDatabase(path)
    except DatabaseError as exc:
        raise CliError(render_text(exc.args[0]) if exc.args else str(exc)) from exc  # a Message: translated
    except OSError as exc:
        raise CliError(_("cannot open the card database: {error}").format(error=exc)) from exc


def warn_if_empty(db: CardDatabase, err: TextIO, context: DeckContext | None = None) -> bool:
    """A note on stderr when a game (the deck's context's, else the default game) has no cards to look names up in,
    naming the game and how to import its cards; True when it was printed."""
    from deckbuilder.context import DeckContexts
    from deckbuilder.deck import Deck

    if context is None:
        context = DeckContexts(db).of(Deck())
    if context.has_cards():
        return False
    game = context.game
    if context.engine.card_database:  # its cards come from a Lackey plugin or card data file
        note = _(
            "note: the card database {path} holds no {game} cards; run `ragedeck import-cards PATH` with a "
            "Lackey plugin folder or card data file first"
        )
    else:
        note = _(
            "note: the card database {path} holds no {game} cards and the game ships none; run "
            "`ragedeck import-cards --game {name} FILE` with its card data first"
        )
    print(note.format(path=shown_name(db.path), game=_(game.title), name=game.name), file=err)
    return True


def forced_game(name: str | None) -> Any:
    """The game --game names (None without --game); CliError when it is unknown."""
    if not name:
        return None
    from deckbuilder.games.description import GameError
    from deckbuilder.games.loader import load_game

    try:
        game = load_game(name)
    except GameError as exc:
        raise CliError(str(exc)) from exc
    return game


def check_renown(value: int | None, option: str) -> None:
    """Refuse a Renown level outside 0..MAX_RENOWN_LEVEL."""
    from deckbuilder.deck import MAX_RENOWN_LEVEL

    if value is not None and not 0 <= value <= MAX_RENOWN_LEVEL:
        raise CliError(
            _("{option} must be a whole number from 0 to {maximum}, not {value}").format(
                option=option, maximum=MAX_RENOWN_LEVEL, value=value
            )
        )


# The most a setting given on the command line may be (a native file's settings have the same bound).
MAX_SETTING = 1_000_000


def add_setting_option(parser: argparse.ArgumentParser) -> None:
    """--setting ID=N (repeatable): a setting of the deck's game over the deck's own (`--renown N` is Rage's)."""
    parser.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="ID=N",
        help=_(
            "a setting of the deck's game over the deck's own, by its id (see `ragedeck games`); repeatable"
        ),
    )


def given_settings(values: list[str]) -> dict[str, int]:
    """The settings --setting gives, by id; CliError for one that is not ID=N with N a whole number."""
    found: dict[str, int] = {}
    for value in values:
        key, _sep, number = value.partition("=")
        key = key.strip()
        try:
            amount = int(number.strip())
        except ValueError:
            amount = -1
        if not key or not 0 <= amount <= MAX_SETTING:
            raise CliError(
                _("--setting {value}: give ID=N, N a whole number from 0 to {maximum}").format(
                    value=shown_name(value[:60]), maximum=MAX_SETTING
                )
            )
        found[key] = amount
    return found


def settings_for(game: Any, given: dict[str, int]) -> dict[str, int | None]:
    """The given settings that are settings of the game (chosen by the player, not read from a card)."""
    chosen = {s.id for s in getattr(game, "settings", ()) if not s.pile}
    return {key: value for key, value in given.items() if key in chosen}


def read_error(exc: Exception) -> str:
    """Why a deck file could not be read, in the player's language (a reader's reason is a carddb Message)."""
    if isinstance(exc, OSError) and exc.strerror:
        return render_text(exc.strerror)
    return render_text(getattr(exc, "reason", None) or str(exc))


def read_one_deck(path: Path, db: CardDatabase | DeckContexts) -> LoadedDeck:
    """The deck a single-deck command works on (its names looked up in its own game's cards); an unreadable file is
    a CliError naming it."""
    from deckbuilder.deckfiles import DeckFileError, read_deck

    try:
        return read_deck(path, pool=db)
    except (DeckFileError, OSError) as exc:
        reason = shown_name(read_error(exc))
        raise CliError(
            _("{path}: cannot read: {reason}").format(path=shown_name(path), reason=reason)
        ) from exc


def check_not_read(output: Path | None, reads: Iterable[Path]) -> None:
    """Refuse an output that is a file this command reads (by its name, a link or a hard link): never written."""
    from carddb.atomic import reads_target

    read = reads_target(output, reads) if output is not None else None
    if read is not None:
        raise CliError(
            _("{output} is {read}, a file this command reads: give another file to write").format(
                output=shown_name(output), read=shown_name(read)
            )
        )


def check_output(output: Path) -> None:
    """Refuse an output path that can never be written, before any work is done."""
    if output.is_dir():
        shown = shown_name(output)
        raise CliError(_("{path} is a folder; give the name of the file to write").format(path=shown))
    parent = output.parent if str(output.parent) else Path(".")
    if not parent.is_dir():
        raise CliError(
            _("cannot write {path}: the folder {folder} does not exist").format(
                path=shown_name(output), folder=shown_name(parent)
            )
        )

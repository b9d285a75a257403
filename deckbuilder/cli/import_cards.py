"""`ragedeck import-cards`: card data (Lackey plugin, card data file, JSON, another game's CSV) into the database."""

from __future__ import annotations

import argparse
import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from deckbuilder.cli.common import (
    EXIT_OK,
    EXIT_UNREADABLE,
    CliError,
    add_db_option,
    forced_game,
    open_db,
)
from deckbuilder.cli.output import shown_name
from deckbuilder.i18n import N_, ngettext, render_text
from deckbuilder.i18n import gettext as _

if TYPE_CHECKING:
    from carddb.db import CardDatabase


def add_arguments(imp: argparse.ArgumentParser) -> None:
    """The options of `ragedeck import-cards`."""
    imp.add_argument("path", type=Path, metavar="PATH")
    imp.add_argument(
        "--game",
        metavar="NAME",
        help=_("the card-data file of another game (its game.json says the columns)"),
    )
    add_db_option(imp)
    imp.add_argument("--json", action="store_true", help=_("print the import report as JSON"))
    imp.add_argument(
        "--remove-demo",
        action="store_true",
        help=_("after a successful import, delete the invented demo cards (set Demo) from the database"),
    )


# The import report's severities (carddb.importing REJECTED, SUSPICIOUS, NOTE), as the text output shows them.
_IMPORT_SEVERITIES = {"rejected": N_("rejected"), "suspicious": N_("suspicious"), "note": N_("note")}


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Import card data into the database and print the report; a database this run created for an import that
    failed is removed again, so a mistyped path or a broken file leaves no empty database behind."""
    from carddb.db import default_db_path

    path = (args.db if args.db is not None else default_db_path()).expanduser()
    created = not path.exists() and not path.is_symlink()
    code = EXIT_UNREADABLE
    try:
        code = _import(args, out)
        return code
    finally:
        if created and code != EXIT_OK:
            _remove_new_database(path)


def _remove_new_database(path: Path) -> None:
    """Delete the database file (and SQLite's side files) this run created; its lock file stays, as always."""
    for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        with contextlib.suppress(OSError):
            name.unlink()


def _import(args: argparse.Namespace, out: TextIO) -> int:
    """The import itself (run() cleans up after it)."""
    from carddb.demo import DEMO_SET, demo_cards_barred, has_demo_cards, remove_demo_cards
    from carddb.importreport import CardImportError
    from deckbuilder.deck import DEFAULT_GAME
    from deckbuilder.games.cardimport import GameCardImportError, import_own_cards, stores_own_cards
    from deckbuilder.games.loader import load_game

    if not args.path.exists():
        raise CliError(_("{path} does not exist").format(path=shown_name(args.path)))
    # The source of card data the game's description names (games/cardsources.py): Rage's stores its own cards
    # (carddb's importer), every other game's are stored as that game's (a CSV, JSON or Lackey card data).
    game = forced_game(args.game) or load_game(DEFAULT_GAME)
    try:
        own = stores_own_cards(game)
    except GameCardImportError as exc:
        raise CliError(exc.message) from exc
    if not own:
        return _import_game_cards(args, game, open_db(args.db), out)  # closes the database
    if args.path.suffix.casefold() == ".csv":
        # Rage's card data is Lackey's (or JSON): a CSV read as Lackey would make a card of its header line.
        raise CliError(
            _(
                "{path}: Rage cards are imported from a Lackey plugin folder, a Lackey card data file (.txt) or "
                "JSON, not CSV; for another game's card data give --game NAME (see `ragedeck games`)"
            ).format(path=shown_name(args.path))
        )
    db = open_db(args.db)
    try:
        try:
            report = import_own_cards(db, game, args.path)
        except CardImportError as exc:
            raise CliError(render_text(exc.reason)) from exc
        db.invalidate_caches()
        demo_left = has_demo_cards(db) and demo_cards_barred(db.set_names())
        removed = remove_demo_cards(db) if demo_left and args.remove_demo else 0
        if args.json:
            document = {"database": str(db.path), **report.to_json()}
            document["demo_cards_removed"] = removed
            document["demo_cards_left"] = demo_left and not args.remove_demo
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
        else:
            print(render_text(report.summary()), file=out)
            for issue in report.issues:
                source = shown_name(issue.source)
                where = f"{source}:{issue.line}" if issue.line else source
                severity = _(_IMPORT_SEVERITIES.get(issue.severity, issue.severity))
                print(f"  {severity:<10} {where}: {shown_name(render_text(issue.reason))}", file=out)
            print(_("database: {path}").format(path=shown_name(db.path)), file=out)
            if removed:
                print(
                    ngettext(
                        "removed {count} invented demo card (set {set})",
                        "removed {count} invented demo cards (set {set})",
                        removed,
                    ).format(count=removed, set=DEMO_SET),
                    file=out,
                )
            elif demo_left:
                print(
                    _(
                        "note: the invented demo cards (set {set}) are still in the database; no format "
                        "accepts them now. Remove them with: ragedeck import-cards PATH --remove-demo"
                    ).format(set=DEMO_SET),
                    file=out,
                )
        return EXIT_OK
    finally:
        db.close()


def _import_game_cards(args: argparse.Namespace, game: Any, db: CardDatabase, out: TextIO) -> int:
    """Import another game's card-data file (the columns its game.json documents) into the database."""
    from deckbuilder.games.cardimport import GameCardImportError, import_game_card_file, import_summary

    path: Path = args.path
    shown = shown_name(path)
    try:
        try:
            data = import_game_card_file(db, game, path, shown)
        except GameCardImportError as exc:
            raise CliError(exc.message) from exc
        issues = [{"line": i.line, "reason": i.reason} for i in data.issues]
        if args.json:
            document = {
                "database": str(db.path),
                "game": game.name,
                "cards": len(data.cards),
                "issues": issues,
            }
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
        else:
            print(import_summary(data, game, shown), file=out)
            for issue in data.issues:
                print(f"  {_('problem'):<10} {shown}:{issue.line}: {shown_name(issue.reason)}", file=out)
            if data.cards:  # nothing stored: a database this run created is removed again (see run())
                print(_("database: {path}").format(path=shown_name(db.path)), file=out)
        return EXIT_OK if data.cards else EXIT_UNREADABLE
    finally:
        db.close()

"""`ragedeck import-cards`: card data (Lackey plugin, card data file, JSON, another game's CSV) into the database."""

from __future__ import annotations

import argparse
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
    pass


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
    """Import card data into the database and print the report."""
    from carddb.demo import DEMO_SET, demo_cards_barred, has_demo_cards, remove_demo_cards
    from carddb.importing import CardImportError, import_path

    if not args.path.exists():
        raise CliError(_("{path} does not exist").format(path=shown_name(args.path)))
    from deckbuilder.games.cards import in_card_database

    game = forced_game(args.game)
    if game is not None and not in_card_database(game):  # a game whose cards go to its own table
        return _import_game_cards(args, game, out)
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
            report = import_path(db, args.path)
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


def _import_game_cards(args: argparse.Namespace, game: Any, out: TextIO) -> int:
    """Import another game's card-data file (the columns its game.json documents) into the database."""
    from carddb.safeio import UnsafeFileError
    from deckbuilder.games.cards import import_card_data, read_card_file

    path: Path = args.path
    shown = shown_name(path)
    if path.is_dir() or path.is_symlink():
        raise CliError(
            _("{path}: give the {game} card-data file itself (a CSV file), not a folder or a link").format(
                path=shown, game=game.title
            )
        )
    try:
        # A regular file only, size-capped: a FIFO or /dev/zero is refused at once.
        text = read_card_file(path)
    except UnsafeFileError as exc:
        if exc.size is not None:
            raise CliError(
                _("{path} is too large for card data ({size} bytes)").format(path=shown, size=exc.size)
            ) from exc
        raise CliError(
            _("{path}: cannot read: {reason}").format(path=shown, reason=render_text(exc.reason))
        ) from exc
    except UnicodeDecodeError:
        raise CliError(
            _("{path} is not UTF-8 text; save the card data as UTF-8 CSV").format(path=shown)
        ) from None
    except OSError as exc:
        raise CliError(
            _("{path}: cannot read: {reason}").format(path=shown, reason=shown_name(exc.strerror or exc))
        ) from exc
    db = open_db(args.db)
    try:
        data = import_card_data(db, game, text, str(path), folder=path.parent)
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
            if data.cards:
                done = _("imported {count} {game} cards from {path}")
            else:
                done = _(
                    "imported {count} {game} cards from {path}: nothing was stored; the database keeps the cards it had"
                )
            print(done.format(count=len(data.cards), game=game.title, path=shown), file=out)
            for issue in data.issues:
                print(f"  {_('problem'):<10} {shown}:{issue.line}: {shown_name(issue.reason)}", file=out)
            print(_("database: {path}").format(path=shown_name(db.path)), file=out)
        return EXIT_OK if data.cards else EXIT_UNREADABLE
    finally:
        db.close()

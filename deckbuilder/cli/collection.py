"""`ragedeck collection`: the cards you own (import a have list, list it, export it)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from deckbuilder.cli.common import (
    EXIT_OK,
    EXIT_UNREADABLE,
    CliError,
    add_db_option,
    open_db,
)
from deckbuilder.cli.output import shown_name
from deckbuilder.i18n import gettext as _
from deckbuilder.i18n import ngettext, render_text

if TYPE_CHECKING:
    from deckbuilder.collection import Collection, HaveList


def add_arguments(collection: argparse.ArgumentParser) -> None:
    """The actions of `ragedeck collection` and their options."""
    actions = collection.add_subparsers(dest="action", metavar="ACTION", required=True)
    imp = actions.add_parser(
        "import", help=_("add a Lackey .dek, text list or native deck to your collection")
    )
    imp.add_argument("files", nargs="+", type=Path, metavar="FILE")
    imp.add_argument("--replace", action="store_true", help=_("empty the collection first"))
    imp.add_argument(
        "--game",
        metavar="NAME",
        help=_(
            "add the lists to this game's collection, whatever they say (default: the game each list names)"
        ),
    )
    add_db_option(imp)
    show = actions.add_parser("list", help=_("list the cards you own"))
    show.add_argument("--json", action="store_true", help=_("print as JSON"))
    show.add_argument(
        "--unknown", action="store_true", help=_("only owned cards the card database does not know")
    )
    show.add_argument("--game", metavar="NAME", help=_("the game whose collection is listed (default: Rage)"))
    add_db_option(show)
    out = actions.add_parser("export", help=_("write the collection as a have list (.dek, .json or .txt)"))
    out.add_argument("output", type=Path, metavar="OUT")
    out.add_argument("--game", metavar="NAME", help=_("the game whose collection is written (default: Rage)"))
    add_db_option(out)


def _game_named(name: str | None) -> str | None:
    """The installed game --game names, as the game spells it (None without --game); CliError when unknown."""
    if not name:
        return None
    from deckbuilder.games.description import GameError
    from deckbuilder.games.loader import load_game

    try:
        return load_game(name).name
    except GameError as exc:
        raise CliError(str(exc)) from exc


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Import a have list into the collection, list it, or export it."""
    from deckbuilder.collection import Collection, CollectionError

    game = _game_named(args.game)
    db = open_db(args.db)
    try:
        collection = Collection(db, game)
        if args.action == "import":
            return _import(collection, args.files, args.replace, game, out, err)
        if args.action == "export":
            try:
                copies = collection.export_file(args.output)
            except CollectionError as exc:
                raise CliError(render_text(exc.reason)) from exc
            print(
                _("wrote {path}: {copies}").format(path=shown_name(args.output), copies=_copies(copies)),
                file=out,
            )
            return EXIT_OK
        rows = collection.unknown() if args.unknown else collection.rows()
        if args.json:
            document = {"game": collection.game, "cards": [r.to_json() for r in rows]}
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
            return EXIT_OK
        for row in rows:
            mark = "" if row.known else "   " + _("(unknown to the card database)")
            print(f"{row.count:>4}  {shown_name(row.name):<40} {row.set_name}{mark}".rstrip(), file=out)
        print(
            _("{copies} of {cards}").format(
                copies=_copies(sum(r.count for r in rows)),
                cards=_cards(len({r.name.casefold() for r in rows})),
            ),
            file=out,
        )
        return EXIT_OK
    finally:
        db.close()


def _import(
    collection: Collection, paths: list[Path], replace: bool, game: str | None, out: TextIO, err: TextIO
) -> int:
    """Read every have list first; add their sound entries (a replace only when every list is whole)."""
    from deckbuilder.collection import CollectionError
    from deckbuilder.deck import DEFAULT_GAME

    worst = EXIT_OK
    lists: list[tuple[Path, HaveList]] = []
    for path in paths:
        try:
            have = collection.read_have_list(path, game=game)
        except CollectionError as exc:
            print(
                _("{path}: cannot read: {reason}").format(
                    path=shown_name(path), reason=shown_name(render_text(exc.reason))
                ),
                file=err,
            )
            worst = EXIT_UNREADABLE
            continue
        for problem in have.problems:
            print(_("note: {note}").format(note=shown_name(render_text(problem))), file=err)
        for refusal in have.refused:
            print(_("note: {note}").format(note=shown_name(render_text(refusal))), file=err)
        if not have.complete:
            worst = EXIT_UNREADABLE
        lists.append((path, have))
    if replace and worst != EXIT_OK:
        print(_("error: the collection was not replaced; nothing was changed"), file=err)
        return worst
    try:
        summaries = collection.import_have_lists([have for _path, have in lists], replace=replace)
    except CollectionError as exc:
        raise CliError(render_text(exc.reason)) from exc
    for (path, have), summary in zip(lists, summaries, strict=True):
        added = _("{path}: added {copies} ({cards})").format(
            path=shown_name(path), copies=_copies(summary.copies), cards=_cards(summary.rows)
        )
        if have.game != DEFAULT_GAME:  # another game's list: say whose collection it went to
            added = _("{path}: added {copies} ({cards}) to your {game} collection").format(
                path=shown_name(path),
                copies=_copies(summary.copies),
                cards=_cards(summary.rows),
                game=_game_title(have.game),
            )
        print(added, file=out)
        if summary.unused:
            print(
                ngettext(
                    "  {count} part of the file not added (see the notes)",
                    "  {count} parts of the file not added (see the notes)",
                    summary.unused,
                ).format(count=summary.unused),
                file=out,
            )
        for name in summary.unknown:
            print(
                _("  unknown  '{name}' is not in the card database; kept as written").format(
                    name=shown_name(name)
                ),
                file=out,
            )
    return worst


def _game_title(name: str) -> str:
    """A game as players read it (its name when it is not installed)."""
    from deckbuilder.games.description import GameError
    from deckbuilder.games.loader import load_game

    try:
        return _(load_game(name).title)
    except GameError:
        return shown_name(name)


def _copies(count: int) -> str:
    return ngettext("{count} copy", "{count} copies", count).format(count=count)


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)

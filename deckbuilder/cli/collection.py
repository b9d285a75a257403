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
    pass


def add_arguments(collection: argparse.ArgumentParser) -> None:
    """The actions of `ragedeck collection` and their options."""
    actions = collection.add_subparsers(dest="action", metavar="ACTION", required=True)
    imp = actions.add_parser(
        "import", help=_("add a Lackey .dek, text list or native deck to your collection")
    )
    imp.add_argument("files", nargs="+", type=Path, metavar="FILE")
    imp.add_argument("--replace", action="store_true", help=_("empty the collection first"))
    add_db_option(imp)
    show = actions.add_parser("list", help=_("list the cards you own"))
    show.add_argument("--json", action="store_true", help=_("print as JSON"))
    show.add_argument(
        "--unknown", action="store_true", help=_("only owned cards the card database does not know")
    )
    add_db_option(show)
    out = actions.add_parser("export", help=_("write the collection as a have list (.dek, .json or .txt)"))
    out.add_argument("output", type=Path, metavar="OUT")
    add_db_option(out)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Import a have list into the collection, list it, or export it."""
    from deckbuilder.collection import Collection, CollectionError

    db = open_db(args.db)
    try:
        collection = Collection(db)
        if args.action == "import":
            worst = EXIT_OK
            for number, path in enumerate(args.files):
                try:
                    summary = collection.import_file(path, replace=args.replace and number == 0)
                except CollectionError as exc:
                    print(
                        _("{path}: cannot read: {reason}").format(
                            path=shown_name(path), reason=shown_name(exc)
                        ),
                        file=err,
                    )
                    worst = EXIT_UNREADABLE
                    continue
                for problem in summary.problems:
                    print(_("note: {note}").format(note=render_text(problem)), file=err)
                print(
                    _("{path}: added {copies} ({cards})").format(
                        path=shown_name(path), copies=_copies(summary.copies), cards=_cards(summary.rows)
                    ),
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
        if args.action == "export":
            try:
                copies = collection.export_file(args.output)
            except CollectionError as exc:
                raise CliError(str(exc)) from exc
            print(
                _("wrote {path}: {copies}").format(path=shown_name(args.output), copies=_copies(copies)),
                file=out,
            )
            return EXIT_OK
        rows = collection.unknown() if args.unknown else collection.rows()
        if args.json:
            json.dump({"cards": [r.to_json() for r in rows]}, out, indent=2, ensure_ascii=False)
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


def _copies(count: int) -> str:
    return ngettext("{count} copy", "{count} copies", count).format(count=count)


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)

"""`ragedeck formats`: the formats decks can be checked against."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, TextIO

from deckbuilder.cli.common import (
    EXIT_OK,
)
from deckbuilder.i18n import gettext as _

if TYPE_CHECKING:
    pass


def add_arguments(formats: argparse.ArgumentParser) -> None:
    """The options of `ragedeck formats`."""
    formats.add_argument("--json", action="store_true", help=_("print formats as JSON"))


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List the formats."""
    from deckbuilder.legality.formats import available_formats, format_problems

    formats = available_formats()
    for problem in format_problems():
        print(_("warning: {problem}").format(problem=problem), file=err)
    if args.json:
        json.dump(
            {"formats": [{"name": f.name, "title": f.title, "description": f.description} for f in formats]},
            out,
            indent=2,
            ensure_ascii=False,
        )
        out.write("\n")
        return EXIT_OK
    for fmt in formats:
        # Shipped formats' titles and descriptions are in the catalogue; a player's own are shown as written.
        title, description = _(fmt.title) if fmt.title else "", _(fmt.description) if fmt.description else ""
        print(f"{fmt.name:<20} {title}" + (f" — {description}" if description else ""), file=out)
    return EXIT_OK

"""`ragedeck formats`: the formats decks can be checked against, every installed game's."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from deckbuilder.cli.common import EXIT_OK, CliError
from deckbuilder.cli.output import shown_name
from deckbuilder.i18n import gettext as _


def add_arguments(formats: argparse.ArgumentParser) -> None:
    """The options of `ragedeck formats`."""
    formats.add_argument("--json", action="store_true", help=_("print formats as JSON"))
    formats.add_argument(
        "--game",
        metavar="NAME",
        help=_("only this game's formats (default: every game's; see `ragedeck games`)"),
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List every installed game's formats (or one game's), its default first marked."""
    from deckbuilder.cli.common import forced_game
    from deckbuilder.games.loader import available_games, format_problems, formats_of

    chosen = forced_game(args.game)
    games = [chosen] if chosen is not None else available_games()
    for problem in format_problems():
        print(_("warning: {problem}").format(problem=shown_name(problem)), file=err)
    listed = [(game, fmt) for game in games for fmt in formats_of(game)]
    if not listed and chosen is not None:
        raise CliError(_("the game {game} has no format").format(game=chosen.name))
    if args.json:
        json.dump(
            {
                "formats": [
                    {
                        "name": fmt.name,
                        "title": fmt.title,
                        "description": fmt.description,
                        "game": game.name,
                        "default": fmt.name == game.default_format,
                    }
                    for game, fmt in listed
                ]
            },
            out,
            indent=2,
            ensure_ascii=False,
        )
        out.write("\n")
        return EXIT_OK
    for game in games:
        print(_("{game} ({name}):").format(game=_(game.title), name=game.name), file=out)
        for fmt in formats_of(game):
            # Shipped formats' titles and descriptions are in the catalogue; a player's own are shown as written.
            title = _(fmt.title) if fmt.title else ""
            description = _(fmt.description) if fmt.description else ""
            default = _(" (default)") if fmt.name == game.default_format else ""
            line = f"  {fmt.name:<20} {title}{default}" + (f" — {description}" if description else "")
            print(shown_name(line), file=out)
    return EXIT_OK

"""`ragedeck games`: the games decks can be built for, with their formats."""

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


def add_arguments(games: argparse.ArgumentParser) -> None:
    """The options of `ragedeck games`."""
    games.add_argument("--json", action="store_true", help=_("print games as JSON"))
    games.add_argument(
        "--folder",
        action="store_true",
        help=_("print the folder your own games go in (one folder per game; formats in its formats folder)"),
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List the games and their formats (or print where a player's own games go)."""
    from deckbuilder.games.loader import available_games, game_problems, user_formats_dir, user_games_dir

    if args.folder:
        if args.json:
            document = {"games": str(user_games_dir()), "formats": str(user_formats_dir())}
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
        else:
            print(user_games_dir(), file=out)
        return EXIT_OK

    for problem in game_problems():
        print(f"warning: {problem}", file=err)
    games = available_games()
    if args.json:
        listed = [
            {"name": g.name, "title": g.title, "source": g.source, "formats": [f.name for f in g.formats]}
            for g in games
        ]
        json.dump({"games": listed}, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return EXIT_OK
    for game in games:
        formats = ", ".join(f.name for f in game.formats) or _("see `ragedeck formats`")
        print(
            f"{game.name:<16} " + _("{title} — formats: {formats}").format(title=game.title, formats=formats),
            file=out,
        )
    return EXIT_OK

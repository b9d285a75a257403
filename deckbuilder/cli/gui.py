"""`ragedeck [DECKFILE]` and `ragedeck --smoke-test DECKFILE`: the deck builder window."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from deckbuilder.cli.common import EXIT_UNREADABLE, add_db_option
from deckbuilder.cli.parser import ArgumentParser, add_lang_option
from deckbuilder.i18n import gettext as _


def build_gui_parser() -> argparse.ArgumentParser:
    """The parser for `ragedeck [DECKFILE]` (the window)."""
    parser = ArgumentParser(prog="ragedeck", add_help=True)
    add_lang_option(parser)
    parser.add_argument("deck", nargs="?", type=Path, metavar="DECKFILE", help=_("deck to open"))
    add_db_option(parser)
    parser.add_argument("--smoke-test", dest="smoke_test", type=Path, metavar="DECKFILE")
    # The cold-start benchmark times the window alone, without the export preview the smoke test also checks.
    parser.add_argument("--smoke-window-only", action="store_true", help=argparse.SUPPRESS)
    return parser


def run_gui_command(argv: list[str], err: TextIO) -> int:
    """Open the window (or run its smoke test); a missing Qt is a one-line error, the CLI still works."""
    args = build_gui_parser().parse_args(argv)
    try:
        from deckbuilder.ui import app
    except ImportError as exc:
        print(
            _(
                "error: the deck builder window cannot start ({error}); the command line still works: "
                "see `ragedeck --help`"
            ).format(error=exc),
            file=err,
        )
        return EXIT_UNREADABLE
    if args.smoke_test is not None:
        return app.smoke_test(args.smoke_test, args.db, export_preview=not args.smoke_window_only)
    return app.run_gui(argv, args.db, args.deck)

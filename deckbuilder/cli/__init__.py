"""The `ragedeck` command line: every non-visual job, headless (also `python -m deckbuilder`).

Each command is a module of this package listed once in `registry.COMMANDS`; only the chosen one is imported (a
`check` never loads the PDF, image or Qt libraries).
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Sequence
from typing import TextIO, cast

from carddb.db import DatabaseError
from deckbuilder.cli.common import EXIT_OK, EXIT_UNREADABLE, CliError
from deckbuilder.cli.output import SafeWriter, safe_text
from deckbuilder.cli.parser import build_parser, take_lang_option
from deckbuilder.cli.registry import COMMANDS, command_named
from deckbuilder.i18n import gettext as _

__all__ = ["COMMANDS", "CliError", "build_parser", "main", "safe_text", "take_lang_option"]


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Entry point of `ragedeck`; returns the exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    out = cast(TextIO, SafeWriter(out or sys.stdout))
    err = cast(TextIO, SafeWriter(err or sys.stderr))
    arguments, lang = take_lang_option(arguments)
    from deckbuilder import i18n

    try:
        i18n.set_language(lang)
    except ValueError as exc:
        print(_("error: {error}").format(error=exc), file=err)
        return EXIT_UNREADABLE
    command = command_named(arguments[0]) if arguments else None
    if command is None and (not arguments or arguments[0] not in ("-h", "--help")):
        from deckbuilder.cli.gui import run_gui_command

        try:
            return run_gui_command(arguments, err)
        except CliError as exc:
            print(_("error: {error}").format(error=exc), file=err)
            return EXIT_UNREADABLE
    try:
        if command is not None:
            arguments = command.prepare(arguments)
        args = build_parser(command.name if command is not None else None).parse_args(arguments)
    except SystemExit as exc:  # argparse already printed the usage message
        return int(exc.code) if isinstance(exc.code, int) else EXIT_UNREADABLE
    if command is None:
        build_parser().print_help(out)
        return EXIT_OK
    try:
        return command.runner()(args, out, err)
    except CliError as exc:
        print(_("error: {error}").format(error=exc), file=err)
        return EXIT_UNREADABLE
    except DatabaseError as exc:
        print(_("error: {error}").format(error=exc), file=err)
        return EXIT_UNREADABLE
    except sqlite3.DatabaseError as exc:
        # A damaged ("malformed") or foreign database shows itself only when a page is read.
        print(
            _("error: the card database failed ({error}); import the cards again or use --db").format(
                error=exc
            ),
            file=err,
        )
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        print(_("interrupted"), file=err)
        return 130
    except BrokenPipeError:
        # The reader went away (`ragedeck search x | head`): not an error of ours; silence the flush at exit.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK

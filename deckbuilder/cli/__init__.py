"""The `ragedeck` command line: every non-visual job, headless (also `python -m deckbuilder`).

Each command is a module of this package listed once in `registry.COMMANDS`; only the chosen one is imported (a
`check` never loads the PDF, image or Qt libraries).
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO, cast

from carddb.db import DatabaseError
from deckbuilder.cli.common import EXIT_OK, EXIT_UNREADABLE, CliError
from deckbuilder.cli.output import SafeWriter, safe_text
from deckbuilder.cli.parser import build_parser, take_lang_option
from deckbuilder.cli.registry import COMMANDS, command_named
from deckbuilder.i18n import gettext as _

__all__ = ["COMMANDS", "CliError", "build_parser", "main", "run", "safe_text", "take_lang_option"]


def run() -> None:
    """The `ragedeck` console script (and `python -m deckbuilder`): `main()`, then the process ends.

    After a command (not the window) the process leaves with `os._exit` once its exit handlers have run and its
    output is flushed: every command has closed its database and files by then, and freeing each module and
    object at interpreter exit only repeats what the OS does (~7 % of a `ragedeck check`). Tests call `main()`.
    """
    arguments = sys.argv[1:]
    code = main(arguments)
    rest = take_lang_option(arguments)[0]
    if not rest or command_named(rest[0]) is None:
        sys.exit(code)  # the window (Qt saves its settings as it is torn down), or the help
    leave(code)


def leave(code: int) -> NoReturn:
    """End the process now: exit handlers run and output flushed, the interpreter's teardown skipped.

    Falls back to a normal exit when a thread still runs (the interpreter waits for it) or the output cannot be
    flushed (the interpreter reports that as it always did)."""
    import atexit
    import os

    threading = sys.modules.get("threading")
    if (threading is not None and threading.active_count() > 1) or not _flushed():
        sys.exit(code)
    atexit._run_exitfuncs()
    atexit._clear()  # run once: the fallback below must not run them again
    if not _flushed():
        sys.exit(code)
    os._exit(code)


def _flushed() -> bool:
    """Whether stdout and stderr took everything written to them."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return False
    return True


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

"""The `ragedeck` argument parser, built from the command registry; the global --lang option."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from deckbuilder.cli.registry import COMMANDS
from deckbuilder.i18n import N_
from deckbuilder.i18n import gettext as _

# argparse's own words (usage, headings, errors) come from its module-level gettext `_`: route them through our
# catalogue, so `--lang pt_BR` translates them too (English passes through unchanged).
ARGPARSE_TEXTS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)
setattr(argparse, "_", _)  # noqa: B010 - argparse looks `_` up in its own module globals


def _columns() -> int:
    """The terminal's width as `shutil.get_terminal_size` finds it ($COLUMNS, else stdout's terminal, else 80)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, sized without importing `shutil` (and with it `bz2` and `lzma`).

    argparse builds a formatter for every `add_argument` to check its metavar, so that import was paid by every
    command, not only by `--help`.
    """

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, _columns() - 2 if width is None else width
        )


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser laid out by `HelpFormatter`; its subcommands' parsers are of this class too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command (their help lines), or of just `only` with its arguments.

    Only the chosen command's arguments (and module) are built: argparse costs ~0.5 ms a subparser and each
    command's module imports its own libraries, and that is most of a `check` that finds nothing to do.
    """
    parser = ArgumentParser(
        prog="ragedeck",
        description=_("Rage (Werewolf: the Apocalypse CCG) deck builder and legality checker."),
        epilog=_("Run `ragedeck` with no command (or with a deck file) to open the deck builder window."),
    )
    add_lang_option(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        if only is None:
            sub.add_parser(command.name, help=_(command.help))
        elif command.name == only:
            command.add_arguments(sub.add_parser(command.name, help=_(command.help)))
    return parser


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """The --lang option (read and removed by main() before any parser runs, so the help is in that language)."""
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help=_("language of messages: en or pt_BR (default: the system's, from LANG/LC_ALL)"),
    )


def take_lang_option(arguments: list[str]) -> tuple[list[str], str | None]:
    """The arguments without `--lang X`/`--lang=X` (a global option, anywhere before `--`), and X."""
    rest: list[str] = []
    lang: str | None = None
    index = 0
    while index < len(arguments):
        token = arguments[index]
        if token == "--":
            rest.extend(arguments[index:])
            break
        if token == "--lang" and index + 1 < len(arguments):
            lang = arguments[index + 1]
            index += 2
            continue
        if token.startswith("--lang="):
            lang = token.split("=", 1)[1]
        else:
            rest.append(token)
        index += 1
    return rest, lang

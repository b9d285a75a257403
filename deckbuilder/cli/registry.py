"""The one list of `ragedeck` commands: the parser, its help, lazy loading and dispatch are all derived from it.

A command is a module of this package with `add_arguments(parser)` and `run(args, out, err) -> exit code` (and,
when its arguments need it, `prepare_arguments(arguments) -> arguments`, applied before parsing). Only the chosen
command's module is imported, so `ragedeck check` never loads what `export` needs.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import TextIO, cast

from carddb.record import FrozenRecord, set_field
from deckbuilder.i18n import N_

Runner = Callable[[argparse.Namespace, TextIO, TextIO], int]


class Command(FrozenRecord):
    """One subcommand: its name, its one-line help (English, translated when shown) and the module that runs it.

    A plain record: a dataclass or named tuple generates its code with exec() on every `ragedeck` start.
    """

    __slots__ = _fields = ("name", "help", "module")

    name: str
    help: str
    module: str

    def __init__(self, name: str, help: str, module: str) -> None:
        set_field(self, "name", name)
        set_field(self, "help", help)
        set_field(self, "module", module)

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the command's arguments to its (sub)parser; imports the command's module."""
        importlib.import_module(self.module).add_arguments(parser)

    def runner(self) -> Runner:
        """The function that runs the command."""
        return cast(Runner, importlib.import_module(self.module).run)

    def prepare(self, arguments: list[str]) -> list[str]:
        """The command line as the parser should see it (most commands take it as it is)."""
        prepare = getattr(importlib.import_module(self.module), "prepare_arguments", None)
        return arguments if prepare is None else cast(list[str], prepare(arguments))


COMMANDS: tuple[Command, ...] = (
    Command("check", N_("check decks against the deck construction rules"), "deckbuilder.cli.check"),
    Command(
        "import-cards",
        N_("import card data: a Lackey plugin folder, card data file or JSON"),
        "deckbuilder.cli.import_cards",
    ),
    Command("search", N_("search the card database with the query language"), "deckbuilder.cli.search"),
    Command("formats", N_("list the formats decks can be checked against"), "deckbuilder.cli.formats"),
    Command(
        "games", N_("list the games decks can be built for, with their formats"), "deckbuilder.cli.games"
    ),
    Command(
        "export",
        N_("export a deck: Lackey .dek/text, PDF decklist, PDF proxy sheets"),
        "deckbuilder.cli.export",
    ),
    Command(
        "diff",
        N_("compare two decks of one game pile by pile, with each one's legality"),
        "deckbuilder.cli.diff",
    ),
    Command("odds", N_("draw odds and a sample opening hand of a deck"), "deckbuilder.cli.odds"),
    Command(
        "printer",
        N_("printer profiles for duplex proxies and the alignment test sheet"),
        "deckbuilder.cli.printer",
    ),
    Command(
        "collection",
        N_("the cards you own: import a have list, list or export it"),
        "deckbuilder.cli.collection",
    ),
    Command(
        "decks", N_("list your deck library (or folders) with each deck's verdict"), "deckbuilder.cli.decks"
    ),
)
_BY_NAME = {command.name: command for command in COMMANDS}


def command_named(name: str) -> Command | None:
    """The command called `name`, or None."""
    return _BY_NAME.get(name)

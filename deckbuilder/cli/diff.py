"""`ragedeck diff A B`: two decks of one game compared pile by pile, with each one's legality."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from deckbuilder.cli.common import (
    EXIT_ILLEGAL,
    EXIT_OK,
    CliError,
    add_db_option,
    open_db,
    read_one_deck,
)
from deckbuilder.cli.output import shown_name
from deckbuilder.i18n import gettext as _

if TYPE_CHECKING:
    from deckbuilder.deckdiff import DeckDiff
    from deckbuilder.legality.results import Report

EXIT_DIFFERENT = EXIT_ILLEGAL  # 1: the decks differ
_MARKS = {"added": "+", "removed": "−", "changed": "~"}


def add_arguments(diff: argparse.ArgumentParser) -> None:
    """The options of `ragedeck diff`."""
    diff.add_argument("first", type=Path, metavar="A")
    diff.add_argument("second", type=Path, metavar="B")
    add_db_option(diff)
    diff.add_argument("--json", action="store_true", help=_("print one JSON document"))


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print what changed from A to B; exit 0 when equal, 1 when they differ, 2 when one cannot be read."""
    from deckbuilder.context import DeckContexts
    from deckbuilder.deckdiff import GamesDiffer, diff_decks
    from deckbuilder.games.description import GameError

    db = open_db(args.db)
    try:
        contexts = DeckContexts(db)
        first = read_one_deck(args.first, contexts)
        second = read_one_deck(args.second, contexts)
        try:
            context = contexts.of(first.deck)
        except GameError as exc:
            raise CliError(f"{shown_name(args.first)}: {exc}") from exc
        try:
            diff = diff_decks(first.deck, second.deck, context)
        except GamesDiffer as exc:
            raise CliError(f"{shown_name(args.first)} / {shown_name(args.second)}: {exc}") from exc
        if args.json:
            document = {"first": str(args.first), "second": str(args.second), **diff.to_json()}
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
        else:
            print_diff(args.first, args.second, diff, out)
        return EXIT_OK if diff.equal else EXIT_DIFFERENT
    finally:
        db.close()


def _verdict(path: Path, report: Report | None) -> str:
    from deckbuilder.games.loader import checked_format_title

    if report is None:
        return shown_name(path)
    verdict = _("LEGAL") if report.is_legal else _("ILLEGAL")
    return _("{path}: {verdict} ({format})").format(
        path=shown_name(path), verdict=verdict, format=checked_format_title(report)
    )


def print_diff(first: Path, second: Path, diff: DeckDiff, out: TextIO) -> None:
    """The diff as text: each deck's verdict, then each pile that changed with its cards marked + − ~."""
    print(_verdict(first, diff.before), file=out)
    print(_verdict(second, diff.after), file=out)
    if diff.equal:
        print(_("The decks hold the same cards."), file=out)
        return
    for pile in diff.piles:
        if not pile.changes:
            continue
        print(
            _("{pile}: {before} → {after}").format(
                pile=_(pile.label), before=pile.before_total, after=pile.after_total
            ),
            file=out,
        )
        for change in pile.changes:
            print(f"  {_MARKS[change.status]} {change.name}  {change.before} → {change.after}", file=out)

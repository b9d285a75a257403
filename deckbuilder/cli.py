"""The `ragedeck` command line: every non-visual job, headless (also `python -m deckbuilder`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from carddb.db import CardDatabase, DatabaseError

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2

SUBCOMMANDS = ("check", "import-cards", "search", "formats", "export")


class CliError(Exception):
    """A problem the user must fix (bad file, bad option); printed without a traceback, exit 2."""


def _add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="card database file (default: $RAGEDECK_DB or the user data folder)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the subcommands."""
    parser = argparse.ArgumentParser(
        prog="ragedeck",
        description="Rage (Werewolf: the Apocalypse CCG) deck builder and legality checker.",
        epilog="Run `ragedeck` with no command (or with a deck file) to open the deck builder window.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = sub.add_parser("check", help="check decks against the deck construction rules")
    check.add_argument(
        "decks", nargs="+", type=Path, metavar="DECK", help=".dek, Lackey text or native deck file"
    )
    _add_db_option(check)
    check.add_argument("--renown", type=int, metavar="N", help="Renown level (default: the deck's, else 20)")
    check.add_argument("--format", dest="format_name", metavar="NAME", help="format (see `ragedeck formats`)")
    check.add_argument("--json", action="store_true", help="print one JSON document")

    imp = sub.add_parser(
        "import-cards", help="import card data: a Lackey plugin folder, card data file or JSON"
    )
    imp.add_argument("path", type=Path, metavar="PATH")
    _add_db_option(imp)
    imp.add_argument("--json", action="store_true", help="print the import report as JSON")

    search = sub.add_parser("search", help="search the card database with the query language")
    search.add_argument("query", metavar="QUERY", help="e.g. 't:gift renown>=3 -\"moon\"'")
    _add_db_option(search)
    search.add_argument("--limit", type=int, default=None, metavar="N", help="show at most N cards")
    search.add_argument("--json", action="store_true", help="print results as JSON")

    formats = sub.add_parser("formats", help="list the formats decks can be checked against")
    formats.add_argument("--json", action="store_true", help="print formats as JSON")

    export = sub.add_parser("export", help="export a deck: Lackey .dek/text, PDF decklist, PDF proxy sheets")
    export.add_argument("deck", type=Path, metavar="DECK")
    export.add_argument("--to", required=True, choices=["dek", "text", "native", "decklist", "proxies"])
    export.add_argument("-o", "--output", required=True, type=Path, metavar="OUT")
    _add_db_option(export)
    export.add_argument("--paper", default="a4", help="a4, letter or WxHmm (e.g. 210x297mm)")
    export.add_argument("--cut-marks", default="none", choices=["none", "corners", "lines"])
    export.add_argument("--bleed", type=float, default=0.0, metavar="MM")
    export.add_argument("--gap", type=float, default=0.0, metavar="MM")
    export.add_argument("--section", choices=["characters", "sept", "combat"])
    export.add_argument("--cards", action="append", metavar="NAME", help="only these cards (repeatable)")
    export.add_argument(
        "--one-side", action="store_true", help="print only the breed side of two-sided cards"
    )
    export.add_argument("--player", default="", metavar="NAME")
    export.add_argument("--event", default="", metavar="NAME")
    export.add_argument("--renown", type=int, metavar="N")
    export.add_argument("--format", dest="format_name", metavar="NAME")
    return parser


def build_gui_parser() -> argparse.ArgumentParser:
    """The parser for `ragedeck [DECKFILE]` (the window)."""
    parser = argparse.ArgumentParser(prog="ragedeck", add_help=True)
    parser.add_argument("deck", nargs="?", type=Path, metavar="DECKFILE", help="deck to open")
    _add_db_option(parser)
    parser.add_argument("--smoke-test", dest="smoke_test", type=Path, metavar="DECKFILE")
    # The cold-start benchmark times the window alone, without the export preview the smoke test also checks.
    parser.add_argument("--smoke-window-only", action="store_true", help=argparse.SUPPRESS)
    return parser


def open_db(path: Path | None) -> CardDatabase:
    """Open the card database or raise CliError with the reason."""
    try:
        return CardDatabase(path)
    except DatabaseError as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(f"cannot open the card database: {exc}") from exc


def _warn_if_empty(db: CardDatabase, err: TextIO) -> None:
    if db.card_count() == 0:
        print(
            f"note: the card database {db.path} is empty; run `ragedeck import-cards PATH` with a Lackey "
            "plugin folder or card data file first",
            file=err,
        )


# -- check ---------------------------------------------------------------------------------------


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check each deck; exit 0 if all legal, 1 if any illegal, 2 if any cannot be read."""
    from deckbuilder.deckfiles import DeckFileError, read_deck
    from deckbuilder.legality import check_deck
    from deckbuilder.legality.formats import FormatError, load_format

    db = open_db(args.db)
    try:
        _warn_if_empty(db, err)
        forced_format = None
        if args.format_name:
            try:
                forced_format = load_format(args.format_name)
            except FormatError as exc:
                raise CliError(str(exc)) from exc
        if args.renown is not None and not 0 <= args.renown <= 1000:
            raise CliError(f"--renown must be between 0 and 1000, not {args.renown}")
        documents: list[dict[str, Any]] = []
        worst = EXIT_OK
        for path in args.decks:
            try:
                loaded = read_deck(path, pool=db)
            except (DeckFileError, OSError) as exc:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                documents.append({"file": str(path), "legal": False, "error": reason})
                if not args.json:
                    print(f"{path}: cannot read: {reason}", file=err)
                worst = EXIT_UNREADABLE
                continue
            try:
                fmt = forced_format or load_format(loaded.deck.format)
            except FormatError as exc:
                documents.append({"file": str(path), "legal": False, "error": str(exc)})
                if not args.json:
                    print(f"{path}: {exc}", file=err)
                worst = EXIT_UNREADABLE
                continue
            report = check_deck(loaded.deck, db, fmt, args.renown)
            if not report.is_legal and worst == EXIT_OK:
                worst = EXIT_ILLEGAL
            documents.append(
                {
                    "file": str(path),
                    "legal": report.is_legal,
                    "format": report.format,
                    "renown_level": report.renown_level,
                    "totals": report.totals.to_json(),
                    "results": [r.to_json() for r in report.results],
                    "problems": list(loaded.problems),
                }
            )
            if not args.json:
                _print_report(path, loaded.deck.name, report, loaded.problems, out)
        if args.json:
            json.dump({"decks": documents}, out, indent=2, ensure_ascii=False)
            out.write("\n")
        return worst
    finally:
        db.close()


def _print_report(path: Path, deck_name: str, report: Any, problems: Sequence[str], out: TextIO) -> None:
    totals = report.totals
    verdict = "LEGAL" if report.is_legal else "ILLEGAL"
    print(f"{path}: {verdict} — {deck_name} ({report.format}, Renown level {report.renown_level})", file=out)
    allegiance = f" · {totals.allegiance}" if totals.allegiance else ""
    print(
        f"  Renown {totals.renown} / {report.renown_level} · Rogue {totals.rogue_renown} · "
        f"Characters {totals.characters} · Sept {totals.sept} · Combat {totals.combat}{allegiance}",
        file=out,
    )
    for problem in problems:
        print(f"  file     {problem}", file=out)
    for result in report.results:
        print(f"  {result.severity.value:<8} {result.code}: {result.message}", file=out)


# -- import-cards -----------------------------------------------------------------------------------


def cmd_import(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Import card data into the database and print the report."""
    from carddb.importing import CardImportError, import_path

    if not args.path.exists():
        raise CliError(f"{args.path} does not exist")
    db = open_db(args.db)
    try:
        try:
            report = import_path(db, args.path)
        except CardImportError as exc:
            raise CliError(str(exc)) from exc
        if args.json:
            json.dump({"database": str(db.path), **report.to_json()}, out, indent=2, ensure_ascii=False)
            out.write("\n")
        else:
            print(report.summary(), file=out)
            for issue in report.issues:
                where = f"{issue.source}:{issue.line}" if issue.line else issue.source
                print(f"  {issue.severity:<10} {where}: {issue.reason}", file=out)
            print(f"database: {db.path}", file=out)
        return EXIT_OK
    finally:
        db.close()


# -- search ----------------------------------------------------------------------------------------


def cmd_search(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Search the card database and print matching cards."""
    from carddb.search import QuerySyntaxError, search

    db = open_db(args.db)
    try:
        _warn_if_empty(db, err)
        try:
            rows = search(db, args.query, limit=args.limit)
        except QuerySyntaxError as exc:
            print(f"error: {exc}", file=err)
            print(f"  {args.query}", file=err)
            print(f"  {' ' * exc.position}^", file=err)
            return EXIT_UNREADABLE
        if args.json:
            cards = [row._asdict() for row in rows]
            json.dump(
                {"query": args.query, "count": len(cards), "cards": cards}, out, indent=2, ensure_ascii=False
            )
            out.write("\n")
            return EXIT_OK
        for row in rows:
            stats = " ".join(
                f"{label}{value}"
                for label, value in (
                    ("R", row.renown),
                    ("Rg", row.rage),
                    ("G", row.gnosis),
                    ("H", row.health),
                )
                if value is not None
            )
            print(f"{row.name:<36} {row.type:<22} {row.set_name:<20} {stats}".rstrip(), file=out)
        print(f"{len(rows)} card{'s' if len(rows) != 1 else ''}", file=out)
        return EXIT_OK
    finally:
        db.close()


# -- formats ----------------------------------------------------------------------------------------


def cmd_formats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List the formats."""
    from deckbuilder.legality.formats import available_formats, format_problems

    formats = available_formats()
    for problem in format_problems():
        print(f"warning: {problem}", file=err)
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
        print(f"{fmt.name:<20} {fmt.title}" + (f" — {fmt.description}" if fmt.description else ""), file=out)
    return EXIT_OK


# -- export -----------------------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Export a deck to Lackey, a PDF decklist or PDF proxy sheets."""
    from carddb.cardtypes import Section
    from deckbuilder.deckfiles import DeckFileError, read_deck, write_deck

    db = open_db(args.db)
    try:
        try:
            loaded = read_deck(args.deck, pool=db)
        except (DeckFileError, OSError) as exc:
            raise CliError(f"{args.deck}: cannot read: {exc}") from exc
        deck = loaded.deck
        for problem in loaded.problems:
            print(f"note: {problem}", file=err)
        if args.renown is not None:
            deck.renown_level = args.renown
        if args.format_name:
            deck.format = args.format_name
        if args.to in ("dek", "text", "native"):
            write_deck(deck, args.output, kind=args.to, pool=db, zone_labels=db.deck_zone_labels())
            print(f"wrote {args.output}", file=out)
            return EXIT_OK
        if args.to == "decklist":
            from deckbuilder.export.decklist import DecklistOptions, write_decklist_pdf

            try:
                write_decklist_pdf(
                    deck,
                    db,
                    args.output,
                    DecklistOptions(paper=args.paper, player=args.player, event=args.event),
                )
            except ValueError as exc:
                raise CliError(str(exc)) from exc
            print(f"wrote {args.output}", file=out)
            return EXIT_OK
        from deckbuilder.export.proxies import ProxyOptions, write_proxies_pdf

        options = ProxyOptions(
            paper=args.paper,
            gap_mm=args.gap,
            bleed_mm=args.bleed,
            cut_marks=args.cut_marks,
            section=Section(args.section) if args.section else None,
            names=args.cards,
            both_sides=not args.one_side,
        )
        try:
            result = write_proxies_pdf(deck, db, args.output, options)
        except ValueError as exc:
            raise CliError(str(exc)) from exc
        for message in result.messages:
            print(f"note: {message}", file=err)
        print(
            f"wrote {args.output}: {result.cards} cards on {result.pages} pages "
            f"({result.images_embedded} images, {result.text_proxies} text proxies)",
            file=out,
        )
        return EXIT_OK
    finally:
        db.close()


# -- GUI --------------------------------------------------------------------------------------------


def run_gui_command(argv: list[str], err: TextIO) -> int:
    """`ragedeck [DECKFILE]` and `ragedeck --smoke-test DECKFILE`: the window."""
    args = build_gui_parser().parse_args(argv)
    try:
        from deckbuilder.ui import app
    except ImportError as exc:
        print(
            f"error: the deck builder window cannot start ({exc}); the command line still works: "
            "see `ragedeck --help`",
            file=err,
        )
        return EXIT_UNREADABLE
    if args.smoke_test is not None:
        return app.smoke_test(args.smoke_test, args.db, export_preview=not args.smoke_window_only)
    return app.run_gui(argv, args.db, args.deck)


COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO, TextIO], int]] = {
    "check": cmd_check,
    "import-cards": cmd_import,
    "search": cmd_search,
    "formats": cmd_formats,
    "export": cmd_export,
}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Entry point of `ragedeck`; returns the exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    err = err or sys.stderr
    if not arguments or arguments[0] not in (*SUBCOMMANDS, "-h", "--help"):
        try:
            return run_gui_command(arguments, err)
        except CliError as exc:
            print(f"error: {exc}", file=err)
            return EXIT_UNREADABLE
    try:
        args = build_parser().parse_args(arguments)
    except SystemExit as exc:  # argparse already printed the usage message
        return int(exc.code) if isinstance(exc.code, int) else EXIT_UNREADABLE
    if args.command is None:
        build_parser().print_help(out)
        return EXIT_OK
    try:
        return COMMANDS[args.command](args, out, err)
    except (CliError, DatabaseError) as exc:  # DatabaseError: damaged or read-only database met mid-command
        print(f"error: {exc}", file=err)
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        print("interrupted", file=err)
        return 130
    except BrokenPipeError:
        # The reader went away (`ragedeck search x | head`): not an error of ours; silence the flush at exit.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK

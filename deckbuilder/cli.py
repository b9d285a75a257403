"""The `ragedeck` command line: every non-visual job, headless (also `python -m deckbuilder`)."""

from __future__ import annotations

import argparse
import io
import json
import re
import sqlite3
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

# Only what every command needs is imported here; each command imports its own modules (a `check` never
# loads the PDF, image or Qt libraries).
from carddb.db import DatabaseError
from deckbuilder.i18n import N_, render_text
from deckbuilder.i18n import gettext as _
from deckbuilder.i18n.numbers import format_percent

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from deckbuilder.deck import Deck
    from deckbuilder.deckfiles import LoadedDeck
    from deckbuilder.legality.results import Report

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2

SUBCOMMANDS = ("check", "import-cards", "search", "formats", "games", "export", "odds", "collection")
MAX_SEARCH_LIMIT = 100_000

# Characters that would let a card name or file name rewrite the terminal line: C0/C1 controls (newline and tab
# excepted), bidirectional overrides and isolates, line separators. Lone surrogates cannot be written at all.
_UNSAFE_OUTPUT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def safe_text(text: str) -> str:
    """Text as the CLI prints it: controls and bidi overrides escaped (`\\u202e`), lone surrogates as U+FFFD."""
    text = _LONE_SURROGATE.sub("\ufffd", text)
    return _UNSAFE_OUTPUT.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class _SafeWriter(io.TextIOBase):
    """Wraps stdout/stderr so nothing a deck or database holds can crash the output or spoof the terminal.

    JSON stays valid: an escaped character becomes a JSON `\\uXXXX` escape inside a string, which reads back the same.
    """

    def __init__(self, target: TextIO) -> None:
        super().__init__()
        self._target = target

    def write(self, text: str) -> int:
        shown = safe_text(text)
        try:
            self._target.write(shown)
        except UnicodeEncodeError:
            # A console that cannot show every character (cp1252 on Windows): escape those, never crash.
            encoding = getattr(self._target, "encoding", None) or "ascii"
            self._target.write(shown.encode(encoding, "backslashreplace").decode(encoding))
        return len(text)

    def flush(self) -> None:
        self._target.flush()


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


class CliError(Exception):
    """A problem the user must fix (bad file, bad option); printed without a traceback, exit 2."""


def _add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help=_("card database file (default: $RAGEDECK_DB or the user data folder)"),
    )


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser for the subcommands (with `only`, just that one: argparse costs ~0.5 ms a subparser)."""

    def wanted(name: str) -> bool:
        return only is None or only == name

    parser = argparse.ArgumentParser(
        prog="ragedeck",
        description=_("Rage (Werewolf: the Apocalypse CCG) deck builder and legality checker."),
        epilog=_("Run `ragedeck` with no command (or with a deck file) to open the deck builder window."),
    )
    _add_lang_option(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    if wanted("check"):
        check = sub.add_parser("check", help=_("check decks against the deck construction rules"))
        check.add_argument(
            "decks",
            nargs="+",
            type=Path,
            metavar="DECK",
            help=_(".dek, Lackey text or native deck file, or a folder of them"),
        )
        _add_db_option(check)
        check.add_argument(
            "--renown", type=int, metavar="N", help=_("Renown level (default: the deck's, else 20)")
        )
        check.add_argument(
            "--format", dest="format_name", metavar="NAME", help=_("format (see `ragedeck formats`)")
        )
        check.add_argument(
            "--game",
            metavar="NAME",
            help=_("check as a deck of this game (default: the deck's, else rage; see `ragedeck games`)"),
        )
        check.add_argument("--json", action="store_true", help=_("print one JSON document"))
        check.add_argument(
            "--fix-hints",
            action="store_true",
            help=_("for each error, the changes that fix it (checked before shown)"),
        )
        check.add_argument(
            "--report",
            type=Path,
            metavar="FILE",
            help=_("organiser's report of every deck: FILE.html or FILE.csv"),
        )

    if wanted("import-cards"):
        imp = sub.add_parser(
            "import-cards", help=_("import card data: a Lackey plugin folder, card data file or JSON")
        )
        imp.add_argument("path", type=Path, metavar="PATH")
        imp.add_argument(
            "--game",
            metavar="NAME",
            help=_("the card-data file of another game (its game.json says the columns)"),
        )
        _add_db_option(imp)
        imp.add_argument("--json", action="store_true", help=_("print the import report as JSON"))
        imp.add_argument(
            "--remove-demo",
            action="store_true",
            help=_("after a successful import, delete the invented demo cards (set Demo) from the database"),
        )

    if wanted("search"):
        search = sub.add_parser("search", help=_("search the card database with the query language"))
        search.add_argument(
            "query", metavar="QUERY", help=_("e.g. 't:gift renown>=3 -\"moon\"' (may start with -)")
        )
        _add_db_option(search)
        search.add_argument(
            "--limit",
            type=int,
            default=None,
            metavar="N",
            help=_("show at most N cards (1 to {maximum})").format(maximum=f"{MAX_SEARCH_LIMIT:,}"),
        )
        search.add_argument("--json", action="store_true", help=_("print results as JSON"))
        search.add_argument(
            "--game", metavar="NAME", help=_("search another game's cards (words, field:word, field>=N)")
        )

    if wanted("formats"):
        formats = sub.add_parser("formats", help=_("list the formats decks can be checked against"))
        formats.add_argument("--json", action="store_true", help=_("print formats as JSON"))

    if wanted("games"):
        games = sub.add_parser("games", help=_("list the games decks can be built for, with their formats"))
        games.add_argument("--json", action="store_true", help=_("print games as JSON"))

    if wanted("export"):
        export = sub.add_parser(
            "export", help=_("export a deck: Lackey .dek/text, PDF decklist, PDF proxy sheets")
        )
        export.add_argument("deck", type=Path, metavar="DECK")
        export.add_argument("--to", required=True, choices=["dek", "text", "native", "decklist", "proxies"])
        export.add_argument("-o", "--output", required=True, type=Path, metavar="OUT")
        _add_db_option(export)
        export.add_argument("--paper", default="a4", help=_("a4, letter or WxHmm (e.g. 210x297mm)"))
        export.add_argument("--cut-marks", default="none", choices=["none", "corners", "lines"])
        export.add_argument("--bleed", type=float, default=0.0, metavar="MM")
        export.add_argument("--gap", type=float, default=0.0, metavar="MM")
        export.add_argument("--section", choices=["characters", "sept", "combat"])
        export.add_argument(
            "--cards", action="append", metavar="NAME", help=_("only these cards (repeatable)")
        )
        export.add_argument(
            "--one-side", action="store_true", help=_("print only the breed side of two-sided cards")
        )
        export.add_argument(
            "--all-copies",
            action="store_true",
            help=_("proxies: print every copy, not only those missing from your collection"),
        )
        export.add_argument("--player", default="", metavar="NAME")
        export.add_argument("--event", default="", metavar="NAME")
        export.add_argument("--renown", type=int, metavar="N")
        export.add_argument("--format", dest="format_name", metavar="NAME")

    if wanted("odds"):
        _add_odds_parser(sub)

    if wanted("collection"):
        _add_collection_parser(sub)
    return parser


def _add_odds_parser(sub: Any) -> None:
    odds = sub.add_parser("odds", help=_("draw odds and a sample opening hand of a deck"))
    odds.add_argument("deck", type=Path, metavar="DECK")
    _add_db_option(odds)
    odds.add_argument(
        "--card", action="append", default=[], metavar="NAME", help=_("chance of this card by turn N")
    )
    odds.add_argument(
        "--type", action="append", default=[], metavar="TYPE", help=_("chance of a Type (e.g. Gift)")
    )
    odds.add_argument("--turns", type=int, default=3, metavar="N", help=_("turns to show (default 3)"))
    odds.add_argument(
        "--seed", metavar="HEX", help=_("deal the sample hand of this seed (shared by another player)")
    )
    odds.add_argument(
        "--trials", type=int, default=20_000, metavar="N", help=_("simulation trials (max 200000)")
    )
    odds.add_argument("--json", action="store_true", help=_("print one JSON document"))


def _add_collection_parser(sub: Any) -> None:
    collection = sub.add_parser(
        "collection", help=_("the cards you own: import a have list, list or export it")
    )
    actions = collection.add_subparsers(dest="action", metavar="ACTION", required=True)
    imp = actions.add_parser(
        "import", help=_("add a Lackey .dek, text list or native deck to your collection")
    )
    imp.add_argument("files", nargs="+", type=Path, metavar="FILE")
    imp.add_argument("--replace", action="store_true", help=_("empty the collection first"))
    _add_db_option(imp)
    show = actions.add_parser("list", help=_("list the cards you own"))
    show.add_argument("--json", action="store_true", help=_("print as JSON"))
    show.add_argument(
        "--unknown", action="store_true", help=_("only owned cards the card database does not know")
    )
    _add_db_option(show)
    out = actions.add_parser("export", help=_("write the collection as a have list (.dek, .json or .txt)"))
    out.add_argument("output", type=Path, metavar="OUT")
    _add_db_option(out)


def _add_lang_option(parser: argparse.ArgumentParser) -> None:
    # Read (and removed) by main() before any parser runs, so the help itself is in that language.
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


def build_gui_parser() -> argparse.ArgumentParser:
    """The parser for `ragedeck [DECKFILE]` (the window)."""
    parser = argparse.ArgumentParser(prog="ragedeck", add_help=True)
    _add_lang_option(parser)
    parser.add_argument("deck", nargs="?", type=Path, metavar="DECKFILE", help=_("deck to open"))
    _add_db_option(parser)
    parser.add_argument("--smoke-test", dest="smoke_test", type=Path, metavar="DECKFILE")
    # The cold-start benchmark times the window alone, without the export preview the smoke test also checks.
    parser.add_argument("--smoke-window-only", action="store_true", help=argparse.SUPPRESS)
    return parser


def open_db(path: Path | None) -> CardDatabase:
    """Open the card database or raise CliError with the reason."""
    from carddb.db import CardDatabase

    try:
        return CardDatabase(path)
    except DatabaseError as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(_("cannot open the card database: {error}").format(error=exc)) from exc


def _warn_if_empty(db: CardDatabase, err: TextIO) -> None:
    if not db.has_cards():
        print(
            _(
                "note: the card database {path} is empty; run `ragedeck import-cards PATH` with a Lackey "
                "plugin folder or card data file first"
            ).format(path=db.path),
            file=err,
        )


# -- check ---------------------------------------------------------------------------------------


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check each deck; exit 0 if all legal, 1 if any illegal, 2 if any cannot be read."""
    from deckbuilder.deckfiles import DeckFileError, read_deck
    from deckbuilder.i18n import render
    from deckbuilder.legality.engine import check_deck, format_not_installed
    from deckbuilder.legality.formats import Format, FormatError, load_format, load_format_or_default

    forced_game = _forced_game(args.game)
    if forced_game is not None:
        return _check_other_game(args, forced_game, out, err)
    forced_format = None
    if args.format_name:
        try:
            forced_format = load_format(args.format_name)
        except FormatError as exc:
            raise CliError(str(exc)) from exc
    _check_renown(args.renown, "--renown")
    db = open_db(args.db)
    try:
        _warn_if_empty(db, err)
        documents: list[dict[str, Any]] = []
        formats: dict[str, tuple[Format, str | None]] = {}
        worst = EXIT_OK
        paths = _deck_paths(args.decks, err)
        pool_cards: list[Any] = []
        for path in paths:
            try:
                loaded = read_deck(path, pool=db)
            except (DeckFileError, OSError) as exc:
                worst = _unreadable_deck(path, exc, args.json, documents, err)
                continue
            problems = list(loaded.problems)
            if not _is_rage(loaded.deck.game):
                # Another game's deck met in a batch: checked by its game's rules, printed the same way.
                code = _check_game_deck(args, path, loaded.deck, problems, db, None, documents, out, err)
                worst = max(worst, code)
                continue
            shown_problems = [render_text(p) for p in loaded.problems]  # the reader's notes, in the language
            fmt = forced_format
            if fmt is None:
                # Formats are read once per run: a batch of 200 decks must not re-read the format folder 200 times.
                if loaded.deck.format not in formats:
                    formats[loaded.deck.format] = load_format_or_default(loaded.deck.format)
                fmt, missing = formats[loaded.deck.format]
                if missing:
                    note = format_not_installed(loaded.deck.format, fmt)
                    problems.append(f"{path.name}: {note.message}")
                    shown_problems.append(f"{path.name}: {render(note)}")
            report = check_deck(loaded.deck, db, fmt, args.renown)
            if not report.is_legal and worst == EXIT_OK:
                worst = EXIT_ILLEGAL
            hints = _fix_hints(args, loaded.deck, db, fmt, report, pool_cards)
            documents.append(
                {
                    "file": str(path),
                    "legal": report.is_legal,
                    "format": report.format,
                    "renown_level": report.renown_level,
                    "totals": report.totals.to_json(),
                    "results": [r.to_json() for r in report.results],
                    "problems": problems,
                    **({"fix_hints": hints.to_json()} if hints is not None else {}),
                }
            )
            if not args.json:
                _print_report(path, loaded.deck.name, report, shown_problems, out)
                if hints is not None:
                    hints.print(out)
        if args.json:
            json.dump({"decks": documents}, out, indent=2, ensure_ascii=False)
            out.write("\n")
        if args.report is not None:
            _write_report(paths, db, forced_format, args.renown, args.report, err)
        return worst
    finally:
        db.close()


def _is_rage(game: str) -> bool:
    from deckbuilder.games.piles import is_rage

    return is_rage(game)


def _forced_game(name: str | None) -> Any:
    """The game --game names when it is not Rage (None for Rage or no --game); CliError when it is unknown."""
    if not name:
        return None
    from deckbuilder.games.description import GameError, load_game

    try:
        game = load_game(name)
    except GameError as exc:
        raise CliError(str(exc)) from exc
    return None if _is_rage(game.name) else game


def _check_other_game(args: argparse.Namespace, game: Any, out: TextIO, err: TextIO) -> int:
    """`check --game NAME` for a game other than Rage: every deck is read and checked as that game's."""
    from deckbuilder.deckfiles import DeckFileError, read_deck

    db = open_db(args.db)
    try:
        documents: list[dict[str, Any]] = []
        worst = EXIT_OK
        for path in _deck_paths(args.decks, err):
            try:
                loaded = read_deck(path)
            except (DeckFileError, OSError) as exc:
                worst = _unreadable_deck(path, exc, args.json, documents, err)
                continue
            loaded.deck.game = game.name
            code = _check_game_deck(
                args, path, loaded.deck, list(loaded.problems), db, game, documents, out, err
            )
            worst = max(worst, code)
        if args.json:
            json.dump({"decks": documents}, out, indent=2, ensure_ascii=False)
            out.write("\n")
        return worst
    finally:
        db.close()


def _check_game_deck(
    args: argparse.Namespace,
    path: Path,
    deck: Deck,
    problems: list[str],
    db: CardDatabase,
    game: Any,
    documents: list[dict[str, Any]],
    out: TextIO,
    err: TextIO,
) -> int:
    """Check one deck of a data-described game; its JSON document and printed report look like Rage's."""
    from deckbuilder.games.cards import pool_for
    from deckbuilder.games.check import check_generic
    from deckbuilder.games.description import GameError, load_game
    from deckbuilder.i18n import render

    try:
        chosen = game if game is not None else load_game(deck.game)
        fmt = chosen.format_named(args.format_name) if args.format_name else None
    except GameError as exc:
        documents.append({"file": str(path), "legal": False, "error": str(exc)})
        if not args.json:
            print(_("{path}: cannot check: {reason}").format(path=path, reason=exc), file=err)
        return EXIT_UNREADABLE
    pool, shipped = pool_for(db, chosen)
    if shipped:
        problems.append(
            _(
                "the card database holds no {game} cards: checked against the card set shipped with the game "
                "(`ragedeck import-cards --game {name} FILE` imports your own)"
            ).format(game=chosen.title, name=chosen.name)
        )
    report = check_generic(deck, pool, chosen, fmt)
    if args.fix_hints:
        problems.append(
            _("fix hints are only worked out for Rage decks, not for {game}").format(game=chosen.title)
        )
    documents.append(
        {
            "file": str(path),
            "legal": report.is_legal,
            "game": report.game,
            "format": report.format,
            "totals": {pile: count for pile, _label, count in report.piles},
            "figures": {label: value for label, value in report.figures},
            "results": [r.to_json() for r in report.results],
            "problems": problems,
        }
    )
    if not args.json:
        verdict = _("LEGAL") if report.is_legal else _("ILLEGAL")
        print(
            _("{path}: {verdict} — {deck} ({game}, {format})").format(
                path=path, verdict=verdict, deck=deck.name, game=chosen.title, format=report.format
            ),
            file=out,
        )
        print("  " + " · ".join(f"{label} {value}" for label, value in report.figures), file=out)
        for problem in problems:
            print(f"  {_('file'):<8} {render_text(problem)}", file=out)
        for result in report.results:
            severity = _(_SEVERITY_WORDS[result.severity.value])
            print(f"  {severity:<8} {result.code}: {render(result)}", file=out)
    return EXIT_OK if report.is_legal else EXIT_ILLEGAL


def _unreadable_deck(
    path: Path, exc: Exception, as_json: bool, documents: list[dict[str, Any]], err: TextIO
) -> int:
    """A deck of a batch that cannot be read: a row with its (English) error, a line in the player's language."""
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    documents.append({"file": str(path), "legal": False, "error": reason})
    if not as_json:
        shown = _read_error(exc)
        print(_("{path}: cannot read: {reason}").format(path=path, reason=shown), file=err)
    return EXIT_UNREADABLE


def _deck_paths(targets: Sequence[Path], err: TextIO) -> list[Path]:
    """The files named, and the deck files inside any folder named."""
    from deckbuilder.report import deck_files

    paths, notes = deck_files(targets)
    for note in notes:
        print(_("note: {note}").format(note=note), file=err)
    return paths


def _write_report(
    paths: Sequence[Path], db: CardDatabase, fmt: Any, renown: int | None, target: Path, err: TextIO
) -> None:
    from deckbuilder.report import ReportError, check_files, write_report

    try:
        write_report(check_files(paths, db, fmt, renown), target)
    except ReportError as exc:
        raise CliError(str(exc)) from exc
    print(_("wrote {path}").format(path=target), file=err)


def _fix_hints(
    args: argparse.Namespace, deck: Any, db: CardDatabase, fmt: Any, report: Any, pool_cards: list[Any]
) -> Any:
    if not args.fix_hints:
        return None
    from deckbuilder.fixhints import HintList, fix_hints

    if not pool_cards:
        pool_cards.extend(db.all_cards())  # read once for all the decks of this run
    return HintList(fix_hints(deck, db, pool_cards, fmt, args.renown, report))


def _check_renown(value: int | None, option: str) -> None:
    from deckbuilder.deck import MAX_RENOWN_LEVEL

    if value is not None and not 0 <= value <= MAX_RENOWN_LEVEL:
        raise CliError(
            _("{option} must be a whole number from 0 to {maximum}, not {value}").format(
                option=option, maximum=MAX_RENOWN_LEVEL, value=value
            )
        )


_SEVERITY_WORDS = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}


def _print_report(path: Path, deck_name: str, report: Report, problems: Sequence[str], out: TextIO) -> None:
    from deckbuilder.i18n import render

    totals = report.totals
    verdict = _("LEGAL") if report.is_legal else _("ILLEGAL")
    print(
        _("{path}: {verdict} — {deck} ({format}, Renown level {level})").format(
            path=path, verdict=verdict, deck=deck_name, format=report.format, level=report.renown_level
        ),
        file=out,
    )
    allegiance = f" · {totals.allegiance}" if totals.allegiance else ""
    print(
        _(
            "  Renown {renown} / {level} · Rogue {rogue} · Characters {characters} · Sept {sept} · Combat {combat}"
        ).format(
            renown=totals.renown,
            level=report.renown_level,
            rogue=totals.rogue_renown,
            characters=totals.characters,
            sept=totals.sept,
            combat=totals.combat,
        )
        + allegiance,
        file=out,
    )
    for problem in problems:
        print(f"  {_('file'):<8} {problem}", file=out)
    for result in report.results:
        severity = _(_SEVERITY_WORDS[result.severity.value])
        print(f"  {severity:<8} {result.code}: {render(result)}", file=out)


# -- import-cards -----------------------------------------------------------------------------------


def _read_error(exc: Exception) -> str:
    """Why a deck file could not be read, in the player's language (a reader's reason is a carddb Message)."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return render_text(getattr(exc, "reason", None) or str(exc))


# The import report's severities (carddb.importing REJECTED, SUSPICIOUS, NOTE), as the text output shows them.
_IMPORT_SEVERITIES = {"rejected": N_("rejected"), "suspicious": N_("suspicious"), "note": N_("note")}


def cmd_import(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Import card data into the database and print the report."""
    from carddb.demo import DEMO_SET, demo_cards_barred, has_demo_cards, remove_demo_cards
    from carddb.importing import CardImportError, import_path

    if not args.path.exists():
        raise CliError(_("{path} does not exist").format(path=args.path))
    game = _forced_game(args.game)
    if game is not None:
        return _import_game_cards(args, game, out)
    db = open_db(args.db)
    try:
        try:
            report = import_path(db, args.path)
        except CardImportError as exc:
            raise CliError(render_text(exc.reason)) from exc
        db.invalidate_caches()
        demo_left = has_demo_cards(db) and demo_cards_barred(db.set_names())
        removed = remove_demo_cards(db) if demo_left and args.remove_demo else 0
        if args.json:
            document = {"database": str(db.path), **report.to_json()}
            document["demo_cards_removed"] = removed
            document["demo_cards_left"] = demo_left and not args.remove_demo
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
        else:
            print(render_text(report.summary()), file=out)
            for issue in report.issues:
                where = f"{issue.source}:{issue.line}" if issue.line else issue.source
                severity = _(_IMPORT_SEVERITIES.get(issue.severity, issue.severity))
                print(f"  {severity:<10} {where}: {render_text(issue.reason)}", file=out)
            print(_("database: {path}").format(path=db.path), file=out)
            if removed:
                print(
                    _("removed {count} invented demo card(s) (set {set})").format(
                        count=removed, set=DEMO_SET
                    ),
                    file=out,
                )
            elif demo_left:
                print(
                    _(
                        "note: the invented demo cards (set {set}) are still in the database; no format "
                        "accepts them now. Remove them with: ragedeck import-cards PATH --remove-demo"
                    ).format(set=DEMO_SET),
                    file=out,
                )
        return EXIT_OK
    finally:
        db.close()


def _import_game_cards(args: argparse.Namespace, game: Any, out: TextIO) -> int:
    """Import another game's card-data file (the columns its game.json documents) into the database."""
    from deckbuilder.games.cards import MAX_CARD_DATA_BYTES, import_card_data

    path: Path = args.path
    if path.is_dir() or path.is_symlink():
        raise CliError(
            _("{path}: give the {game} card-data file itself (a CSV file), not a folder or a link").format(
                path=path, game=game.title
            )
        )
    try:
        if path.stat().st_size > MAX_CARD_DATA_BYTES:
            raise CliError(
                _("{path} is too large for card data ({size} bytes)").format(
                    path=path, size=path.stat().st_size
                )
            )
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise CliError(
            _("{path} is not UTF-8 text; save the card data as UTF-8 CSV").format(path=path)
        ) from None
    except OSError as exc:
        raise CliError(
            _("{path}: cannot read: {reason}").format(path=path, reason=exc.strerror or exc)
        ) from exc
    db = open_db(args.db)
    try:
        data = import_card_data(db, game, text, str(path))
        issues = [{"line": i.line, "reason": i.reason} for i in data.issues]
        if args.json:
            document = {
                "database": str(db.path),
                "game": game.name,
                "cards": len(data.cards),
                "issues": issues,
            }
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
        else:
            if data.cards:
                done = _("imported {count} {game} cards from {path}")
            else:
                done = _(
                    "imported {count} {game} cards from {path}: nothing was stored; the database keeps the cards it had"
                )
            print(done.format(count=len(data.cards), game=game.title, path=path), file=out)
            for issue in data.issues:
                print(f"  {_('problem'):<10} {path}:{issue.line}: {issue.reason}", file=out)
            print(_("database: {path}").format(path=db.path), file=out)
        return EXIT_OK if data.cards else EXIT_UNREADABLE
    finally:
        db.close()


# -- search ----------------------------------------------------------------------------------------


def _search_game(args: argparse.Namespace, game: Any, out: TextIO) -> int:
    """`search --game NAME`: that game's cards only (the database's, else the set shipped with the game)."""
    from deckbuilder.games.cards import pool_for
    from deckbuilder.games.search import search_cards

    db = open_db(args.db)
    try:
        pool, _shipped = pool_for(db, game)
    finally:
        db.close()
    found = search_cards(game, pool.cards(), args.query)
    shown = found[: args.limit] if args.limit is not None else found
    if args.json:
        cards = [
            {
                "name": c.name,
                "type": c.type,
                **{k: list(v) if isinstance(v, tuple) else v for k, v in c.values.items()},
            }
            for c in shown
        ]
        document = {
            "game": game.name,
            "query": args.query,
            "count": len(shown),
            "total": len(found),
            "cards": cards,
        }
        json.dump(document, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return EXIT_OK
    for card in shown:
        fields = " · ".join(
            f"{f.label} {', '.join(v) if isinstance(v, tuple) else v}"
            for f in game.fields
            if f.kind != "text" and (v := card.value(f.name)) not in (None, "", ())
        )
        print(f"{card.name} — {card.type}" + (f" · {fields}" if fields else ""), file=out)
    print(
        _("{count} of {total} {game} cards").format(count=len(shown), total=len(found), game=game.title),
        file=out,
    )
    return EXIT_OK


def cmd_search(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Search the card database and print matching cards with every field."""
    from carddb.search import QuerySyntaxError, count_matches, search

    if args.limit is not None and not 1 <= args.limit <= MAX_SEARCH_LIMIT:
        raise CliError(
            _("--limit must be a whole number from 1 to {maximum}, not {value}").format(
                maximum=f"{MAX_SEARCH_LIMIT:,}", value=args.limit
            )
        )
    if _LONE_SURROGATE.search(args.query):
        raise CliError(_("the search text holds bytes that are not UTF-8 text; type it again in UTF-8"))
    game = _forced_game(args.game)
    if game is not None:
        return _search_game(args, game, out)
    db = open_db(args.db)
    try:
        _warn_if_empty(db, err)
        try:
            rows = search(db, args.query, limit=args.limit)
            total = count_matches(db, args.query) if args.limit is not None else len(rows)
        except QuerySyntaxError as exc:
            print(_("error: {error}").format(error=exc), file=err)
            print(f"  {args.query}", file=err)
            print(f"  {' ' * exc.position}^", file=err)
            return EXIT_UNREADABLE
        cards = db.cards_by_ids(row.id for row in rows)
        hints = db.suggest(args.query) if not cards else []
        if args.json:
            document = {
                "query": args.query,
                "count": len(cards),
                "total": total,
                "cards": [_card_json(card) for card in cards],
                "suggestions": hints,
            }
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
            return EXIT_OK
        for card in cards:
            _print_card(card, out)
        shown = f"{len(cards)} of {total}" if len(cards) < total else f"{len(cards)}"
        print((_("{shown} card") if total == 1 else _("{shown} cards")).format(shown=shown), file=out)
        if hints:
            print(_("did you mean {names}?").format(names=_(" or ").join(hints)), file=out)
        return EXIT_OK
    finally:
        db.close()


# Card fields in the order a player reads them, each with its label (numbers only when the card has them).
_CARD_FIELDS: tuple[tuple[str, str], ...] = (
    ("renown", N_("Renown")),
    ("rage", N_("Rage")),
    ("gnosis", N_("Gnosis")),
    ("health", N_("Health")),
    ("crage", N_("Crinos Rage")),
    ("cgnosis", N_("Crinos Gnosis")),
    ("chealth", N_("Crinos Health")),
    ("damage", N_("Damage")),
)


def _card_json(card: Any) -> dict[str, Any]:
    """Every field of a card, for `search --json`."""
    return {
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "section": card.section.value if card.section is not None else None,
        "sets": list(card.sets),
        "set_name": card.sets[0] if card.sets else "",
        "sealed": card.sealed,
        "requires": card.requires,
        "keywords": card.keywords_field,
        **{name: getattr(card, name) for name, _label in _CARD_FIELDS},
        "text": card.text,
        "errata": card.errata,
        "notes": card.notes,
    }


def _print_card(card: Any, out: TextIO) -> None:
    stats = " · ".join(
        f"{_(label)} {getattr(card, name)}" for name, label in _CARD_FIELDS if getattr(card, name) is not None
    )
    sets = ", ".join(card.sets)
    print(f"{card.name} — {card.type}" + (f" [{sets}]" if sets else ""), file=out)
    for label, value in (
        (_("Requires"), card.requires),
        (_("Keywords"), card.keywords_field),
        (_("Stats"), stats),
        (_("Text"), card.text),
        (_("Errata"), card.errata),
        (_("Notes"), card.notes),
    ):
        if value and value.strip():
            print(f"  {label}: {' '.join(value.split())}", file=out)


# -- formats ----------------------------------------------------------------------------------------


def cmd_formats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
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


def cmd_games(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List the games and their formats."""
    from deckbuilder.games.description import available_games, game_problems

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


# -- export -----------------------------------------------------------------------------------------


def _read_one_deck(path: Path, db: CardDatabase) -> LoadedDeck:
    """The deck a single-deck command works on; an unreadable file is a CliError naming it."""
    from deckbuilder.deckfiles import DeckFileError, read_deck

    try:
        return read_deck(path, pool=db)
    except (DeckFileError, OSError) as exc:
        raise CliError(_("{path}: cannot read: {reason}").format(path=path, reason=_read_error(exc))) from exc


def cmd_export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Export a deck to Lackey, a PDF decklist or PDF proxy sheets."""
    from deckbuilder.deckfiles import DeckFileError
    from deckbuilder.legality.formats import FormatError, load_format, load_format_or_default

    _check_renown(args.renown, "--renown")
    _check_output(args.output)
    for option in ("player", "event"):
        # Bytes that are not UTF-8 on the command line reach us as lone surrogates; no PDF can hold them.
        text = getattr(args, option)
        if _LONE_SURROGATE.search(text):
            print(
                _("note: --{option} holds bytes that are not UTF-8 text; they are printed as \ufffd").format(
                    option=option
                ),
                file=err,
            )
            setattr(args, option, _LONE_SURROGATE.sub("\ufffd", text))
    if args.format_name:
        try:
            forced = load_format(args.format_name).name
        except FormatError as exc:
            raise CliError(str(exc)) from exc
    db = open_db(args.db)
    try:
        loaded = _read_one_deck(args.deck, db)
        deck = loaded.deck
        for problem in loaded.problems:
            print(_("note: {note}").format(note=render_text(problem)), file=err)
        if args.renown is not None:
            deck.renown_level = args.renown
        if args.format_name:
            deck.format = forced
        elif args.to in ("decklist", "proxies"):
            fmt, missing = load_format_or_default(deck.format)
            if missing:
                from deckbuilder.i18n import render
                from deckbuilder.legality.engine import format_not_installed

                note = render(format_not_installed(deck.format, fmt))
                print(_("note: {note}").format(note=f"{args.deck.name}: {note}"), file=err)
                deck.format = fmt.name
        try:
            return _export(args, deck, db, out, err)
        except DeckFileError as exc:
            raise CliError(_read_error(exc)) from exc
        except OSError as exc:
            raise CliError(
                _("cannot write {path}: {reason}").format(path=args.output, reason=exc.strerror or exc)
            ) from exc
    finally:
        db.close()


# -- odds ------------------------------------------------------------------------------------------


def cmd_odds(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the combat-hand odds, the chance of cards or Types by turn N, and a seeded sample hand."""
    from carddb.cardtypes import Section
    from deckbuilder import odds

    if not 1 <= args.turns <= odds.MAX_TURNS:
        raise CliError(
            _("{option} must be between {low} and {high}, not {value}").format(
                option="--turns", low=1, high=odds.MAX_TURNS, value=args.turns
            )
        )
    if not 0 <= args.trials <= odds.MAX_TRIALS:
        raise CliError(
            _("{option} must be between {low} and {high}, not {value}").format(
                option="--trials", low=0, high=odds.MAX_TRIALS, value=args.trials
            )
        )
    try:
        seed = odds.parse_seed(args.seed) if args.seed else odds.new_seed()
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    db = open_db(args.db)
    try:
        loaded = _read_one_deck(args.deck, db)
        deck = loaded.deck
        if not _is_rage(deck.game):
            raise CliError(
                _("{path}: draw odds are only worked out for Rage decks, not for {game}").format(
                    path=args.deck, game=deck.game
                )
            )
        piles = odds.deck_piles(deck, db)
        combat = odds.combat_hand_odds(deck, db, seed=seed, trials=args.trials)
        found: list[odds.Odds] = [*combat.per_character]
        found += [o for o in (combat.every_character, combat.distinct_cards) if o is not None]
        for name in args.card:
            card = db.lookup(name)
            label = card.name if card is not None else name
            found += [odds.card_by_turn(piles, label, turn) for turn in range(1, args.turns + 1)]
        for type_word in args.type:
            section = Section.COMBAT if "combat" in type_word.casefold() else Section.SEPT
            found += [odds.type_by_turn(piles, section, type_word, turn) for turn in range(1, args.turns + 1)]
        hand = odds.SampleHand.deal(piles, seed)
        if args.json:
            document = {
                "deck": deck.name,
                "odds": [o.to_json() for o in found],
                "sample_hand": {
                    "seed": odds.format_seed(seed),
                    "sept": hand.sept_hand,
                    "combat": hand.combat_hand,
                },
            }
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
            return EXIT_OK
        from deckbuilder.i18n import render

        print(
            _("{deck}: {sept} sept and {combat} combat cards, hands of 5").format(
                deck=deck.name, sept=len(piles.sept), combat=len(piles.combat)
            ),
            file=out,
        )
        for item in found:
            margin = ""
            if item.method == odds.SIMULATED:
                margin = _(" ±{margin}, {trials} trials").format(
                    margin=format_percent(item.margin), trials=item.trials
                )
            print(f"  {_(odds.METHOD_WORDS[item.method]):<9} {render(item)}{margin}", file=out)
        print(_("sample hand (seed {seed}):").format(seed=odds.format_seed(seed)), file=out)
        print(_("  sept:   {cards}").format(cards="; ".join(hand.sept_hand)), file=out)
        print(_("  combat: {cards}").format(cards="; ".join(hand.combat_hand)), file=out)
        return EXIT_OK
    finally:
        db.close()


# -- collection ------------------------------------------------------------------------------------


def cmd_collection(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Import a have list into the collection, list it, or export it."""
    from deckbuilder.collection import Collection, CollectionError

    db = open_db(args.db)
    try:
        collection = Collection(db)
        if args.action == "import":
            worst = EXIT_OK
            for number, path in enumerate(args.files):
                try:
                    summary = collection.import_file(path, replace=args.replace and number == 0)
                except CollectionError as exc:
                    print(_("{path}: cannot read: {reason}").format(path=path, reason=exc), file=err)
                    worst = EXIT_UNREADABLE
                    continue
                for problem in summary.problems:
                    print(_("note: {note}").format(note=render_text(problem)), file=err)
                print(
                    _("{path}: added {copies} copies ({rows} cards)").format(
                        path=path, copies=summary.copies, rows=summary.rows
                    ),
                    file=out,
                )
                for name in summary.unknown:
                    print(
                        _("  unknown  '{name}' is not in the card database; kept as written").format(
                            name=name
                        ),
                        file=out,
                    )
            return worst
        if args.action == "export":
            try:
                copies = collection.export_file(args.output)
            except CollectionError as exc:
                raise CliError(str(exc)) from exc
            print(_("wrote {path}: {copies} copies").format(path=args.output, copies=copies), file=out)
            return EXIT_OK
        rows = collection.unknown() if args.unknown else collection.rows()
        if args.json:
            json.dump({"cards": [r.to_json() for r in rows]}, out, indent=2, ensure_ascii=False)
            out.write("\n")
            return EXIT_OK
        for row in rows:
            mark = "" if row.known else "   " + _("(unknown to the card database)")
            print(f"{row.count:>4}  {row.name:<40} {row.set_name}{mark}".rstrip(), file=out)
        print(
            _("{copies} copies of {cards} cards").format(
                copies=sum(r.count for r in rows), cards=len({r.name.casefold() for r in rows})
            ),
            file=out,
        )
        return EXIT_OK
    finally:
        db.close()


def _check_output(output: Path) -> None:
    """Refuse an output path that can never be written, before any work is done."""
    if output.is_dir():
        raise CliError(_("{path} is a folder; give the name of the file to write").format(path=output))
    parent = output.parent if str(output.parent) else Path(".")
    if not parent.is_dir():
        raise CliError(
            _("cannot write {path}: the folder {folder} does not exist").format(path=output, folder=parent)
        )


def _deck_pool(deck: Deck, db: CardDatabase) -> Any:
    """The cards a deck's names are looked up in: the database for Rage, the deck's game's cards otherwise."""
    from deckbuilder.games.cards import pool_for
    from deckbuilder.games.piles import game_of

    game = game_of(deck)
    return db if game is None else pool_for(db, game)[0]


def _export(args: argparse.Namespace, deck: Deck, db: CardDatabase, out: TextIO, err: TextIO) -> int:
    """Write the export; OSError and DeckFileError go to the caller, which names the output file."""
    if args.to in ("dek", "text", "native"):
        from deckbuilder.deckfiles import write_deck

        if deck.unread and args.to != "native":
            print(
                _(
                    "note: {count} part(s) of {deck} could not be read and are not in {output}; "
                    "fix them in the original file"
                ).format(count=len(deck.unread), deck=args.deck.name, output=args.output.name),
                file=err,
            )

        write_deck(
            deck, args.output, kind=args.to, pool=_deck_pool(deck, db), zone_labels=db.deck_zone_labels()
        )
        print(_("wrote {path}").format(path=args.output), file=out)
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
        print(_("wrote {path}").format(path=args.output), file=out)
        return EXIT_OK
    from carddb.cardtypes import Section
    from deckbuilder.collection import Collection
    from deckbuilder.export.proxies import ProxyOptions, write_proxies_pdf

    options = ProxyOptions(
        paper=args.paper,
        gap_mm=args.gap,
        bleed_mm=args.bleed,
        cut_marks=args.cut_marks,
        section=Section(args.section) if args.section else None,
        names=args.cards,
        both_sides=not args.one_side,
        owned=None if args.all_copies else Collection(db).owned_map(),
    )
    try:
        result = write_proxies_pdf(deck, db, args.output, options)
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    for message in result.messages:
        print(_("note: {note}").format(note=message), file=err)
    print(
        _("wrote {path}: {cards} cards on {pages} pages ({images} images, {texts} text proxies)").format(
            path=args.output,
            cards=result.cards,
            pages=result.pages,
            images=result.images_embedded,
            texts=result.text_proxies,
        ),
        file=out,
    )
    return EXIT_OK


# -- GUI --------------------------------------------------------------------------------------------


def run_gui_command(argv: list[str], err: TextIO) -> int:
    """`ragedeck [DECKFILE]` and `ragedeck --smoke-test DECKFILE`: the window."""
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


COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO, TextIO], int]] = {
    "check": cmd_check,
    "import-cards": cmd_import,
    "games": cmd_games,
    "search": cmd_search,
    "formats": cmd_formats,
    "export": cmd_export,
    "odds": cmd_odds,
    "collection": cmd_collection,
}


_SEARCH_VALUE_OPTIONS = frozenset({"--db", "--limit", "--game"})
_SEARCH_FLAG_OPTIONS = frozenset({"--json", "-h", "--help"})


def _search_arguments(arguments: list[str]) -> list[str]:
    """`search -"moon"`: a query may start with `-` (a NOT); everything that is not one of search's options is it."""
    options: list[str] = []
    rest: list[str] = []
    index = 1
    while index < len(arguments):
        token = arguments[index]
        name = token.split("=", 1)[0]
        if token == "--":
            rest.extend(arguments[index + 1 :])
            break
        if name in _SEARCH_VALUE_OPTIONS:
            take = 1 if "=" in token else 2
            options.extend(arguments[index : index + take])
            index += take
            continue
        if token in _SEARCH_FLAG_OPTIONS:
            options.append(token)
        else:
            rest.append(token)
        index += 1
    return [arguments[0], *options, "--", *rest] if rest else [arguments[0], *options]


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Entry point of `ragedeck`; returns the exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    out = cast(TextIO, _SafeWriter(out or sys.stdout))
    err = cast(TextIO, _SafeWriter(err or sys.stderr))
    arguments, lang = take_lang_option(arguments)
    from deckbuilder import i18n

    try:
        i18n.set_language(lang)
    except ValueError as exc:
        print(_("error: {error}").format(error=exc), file=err)
        return EXIT_UNREADABLE
    if not arguments or arguments[0] not in (*SUBCOMMANDS, "-h", "--help"):
        try:
            return run_gui_command(arguments, err)
        except CliError as exc:
            print(_("error: {error}").format(error=exc), file=err)
            return EXIT_UNREADABLE
    if arguments[0] == "search":
        arguments = _search_arguments(arguments)
    try:
        # Only the named command's parser: building all of them is most of a `check` that finds nothing to do.
        only = arguments[0] if arguments[0] in SUBCOMMANDS else None
        args = build_parser(only).parse_args(arguments)
    except SystemExit as exc:  # argparse already printed the usage message
        return int(exc.code) if isinstance(exc.code, int) else EXIT_UNREADABLE
    if args.command is None:
        build_parser().print_help(out)
        return EXIT_OK
    try:
        return COMMANDS[args.command](args, out, err)
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

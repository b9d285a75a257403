"""`ragedeck check`: decks against the deck construction rules, an organiser's report of a folder."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from deckbuilder.cli.common import (
    EXIT_ILLEGAL,
    EXIT_OK,
    EXIT_UNREADABLE,
    CliError,
    add_db_option,
    add_setting_option,
    check_not_read,
    check_output,
    check_renown,
    forced_game,
    given_settings,
    open_db,
    read_error,
    settings_for,
    warn_if_empty,
)
from deckbuilder.cli.output import DecksJson, shown_name
from deckbuilder.context import DeckContext, DeckContexts
from deckbuilder.deck import DEFAULT_GAME
from deckbuilder.event import EVENT_FILE, Event, event_for, format_for_game
from deckbuilder.games.loader import checked_format_title
from deckbuilder.i18n import N_, ngettext, render_text
from deckbuilder.i18n import gettext as _

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from deckbuilder.deck import Deck
    from deckbuilder.games.description import Game, GameFormat
    from deckbuilder.legality.results import Report

_SEVERITY_WORDS = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}


def add_arguments(check: argparse.ArgumentParser) -> None:
    """The options of `ragedeck check`."""
    check.add_argument(
        "decks",
        nargs="+",
        type=Path,
        metavar="DECK",
        help=_(".dek, Lackey text or native deck file, or a folder of them"),
    )
    add_db_option(check)
    check.add_argument(
        "--renown", type=int, metavar="N", help=_("Renown level (default: the deck's, else 20)")
    )
    add_setting_option(check)
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
        "--fingerprint",
        action="store_true",
        help=_("print each deck's fingerprint: a short code that changes when any card count changes"),
    )
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
    check.add_argument(
        "--print-all",
        type=Path,
        metavar="FILE",
        help=_("every deck's decklist in one PDF, in file order (an unreadable deck gets a page saying why)"),
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check each deck; exit 0 if all legal, 1 if any illegal, 2 if any cannot be read."""
    from deckbuilder.deckfiles import DeckFileError, read_deck
    from deckbuilder.games.loader import FormatError, find_format, load_game

    forced = forced_game(args.game)  # --game: every file is read and checked as that game's deck
    if forced is not None and (args.report is not None or args.print_all is not None):
        # Those read every file of the folder as the deck of its own game; a forced game would not be shown.
        raise CliError(_("--report and --print-all read each deck as its own game: give them without --game"))
    if args.format_name:
        # --format names a format of each deck's own game: refused here only when no game has it.
        try:
            find_format(forced or load_game(DEFAULT_GAME), args.format_name)
        except FormatError as exc:
            if forced is not None or not _some_game_has_format(args.format_name):
                raise CliError(str(exc)) from exc
    check_renown(args.renown, "--renown")
    args.settings = given_settings(args.setting)
    if args.print_all is not None:
        check_output(args.print_all)  # a folder or a missing folder is refused before forty decks are checked
    events = _events(args)
    db = open_db(args.db)
    try:
        documents = DecksJson() if args.json else None  # (a printed report needs no documents)
        run_state = _Run(args, db, documents, out, err, events)
        worst = EXIT_OK
        paths = _deck_paths(args.decks, err)
        read = [*paths, *(folder / EVENT_FILE for folder in events)]  # the decks and the events' files
        check_not_read(args.print_all, read)  # never the PDF over a deck it checks
        check_not_read(args.report, read)
        for path in paths:
            try:
                # Names are looked up in each deck's own game (--game's when given), its pool read once a run.
                loaded = read_deck(
                    path, pool=run_state.contexts, game=forced.name if forced is not None else None
                )
            except (DeckFileError, OSError) as exc:
                worst = _unreadable_deck(path, exc, documents, err)
                continue
            worst = max(worst, run_state.check(path, loaded.deck, list(loaded.problems), forced))
        if documents is not None:
            documents.write(out)
        if args.report is not None:
            _write_report(args, paths, db, events, err)
        if args.print_all is not None:
            _print_all(args, paths, db, events, err)
        return worst
    finally:
        db.close()


class _Run:
    """One `check` run over a batch of decks of any games: each game's pool and each format read once."""

    def __init__(
        self,
        args: argparse.Namespace,
        db: CardDatabase,
        documents: DecksJson | None,
        out: TextIO,
        err: TextIO,
        events: dict[Path, Event] | None = None,
    ) -> None:
        self.args, self.db, self.documents, self.out, self.err = args, db, documents, out, err
        self.events = events or {}  # each folder's event.json (deckbuilder.event); the command line wins
        # Each game's description, pool, formats and fix-hint candidates, read once for every deck of the run, and
        # each name looked up once: no card changes while a check runs.
        self.contexts = DeckContexts(db, batch=True)
        self.told_empty: set[str] = set()  # the games whose empty card data was noted (once a run)

    def check(self, path: Path, deck: Deck, problems: list[str], forced: Game | None) -> int:
        """Check one deck by its game's engine (or --game's); its JSON document and printed report."""
        from deckbuilder.games.check import report_json
        from deckbuilder.games.description import GameError
        from deckbuilder.games.loader import FormatError, find_format
        from deckbuilder.guesses import guessed_lines
        from deckbuilder.i18n import render

        args = self.args
        try:
            game = forced or self.contexts.game(deck.game)
        except GameError as exc:  # a game that is not installed: its rules are not known
            return self._not_checked(path, str(exc))
        shown_problems = [shown_name(render_text(p)) for p in problems]
        event = event_for(path, self.events)
        named = None if args.format_name else format_for_game(event, game)
        fmt: GameFormat | None
        if named is not None:
            fmt = find_format(game, named)  # the folder's event.json names a format of this deck's game
        elif args.format_name:
            try:
                fmt = find_format(game, args.format_name)
            except FormatError:
                return self._not_checked(
                    path,
                    _("'{format}' is not a format of the game {game}").format(
                        format=args.format_name[:60], game=game.name
                    ),
                )
        else:
            fmt, notes = self.contexts.deck_format(game, deck)
            for note in notes:  # checked against the game's default format instead
                problems.append(f"{path.name}: {note.message}")
                shown_problems.append(f"{shown_name(path.name)}: {render(note)}")
        # --renown over the folder's event.json: the Renown level of a game that has that setting (Rage's).
        settings = Event(renown=args.renown).over(event).settings_for(game) | settings_for(
            game, args.settings
        )
        context = self.contexts.of(deck, fmt, settings, game)
        if game.name not in self.told_empty:
            self.told_empty.add(game.name)
            warn_if_empty(self.db, self.err, context)
        if context.shipped:
            problems.append(
                _(
                    "the card database holds no {game} cards: checked against the card set shipped with the game "
                    "(`ragedeck import-cards --game {name} FILE` imports your own)"
                ).format(game=game.title, name=game.name)
            )
            shown_problems.append(shown_name(render_text(problems[-1])))
        report = context.check(deck)
        hints = self._fix_hints(deck, context, report)
        guesses = guessed_lines(deck, report, path)  # the report's and the printed sheet's, found once
        fingerprint = _fingerprint(args, deck, context)
        if self.documents is not None:
            self.documents.add(
                {
                    "file": str(path),
                    **report_json(report, game),
                    "problems": problems,
                    "guesses": [guess.to_json() for guess in guesses],
                    **({"fix_hints": hints.to_json()} if hints is not None else {}),
                    **({"fingerprint": fingerprint} if fingerprint is not None else {}),
                }
            )
        else:
            _print_report(path, deck.name, game, report, shown_problems, self.out)
            for guess in guesses:  # for a look before the round: each line the check read only by a guess
                print(f"  {_('guessed'):<8} {shown_name(guess.text())}", file=self.out)
            if hints is not None:
                hints.print(self.out)
            if fingerprint is not None:
                print(_("  fingerprint {code}").format(code=fingerprint), file=self.out)
        return EXIT_OK if report.is_legal else EXIT_ILLEGAL

    def _not_checked(self, path: Path, reason: str) -> int:
        if self.documents is not None:
            self.documents.add({"file": str(path), "legal": False, "error": reason})
        else:
            print(
                _("{path}: cannot check: {reason}").format(path=shown_name(path), reason=reason),
                file=self.err,
            )
        return EXIT_UNREADABLE

    def _fix_hints(self, deck: Deck, context: DeckContext, report: Report) -> Any:
        if not self.args.fix_hints:
            return None
        from deckbuilder.fixhints import HintList, context_hints

        return HintList(context_hints(deck, context, report))


def _fingerprint(args: argparse.Namespace, deck: Deck, context: DeckContext) -> str | None:
    """With --fingerprint: the deck's code (for its JSON document, or a line under its printed report)."""
    if not args.fingerprint:
        return None
    from deckbuilder.fingerprint import deck_fingerprint

    return deck_fingerprint(deck, context.pool).code


def _some_game_has_format(name: str) -> bool:
    """Whether any installed game has a format of this name (the player's own included)."""
    from deckbuilder.games.loader import available_games, formats_of

    wanted = name.strip().casefold()
    return any(f.name.casefold() == wanted for game in available_games() for f in formats_of(game))


def _unreadable_deck(path: Path, exc: Exception, documents: DecksJson | None, err: TextIO) -> int:
    """A deck of a batch that cannot be read: a row with its (English) error, a line in the player's language."""
    if documents is not None:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        documents.add({"file": str(path), "legal": False, "error": reason})
    else:
        shown = read_error(exc)
        print(
            _("{path}: cannot read: {reason}").format(path=shown_name(path), reason=shown_name(shown)),
            file=err,
        )
    return EXIT_UNREADABLE


def _deck_paths(targets: Sequence[Path], err: TextIO) -> list[Path]:
    """The files named, and the deck files inside any folder named."""
    from deckbuilder.deckfiles.walk import deck_files

    paths, notes = deck_files(targets)
    for note in notes:
        print(_("note: {note}").format(note=shown_name(render_text(note))), file=err)
    if not paths:
        # An empty folder, a folder named x.dek or one holding only links: saying "all legal" would be a lie.
        names = ", ".join(shown_name(target) for target in targets)
        raise CliError(_("nothing was checked: no deck file in {names}").format(names=names))
    return paths


def _events(args: argparse.Namespace) -> dict[Path, Any]:
    """The event.json of each folder named (a file that cannot be used stops the run, naming the key)."""
    from deckbuilder.event import EventError, events_of

    try:
        return events_of(args.decks)
    except EventError as exc:
        raise CliError(str(exc)) from exc


def _print_all(
    args: argparse.Namespace, paths: Sequence[Path], db: CardDatabase, events: dict[Path, Any], err: TextIO
) -> None:
    """`--print-all FILE.pdf`: every deck's decklist in one PDF, judged as the event asks."""
    from carddb.atomic import UnsafeTargetError
    from deckbuilder.export.printall import write_event_decklists

    given = Event(format=args.format_name, renown=args.renown)
    try:
        written = write_event_decklists(paths, db, args.print_all, events, None if given.is_empty else given)
    except (OSError, ValueError, UnsafeTargetError) as exc:
        reason = read_error(exc) if isinstance(exc, OSError) else str(exc)
        raise CliError(
            _("cannot write {path}: {reason}").format(path=shown_name(args.print_all), reason=reason)
        ) from exc
    for message in written.messages:
        print(_("note: {note}").format(note=shown_name(render_text(message))), file=err)
    decks = ngettext("{count} decklist", "{count} decklists", written.decks).format(count=written.decks)
    pages = ngettext("{count} page", "{count} pages", written.pages).format(count=written.pages)
    print(
        _("wrote {path}: {decks} on {pages}").format(
            path=shown_name(args.print_all), decks=decks, pages=pages
        ),
        file=err,
    )


def _write_report(
    args: argparse.Namespace,
    paths: Sequence[Path],
    db: CardDatabase,
    events: dict[Path, Any],
    err: TextIO,
) -> None:
    from deckbuilder.report import ReportError, check_files, write_report

    given = Event(format=args.format_name, renown=args.renown)
    try:
        write_report(check_files(paths, db, args.format_name, None, events, given), args.report)
    except ReportError as exc:
        raise CliError(str(exc)) from exc
    print(_("wrote {path}").format(path=shown_name(args.report)), file=err)


def _print_report(
    path: Path, deck_name: str, game: Game, report: Report, problems: Sequence[str], out: TextIO
) -> None:
    """A deck's verdict, its game, format and chosen settings, the header figures its description names, then
    each result."""
    from deckbuilder.games.check import ENGINES
    from deckbuilder.games.figures import figure_line, settings_line

    verdict = _("LEGAL") if report.is_legal else _("ILLEGAL")
    chosen = settings_line(game, dict(report.settings))
    print(
        _("{path}: {verdict} — {deck} ({game}, {format})").format(
            path=shown_name(path),
            verdict=verdict,
            deck=shown_name(deck_name),
            game=game.title,
            format=checked_format_title(report) + (f", {chosen}" if chosen else ""),
        ),
        file=out,
    )
    print("  " + figure_line(ENGINES[game.engine].figure_values(report, game)), file=out)
    _print_results(report, problems, out)


def _print_results(report: Report, problems: Sequence[str], out: TextIO) -> None:
    from deckbuilder.i18n import render

    for problem in problems:
        print(f"  {_('file'):<8} {problem}", file=out)
    for result in report.results:
        severity = _(_SEVERITY_WORDS[result.severity.value])
        print(f"  {severity:<8} {result.code}: {render(result)}", file=out)

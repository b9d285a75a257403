"""`ragedeck check`: decks against the deck construction rules, an organiser's report of a folder."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from deckbuilder.cli.common import (
    EXIT_ILLEGAL,
    EXIT_OK,
    EXIT_UNREADABLE,
    CliError,
    add_db_option,
    check_renown,
    forced_game,
    is_rage,
    open_db,
    read_error,
    warn_if_empty,
)
from deckbuilder.cli.output import shown_name
from deckbuilder.deck import DEFAULT_GAME
from deckbuilder.games.loader import format_title
from deckbuilder.i18n import N_, render_text
from deckbuilder.i18n import gettext as _

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from deckbuilder.deck import Deck
    from deckbuilder.legality.results import Report


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


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check each deck; exit 0 if all legal, 1 if any illegal, 2 if any cannot be read."""
    from deckbuilder.deckfiles import DeckFileError, read_deck
    from deckbuilder.games.check import report_json
    from deckbuilder.i18n import render
    from deckbuilder.legality.engine import check_deck, format_not_installed
    from deckbuilder.legality.formats import Format, FormatError, load_format, load_format_or_default

    other_game = forced_game(args.game)
    if other_game is not None:
        return _check_other_game(args, other_game, out, err)
    forced_format = None
    if args.format_name:
        # --format names a format of each deck's own game: refused here only when no game has it.
        try:
            forced_format = load_format(args.format_name)
        except FormatError as exc:
            if not _some_game_has_format(args.format_name):
                raise CliError(str(exc)) from exc
    check_renown(args.renown, "--renown")
    db = open_db(args.db)
    try:
        warn_if_empty(db, err)
        documents: list[dict[str, Any]] = []
        formats: dict[str, tuple[Format, str | None]] = {}
        worst = EXIT_OK
        paths = _deck_paths(args.decks, err)
        pool_cards: list[Any] = []
        for path in paths:
            try:
                # --game rage: every file is read as a Rage deck (its zones as Rage's sections).
                loaded = read_deck(path, pool=db, game=DEFAULT_GAME if args.game else None)
            except (DeckFileError, OSError) as exc:
                worst = _unreadable_deck(path, exc, args.json, documents, err)
                continue
            problems = list(loaded.problems)
            if args.format_name and forced_format is None and is_rage(loaded.deck.game):
                code = _format_not_of_game(
                    path, args.format_name, loaded.deck.game, args.json, documents, err
                )
                worst = max(worst, code)
                continue
            if not is_rage(loaded.deck.game):
                # Another game's deck met in a batch: checked by its game's rules, printed the same way.
                code = _check_game_deck(args, path, loaded.deck, problems, db, None, documents, out, err)
                worst = max(worst, code)
                continue
            # The reader's notes, in the language (one line each: a name in them may hold a newline).
            shown_problems = [shown_name(render_text(p)) for p in loaded.problems]
            fmt = forced_format
            if fmt is None:
                # Formats are read once per run: a batch of 200 decks must not re-read the format folder 200 times.
                if loaded.deck.format not in formats:
                    formats[loaded.deck.format] = load_format_or_default(loaded.deck.format)
                fmt, missing = formats[loaded.deck.format]
                if missing:
                    note = format_not_installed(loaded.deck.format, fmt)
                    problems.append(f"{path.name}: {note.message}")
                    shown_problems.append(f"{shown_name(path.name)}: {render(note)}")
            report = check_deck(loaded.deck, db, fmt, args.renown)
            if not report.is_legal and worst == EXIT_OK:
                worst = EXIT_ILLEGAL
            hints = _fix_hints(args, loaded.deck, db, fmt, report, pool_cards)
            documents.append(
                {
                    "file": str(path),
                    **report_json(report),
                    "problems": problems,
                    **({"fix_hints": hints.to_json()} if hints is not None else {}),
                }
            )
            if not args.json:
                _print_report(path, loaded.deck.name, report, shown_problems, out)
                if hints is not None:
                    hints.print(out)
            _fingerprint(args, loaded.deck, db, documents[-1], out)
        if args.json:
            json.dump({"decks": documents}, out, indent=2, ensure_ascii=False)
            out.write("\n")
        if args.report is not None:
            _write_report(paths, db, forced_format, args.renown, args.report, err)
        return worst
    finally:
        db.close()


def _check_other_game(args: argparse.Namespace, game: Any, out: TextIO, err: TextIO) -> int:
    """`check --game NAME` for a game other than Rage: every deck is read and checked as that game's."""
    from deckbuilder.deckfiles import DeckFileError, read_deck

    db = open_db(args.db)
    try:
        documents: list[dict[str, Any]] = []
        worst = EXIT_OK
        for path in _deck_paths(args.decks, err):
            try:
                loaded = read_deck(path, game=game.name)  # read as that game's deck: its piles name the zones
            except (DeckFileError, OSError) as exc:
                worst = _unreadable_deck(path, exc, args.json, documents, err)
                continue
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
    from deckbuilder.games.check import check_generic, report_json
    from deckbuilder.games.description import GameError
    from deckbuilder.games.loader import FormatError, find_format, load_game
    from deckbuilder.i18n import render

    try:
        chosen = game if game is not None else load_game(deck.game)
        fmt = find_format(chosen, args.format_name) if args.format_name else None
    except (GameError, FormatError) as exc:
        documents.append({"file": str(path), "legal": False, "error": str(exc)})
        if not args.json:
            print(_("{path}: cannot check: {reason}").format(path=shown_name(path), reason=exc), file=err)
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
    hints = None
    if args.fix_hints:
        from deckbuilder.fixhints import HintList, game_fix_hints

        hints = HintList(game_fix_hints(deck, pool, chosen, pool.cards(), report.format, report))
    documents.append(
        {
            "file": str(path),
            **report_json(report, chosen),
            "problems": problems,
            **({"fix_hints": hints.to_json()} if hints is not None else {}),
        }
    )
    if not args.json:
        verdict = _("LEGAL") if report.is_legal else _("ILLEGAL")
        print(
            _("{path}: {verdict} — {deck} ({game}, {format})").format(
                path=shown_name(path),
                verdict=verdict,
                deck=shown_name(deck.name),
                game=chosen.title,
                format=format_title(report.format, chosen.name),
            ),
            file=out,
        )
        print("  " + " · ".join(f"{_(label)} {value}" for label, value in report.figures), file=out)
        for problem in problems:
            print(f"  {_('file'):<8} {shown_name(render_text(problem))}", file=out)
        for result in report.results:
            severity = _(_SEVERITY_WORDS[result.severity.value])
            print(f"  {severity:<8} {result.code}: {render(result)}", file=out)
        if hints is not None:
            hints.print(out)
    _fingerprint(args, deck, pool, documents[-1], out)
    return EXIT_OK if report.is_legal else EXIT_ILLEGAL


def _fingerprint(
    args: argparse.Namespace, deck: Deck, pool: Any, document: dict[str, Any], out: TextIO
) -> None:
    """With --fingerprint: the deck's code in its JSON document, or a line under its printed report."""
    if not args.fingerprint:
        return
    from deckbuilder.fingerprint import deck_fingerprint

    code = deck_fingerprint(deck, pool).code
    document["fingerprint"] = code
    if not args.json:
        print(_("  fingerprint {code}").format(code=code), file=out)


def _some_game_has_format(name: str) -> bool:
    """Whether any installed game has a format of this name (the player's own included)."""
    from deckbuilder.games.loader import available_games, formats_of

    wanted = name.strip().casefold()
    return any(f.name.casefold() == wanted for game in available_games() for f in formats_of(game))


def _format_not_of_game(
    path: Path, name: str, game: str, as_json: bool, documents: list[dict[str, Any]], err: TextIO
) -> int:
    """A deck whose game has no format of the name --format gives: not checked (another game's format)."""
    reason = _("'{format}' is not a format of the game {game}").format(format=name[:60], game=game)
    documents.append({"file": str(path), "legal": False, "error": reason})
    if not as_json:
        print(_("{path}: cannot check: {reason}").format(path=path, reason=reason), file=err)
    return EXIT_UNREADABLE


def _unreadable_deck(
    path: Path, exc: Exception, as_json: bool, documents: list[dict[str, Any]], err: TextIO
) -> int:
    """A deck of a batch that cannot be read: a row with its (English) error, a line in the player's language."""
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    documents.append({"file": str(path), "legal": False, "error": reason})
    if not as_json:
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
        print(_("note: {note}").format(note=shown_name(note)), file=err)
    if not paths:
        # An empty folder, a folder named x.dek or one holding only links: saying "all legal" would be a lie.
        names = ", ".join(shown_name(target) for target in targets)
        raise CliError(_("nothing was checked: no deck file in {names}").format(names=names))
    return paths


def _write_report(
    paths: Sequence[Path], db: CardDatabase, fmt: Any, renown: int | None, target: Path, err: TextIO
) -> None:
    from deckbuilder.report import ReportError, check_files, write_report

    try:
        write_report(check_files(paths, db, fmt, renown), target)
    except ReportError as exc:
        raise CliError(str(exc)) from exc
    print(_("wrote {path}").format(path=shown_name(target)), file=err)


def _fix_hints(
    args: argparse.Namespace, deck: Any, db: CardDatabase, fmt: Any, report: Any, pool_cards: list[Any]
) -> Any:
    if not args.fix_hints:
        return None
    from deckbuilder.fixhints import HintList, fix_hints

    if not pool_cards:
        pool_cards.extend(db.all_cards())  # read once for all the decks of this run
    return HintList(fix_hints(deck, db, pool_cards, fmt, args.renown, report))


_SEVERITY_WORDS = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}


def _print_report(path: Path, deck_name: str, report: Report, problems: Sequence[str], out: TextIO) -> None:
    from deckbuilder.i18n import render

    totals = report.totals
    verdict = _("LEGAL") if report.is_legal else _("ILLEGAL")
    print(
        _("{path}: {verdict} — {deck} ({format}, Renown level {level})").format(
            path=shown_name(path),
            verdict=verdict,
            deck=shown_name(deck_name),
            format=format_title(report.format),
            level=report.renown_level,
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

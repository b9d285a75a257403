"""`ragedeck export`: a deck as Lackey .dek/text, native JSON, a PDF decklist or PDF proxy sheets."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from deckbuilder.cli.common import (
    EXIT_OK,
    CliError,
    add_db_option,
    add_setting_option,
    check_not_read,
    check_output,
    check_renown,
    given_settings,
    open_db,
    read_error,
    read_one_deck,
    settings_for,
)
from deckbuilder.cli.output import LONE_SURROGATE, shown_name
from deckbuilder.i18n import gettext as _
from deckbuilder.i18n import ngettext, render_text

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from deckbuilder.deck import Deck
    from deckbuilder.export import Export


def add_arguments(export: argparse.ArgumentParser) -> None:
    """The options of `ragedeck export`."""
    export.add_argument("deck", type=Path, metavar="DECK")
    from deckbuilder.export import EXPORTS

    export.add_argument("--to", required=True, choices=[e.name for e in EXPORTS])
    export.add_argument("-o", "--output", required=True, type=Path, metavar="OUT")
    add_db_option(export)
    export.add_argument("--paper", default="a4", help=_("a4, letter or WxHmm (e.g. 210x297mm)"))
    export.add_argument("--cut-marks", default="none", choices=["none", "corners", "lines"])
    export.add_argument("--bleed", type=float, default=0.0, metavar="MM")
    export.add_argument("--gap", type=float, default=0.0, metavar="MM")
    export.add_argument(
        "--section",
        metavar="PILE",
        help=_("proxies: only this pile of the deck's game (Rage: characters, sept, combat, starting)"),
    )
    export.add_argument("--cards", action="append", metavar="NAME", help=_("only these cards (repeatable)"))
    export.add_argument(
        "--one-side", action="store_true", help=_("print only the breed side of two-sided cards")
    )
    export.add_argument(
        "--all-copies",
        action="store_true",
        help=_("proxies: print every copy, not only those missing from your collection"),
    )
    export.add_argument(
        "--duplex",
        choices=["long", "short"],
        help=_(
            "proxies: print card backs on the reverse pages, for a sheet flipped on its long or short edge"
        ),
    )
    export.add_argument(
        "--back",
        default="plugin",
        metavar="FILE",
        help=_(
            "proxies: the card back: an image file, 'plain', or 'plugin' (the imported plugin's, the default)"
        ),
    )
    export.add_argument(
        "--printer", metavar="NAME", help=_("proxies: correct the backs with a saved printer profile")
    )
    export.add_argument("--player", default="", metavar="NAME")
    export.add_argument("--event", default="", metavar="NAME")
    export.add_argument("--renown", type=int, metavar="N")
    add_setting_option(export)
    export.add_argument("--format", dest="format_name", metavar="NAME")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Export a deck to Lackey, a PDF decklist or PDF proxy sheets."""
    from deckbuilder.deckfiles import DeckFileError
    from deckbuilder.legality.formats import FormatError, load_format, load_format_or_default

    check_renown(args.renown, "--renown")
    chosen = given_settings(args.setting)
    check_output(args.output)
    check_not_read(args.output, [args.deck])  # `export deck.txt -o deck.txt` replaced the deck with the PDF
    for option in ("player", "event"):
        # Bytes that are not UTF-8 on the command line reach us as lone surrogates; no PDF can hold them.
        text = getattr(args, option)
        if LONE_SURROGATE.search(text):
            print(
                _("note: --{option} holds bytes that are not UTF-8 text; they are printed as \ufffd").format(
                    option=option
                ),
                file=err,
            )
            setattr(args, option, LONE_SURROGATE.sub("\ufffd", text))
    if args.format_name:
        try:
            forced = load_format(args.format_name).name
        except FormatError as exc:
            raise CliError(str(exc)) from exc
    db = open_db(args.db)
    try:
        loaded = read_one_deck(args.deck, db)
        deck = loaded.deck
        for problem in loaded.problems:
            print(_("note: {note}").format(note=shown_name(render_text(problem))), file=err)
        if args.renown is not None:  # the shorthand of Rage's Renown level setting
            from deckbuilder.event import Event

            given = Event(renown=args.renown).settings_for(_game_of(deck))
            deck.settings.update({k: v for k, v in given.items() if v is not None})
        deck.settings.update({k: v for k, v in settings_for(_game_of(deck), chosen).items() if v is not None})
        if args.format_name:
            deck.format = forced
        elif _export_named(args.to).deck_kind is None:  # a PDF prints the format's name
            fmt, missing = load_format_or_default(deck.format)
            if missing:
                from deckbuilder.i18n import render
                from deckbuilder.legality.engine import format_not_installed

                note = render(format_not_installed(deck.format, fmt))
                print(_("note: {note}").format(note=f"{shown_name(args.deck.name)}: {note}"), file=err)
                deck.format = fmt.name
        try:
            return _export(args, deck, db, out, err)
        except DeckFileError as exc:
            raise CliError(read_error(exc)) from exc
        except OSError as exc:
            raise CliError(
                _("cannot write {path}: {reason}").format(
                    path=shown_name(args.output),
                    reason=shown_name(render_text(exc.strerror) if exc.strerror else exc),
                )
            ) from exc
    finally:
        db.close()


def _deck_pool(deck: Deck, db: CardDatabase) -> Any:
    """The cards a deck's names are looked up in: its game's (the database for a game that is not installed)."""
    from deckbuilder.context import DeckContexts

    return DeckContexts(db).pool_of(deck)


def _game_of(deck: Deck) -> Any:
    from deckbuilder.context import DeckContexts

    return DeckContexts().installed(deck.game)


def _section(value: str | None, deck: Deck) -> Any:
    """--section: a pile of the deck's game (Rage's sections by the card's Type, as before); CliError otherwise."""
    from carddb.cardtypes import Section

    if not value:
        return None
    game = _game_of(deck)
    piles = [p.id for p in game.piles] if game is not None else [s.value for s in Section]
    wanted = value.strip().casefold()
    pile = next((p for p in piles if p.casefold() == wanted), None)
    if pile is None:
        raise CliError(
            _("--section {section}: the deck's game has no such pile (its piles: {piles})").format(
                section=shown_name(value[:60]), piles=", ".join(piles)
            )
        )
    from deckbuilder.games.engines import ENGINES

    # The card database's sections (Rage's) keep their meaning: every card of that Type, starting ones included.
    by_type = game is None or ENGINES[game.engine].card_database
    return Section(pile) if by_type and pile in {s.value for s in Section} else pile


def _export_named(name: str) -> Export:
    from deckbuilder.export import export_named

    export = export_named(name)
    assert export is not None, name  # argparse's choices are the registry's names
    return export


def _export(args: argparse.Namespace, deck: Deck, db: CardDatabase, out: TextIO, err: TextIO) -> int:
    """Write the export; OSError and DeckFileError go to the caller, which names the output file."""
    export = _export_named(args.to)
    if export.deck_kind is not None:
        return _write_deck_file(args, export.deck_kind, deck, db, out, err)
    return PDF_WRITERS[export.name](args, deck, db, out, err)


def _write_deck_file(
    args: argparse.Namespace, kind: str, deck: Deck, db: CardDatabase, out: TextIO, err: TextIO
) -> int:
    from deckbuilder.deckfiles import KEEPS_UNREAD, deck_file_kind, write_deck

    if deck.unread and KEEPS_UNREAD not in deck_file_kind(kind).keeps:
        print(
            ngettext(
                "note: {count} part of {deck} could not be read and is not in {output}; "
                "fix it in the original file",
                "note: {count} parts of {deck} could not be read and are not in {output}; "
                "fix them in the original file",
                len(deck.unread),
            ).format(
                count=len(deck.unread), deck=shown_name(args.deck.name), output=shown_name(args.output.name)
            ),
            file=err,
        )
    write_deck(deck, args.output, kind=kind, pool=_deck_pool(deck, db), zone_labels=db.deck_zone_labels())
    print(_("wrote {path}").format(path=shown_name(args.output)), file=out)
    return EXIT_OK


def _write_decklist(args: argparse.Namespace, deck: Deck, db: CardDatabase, out: TextIO, err: TextIO) -> int:
    from deckbuilder.export.decklist import DecklistOptions, write_decklist_pdf

    try:
        report = write_decklist_pdf(
            deck,
            db,
            args.output,
            DecklistOptions(paper=args.paper, player=args.player, event=args.event),
        )
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    for message in report.messages:
        print(_("note: {note}").format(note=shown_name(message)), file=err)
    print(_("wrote {path}").format(path=shown_name(args.output)), file=out)
    return EXIT_OK


def _write_proxies(args: argparse.Namespace, deck: Deck, db: CardDatabase, out: TextIO, err: TextIO) -> int:
    from deckbuilder.collection import owned_for
    from deckbuilder.export.proxies import ProxyOptions, plan_faces, write_proxies_pdf

    options = ProxyOptions(
        paper=args.paper,
        gap_mm=args.gap,
        bleed_mm=args.bleed,
        cut_marks=args.cut_marks,
        section=_section(args.section, deck),
        names=args.cards,
        both_sides=not args.one_side,
        owned=None if args.all_copies else owned_for(db, deck),
        **duplex_options(args, err),
    )
    try:
        result = write_proxies_pdf(deck, db, args.output, options)
    except ValueError as exc:
        if options.owned and plan_faces(deck, db, dataclasses.replace(options, owned=None), []):
            # Nothing is missing from the collection, but there is something to print: say how.
            hint = _("every copy is in your collection; add --all-copies to print them anyway")
            raise CliError(f"{shown_name(exc)}; {hint}") from exc
        raise CliError(str(exc)) from exc
    for message in result.messages:
        print(_("note: {note}").format(note=shown_name(message)), file=err)
    print(
        _("wrote {path}: {cards} cards on {pages} pages ({images} images, {texts} text proxies)").format(
            path=shown_name(args.output),
            cards=result.cards,
            pages=result.pages,
            images=result.images_embedded,
            texts=result.text_proxies,
        ),
        file=out,
    )
    if options.duplex != "none":
        backs = ngettext(
            "{count} card back on the reverse pages", "{count} card backs on the reverse pages", result.backs
        )
        print(backs.format(count=result.backs), file=out)
    return EXIT_OK


def duplex_options(args: argparse.Namespace, err: TextIO) -> dict[str, Any]:
    """ProxyOptions fields for --duplex, --back and --printer; CliError for a printer profile that is not saved."""
    from deckbuilder.export.duplex import BACK_FILE, BACK_PLAIN, BACK_PLUGIN
    from deckbuilder.export.printers import NO_CORRECTION, load_profiles

    if not args.duplex:
        if args.printer or args.back != BACK_PLUGIN:
            print(
                _("note: --back and --printer apply to duplex proxies only (add --duplex long or short)"),
                file=err,
            )
        return {}
    printer = NO_CORRECTION
    if args.printer:
        store = load_profiles()
        for problem in store.problems:
            print(_("note: {note}").format(note=problem), file=err)
        try:
            printer = store.get(args.printer)
        except ValueError as exc:
            raise CliError(str(exc)) from exc
    back = args.back if args.back in (BACK_PLAIN, BACK_PLUGIN) else BACK_FILE
    return {
        "duplex": args.duplex,
        "back": back,
        "back_file": args.back if back == BACK_FILE else "",
        "printer": printer,
    }


# How the CLI writes each export that is not a deck file (the registry, deckbuilder.export.EXPORTS, names them).
PDF_WRITERS: dict[str, Callable[[argparse.Namespace, Deck, CardDatabase, TextIO, TextIO], int]] = {
    "decklist": _write_decklist,
    "proxies": _write_proxies,
}

"""`ragedeck printer`: printer profiles for duplex proxies (list, save, remove), the alignment sheet, its readings."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from deckbuilder.cli.common import EXIT_OK, CliError, check_not_read, check_output
from deckbuilder.cli.output import shown_name
from deckbuilder.i18n import gettext as _
from deckbuilder.i18n import render_text

if TYPE_CHECKING:
    from deckbuilder.export.printers import PrinterProfile


def add_arguments(printer: argparse.ArgumentParser) -> None:
    """The actions of `ragedeck printer` and their options."""
    actions = printer.add_subparsers(dest="action", metavar="ACTION", required=True)
    show = actions.add_parser("list", help=_("list the saved printer profiles"))
    show.add_argument("--json", action="store_true", help=_("print as JSON"))
    save = actions.add_parser(
        "save", help=_("save a printer profile (numbers not given keep their saved value)")
    )
    save.add_argument("name", metavar="NAME")
    save.add_argument(
        "--offset-x", type=float, metavar="MM", help=_("move the backs right (mm, negative: left)")
    )
    save.add_argument(
        "--offset-y", type=float, metavar="MM", help=_("move the backs up (mm, negative: down)")
    )
    save.add_argument(
        "--scale-x", type=float, metavar="FACTOR", help=_("scale the backs across (e.g. 1.005)")
    )
    save.add_argument("--scale-y", type=float, metavar="FACTOR", help=_("scale the backs up and down"))
    remove = actions.add_parser("remove", help=_("forget a printer profile"))
    remove.add_argument("name", metavar="NAME")
    sheet = actions.add_parser(
        "sheet", help=_("write the duplex alignment test sheet (a front and a back page)")
    )
    sheet.add_argument("-o", "--output", required=True, type=Path, metavar="OUT")
    sheet.add_argument("--printer", metavar="NAME", help=_("print the back with this profile's correction"))
    sheet.add_argument("--duplex", choices=["long", "short"], default="long")
    sheet.add_argument("--paper", default="a4", help=_("a4, letter or WxHmm (e.g. 210x297mm)"))
    measure = actions.add_parser(
        "measure", help=_("correct a profile by the readings of an alignment sheet printed with it")
    )
    measure.add_argument("name", metavar="NAME")
    measure.add_argument(
        "--reading",
        nargs=3,
        action="append",
        required=True,
        metavar=("CORNER", "RIGHT_MM", "UP_MM"),
        help=_("where the front's cross shows on the back's rulers at corner A, B, C or D (repeatable)"),
    )
    measure.add_argument("--paper", default="a4", help=_("the paper the sheet was printed on"))


def _number(text: str) -> float:
    """A reading typed with a decimal point or comma."""
    try:
        return float(text.replace(",", ".").replace("−", "-"))
    except ValueError:
        raise CliError(_("{value!r} is not a number of millimetres").format(value=text)) from None


def _readings(given: list[list[str]]) -> dict[str, tuple[float, float]]:
    """The readings by corner; a corner read twice is refused (which of the two was meant cannot be known)."""
    readings: dict[str, tuple[float, float]] = {}
    for corner, right, up in given:
        key = corner.strip().upper()
        if key in readings:
            raise CliError(
                _("corner {corner} is read twice: give one reading per corner").format(corner=shown_name(key))
            )
        readings[key] = (_number(right), _number(up))
    return readings


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List, save or remove printer profiles; write the alignment sheet; turn its readings into a profile."""
    from dataclasses import replace

    from deckbuilder.export.printers import (
        NO_CORRECTION,
        PrinterProfile,
        edit_profile,
        load_profiles,
        profiles_path,
        remove_profile_noting,
    )

    store = load_profiles()
    for problem in store.problems:
        print(_("note: {note}").format(note=problem), file=err)
    try:
        if args.action == "list":
            if args.json:
                data = {name: profile.to_json() for name, profile in sorted(store.profiles.items())}
                print(json.dumps({"printers": data}, indent=2, ensure_ascii=False), file=out)
            elif not store.profiles:
                print(_("no printer profiles saved yet (ragedeck printer save NAME)"), file=out)
            for _name, profile in sorted(store.profiles.items()) if not args.json else ():
                print(profile.describe(), file=out)
            return EXIT_OK
        if args.action == "remove":
            removed = remove_profile_noting(args.name)
            if removed.note:
                print(_("note: {note}").format(note=removed.note), file=err)
            if not removed.changed:
                raise CliError(_("no printer profile named {name!r}").format(name=args.name))
            print(_("removed printer profile {name}").format(name=args.name), file=out)
            return EXIT_OK
        if args.action == "sheet":
            from deckbuilder.export.alignment import write_alignment_pdf

            check_output(args.output)
            check_not_read(args.output, [profiles_path()])  # never the sheet over the profiles it reads
            profile = store.get(args.printer) if args.printer else NO_CORRECTION
            write_alignment_pdf(args.output, args.paper, args.duplex, profile)
            print(_("wrote {path}").format(path=args.output), file=out)
            return EXIT_OK
        if args.action == "save":
            changes = {
                field: value
                for field, value in (
                    ("offset_x_mm", args.offset_x),
                    ("offset_y_mm", args.offset_y),
                    ("scale_x", args.scale_x),
                    ("scale_y", args.scale_y),
                )
                if value is not None
            }

            def make(current: PrinterProfile | None) -> PrinterProfile:
                # The saved numbers are read under the file's lock: a change made meanwhile is kept.
                return replace(current or PrinterProfile(args.name), **changes)

        else:
            from deckbuilder.export.alignment import corrected_profile

            readings = _readings(args.reading)

            def make(current: PrinterProfile | None) -> PrinterProfile:
                return corrected_profile(current or PrinterProfile(args.name), readings, args.paper)

        saved = edit_profile(args.name, make)
        if saved.note:
            print(_("note: {note}").format(note=saved.note), file=err)
        assert saved.profile is not None
        print(_("saved printer profile {profile}").format(profile=saved.profile.describe()), file=out)
        return EXIT_OK
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(
            _("cannot write {path}: {reason}").format(
                path=exc.filename, reason=render_text(exc.strerror) if exc.strerror else exc
            )
        ) from exc

"""`ragedeck decks`: the player's deck library (or the folders given), each deck with its verdict and tags."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from deckbuilder.cli.common import EXIT_OK, CliError, add_db_option, open_db
from deckbuilder.cli.output import DecksJson, shown_name
from deckbuilder.i18n import gettext as _
from deckbuilder.i18n import ngettext, render_text

if TYPE_CHECKING:
    from deckbuilder.library import LibraryDeck


def add_arguments(decks: argparse.ArgumentParser) -> None:
    """The options of `ragedeck decks`."""
    decks.add_argument(
        "folders",
        nargs="*",
        type=Path,
        metavar="DIR",
        help=_("folders of deck files to list (default: your deck library)"),
    )
    add_db_option(decks)
    decks.add_argument(
        "--uses", metavar="NAME", help=_("only the decks holding this card, with how many copies")
    )
    decks.add_argument("--json", action="store_true", help=_("print one JSON document"))


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List the decks, re-checking those that changed since their last check; exit 0 when it could list."""
    from deckbuilder.library import Library

    for folder in args.folders:
        if not folder.is_dir():
            raise CliError(_("{folder} is not a folder").format(folder=shown_name(folder)))
    db = open_db(args.db)
    try:
        library = Library(db, args.folders or None, lang="en" if args.json else None)
        listed = library.refresh()
        for note in library.notes:
            print(_("note: {note}").format(note=shown_name(render_text(note))), file=err)
        copies: dict[Path, int] | None = None
        if args.uses is not None:
            copies = {use.deck.file: use.copies for use in library.uses(args.uses)}
            listed = [deck for deck in listed if deck.file in copies]
    finally:
        db.close()
    if args.json:
        documents = DecksJson()
        for deck in listed:
            document = deck.to_json()
            if copies is not None:
                document["uses"] = copies[deck.file]
            documents.add(document)
        documents.write(out)
        return EXIT_OK
    for deck in listed:
        _print_deck(deck, None if copies is None else copies[deck.file], out)
    _print_summary(listed, out)
    return EXIT_OK


def _print_deck(deck: LibraryDeck, uses: int | None, out: TextIO) -> None:
    from deckbuilder.i18n.numbers import format_number

    file = shown_name(deck.file)
    if deck.error:
        print(_("{path}: cannot read: {reason}").format(path=file, reason=shown_name(deck.error)), file=out)
        return
    verdict = {True: _("LEGAL"), False: _("ILLEGAL"), None: _("NOT CHECKED")}[deck.legal]
    cards = ngettext("{count} card", "{count} cards", deck.cards).format(count=format_number(deck.cards))
    parts = [f"{deck.game}, {deck.format}", cards, deck.fingerprint]
    if deck.missing:
        parts.append(
            ngettext("lacks {count} copy", "lacks {count} copies", deck.missing).format(
                count=format_number(deck.missing)
            )
        )
    if deck.built:
        parts.append(_("built"))
    if deck.tags:
        parts.append(_("tags: {tags}").format(tags=", ".join(shown_name(t) for t in deck.tags)))
    if uses is not None:
        parts.append(
            ngettext("holds {count} copy", "holds {count} copies", uses).format(count=format_number(uses))
        )
    print(
        _("{verdict} {deck} ({details}) — {path}").format(
            verdict=verdict, deck=shown_name(deck.name), details=" · ".join(p for p in parts if p), path=file
        ),
        file=out,
    )
    if deck.legal is not True and deck.first_error:
        print(f"    {shown_name(deck.first_error)}", file=out)


def _print_summary(listed: list[LibraryDeck], out: TextIO) -> None:
    from deckbuilder.i18n.numbers import format_number

    if not listed:
        print(_("no deck files"), file=out)
        return
    legal = sum(deck.legal is True for deck in listed)
    illegal = sum(deck.legal is False for deck in listed)
    unreadable = sum(bool(deck.error) for deck in listed)
    total = ngettext("{count} deck", "{count} decks", len(listed)).format(count=format_number(len(listed)))
    print(
        _(
            "{total}: {legal} legal, {illegal} not legal, {unchecked} not checked, {unreadable} cannot be read"
        ).format(
            total=total,
            legal=format_number(legal),
            illegal=format_number(illegal),
            unchecked=format_number(len(listed) - legal - illegal - unreadable),
            unreadable=format_number(unreadable),
        ),
        file=out,
    )

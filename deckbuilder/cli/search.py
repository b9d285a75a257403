"""`ragedeck search`: the card database searched with the query language."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from deckbuilder.cli.common import (
    EXIT_OK,
    EXIT_UNREADABLE,
    CliError,
    add_db_option,
    forced_game,
    open_db,
    read_one_deck,
    warn_if_empty,
)
from deckbuilder.cli.output import LONE_SURROGATE
from deckbuilder.deck import DEFAULT_GAME
from deckbuilder.i18n import gettext as _
from deckbuilder.i18n import ngettext, render_text
from deckbuilder.i18n.numbers import format_number

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from carddb.search import DeckTerms


MAX_SEARCH_LIMIT = 100_000


def add_arguments(search: argparse.ArgumentParser) -> None:
    """The options of `ragedeck search`."""
    search.add_argument(
        "query", metavar="QUERY", help=_("e.g. 't:gift renown>=3 -\"moon\"' (may start with -)")
    )
    add_db_option(search)
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
    search.add_argument(
        "--deck",
        type=Path,
        metavar="FILE",
        help=_("the deck that in:deck and is:missing ask about (is:owned and own>=N read your collection)"),
    )


def _game_cards(args: argparse.Namespace, game: Any, pool: Any, db: Any) -> tuple[list[Any], int]:
    """A pool held in memory (no database could hold the game's cards): the same query searched in memory."""
    from carddb.query import parse_query, uses_deck
    from deckbuilder.games.cards import search_fields
    from deckbuilder.games.search import search_cards

    deck = _deck_terms(args.deck, pool) if args.deck is not None else None
    if deck is None and uses_deck(parse_query(args.query, search_fields(game))):
        raise CliError(_("in:deck and is:missing need a deck: give it with --deck FILE"))
    deck = _with_library(args.query, db, game.name, deck, search_fields(game))
    found = search_cards(game, pool.cards(), args.query, deck)
    return (found[: args.limit] if args.limit is not None else found), len(found)


def _print_game_cards(args: argparse.Namespace, game: Any, shown: list[Any], total: int, out: TextIO) -> int:
    """Another game's cards found, with the fields its description gives (`--json`: every field)."""
    if args.json:
        cards = [
            {
                "name": c.name,
                "type": c.type,
                **{k: list(v) if isinstance(v, tuple) else v for k, v in c.fields.items()},
            }
            for c in shown
        ]
        document = {
            "game": game.name,
            "query": args.query,
            "count": len(shown),
            "total": total,
            "cards": cards,
        }
        json.dump(document, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return EXIT_OK
    for card in shown:
        fields = " · ".join(
            f"{game.shown_label(f.name)} {', '.join(v) if isinstance(v, tuple) else v}"
            for f in game.fields
            if f.kind != "text" and (v := card.value(f.name)) not in (None, "", ())
        )
        print(f"{card.name} — {card.type}" + (f" · {fields}" if fields else ""), file=out)
    print(
        _("{count} of {total} {game} cards").format(count=len(shown), total=total, game=game.title),
        file=out,
    )
    return EXIT_OK


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Search the card database and print matching cards with every field."""
    from carddb.search import QuerySyntaxError, count_matches, search

    if args.limit is not None and not 1 <= args.limit <= MAX_SEARCH_LIMIT:
        raise CliError(
            _("--limit must be a whole number from 1 to {maximum}, not {value}").format(
                maximum=format_number(MAX_SEARCH_LIMIT), value=args.limit
            )
        )
    if LONE_SURROGATE.search(args.query):
        raise CliError(_("the search text holds bytes that are not UTF-8 text; type it again in UTF-8"))
    from carddb.db import CardDatabase
    from deckbuilder.context import DeckContexts

    game = forced_game(args.game)
    db = open_db(args.db)
    try:
        # Every game's cards in the database are searched there, by one query language; a pool held in memory
        # (a game's shipped set when the database cannot hold it) by the same language in memory.
        pool = DeckContexts(db).pool(game) if game is not None else db
        if pool.has_printings:
            warn_if_empty(db, err)
        try:
            if not isinstance(pool, CardDatabase):
                held, total = _game_cards(args, game, pool, db)
                return _print_game_cards(args, game, held, total, out)
            deck = _with_library(args.query, db, pool.game, _deck_terms_of(args, pool), pool.search_fields)
            rows = search(pool, args.query, limit=args.limit, deck=deck)
            total = count_matches(pool, args.query, deck) if args.limit is not None else len(rows)
        except QuerySyntaxError as exc:
            print(_("error: {error}").format(error=render_text(exc.described)), file=err)
            print(f"  {args.query}", file=err)
            print(f"  {' ' * exc.position}^", file=err)
            return EXIT_UNREADABLE
        cards = pool.cards_by_ids(row.id for row in rows)
        if not pool.has_printings:
            return _print_game_cards(args, game, cards, total, out)
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
        print(ngettext("{shown} card", "{shown} cards", total).format(shown=shown), file=out)
        if hints:
            print(_("did you mean {names}?").format(names=_(" or ").join(hints)), file=out)
        return EXIT_OK
    finally:
        db.close()


def _with_library(
    query: str, db: Any, game: str, deck: DeckTerms | None, fields: Any = None
) -> DeckTerms | None:
    """The deck terms with the library's cards when the query asks `in:decks` (deckbuilder.library)."""
    from carddb.query import QuerySyntaxError, parse_query, uses_library

    try:
        asked = uses_library(parse_query(query, fields))
    except QuerySyntaxError:
        return deck  # the search itself says what is wrong with the query
    if not asked:
        return deck
    from deckbuilder.library import with_library

    return with_library(deck, db, game)  # type: ignore[no-any-return]


def _deck_terms_of(args: argparse.Namespace, pool: CardDatabase) -> DeckTerms | None:
    """The --deck file's cards for in:deck and is:missing (against the pool's game's collection); a query asking
    about a deck without one is refused."""
    from carddb.query import uses_deck
    from carddb.search import parse_query
    from deckbuilder.collection import Collection

    if args.deck is None:
        if uses_deck(parse_query(args.query, pool.search_fields)):
            raise CliError(_("in:deck and is:missing need a deck: give it with --deck FILE"))
        return None
    return _deck_terms(args.deck, pool, Collection(pool, pool.game).owned_map())


def _deck_terms(path: Path, pool: Any, owned: Mapping[str, int] | None = None) -> DeckTerms:
    """The cards of the deck file, and those it needs more copies of than `owned` holds (the collection is Rage's)."""
    from deckbuilder.collection import deck_terms

    return deck_terms(read_one_deck(path, pool).deck, owned or {})


def _rage_numbers() -> list[str]:
    """Rage's number fields in the order a player reads them (its game description is their one list)."""
    from deckbuilder.games.loader import shipped_game

    return [f.name for f in shipped_game(DEFAULT_GAME).fields if f.kind == "number"]


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
        **{name: getattr(card, name) for name in _rage_numbers()},
        "text": card.text,
        "errata": card.errata,
        "notes": card.notes,
    }


def _print_card(card: Any, out: TextIO) -> None:
    from deckbuilder.games.loader import shipped_game

    game = shipped_game(DEFAULT_GAME)
    stats = " · ".join(
        f"{game.shown_label(name)} {getattr(card, name)}"
        for name in _rage_numbers()
        if getattr(card, name) is not None
    )
    sets = ", ".join(card.sets)
    print(f"{card.name} — {card.type}" + (f" [{sets}]" if sets else ""), file=out)
    for label, value in (
        (game.shown_label("requires"), card.requires),
        (game.shown_label("keywords"), card.keywords_field),
        (_("Stats"), stats),
        (game.shown_label("text"), card.text),
        (game.shown_label("errata"), card.errata),
        (game.shown_label("notes"), card.notes),
    ):
        if value and value.strip():
            print(f"  {label}: {' '.join(value.split())}", file=out)


_SEARCH_VALUE_OPTIONS = frozenset({"--db", "--limit", "--game", "--deck"})
_SEARCH_FLAG_OPTIONS = frozenset({"--json", "-h", "--help"})


def prepare_arguments(arguments: list[str]) -> list[str]:
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

"""`ragedeck odds`: draw odds and a seeded sample opening hand of a deck of any game whose description says how
hands are drawn."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from deckbuilder.deck import Deck
    from deckbuilder.games.description import Game
    from deckbuilder.odds import Odds, Piles, SampleHand

from deckbuilder.cli.common import EXIT_OK, CliError, add_db_option, open_db, read_one_deck
from deckbuilder.cli.output import LONE_SURROGATE, shown_name
from deckbuilder.i18n import gettext as _


def add_arguments(odds: argparse.ArgumentParser) -> None:
    """The options of `ragedeck odds`."""
    odds.add_argument("deck", type=Path, metavar="DECK")
    add_db_option(odds)
    odds.add_argument(
        "--card", action="append", default=[], metavar="NAME", help=_("chance of this card by turn N")
    )
    odds.add_argument(
        "--type", action="append", default=[], metavar="TYPE", help=_("chance of a Type (e.g. Gift)")
    )
    odds.add_argument("--turns", type=int, default=3, metavar="N", help=_("turns to show (default 3)"))
    odds.add_argument(
        "--copies",
        type=int,
        default=1,
        metavar="N",
        help=_("chance of at least N copies (1 to 3, default 1)"),
    )
    odds.add_argument(
        "--seed", metavar="HEX", help=_("deal the sample hand of this seed (shared by another player)")
    )
    odds.add_argument(
        "--trials", type=int, default=20_000, metavar="N", help=_("simulation trials (1000 to 200000)")
    )
    odds.add_argument("--json", action="store_true", help=_("print one JSON document"))


def _in_range(option: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise CliError(
            _("{option} must be between {low} and {high}, not {value}").format(
                option=option, low=low, high=high, value=value
            )
        )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the combat-hand odds (Rage), the chance of cards or Types by turn N, and a seeded sample hand."""
    from deckbuilder import odds
    from deckbuilder.context import DeckContexts
    from deckbuilder.games.description import GameError

    _in_range("--turns", args.turns, 1, odds.MAX_TURNS)
    _in_range("--copies", args.copies, 1, odds.MAX_COPIES)
    _in_range("--trials", args.trials, odds.MIN_TRIALS, odds.MAX_TRIALS)
    for name in (*args.card, *args.type):
        if LONE_SURROGATE.search(name):  # bytes that are not UTF-8 on the command line: no card is named so
            raise CliError(
                _("{name}: the name holds bytes that are not UTF-8 text; type it again in UTF-8").format(
                    name=shown_name(name)
                )
            )
    try:
        seed = odds.parse_seed(args.seed) if args.seed else odds.new_seed()
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    db = open_db(args.db)
    try:
        contexts = DeckContexts(db)
        deck = read_one_deck(args.deck, contexts).deck
        try:
            context = contexts.of(deck)
        except GameError as exc:
            raise CliError(f"{shown_name(args.deck)}: {exc}") from exc
        game, pool = context.game, context.pool
        if not game.draws:
            raise CliError(
                _(
                    '{path}: the description of {game} does not say how hands are drawn (its "draws": the '
                    "piles players draw from and the hand sizes), so draw odds cannot be worked out"
                ).format(path=shown_name(args.deck), game=game.title)
            )
        _use_installed_format(deck, game, args.deck, err)
        piles = odds.deck_piles(deck, pool, game)
        # The odds the game's engine adds to its description's draws, turns 1..N (Rage's combat hand per Character).
        found: list[odds.Odds] = context.engine.extra_odds(
            deck, pool, game, piles, seed, args.trials, args.turns
        )
        turns = range(1, args.turns + 1)
        for name in args.card:
            if piles.pile_of(name) is None:  # a card the deck lacks (or holds outside its draw piles): 0 %
                found.append(odds.missing_card(name))
                continue
            found.append(odds.card_by_turn(piles, name, 1, args.copies, opening=True))
            found += [odds.card_by_turn(piles, name, turn, args.copies) for turn in turns]
        for type_word in args.type:
            pile = odds.pile_for_type(piles, type_word)
            if pile is None:
                raise CliError(
                    _("{path}: no card of a draw pile of the deck has the Type '{type}'").format(
                        path=shown_name(args.deck), type=type_word
                    )
                )
            found.append(odds.type_by_turn(piles, pile, type_word, 1, args.copies, opening=True))
            found += [odds.type_by_turn(piles, pile, type_word, turn, args.copies) for turn in turns]
        hand = odds.SampleHand.deal(piles, seed)
        if args.json:
            document = {
                "deck": deck.name,
                "game": game.name,
                "odds": [o.to_json() for o in found],
                "sample_hand": {"seed": odds.format_seed(seed), **hand.hands},
            }
            json.dump(document, out, indent=2, ensure_ascii=False)
            out.write("\n")
            return EXIT_OK
        _print(args, deck.name, piles, found, hand, seed, out)
        return EXIT_OK
    finally:
        db.close()


def _print(
    args: argparse.Namespace,
    deck_name: str,
    piles: Piles,
    found: list[Odds],
    hand: SampleHand,
    seed: int,
    out: TextIO,
) -> None:
    from deckbuilder import odds
    from deckbuilder.i18n import render
    from deckbuilder.i18n.numbers import format_percent

    sizes = ", ".join(
        _("{count} {pile} (hands of {hand})").format(
            count=len(piles.pile(d.pile)), pile=piles.labels.get(d.pile, d.pile), hand=d.hand
        )
        for d in piles.draws
    )
    print(f"{shown_name(deck_name)}: {sizes}", file=out)
    sources: list[str] = []
    for item in found:
        margin = ""
        if item.method == odds.SIMULATED:
            margin = _(" ±{margin}, {trials} trials").format(
                margin=format_percent(item.margin), trials=item.trials
            )
        print(f"  {_(odds.METHOD_WORDS[item.method]):<9} {render(item)}{margin}", file=out)
        if item.source and item.source not in sources:
            sources.append(item.source)
    for source in sources:
        print(_("  rule: {source}").format(source=source), file=out)
    print(_("sample hand (seed {seed}):").format(seed=odds.format_seed(seed)), file=out)
    for draw in piles.draws:
        label = piles.labels.get(draw.pile, draw.pile)
        print(f"  {label}: " + "; ".join(hand.hand(draw.pile)), file=out)


def _use_installed_format(deck: Deck, game: Game, path: Path, err: TextIO) -> None:
    """A deck whose format its game does not have is dealt by the default format's rules, as `check` judges it."""
    from deckbuilder.deck import DEFAULT_FORMAT
    from deckbuilder.games.loader import formats_of
    from deckbuilder.i18n import render
    from deckbuilder.legality.checker import format_not_installed

    known = formats_of(game)
    if not known or any(f.name.casefold() == deck.format.strip().casefold() for f in known):
        return
    default = next((f for f in known if f.name == game.default_format), known[0])
    if deck.format != DEFAULT_FORMAT:  # a deck that names no format of its own is on its game's default
        note = render(format_not_installed(deck.format, default.name, [f.name for f in known]))
        print(_("note: {note}").format(note=f"{shown_name(path.name)}: {note}"), file=err)
    deck.format = default.name

"""`ragedeck odds`: draw odds and a seeded sample opening hand of a deck."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from deckbuilder.cli.common import (
    EXIT_OK,
    CliError,
    add_db_option,
    is_rage,
    open_db,
    read_one_deck,
)
from deckbuilder.cli.output import LONE_SURROGATE, shown_name
from deckbuilder.i18n import gettext as _
from deckbuilder.i18n.numbers import format_percent

if TYPE_CHECKING:
    from deckbuilder.deck import Deck


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
        "--seed", metavar="HEX", help=_("deal the sample hand of this seed (shared by another player)")
    )
    odds.add_argument(
        "--trials", type=int, default=20_000, metavar="N", help=_("simulation trials (max 200000)")
    )
    odds.add_argument("--json", action="store_true", help=_("print one JSON document"))


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
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
        loaded = read_one_deck(args.deck, db)
        deck = loaded.deck
        if not is_rage(deck.game):
            raise CliError(
                _("{path}: draw odds are only worked out for Rage decks, not for {game}").format(
                    path=shown_name(args.deck), game=shown_name(deck.game)
                )
            )
        _use_installed_format(deck, args.deck, err)
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
                deck=shown_name(deck.name), sept=len(piles.sept), combat=len(piles.combat)
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


def _use_installed_format(deck: Deck, path: Path, err: TextIO) -> None:
    """A deck whose format is not installed is dealt by the default format's rules, as `check` judges it."""
    from deckbuilder.i18n import render
    from deckbuilder.legality.engine import format_not_installed
    from deckbuilder.legality.formats import load_format_or_default

    fmt, missing = load_format_or_default(deck.format)
    if missing:
        note = render(format_not_installed(deck.format, fmt))
        print(_("note: {note}").format(note=f"{shown_name(path.name)}: {note}"), file=err)
        deck.format = fmt.name

"""A player's own game written from docs/GAMES.md alone (its Relic Raiders example) with a sideboard: a pile with no
`types`, so its cards are listed apart from the deck, its own deck-building rules, and a second format whose rules
draw a bigger opening hand (a format's own draws)."""

from __future__ import annotations

from pathlib import Path

from tests.deckbuilder.invented_games import install_game

GAME = "relic-raiders"
CARDS = """Name,Type,Faction,Rarity,Cost,Power,Command,Text
Captain Vessa,Leader,Tide,,,,30,"Your Units cost 1 less while you hold a Relic."
Old Brannoc,Leader,Ash,,,,25,Draw a card when a Unit of yours is destroyed.
Tide Raider,Unit - Human,Tide,Common,2,2,,
Reef Hound,Unit - Beast,Tide,Common,3,3,,
Deckhand,Unit - Human,Neutral,Common,1,1,,
Storm Caller,Unit - Human,Tide,Legendary,5,5,,"Once per turn, move a Unit."
The Drowned King,Unit - Undead,Tide,Legendary,6,6,,
Ember Scout,Unit - Human,Ash,Common,2,2,,
Anchor Blade,Relic - Weapon,Neutral,Rare,4,,,Equipped Unit gets +2 Power.
Tide Compass,Relic,Tide,Rare,3,,,
Sunken Crown,Relic - Crown,Tide,Rare,5,,,
Boarding Action,Tactic,Neutral,Common,1,,,Move a Unit to an enemy ship.
"""
# 10 cards in the deck (8 to 12 allowed) and two in the sideboard.
LEGAL_DECK = """# game: relic-raiders
Leader:
1 Captain Vessa
Deck:
2 Tide Raider
2 Reef Hound
2 Deckhand
1 Storm Caller
1 Anchor Blade
1 Tide Compass
1 Boarding Action
Sideboard:
2 Ember Scout
"""


def _rules(exact: bool) -> list[dict[str, object]]:
    size = {"min": 10, "max": 10} if exact else {"min": 8, "max": 12}
    return [
        {"kind": "unknown_card"},
        {"kind": "unplaceable_card"},
        {"kind": "exactly_one", "pile": "leader", "source": "Building a deck: choose one Leader"},
        {"kind": "pile_count", "pile": "deck", **size, "source": "Building a deck: the deck's size"},
        {"kind": "copies_at_most", "max": 2, "source": "Building a deck: at most 2 copies of a card"},
        {
            "kind": "same_as_card",
            "pile": "deck",
            "field": "faction",
            "card_pile": "leader",
            "except_values": ["Neutral"],
            "source": "Factions: every card is of your Leader's faction or Neutral",
        },
    ]


def install(exact: bool = False, rules: list[dict[str, object]] | None = None) -> Path:
    """Write the game into the player's games folder (the `relic_raiders` fixture installs it as it comes); `exact`: the standard format wants exactly 10 deck cards;
    `rules`: the standard format's rules instead of the usual ones."""
    game = {
        "name": GAME,
        "title": "Relic Raiders",
        "fields": [
            {"name": "name", "kind": "text", "column": "Name", "search": ["n"]},
            {"name": "type", "kind": "text", "column": "Type", "search": ["t"]},
            {"name": "faction", "kind": "words", "column": "Faction", "search": ["f"]},
            {"name": "rarity", "kind": "words", "column": "Rarity"},
            {"name": "cost", "kind": "number", "column": "Cost", "min": 0},
            {"name": "power", "kind": "number", "column": "Power", "min": 0},
            {"name": "command", "kind": "number", "column": "Command", "min": 0},
            {"name": "text", "kind": "text", "column": "Text"},
        ],
        "piles": [
            {"id": "leader", "label": "Leader", "types": ["Leader"]},
            {"id": "deck", "label": "Deck", "types": ["Unit", "Relic", "Tactic"]},
            {"id": "sideboard", "label": "Sideboard"},
        ],
        "settings": [
            {"id": "command", "label": "Command", "from_card": {"pile": "leader", "field": "command"}}
        ],
        "formats": ["standard.json", "skirmish.json"],
        "default_format": "standard",
        "cards": "cards.csv",
        "draws": [{"pile": "deck", "hand": 3, "source": "Setup: draw 3 cards"}],
    }
    standard = {"name": "standard", "title": "Relic Raiders standard", "rules": rules or _rules(exact)}
    skirmish = {
        "name": "skirmish",
        "title": "Skirmish",
        "rules": _rules(False),
        "draws": [{"pile": "deck", "hand": 5, "source": "Skirmish: draw 5 cards"}],
    }
    return install_game(game, {"standard.json": standard, "skirmish.json": skirmish}, {"cards.csv": CARDS})

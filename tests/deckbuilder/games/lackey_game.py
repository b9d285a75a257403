"""Stonebound, a Lackey-based game of our own invention described as data: its plugin folder (deck zones in
plugininfo.txt, card data with two sets and a card reprinted in the second, set images) and its game.json."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from tests.deckbuilder import invented_games

GAME = "stonebound"
GREEN = (30, 160, 60)
GREY = (120, 120, 120)
PLUGIN_INFO = """<plugininfo>
<deckzone><label>Warlord</label><gamezonetoloadto>Hand</gamezonetoloadto></deckzone>
<deckzone><label>Army</label><gamezonetoloadto>Deck</gamezonetoloadto></deckzone>
<filetoinclude>carddata.txt</filetoinclude>
</plugininfo>
"""
# Tab-separated, as Lackey writes it. Stone Wall is reprinted in Beta with a lower Cost: Beta's row is in force.
HEADER = "Name\tSet\tImageFile\tType\tCost\tFaction\tText"
ROWS = [
    "Granite Lord\tAlpha\tgranite\tWarlord\t\tEarth\tLeads the Earth army.",
    "Stone Wall\tAlpha\twall\tUnit\t3\tEarth\tBlocks one attack.",
    "Pebble Swarm\tAlpha\t\tUnit\t1\tEarth\tMany small stones.",
    "Landslide\tAlpha\t\tSpell\t4\tEarth;Storm\tDestroy a Unit.",
    "Stone Wall\tBeta\twall\tUnit\t2\tEarth\tBlocks one attack.",
    "Quartz Sentinel\tBeta\t\tUnit\tlots\tEarth\tA Cost that is no number.",
]
DECK = f"""# game: {GAME}
Warlord:
1\tGranite Lord
Army:
3\tStone Wall
3\tPebble Swarm
2\tLandslide
"""


def picture(colour: tuple[int, int, int]) -> bytes:
    """A card-shaped PNG of one colour."""
    buffer = io.BytesIO()
    Image.new("RGB", (126, 176), colour).save(buffer, "PNG")
    return buffer.getvalue()


def write_plugin(folder: Path, rows: list[str] | None = None) -> Path:
    """The game's Lackey plugin folder (plugininfo.txt, sets/carddata.txt, sets/setimages/<set>/); its path."""
    sets = folder / "sets"
    for set_name, colour in (("Alpha", GREEN), ("Beta", GREY)):
        (sets / "setimages" / set_name).mkdir(parents=True, exist_ok=True)
        (sets / "setimages" / set_name / "wall.png").write_bytes(picture(colour))
    (sets / "setimages" / "Alpha" / "granite.png").write_bytes(picture(GREEN))
    (folder / "plugininfo.txt").write_text(PLUGIN_INFO, encoding="utf-8")
    (sets / "carddata.txt").write_text("\n".join([HEADER, *(ROWS if rows is None else rows)]) + "\n", "utf-8")
    return folder


def install_game() -> Path:
    """The game's description and format in the player's games folder (the `stonebound` fixture)."""
    game = {
        "name": GAME,
        "title": "Stonebound",
        "fields": [
            {"name": "name", "kind": "text", "column": "Name", "search": ["n"]},
            {"name": "type", "kind": "text", "column": "Type", "search": ["t"]},
            {"name": "cost", "kind": "number", "column": "Cost", "min": 0},
            {"name": "faction", "kind": "words", "column": "Faction", "search": ["f"]},
            {"name": "text", "kind": "text", "column": "Text"},
        ],
        "columns": ["name", "type", "cost", "faction"],
        "card_data": {"format": "lackey", "set_column": "Set"},
        "piles": [
            {"id": "warlord", "label": "Warlord", "types": ["Warlord"]},
            {"id": "army", "label": "Army", "types": ["Unit", "Spell"]},
        ],
        "formats": ["open.json"],
    }
    rules = [
        {"kind": "unknown_card"},
        {"kind": "unplaceable_card"},
        {"kind": "exactly_one", "pile": "warlord"},
        {"kind": "copies_at_most", "max": 3},
    ]
    return invented_games.install_game(game, {"open.json": {"name": "open", "rules": rules}})


def write_deck(folder: Path) -> Path:
    """A legal deck of the game; its path."""
    path = folder / "stonebound.txt"
    path.write_text(DECK, encoding="utf-8")
    return path

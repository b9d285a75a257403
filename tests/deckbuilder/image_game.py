"""A player's game of our own invention whose card file names card images (for tests of images and proxies)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

from PIL import Image

GAME = "glimmer-duel"
RED = (200, 30, 30)
BLUE = (30, 60, 200)
CARDS = """Name,Type,Power,Image,Text
Ember Queen,Hero,5,images/ember.png,Your Spells deal 1 more.
Frost Spell,Spell,2,images/frost.jpg,Freeze a Blade.
Glass Blade,Blade,1,,Breaks when blocked.
Lost Charm,Spell,1,images/nowhere.png,Its picture was never drawn.
"""
DECK = f"""# game: {GAME}
Hero:
1\tEmber Queen
Deck:
3\tFrost Spell
2\tGlass Blade
1\tLost Charm
"""


def picture(colour: tuple[int, int, int], kind: str) -> bytes:
    """A card-shaped image of one colour."""
    buffer = io.BytesIO()
    Image.new("RGB", (126, 176), colour).save(buffer, kind)
    return buffer.getvalue()


def write_cards(folder: Path) -> Path:
    """The card file and the images it names in `folder`; the card file's path."""
    (folder / "images").mkdir(parents=True, exist_ok=True)
    (folder / "images" / "ember.png").write_bytes(picture(RED, "PNG"))
    (folder / "images" / "frost.jpg").write_bytes(picture(BLUE, "JPEG"))
    (folder / "cards.csv").write_text(CARDS, encoding="utf-8")
    return folder / "cards.csv"


def install_game() -> Path:
    """Install the game in the player's games folder (RAGEDECK_DATA_DIR, a test's own); its folder."""
    folder = Path(os.environ["RAGEDECK_DATA_DIR"]) / "games" / GAME
    (folder / "formats").mkdir(parents=True, exist_ok=True)
    game = {
        "name": GAME,
        "title": "Glimmer Duel",
        "fields": [
            {"name": "name"},
            {"name": "type"},
            {"name": "power", "kind": "number"},
            {"name": "text"},
        ],
        "image_column": "Image",
        "piles": [
            {"id": "hero", "label": "Hero", "types": ["Hero"]},
            {"id": "deck", "label": "Deck", "types": ["Spell", "Blade"]},
        ],
        "formats": ["open.json"],
        "cards": "cards.csv",
    }
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    rules = [{"kind": "unknown_card"}, {"kind": "unplaceable_card"}, {"kind": "exactly_one", "pile": "hero"}]
    (folder / "formats" / "open.json").write_text(
        json.dumps({"name": "open", "rules": rules}), encoding="utf-8"
    )
    write_cards(folder)
    return folder


def write_deck(folder: Path) -> Path:
    """A deck of the game; its path."""
    path = folder / "glimmer.txt"
    path.write_text(DECK, encoding="utf-8")
    return path

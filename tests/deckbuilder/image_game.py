"""A player's game of our own invention whose card file names card images (for tests of images and proxies)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from tests.deckbuilder import invented_games

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
    """Install the game in the player's games folder (the `glimmer_duel` fixture); its folder."""
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
    rules = [{"kind": "unknown_card"}, {"kind": "unplaceable_card"}, {"kind": "exactly_one", "pile": "hero"}]
    folder = invented_games.install_game(game, {"open.json": {"name": "open", "rules": rules}})
    write_cards(folder)
    return folder


def write_deck(folder: Path) -> Path:
    """A deck of the game; its path."""
    path = folder / "glimmer.txt"
    path.write_text(DECK, encoding="utf-8")
    return path

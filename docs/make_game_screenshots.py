"""Retake the screenshots of another game's deck in the window: python docs/make_game_screenshots.py OUTDIR.

Under Xvfb at 1280 × 720 (`xvfb-run -s "-screen 0 1280x720x24" python docs/make_game_screenshots.py docs`):
a Lithic Rage deck with part of it in the collection (the Own column), and a deck of a player's own game whose card
file names card pictures (the Card images tab and the Card pane). Everything is made here, in a scratch folder.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

SIZE = (1280, 720)
LITHIC_DECK = """# game: lithic-rage
Ancestry:
1\tRiver Folk
Class:
1\tBone Shaman
Actions:
1\tObsidian Spear
1\tAncestor's Whisper
1\tFire Dance
2\tSling Stone
1\tHide Shield
"""
# The player's own game: (name, Type, Power, colour of its picture or None for no picture, text).
STARLIGHT_CARDS = (
    ("Ember Queen", "Hero", 5, (176, 48, 40), "Your Spells deal 1 more."),
    ("Frost Spell", "Spell", 2, (40, 84, 170), "Freeze a Blade until your next turn."),
    ("Moss Golem", "Spell", 3, (52, 120, 60), "Summon a 3/3 Golem."),
    ("Sun Lance", "Blade", 4, (200, 150, 30), "Pierces one Ward."),
    ("Glass Blade", "Blade", 1, None, "Breaks when blocked."),
)
STARLIGHT_DECK = """# game: starlight-duel
Hero:
1\tEmber Queen
Deck:
3\tFrost Spell
2\tMoss Golem
2\tSun Lance
2\tGlass Blade
"""


def _picture(path: Path, name: str, kind: str, colour: tuple[int, int, int]) -> None:
    """A card picture of our own drawing: a coloured card with its name and Type."""
    from PIL import Image, ImageDraw, ImageFont

    fonts = Path(__file__).resolve().parent.parent / "deckbuilder" / "export" / "fonts"
    image = Image.new("RGB", (378, 528), (245, 240, 228))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((10, 10, 368, 518), radius=22, fill=colour, outline=(30, 30, 30), width=6)
    draw.ellipse((90, 130, 288, 328), fill=tuple(min(255, c + 70) for c in colour))
    bold = ImageFont.truetype(str(fonts / "DejaVuSans-Bold.ttf"), 30)
    plain = ImageFont.truetype(str(fonts / "DejaVuSans.ttf"), 24)
    draw.text((189, 60), name, fill=(255, 255, 255), font=bold, anchor="mm")
    draw.text((189, 440), kind, fill=(255, 255, 255), font=plain, anchor="mm")
    image.save(path)


def _install_starlight(games: Path) -> None:
    folder = games / "starlight-duel"
    (folder / "formats").mkdir(parents=True)
    (folder / "images").mkdir()
    game = {
        "name": "starlight-duel",
        "title": "Starlight Duel",
        "fields": [{"name": "name"}, {"name": "type"}, {"name": "power", "kind": "number"}, {"name": "text"}],
        "image_column": "Image",
        "piles": [
            {"id": "hero", "label": "Hero", "types": ["Hero"]},
            {"id": "deck", "label": "Deck", "types": ["Spell", "Blade"]},
        ],
        "header": [{"label": "Deck", "pile": "deck"}],
        "formats": ["open.json"],
        "cards": "cards.csv",
    }
    (folder / "game.json").write_text(json.dumps(game, indent=2), encoding="utf-8")
    rules = [
        {"kind": "unknown_card"},
        {"kind": "exactly_one", "pile": "hero"},
        {"kind": "copies_at_most", "max": 3},
    ]
    (folder / "formats" / "open.json").write_text(
        json.dumps({"name": "open", "title": "Open play", "rules": rules}), encoding="utf-8"
    )
    lines = ["Name,Type,Power,Image,Text"]
    for name, kind, power, colour, text in STARLIGHT_CARDS:
        image = ""
        if colour is not None:
            image = f"images/{name.lower().replace(' ', '-')}.png"
            _picture(folder / image, name, kind, colour)
        lines.append(f'{name},{kind},{power},{image},"{text}"')
    (folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    """Grab the two windows in English and Portuguese."""
    out_dir = Path(argv[0])
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = Path(tempfile.mkdtemp(prefix="ragedeck-game-shots-"))
    os.environ["RAGEDECK_DATA_DIR"] = str(scratch)
    _install_starlight(scratch / "games")
    (scratch / "River shaman.txt").write_text(LITHIC_DECK, encoding="utf-8")
    (scratch / "Ember court.txt").write_text(STARLIGHT_DECK, encoding="utf-8")
    from PySide6.QtWidgets import QApplication

    from carddb.db import CardDatabase
    from carddb.demo import ensure_demo_cards
    from deckbuilder.collection import Collection
    from deckbuilder.ui.main_window import MainWindow
    from deckbuilder.ui.translation import install

    app = QApplication.instance() or QApplication([sys.argv[0]])
    db = CardDatabase(scratch / "cards.sqlite")
    ensure_demo_cards(db)
    Collection(db, "lithic-rage").set_counts(
        [
            ("River Folk", None, 1),
            ("Bone Shaman", None, 1),
            ("Obsidian Spear", None, 1),
            ("Sling Stone", None, 2),
        ]
    )
    Collection(db, "starlight-duel").set_counts([("Frost Spell", None, 2), ("Sun Lance", None, 2)])
    for lang, suffix in (("en", ""), ("pt_BR", "-pt_BR")):
        install(app, lang)
        for stale in scratch.glob("*.ini"):
            stale.unlink()
        for deck, card, name, gallery in (
            ("River shaman.txt", "Fire Dance", "game-collection", False),
            ("Ember court.txt", "Moss Golem", "game-images", True),
        ):
            window = MainWindow(db, interactive=False)
            window.resize(*SIZE)
            window.show()
            if not window.open_deck(scratch / deck, ask_first=False):
                print(window.last_message, file=sys.stderr)
                return 1
            if gallery:
                window.deck_tabs.setCurrentWidget(window.gallery_page)
                window.gallery.setCurrentIndex(1)
            window.show_card(card)
            window.statusBar().clearMessage()  # not the scratch folder's name
            for _ in range(40):
                app.processEvents()
            target = out_dir / f"{name}{suffix}.png"
            window.grab().save(str(target))
            print(f"wrote {target}")
            window.undo_stack.setClean()
            window.close()
            window.deleteLater()
            app.processEvents()
    db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

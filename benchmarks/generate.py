"""Synthetic Rage card pools at any size, with matching decks, for the benchmarks (invented names only).

`python benchmarks/generate.py 20000 OUT_DIR [--seed 1]` writes OUT_DIR/sets/carddata.txt (a Lackey plugin
folder shape), OUT_DIR/plugininfo.txt and OUT_DIR/decks/deck-60.txt, deck-300.txt (Lackey text decks).
The type mix follows the real pool: about 22% Characters (Gaia, Wyrm, a few Rogues), 9% combat, the rest sept
types; field lengths are similar, some names are reprinted in several sets, and some fields hold straight and
curly quotes, accents and em dashes. The same seed always gives the same files.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from carddb.model import LACKEY_HEADER  # noqa: E402 - needs the project root on sys.path first

# Type -> weight, shaped like the real pool's counts (sept types are the long tail).
TYPE_WEIGHTS: dict[str, int] = {
    "Character - Gaia": 226,
    "Character - Wyrm": 105,
    "Character - Rogue": 12,
    "Character (Wyrm)": 4,
    "Character (Rogue)": 1,
    "Combat Action": 118,
    "Combat Event": 28,
    "Gift": 222,
    "Equipment": 144,
    "Event": 128,
    "Ally": 98,
    "Enemy": 85,
    "Victim": 62,
    "Territory": 56,
    "Quest": 46,
    "Caern": 43,
    "Rite": 41,
    "Moot": 39,
    "Action": 35,
    "Board Meeting": 31,
    "Battlefield": 20,
    "Past Life": 14,
    "Realm": 8,
    "Ally - Victim": 2,
    "Enemy - Victim": 2,
    "Territory - Realm": 1,
    "": 8,  # the real data has a few rows whose Type was lost
}
SETS: tuple[tuple[str, int], ...] = (
    ("Moonrise", 300),
    ("TheDeepWyld", 210),
    ("AshenCoast", 180),
    ("Silver Tide", 140),
    ("ThornCourt", 100),
    ("EmberReach-Hollow", 65),
    ("EmberReach-Cinder", 40),
    ("Far Shores", 100),
    ("Playtest", 90),
    ("Promo", 10),
)

FORE_A = [
    "Ka",
    "Ve",
    "Mor",
    "Tal",
    "Sha",
    "Ri",
    "Gra",
    "Ul",
    "Fen",
    "Ys",
    "Bra",
    "Dro",
    "Ker",
    "Lio",
    "Na",
    "Or",
    "Pe",
    "Sku",
    "Thu",
    "Wyn",
    "Zha",
    "Ae",
    "Cy",
    "Hal",
]
FORE_B = [
    "dra",
    "ven",
    "rik",
    "lia",
    "dow",
    "mar",
    "thos",
    "na",
    "gan",
    "ric",
    "sha",
    "tel",
    "wen",
    "zor",
    "ka",
    "bel",
    "dun",
    "ith",
    "ora",
    "vyn",
]
VERBS = [
    "Runs",
    "Howls",
    "Speaks",
    "Walks",
    "Hunts",
    "Sings",
    "Watches",
    "Breaks",
    "Follows",
    "Guards",
    "Dreams",
    "Strikes",
    "Bites",
    "Calls",
    "Laughs",
]
LINKS = ("-with-", "-the-", "-to-", "-from-")
NOUNS = [
    "Moon",
    "Storm",
    "Shadow",
    "Ash",
    "River",
    "Thorn",
    "Ember",
    "Frost",
    "Stone",
    "Wind",
    "Night",
    "Silver",
    "Bone",
    "Iron",
    "Rain",
    "Star",
    "Fang",
    "Smoke",
    "Dawn",
    "Wyld",
    "Gate",
    "Hollow",
    "Mire",
    "Crown",
    "Ward",
    "Song",
    "Veil",
    "Spire",
    "Tide",
    "Web",
    "Flame",
    "Root",
    "Hunger",
    "Echo",
    "Mirror",
    "Lantern",
    "Chain",
    "Blade",
    "Howl",
    "Oath",
]
ADJECTIVES = [
    "Silent",
    "Burning",
    "Broken",
    "Hidden",
    "Savage",
    "Gleaming",
    "Pale",
    "Hungry",
    "Ancient",
    "Crooked",
    "Restless",
    "Bitter",
    "Sacred",
    "Rotten",
    "Shattered",
    "Weeping",
    "Feral",
    "Sunken",
    "Howling",
    "Frozen",
    "Wicked",
    "Gentle",
    "Shadowed",
    "Twisted",
    "Lost",
    "Vigilant",
    "Scarred",
    "Hallowed",
    "Rusted",
    "Wild",
    "Grim",
    "Mocking",
    "Drowned",
    "Radiant",
    "Sly",
    "Feverish",
    "Patient",
    "Stolen",
    "Elder",
    "Hollow",
]
COMBAT_MOVES = [
    "Bite",
    "Slash",
    "Sweep",
    "Feint",
    "Lunge",
    "Block",
    "Rake",
    "Tackle",
    "Pounce",
    "Throw",
    "Parry",
    "Maul",
    "Gouge",
    "Dodge",
    "Headbutt",
    "Claw",
    "Charge",
    "Hamstring",
    "Roar",
    "Grapple",
]
TRIBES = ("Ash Striders", "Moon Keepers", "Thorn Walkers", "Stone Singers", "River Wardens", "Ember Howlers")
AUSPICES = ("Ragabash", "Theurge", "Philodox", "Galliard", "Ahroun")
BREEDS = ("Homid", "Lupus", "Metis")
WYRM_KIN = ("Fallen Howler", "Hollow Kin", "Rot Speaker")
ACCENTS = {"a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü", "n": "ñ"}
WORDS = [
    "the",
    "of",
    "your",
    "pack",
    "a",
    "target",
    "Character",
    "may",
    "discard",
    "draw",
    "sept",
    "card",
    "combat",
    "each",
    "player",
    "in",
    "play",
    "until",
    "end",
    "turn",
    "Rage",
    "Gnosis",
    "Health",
    "Renown",
    "gains",
    "loses",
    "cannot",
    "be",
    "played",
    "when",
    "if",
    "this",
    "is",
    "Garou",
    "Crinos",
    "form",
    "opponent's",
    "bluff",
    "damage",
    "extra",
    "one",
    "two",
    "three",
    "any",
    "during",
    "Moot",
    "Phase",
    "Redraw",
    "Phase",
    "attack",
    "chosen",
    "instead",
]


@dataclass(frozen=True, slots=True)
class GeneratedPool:
    """A generated card pool: Lackey rows (header order) and the names to build decks from, by role."""

    rows: list[list[str]]
    gaia_characters: list[tuple[str, int]]  # (name, renown), single-copy, no versions of each other
    plain_sept: list[str]  # sept cards with no requirement that a generated pack could miss
    plain_combat: list[str]


def _weighted(rng: random.Random, table: dict[str, int] | tuple[tuple[str, int], ...]) -> list[str]:
    """A long list drawn from a weight table, for fast rng.choice sampling."""
    items = table.items() if isinstance(table, dict) else table
    pool: list[str] = []
    for value, weight in items:
        pool.extend([value] * weight)
    return pool


def _oddify(rng: random.Random, name: str) -> str:
    """Now and then give a name the characters real data has: curly apostrophes, accents, em dashes."""
    roll = rng.random()
    if roll < 0.03:
        return f"{name.split()[0]}’s {' '.join(name.split()[1:]) or 'Oath'}"
    if roll < 0.05:
        chars = list(name)
        spots = [i for i, c in enumerate(chars) if c in ACCENTS and i > 0]
        if spots:
            spot = rng.choice(spots)
            chars[spot] = ACCENTS[chars[spot]]
        return "".join(chars)
    if roll < 0.06:
        return f"{name} — {rng.choice(NOUNS)} Song"
    return name


def _character_name(rng: random.Random) -> str:
    fore = rng.choice(FORE_A) + rng.choice(FORE_B)
    if rng.random() < 0.2:
        return f"{fore} {rng.choice(NOUNS)}{rng.choice(('fang', 'claw', 'eye', 'heart'))}"
    return f"{fore} {rng.choice(VERBS)}{rng.choice(LINKS)}{rng.choice(NOUNS)}"


def _sept_name(rng: random.Random, card_type: str) -> str:
    pattern = rng.random()
    if card_type == "Rite":
        return f"Rite of the {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"
    if pattern < 0.3:
        return f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"
    if pattern < 0.7:
        return f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} of the {rng.choice(NOUNS)}"
    return f"{rng.choice(NOUNS)} of the {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"


def _combat_name(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return f"{rng.choice(ADJECTIVES)} {rng.choice(COMBAT_MOVES)}"
    return f"{rng.choice(ADJECTIVES)} {rng.choice(COMBAT_MOVES)} of the {rng.choice(NOUNS)}"


def _unique(rng: random.Random, make: Callable[[], str], taken: set[str]) -> str:
    """A name from `make()` that is not taken yet (a lettered suffix once the vocabulary runs dry)."""
    for _ in range(20):
        name = _oddify(rng, make())
        if name.casefold() not in taken:
            break
    else:
        base = make()
        suffix = 0
        # Letters, not numbers: a trailing number would make Characters versions of each other.
        while (name := f"{base} {_letters(suffix)}").casefold() in taken:
            suffix += 1
    taken.add(name.casefold())
    return name


def _letters(number: int) -> str:
    """0 -> "Ab", 1 -> "Ac", ...: a short pronounceable tag."""
    vowels, consonants = "aeiou", "bcdfghklmnprstvz"
    tag = ""
    while True:
        number, rest = divmod(number, len(consonants))
        tag += "AEIOU"[number % 5] if not tag else vowels[number % 5]
        tag += consonants[rest]
        number //= 5
        if number == 0:
            return tag


def _sentence(rng: random.Random, words: int) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def _text(rng: random.Random) -> str:
    """Rules text of a realistic length (real mean 160 characters, up to 370), sometimes with quotes."""
    length = min(370, max(20, int(rng.gauss(160, 80))))
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < length:
        parts.append(_sentence(rng, rng.randint(5, 14)))
    text = " ".join(parts)[:length].rstrip() + "."
    roll = rng.random()
    if roll < 0.06:
        text += f' "{_sentence(rng, 6)}" — {rng.choice(FORE_A)}{rng.choice(FORE_B)}'
    elif roll < 0.09:
        text = f"“{_sentence(rng, 5)}” {text}"
    elif roll < 0.1:
        text += ' Counts as 1" of movement.'  # an unbalanced quote, as in the real data
    return text


def _slug(name: str) -> str:
    words = ("".join(c for c in word.casefold() if c.isalnum()) for word in name.split())
    return ".".join(word for word in words if word) or "card"


def _row(**values: str) -> list[str]:
    columns = dict.fromkeys(LACKEY_HEADER, "")
    for key, value in values.items():
        columns[key] = value
    return [columns[h] for h in LACKEY_HEADER]


def _character_row(rng: random.Random, name: str, card_type: str, set_name: str) -> tuple[list[str], int]:
    wyrm = "Wyrm" in card_type
    allegiance = "Wyrm" if wyrm else ("Rogue" if "Rogue" in card_type else "Gaia")
    keywords = [
        "Garou",
        rng.choice(WYRM_KIN if wyrm else TRIBES),
        rng.choice(AUSPICES),
        rng.choice(BREEDS),
        allegiance,
        rng.choice(("Male", "Female")),
    ]
    if rng.random() < 0.02:
        keywords.append("Multiple")
    renown = rng.choice((1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9))
    slug = _slug(name)
    row = _row(
        Name=name,
        Expansion=set_name,
        ImageFile=f"rage.image.garou.{slug},rage.image.crinos.{slug}",
        Sealed=rng.choice(("[GM-Ch]", "[GM-Ch][GW-Ch]", "[GW-Ch][GU-Ch][GJ-Ch]", "")),
        Type=card_type,
        Keywords=" - ".join(keywords),
        Renown=str(renown),
        Rage=str(rng.randint(1, 6)),
        Gnosis=str(rng.randint(1, 7)),
        Health=str(rng.randint(1, 6)),
        CRage=str(rng.randint(2, 8)),
        CGnosis=str(rng.randint(1, 7)),
        CHealth=str(rng.randint(2, 8)),
        Text=_text(rng),
    )
    return row, renown


def _other_row(rng: random.Random, name: str, card_type: str, set_name: str) -> tuple[list[str], bool]:
    """A sept or combat row; the flag says whether it has no requirement a pack could fail."""
    requires = ""
    if rng.random() < 0.4:
        requires = " - ".join(rng.sample(AUSPICES, rng.randint(1, 2)))
    values: dict[str, str] = {}
    if card_type == "Gift":
        values["Gnosis"] = str(rng.randint(1, 5))
    if card_type.startswith("Combat"):
        values["Rage"] = str(rng.randint(0, 4))
        values["Damage"] = str(rng.randint(0, 4)) if rng.random() < 0.6 else ""
    if card_type == "Rite":
        values["Renown"] = str(rng.randint(1, 5))
    keywords = ""
    if rng.random() < 0.4:
        keywords = " - ".join(rng.sample(("Restricted", "Fetish", "Totem", "Spirit", "Urban", "Wild"), 1))
    errata = _sentence(rng, rng.randint(8, 30)) if rng.random() < 0.25 else ""
    kind = _slug(card_type.split(" - ")[0]) or "unknown"
    row = _row(
        Name=name,
        Expansion=set_name,
        ImageFile=f"rage.image.{kind}.{_slug(name)}",
        Sealed=rng.choice(("[GM-Se]", "[GW-Se]", "", "")),
        Type=card_type,
        Notes=rng.choice(("", "", "", "Reprint", "Fixed")),
        Requires=requires,
        Keywords=keywords,
        Text=_text(rng),
        Errata=errata,
        **values,
    )
    plain = (
        not requires
        and card_type not in ("Gift", "Rite", "Moot", "Board Meeting", "Battlefield", "")
        and "Restricted" not in keywords
        and "Fetish" not in keywords
    )
    return row, plain


def generate_pool(n: int, seed: int = 1) -> GeneratedPool:
    """N Lackey rows (about 3% of them reprints of an earlier name in another set), deterministic for a seed."""
    rng = random.Random(seed)
    types = _weighted(rng, TYPE_WEIGHTS)
    sets = _weighted(rng, SETS)
    taken: set[str] = set()
    rows: list[list[str]] = []
    gaia: list[tuple[str, int]] = []
    plain_sept: list[str] = []
    plain_combat: list[str] = []
    printings: dict[str, set[str]] = {}
    name_index = LACKEY_HEADER.index("Name")
    set_index = LACKEY_HEADER.index("Expansion")
    while len(rows) < n:
        if rows and rng.random() < 0.03:
            # A reprint: same card, another set (Lackey has one row per printing).
            original = rng.choice(rows)
            printed_in = printings.setdefault(original[name_index], {original[set_index]})
            free_sets = [s for s, _ in SETS if s not in printed_in]
            if free_sets:
                reprint = list(original)
                reprint[set_index] = rng.choice(free_sets)
                printed_in.add(reprint[set_index])
                rows.append(reprint)
            continue
        card_type = rng.choice(types)
        set_name = rng.choice(sets)
        if card_type.startswith("Character"):
            name = _unique(rng, lambda: _character_name(rng), taken)
            row, renown = _character_row(rng, name, card_type, set_name)
            if card_type == "Character - Gaia" and "Multiple" not in row[LACKEY_HEADER.index("Keywords")]:
                gaia.append((name, renown))
        elif card_type.startswith("Combat"):
            name = _unique(rng, lambda: _combat_name(rng), taken)
            row, plain = _other_row(rng, name, card_type, set_name)
            if plain:
                plain_combat.append(name)
        else:
            name = _unique(rng, partial(_sept_name, rng, card_type), taken)
            row, plain = _other_row(rng, name, card_type, set_name)
            if plain:
                plain_sept.append(name)
        assert row[name_index] == name
        rows.append(row)
    return GeneratedPool(rows, gaia, plain_sept, plain_combat)


def deck_lines(
    pool: GeneratedPool, sept_cards: int, combat_cards: int, seed: int = 1
) -> list[tuple[str, int, str]]:
    """A legal deck as (zone, count, name): Gaia pack within Renown 20, 3 of each sept, 2 of each combat card."""
    rng = random.Random(seed)
    pack: list[tuple[str, int]] = []
    renown = 0
    for name, card_renown in rng.sample(pool.gaia_characters, len(pool.gaia_characters)):
        # Names ending in a number would be versions of one Character; a pack holds one version only.
        if renown + card_renown <= 20 and not name.rsplit(" ", 1)[-1].isdigit():
            pack.append((name, card_renown))
            renown += card_renown
        if renown >= 17 or len(pack) >= 6:
            break
    lines = [("Characters", 1, name) for name, _ in pack]
    # A small pool may not have enough distinct cards; the deck is then smaller (and may be below the minimums).
    sept_names = rng.sample(pool.plain_sept, min(len(pool.plain_sept), -(-sept_cards // 3)))
    remaining = sept_cards
    for name in sept_names:
        count = min(3, remaining)
        lines.append(("Sept", count, name))
        remaining -= count
    combat_names = rng.sample(pool.plain_combat, min(len(pool.plain_combat), -(-combat_cards // 2)))
    remaining = combat_cards
    for name in combat_names:
        count = min(2, remaining)
        lines.append(("Combat", count, name))
        remaining -= count
    return lines


def deck_text(lines: list[tuple[str, int, str]]) -> str:
    """Lackey plain-text deck: `Zone:` lines, then `count<TAB>name` lines."""
    out: list[str] = []
    zone = ""
    for line_zone, count, name in lines:
        if line_zone != zone:
            out.append(f"{line_zone}:")
            zone = line_zone
        out.append(f"{count}\t{name}")
    return "\n".join(out) + "\n"


PLUGININFO = """<plugin>
<deckzone><label>Characters</label><gamezonetoloadto>Pack</gamezonetoloadto><shuffle>no</shuffle></deckzone>
<deckzone><label>Sept</label><gamezonetoloadto>Sept Deck</gamezonetoloadto><shuffle>yes</shuffle></deckzone>
<deckzone><label>Combat</label><gamezonetoloadto>Combat Deck</gamezonetoloadto><shuffle>yes</shuffle></deckzone>
<listofcarddatafiles><filetoinclude>carddata.txt</filetoinclude></listofcarddatafiles>
</plugin>
"""

# Deck name -> (sept cards, combat cards); with the pack that is about 60 and 300 cards.
DECK_SIZES: dict[str, tuple[int, int]] = {"deck-60": (36, 20), "deck-300": (196, 100)}


def write_plugin(out: Path, n: int, seed: int = 1) -> dict[str, Path]:
    """Write a plugin-shaped folder with N generated cards and the decks; returns the paths written."""
    pool = generate_pool(n, seed)
    (out / "sets").mkdir(parents=True, exist_ok=True)
    (out / "decks").mkdir(parents=True, exist_ok=True)
    card_data = out / "sets" / "carddata.txt"
    with card_data.open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("\t".join(LACKEY_HEADER) + "\n")
        for row in pool.rows:
            handle.write("\t".join(row) + "\n")
    (out / "plugininfo.txt").write_text(PLUGININFO, encoding="utf-8")
    written = {"carddata": card_data}
    for deck_name, (sept, combat) in DECK_SIZES.items():
        path = out / "decks" / f"{deck_name}.txt"
        path.write_text(deck_text(deck_lines(pool, sept, combat, seed)), encoding="utf-8")
        written[deck_name] = path
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write a synthetic Rage card pool and decks (invented names)."
    )
    parser.add_argument("cards", type=int, help="number of card rows")
    parser.add_argument("out", type=Path, help="folder to write (shaped like a Lackey plugin)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for label, path in write_plugin(args.out, args.cards, args.seed).items():
        print(f"{label}: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

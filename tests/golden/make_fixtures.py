"""Writes the golden deck fixtures once (deterministic): `python -m tests.golden.make_fixtures`.

The Rage pool is 400 invented cards from benchmarks/generate.py (seed 3); the decks are its legal 60-card deck
mutated by seeded edits (cards added, removed, over the copy limit, mistyped, unknown, other allegiances, other
piles) and written as text, .dek and native decks; the other games' decks are drawn from their shipped card sets.
The files are committed: the golden test reads them, not this script.
"""

from __future__ import annotations

import csv
import json
import random
import shutil
import sys
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
POOL = HERE / "pool"
DECKS = HERE / "decks"
RAGE_DECKS = 48
OTHER_DECKS = 10
# Named apart from the real pool's carddata.txt: this file is invented by benchmarks/generate.py, not copied.
CARD_FILE = "golden-cards.txt"


def _pool_rows() -> list[dict[str, str]]:
    lines = (POOL / "sets" / CARD_FILE).read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"), strict=False)) for line in lines[1:] if line.strip()]


def _zone(card_type: str) -> str:
    if card_type.startswith("Character"):
        return "Characters"
    return "Combat" if card_type.startswith("Combat") else "Sept"


def _base_deck() -> dict[str, list[list[object]]]:
    zones: dict[str, list[list[object]]] = {}
    zone = "Characters"
    for line in (POOL / "decks" / "deck-60.txt").read_text(encoding="utf-8").splitlines():
        if line.endswith(":"):
            zone = line[:-1]
            zones.setdefault(zone, [])
        elif line.strip():
            count, name = line.split("\t", 1)
            zones.setdefault(zone, []).append([int(count), name])
    return zones


def _mutate(zones: dict[str, list[list[object]]], rows: list[dict[str, str]], rng: random.Random) -> None:
    for _ in range(rng.randint(1, 4)):
        edit = rng.choice(["add", "add", "remove", "over", "typo", "unknown", "character", "version", "zone"])
        every = [entry for entries in zones.values() for entry in entries]
        if edit == "add":
            row = rng.choice(rows)
            zones.setdefault(_zone(row["Type"]), []).append([rng.randint(1, 3), row["Name"]])
        elif edit == "remove" and every:
            entries = rng.choice([e for e in zones.values() if e] or [[]])
            if entries:
                entries.pop(rng.randrange(len(entries)))
        elif edit == "over" and every:
            rng.choice(every)[0] = rng.randint(4, 7)
        elif edit == "typo" and every:
            entry = rng.choice(every)
            name = str(entry[1])
            cut = rng.randrange(1, max(2, len(name) - 1))
            entry[1] = name[:cut] + name[cut + 1 :]
        elif edit == "unknown":
            zones.setdefault(rng.choice(["Sept", "Combat"]), []).append(
                [2, f"Invented Card {rng.randint(1, 999)}"]
            )
        elif edit == "character":
            row = rng.choice([r for r in rows if r["Type"].startswith("Character")])
            zones.setdefault("Characters", []).append([1, row["Name"]])
        elif edit == "version":
            row = rng.choice([r for r in rows if r["Type"].startswith("Character")])
            zones.setdefault("Characters", []).append([1, f"{row['Name']} (2)"])
        elif edit == "zone" and every:
            entry = rng.choice(every)
            for entries in zones.values():
                if entry in entries:
                    entries.remove(entry)
            zones.setdefault(rng.choice(["Characters", "Sept", "Combat"]), []).append(entry)


def _as_text(zones: dict[str, list[list[object]]]) -> str:
    return "".join(
        f"{zone}:\n" + "".join(f"{count}\t{name}\n" for count, name in entries)
        for zone, entries in zones.items()
    )


def _as_dek(title: str, zones: dict[str, list[list[object]]]) -> str:
    parts = [f'<deck version="0.8"><meta><game>rage</game><title>{escape(title)}</title></meta>']
    for zone, entries in zones.items():
        parts.append(f'<superzone name="{escape(zone)}">')
        for count, name in entries:
            parts.extend(f"<card><name>{escape(str(name))}</name></card>" for _ in range(int(str(count))))
        parts.append("</superzone>")
    parts.append("</deck>")
    return "\n".join(parts) + "\n"


def _as_native(title: str, zones: dict[str, list[list[object]]], rng: random.Random) -> str:
    sections: dict[str, list[dict[str, object]]] = {"characters": [], "sept": [], "combat": []}
    for zone, entries in zones.items():
        key = {"Characters": "characters", "Combat": "combat"}.get(zone, "sept")
        sections[key].extend({"name": name, "count": count} for count, name in entries)
    document = {
        "format_version": 1,
        "app": "rage-deckbuilder",
        "name": title,
        "renown_level": rng.choice([15, 20, 20, 25]),
        "format": rng.choice(["revised", "revised", "revised-tournament", "original-1995"]),
        "sections": sections,
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def _other_game_decks(rng: random.Random) -> None:
    for game in ("lithic-rage", "warrift"):
        folder = ROOT / "deckbuilder" / "games" / game
        description = json.loads((folder / "game.json").read_text(encoding="utf-8"))
        with (folder / "cards.csv").open(encoding="utf-8", newline="") as handle:
            cards = list(csv.DictReader(handle))
        piles = description["piles"]
        for number in range(OTHER_DECKS):
            lines = [f"# game: {game}"]
            for pile in piles:
                matching = [c for c in cards if any(c["Type"].startswith(t) for t in pile["types"])]
                if not matching or rng.random() < 0.15:
                    continue
                lines.append(f"{pile['label']}:")
                for card in rng.sample(matching, k=min(len(matching), rng.randint(1, 6))):
                    lines.append(f"{rng.choice([1, 1, 2, 3, 4])}\t{card['Name']}")
            if rng.random() < 0.2:
                lines.append(f"1\tNo Such {game} Card")
            (DECKS / f"{game}-{number:02d}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from benchmarks.generate import main as generate

    shutil.rmtree(POOL, ignore_errors=True)
    shutil.rmtree(DECKS, ignore_errors=True)
    generate(["400", str(POOL), "--seed", "3"])
    (POOL / "decks" / "deck-300.txt").unlink()
    (POOL / "sets" / "carddata.txt").rename(POOL / "sets" / CARD_FILE)
    plugininfo = POOL / "plugininfo.txt"
    plugininfo.write_text(
        plugininfo.read_text(encoding="utf-8").replace("carddata.txt", CARD_FILE), encoding="utf-8"
    )
    DECKS.mkdir()
    rows = _pool_rows()
    rng = random.Random(20261125)
    base = _base_deck()
    (DECKS / "rage-00-legal.txt").write_text(_as_text(base), encoding="utf-8")
    for number in range(1, RAGE_DECKS):
        zones = json.loads(json.dumps(base))
        _mutate(zones, rows, rng)
        title = f"Golden deck {number:02d}"
        kind = number % 3
        if kind == 0:
            (DECKS / f"rage-{number:02d}.txt").write_text(_as_text(zones), encoding="utf-8")
        elif kind == 1:
            (DECKS / f"rage-{number:02d}.dek").write_text(_as_dek(title, zones), encoding="utf-8")
        else:
            (DECKS / f"rage-{number:02d}.ragedeck").write_text(
                _as_native(title, zones, rng), encoding="utf-8"
            )
    _other_game_decks(rng)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Golden reports: every result of every deck fixture, as `ragedeck check --json` gives it, before and after a redesign.

`python -m tests.golden.golden` rewrites expected.json (own fixtures) and expected-realpool.json (digests of the
reports of the real pool's decks, when ../shared is present). A change to either file is a change of verdicts: the
commit that makes it says which result moved and why.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
POOL = HERE / "pool"
DECKS = HERE / "decks"
EXPECTED = HERE / "expected.json"
EXPECTED_REALPOOL = HERE / "expected-realpool.json"
SHARED = ROOT.parent / "shared" / "data"
REAL_DECKS = ("wyrm-example.dek", "gaia-example.txt")
REAL_MUTATIONS = 30
# The option sets every Rage deck is checked under (other games' decks under the first only).
RAGE_VARIANTS: tuple[tuple[str, ...], ...] = (
    (),
    ("--format", "revised-tournament"),
    ("--format", "original-1995", "--renown", "25"),
    ("--renown", "12"),
)


def run_cli(*argv: str) -> tuple[int, str]:
    """`ragedeck ARGV` in this process: exit code and standard output."""
    from deckbuilder.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue()


def import_pool(plugin: Path, db: Path) -> None:
    """Import a Lackey plugin folder into a new database."""
    code, _out = run_cli("import-cards", str(plugin), "--db", str(db))
    if code != 0:
        raise RuntimeError(f"import of {plugin} failed ({code})")


def normalise(document: dict[str, Any]) -> dict[str, Any]:
    """What a verdict is made of: legal, format, and every result's code, severity, message and cards."""
    return {
        "legal": document.get("legal"),
        "format": document.get("format"),
        "error": document.get("error"),
        "results": [
            [r["code"], r["severity"], r["message"], list(r.get("cards", []))]
            for r in document.get("results", [])
        ],
    }


def reports(db: Path, decks: Sequence[Path], key_of: Any = None) -> dict[str, Any]:
    """Each deck under each option set: {"<deck> <options>": {"exit": code, **normalise(document)}}."""
    found: dict[str, Any] = {}
    for deck in decks:
        game_deck = deck.read_text(encoding="utf-8", errors="replace").startswith("# game:")
        for variant in RAGE_VARIANTS[:1] if game_deck else RAGE_VARIANTS:
            code, out = run_cli("check", "--json", "--db", str(db), *variant, str(deck))
            documents = json.loads(out)["decks"]
            key = " ".join([key_of(deck) if key_of else deck.name, *variant])
            found[key] = {"exit": code, **normalise(documents[0])}
    return found


def own_decks() -> list[Path]:
    """The committed deck fixtures, in name order."""
    return sorted(DECKS.iterdir())


def digest(report: Any) -> str:
    """A short stable digest of one normalised report."""
    text = json.dumps(report, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def real_decks(folder: Path) -> Iterator[Path]:
    """The real example decks, then seeded mutations of the text one over the real pool (written into folder)."""
    decks = SHARED / "decks"
    yield from (decks / name for name in REAL_DECKS)
    header, *rows = (
        (SHARED / "lackey-rage" / "sets" / "carddata.txt").read_text(encoding="utf-8").splitlines()
    )
    columns = header.split("\t")
    cards = [dict(zip(columns, row.split("\t"), strict=False)) for row in rows if row.strip()]
    base = (decks / "gaia-example.txt").read_text(encoding="utf-8").splitlines()
    rng = random.Random(1995)
    for number in range(REAL_MUTATIONS):
        lines = list(base)
        for _ in range(rng.randint(1, 4)):
            edit = rng.choice(["add", "remove", "over", "typo", "version"])
            counted = [i for i, line in enumerate(lines) if "\t" in line]
            if edit == "add":
                card = rng.choice(cards)
                zone = "Characters" if card.get("Type", "").startswith("Character") else "Sept"
                zone = "Combat" if card.get("Type", "").startswith("Combat") else zone
                lines.append(f"{zone}:")
                lines.append(f"{rng.randint(1, 3)}\t{card['Name']}")
            elif edit == "remove" and counted:
                lines.pop(rng.choice(counted))
            elif edit == "over" and counted:
                i = rng.choice(counted)
                lines[i] = f"{rng.randint(4, 6)}\t{lines[i].split(chr(9), 1)[1]}"
            elif edit == "typo" and counted:
                i = rng.choice(counted)
                count, name = lines[i].split("\t", 1)
                cut = rng.randrange(1, max(2, len(name) - 1))
                lines[i] = f"{count}\t{name[:cut]}{name[cut + 1 :]}"
            elif edit == "version":
                card = rng.choice([c for c in cards if c.get("Type", "").startswith("Character")])
                lines.append("Characters:")
                lines.append(f"1\t{card['Name']} (2)")
        path = folder / f"real-{number:02d}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        yield path


def summarise(found: dict[str, Any]) -> dict[str, Any]:
    """Reports reduced to what may be committed without the real pool's text: exit, verdict, codes, digest."""
    return {
        key: {
            "exit": r["exit"],
            "legal": r["legal"],
            "codes": sorted({x[0] for x in r["results"]}),
            "digest": digest(r),
        }
        for key, r in found.items()
    }


def own_reports(workdir: Path) -> dict[str, Any]:
    """The reports of the committed fixtures, checked against the committed invented pool."""
    db = workdir / "golden.sqlite"
    import_pool(POOL, db)
    return reports(db, own_decks())


def realpool_reports(workdir: Path) -> dict[str, Any]:
    """The reports of the real example decks and their mutations, checked against the real pool."""
    db = workdir / "real.sqlite"
    import_pool(SHARED / "lackey-rage", db)
    decks = workdir / "decks"
    decks.mkdir(exist_ok=True)
    return reports(db, list(real_decks(decks)))


def main() -> int:
    import tempfile

    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as scratch:
        EXPECTED.write_text(
            json.dumps(own_reports(Path(scratch)), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        if (SHARED / "lackey-rage").is_dir():
            digests = summarise(realpool_reports(Path(scratch)))
            EXPECTED_REALPOOL.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""An in-memory CardPool of invented cards (reusable by other tests) and a minimal reader of Lackey card data."""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable
from pathlib import Path

from carddb.identities import character_identity, shipped_identities
from carddb.model import CardInfo, PrintingInfo
from carddb.normalize import normalize_name
from deckbuilder.deck import Deck
from deckbuilder.legality.results import Report


class InMemoryPool:
    """A CardPool over a dict of CardInfo keyed by normalised name."""

    def __init__(self, cards: Iterable[CardInfo]) -> None:
        self.cards = {card.norm_name: card for card in cards}

    def lookup(self, name: str) -> CardInfo | None:
        return self.cards.get(normalize_name(name))

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        matches = difflib.get_close_matches(normalize_name(name), list(self.cards), n=limit, cutoff=0.6)
        return [self.cards[m].name for m in matches]


def printings(*sets: str) -> tuple[PrintingInfo, ...]:
    """Printings in the given sets (newest first)."""
    return tuple(PrintingInfo(set_name=s, set_rank=len(sets) - i) for i, s in enumerate(sets))


def character(
    name: str,
    renown: int,
    allegiance: str = "Gaia",
    keywords: str = "Garou - Fianna - Theurge - Homid",
    rage: int = 2,
    gnosis: int = 4,
    crage: int | None = 5,
    cgnosis: int | None = None,
    sets: tuple[str, ...] = ("Unlimited",),
    type_: str | None = None,
    identity: str = "",
) -> CardInfo:
    """An invented Character card."""
    return CardInfo(
        name=name,
        type=type_ if type_ is not None else f"Character - {allegiance}",
        keywords_field=keywords,
        renown=renown,
        rage=rage,
        gnosis=gnosis,
        crage=crage,
        cgnosis=cgnosis,
        printings=printings(*sets),
        identity=identity,
    )


def card(
    name: str,
    type_: str,
    requires: str = "",
    keywords: str = "",
    sets: tuple[str, ...] = ("Unlimited",),
    text: str = "",
    **numbers: int,
) -> CardInfo:
    """An invented sept or combat card."""
    return CardInfo(
        name=name,
        type=type_,
        requires=requires,
        keywords_field=keywords,
        text=text,
        printings=printings(*sets),
        **numbers,  # type: ignore[arg-type]
    )


def combat_cards(count: int, prefix: str = "Quick Swipe") -> list[CardInfo]:
    """Plain combat actions (Rage 1) with distinct names."""
    return [
        card(f"{prefix} {chr(65 + i // 26)}{chr(65 + i % 26)}", "Combat Action", rage=1) for i in range(count)
    ]


def sept_cards(count: int, prefix: str = "Moonlit Errand") -> list[CardInfo]:
    """Plain events with distinct names."""
    return [card(f"{prefix} {chr(65 + i // 26)}{chr(65 + i % 26)}", "Event") for i in range(count)]


# The standard fixture: a legal Gaia pack at Renown 20, 20 combat and 30 sept cards (2 and 3 copies of each).
GAIA_PACK = [
    character("Thorn Ashwalker", 8),
    character("Willa Greysong", 7, keywords="Garou - Stargazers - Galliard - Lupus"),
    character("Old Crickbone", 5, keywords="Garou - Bone Gnawer - Ragabash - Metis", gnosis=6),
]
BASE_COMBAT = combat_cards(10)
BASE_SEPT = sept_cards(10)


def make_pool(*extra: CardInfo) -> InMemoryPool:
    """The base fixture cards plus `extra`."""
    return InMemoryPool([*GAIA_PACK, *BASE_COMBAT, *BASE_SEPT, *extra])


def legal_deck() -> Deck:
    """A deck that is legal (no errors) in the revised format at Renown 20."""
    deck = Deck(name="Fixture pack")
    for c in GAIA_PACK:
        deck.add(c.name)
    for c in BASE_COMBAT:
        deck.add(c.name, 2)
    for c in BASE_SEPT:
        deck.add(c.name, 3)
    return deck


def read_lackey_carddata(path: Path) -> InMemoryPool:
    """A pool from a Lackey carddata.txt: plain tab split (Lackey does not quote fields); reprints merge."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    table = shipped_identities()
    rows: dict[str, tuple[dict[str, str], list[str]]] = {}
    for line in lines[1:]:
        values = line.split("\t")
        if len(values) != len(header):
            continue
        row = dict(zip(header, values, strict=True))
        key = normalize_name(row["Name"])
        if key in rows:
            rows[key][1].append(row["Expansion"])
        else:
            rows[key] = (row, [row["Expansion"]])

    def number(text: str) -> int | None:
        return int(text) if text.strip().lstrip("-").isdigit() else None

    cards = []
    for row, sets in rows.values():
        info = CardInfo(
            name=row["Name"],
            type=row["Type"],
            keywords_field=row["Keywords"],
            requires=row["Requires"],
            renown=number(row["Renown"]),
            rage=number(row["Rage"]),
            gnosis=number(row["Gnosis"]),
            health=number(row["Health"]),
            crage=number(row["CRage"]),
            cgnosis=number(row["CGnosis"]),
            chealth=number(row["CHealth"]),
            damage=number(row["Damage"]),
            text=row["Text"],
            printings=printings(*sets),
        )
        if info.type.startswith("Character"):
            info = info.replace(identity=character_identity(info.name, table))
        cards.append(info)
    return InMemoryPool(cards)


@dataclasses.dataclass(frozen=True)
class Counted:
    """A Rage report's counts as a player reads them: its piles, its header figures and its unplaced cards."""

    characters: int
    sept: int
    combat: int
    starting: int
    renown: int | str
    rogue_renown: int | str
    rogue_cap: int | None
    allegiance: int | str
    unplaced: int


def counted(report: Report) -> Counted:
    """What a Rage report counted, read the way every view reads it: piles, figures by label, the resolved deck."""
    renown, rogue, allegiance = (report.figure(label) for label in ("Renown", "Rogue", "Allegiance"))
    assert renown is not None and rogue is not None and allegiance is not None
    unplaced = sum(c.copies for c in report.resolved if c.pile is None) if report.resolved is not None else 0
    return Counted(
        characters=report.pile_count("characters"),
        sept=report.pile_count("sept"),
        combat=report.pile_count("combat"),
        starting=report.pile_count("starting"),
        renown=renown.value,
        rogue_renown=rogue.value,
        rogue_cap=rogue.at_most,
        allegiance=allegiance.value,
        unplaced=unplaced,
    )

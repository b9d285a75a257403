"""Reprints: Lackey names a second printing of a card `Name (2)`; it is the same card when its game text matches."""

from __future__ import annotations

import re
from collections.abc import Callable

from carddb.cardtypes import Section
from carddb.model import RAGE, CardInfo

# `Whippoorwill (2)`: a single digit in parentheses at the end (`Elwood 'Slicer' Nedervitch (Crinos)` is a name).
_REPRINT_SUFFIX = re.compile(r"^(?P<base>.*\S)\s*\(\d\)$")
_SPACES = re.compile(r"\s+")


def _game_text(card: CardInfo) -> tuple[object, ...]:
    """Everything that makes two cards play the same (names and printings aside)."""

    def clean(text: str) -> str:
        return _SPACES.sub(" ", text).strip().casefold()

    return (
        clean(card.type),
        clean(card.requires),
        tuple(k.casefold() for k in card.keywords),
        card.renown,
        card.rage,
        card.gnosis,
        card.health,
        card.crage,
        card.cgnosis,
        card.chealth,
        card.damage,
        clean(card.text),
    )


def reprint_base_name(name: str) -> str | None:
    """The name without a reprint suffix (`Whippoorwill (2)` -> `Whippoorwill`), or None when it has none."""
    match = _REPRINT_SUFFIX.match(name.strip())
    return match.group("base") if match else None


def reprint_of(card: CardInfo, lookup: Callable[[str], CardInfo | None]) -> CardInfo | None:
    """The card this one reprints, or None: only `Name (digit)` whose text matches a card named `Name`.

    Characters are never folded: versions of a Character keep their own rule (CHARACTER_VERSIONS), and
    `Fomori (1)` / `Fomori (2)` with different stats are two cards.
    """
    # Lackey's `Name (2)` is Rage's data convention: another game's cards are never folded here.
    if card.game != RAGE or card.section is Section.CHARACTERS or not card.name.endswith(")"):
        return None
    base_name = reprint_base_name(card.name)
    if base_name is None:
        return None
    base = lookup(base_name)
    if base is None or base.norm_name == card.norm_name or base.section is Section.CHARACTERS:
        return None
    return base if _game_text(base) == _game_text(card) else None

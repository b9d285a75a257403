"""Character identities for the versions rule: the trailing-number rule plus a table of renamed pairs."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

from carddb.normalize import normalize_name

_TRAILING_NUMBER = re.compile(r"^(.*\S)\s+\(?(\d{1,2})\)?$")


def shipped_identities() -> dict[str, str]:
    """The known renamed versions shipped with the app: normalised name -> normalised identity."""
    # Beside the package's modules; importlib.resources would cost every `ragedeck check` a few ms of imports.
    data = Path(__file__).with_name("data") / "character_identities.json"
    raw = json.loads(data.read_text("utf-8"))
    table: dict[str, str] = {}
    for group in raw["groups"]:
        identity = normalize_name(group[0])
        for name in group:
            table[normalize_name(name)] = identity
    return table


def numbered_base(name: str) -> str | None:
    """The normalised name a trailing version number follows (`Mari Cabrah 2` -> "mari cabrah"); None without one."""
    match = _TRAILING_NUMBER.match(normalize_name(name))
    return match.group(1) if match else None


def character_identity(name: str, overrides: Mapping[str, str]) -> str:
    """Identity key of a Character: table entry first, else the name without a trailing version number.

    The number names a version only of a Character that has that name (`Mari Cabrah`): the versions rule asks
    whether one does (`Gaia 1` and `Gaia 2` are Playtest stand-ins, and no card is named `Gaia`).
    """
    key = normalize_name(name)
    if key in overrides:
        return overrides[key]
    base = numbered_base(key) or key
    return overrides.get(base, base)

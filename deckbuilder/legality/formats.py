"""Rage's formats as Rage's code asks for them (`Format`: limits, sets, bans), read by the one loader.

Formats are the one shape every game uses (games/<game>/formats/*.json, and the player's files in
`<user data dir>/formats/`, read by deckbuilder.games.loader); Rage's are `games/rage/formats/*.json`. A user
file with the same `name` as a shipped format replaces it; a broken one is skipped and named by `format_problems()`.
"""

from __future__ import annotations

from typing import Any

from deckbuilder.games.loader import FormatError as FormatError
from deckbuilder.games.loader import find_format, format_of_data, formats_of, load_game
from deckbuilder.games.loader import format_problems as format_problems
from deckbuilder.games.loader import user_formats_dir as user_formats_dir
from deckbuilder.games.rage.engine import format_view, registered_rules
from deckbuilder.games.rage.format import DEFAULT_FORMAT_NAME as DEFAULT_FORMAT_NAME
from deckbuilder.games.rage.format import GAME
from deckbuilder.games.rage.format import LIMIT_KEYS as LIMIT_KEYS
from deckbuilder.games.rage.format import Format as Format
from deckbuilder.games.rage.format import FormatLimits as FormatLimits


def rule_codes() -> tuple[str, ...]:
    """Every code a Rage format may report, derived from Rage's registered rules (each declares its codes once)."""
    return tuple(dict.fromkeys(code for _name, rule in registered_rules() for code in rule.codes))


def __getattr__(name: str) -> tuple[str, ...]:
    """`RULE_CODES`, derived on first use (see rule_codes())."""
    if name == "RULE_CODES":
        return rule_codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def format_from_data(data: Any, source: str) -> Format:
    """A Rage format from parsed JSON of either shape, every field validated (FormatError names the field)."""
    game = load_game(GAME)
    return format_view(format_of_data(data, source, game), game)


def load_format_file(path: Any) -> Format:
    """Read and validate one Rage format file; FormatError says what is wrong (with line/field)."""
    from deckbuilder.games.loader import load_format_file as load

    game = load_game(GAME)
    return format_view(load(path, game), game)


def available_formats() -> list[Format]:
    """Rage's shipped formats plus valid user files (a user file overrides a shipped one of the same name)."""
    game = load_game(GAME)
    return [format_view(fmt, game) for fmt in formats_of(game)]


def load_format(name: str) -> Format:
    """The Rage format with this name (case-insensitive); FormatError lists the known names when it is missing."""
    game = load_game(GAME)
    return format_view(find_format(game, name), game)


def load_format_or_default(name: str) -> tuple[Format, str | None]:
    """The format with this name, else the default format and a note saying which format was missing."""
    try:
        return load_format(name), None
    except FormatError:
        pass
    fallback = load_format(DEFAULT_FORMAT_NAME)
    shown = " ".join(name.split())[:60] or "(no name)"
    known = ", ".join(f.name for f in available_formats())
    return fallback, (
        f"the deck's format '{shown}' is not installed (available: {known}); "
        f"it was checked against the default format '{fallback.name}'"
    )

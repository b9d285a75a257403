"""Legality: results and reports (any game), Rage's formats and the Rage-deck entry point `check_deck`.

The engine is `deckbuilder.games.check.check` (one call for any game); Rage's rules are the Rage game package's
(deckbuilder/games/rage/). Names are found lazily, so importing the results does not load the games.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckbuilder.games.rage.facts import character_allegiance as character_allegiance
    from deckbuilder.legality.engine import DECK_FILE_UNREAD as DECK_FILE_UNREAD
    from deckbuilder.legality.engine import DEMO_CARD as DEMO_CARD
    from deckbuilder.legality.engine import FORMAT_NOT_INSTALLED as FORMAT_NOT_INSTALLED
    from deckbuilder.legality.engine import check_deck as check_deck
    from deckbuilder.legality.formats import Format as Format
    from deckbuilder.legality.formats import FormatError as FormatError
    from deckbuilder.legality.formats import FormatLimits as FormatLimits
    from deckbuilder.legality.formats import available_formats as available_formats
    from deckbuilder.legality.formats import format_problems as format_problems
    from deckbuilder.legality.formats import load_format as load_format
    from deckbuilder.legality.formats import load_format_file as load_format_file
    from deckbuilder.legality.formats import load_format_or_default as load_format_or_default
    from deckbuilder.legality.formats import user_formats_dir as user_formats_dir
    from deckbuilder.legality.results import Report as Report
    from deckbuilder.legality.results import Result as Result
    from deckbuilder.legality.results import Severity as Severity

_HOMES = {
    "DECK_FILE_UNREAD": "deckbuilder.legality.engine",
    "DEMO_CARD": "deckbuilder.legality.engine",
    "FORMAT_NOT_INSTALLED": "deckbuilder.legality.engine",
    "check_deck": "deckbuilder.legality.engine",
    "Format": "deckbuilder.legality.formats",
    "FormatError": "deckbuilder.legality.formats",
    "FormatLimits": "deckbuilder.legality.formats",
    "available_formats": "deckbuilder.legality.formats",
    "format_problems": "deckbuilder.legality.formats",
    "load_format": "deckbuilder.legality.formats",
    "load_format_file": "deckbuilder.legality.formats",
    "load_format_or_default": "deckbuilder.legality.formats",
    "user_formats_dir": "deckbuilder.legality.formats",
    "Report": "deckbuilder.legality.results",
    "Result": "deckbuilder.legality.results",
    "Severity": "deckbuilder.legality.results",
    "character_allegiance": "deckbuilder.games.rage.facts",
}
__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    """A name of the package, imported from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)

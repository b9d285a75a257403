"""Legality engine: small rule objects returning frozen results; formats are data files."""

from deckbuilder.legality.engine import DECK_FILE_UNREAD, DEMO_CARD, FORMAT_NOT_INSTALLED, check_deck
from deckbuilder.legality.formats import (
    Format,
    FormatError,
    FormatLimits,
    available_formats,
    format_problems,
    load_format,
    load_format_file,
    load_format_or_default,
    user_formats_dir,
)
from deckbuilder.legality.results import Report, Result, Severity, Totals
from deckbuilder.legality.rules import character_allegiance

__all__ = [
    "DECK_FILE_UNREAD",
    "DEMO_CARD",
    "FORMAT_NOT_INSTALLED",
    "Format",
    "FormatError",
    "FormatLimits",
    "Report",
    "Result",
    "Severity",
    "Totals",
    "available_formats",
    "character_allegiance",
    "check_deck",
    "format_problems",
    "load_format",
    "load_format_file",
    "load_format_or_default",
    "user_formats_dir",
]

"""The checker's own results: how a check itself went, whatever the game (no format's rule, none can switch off)."""

from __future__ import annotations

from collections.abc import Iterable

from deckbuilder.deck import UnreadPart
from deckbuilder.i18n import ENGLISH, Param, declare, format_message, message_key, params_of
from deckbuilder.legality.results import Result, Severity

INTERNAL_ERROR = "INTERNAL_ERROR"
# A deck file line or element the reader could not use: the checker did not see the whole deck, so it is not legal.
# Like INTERNAL_ERROR it is not a format's rule and no format can switch it off.
DECK_FILE_UNREAD = "DECK_FILE_UNREAD"
# The deck names a format that is not installed: it was checked against the default format instead (a warning).
FORMAT_NOT_INSTALLED = "FORMAT_NOT_INSTALLED"
MESSAGES = declare(
    {
        INTERNAL_ERROR: "internal error in rule {rule}: {error}",
        f"{INTERNAL_ERROR}.deck": "internal error while reading the deck: {error}",
        DECK_FILE_UNREAD: "{location}: {text} could not be read ({reason}); "
        "the deck cannot be judged legal until it is fixed",
        FORMAT_NOT_INSTALLED: "The deck's format '{format}' is not installed (available: {available}); "
        "it was checked against the default format '{default}'",
    }
)


def checker_result(code: str, severity: Severity, variant: str = "", **params: Param | list[str]) -> Result:
    """One of the checker's own results, rendered in English with its parameters for other languages."""
    values = params_of(params)
    message = format_message(message_key(code, variant), values, ENGLISH)
    return Result(code, severity, message, (), values, variant)


def format_not_installed(deck_format: str, default: str, available: Iterable[str]) -> Result:
    """The warning for a deck naming a format that is not installed, checked against the format `default`."""
    return checker_result(
        FORMAT_NOT_INSTALLED,
        Severity.WARNING,
        format=" ".join(deck_format.split())[:60] or "(no name)",
        available=list(available),
        default=default,
    )


def unread_results(unread: Iterable[UnreadPart]) -> list[Result]:
    """One error per deck-file part the reader could not use, naming where it was and what it said."""
    results = []
    for part in unread:
        shown = part.text if len(part.text) <= 80 else part.text[:79] + "…"
        # The reader's reason is the reader's English words; the location and text are the file's own.
        results.append(
            checker_result(
                DECK_FILE_UNREAD, Severity.ERROR, location=part.location, text=repr(shown), reason=part.reason
            )
        )
    return results

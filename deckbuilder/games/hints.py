"""Fix-it hints for any game: what a hint is, how it changes a deck, its messages, and the engine's verdict on it.

A hint carries a stable code, its parameters and an English message (the window translates by code), plus the Deck
operations that apply it. Every hint is re-checked by the engine before it is offered (`Verifier.accepted`). Who
plans hints: Rage's own planners (games/rage/fixhints.py), and for every other game the fixes each rule kind
declares (games/fixes.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TextIO

from carddb.cardtypes import Section
from carddb.record import FrozenRecord, set_field
from deckbuilder.deck import Deck
from deckbuilder.i18n import ENGLISH, Params, declare, format_message, message_key, params_json
from deckbuilder.i18n import gettext as _
from deckbuilder.legality.results import Report, Result

# Hints kinds (stable codes); each message is declared once here, keyed by `KIND` or `KIND.variant`.
REMOVE = "REMOVE"
TRIM = "TRIM"
SWAP = "SWAP"
REPLACE = "REPLACE"
ADD_CARDS = "ADD_CARDS"
ADD_CHARACTER = "ADD_CHARACTER"
MESSAGES = declare(
    {
        REMOVE: "Remove '{card}'",
        f"{REMOVE}.copies": "Remove '{card}' ({copies} copies)",
        f"{REMOVE}.character": "Remove '{card}' (Renown {renown})",
        f"{REMOVE}.side": "Remove the {allegiance} Characters {names!q}",
        f"{REMOVE}.demo": "Remove the demo cards {names!q}",
        f"{REMOVE}.starting": "Drop '{card}' from the starting list ({copies} over the limit)",
        f"{REMOVE}.pile": "Remove {count:plural:card|cards} from {pile}: {removed}",
        REPLACE: "Replace {copies} × '{card}' with {added}",
        f"{REPLACE}.closest": "Replace '{card}' with '{added}' (the closest card name)",
        TRIM: "Trim '{card}' from {copies} to {limit:plural:copy|copies}",
        f"{TRIM}.add": "Trim '{card}' from {copies} to {limit:plural:copy|copies} and add {added}",
        f"{TRIM}.pile": "Trim '{card}' from {copies} to {limit:plural:copy|copies}, taking {taken} out of {pile}",
        f"{ADD_CARDS}.sept": "Add {missing} sept cards: {added}",
        f"{ADD_CARDS}.combat": "Add {missing} combat cards: {added}",
        f"{ADD_CARDS}.pile": "Add {missing:plural:card|cards} to {pile}: {added}",
        SWAP: "Swap '{card}' (Renown {renown}) for '{added}' (Renown {added_renown}, {allegiance})",
        ADD_CHARACTER: "Add '{added}' (Renown {renown}, {allegiance})",
        f"{ADD_CHARACTER}.card": "Add '{added}' to {pile}",
        "NO_FIX": "no change found that the checker accepts",
        "NO_FIX.INTERNAL_ERROR": "a rule failed inside the checker; there is nothing in the deck to change",
        "NO_FIX.GROUP_COUNT": "each group needs its own cards, which only the player can choose: add or remove "
        "cards of that group",
        "NO_FIX.DECK_FILE_UNREAD": "a line of the deck file is not a card the reader understood; correct or "
        "delete that line in the file (the deck holds only the lines that were read)",
    }
)
# Why some errors have no automatic fix: the engine's own failure and an unread line are not deck contents.
NO_AUTOMATIC_FIX: dict[str, str] = {
    "INTERNAL_ERROR": MESSAGES["NO_FIX.INTERNAL_ERROR"],
    "DECK_FILE_UNREAD": MESSAGES["NO_FIX.DECK_FILE_UNREAD"],
    "GROUP_COUNT": MESSAGES["NO_FIX.GROUP_COUNT"],
}

# How many hints of one kind are offered, and how many candidates are tried to find them (bounded work).
MAX_HINTS_PER_ERROR = 3
MAX_TRIES_PER_ERROR = 24


class HintsCancelled(BaseException):
    """Working hints out was cancelled by its caller's `cancel` (the deck changed). A BaseException, as asyncio's
    CancelledError: a planner's `except Exception` (a failed planner leaves its error without hints) lets it by."""


def no_fix_reason(code: str, lang: str | None = None) -> str:
    """Why an error has no hint, in a language."""
    return format_message(f"NO_FIX.{code}" if code in NO_AUTOMATIC_FIX else "NO_FIX", (), lang)


class Change(FrozenRecord):
    """One Deck operation: add (count > 0) or remove (count < 0) copies of a card, from the starting list if so."""

    __slots__ = _fields = ("name", "count", "set_name", "starting", "zone_hint")

    name: str
    count: int
    set_name: str | None
    starting: bool
    zone_hint: Section | None  # the section an added card goes in when its Type does not say

    def __init__(
        self,
        name: str,
        count: int,
        set_name: str | None = None,
        starting: bool = False,
        zone_hint: Section | None = None,
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "count", count)
        set_field(self, "set_name", set_name)
        set_field(self, "starting", starting)
        set_field(self, "zone_hint", zone_hint)


class FixHint(FrozenRecord):
    """One offered fix: which error it clears, a code with parameters, an English message and its changes."""

    __slots__ = _fields = ("code", "fixes", "message", "changes", "params", "cards", "variant")

    code: str
    fixes: str  # the error code it clears
    message: str
    changes: tuple[Change, ...]
    params: Params
    cards: tuple[str, ...]  # the cards of the error it clears
    variant: str  # which of the kind's messages ("" for the kind's own)

    def __init__(
        self,
        code: str,
        fixes: str,
        message: str,
        changes: tuple[Change, ...],
        params: Params = (),
        cards: tuple[str, ...] = (),
        variant: str = "",
    ) -> None:
        set_field(self, "code", code)
        set_field(self, "fixes", fixes)
        set_field(self, "message", message)
        set_field(self, "changes", changes)
        set_field(self, "params", params)
        set_field(self, "cards", cards)
        set_field(self, "variant", variant)

    @property
    def message_id(self) -> str:
        """The catalogue key of the message: the kind, or `KIND.variant`."""
        return message_key(self.code, self.variant)

    @property
    def size(self) -> int:
        """Copies moved in or out; smaller hints come first."""
        return sum(abs(c.count) for c in self.changes)

    def to_json(self) -> dict[str, object]:
        """The shape `ragedeck check --fix-hints --json` prints."""
        return {
            "code": self.code,
            "fixes": self.fixes,
            "message": self.message,
            "params": params_json(self.params),
            "changes": [
                {"name": c.name, "count": c.count, "set": c.set_name, "starting": c.starting}
                for c in self.changes
            ],
        }


def apply_changes(deck: Deck, changes: Iterable[Change]) -> None:
    """Run a hint's changes on the deck with the Deck's own operations."""
    for change in changes:
        if change.count > 0:
            deck.add(change.name, change.count, change.set_name, change.zone_hint, starting=change.starting)
        elif change.starting:
            deck.remove_exact(change.name, change.set_name, -change.count, starting=True)
        else:
            deck.remove(change.name, -change.count, change.set_name)


def make_hint(
    code: str,
    error: Result,
    changes: Sequence[Change],
    variant: str = "",
    **params: str | int | tuple[str, ...],
) -> FixHint:
    """A hint of a kind for an error, its English message rendered from its parameters."""
    values = tuple(params.items())
    return FixHint(
        code=code,
        fixes=error.code,
        message=format_message(message_key(code, variant), values, ENGLISH),
        changes=tuple(changes),
        params=values,
        cards=error.cards,
        variant=variant,
    )


def replace_with_suggestions(
    error: Result, name: str, suggestions: Sequence[str], removal: Sequence[Change]
) -> Iterator[FixHint]:
    """Swap an unknown card (its `removal`) for each suggested name, the closest first, leaving room for removal."""
    for suggestion in suggestions[: MAX_HINTS_PER_ERROR - 1]:
        # The printing written for the unknown name means nothing for the suggested card: take its newest.
        changes = [*removal, *(Change(suggestion, -c.count, None, c.starting) for c in removal)]
        yield make_hint(REPLACE, error, changes, "closest", card=name, added=suggestion)


def describe_added(changes: Sequence[Change]) -> str:
    """The cards a hint adds, as `2 × Name, 1 × Other`."""
    return ", ".join(f"{c.count} × {c.name}" for c in changes if c.count > 0)


def describe_removed(changes: Sequence[Change]) -> str:
    """The cards a hint takes out, as `2 × Name, 1 × Other`."""
    return ", ".join(f"{-c.count} × {c.name}" for c in changes if c.count < 0)


class Verifier:
    """The engine's verdict on a hint: the target result goes (one fewer of its code, and of its very words: clearing
    another card's or pile's result of the same code is no fix for it), and no error appears or grows."""

    def __init__(
        self,
        deck: Deck,
        report: Report,
        recheck: Callable[[Deck], Report],
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        self.deck = deck
        self.recheck = recheck
        self.cancel = cancel
        self._before = Counter(r.code for r in report.results)
        self._said = Counter((r.code, r.message) for r in report.results)
        self._errors_before = Counter(r.code for r in report.errors)

    def stop_if_cancelled(self) -> None:
        """Raise HintsCancelled once the caller's `cancel` says so (asked between candidate checks; None: never)."""
        if self.cancel is not None and self.cancel():
            raise HintsCancelled

    def accepted(self, target: Result, changes: Sequence[Change]) -> bool:
        """Whether the engine, checking the deck with these changes, says the hint helps and hurts nothing."""
        if not changes:
            return False
        trial = self.deck.copy()
        apply_changes(trial, changes)
        after = self.recheck(trial)
        if sum(1 for r in after.results if r.code == target.code) >= self._before[target.code]:
            return False
        said = (target.code, target.message)
        if (
            self._said[said]
            and sum(1 for r in after.results if (r.code, r.message) == said) >= self._said[said]
        ):
            return False
        errors = Counter(r.code for r in after.errors)
        return all(errors[code] <= self._errors_before[code] for code in errors if code != target.code)

    def offered(self, error: Result, hints: Iterator[FixHint], by_size: bool = True) -> list[FixHint]:
        """The planner's hints the engine accepts (bounded), smallest first unless the planner's order matters."""
        offered: list[FixHint] = []
        tries = 0
        for hint in hints:
            self.stop_if_cancelled()  # each try is a whole check of the deck: a stale answer stops here
            tries += 1
            if tries > MAX_TRIES_PER_ERROR or len(offered) >= MAX_HINTS_PER_ERROR:
                break
            if any(h.changes == hint.changes for h in offered):
                continue
            if self.accepted(error, hint.changes):
                offered.append(hint)
        if by_size:
            offered.sort(key=lambda h: h.size)
        return offered


class HintList(FrozenRecord):
    """The hints of one deck, as `ragedeck check --fix-hints` prints them."""

    __slots__ = _fields = ("items",)

    items: list[tuple[Result, list[FixHint]]]

    def __init__(self, items: list[tuple[Result, list[FixHint]]]) -> None:
        set_field(self, "items", items)

    def to_json(self) -> list[dict[str, object]]:
        """One object per error with its hints."""
        return [
            {"code": error.code, "message": error.message, "hints": [h.to_json() for h in hints]}
            for error, hints in self.items
        ]

    def print(self, out: TextIO) -> None:
        """Plain-text lines under the deck's report, in the current language."""
        from deckbuilder.i18n import render

        fix = _("fix")
        for error, hints in self.items:
            if not hints:
                reason = no_fix_reason(error.code)
                print(
                    f"  {fix:<8} {error.code}: " + _("no automatic fix ({reason})").format(reason=reason),
                    file=out,
                )
            for hint in hints:
                print(f"  {fix:<8} {error.code}: {render(hint)}", file=out)

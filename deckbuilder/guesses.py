"""The lines of a deck file that matched a card only by a guess, for the organiser to look at.

Two guesses exist: the check's resolve step folds a reprint (`Whippoorwill (2)`) into the card it reprints
(carddb.reprints: same game text), and a name no card has is reported with its near names (UNKNOWN_CARD's `hints`),
which the player may have meant. The first is counted as the card; the second is not counted at all. Each is found
in what the check recorded (`Report.resolved`, `Report.results`), not worked out again.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from carddb.normalize import normalize_name
from carddb.record import FrozenRecord, set_field
from carddb.reprints import reprint_base_name
from deckbuilder.deck import Deck
from deckbuilder.i18n import gettext

REPRINT = "reprint"
NEAR_NAME = "near"
# An organiser reads a few guesses per deck; a deck of hundreds of typos is named by its count instead.
MAX_GUESSES = 50


class Guess(FrozenRecord):
    """One line read by a guess: where, the name as written, the card it was (or may have been) meant as."""

    __slots__ = _fields = ("kind", "written", "card", "line")

    kind: str  # REPRINT: counted as `card`; NEAR_NAME: not counted, `card` is the nearest name
    written: str
    card: str
    line: int | None

    def __init__(self, kind: str, written: str, card: str, line: int | None = None) -> None:
        set_field(self, "kind", kind)
        set_field(self, "written", written)
        set_field(self, "card", card)
        set_field(self, "line", line)

    def text(self, lang: str | None = None) -> str:
        """`line 12: 'Whippoorwill (2)' read as 'Whippoorwill' (a reprint; guessed)`, in the reader's language."""
        if self.kind == REPRINT:
            said = gettext("'{written}' read as '{card}' (a reprint; guessed)", lang)
        else:
            said = gettext(
                "'{written}' is no card; did the player mean '{card}'? (guessed; not counted)", lang
            )
        said = said.format(written=self.written, card=self.card)
        if self.line is None:
            return said
        return gettext("line {line}: {text}", lang).format(line=self.line, text=said)

    def to_json(self) -> dict[str, object]:
        """`check --json`'s entry: `{"line", "kind", "written", "card", "message"}` (the message in English)."""
        return {
            "line": self.line,
            "kind": self.kind,
            "written": self.written,
            "card": self.card,
            "message": self.text("en"),
        }


def guessed_lines(deck: Deck, report: object, path: Path | None = None) -> tuple[Guess, ...]:
    """Every name of the deck the check read by a guess, in deck order, with its line in the file when found."""
    found: list[Guess] = []
    resolved = getattr(report, "resolved", None)
    # Only a name ending "(digit)" can be a folded reprint: a deck without one never builds the resolved cards
    # (a plain `ragedeck check` would otherwise pay for them on every deck).
    if resolved is not None and any(e.name.strip().endswith(")") for e in (*deck.entries, *deck.starting)):
        keys = {c.key for c in resolved.cards}
        seen: set[str] = set()
        for entry in (*deck.entries, *deck.starting):
            if entry.key in seen or entry.key in keys:
                continue
            seen.add(entry.key)
            base = reprint_base_name(entry.name)
            folded = resolved.card_named(normalize_name(base)) if base is not None else None
            if folded is not None and folded.card is not None:
                found.append(Guess(REPRINT, entry.name, folded.name))
    for result in getattr(report, "results", ()):
        hints = dict(result.params).get("hints") if result.code == "UNKNOWN_CARD" else None
        if hints and result.cards and isinstance(hints, Sequence) and not isinstance(hints, str):
            found.append(Guess(NEAR_NAME, result.cards[0], str(hints[0])))
    found = found[:MAX_GUESSES]
    if path is None or not found:
        return tuple(found)
    from deckbuilder.deckfiles.common import lines_of

    lines = lines_of(path, [g.written for g in found])
    return tuple(Guess(g.kind, g.written, g.card, lines.get(g.written)) for g in found)

"""Frozen results of the legality rules and the report that gathers them."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from deckbuilder.i18n import Params, message_key, params_json

if TYPE_CHECKING:
    from deckbuilder.games.figures import FigureValue
    from deckbuilder.games.resolved import ResolvedDeck
    from deckbuilder.legality.formats import FormatLimits


class Severity(StrEnum):
    """How much a result matters: errors make a deck illegal."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Result(NamedTuple):
    """One finding of a rule: stable code, severity, its English message, the cards involved and the parameters.

    `message` is the English rendering; `deckbuilder.i18n.render(result, lang)` renders it in another language from
    `message_id` (the code, or a variant such as `UNKNOWN_CARD.hint`) and `params`.
    """

    code: str
    severity: Severity
    message: str
    cards: tuple[str, ...] = ()
    params: Params = ()
    variant: str = ""  # which of the code's messages ("" for the code's own)

    @property
    def message_id(self) -> str:
        """The catalogue key of the message: the code, or `CODE.variant`."""
        return message_key(self.code, self.variant)

    def to_json(self) -> dict[str, object]:
        """The shape `ragedeck check --json` prints."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "cards": list(self.cards),
            "message_id": self.message_id,
            "params": params_json(self.params),
        }


class Totals(NamedTuple):
    """Section sizes and Renown of a deck as the checker counted them."""

    characters: int = 0
    sept: int = 0
    combat: int = 0
    renown: int = 0
    rogue_renown: int = 0
    starting: int = 0
    unplaced: int = 0
    allegiance: str = ""  # "Gaia", "Wyrm" or "" when undecided
    rogue_cap: int = 0  # most Renown Rogues may bring: half the pack's Renown (ROGUE_OVER_HALF)

    def to_json(self) -> dict[str, int]:
        """The totals object of `ragedeck check --json`."""
        return {
            "characters": self.characters,
            "sept": self.sept,
            "combat": self.combat,
            "renown": self.renown,
            "rogue_renown": self.rogue_renown,
        }


@dataclass(frozen=True, slots=True)
class Report:
    """Everything the checker found about one deck."""

    format: str
    renown_level: int
    totals: Totals
    results: tuple[Result, ...] = field(default=())
    # The limits the deck was checked against (minimums, copies), for views that show them beside the totals.
    limits: FormatLimits | None = None
    game: str = "rage"  # the game whose rules the deck was checked against
    # The header figures (games/figures.FigureValue) and piles (id, label, cards) of the deck's game.json, valued
    # once by the check for every game (Rage's engine from its totals): views read them, never value them again.
    figures: tuple[FigureValue, ...] = ()
    piles: tuple[tuple[str, str, int], ...] = ()
    # The deck's settings as checked (Rage's Renown level, another game's cost limit), by setting id.
    settings: tuple[tuple[str, int | None], ...] = ()
    # The deck resolved to its cards once, by the check (reprints folded, piles assigned): for every view to read.
    resolved: ResolvedDeck | None = field(default=None, compare=False, repr=False)
    # The checked format's title as its file gives it (English or the player's own words; "" when it has none): the
    # verdict names the format by it without finding the format again.
    format_title: str = field(default="", compare=False, repr=False)

    @property
    def errors(self) -> tuple[Result, ...]:
        """Results that make the deck illegal."""
        return tuple(r for r in self.results if r.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Result, ...]:
        """Playability warnings."""
        return tuple(r for r in self.results if r.severity is Severity.WARNING)

    @property
    def infos(self) -> tuple[Result, ...]:
        """Informational notes."""
        return tuple(r for r in self.results if r.severity is Severity.INFO)

    @property
    def is_legal(self) -> bool:
        """Legal means no errors."""
        return not self.errors

    @property
    def codes(self) -> tuple[str, ...]:
        """Codes of every result, in order."""
        return tuple(r.code for r in self.results)

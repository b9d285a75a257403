"""Frozen results of the legality rules and the report that gathers them."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from carddb.record import FrozenRecord, TupleRecord, set_field
from deckbuilder.i18n import Params, message_key, params_json

if TYPE_CHECKING:
    from deckbuilder.games.figures import FigureValue
    from deckbuilder.games.resolved import ResolvedDeck


class Severity(StrEnum):
    """How much a result matters: errors make a deck illegal."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Result(TupleRecord):
    """One finding of a rule: stable code, severity, its English message, the cards involved and the parameters.

    `message` is the English rendering; `deckbuilder.i18n.render(result, lang)` renders it in another language from
    `message_id` (the code, or a variant such as `UNKNOWN_CARD.hint`) and `params`.
    """

    __slots__ = ()
    _fields = ("code", "severity", "message", "cards", "params", "variant")

    code: str
    severity: Severity
    message: str
    cards: tuple[str, ...]
    params: Params
    variant: str  # which of the code's messages ("" for the code's own)

    def __new__(
        cls,
        code: str,
        severity: Severity,
        message: str,
        cards: tuple[str, ...] = (),
        params: Params = (),
        variant: str = "",
    ) -> Result:
        return tuple.__new__(cls, (code, severity, message, cards, params, variant))

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


class Report(FrozenRecord):
    """Everything the checker found about one deck."""

    __slots__ = _fields = (
        "format",
        "results",
        "game",
        "figures",
        "piles",
        "settings",
        "resolved",
        "format_title",
    )
    # Derived from the deck and the format: left out of equality, hash and repr (as the dataclass's compare=False).
    _uncompared = frozenset({"resolved", "format_title"})
    format: str
    results: tuple[Result, ...]
    game: str  # the game whose rules the deck was checked against
    # The header figures (games/figures.FigureValue) and piles (id, label, cards) of the deck's game.json, valued
    # once by the check for every game (Rage's engine supplies its pack's Renown sums, allegiance and Rogue cap):
    # views read them, never value them again.
    figures: tuple[FigureValue, ...]
    piles: tuple[tuple[str, str, int], ...]
    # The deck's settings as checked (Rage's Renown level, another game's cost limit), by setting id.
    settings: tuple[tuple[str, int | None], ...]
    # The deck resolved to its cards once, by the check (reprints folded, piles assigned): for every view to read.
    resolved: ResolvedDeck | None
    # The checked format's title as its file gives it (English or the player's own words; "" when it has none): the
    # verdict names the format by it without finding the format again.
    format_title: str

    def __init__(
        self,
        format: str,
        results: tuple[Result, ...] = (),
        game: str = "rage",
        figures: tuple[FigureValue, ...] = (),
        piles: tuple[tuple[str, str, int], ...] = (),
        settings: tuple[tuple[str, int | None], ...] = (),
        resolved: ResolvedDeck | None = None,
        format_title: str = "",
    ) -> None:
        set_field(self, "format", format)
        set_field(self, "results", results)
        set_field(self, "game", game)
        set_field(self, "figures", figures)
        set_field(self, "piles", piles)
        set_field(self, "settings", settings)
        set_field(self, "resolved", resolved)
        set_field(self, "format_title", format_title)

    def setting(self, setting_id: str) -> int | None:
        """The value a setting had for the check (Rage's Renown level), None when the game has no such setting."""
        return next((value for key, value in self.settings if key == setting_id), None)

    def pile_count(self, pile_id: str) -> int:
        """The cards the check counted in a pile (0 for a pile the game does not have)."""
        return next((count for pile, _label, count in self.piles if pile == pile_id), 0)

    def figure(self, label: str) -> FigureValue | None:
        """The header figure the game's description labels so (its English label, as game.json writes it)."""
        return next((v for v in self.figures if v.figure.label == label), None)

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

"""A deck's header figures as its game's description lists them: valued once, shown the same way everywhere.

Every engine values the figures of its game's `header` (`Engine.figure_values`); the window's header, the decklist
sheet, `ragedeck check`, the organiser's report and the Statistics tab all write them with `figure_line`, so a game
author's list is the one place that decides what a player reads (`Renown 19 / 20 · Rogue 5 (max 9) · Sept 30 / 30+
· Gaia`, `Cost 8 / 10 · Actions 30`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from carddb.record import TupleRecord
from deckbuilder.games.conditions import matches
from deckbuilder.i18n import current_language, gettext

if TYPE_CHECKING:
    from deckbuilder.games.description import Figure, Game, GameFormat
    from deckbuilder.games.kinds import Item


class FigureValue(TupleRecord):
    """One header figure of a checked deck: its value and the bounds the description asks to show beside it."""

    __slots__ = ()
    _fields = ("figure", "value", "of", "at_least", "at_most")

    figure: Figure
    value: int | str  # a count or sum; a `shared` figure's value ("" when the pile shares none)
    of: int | None  # the value of the setting `of` names (None: it has none, shown "?")
    at_least: int | None  # the format's minimum (None: the format sets none, nothing shown)
    at_most: int | None  # the most the check allows (None: nothing shown)

    def __new__(
        cls,
        figure: Figure,
        value: int | str,
        of: int | None = None,
        at_least: int | None = None,
        at_most: int | None = None,
    ) -> FigureValue:
        return tuple.__new__(cls, (figure, value, of, at_least, at_most))

    @property
    def label(self) -> str:
        """The figure's label as its game.json writes it (the key of `check --json`'s figures)."""
        return self.figure.label

    def shown(self, lang: str | None = None) -> str:
        """The value with its bounds: `19 / 20`, `30 / 30+`, `5 (max 9)`, `Gaia` (in the reader's language)."""
        text = str(self.value)
        if self.figure.of:
            text += f" / {self.of if self.of is not None else '?'}"
        if self.at_least is not None:
            text += f" / {self.at_least}+"
        if self.at_most is not None:
            text = gettext("{value} (max {most})", lang).format(value=text, most=self.at_most)
        return text

    @property
    def hidden(self) -> bool:
        """A `shared` figure whose pile shares no value is left out (`Gaia` shows only when the pack is Gaia)."""
        return bool(self.figure.shared) and not self.value


def piles_of(pile: Any) -> frozenset[str]:
    """The piles a figure or a rule reads: one pile's id, several (a list), or none (the whole deck)."""
    if not pile:
        return frozenset()
    return frozenset((pile,)) if isinstance(pile, str) else frozenset(str(p) for p in pile)


def value_against(values: Iterable[FigureValue], setting_id: str) -> int | str | None:
    """The value of the figure counted against a setting (its `of`: Rage's pack Renown against its Renown level),
    None when the game's header has none."""
    return next((v.value for v in values if v.figure.of == setting_id and v.figure.where is None), None)


def shared_value(values: Iterable[FigureValue], field: str) -> str:
    """The value the deck's cards share in a field, as its `shared` figure says it (Rage's pack allegiance); "" when
    the header has no such figure or the cards share none."""
    return next((str(v.value) for v in values if v.figure.shared == field), "")


def figure_line(
    values: Iterable[FigureValue], lang: str | None = None, not_found: Mapping[str, int] | None = None
) -> str:
    """`Renown 19 / 20 · Rogue 5 (max 9) · Sept 30 / 30+ · Gaia`: every figure, its label in the reader's language.

    A `shared` figure shows its value alone (the value names itself). `not_found`: copies of a pile the check counts
    there by their file's zone while the window lists them as unresolved, said after that pile's count.
    """
    # Once: asking the environment for the language at every label was most of the line's cost.
    lang = lang or current_language()
    parts: list[str] = []
    for value in values:
        if value.hidden:
            continue
        figure = value.figure
        text = value.shown(lang) if figure.shared else f"{gettext(figure.label, lang)} {value.shown(lang)}"
        missing = (
            sum((not_found or {}).get(p, 0) for p in piles_of(figure.pile))
            if not (figure.sum or figure.shared)
            else 0
        )
        if missing:
            text += " (" + gettext("{count} not found", lang).format(count=missing) + ")"
        parts.append(text)
    return " · ".join(parts)


def settings_line(game: Game, settings: Mapping[str, int | None], lang: str | None = None) -> str:
    """The settings the player chose (`Renown level 20`), before a deck is checked or beside its format."""
    return " · ".join(
        f"{gettext(s.label, lang)} {settings.get(s.id, s.default) if settings.get(s.id, s.default) is not None else '?'}"
        for s in game.settings
        if not s.pile
    )


def rule_bound(
    fmt: GameFormat | None, kind: str, figure: Figure, key: str, settings: Mapping[str, Any]
) -> int | None:
    """The bound the format's first rule of this kind on the figure's pile (and condition) sets: its `min`, or its
    `max` / `bound`."""
    if fmt is None or not kind:
        return None
    for rule in fmt.rules:
        if rule.kind != kind or piles_of(rule.params.get("pile", figure.pile)) != piles_of(figure.pile):
            continue
        if figure.where is not None and rule.params.get("where", figure.where) != figure.where:
            continue
        names = ("min",) if key == "min" else ("max", "bound")
        for name in names:
            bound = rule.params.get(name)
            if isinstance(bound, dict):
                bound = settings.get(str(bound.get("setting")))
            if isinstance(bound, int) and not isinstance(bound, bool):
                return bound
    return None


def generic_values(
    game: Game, fmt: GameFormat | None, items: Iterable[Item], settings: Mapping[str, int | None]
) -> tuple[FigureValue, ...]:
    """The figures of a data-described game, from its deck's resolved cards, its settings and its format's rules."""
    placed = [i for i in items if i.pile is not None]
    found: list[FigureValue] = []
    for figure in game.header:
        piles = piles_of(figure.pile)
        chosen = [
            i
            for i in placed
            if (not piles or i.pile in piles)
            and (figure.where is None or (i.card is not None and matches(i.card, figure.where)))
        ]
        value: int | str
        if figure.shared:
            seen = {
                w for i in chosen if i.card is not None and i.count > 0 for w in i.card.words(figure.shared)
            }
            value = next(iter(seen)) if len(seen) == 1 else ""
        elif figure.sum:
            value = sum((i.card.number(figure.sum) or 0) * i.count for i in chosen if i.card is not None)
        else:
            value = sum(i.count for i in chosen)
        found.append(
            FigureValue(
                figure,
                value,
                settings.get(figure.of) if figure.of else None,
                rule_bound(fmt, figure.at_least, figure, "min", settings),
                rule_bound(fmt, figure.at_most, figure, "max", settings),
            )
        )
    return tuple(found)

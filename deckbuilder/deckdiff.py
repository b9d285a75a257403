"""Two decks of one game compared pile by pile, by the cards they resolve to, with each deck's legality (no Qt).

Cards are compared by their resolved key (`games/resolved.ResolvedCard.key`), so a reprint's spelling or another
printing of the same card is no difference; the copies a deck lists apart are in the game's pile without `types`
(Rage's starting list, another game's sideboard), keyed and labelled as the game names it. Pile labels are the game
description's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from deckbuilder.deck import DEFAULT_GAME, Deck
from deckbuilder.i18n import N_
from deckbuilder.i18n import gettext as _
from deckbuilder.legality.results import Report

UNPLACED_PILE = ""  # unknown or unplaceable cards
_UNPLACED_LABEL = N_("Unknown or unplaced cards")


class GamesDiffer(ValueError):
    """The two decks are of different games: there is nothing to compare card by card."""


@dataclass(frozen=True)
class CardChange:
    """One card whose copies in a pile differ: `before` in the first deck, `after` in the second."""

    key: str
    name: str
    before: int
    after: int

    @property
    def status(self) -> str:
        """One of "added", "removed", "changed" or "same"."""
        if self.before == self.after:
            return "same"
        if self.before == 0:
            return "added"
        return "removed" if self.after == 0 else "changed"

    @property
    def delta(self) -> int:
        """Copies gained (negative: lost)."""
        return self.after - self.before


@dataclass(frozen=True)
class PileDiff:
    """One pile of the game: its id, its label (English, as the game describes it) and every card in either deck."""

    pile: str
    label: str
    cards: tuple[CardChange, ...]
    before_total: int
    after_total: int

    @property
    def changes(self) -> tuple[CardChange, ...]:
        """The cards whose copies differ."""
        return tuple(c for c in self.cards if c.status != "same")


@dataclass(frozen=True)
class DeckDiff:
    """What changed from the first deck to the second, pile by pile, and each one's check (None: not checked)."""

    game: str
    piles: tuple[PileDiff, ...]
    before: Report | None = None
    after: Report | None = None

    @property
    def equal(self) -> bool:
        """True when both decks hold the same cards in the same piles."""
        return not any(p.changes for p in self.piles)

    def changes(self) -> tuple[CardChange, ...]:
        """Every changed card, pile by pile."""
        return tuple(c for p in self.piles for c in p.changes)

    def summary(self, limit: int = 6) -> str:
        """One line for a player: "+2 Full Moon, −1 Ashen Howler" (the first `limit` changes, then "…")."""
        parts = [f"{'+' if c.delta > 0 else '−'}{abs(c.delta)} {c.name}" for c in self.changes()]
        if not parts:
            return _("no card changed")
        return ", ".join(parts[:limit]) + (", …" if len(parts) > limit else "")

    def to_json(self, labels: Callable[[str], str] | None = None) -> dict[str, Any]:
        """The JSON shape `ragedeck diff --json` prints."""

        def verdict(report: Report | None) -> dict[str, Any] | None:
            if report is None:
                return None
            return {
                "legal": report.is_legal,
                "format": report.format,
                "errors": [r.code for r in report.errors],
                "warnings": [r.code for r in report.warnings],
            }

        return {
            "game": self.game,
            "equal": self.equal,
            "piles": [
                {
                    "pile": p.pile,
                    "label": p.label,
                    "before": p.before_total,
                    "after": p.after_total,
                    "changes": [
                        {
                            "card": c.name,
                            "key": c.key,
                            "status": c.status,
                            "before": c.before,
                            "after": c.after,
                        }
                        for c in p.changes
                    ],
                }
                for p in self.piles
            ],
            "before": verdict(self.before),
            "after": verdict(self.after),
        }


def _counts(resolved: Iterable[Any], apart: str | None) -> tuple[dict[tuple[str, str], int], dict[str, str]]:
    """Copies per (pile, card key) and a shown name per key, from a resolved deck: the copies listed apart in the
    game's pile without `types` (`apart`), or where their Type puts them when the game has none (as its deck files
    lay them out)."""
    counts: dict[tuple[str, str], int] = {}
    names: dict[str, str] = {}
    for card in resolved:
        names.setdefault(card.key, card.name)
        pile = card.pile if card.pile is not None else UNPLACED_PILE
        if card.count:
            counts[(pile, card.key)] = counts.get((pile, card.key), 0) + card.count
        if card.starting:
            where = apart if apart is not None else pile
            counts[(where, card.key)] = counts.get((where, card.key), 0) + card.starting
    return counts, names


def pile_label(game: Any, pile: str) -> str:
    """The English label of a pile (the game's, its pile without `types` included; unplaced cards have their own)."""
    if any(p.id == pile for p in game.piles):
        return str(game.pile_label(pile))
    return _UNPLACED_LABEL


def diff_decks(before: Deck, after: Deck, pool: Any, check: bool = True) -> DeckDiff:
    """Compare two decks of one game (GamesDiffer otherwise); `check` also checks each against its own format.

    `pool` is the first deck's context (deckbuilder.context.DeckContext) or its game's pool.
    """
    from deckbuilder.context import DeckContext, with_pool

    game_a, game_b = before.game or DEFAULT_GAME, after.game or DEFAULT_GAME
    if game_a.casefold() != game_b.casefold():
        raise GamesDiffer(
            _("the decks are of different games ({first} and {second})").format(first=game_a, second=game_b)
        )
    context = pool if isinstance(pool, DeckContext) else with_pool(before, pool)
    game = context.game
    reports = (context.check(before), context.check(after)) if check else (None, None)
    resolved = [context.resolve(d, r) for r, d in zip(reports, (before, after), strict=True)]
    apart = game.starting_pile()
    old, old_names = _counts(resolved[0], apart)
    new, new_names = _counts(resolved[1], apart)
    names = {**old_names, **new_names}
    order = [p.id for p in game.piles]
    extra = sorted({pile for pile, _key in (*old, *new)} - set(order))
    piles: list[PileDiff] = []
    for pile in [*order, *extra]:
        keys = sorted({k for p, k in (*old, *new) if p == pile}, key=lambda k: (names[k].casefold(), k))
        cards = tuple(
            CardChange(key, names[key], old.get((pile, key), 0), new.get((pile, key), 0)) for key in keys
        )
        totals = (
            sum(n for (p, _k), n in old.items() if p == pile),
            sum(n for (p, _k), n in new.items() if p == pile),
        )
        piles.append(PileDiff(pile, pile_label(game, pile), cards, *totals))
    return DeckDiff(game.name, tuple(piles), *reports)

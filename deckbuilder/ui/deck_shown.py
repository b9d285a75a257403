"""What the deck view shows, kept so that a count edit changes only the rows of the entries it changed."""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Mapping
from typing import Any

from PySide6.QtGui import QColor

from deckbuilder.deck import CardPool, Deck
from deckbuilder.games.description import Game
from deckbuilder.games.resolved import ResolvedDeck
from deckbuilder.ui.deck_model import DeckSectionModel
from deckbuilder.ui.deck_rows import DeckRow, row_key, rows_by_section
from deckbuilder.ui.pile_selection import PileSelection


def show_all_rows(
    models: Mapping[str, DeckSectionModel],
    selection: PileSelection,
    deck: Deck,
    pool: CardPool,
    unknown: dict[str, list[str]] | None,
    game: Game,
    resolved: ResolvedDeck | None,
    tinted: frozenset[str],
    tint: QColor,
) -> dict[str, list[DeckRow]]:
    """Every pile's rows afresh (rows_by_section), keeping the rows and the selection an edit left alone; returns
    the rows by pile."""
    previous = {row_key(row): row for model in models.values() for row in model.rows()}
    grouped = rows_by_section(deck, pool, unknown, previous, game=game, resolved=resolved)
    # Only a table whose rows are reordered is reset, and only its selection must be put back.
    patchable = {key: model.can_patch(grouped[key]) for key, model in models.items()}
    selected = {key: [row.identity for row in selection.rows_of(key)] for key in models if not patchable[key]}
    for key, model in models.items():
        model.set_rows(grouped[key], tinted, tint, patchable=patchable[key])
    for key, identities in selected.items():
        selection.select_where(key, functools.partial(_has_identity, frozenset(identities)))
    return grouped


def _has_identity(wanted: frozenset[tuple[bool, str, str | None]], row: DeckRow) -> bool:
    """Whether a row is one of those selected before the deck was shown again."""
    return row.identity in wanted


_UNCHECKED: Any = object()  # a key its check did not look up: its row's card would be asked of the pool


class ShownDeck:
    """The deck's entry lists, pool, unknown names, game, language and tint as the deck view last showed them in
    full (rows_by_section), with the shown rows found by their entry when a count edit first asks for them.

    A count edit replaces entries in place (Deck._recount), and an undo or redo of one puts back the entries of
    the other state: the other entries are the very objects shown, in the same places. When only such entries
    changed, and the check resolved every row's name to the card the row shows, a full show would rebuild those
    entries' rows alone, in their places (rows_by_section keeps a row whose entry and card are the same). Anything
    else (an entry added, removed, renamed or moved, another card for a name, another pool, game, language or
    theme) shows the deck in full.

    Unknown cards' suggestions are not compared: they change only with the pool's cards, and a change of the cards
    is followed by a check of the same entries, which shows the deck in full (no entry changed).
    """

    def __init__(
        self,
        deck: Deck,
        pool: CardPool,
        unknown: dict[str, list[str]] | None,
        game: Game,
        lang: str,
        tint: QColor,
    ) -> None:
        self.entries = deck.entries
        self.starting = deck.starting
        self.pool = pool
        self.unknown = unknown
        self.game = game
        self.lang = lang
        self.tint = tint
        # Built when a count edit first asks (a deck shown in full and then edited otherwise never needs them): each
        # shown row's place (pile, row number) by id of its entry, and every row's name key and card, in step.
        self._indexed = False
        self._places: dict[int, tuple[str, int]] | None = None
        self._keys: list[str] = []
        self._cards: list[Any] = []

    def count_edit(
        self,
        deck: Deck,
        pool: CardPool,
        unknown: dict[str, list[str]] | None,
        game: Game,
        lang: str,
        tint: QColor,
        resolved: ResolvedDeck | None,
        models: Mapping[str, DeckSectionModel],
    ) -> dict[str, list[tuple[int, DeckRow]]] | None:
        """The new rows by pile (row number, row) when only entries' counts changed since; None: show in full.

        Taken as shown when it answers rows: the caller puts them in place (DeckSectionModel.replace_rows)."""
        if (
            pool is not self.pool
            or unknown is not self.unknown
            # Rage's description is loaded once; a player's game is read again for each check (the same, mostly).
            or (game is not self.game and game != self.game)
            or lang != self.lang
            or tint != self.tint
            or resolved is None
            or resolved.game != game.name
        ):
            return None
        checked = resolved.entry_cards
        entries, starting = deck.entries, deck.starting
        lists = ((self.entries, entries), (self.starting, starting))
        if any(len(old) != len(new) for old, new in lists):
            return None
        places = self._find_places(models)
        if places is None:
            return None
        changed: dict[str, list[tuple[int, DeckRow]]] = {}
        moves: list[tuple[int, int, tuple[str, int]]] = []
        for old, new in lists:
            if old is new:
                continue
            # The positions whose entry is another object, found in C (a deck of 100,000 entries is walked once).
            for position in itertools.compress(itertools.count(), map(operator.is_not, old, new)):
                was, now = old[position], new[position]
                place = places.get(id(was))
                if (
                    place is None
                    or now.name != was.name
                    or now.set_name != was.set_name
                    or now.zone_hint != was.zone_hint
                ):
                    return None
                pile, number = place
                row = models[pile].row_at(number)
                card = checked.get(now.key, _UNCHECKED)
                # An unknown card's row carries suggestions that depend on the other unknown names: shown in full.
                if row is None or row.entry is not was or card is None or card is not row.card:
                    return None
                changed.setdefault(pile, []).append((number, DeckRow(now, card, (), row.starting)))
                moves.append((id(was), id(now), place))
        # Every other row shows the card the check found for its name (the same object, as the full show asks).
        if not changed or not all(
            map(operator.is_, map(checked.get, self._keys, itertools.repeat(_UNCHECKED)), self._cards)
        ):
            return None
        for was_id, now_id, place in moves:
            del places[was_id]
            places[now_id] = place
        self.entries, self.starting = entries, starting
        return changed

    def _find_places(self, models: Mapping[str, DeckSectionModel]) -> dict[int, tuple[str, int]] | None:
        """Each shown row's (pile, row number) by id of its entry; None when an entry is shown twice."""
        if not self._indexed:
            self._indexed = True
            places: dict[int, tuple[str, int]] = {}
            for pile, model in models.items():
                for number, row in enumerate(model.rows()):
                    places[id(row.entry)] = (pile, number)
                    self._keys.append(row.name_key)
                    self._cards.append(row.card)
            # One entry object in two places (an entry shown twice) cannot say which row it is: shown in full.
            self._places = places if len(places) == len(self._keys) else None
        return self._places

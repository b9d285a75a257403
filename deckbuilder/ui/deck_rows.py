"""The deck's rows as the deck view shows them: piles, columns and their titles, one row per entry."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
)
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QHeaderView,
    QTableView,
)

from carddb.model import CardInfo
from carddb.normalize import normalize_name
from carddb.record import FrozenRecord, set_field
from deckbuilder.deck import MAX_SUGGESTED_UNKNOWN, CardPool, Deck, DeckEntry
from deckbuilder.games.cards import field_text as field_text  # deck rows show fields as every view does
from deckbuilder.games.description import PRINTING_COLUMN, Game
from deckbuilder.games.loader import shipped_game
from deckbuilder.games.piles import game_of
from deckbuilder.games.resolved import ResolvedDeck
from deckbuilder.i18n import render
from deckbuilder.legality.results import Report, Result, Severity
from deckbuilder.ui.roles import DISPLAY
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP

UNRESOLVED = "unresolved"
OWN_COLUMN = "Own"  # shown when a collection exists: owned copies and, in brackets, missing ones
STARTING = "starting"
# A deck's tables are its game's piles (game.json, titled by their labels), then the cards no pile takes.
UNRESOLVED_TITLE = QT_TRANSLATE_NOOP("DeckView", "Unresolved")
STARTING_TOOLTIP = QT_TRANSLATE_NOOP(
    "DeckView",
    "Cards that begin the game in play: taken out of the sept deck, they count toward copy limits "
    "but not toward the sept minimum",
)
# Column keys as their headers read (the keys stay English: the model and tests address columns by key). A card
# field's column is keyed and titled by its game.json label, which the catalogue takes from game.json.
COLUMN_TITLES = (
    QT_TRANSLATE_NOOP("DeckSectionModel", "Qty"),
    QT_TRANSLATE_NOOP("DeckSectionModel", "Own"),
    QT_TRANSLATE_NOOP("DeckSectionModel", "Name"),
    QT_TRANSLATE_NOOP("DeckSectionModel", "Printing"),
    QT_TRANSLATE_NOOP("DeckSectionModel", "Type"),
    QT_TRANSLATE_NOOP("DeckSectionModel", "Zone"),
    QT_TRANSLATE_NOOP("DeckSectionModel", "Did you mean"),
)
# Sections hidden while they hold no card.
HIDDEN_WHEN_EMPTY = (STARTING, UNRESOLVED)
ModelIndex = QModelIndex | QPersistentModelIndex

COLUMN_WIDTHS = {
    "Qty": 34,
    OWN_COLUMN: 52,
    "Name": 150,
    "Printing": 64,
    "Type": 104,
    "Did you mean": 160,
    "Zone": 70,
}
# A card's long text (Rage's Requires) keeps this width, giving way to the names.
TEXT_COLUMN_WIDTH = 84


def pile_columns(game: Game, pile: str, printings: bool = False) -> tuple[tuple[str, ...], dict[str, str]]:
    """A pile table's column keys after Qty and Name (game.json's labels), and the card field behind each.

    The pile's own `columns` of game.json, else the game's default (Type and the card list's columns), with the
    printing when `printings`: the deck's card pool is printed in named sets (deck.printed_in_sets).
    """
    keys: list[str] = []
    fields: dict[str, str] = {}
    for name in game.pile_columns(pile, printings):
        if name == PRINTING_COLUMN:
            keys.append("Printing")
        elif name == "type":
            keys.append("Type")
        else:
            key = game.field_label(name)
            keys.append(key)
            fields[key] = name
    return tuple(keys), fields


# Columns the player cannot hide: without them a row says nothing.
ALWAYS_SHOWN = ("Qty", "Name")


class DeckRow(FrozenRecord):
    """One row of a section table."""

    # No __slots__: the cached properties below keep their values in the row's __dict__.
    _fields = ("entry", "card", "suggestions", "starting")
    entry: DeckEntry
    card: CardInfo | None  # the card of the deck's game, None when unknown
    suggestions: tuple[str, ...]
    starting: bool  # an entry of the starting-in-play list, not of the deck proper

    def __init__(
        self,
        entry: DeckEntry,
        card: CardInfo | None,
        suggestions: tuple[str, ...] = (),
        starting: bool = False,
    ) -> None:
        set_field(self, "entry", entry)
        set_field(self, "card", card)
        set_field(self, "suggestions", suggestions)
        set_field(self, "starting", starting)

    @cached_property
    def name_key(self) -> str:
        """The entry's normalised name (computed once: rows are compared and painted often)."""
        return self.entry.key

    @property
    def key(self) -> tuple[str, str | None]:
        """The card of the row: normalised name + printing."""
        return (self.name_key, self.entry.set_name)

    @cached_property
    def identity(self) -> tuple[bool, str, str | None]:
        """Identity of the row: a starting entry differs from the same card's deck entry."""
        return (self.starting, self.name_key, self.entry.set_name)


def tint_color(palette: QPalette) -> QColor:
    """A reddish tint blended into the palette's base colour: readable in light and dark themes."""
    return _tint_of(palette.color(QPalette.ColorRole.Base).rgba())


@functools.cache
def _tint_of(base_rgba: int) -> QColor:
    base = QColor.fromRgba(base_rgba)
    red = QColor(220, 40, 40)
    mix = 0.28
    return QColor(
        round(base.red() * (1 - mix) + red.red() * mix),
        round(base.green() * (1 - mix) + red.green() * mix),
        round(base.blue() * (1 - mix) + red.blue() * mix),
    )


class IllegalCards(Mapping[str, tuple[str, ...]]):
    """Cards named by a report's errors (normalised name -> why), each card's reasons rendered when first read.

    A deck of 100,000 unknown names has as many errors: the rows are tinted by name, and only the reasons of the
    cards the picture view shows are ever put into words.
    """

    def __init__(self, report: Report | None) -> None:
        self._results: dict[str, list[Result]] = {}
        if report is not None:
            for result in report.results:
                if result.severity is Severity.ERROR:
                    for card in result.cards:
                        self._results.setdefault(normalize_name(card), []).append(result)
        self._rendered: dict[str, tuple[str, ...]] = {}

    def __getitem__(self, key: str) -> tuple[str, ...]:
        reasons = self._rendered.get(key)
        if reasons is None:
            reasons = self._rendered[key] = tuple(render(result) for result in self._results[key])
        return reasons

    def __iter__(self) -> Iterator[str]:
        return iter(self._results)

    def __len__(self) -> int:
        return len(self._results)

    def __contains__(self, key: object) -> bool:
        return key in self._results


# A row's deck entry (by identity: entries are frozen, and an edit replaces only the entries it changes, so an
# unchanged entry is the same object) and whether it is of the starting list.
RowKey = tuple[int, bool]


def rows_by_section(
    deck: Deck,
    pool: CardPool,
    unknown: dict[str, list[str]] | None = None,
    previous: dict[RowKey, DeckRow] | None = None,
    *,
    game: Game | None = None,
    resolved: ResolvedDeck | None = None,
) -> dict[str, list[DeckRow]]:
    """Deck entries as rows per table (the starting list in its own); unknown cards carry suggestions.

    A row from `previous` (by row_key) whose entry is the same, and card and suggestions unchanged, is reused.
    `game`: the deck's (game_of, when the caller has it); `resolved`: the deck as its latest check resolved it from
    `pool`, whose cards the rows show rather than looking each name up again.
    """
    if game is None:
        game = game_of(deck) or shipped_game()  # a game that is not installed: the default game's tables
    # By the entry's key: what the pool answered for its name when the deck was checked.
    checked = resolved.entry_cards if resolved is not None and resolved.game == game.name else {}
    keys = game_section_keys(game)
    grouped: dict[str, list[DeckRow]] = {key: [] for key in keys}
    unknown = unknown or {}
    # the reader's names normalised, built when one is written otherwise
    by_key: dict[str, list[str]] | None = None
    reusable = previous or {}
    asked = [0]  # names this call asked the pool about: near names for the first MAX_SUGGESTED_UNKNOWN only

    def known_suggestions(entry: DeckEntry) -> list[str] | None:
        # The reader keys its answer by the name as written, which is the entry's own name until an edit renames it.
        nonlocal by_key
        found = unknown.get(entry.name)
        if found is None and unknown:
            if by_key is None:
                by_key = {normalize_name(k): v for k, v in unknown.items()}
            found = by_key.get(entry.key)
        return found

    def row_of(entry: DeckEntry, starting: bool) -> DeckRow:
        card = checked.get(entry.key, _UNCHECKED)
        if card is _UNCHECKED:
            card = pool.lookup(entry.name)
        suggestions: tuple[str, ...] = ()
        if card is None:
            known = known_suggestions(entry)
            if known is not None:  # the reader's answer, empty past its own limit
                suggestions = tuple(known)
            elif asked[0] < MAX_SUGGESTED_UNKNOWN:
                asked[0] += 1
                suggestions = tuple(pool.suggest(entry.name))
        old = reusable.get((id(entry), starting))  # its entry is alive in `previous`: the id is its own
        # An unknown card's row is kept too while its suggestions stand (they are cached per name).
        if old is not None and old.card is card and old.suggestions == suggestions:
            return old
        return DeckRow(entry, card, suggestions, starting)  # entries are frozen: the row may hold the deck's

    def pile_of(card: Any) -> str:
        """The table of a card: its pile as the game's description places its Type (Unresolved: none)."""
        if (
            isinstance(card, CardInfo) and card.section is not None
        ):  # Rage's cards carry their pile from import
            # str() of the StrEnum is its value, read in C (`.value` is a Python property, on every row of every edit).
            return str(card.section) if card.section is not None else UNRESOLVED
        return (game.pile_of(card.type) if card is not None else None) or UNRESOLVED

    for entry in deck.entries:
        row = row_of(entry, starting=False)
        grouped[pile_of(row.card)].append(row)
    starting = (
        game.starting_pile()
    )  # the pile the deck's starting list is shown in (Rage's), if the game has one
    for entry in deck.starting:
        row = row_of(entry, starting=starting is not None)
        grouped[starting or pile_of(row.card)].append(row)
    return grouped


def not_found(unresolved: Iterable[DeckRow]) -> dict[str, int]:
    """Copies of the unresolved rows by the zone their file placed them in (the header's "not found" figures)."""
    counts: dict[str, int] = {}
    for row in unresolved:  # only a game whose files give zone hints has any (Rage's)
        if row.entry.zone_hint is not None and row.entry.count > 0:
            hint = str(row.entry.zone_hint.value)
            counts[hint] = counts.get(hint, 0) + row.entry.count
    return counts


_UNCHECKED: Any = object()  # an entry its check did not look up (a name added since, or a pool that failed)


def game_section_keys(game: Game) -> tuple[str, ...]:
    """The tables of a game's deck: its piles, then the cards no pile takes."""
    return (*(pile.id for pile in game.piles), UNRESOLVED)


def row_key(row: DeckRow) -> RowKey:
    """Which entry a row shows: a row of the same entry and card can be shown again as it is (a tuple of the
    entry's fields per row cost more than the rest of finding the rows an edit left alone)."""
    return (id(row.entry), row.starting)


# Columns as wide as their longest value (a set name is never cut); the Name takes the rest, long text is elided
# (and gives way to the names: columns.NameFitter).
ELIDED_COLUMNS = frozenset({"Did you mean", "Type"})


def elided_widths(model: Any = None) -> dict[str, int]:
    """The long-text columns' preferred widths, by column key: Type, the suggestions, a card's text fields."""
    widths = {key: COLUMN_WIDTHS.get(key, 100) for key in ELIDED_COLUMNS}
    widths.update(dict.fromkeys(getattr(model, "text_columns", ()), TEXT_COLUMN_WIDTH))
    return widths


def fit_columns(table: QTableView) -> None:
    """Short columns fit their contents, long-text columns keep a set width (resizable), Name takes the rest."""
    model = table.model()
    header = table.horizontalHeader()
    header.setStretchLastSection(False)
    # By column key, not header text: the header is translated ("Nome"), the keys are not.
    keys: Sequence[str] = getattr(model, "columns", ())
    elided = elided_widths(model)
    for column in range(model.columnCount()):
        key = keys[column] if column < len(keys) else ""
        if key in elided:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, elided[key])
        else:
            # Fitted when rows arrive (fit_short_columns), not by ResizeToContents: that mode re-measures
            # every row of the column on each data change, which made every count edit cost a table scan.
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
    fit_short_columns(table)


def fit_short_columns(table: QTableView) -> None:
    """Fit the short (number, printing) columns to what their rows hold now."""
    keys: Sequence[str] = getattr(table.model(), "columns", ())
    elided = elided_widths(table.model())
    for column, key in enumerate(keys):
        if key != "Name" and key not in elided:
            table.resizeColumnToContents(column)
    fitter = getattr(table, "name_fitter", None)  # the deck view's NameFitter, when it has one
    if fitter is not None:
        fitter.fit()


def _cell_width(table: QTableView, model: Any, key: str, index: QModelIndex) -> int:
    """A cell's width as QTableView measures a column: the delegate's size, and the grid line."""
    # A number cell has no icon or font of its own: its width follows from its text, remembered per text while the
    # table's font and style stand (DeckSectionTable.number_widths). A count edit then measures nothing.
    widths: dict[tuple[str, str], int] | None = getattr(table, "number_widths", None)
    if widths is None or key not in getattr(model, "number_columns", ()):
        return table.sizeHintForIndex(index).width() + int(table.showGrid())
    text = str(index.data(DISPLAY))
    width = widths.get((key, text))
    if width is None:
        width = widths[(key, text)] = table.sizeHintForIndex(index).width() + int(table.showGrid())
    return width


def widen_short_columns(
    table: QTableView, first: QModelIndex, last: QModelIndex, roles: Sequence[int] = ()
) -> None:
    """Fit the short columns among changed cells: one changed row widens its columns if it must, more rows refit."""
    if roles and DISPLAY not in roles:
        return  # a tint or a font: the texts are the same
    model = table.model()
    keys: Sequence[str] = getattr(model, "columns", ())
    header = table.horizontalHeader()
    widened = False
    elided = elided_widths(model)
    for column in range(first.column(), min(last.column() + 1, len(keys))):
        key = keys[column]
        if key == "Name" or key in elided or header.isSectionHidden(column):
            continue
        if first.row() != last.row():
            table.resizeColumnToContents(column)
            widened = True
            continue
        needed = _cell_width(table, model, key, model.index(first.row(), column))
        if needed > header.sectionSize(column):
            header.resizeSection(column, needed)
            widened = True
    fitter = getattr(table, "name_fitter", None)
    if widened and fitter is not None:
        fitter.fit()

"""The deck library's table: one row per deck file (LibraryDeck, shown as it is), its sort keys, and the filter
by words, tag, game, verdict and collection status. The model only shows; changes are asked for by signal."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDateTime,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)

from deckbuilder.library import LibraryDeck
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP, fill, ngettext

Index = QModelIndex | QPersistentModelIndex
SORT_ROLE = Qt.ItemDataRole.UserRole + 1

# The columns, in order: (id, header). One list: the view, the sort and the tests read it.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", QT_TRANSLATE_NOOP("Library", "Deck")),
    ("game", QT_TRANSLATE_NOOP("Library", "Game")),
    ("format", QT_TRANSLATE_NOOP("Library", "Format")),
    ("legal", QT_TRANSLATE_NOOP("Library", "Verdict")),
    ("cards", QT_TRANSLATE_NOOP("Library", "Cards")),
    ("missing", QT_TRANSLATE_NOOP("Library", "Collection")),
    ("built", QT_TRANSLATE_NOOP("Library", "Built")),
    ("tags", QT_TRANSLATE_NOOP("Library", "Tags")),
    ("saved", QT_TRANSLATE_NOOP("Library", "Last saved")),
    ("fingerprint", QT_TRANSLATE_NOOP("Library", "Fingerprint")),
)
COLUMN = {column_id: number for number, (column_id, _header) in enumerate(COLUMNS)}


def _tr(text: str) -> str:
    return QCoreApplication.translate("Library", text)


def game_title(game: str) -> str:
    """A game's title as its description gives it (the id when no game of that name is installed)."""
    from deckbuilder.i18n import current_language

    return _game_title(game, current_language())


@functools.lru_cache(maxsize=64)
def _game_title(game: str, _lang: str) -> str:
    from deckbuilder.games.description_parts import GameError
    from deckbuilder.games.loader import load_game

    if not game:
        return ""
    try:
        return load_game(game).title or game
    except (GameError, OSError, ValueError):
        return game


def _format_title(name: str, game: str) -> str:
    from deckbuilder.i18n import current_language

    return _title_of_format(name, game, current_language())


@functools.lru_cache(maxsize=256)
def _title_of_format(name: str, game: str, lang: str) -> str:
    """A format's title in a language (kept per language: a window may change its language)."""
    from deckbuilder.games.loader import format_title

    return format_title(name, game, lang) if name else ""


def verdict_text(deck: LibraryDeck) -> str:
    """✔ legal, ✘ not, ? not checked yet, ⚠ a file that cannot be read."""
    if deck.error:
        return "⚠ " + QCoreApplication.translate("Library", "Cannot read")
    if deck.legal is None:
        return "?"
    return "✔" if deck.legal else "✘"


def verdict_tip(deck: LibraryDeck) -> str:
    """The verdict's hover: the first error, why the file cannot be read, or that it waits for its check."""
    if deck.error:
        return deck.error
    if deck.legal is None:
        return QCoreApplication.translate("Library", "Not checked yet")
    tip = (
        deck.first_error
        if not deck.legal and deck.first_error
        else (QCoreApplication.translate("Library", "Legal in its format") if deck.legal else "")
    )
    if not deck.current:
        tip = "\n".join(
            t
            for t in (
                tip,
                QCoreApplication.translate("Library", "Checked before its last change: checking again"),
            )
            if t
        )
    return tip


def collection_text(deck: LibraryDeck) -> str:
    """What the collection says of the deck: every copy owned, or how many it lacks ("" without a collection)."""
    if deck.missing is None:
        return ""
    if deck.missing == 0:
        return "✔ " + QCoreApplication.translate("Library", "Can build")
    return fill(ngettext("%1 missing", "%1 missing", deck.missing), QLocale().toString(deck.missing))


def saved_text(deck: LibraryDeck) -> str:
    """When the file was last saved, as the language writes dates."""
    if not deck.saved:
        return ""
    when = QDateTime.fromSecsSinceEpoch(int(deck.saved))
    return QLocale().toString(when, QLocale.FormatType.ShortFormat)


class LibraryModel(QAbstractTableModel):
    """Every deck of the library as last listed; the tags and built cells ask for their change by signal."""

    tags_edited = Signal(object, object)  # file (Path), tags (list[str])
    built_edited = Signal(object, bool)  # file (Path), built

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self.decks: list[LibraryDeck] = []

    def set_decks(self, decks: Sequence[LibraryDeck]) -> None:
        """Show this listing (the whole list is replaced: the library lists every deck at once)."""
        self.beginResetModel()
        self.decks = list(decks)
        self.endResetModel()

    def deck_at(self, row: int) -> LibraryDeck | None:
        """The deck of a row, or None."""
        return self.decks[row] if 0 <= row < len(self.decks) else None

    def row_of(self, file: Path) -> int:
        """The row of a deck file (-1 when it is not listed)."""
        wanted = str(file)
        return next((n for n, deck in enumerate(self.decks) if str(deck.file) == wanted), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self.decks)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _tr(COLUMNS[section][1])
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        deck = self.deck_at(index.row())
        if deck is None or deck.error:
            return flags
        column = COLUMNS[index.column()][0]
        if column == "tags":
            flags |= Qt.ItemFlag.ItemIsEditable
        elif column == "built":
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        deck = self.deck_at(index.row())
        if deck is None:
            return None
        column = COLUMNS[index.column()][0]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._shown(deck, column)
        if role == Qt.ItemDataRole.EditRole and column == "tags":
            return ", ".join(deck.tags)
        if role == SORT_ROLE:
            return self._sort_key(deck, column)
        if role == Qt.ItemDataRole.CheckStateRole and column == "built" and not deck.error:
            return Qt.CheckState.Checked if deck.built else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            if column in ("legal", "name"):
                return verdict_tip(deck) if column == "legal" else str(deck.file)
            shown = self._shown(deck, column)
            return shown or None
        if role == Qt.ItemDataRole.TextAlignmentRole and column in ("cards", "legal"):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _shown(self, deck: LibraryDeck, column: str) -> str:
        if column == "name":
            return deck.name or deck.file.name
        if column == "legal":
            return verdict_text(deck)
        if deck.error:
            return ""
        if column == "game":
            return game_title(deck.game)
        if column == "format":
            return _format_title(deck.format, deck.game)
        if column == "cards":
            return QLocale().toString(deck.cards) if deck.legal is not None else ""
        if column == "missing":
            return collection_text(deck)
        if column == "tags":
            return ", ".join(deck.tags)
        if column == "saved":
            return saved_text(deck)
        if column == "fingerprint":
            return deck.fingerprint
        return ""

    @staticmethod
    def _sort_key(deck: LibraryDeck, column: str) -> object:
        # Keys of one type per column (Qt compares them): unreadable and unchecked decks sort after the others.
        if column == "legal":
            return 3 if deck.error else 2 if deck.legal is None else 0 if deck.legal else 1
        if column == "cards":
            return deck.cards
        if column == "missing":
            return -1 if deck.missing is None else deck.missing
        if column == "built":
            return int(deck.built)
        if column == "saved":
            return deck.saved
        if column == "game":
            return game_title(deck.game).casefold()
        if column == "format":
            return _format_title(deck.format, deck.game).casefold()
        if column == "name":
            return (deck.name or deck.file.name).casefold()
        if column == "tags":
            return ", ".join(deck.tags).casefold()
        return deck.fingerprint

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        deck = self.deck_at(index.row())
        if deck is None or deck.error:
            return False
        column = COLUMNS[index.column()][0]
        if column == "tags" and role == Qt.ItemDataRole.EditRole:
            self.tags_edited.emit(deck.file, split_tags(str(value)))
            return True
        if column == "built" and role == Qt.ItemDataRole.CheckStateRole:
            self.built_edited.emit(deck.file, value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value))
            return True
        return False


def split_tags(text: str) -> list[str]:
    """Tags typed in one line, separated by commas."""
    return [tag.strip() for tag in text.split(",") if tag.strip()]


# Verdict filter choices (id, label): the view's combo lists them.
VERDICTS: tuple[tuple[str, str], ...] = (
    ("", QT_TRANSLATE_NOOP("Library", "Any verdict")),
    ("legal", QT_TRANSLATE_NOOP("Library", "Legal decks")),
    ("illegal", QT_TRANSLATE_NOOP("Library", "Illegal decks")),
    ("unchecked", QT_TRANSLATE_NOOP("Library", "Not checked or unreadable")),
)


@dataclass(frozen=True)
class LibraryFilter:
    """What the list is narrowed to: words (name, tags, file, format, game), a tag, a game, a verdict, buildable."""

    words: str = ""
    tag: str = ""
    game: str = ""
    verdict: str = ""  # "", "legal", "illegal", "unchecked"
    buildable: bool = False

    def accepts(self, deck: LibraryDeck) -> bool:
        """True when the deck passes every part of the filter."""
        if self.tag and self.tag.casefold() not in (t.casefold() for t in deck.tags):
            return False
        if self.game and deck.game != self.game:
            return False
        if self.verdict == "legal" and deck.legal is not True:
            return False
        if self.verdict == "illegal" and deck.legal is not False:
            return False
        if self.verdict == "unchecked" and deck.legal is not None:
            return False
        if self.buildable and not deck.buildable:
            return False
        if self.words.strip():
            haystack = " ".join(
                (deck.name, deck.file.name, deck.format, deck.game, game_title(deck.game), *deck.tags)
            ).casefold()
            return all(word in haystack for word in self.words.casefold().split())
        return True


class LibraryFilterModel(QSortFilterProxyModel):
    """The library's rows narrowed by a LibraryFilter and sorted by any column's sort key."""

    def __init__(self, source: LibraryModel) -> None:
        super().__init__(source)
        self.library_model = source
        self.rule = LibraryFilter()
        self.setSourceModel(source)
        self.setSortRole(SORT_ROLE)

    def set_rule(self, rule: LibraryFilter) -> None:
        """Narrow the list to the decks `rule` accepts."""
        if rule != self.rule:
            if hasattr(self, "beginFilterChange"):  # Qt 6.9 and later: invalidateFilter is deprecated
                self.beginFilterChange()
                self.rule = rule
                self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
            else:
                self.rule = rule
                self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        deck = self.library_model.deck_at(source_row)
        return deck is not None and self.rule.accepts(deck)

    def deck_at(self, row: int) -> LibraryDeck | None:
        """The deck shown on a row of this (filtered, sorted) list."""
        source = self.mapToSource(self.index(row, 0))
        return self.library_model.deck_at(source.row()) if source.isValid() else None

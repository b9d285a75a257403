"""Deck view: the header figures of the deck's game, its format and setting choosers, and a table per pile of its
game.json (Rage's: Characters, Sept, Starting in play, Combat), then Unresolved.

The models here are thin adapters over the domain Deck: they never change it, they emit requests that the
main window turns into undoable commands.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import (
    QModelIndex,
    QPoint,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSpinBox,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.collection import RowStatus
from deckbuilder.deck import MAX_RENOWN_LEVEL, CardPool, Deck, printed_in_sets
from deckbuilder.games.description import Game
from deckbuilder.games.header import NOT_GIVEN, header_text
from deckbuilder.games.hints import Change
from deckbuilder.games.loader import formats_of, shipped_game
from deckbuilder.games.piles import game_of
from deckbuilder.i18n import ENGLISH, PORTUGUESE, current_language, gettext
from deckbuilder.legality.results import Report
from deckbuilder.ui.columns import ColumnChooser, ContentWidths, NameFitter
from deckbuilder.ui.deck_menu import deck_row_menu
from deckbuilder.ui.deck_model import DeckSectionModel, DeckSectionTable
from deckbuilder.ui.deck_rows import (
    ALWAYS_SHOWN,
    HIDDEN_WHEN_EMPTY,
    STARTING,
    STARTING_TOOLTIP,
    UNRESOLVED,
    UNRESOLVED_TITLE,
    DeckRow,
    IllegalCards,
    elided_widths,
    fit_columns,
    fit_short_columns,
    game_section_keys,
    not_found,
    tint_color,
    widen_short_columns,
)
from deckbuilder.ui.deck_shown import ShownDeck, show_all_rows
from deckbuilder.ui.deck_top_row import FormatCombo, NameEdit, pair
from deckbuilder.ui.flow import FlowLayout
from deckbuilder.ui.labels import SteadyLabel
from deckbuilder.ui.pile_selection import PileSelection
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP, fill

# The setting a deck keeps as its own Renown level (Deck.renown_level), shown in its own spin box.
RENOWN_SETTING = "renown_level"
UNTITLED = QT_TRANSLATE_NOOP("DeckView", "Untitled deck")  # a new deck's name until it is named or saved


class DeckView(QWidget):
    """The deck being edited; every change is asked for through a signal."""

    add_requested = Signal(str, object, int)  # name, set_name, count
    remove_requested = Signal(str, object, int)  # name, set_name, count
    count_requested = Signal(str, object, int)  # name, set_name, count
    # The same requests for an entry of the starting-in-play list (never its same-named deck entry).
    starting_count_requested = Signal(str, object, int)  # name, set_name, count
    start_in_play_requested = Signal(str, object, int)  # name, set_name, copies to move out of the sept deck
    return_to_sept_requested = Signal(str, object, int)  # name, set_name, copies to move back
    printing_requested = Signal(str, object, object)  # name, old set, new set
    renown_level_requested = Signal(int)
    format_requested = Signal(str)
    rename_requested = Signal(str)
    replace_requested = Signal(str, object, str)  # old name, old set, new name
    # Several rows' changes as one undo step: a label and deckbuilder.games.hints.Change values.
    changes_requested = Signal(str, object)
    card_selected = Signal(str)
    setting_requested = Signal(str, str, int)  # another game's setting: id, label, value
    sections_rebuilt = Signal()  # the tables were made anew for another game's piles (or Rage's again)

    def __init__(self, formats: Sequence[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name_edit = NameEdit()
        self.name_edit.setObjectName("deckName")
        self.name_edit.setPlaceholderText(self.tr("Deck name"))
        self.renown_label = QLabel(self.tr("Renown level"))
        self.renown_spin = QSpinBox()
        self.renown_spin.setObjectName("renownLevel")
        self.renown_spin.setRange(0, MAX_RENOWN_LEVEL)
        self.renown_spin.setToolTip(self.tr("Renown level of the game"))
        self.renown_spin.setKeyboardTracking(False)
        self.format_combo = FormatCombo()
        self.format_combo.setObjectName("formatCombo")
        for name, title in formats:
            self.format_combo.addItem(title, name)
        self.header_label = SteadyLabel(word_wrap=True, selectable=True, breaks_at=" · ")
        self.header_label.setObjectName("deckHeader")
        # Its figures change on every edit: drawn over its own background, the widgets behind it (the tabs, the window)
        # are not painted again for it. They show the window's colour there, as it does.
        self.header_label.setAutoFillBackground(True)
        font = self.header_label.label.font()
        font.setBold(True)
        self.header_label.label.setFont(font)
        self.add_button = QToolButton()
        self.add_button.setText("+")
        self.add_button.setToolTip(self.tr("Add one copy of the selected card"))
        self.remove_button = QToolButton()
        self.remove_button.setText("−")
        self.remove_button.setToolTip(self.tr("Remove one copy of the selected card (Delete)"))

        self.models: dict[str, DeckSectionModel] = {}
        self.tables: dict[str, DeckSectionTable] = {}
        self.titles: dict[str, SteadyLabel] = {}
        self._titles: dict[tuple[str, str], str] = {}  # each pile's title by (pile, language), for this game
        self.section_boxes: dict[str, QWidget] = {}
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("deckSplitter")
        self.splitter.setChildrenCollapsible(False)
        # The tables shown: the piles of the deck's game (set_game), the default game's until a deck is shown.
        self._game: Game = shipped_game()
        self.game_name = self._game.name
        self._printings = False  # the tables show each entry's printing: the deck's cards are printed in sets
        self.section_keys: tuple[str, ...] = game_section_keys(self._game)
        self._column_settings: QSettings | None = None
        self.selection = PileSelection(self.tables, self.models)
        # Rows came or went, or a pile began to scroll sideways: after the edit, each pile that cannot show every row
        # is given room (fit_sections_to_content); one look per event loop turn however many rows changed.
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self.fit_if_cramped)
        for key in self.section_keys:
            self._add_section(key)

        # One row for name, Renown level and format: at 1280×720 every pixel of height goes to the sections. With
        # larger text (or a long name) it wraps onto a second row rather than squeeze the name or cut the format's
        # title. The +/− buttons sit beside the figures, whose second line has room for them.
        self.top_row = QWidget()
        self.top_row.setObjectName("deckTopRow")
        top = FlowLayout(self.top_row, spacing=4)
        self._top = top
        # Another game's player-chosen settings (game.json "settings" without "from_card"), by id.
        self.setting_spins: dict[str, QSpinBox] = {}
        self._setting_widgets: list[QWidget] = []
        top.addWidget(self.name_edit, 1)
        self.renown_box = pair(self.renown_label, self.renown_spin)
        top.addWidget(self.renown_box)
        top.addWidget(pair(QLabel(self.tr("Format")), self.format_combo))
        figures = QHBoxLayout()
        figures.setSpacing(4)
        figures.addWidget(self.header_label, 1)
        figures.addWidget(pair(self.add_button, self.remove_button), 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        layout.addWidget(self.top_row)
        layout.addLayout(figures)
        layout.addWidget(self.splitter, 1)

        self._deck: Deck | None = None
        self._pool: CardPool | None = None
        self._shown: ShownDeck | None = None  # what the piles show, for telling a count edit from the rest
        # Cards named by the last check's errors (normalised name -> why), as shown by show_deck.
        self.illegal: Mapping[str, Sequence[str]] = IllegalCards(None)
        self._updating = False
        self.renown_spin.valueChanged.connect(self._renown_changed)
        self.format_combo.currentIndexChanged.connect(self._format_changed)
        self.name_edit.editingFinished.connect(self._name_edited)
        self.add_button.clicked.connect(self.add_one_to_selection)
        self.remove_button.clicked.connect(self.remove_one_from_selection)

    def set_game(self, game: Game, printings: bool = False) -> None:
        """Show a game's piles with the columns its game.json gives, its formats and its chosen settings.

        `printings`: the game's cards are printed in named sets, so a pile without its own columns shows them."""
        if game.name == self.game_name and printings == self._printings:
            return
        self.game_name = game.name
        self._printings = printings
        self._game = game
        self._titles.clear()
        for box in self.section_boxes.values():
            box.hide()
            box.setParent(None)
            box.deleteLater()
        self.models.clear()
        self.tables.clear()
        self._shown = None
        self.selection.current = None
        self.titles.clear()
        self.section_boxes.clear()
        self.section_keys = game_section_keys(game)
        formats = [(f.name, gettext(f.title) if f.title else f.name) for f in formats_of(game)]
        for key in self.section_keys:
            self._add_section(key)
        if self._column_settings is not None:
            self.remember_columns(self._column_settings)
        # The deck's own Renown level has its spin box; any other chosen setting gets one (_build_setting_spins).
        renown = any(s.id == RENOWN_SETTING and not s.pile for s in game.settings)
        self.renown_label.setVisible(renown)
        self.renown_spin.setVisible(renown)
        self.renown_box.setVisible(renown)
        self._build_setting_spins(game)
        self._updating = True
        try:
            self.format_combo.clear()
            for format_name, title in formats:
                self.format_combo.addItem(title, format_name)
        finally:
            self._updating = False
        self.sections_rebuilt.emit()

    def _build_setting_spins(self, game: Game) -> None:
        for widget in self._setting_widgets:
            widget.setParent(None)
            widget.deleteLater()
        self._setting_widgets = []
        self.setting_spins = {}
        chosen = [s for s in game.settings if not s.pile and s.id != RENOWN_SETTING]
        position = self._top.indexOf(self.renown_box) + 1
        for setting in chosen:
            label = QLabel(gettext(setting.label))
            spin = QSpinBox()
            spin.setObjectName(f"setting-{setting.id}")
            spin.setRange(0, 1_000_000)
            spin.setKeyboardTracking(False)
            spin.setValue(setting.default or 0)
            shown = gettext(setting.label)
            spin.valueChanged.connect(
                lambda value, s=setting.id, text=shown: self._setting_changed(s, text, value)
            )
            holder = pair(label, spin)
            self._top.insertWidget(position, holder)
            holder.show()  # a child added to a shown widget stays hidden until shown
            position += 1
            self._setting_widgets.append(holder)
            self.setting_spins[setting.id] = spin

    def _setting_changed(self, setting: str, label: str, value: int) -> None:
        if not self._updating and self._deck is not None and self._deck.settings.get(setting) != value:
            self.setting_requested.emit(setting, label, value)

    def section_title(self, key: str, lang: str | None = None) -> str:
        """A table's title: the pile's label in game.json (translated when it is in the catalogue)."""
        if key == UNRESOLVED:
            return self.tr(UNRESOLVED_TITLE)
        return gettext(self._game.pile_label(key), lang)

    def _add_section(self, key: str) -> None:
        model = DeckSectionModel(key, self, self._game, self._printings)
        table = DeckSectionTable()
        table.setObjectName(f"{key}Table")
        table.setModel(model)
        title = SteadyLabel(self.section_title(key))
        title.setObjectName(f"{key}Title")
        title.setAutoFillBackground(True)  # as the header: a new count repaints the title alone
        if key == STARTING:
            title.setToolTip(self.tr(STARTING_TOOLTIP))
            table.setToolTip(self.tr(STARTING_TOOLTIP))
        box = QWidget()
        box_layout = QVBoxLayout(box)
        box_layout.setContentsMargins(0, 2, 0, 0)
        box_layout.setSpacing(1)
        box_layout.addWidget(title)
        box_layout.addWidget(table)
        self.splitter.addWidget(box)
        # Type and the long text as wide as their longest text when the pile has room; they give way to the names.
        table.name_fitter = NameFitter(
            table, "Name", ContentWidths(table, functools.partial(elided_widths, model))
        )
        fit_columns(table)
        model.modelReset.connect(lambda t=table: fit_columns(t))
        # A new row may be wider than the others (a long printing name, a two-digit count): fit again then.
        model.rowsInserted.connect(lambda *_args, t=table: fit_short_columns(t))
        # A changed figure may be wider than the column ("10" copies, an owned "0 (−3)"): that column grows.
        model.dataChanged.connect(
            lambda first, last, roles=(), t=table: widen_short_columns(t, first, last, roles)
        )
        model.count_requested.connect(
            self.starting_count_requested if key == STARTING else self.count_requested
        )
        table.cards_dropped.connect(self._dropped)
        table.plus_pressed.connect(self.add_one_to_selection)
        table.minus_pressed.connect(self.remove_one_from_selection)
        table.customContextMenuRequested.connect(lambda pos, k=key: self._context_menu(k, pos))
        table.selectionModel().currentRowChanged.connect(
            lambda cur, _prev, k=key: self._current_changed(k, cur)
        )
        table.focused.connect(lambda k=key: self.selection.make_current(k))
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset):
            signal.connect(self._fit_timer.start)
        table.horizontalScrollBar().rangeChanged.connect(self._fit_timer.start)
        table.selectionModel().selectionChanged.connect(
            lambda *_a, k=key: self.selection.selection_changed(k)
        )
        self.models[key] = model
        self.tables[key] = table
        self.titles[key] = title
        self.section_boxes[key] = box

    # -- showing the deck ------------------------------------------------------------------------

    def show_deck(
        self,
        deck: Deck,
        pool: CardPool,
        report: Report | None,
        unknown: dict[str, list[str]] | None = None,
        *,
        game: Game | None = NOT_GIVEN,
    ) -> None:
        """Show the deck, tint rows of cards named by error results, and fill the header from the report.

        `game`: game_of(deck) when the caller has it (None: a game that is not installed).
        """
        # A game that is not installed: the default game's tables. Looked up once, for the rows and header too.
        found = game_of(deck) if game is NOT_GIVEN else game
        game = found or shipped_game()
        # A pile without its own columns shows each entry's printing when the cards are printed in sets (asked of
        # the cards, for every game alike; Rage's piles name their columns).
        self.set_game(game, not all(p.columns for p in game.piles) and printed_in_sets(pool))
        self._deck = deck
        self._pool = pool
        # Cards named by error results, with why: their rows are tinted here and marked in the card images.
        self.illegal = IllegalCards(report)
        tinted = frozenset(self.illegal)
        tint = tint_color(QApplication.palette())  # the theme in force, even before its change event
        lang = current_language()  # once for every title and the header
        resolved = report.resolved if report is not None else None  # the cards the check looked up, by entry
        shown = self._shown
        # A count edit (or its undo): only its entries' rows are replaced, and only their piles' titles change.
        changed = (
            shown.count_edit(deck, pool, unknown, game, lang, tint, resolved, self.models)
            if shown is not None
            else None
        )
        if changed is not None:
            for key, model in self.models.items():
                model.replace_rows(changed.get(key, ()), tinted, tint)
                if key in changed:
                    self._show_title(key, lang)
        else:  # every pile afresh (rows_by_section), keeping the rows and selection an edit left alone
            grouped = show_all_rows(
                self.models, self.selection, deck, pool, unknown, game, resolved, tinted, tint
            )
            for key in self.models:
                self._show_title(key, lang)
            for key in HIDDEN_WHEN_EMPTY:
                if key in self.section_boxes and self.section_boxes[key].isHidden() == bool(grouped[key]):
                    self.section_boxes[key].setVisible(bool(grouped[key]))
            self._shown = ShownDeck(deck, pool, unknown, game, lang, tint)
        self._updating = True
        try:
            if self.name_edit.text() != deck.name:
                self.name_edit.setText(deck.name)
                self.name_edit.setCursorPosition(0)  # a name longer than the box shows its beginning
            if self.renown_spin.value() != deck.renown_level:
                self.renown_spin.setValue(deck.renown_level)
            for setting in self._game.settings:
                spin = self.setting_spins.get(setting.id)
                value = deck.settings.get(setting.id, setting.default or 0)
                if spin is not None and spin.value() != value:
                    spin.setValue(value)
            index = self.format_combo.findData(deck.format)
            if index < 0:
                self.format_combo.addItem(deck.format, deck.format)
                index = self.format_combo.count() - 1
            if self.format_combo.currentIndex() != index:
                self.format_combo.setCurrentIndex(index)
        finally:
            self._updating = False
        self.header_label.setText(
            header_text(deck, report, not_found(self.models[UNRESOLVED].rows()), found, lang=lang)
        )
        # deckbuilder.fingerprint: the code on the decklist, worked out when the tooltip is wanted (a whole-deck pass).
        self.header_label.set_tool_tip_source(lambda: self._fingerprint_tip(deck, pool))

    def _show_title(self, key: str, lang: str) -> None:
        """A pile's title and its copies."""
        # A pile's title in a language, worked out once (the game's piles are looked through).
        title = self._titles.get((key, lang))
        if title is None:
            title = self._titles[(key, lang)] = self.section_title(key, lang)
        self.titles[key].setText(f"{title} ({self.models[key].copies()})")

    def name_after_file(self, path: Path) -> None:
        """Save As of a deck still called "Untitled deck" (in any language): ask to name it after its new file."""
        if self._deck is None or not path.stem:
            return
        untitled = {
            Deck().name,
            self.tr(UNTITLED),
            *(gettext(UNTITLED, lang) for lang in (ENGLISH, PORTUGUESE)),
        }
        if self._deck.name in untitled and path.stem != self._deck.name:
            self.rename_requested.emit(path.stem)

    def _fingerprint_tip(self, deck: Deck, pool: CardPool) -> str:
        """The header's tooltip: the deck's fingerprint (imported when first wanted: hashlib is slow to load)."""
        from deckbuilder.fingerprint import deck_fingerprint

        return fill(
            self.tr("Deck fingerprint %1: changes when any card count changes"),
            deck_fingerprint(deck, pool).code,
        )

    def show_owned(self, owned: Mapping[tuple[str, str | None, bool], RowStatus] | None) -> None:
        """Show owned/missing copies per row (None: no collection, no column)."""
        for key, model in self.models.items():
            before = model.columns
            model.set_owned(owned)
            if model.columns != before:
                fit_columns(self.tables[key])
            # Same columns: figures that changed signal dataChanged, and widen_short_columns fits them whole.

    def section_height(self, key: str, rows: int | None = None) -> int:
        """Pixels a section needs to show `rows` rows (all of its rows by default), title and header included."""
        table = self.tables[key]
        count = self.models[key].rowCount() if rows is None else rows
        title = max(self.titles[key].sizeHint().height(), self.titles[key].fontMetrics().height())
        header = table.horizontalHeader().sizeHint().height()
        rows_height = max(count, 1) * table.verticalHeader().defaultSectionSize()
        margins = 3 + 2 * table.frameWidth() + 2  # the box's top margin and spacing, the frame, a spare pixel
        # Columns wider than the table (large text, a long name): the sideways scroll bar takes a row's place.
        if table.horizontalHeader().length() > table.width() - 2 * table.frameWidth():
            margins += table.horizontalScrollBar().sizeHint().height()
        return title + header + rows_height + margins

    def fit_if_cramped(self) -> None:
        """Fit the sections again when a shown one cannot show all of its rows (rows were added, a mark widened it)."""
        if not self.isVisible():
            return
        shown = [key for key in self.section_keys if not self.section_boxes[key].isHidden()]
        if any(self.section_boxes[key].height() < self.section_height(key) for key in shown):
            self.fit_sections_to_content()

    def fit_sections_to_content(self) -> None:
        """Give each shown section the height its rows need; sections that cannot all fit share what is left."""
        shown = [key for key in self.section_keys if not self.section_boxes[key].isHidden()]
        total = self.splitter.height() - self.splitter.handleWidth() * (len(shown) - 1)
        if total <= 0 or not shown:
            return
        wanted = {key: self.section_height(key) for key in shown}
        sizes = dict(wanted)
        if sum(wanted.values()) > total:
            # Small sections (the pack, the starting list) keep their whole height; the long ones share the rest.
            small = {
                key
                for key in shown
                if wanted[key] <= total / (2 * len(shown)) or key in ("characters", STARTING)
            }
            small = {key for key in small if wanted[key] <= total / 3}
            left = total - sum(wanted[key] for key in small)
            big = [key for key in shown if key not in small]
            floor = self.section_height(big[0], 3) if big else 0
            weight = sum(wanted[key] for key in big) or 1
            for key in big:
                sizes[key] = max(floor, left * wanted[key] // weight)
        else:
            # Spare height goes to the sections cards are added to most.
            spare = total - sum(wanted.values())
            growing = [key for key in shown if key in ("sept", "combat")] or shown
            for key in growing:
                sizes[key] += spare // len(growing)
        self.splitter.setSizes([sizes.get(key, 0) for key in self.section_keys])

    def remember_columns(self, settings: QSettings) -> None:
        """Let the player show or hide each section's columns (header context menu), remembered in `settings`."""
        self._column_settings = settings
        self.column_choosers = {
            # The pack's Allegiance column says what the Type column would, narrower; its printing is a set its rows
            # rarely need, and at 1280×720 it would crowd out the figures (both can be shown from the header menu).
            key: ColumnChooser(
                table,
                settings,
                f"columns/deck-{key}",
                ALWAYS_SHOWN,
                ("Type", "Printing") if key == "characters" else (),
            )
            for key, table in self.tables.items()
        }

    def section_counts(self) -> dict[str, int]:
        """Copies per section as the tables show them."""
        return {key: model.copies() for key, model in self.models.items()}

    # -- selection (PileSelection) -----------------------------------------------------------------

    @property
    def current_pile(self) -> str | None:
        """The pile the player is in: +, −, Delete and the buttons act on its selection alone."""
        return self.selection.current

    def selected_rows(self) -> list[DeckRow]:
        """Selected rows across all tables."""
        return self.selection.rows()

    def current_rows(self) -> list[DeckRow]:
        """The current pile's selected rows: what +, −, Delete, Backspace and the buttons act on."""
        return self.selection.current_rows()

    def select_keys(self, keys: Iterable[tuple[bool, str, str | None]]) -> None:
        """Select the rows with these identities."""
        self.selection.select_identities(keys)

    def select_cards(self, names: Iterable[str]) -> int:
        """Select every row of these cards (any printing); returns how many rows were selected."""
        return self.selection.select_cards(names)

    def add_one_to_selection(self) -> None:
        """Ask for one more copy of each card selected in the current pile (several: one undo step)."""
        rows = self.current_rows()
        if len(rows) == 1:
            self.request_add(rows[0], 1)
        elif rows:
            label = fill(self.tr("Add a copy of %1 cards"), len(rows))
            self.changes_requested.emit(label, _changes(rows, 1))

    def remove_one_from_selection(self) -> None:
        """Ask to remove one copy of each card selected in the current pile (several: one undo step)."""
        rows = self.current_rows()
        if len(rows) == 1:
            self.request_remove(rows[0], 1)
        elif rows:
            label = fill(self.tr("Remove a copy of %1 cards"), len(rows))
            self.changes_requested.emit(label, _changes(rows, -1))

    def request_add(self, row: DeckRow, count: int) -> None:
        """Ask for `count` more copies of a row's entry (of its starting entry for a starting row)."""
        entry = row.entry
        if row.starting:
            self.starting_count_requested.emit(entry.name, entry.set_name, entry.count + count)
        else:
            self.add_requested.emit(entry.name, entry.set_name, count)

    def request_remove(self, row: DeckRow, count: int) -> None:
        """Ask to remove `count` copies of a row's entry (of its starting entry for a starting row)."""
        entry = row.entry
        if row.starting:
            self.starting_count_requested.emit(entry.name, entry.set_name, max(entry.count - count, 0))
        else:
            self.remove_requested.emit(entry.name, entry.set_name, count)

    # -- signals from widgets --------------------------------------------------------------------

    def _dropped(self, names: list[str]) -> None:
        for name in names:
            self.add_requested.emit(name, None, 1)

    def _renown_changed(self, value: int) -> None:
        if not self._updating and self._deck is not None and value != self._deck.renown_level:
            self.renown_level_requested.emit(value)

    def _format_changed(self, _index: int) -> None:
        value = str(self.format_combo.currentData() or "")
        if not self._updating and self._deck is not None and value and value != self._deck.format:
            self.format_requested.emit(value)

    def _name_edited(self) -> None:
        name = self.name_edit.text().strip()
        if self._deck is not None and name and name != self._deck.name:
            self.rename_requested.emit(name)

    def _current_changed(self, key: str, current: QModelIndex) -> None:
        row = self.models[key].row_at(current.row()) if current.isValid() else None
        if row is not None:
            self.card_selected.emit(row.card.name if row.card is not None else row.entry.name)

    def _context_menu(self, key: str, pos: QPoint) -> None:
        table = self.tables[key]
        index = table.indexAt(pos)
        row = self.models[key].row_at(index.row()) if index.isValid() else None
        if row is None:
            return
        menu = self.build_context_menu(row)
        menu.exec(table.viewport().mapToGlobal(pos))

    def build_context_menu(self, row: DeckRow) -> QMenu:
        """Context menu for a row (the deck list's and the card images'): see deck_menu.deck_row_menu."""
        return deck_row_menu(row, self)


def _changes(rows: Sequence[DeckRow], count: int) -> tuple[Change, ...]:
    """A copy more (1) or fewer (-1) of each row's entry, its starting entry for a starting row."""
    return tuple(Change(row.entry.name, count, row.entry.set_name, row.starting) for row in rows)

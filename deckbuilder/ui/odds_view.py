"""Draw odds tab, for every game whose description says how hands are drawn ("draws"): a card or Type by turn N,
a seeded sample hand per draw pile, and the odds the game's engine adds (Rage's first combat hand per Character)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.games.engines import ENGINES
from deckbuilder.games.piles import game_of
from deckbuilder.i18n import gettext, render
from deckbuilder.i18n.numbers import format_percent
from deckbuilder.ui.flow import FlowLayout
from deckbuilder.ui.theme import desktop_font
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP
from deckbuilder.ui.workers import NewestJob

if TYPE_CHECKING:
    from deckbuilder import odds
    from deckbuilder.games.description import Game

TYPE_PREFIX = QT_TRANSLATE_NOOP("OddsView", "Type: ")
MARGIN = 4  # around the tab's scroll area
log = logging.getLogger(__name__)


class OddsView(QWidget):
    """Odds of the deck on show (recomputed only while visible) and a sample hand a seed can deal again.

    Its widgets are built when it is first shown: most sessions never open the tab, and building them (and loading
    deckbuilder.odds) cost every start of the window ~11 M instructions of ~338 M.
    """

    def __init__(self, db: CardDatabase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self._deck: Deck | None = None
        self._pool: Any = db
        self._game: Game | None = None
        self._stale = False
        self._built = False
        # The engine's table, worked out on a worker thread (only the newest deck's is shown); made when first asked.
        self._jobs: NewestJob | None = None
        # The sample hand's box is built now: the room the tab asks for is measured on it (see sizeHint).
        self._build_hand_box()
        self._start_width = self.hand_box.sizeHint().width()

    def setVisible(self, visible: bool) -> None:
        # Every show comes through here first (the tab chosen, the dock shown with the tab current), before the
        # widget is laid out: the layout it is shown with is the one it would have had built at start.
        if visible and not self._built:
            self._build()
        super().setVisible(visible)

    def sizeHint(self) -> QSize:
        if self._built:
            return super().sizeHint()
        # Until built, the room the built tab would ask for (the window's first layout gives it to the deck check,
        # and the deck's sections are fitted to what that layout leaves): its scroll area asks for its page, measured
        # once at start, and at most 36 × 24 lines. The page is as wide as its widest box, the sample hand's (by its
        # seed row), and taller than 24 lines (up to 175 %; at 200 % it asks for about two lines less, which no
        # layout at 1280×720 or larger can give it anyway).
        lines = self.fontMetrics().height()
        return QSize(min(self._start_width, 36 * lines), 24 * lines) + QSize(2 * MARGIN, 2 * MARGIN)

    def _build(self) -> None:
        # The odds code is loaded by the first look at the tab; every method that uses it runs after this.
        global odds
        from deckbuilder import odds
        from deckbuilder.ui.accessibility import name_widgets_when_read

        self._built = True
        self.piles = odds.Piles()
        self.hand: odds.SampleHand | None = None
        self.seed = odds.new_seed()

        self.fight_table = QTableWidget(0, 3)
        self.fight_table.setObjectName("fightTable")
        self.fight_table.setHorizontalHeaderLabels([self.tr("Character"), self.tr("Chance"), self.tr("How")])
        self.fight_table.verticalHeader().setVisible(False)
        self.fight_table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.fight_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.fight_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # Names and figures whole at any width: the How column wraps its words when the dock is narrow.
        self.fight_table.setWordWrap(True)
        header = self.fight_table.horizontalHeader()
        # Widths set by _fit_how_column (rows are then measured at the widths they are shown at, not stale ones).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.fight_table.viewport().installEventFilter(self)
        # The turn the engine's table is worked out for (Rage: the Combat Phase of turn N), when it asks for one.
        self.fight_turn_spin = QSpinBox()
        self.fight_turn_spin.setObjectName("fightTurn")
        self.fight_turn_spin.setRange(1, odds.MAX_TURNS)
        self.fight_rule = QLabel()
        self.fight_rule.setObjectName("fightRule")
        self.fight_rule.setWordWrap(True)
        # The odds the deck's game's engine adds (Rage: the Combat Phase); hidden for a game with none.
        self.fight_box = _Box()
        fight_layout = self.fight_box.body
        # The turn's words beside the spin box, not its prefix: on a narrow dock the words and the box wrap apart.
        self.fight_turn_label = QLabel()
        self.fight_turn_label.setBuddy(self.fight_turn_spin)
        self.fight_turn_row = QWidget()
        turn_row = FlowLayout(self.fight_turn_row, spacing=4)
        turn_row.addWidget(self.fight_turn_label)
        turn_row.addWidget(self.fight_turn_spin)
        fight_layout.addWidget(self.fight_turn_row)
        fight_layout.addWidget(self.fight_table)
        fight_layout.addWidget(self.fight_rule)
        # Why there are no odds (a game whose description gives no "draws", or is not installed).
        self.unavailable = QLabel()
        self.unavailable.setObjectName("oddsUnavailable")
        self.unavailable.setWordWrap(True)
        self.unavailable.hide()

        self.what_combo = QComboBox()
        self.what_combo.setObjectName("oddsWhat")
        self.what_combo.setMinimumContentsLength(18)
        self.turn_spin = QSpinBox()
        self.turn_spin.setRange(1, odds.MAX_TURNS)
        self.turn_spin.setValue(3)
        self.turn_spin.setPrefix(self.tr("by turn "))
        self.turn_table = QTableWidget(0, 2)
        self.turn_table.setObjectName("turnTable")
        self.turn_table.setHorizontalHeaderLabels([self.tr("Turn"), self.tr("Chance (exact)")])
        self.turn_table.verticalHeader().setVisible(False)
        self.turn_table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.turn_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.turn_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.turn_table.horizontalHeader().setStretchLastSection(True)
        self.turn_note = QLabel()
        self.turn_note.setWordWrap(True)
        self.turn_box = turn_box = _Box(self.tr("A card or Type by turn N"))
        # A screen reader named it by its group box's title; that title is now a label of its own.
        self.turn_spin.setAccessibleName(turn_box.title())
        self.what_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        # At least 18 characters of the desktop's own font wide, whatever the text size: the spin box stays beside
        # it up to 200 %. (Built at start, it had that width by accident: Qt keeps the minimum a combo box first
        # measured, and it measured it before the window applied the text size.)
        self.what_combo.setFont(desktop_font())
        self.what_combo.setMinimumWidth(self.what_combo.minimumSizeHint().width())
        self.what_combo.setFont(QFont())
        what_row = QWidget()
        what_flow = FlowLayout(what_row, spacing=4)
        what_flow.addWidget(self.what_combo, 1)
        what_flow.addWidget(self.turn_spin)
        turn_box.body.addWidget(what_row)
        turn_box.body.addWidget(self.turn_table)
        turn_box.body.addWidget(self.turn_note)

        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.addWidget(self.unavailable)
        body_layout.addWidget(self.fight_box)
        body_layout.addWidget(turn_box)
        body_layout.addWidget(self.hand_box)
        body_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        # Every row wraps to the dock's width (titles, the seed row, the How column): the tab scrolls only down.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        scroll.setWidget(body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(MARGIN, MARGIN, MARGIN, MARGIN)
        layout.addWidget(scroll)

        self.fight_turn_spin.valueChanged.connect(self._show_table)
        self.what_combo.currentIndexChanged.connect(self._show_by_turn)
        self.turn_spin.valueChanged.connect(self._show_by_turn)
        self.deal_button.clicked.connect(self._deal_typed_seed)
        self.seed_edit.returnPressed.connect(self._deal_typed_seed)
        self.new_button.clicked.connect(self.reshuffle)
        self.redraw_button.clicked.connect(self.redraw_selected)
        name_widgets_when_read(self)  # built after the window's widgets were named, if a screen reader asked

    def _build_hand_box(self) -> None:
        """The sample hand's box: the seed, its buttons and the hands (filled by _build_hands)."""
        self.seed_edit = QLineEdit()
        self.seed_edit.setObjectName("seedEdit")
        self.seed_edit.setMaxLength(9)
        self.seed_edit.setToolTip(self.tr("Share this seed: the same deck and seed deal the same hand"))
        self.deal_button = QPushButton(self.tr("Deal"))
        self.new_button = QPushButton(self.tr("Reshuffle"))
        self.new_button.setToolTip(self.tr("Shuffle again with a new seed"))
        self.redraw_button = QPushButton(self.tr("Redraw selected"))
        self.redraw_button.setToolTip(
            self.tr("Next turn: discard the selected cards and draw back to the hand size")
        )
        # One hand per draw pile of the deck's game (built when the game's draws change): pile id -> list.
        self.hand_lists: dict[str, QListWidget] = {}
        self._hand_titles: list[QLabel] = []
        self.hand_label = QLabel()
        self.hand_label.setObjectName("handLabel")
        self.hand_label.setWordWrap(True)
        self.hand_box = hand_box = _Box(self.tr("Sample hand"))
        self.hand_layout = hand_layout = QGridLayout()
        hand_layout.setContentsMargins(0, 0, 0, 0)
        hand_box.body.addLayout(hand_layout)
        # The seed and its buttons wrap onto a second row in a narrow dock rather than widen the tab.
        controls_row = QWidget()
        controls = FlowLayout(controls_row, spacing=4)
        seed_label = QLabel(self.tr("Seed"))
        seed_label.setBuddy(self.seed_edit)
        controls.addWidget(seed_label)
        controls.addWidget(self.seed_edit, 1)
        controls.addWidget(self.deal_button)
        controls.addWidget(self.new_button)
        controls.addWidget(self.redraw_button)
        hand_layout.addWidget(controls_row, 0, 0, 1, 2)

    # -- the deck ----------------------------------------------------------------------------------

    def show_deck(self, deck: Deck, pool: Any = None) -> None:
        """The deck changed (its names looked up in `pool`, the card database when None): recompute now if visible,
        else when next shown."""
        self._deck = deck
        self._pool = pool if pool is not None else self.db
        self._stale = True
        if self.isVisible():
            self.recompute()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.recompute()

    @property
    def sept_list(self) -> QListWidget:
        """The sample hand of Rage's sept deck (any game's draw pile: `hand_lists`)."""
        return self.hand_lists["sept"]

    @property
    def combat_list(self) -> QListWidget:
        """The sample hand of Rage's combat deck."""
        return self.hand_lists["combat"]

    def recompute(self) -> None:
        """Odds and the sample hand of the deck on show (the hand keeps its seed)."""
        self._stale = False
        if self._deck is None:
            return
        game = game_of(self._deck)
        try:
            if game is None:
                raise odds.OddsUnavailable(self.tr("The deck's game is not installed."))
            self.piles = odds.deck_piles(self._deck, self._pool, game)
        except odds.OddsUnavailable as exc:
            self._game = None
            self._show_unavailable(self._unavailable_text(game, exc))
            return
        self._show_unavailable("")
        self._build_hands()
        self._game = game
        self._show_table()
        self.turn_note.setText(self._seen_text())
        self._fill_what()
        self._show_by_turn()
        self.deal(self.seed)

    def _unavailable_text(self, game: Game | None, exc: Exception) -> str:
        if game is not None and not game.draws:
            return self.tr(
                "The description of %1 does not say how hands are drawn (its “draws”: the piles players draw from "
                "and the hand sizes), so draw odds cannot be worked out."
            ).replace("%1", gettext(game.title))
        return str(exc)

    def _show_unavailable(self, text: str) -> None:
        self.unavailable.setText(text)
        self.unavailable.setVisible(bool(text))
        for box in (self.turn_box, self.hand_box):
            box.setVisible(not text)
        if text:
            self.fight_box.hide()
            self.hand = None

    def _show_table(self) -> None:
        """The table the deck's game's engine adds, at the chosen turn: the deck's cards are read here, and the odds
        (a seeded simulation, tenths of a second) are worked out on a worker thread, so an edit with the tab on
        screen does not wait for them; the figures shown till then are greyed."""
        job: Callable[[Any], Any] | None = None
        if self._deck is not None and self._game is not None:
            try:
                job = ENGINES[self._game.engine].odds_table(
                    self._deck,
                    self._pool,
                    self._game,
                    self.piles,
                    self.seed,
                    odds.DEFAULT_TRIALS // 4,
                    self.fight_turn_spin.value(),
                )
            except Exception:  # the engine's own odds are extra: the draws' odds still show
                log.exception("the engine's odds failed")
        if job is None:
            self._table_jobs.drop()  # a simulation still running was for a deck no longer on show
            self._fill_table(None)
            return
        self.fight_table.setEnabled(False)
        self._table_jobs.run(lambda _progress, cancel: job(cancel))

    @property
    def _table_jobs(self) -> NewestJob:
        """The engine's table jobs: a stale simulation stops at its next look at `cancel` (odds.OddsCancelled)."""
        if self._jobs is None:
            from deckbuilder import odds

            self._jobs = NewestJob(
                self._fill_table,
                lambda _message: self._fill_table(None),
                self,
                cancel_stale=True,
                cancel_exceptions=(odds.OddsCancelled,),
            )
        return self._jobs

    @property
    def working_out(self) -> bool:
        """True while the engine's table for the deck on show is being worked out (not shown yet)."""
        return self._jobs is not None and self._jobs.busy

    def _fill_table(self, table: odds.OddsTable | None) -> None:
        """Show the engine's table (hidden when None), each row explained with its rule."""
        self.fight_table.setEnabled(True)
        self.fight_box.setVisible(table is not None)
        rows = table.rows if table is not None else ()
        if table is not None:
            self.fight_box.setTitle(gettext(table.title))
            self.fight_box.setToolTip(gettext(table.tooltip))
            self.fight_turn_row.setVisible(bool(table.turn_prefix))
            self.fight_turn_spin.setVisible(bool(table.turn_prefix))
            self.fight_turn_label.setText(gettext(table.turn_prefix).strip() if table.turn_prefix else "")
            self.fight_turn_spin.setToolTip(gettext(table.turn_tooltip) if table.turn_tooltip else "")
        self.fight_table.setRowCount(len(rows))
        for row, (label, value) in enumerate(rows):
            cells = [label, value.percent.render(), self._method_text(value)]
            explained = render(value)
            if value.source:
                explained += "\n" + self.tr("Rule: %1").replace("%1", gettext(value.source))
            self._set_row(self.fight_table, row, cells, explained)
        self._fit_how_column()
        source = next((value.source for _label, value in rows if value.source), "")
        # The rulebook line is the game.json's, in the catalogue like its labels.
        self.fight_rule.setText(self.tr("Rule: %1").replace("%1", gettext(source)) if source else "")

    def _build_hands(self) -> None:
        """One list per draw pile of the deck's game, titled by the pile (kept while the piles stay the same)."""
        wanted = [d.pile for d in self.piles.draws]
        if list(self.hand_lists) == wanted:
            for title, pile in zip(self._hand_titles, wanted, strict=True):
                title.setText(self._hand_title(pile))
            return
        for widget in (*self.hand_lists.values(), *self._hand_titles):
            self.hand_layout.removeWidget(widget)
            widget.deleteLater()
        self.hand_layout.removeWidget(self.hand_label)
        self.hand_lists, self._hand_titles = {}, []
        for column, pile in enumerate(wanted):
            title = QLabel(self._hand_title(pile))
            hand_list = QListWidget()
            hand_list.setObjectName(f"{pile}Hand")
            hand_list.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
            self.hand_layout.addWidget(title, 1, column)
            self.hand_layout.addWidget(hand_list, 2, column)
            self._hand_titles.append(title)
            self.hand_lists[pile] = hand_list
        self.hand_layout.addWidget(self.hand_label, 3, 0, 1, max(len(wanted), 1))

    def _hand_title(self, pile: str) -> str:
        return self.tr("%1 hand").replace("%1", gettext(self.piles.labels.get(pile, pile)))

    def _seen_text(self) -> str:
        """How many cards each draw pile shows by turn N (the description's hand and redraw)."""
        parts = [
            self.tr("%1: %2 + %3 a turn")
            .replace("%1", gettext(self.piles.labels.get(d.pile, d.pile)))
            .replace("%2", str(d.seen_by_turn(1)))
            .replace("%3", str(d.refill + d.played))  # and the cards played, drawn back
            for d in self.piles.draws
        ]
        return self.tr("Seen by turn N, discarding every other card at each redraw: %1").replace(
            "%1", "; ".join(parts)
        )

    def _method_text(self, value: odds.Odds) -> str:
        if value.method == odds.EXACT:
            return self.tr("exact")
        return self.tr("simulated ±%1").replace("%1", format_percent(value.margin))

    @staticmethod
    def _set_row(table: QTableWidget, row: int, cells: list[str], tooltip: str) -> None:
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(tooltip)
            if column:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, column, item)

    def _fill_what(self) -> None:
        current = self.what_combo.currentText()
        names = sorted({name for pile in self.piles.piles.values() for name in pile}, key=str.casefold)
        types: set[str] = set()
        for name in names:
            card = self.piles.cards.get(name)
            if card is not None:
                text = " ".join(str(getattr(card, "type", "")).split()).casefold()
                types |= {part.strip().title() for part in text.split(" - ") if part.strip()}
        choices = [f"{self.tr(TYPE_PREFIX)}{t}" for t in sorted(types)] + names
        self.what_combo.blockSignals(True)
        self.what_combo.clear()
        self.what_combo.addItems(choices)
        index = self.what_combo.findText(current)
        self.what_combo.setCurrentIndex(index if index >= 0 else 0)
        self.what_combo.blockSignals(False)

    def by_turn(self) -> list[odds.Odds]:
        """The chances shown for the chosen card or Type, turn 1 to N."""
        what = self.what_combo.currentText()
        if not what:
            return []
        turns = range(1, self.turn_spin.value() + 1)
        prefix = self.tr(TYPE_PREFIX)
        if what.startswith(prefix):
            word = what.removeprefix(prefix)
            pile = odds.pile_for_type(self.piles, word)
            if pile is None:
                return []
            return [odds.type_by_turn(self.piles, pile, word, turn) for turn in turns]
        if self.piles.pile_of(what) is None:
            return []
        return [odds.card_by_turn(self.piles, what, turn) for turn in turns]

    def _show_by_turn(self) -> None:
        found = self.by_turn()
        self.turn_table.setRowCount(len(found))
        for row, value in enumerate(found):
            self._set_row(self.turn_table, row, [str(row + 1), value.percent.render()], render(value))
        _fit_rows(self.turn_table)

    def _fit_how_column(self, rows: bool = True) -> None:
        """The How column on one line when names, figures and it fit the table's width; else as wide as the room
        left beside whole names and figures (never narrower than its longest word), its words wrapped; hidden when
        even that does not fit, and then names wrap at their spaces before a figure goes out of sight."""
        # Imported here: readying QStyle's enums for Python costs every start ~10 ms, and only this tab needs them.
        from PySide6.QtWidgets import QStyle

        table = self.fight_table
        header = table.horizontalHeader()
        margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1) + 2
        metrics = table.fontMetrics()

        def widths(column: int, parts: int = -1) -> tuple[int, int]:
            """The column's widest text on one line, and its widest word (headings included); with `parts`, a
            text breaks only at its first spaces ("simulada" above "±0,2 %", never the "%" alone)."""
            items = [table.item(r, column) for r in range(table.rowCount())]
            texts = [item.text() for item in items if item is not None]
            heading = header.sectionSizeFromContents(column).width()
            line = max([heading] + [metrics.horizontalAdvance(t) + margin for t in texts])
            words = [w for t in texts for w in t.split(maxsplit=parts)]
            word = max([heading] + [metrics.horizontalAdvance(w) + margin for w in words])
            return line, word

        (names, name_word), (chance, _), (whole, word) = widths(0), widths(1), widths(2, parts=1)
        view = table.viewport().width()
        room = view - names - chance
        how = 0 if room < word else whole if room >= whole else room
        # Too narrow for the How column's longest word beside whole names and figures (the largest text sizes):
        # it gives way; each row's tooltip still says how its chance was worked out.
        table.setColumnHidden(2, how == 0)
        for column, size in enumerate((max(name_word, view - chance - how), chance, max(how, word))):
            if header.sectionSize(column) != size:
                header.resizeSection(column, size)
        if rows:
            _fit_rows(table)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.fight_table.viewport() and event.type() == QEvent.Type.Resize:
            old, new = event.oldSize(), event.size()  # type: ignore[attr-defined]
            if old.width() != new.width():
                self._fit_how_column(rows=False)
                # The rows' heights after the layout pass that resized it: a height changed inside that pass is
                # not laid out again.
                QTimer.singleShot(0, self, self._fit_how_column)
        return super().eventFilter(watched, event)

    # -- the sample hand ---------------------------------------------------------------------------

    def deal(self, seed: int) -> None:
        """Deal the opening hands of this seed."""
        self.seed = seed
        self.seed_edit.setText(odds.format_seed(seed))
        self.hand = odds.SampleHand.deal(self.piles, seed)
        self._show_hand()

    def reshuffle(self) -> None:
        """A new shuffle with a new seed."""
        self.deal(odds.new_seed())

    def _deal_typed_seed(self) -> None:
        try:
            seed = odds.parse_seed(self.seed_edit.text())
        except ValueError:
            self.hand_label.setText(self.tr("Not a seed: up to 8 hex digits, e.g. 1A2B3C4D"))
            return
        self.deal(seed)

    def redraw_selected(self) -> None:
        """Discard the selected cards of every hand and draw back to the hand size (the next turn)."""
        if self.hand is None:
            return
        discards = {
            pile: [hand_list.row(item) for item in hand_list.selectedItems()]
            for pile, hand_list in self.hand_lists.items()
        }
        self.hand.redraw_piles(discards)
        self._show_hand()

    def _show_hand(self) -> None:
        if self.hand is None:
            return
        for pile, hand_list in self.hand_lists.items():
            hand_list.clear()
            hand_list.addItems(self.hand.hand(pile))
        left = ", ".join(
            f"{len(self.hand.library(pile))} {gettext(self.piles.labels.get(pile, pile))}"
            for pile in self.hand_lists
        )
        self.hand_label.setText(
            self.tr("Turn %1 · seed %2 · cards left: %3")
            .replace("%1", str(self.hand.turn))
            .replace("%2", odds.format_seed(self.hand.seed))
            .replace("%3", left)
        )


class _Box(QGroupBox):
    """A group box whose title wraps onto more lines in a narrow dock (a QGroupBox's own title never wraps, and
    widens the whole tab to its length)."""

    def __init__(self, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title_label = QLabel()
        self.title_label.setWordWrap(True)
        font = self.title_label.font()
        font.setBold(True)
        self.title_label.setFont(font)
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(6, 6, 6, 6)  # narrow docks: every pixel of width goes to the rows
        self.body.addWidget(self.title_label)
        self.setTitle(title)

    def title(self) -> str:
        """The box's title, as shown above its contents."""
        return self.title_label.text()

    def setTitle(self, title: str) -> None:
        self.title_label.setText(title)
        self.title_label.setVisible(bool(title))
        self.setAccessibleName(title)


def _fit_rows(table: QTableWidget) -> None:
    """Compact rows and a height that shows every row, so the tab scrolls as one page instead of per table."""
    table.resizeRowsToContents()
    height = table.horizontalHeader().height() + 2 * table.frameWidth()
    height += sum(table.rowHeight(row) for row in range(table.rowCount()))
    table.setFixedHeight(height + 2)

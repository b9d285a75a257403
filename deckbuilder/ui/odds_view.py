"""Draw odds tab: the opening combat hand per Character, a card or Type by turn N, and a seeded sample hand."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
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

from carddb.cardtypes import Section
from carddb.db import CardDatabase
from deckbuilder import odds
from deckbuilder.deck import Deck
from deckbuilder.games.rage.facts import type_parts
from deckbuilder.games.rage.odds import combat_hand_odds
from deckbuilder.i18n import render
from deckbuilder.i18n.numbers import format_percent
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP

TYPE_PREFIX = QT_TRANSLATE_NOOP("OddsView", "Type: ")


class OddsView(QWidget):
    """Odds of the deck on show (recomputed only while visible) and a sample hand a seed can deal again."""

    def __init__(self, db: CardDatabase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self._deck: Deck | None = None
        self._stale = False
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
        header = self.fight_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.fight_turn_spin = QSpinBox()
        self.fight_turn_spin.setObjectName("fightTurn")
        self.fight_turn_spin.setRange(1, odds.MAX_TURNS)
        self.fight_turn_spin.setPrefix(self.tr("Combat Phase of turn "))
        self.fight_turn_spin.setToolTip(
            self.tr(
                "At each Combat Phase the hand discards what it cannot use and draws back to 5; each combat plays one card and the hand is refilled after it (revised rules, Chapter 3, Combat Phase; Chapter 5, Ending Combat)"
            )
        )
        self.fight_rule = QLabel()
        self.fight_rule.setObjectName("fightRule")
        self.fight_rule.setWordWrap(True)
        fight_box = QGroupBox(self.tr("Combat Phase: a Combat Action each can play"))
        fight_box.setToolTip(
            self.tr(
                "The combat hand at the Combat Phase of the chosen turn holds a Combat Action the Character meets (Requires, form, Rage)"
            )
        )
        fight_layout = QVBoxLayout(fight_box)
        fight_layout.addWidget(self.fight_turn_spin)
        fight_layout.addWidget(self.fight_table)
        fight_layout.addWidget(self.fight_rule)

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
        self.turn_note = QLabel(
            self.tr("Seen by turn N: 5 × N cards, discarding every other card at each redraw")
        )
        self.turn_note.setWordWrap(True)
        turn_box = QGroupBox(self.tr("A card or Type by turn N"))
        self.what_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        turn_layout = QGridLayout(turn_box)
        turn_layout.addWidget(self.what_combo, 0, 0)
        turn_layout.addWidget(self.turn_spin, 0, 1)
        turn_layout.addWidget(self.turn_table, 1, 0, 1, 2)
        turn_layout.addWidget(self.turn_note, 2, 0, 1, 2)

        self.seed_edit = QLineEdit()
        self.seed_edit.setObjectName("seedEdit")
        self.seed_edit.setMaxLength(9)
        self.seed_edit.setToolTip(self.tr("Share this seed: the same deck and seed deal the same hand"))
        self.deal_button = QPushButton(self.tr("Deal"))
        self.new_button = QPushButton(self.tr("Reshuffle"))
        self.new_button.setToolTip(self.tr("Shuffle again with a new seed"))
        self.redraw_button = QPushButton(self.tr("Redraw selected"))
        self.redraw_button.setToolTip(self.tr("Next turn: discard the selected cards and draw back to 5"))
        self.sept_list = QListWidget()
        self.sept_list.setObjectName("septHand")
        self.combat_list = QListWidget()
        self.combat_list.setObjectName("combatHand")
        for hand_list in (self.sept_list, self.combat_list):
            hand_list.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.hand_label = QLabel()
        self.hand_label.setObjectName("handLabel")
        hand_box = QGroupBox(self.tr("Sample hand"))
        hand_layout = QGridLayout(hand_box)
        controls = QHBoxLayout()
        controls.addWidget(QLabel(self.tr("Seed")))
        controls.addWidget(self.seed_edit)
        controls.addWidget(self.deal_button)
        controls.addWidget(self.new_button)
        controls.addWidget(self.redraw_button)
        hand_layout.addLayout(controls, 0, 0, 1, 2)
        hand_layout.addWidget(QLabel(self.tr("Sept hand")), 1, 0)
        hand_layout.addWidget(QLabel(self.tr("Combat hand")), 1, 1)
        hand_layout.addWidget(self.sept_list, 2, 0)
        hand_layout.addWidget(self.combat_list, 2, 1)
        hand_layout.addWidget(self.hand_label, 3, 0, 1, 2)

        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.addWidget(fight_box)
        body_layout.addWidget(turn_box)
        body_layout.addWidget(hand_box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        # At 1280×720 the dock is narrower than the seed row and the How column: scroll, never clip.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        scroll.setWidget(body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(scroll)

        self.fight_turn_spin.valueChanged.connect(self._show_combat)
        self.what_combo.currentIndexChanged.connect(self._show_by_turn)
        self.turn_spin.valueChanged.connect(self._show_by_turn)
        self.deal_button.clicked.connect(self._deal_typed_seed)
        self.seed_edit.returnPressed.connect(self._deal_typed_seed)
        self.new_button.clicked.connect(self.reshuffle)
        self.redraw_button.clicked.connect(self.redraw_selected)

    # -- the deck ----------------------------------------------------------------------------------

    def show_deck(self, deck: Deck) -> None:
        """The deck changed: recompute now if visible, else when next shown."""
        self._deck = deck
        self._stale = True
        if self.isVisible():
            self.recompute()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.recompute()

    def recompute(self) -> None:
        """Odds and the sample hand of the deck on show (the hand keeps its seed)."""
        self._stale = False
        if self._deck is None:
            return
        try:
            self.piles = odds.deck_piles(self._deck, self.db)
        except odds.OddsUnavailable:
            return
        self._show_combat()
        self._fill_what()
        self._show_by_turn()
        self.deal(self.seed)

    def _show_combat(self) -> None:
        """The combat hand at the Combat Phase of the chosen turn, each row explained with the rule it follows."""
        if self._deck is None or self.piles.draw("combat") is None:
            return
        turn = self.fight_turn_spin.value()
        combat = combat_hand_odds(
            self._deck, self.db, seed=self.seed, trials=odds.DEFAULT_TRIALS // 4, piles=self.piles, turns=turn
        )
        shown = combat.turn(turn)
        rows: list[tuple[str, odds.Odds]] = []
        if shown is not None:
            rows = [(dict(o.params).get("character", ""), o) for o in shown.per_character]
            if shown.every_character is not None:
                rows.append((self.tr("Every Character"), shown.every_character))
            if shown.distinct_cards is not None and 1 < len(shown.per_character) <= combat.hand_size:
                rows.append((self.tr("Each its own card"), shown.distinct_cards))
        self.fight_table.setRowCount(len(rows))
        for row, (label, value) in enumerate(rows):
            cells = [label, value.percent.render(), self._method_text(value)]
            explained = render(value)
            if value.source:
                explained += "\n" + self.tr("Rule: %1").replace("%1", value.source)
            self._set_row(self.fight_table, row, cells, explained)
        _fit_rows(self.fight_table)
        source = next((value.source for _label, value in rows if value.source), "")
        self.fight_rule.setText(self.tr("Rule: %1").replace("%1", source) if source else "")

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
        names = sorted(set(self.piles.sept) | set(self.piles.combat), key=str.casefold)
        types: set[str] = set()
        for name in names:
            card = self.piles.cards.get(name)
            if card is not None:
                types |= {part.title() for part in type_parts(card)}
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
            pile = odds.pile_for_type(self.piles, word) or Section.SEPT
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
        """Discard the selected cards of both hands and draw back to 5 (the next turn)."""
        if self.hand is None:
            return
        sept = [self.sept_list.row(item) for item in self.sept_list.selectedItems()]
        combat = [self.combat_list.row(item) for item in self.combat_list.selectedItems()]
        self.hand.redraw(sept, combat)
        self._show_hand()

    def _show_hand(self) -> None:
        if self.hand is None:
            return
        self.sept_list.clear()
        self.sept_list.addItems(self.hand.sept_hand)
        self.combat_list.clear()
        self.combat_list.addItems(self.hand.combat_hand)
        self.hand_label.setText(
            self.tr("Turn %1 · seed %2 · %3 sept and %4 combat cards left")
            .replace("%1", str(self.hand.turn))
            .replace("%2", odds.format_seed(self.hand.seed))
            .replace("%3", str(len(self.hand.library("sept"))))
            .replace("%4", str(len(self.hand.library("combat"))))
        )


def _fit_rows(table: QTableWidget) -> None:
    """Compact rows and a height that shows every row, so the tab scrolls as one page instead of per table."""
    table.resizeRowsToContents()
    height = table.horizontalHeader().height() + 2 * table.frameWidth()
    height += sum(table.rowHeight(row) for row in range(table.rowCount()))
    table.setFixedHeight(height + 2)

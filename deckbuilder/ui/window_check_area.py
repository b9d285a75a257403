"""The deck check, a part of the window: the tabs of legality, statistics, notes, fix-it hints and draw odds."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from deckbuilder.games.loader import shipped_game
from deckbuilder.i18n import render
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.fixhints_panel import FixHintsPanel
from deckbuilder.ui.legality_panel import LegalityPanel
from deckbuilder.ui.notes import NotesEditor
from deckbuilder.ui.odds_view import OddsView

if TYPE_CHECKING:
    from deckbuilder.fixhints import FixHint
    from deckbuilder.ui.stats import DeckStatsView

log = logging.getLogger(__name__)


class CheckArea(QObject):
    """The deck check's tabs over the controller's deck: notes and fix-it hints are edits, the rest show the deck."""

    def __init__(self, parent: QObject, controller: DeckController, games: DeckGames) -> None:
        super().__init__(parent)
        self.controller = controller
        self.games = games
        self.legality = LegalityPanel()
        # The statistics tab (charts) is built the first time it is shown: most sessions never open it.
        self.stats_page = QWidget()
        self.stats_page.setObjectName("statsPage")
        QVBoxLayout(self.stats_page).setContentsMargins(0, 0, 0, 0)
        self._stats_view: DeckStatsView | None = None
        self._stats_stale = True
        self.tabs = QTabWidget()
        self.tabs.setObjectName("reportTabs")
        self.tabs.addTab(self.legality, self.tr("Legality"))
        self.tabs.addTab(self.stats_page, self.tr("Statistics"))
        self.tabs.currentChanged.connect(lambda _index: self.update_stats_if_shown())
        self.notes_view = NotesEditor()
        self.notes_view.notes_edited.connect(controller.set_notes)
        self.tabs.addTab(self.notes_view, self.tr("Notes"))
        self.fix_panel = FixHintsPanel(games.db)
        self.fix_panel.setObjectName("fixHints")
        self.fix_panel.apply_requested.connect(self.apply_fix_hint)
        self.tabs.addTab(self.fix_panel, self.tr("Fix it"))
        self.odds_view = OddsView(games.db)
        self.odds_view.setObjectName("drawOdds")
        self.tabs.addTab(self.odds_view, self.tr("Draw odds"))
        controller.report_changed.connect(self.legality.show_report)

    def page_keys(self) -> dict[int, str]:
        """Each tab's index by the key its height is remembered under (check_space.CheckSpace)."""
        pages = (
            (self.legality, "legality"),
            (self.stats_page, "statistics"),
            (self.notes_view, "notes"),
            (self.fix_panel, "fix"),
            (self.odds_view, "odds"),
        )
        return {self.tabs.indexOf(page): key for page, key in pages}

    def apply_fix_hint(self, hint: FixHint) -> None:
        """Apply a fix-it hint as one undo step."""
        self.controller.apply_changes(render(hint), hint.changes)

    def commit_pending_edits(self) -> None:
        """Turn notes still being typed into an edit, so that saves, exports and autosaves include them."""
        self.notes_view.flush()

    @property
    def stats(self) -> DeckStatsView:
        """The statistics view (a DeckStatsView), built on first use."""
        if self._stats_view is None:
            from deckbuilder.ui.stats import DeckStatsView

            self._stats_view = DeckStatsView()
            layout = self.stats_page.layout()
            assert layout is not None
            layout.addWidget(self._stats_view)
        return self._stats_view

    def show_deck(self) -> None:
        """The deck changed: its notes, fix-it hints and draw odds now; its statistics when they are on screen."""
        deck = self.controller.deck
        self.notes_view.show_notes(deck.notes)
        try:
            pool = self.games.deck_pool()
            self.fix_panel.show_deck(deck, self.controller.report, pool)
            self.odds_view.show_deck(deck, pool)
        except Exception:  # these panels are helpers; a failure must not stop the deck from showing
            log.exception("fix hints or odds failed")
        self._stats_stale = True
        self.update_stats_if_shown()

    def update_stats_if_shown(self) -> None:
        """Recount the statistics tab when it is on screen; a hidden tab is recounted when it is shown."""
        if not self._stats_stale or not self.stats_page.isVisible():
            return
        self._stats_stale = False
        try:
            game = self.games.deck_game() or shipped_game()
            report = self.controller.report
            # The deck as its latest check resolved it: the charts count what the verdict counted, resolved once.
            resolved = report.resolved if report is not None else None
            found = resolved if resolved is not None and resolved.game == game.name else None
            self.stats.show_deck(game, self.controller.deck, found, report, self.games.deck_pool())
        except Exception:  # statistics must never block editing
            log.exception("statistics failed")

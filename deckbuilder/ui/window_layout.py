"""The window's layout, a part of it: geometry, docks and splitters remembered between runs; first sizes at 1280×720."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter, QTabWidget

from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.check_space import CheckSpace
from deckbuilder.ui.deck_view import DeckView

# Versioned: the deck splitter gained the "Starting in play" pane, and sizes saved for the old panes would land one
# pane off.
DECK_SPLITTER_KEY = "window/deckSplitter2"


class WindowLayout(QObject):
    """Where the window's parts sit: restored at start, remembered at close, sized by default when first shown."""

    def __init__(
        self,
        window: QMainWindow,
        settings: QSettings,
        splitter: QSplitter,
        browser: CardBrowser,
        deck_view: DeckView,
        card_dock: QDockWidget,
        report_dock: QDockWidget,
        report_tabs: QTabWidget,
        check_space: CheckSpace,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.settings = settings
        self.splitter = splitter  # the browser beside the deck
        self.browser = browser
        self.deck_view = deck_view
        self.card_dock = card_dock
        self.report_dock = report_dock
        self.report_tabs = report_tabs
        self.check_space = check_space
        self._first_shown = False

    def restore(self) -> None:
        """The geometry, docks and splitters the player left at the last close, when there are any."""
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.window.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.window.restoreState(state)
        for key, splitter in (
            ("window/mainSplitter", self.splitter),
            (DECK_SPLITTER_KEY, self.deck_view.splitter),
        ):
            value = self.settings.value(key)
            if isinstance(value, QByteArray) and not value.isEmpty():
                splitter.restoreState(value)

    def remember(self) -> None:
        """Remember geometry, dock layout and splitter positions."""
        self.check_space.remember()
        self.settings.setValue("window/geometry", self.window.saveGeometry())
        self.settings.setValue("window/state", self.window.saveState())
        self.settings.setValue("window/mainSplitter", self.splitter.saveState())
        self.settings.setValue(DECK_SPLITTER_KEY, self.deck_view.splitter.saveState())
        self.settings.sync()

    def shown(self) -> None:
        """The window is on screen: the first time, size the docks (a saved layout wins over these defaults)."""
        if self._first_shown:
            return
        # Docks only take sizes once the window is laid out.
        self._first_shown = True
        window = self.window
        if self.settings.value("window/state") is None:
            # At 1280×720: a browser wide enough for set names, a deck wide enough for its columns, and a
            # card pane whose scans are about 185 px wide (each side of a Character) above the deck check.
            # ... and wide enough for every deck check tab title on one row (Portuguese's are longer) while that
            # costs the deck little; past that the titles wrap onto two rows (check_space.WrappedTabs).
            titles = self.report_tabs.tabBar().sizeHint().width() + 4
            right = max(380, round(window.width() * 0.30), min(titles, round(window.width() * 0.34)))
            window.resizeDocks([self.card_dock], [right], Qt.Orientation.Horizontal)
            tall = self.splitter.height()
            window.resizeDocks(
                [self.card_dock, self.report_dock],
                [round(tall * 0.7), round(tall * 0.3)],
                Qt.Orientation.Vertical,
            )
            middle = window.width() - right
            # A wide window gives the browser what the deck does not need (its Type column then shows whole).
            browser = max(round(middle * 0.36), min(middle - 720, round(middle * 0.5)))
            # Its filters two to a row while that leaves the deck half (larger text: one to a row, narrower);
            # a little over, as the docks settle a few pixels wider than asked.
            browser = max(browser, min(self.browser.filters_width() + 12, round(middle * 0.5)))
            self.splitter.setSizes([browser, middle - browser])
        QTimer.singleShot(0, self.deck_view.fit_sections_to_content)
        QTimer.singleShot(0, self.check_space.apply)

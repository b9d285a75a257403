"""The right side's height follows the deck check tab the player is on: each tab keeps its own share of it."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabWidget

# Share of the right side's height the deck check takes on a tab the player has not sized yet: the verdict and
# the notes read in a third, the fixes, odds and charts need most of it (the card is then shown smaller).
SMALL_SHARE = 0.3
LARGE_SHARE = 0.62
SMALL_TABS = frozenset({"legality", "notes"})
SETTINGS_GROUP = "window/checkShare"


def tidy_tab_bar(tabs: QTabWidget) -> None:
    """Tab titles whole ("Chances de compra", never "Chan…"): arrows scroll to the tabs that do not fit."""
    bar = tabs.tabBar()
    bar.setElideMode(Qt.TextElideMode.ElideNone)
    bar.setUsesScrollButtons(True)
    bar.setExpanding(False)


class CheckSpace(QObject):
    """Gives the deck check dock each tab's remembered share of the height it shares with the card dock."""

    def __init__(
        self,
        window: QMainWindow,
        card_dock: QDockWidget,
        check_dock: QDockWidget,
        tabs: QTabWidget,
        keys: dict[int, str],
        settings: QSettings,
    ) -> None:
        super().__init__(window)
        self.window, self.card_dock, self.check_dock = window, card_dock, check_dock
        self.tabs, self.keys, self.settings = tabs, keys, settings
        self._current = tabs.currentIndex()
        # Nothing is remembered before the first share is given (the window's first layout is not the player's).
        self._settled = False
        tabs.currentChanged.connect(self.switch_to)

    def _stacked(self) -> bool:
        # Only two docks one above the other on the same side share a height.
        return (
            self.card_dock.isVisible()
            and self.check_dock.isVisible()
            and not self.card_dock.isFloating()
            and not self.check_dock.isFloating()
            and self.window.dockWidgetArea(self.card_dock) == self.window.dockWidgetArea(self.check_dock)
            and self.card_dock.x() == self.check_dock.x()
        )

    def share(self) -> float:
        """The deck check's share of the height it shares with the card pane now."""
        total = self.card_dock.height() + self.check_dock.height()
        return self.check_dock.height() / total if total else 0.0

    def share_of(self, index: int) -> float:
        """The share a tab is given: the one the player left it at, else its default."""
        key = self.keys.get(index, "")
        default = SMALL_SHARE if key in SMALL_TABS else LARGE_SHARE
        value = self.settings.value(f"{SETTINGS_GROUP}/{key}")
        try:
            share = float(value) if value is not None else default
        except (TypeError, ValueError):
            share = default
        return min(0.85, max(0.15, share))

    def remember(self) -> None:
        """Keep the share the current tab is at (the window closes, or another tab is chosen)."""
        if self._settled and self._stacked() and self._current in self.keys:
            self.settings.setValue(f"{SETTINGS_GROUP}/{self.keys[self._current]}", round(self.share(), 3))

    def switch_to(self, index: int) -> None:
        """Remember the share the last tab was left at, and give the new tab its own."""
        self.remember()
        self._current = index
        self.apply()

    def apply(self) -> None:
        """Give the current tab its share (a restored layout holds the share of the tab shown at closing)."""
        if not self._stacked():
            return
        self._settled = True
        card, check = self.card_dock.height(), self.check_dock.height()
        wanted = round((card + check) * (1 - self.share_of(self._current)))
        asked = wanted
        # Qt adds the title bars and the tab bar the deck check shares with History to what it is asked for:
        # ask, measure, and ask again by what it was off.
        for _attempt in range(3):
            self.window.resizeDocks(
                [self.card_dock, self.check_dock], [asked, card + check - asked], Qt.Orientation.Vertical
            )
            layout = self.window.layout()
            if layout is not None:
                layout.activate()
            off = self.card_dock.height() - wanted
            if abs(off) <= 2:
                break
            asked -= off

"""The right side's height follows the deck check tab the player is on: each tab keeps its own share of it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QDockWidget,
    QMainWindow,
    QSizePolicy,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from deckbuilder.ui.flow import FlowLayout

# Share of the right side's height the deck check takes on a tab the player has not sized yet: the verdict and
# the notes read in a third, the fixes, odds and charts need most of it (the card is then shown smaller).
SMALL_SHARE = 0.3
LARGE_SHARE = 0.62
SMALL_TABS = frozenset({"legality", "notes"})
SETTINGS_GROUP = "window/checkShare"


def tidy_tab_bar(tabs: QTabWidget) -> None:
    """Tab titles whole ("Chances de compra", never "Chan…"): a bar that does not fit scrolls (or, in WrappedTabs,
    gives way to wrapping rows)."""
    bar = tabs.tabBar()
    bar.setElideMode(Qt.TextElideMode.ElideNone)
    bar.setUsesScrollButtons(True)
    bar.setExpanding(False)


class TabRows(QWidget):
    """A tab widget's titles as buttons that wrap onto as many rows as they need: shown in place of its tab bar
    when the bar is wider than the tab widget (a larger text size, a narrow dock), so every title stays whole."""

    def __init__(self, tabs: QTabWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tabs = tabs
        self.setObjectName(f"{tabs.objectName()}Rows")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.flow = FlowLayout(self, spacing=2)
        self.flow.setContentsMargins(2, 2, 2, 2)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: list[QToolButton] = []
        self.group.idClicked.connect(tabs.setCurrentIndex)
        tabs.currentChanged.connect(self._check_current)
        self.sync()

    def sync(self) -> None:
        """One button per tab, with the tab's title and visibility, the current tab's checked."""
        while len(self.buttons) < self.tabs.count():
            button = QToolButton()
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            self.group.addButton(button, len(self.buttons))
            self.flow.addWidget(button)
            self.buttons.append(button)
        for index, button in enumerate(self.buttons):
            title = self.tabs.tabText(index) if index < self.tabs.count() else ""
            if button.text() != title:
                button.setText(title)
            button.setVisible(bool(title) and self.tabs.isTabVisible(index))
        self._check_current(self.tabs.currentIndex())

    def _check_current(self, index: int) -> None:
        if 0 <= index < len(self.buttons):
            self.buttons[index].setChecked(True)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self.flow.heightForWidth(width)

    def sizeHint(self) -> QSize:
        hint = self.flow.sizeHint()
        return QSize(
            hint.width(), self.flow.heightForWidth(max(self.width(), self.flow.minimumSize().width()))
        )


class WrappedTabs(QWidget):
    """A tab widget with its titles above it: its own tab bar when that fits, else the wrapping TabRows."""

    def __init__(self, tabs: QTabWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tabs = tabs
        self.rows = TabRows(tabs)
        self.rows.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.rows)
        layout.addWidget(tabs, 1)
        # A title that changed or a tab shown or hidden (the card images' piles) lays the tab widget out again.
        tabs.tabBar().installEventFilter(self)
        tabs.installEventFilter(self)
        self.rows.installEventFilter(self)  # its buttons' font grew: the rows need more height

    def wrapped(self) -> bool:
        """True when the titles are shown as wrapping rows instead of the tab bar."""
        return not self.rows.isHidden()

    def _fit(self) -> None:
        self.rows.sync()
        wrap = self.tabs.tabBar().sizeHint().width() > self.width()
        if wrap != self.wrapped():
            self.rows.setVisible(wrap)
            self.tabs.tabBar().setVisible(not wrap)
            # QTabWidget lays its bar out only when asked: without it the page keeps the bar's space.
            self.tabs.setDocumentMode(self.tabs.documentMode())
        if wrap:
            self.rows.setFixedHeight(self.rows.heightForWidth(self.width()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # A title that changed, or a larger text size, changes what the bar needs.
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.LayoutRequest):
            QTimer.singleShot(0, self, self._fit)
        return False

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            QTimer.singleShot(0, self, self._fit)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()


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
        # The share the current tab was given, as laid out: a share within a few pixels of it is not the player's.
        self._given: float | None = None
        tabs.currentChanged.connect(self.switch_to)
        # A larger text size grows what the deck check needs after its share was given: Qt's docks do not grow by
        # themselves when their minimum does.
        check_dock.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.check_dock and event.type() == QEvent.Type.LayoutRequest:
            QTimer.singleShot(0, self, self._keep_minimum)
        return False

    def _keep_minimum(self) -> None:
        missing = self.check_dock.minimumSizeHint().height() - self.check_dock.height()
        if missing > 0 and self._stacked():
            self._give(self.card_dock.height() - missing, self.card_dock.height() + self.check_dock.height())

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
        if not (self._settled and self._stacked() and self._current in self.keys):
            return
        total = self.card_dock.height() + self.check_dock.height()
        if self._given is not None and abs(self.share() - self._given) * total <= 3:
            return  # untouched: saving Qt's rounding would creep the share a little every session
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
        self._give(wanted, card + check)
        # A page whose wrapped lines need more height than its share (the notes' hint at a large text size): the
        # deck check grows by what is missing rather than squeeze the page below its minimum.
        page = self.tabs.currentWidget()
        # Measured on the stack of pages: a page just chosen has not been given its size yet.
        stack = page.parentWidget() if page is not None else None
        short = _minimum_height(page, stack.width()) - stack.height() if page is not None and stack else 0
        # Nor below the dock's own minimum (Qt gives a dock less when asked for less).
        short = max(short, self.check_dock.minimumSizeHint().height() - self.check_dock.height())
        if short > 0:
            self._give(self.card_dock.height() - short, card + check)
        self._given = self.share()

    def _give(self, wanted: int, total: int) -> None:
        """Make the card pane `wanted` high (as near as the docks' minimum heights let it)."""
        asked = wanted
        # Qt adds the title bars and the tab bar the deck check shares with History to what it is asked for:
        # ask, measure, and ask again by what it was off.
        for _attempt in range(3):
            self.window.resizeDocks(
                [self.card_dock, self.check_dock], [asked, total - asked], Qt.Orientation.Vertical
            )
            layout = self.window.layout()
            if layout is not None:
                layout.activate()
            off = self.card_dock.height() - wanted
            if abs(off) <= 2:
                break
            asked = max(1, min(total - 1, asked - off))


def _minimum_height(page: QWidget, width: int) -> int:
    """The least height a page's own layout needs at its width (wrapped labels counted at their lines)."""
    layout = page.layout()
    if layout is None or not layout.hasHeightForWidth() or not isinstance(layout, QVBoxLayout):
        return 0
    margins = layout.contentsMargins()
    width -= margins.left() + margins.right()
    items = [layout.itemAt(i) for i in range(layout.count())]
    shown = [item for item in items if item is not None and not item.isEmpty()]
    heights = [
        item.heightForWidth(width) if item.hasHeightForWidth() else item.minimumSize().height()
        for item in shown
    ]
    return sum(heights) + max(0, layout.spacing()) * max(0, len(shown) - 1) + margins.top() + margins.bottom()

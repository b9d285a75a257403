"""The window by keyboard alone: the actions that move between its parts and act on the deck list's selection,
View → Text size and Theme, and Help → Keyboard shortcuts (keys from ui/shortcuts.py, the one list)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QItemSelectionModel, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
    QMenu,
    QTableView,
    QTabWidget,
    QWidget,
)

from carddb.cardtypes import Section
from carddb.model import CardInfo
from deckbuilder.ui.accessibility import name_widgets_when_read
from deckbuilder.ui.browser import CardBrowser
from deckbuilder.ui.check_space import CheckSpace
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_view import DeckView
from deckbuilder.ui.fixhints_panel import FixHintsPanel
from deckbuilder.ui.shortcuts import matches, sequences
from deckbuilder.ui.theme import THEME_LABELS, THEMES, Appearance, fit_rows_to_text, refresh_fonts
from deckbuilder.ui.translation import fill
from deckbuilder.ui.window_prompts import Prompts

if TYPE_CHECKING:
    from deckbuilder.deck import Deck
    from deckbuilder.ui.shortcuts_dialog import ShortcutsDialog


class _SearchBoxKeys(QObject):
    """Down in the search box goes to the first card result (Qt's line edit ignores Down)."""

    def __init__(self, box: QWidget, results: QTableView) -> None:
        super().__init__(box)
        self.results = results
        box.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and matches(event, "to_results")
        ):
            _focus_table(self.results)
            return True
        return False


def _focus_table(table: QTableView) -> None:
    """Focus a table with a current, selected row (the first when none is)."""
    table.setFocus(Qt.FocusReason.ShortcutFocusReason)
    model = table.model()
    if not model.rowCount() or table.selectionModel().hasSelection():
        return
    current = table.currentIndex()
    table.selectionModel().setCurrentIndex(
        current if current.isValid() else model.index(0, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )


class KeyboardActions(QObject):
    """Keyboard actions over the deck list, the deck check's tabs, the text size and the theme."""

    def __init__(
        self,
        window: QMainWindow,
        controller: DeckController,
        settings: QSettings,
        browser: CardBrowser,
        deck_view: DeckView,
        deck_tabs: QTabWidget,
        report_tabs: QTabWidget,
        report_dock: QDockWidget,
        check_space: CheckSpace,
        prompts: Prompts,
    ) -> None:
        super().__init__(window)
        self.window = window  # the actions' owner; its tables follow the text size
        self.controller = controller
        self.settings = settings
        self.browser = browser
        self.deck_view = deck_view
        self.deck_tabs = deck_tabs
        self.report_tabs = report_tabs
        self.report_dock = report_dock
        self.check_space = check_space
        self.prompts = prompts  # not interactive: the shortcuts dialog is shown, not run modally
        self.theme_actions: dict[str, QAction] = {}

    def _keyed(
        self, menu: QMenu, text: str, shortcut_id: str, slot: Callable[[], object], name: str
    ) -> QAction:
        action = QAction(text, self.window)
        action.setShortcuts(sequences(shortcut_id))
        action.setObjectName(name)
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def build(self, edit_menu: QMenu, view_menu: QMenu, help_menu: QMenu) -> None:
        """Add the keyboard actions to Edit, Text size and Theme to View, Keyboard shortcuts to Help."""
        edit_menu.addSeparator()
        self._keyed(
            edit_menu, self.tr("Go to the &deck list"), "deck", self.focus_deck_list, "actionGoToDeck"
        )
        self._keyed(
            edit_menu, self.tr("&Next pile"), "next_pile", lambda: self.focus_pile(1), "actionNextPile"
        )
        self._keyed(
            edit_menu,
            self.tr("Pre&vious pile"),
            "previous_pile",
            lambda: self.focus_pile(-1),
            "actionPreviousPile",
        )
        self._keyed(
            edit_menu,
            self.tr("Start &in play"),
            "start_in_play",
            lambda: self.move_selection(True),
            "actionStartInPlay",
        )
        self._keyed(
            edit_menu,
            self.tr("Return to sep&t deck"),
            "return_to_sept",
            lambda: self.move_selection(False),
            "actionReturnToSept",
        )
        self._keyed(
            edit_menu,
            self.tr("Go to the &legality results"),
            "legality",
            self.focus_legality,
            "actionLegality",
        )
        self._keyed(edit_menu, self.tr("Go to Fi&x it"), "fix", self.focus_fix_it, "actionFixIt")
        _SearchBoxKeys(self.browser.query_edit, self.browser.table)

        built_font = QApplication.font()
        self.appearance = Appearance(self.settings, self.window)
        # The tables were built with the desktop's font: their rows follow the remembered text size. The new font
        # reaches them by a posted event, so each still measures its margin around the text in the font it was
        # built with. At the desktop's size (most starts) nothing changes: no walk over the window's tables.
        font_changed = QApplication.font() != built_font
        if font_changed:
            self._remember_row_margins()
        # The remembered font and palette reach the widgets by posted events: deliver them now, so that the first
        # layout (the docks' default widths) is measured in the text size the player chose.
        for kind in (QEvent.Type.ApplicationFontChange, QEvent.Type.ApplicationPaletteChange):
            QCoreApplication.sendPostedEvents(None, kind)
        if font_changed:
            refresh_fonts(self.window)
            self.fit_rows_to_font()
        size_menu = view_menu.addMenu(self.tr("&Text size"))
        size_menu.setObjectName("menuTextSize")
        self._keyed(
            size_menu,
            self.tr("&Larger"),
            "text_larger",
            lambda: self.text_size(step=1),
            "actionTextLarger",
        )
        self._keyed(
            size_menu,
            self.tr("&Smaller"),
            "text_smaller",
            lambda: self.text_size(step=-1),
            "actionTextSmaller",
        )
        self._keyed(
            size_menu,
            self.tr("&Default"),
            "text_default",
            lambda: self.text_size(percent=100),
            "actionTextDefault",
        )
        theme_menu = view_menu.addMenu(self.tr("T&heme"))
        theme_menu.setObjectName("menuTheme")
        for theme in THEMES:
            action = theme_menu.addAction(self.tr(THEME_LABELS[theme]))
            action.setCheckable(True)
            action.setObjectName(f"actionTheme-{theme}")
            action.triggered.connect(lambda _checked=False, t=theme: self._theme_chosen(t))
            self.theme_actions[theme] = action
        theme_menu.aboutToShow.connect(self._tick_theme)
        self._tick_theme()

        self._name_piles()
        self.deck_view.sections_rebuilt.connect(self._name_piles)
        name_widgets_when_read(self.window)
        # The statistics, the card images and Fix it's rows are built when first shown: named then.
        self.report_tabs.currentChanged.connect(lambda _index: name_widgets_when_read(self.report_tabs))
        self.deck_view.sections_rebuilt.connect(lambda: name_widgets_when_read(self.deck_view))
        self.deck_tabs.currentChanged.connect(lambda _index: name_widgets_when_read(self.deck_tabs))

        self._keyed(
            help_menu, self.tr("&Keyboard shortcuts"), "shortcuts", self.show_shortcuts, "actionShortcuts"
        )

    def _name_piles(self) -> None:
        """A screen reader names each pile's table by the pile's title."""
        for key, table in self.deck_view.tables.items():
            table.setAccessibleName(self.deck_view.section_title(key))

    def text_size(self, step: int = 0, percent: int | None = None) -> None:
        """View → Text size: a step larger or smaller, or a size in per cent; the window follows."""
        self._remember_row_margins()  # tables built since the last change, in the font still in force
        if percent is not None:
            self.appearance.set_text_size(percent)
        else:
            self.appearance.step_text(step)
        QTimer.singleShot(0, self, self._fit_to_text)  # after the new font has reached the widgets

    def _fit_to_text(self) -> None:
        refresh_fonts(self.window)
        self.fit_rows_to_font()
        # The deck check's pages need more height for the same lines: its tab's share is given again.
        QTimer.singleShot(0, self, self.check_space.apply)
        # The deck check's tab titles grow with the text: its dock widens to keep them on one row while that costs
        # the deck little (a third of the window); past that they wrap onto two rows (check_space.WrappedTabs).
        bar = self.report_tabs.tabBar()
        wanted = min(bar.sizeHint().width() + 4, round(self.window.width() * 0.34))
        missing = wanted - self.report_dock.width()
        if missing > 0 and self.report_dock.isVisible():
            self.window.resizeDocks(
                [self.report_dock], [self.report_dock.width() + missing], Qt.Orientation.Horizontal
            )

    def _remember_row_margins(self) -> None:
        """Each table's margin around its text in the font it was built with (one pass, before the font changes)."""
        for table in self.window.findChildren(QTableView):
            if table.property("rowMargin") is None:
                margin = table.verticalHeader().defaultSectionSize() - table.fontMetrics().height()
                table.setProperty("rowMargin", margin)

    def fit_rows_to_font(self) -> None:
        """Rows as tall as the text in force: each table keeps the margin it was built with around its text."""
        for table in self.window.findChildren(QTableView):
            fit_rows_to_text(table)

    def _theme_chosen(self, theme: str) -> None:
        self.appearance.set_theme(theme)
        self._tick_theme()
        # The deck list's tint is read from the palette, which reaches the widgets by posted events: after them.
        QTimer.singleShot(0, self, self.controller.recheck)

    def _tick_theme(self) -> None:
        for theme, action in self.theme_actions.items():
            action.setChecked(theme == self.appearance.theme)

    def show_shortcuts(self) -> ShortcutsDialog:
        """Help → Keyboard shortcuts (modal when interactive)."""
        from deckbuilder.ui.shortcuts_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if self.prompts.interactive:
            dialog.exec()
        else:
            dialog.show()
        return dialog

    def _shown_piles(self) -> list[QTableView]:
        view = self.deck_view
        return [
            table
            for key, table in view.tables.items()
            if view.section_boxes.get(key, table).isVisibleTo(view)
        ]

    def focus_deck_list(self) -> None:
        """Focus the pile last used (else the first with cards) in the deck list."""
        self.deck_tabs_to_list()
        piles = self._shown_piles()
        current = next((t for t in piles if t.hasFocus() or t.currentIndex().isValid()), None)
        current = current or next((t for t in piles if t.model().rowCount()), piles[0] if piles else None)
        if current is not None:
            _focus_table(current)

    def deck_tabs_to_list(self) -> None:
        """Show the deck as lists (not as card images)."""
        tabs = self.deck_view.parentWidget()
        while tabs is not None and not isinstance(tabs, QTabWidget):
            tabs = tabs.parentWidget()
        if tabs is not None:
            tabs.setCurrentWidget(self.deck_view)

    def focus_pile(self, step: int) -> None:
        """Focus the next (1) or previous (-1) pile of the deck list, wrapping round."""
        piles = self._shown_piles()
        if not piles:
            return
        focused = next((i for i, t in enumerate(piles) if t.hasFocus()), -1 if step > 0 else 0)
        _focus_table(piles[(focused + step) % len(piles)])

    def move_selection(self, to_starting: bool) -> None:
        """Start one copy of each selected sept card in play, or return one of each starting card to the sept: one
        undo step for the whole selection."""
        moves = [
            (row.entry.name, row.entry.set_name)
            for row in self.deck_view.current_rows()  # the pile the player is in acts, from a key or a menu
            if (
                to_starting
                and not row.starting
                and isinstance(row.card, CardInfo)
                and row.card.section is Section.SEPT
            )
            or (not to_starting and row.starting)
        ]
        if len(moves) == 1:
            name, set_name = moves[0]
            if to_starting:
                self.controller.start_in_play(name, set_name, 1)
            else:
                self.controller.return_to_sept(name, set_name, 1)
        elif moves:
            if to_starting:
                label = fill(QCoreApplication.translate("DeckCommand", "Start %1 cards in play"), len(moves))
            else:
                label = fill(
                    QCoreApplication.translate("DeckCommand", "Return %1 cards to sept deck"), len(moves)
                )

            def move_all(deck: Deck) -> None:
                for name, set_name in moves:
                    if to_starting:
                        deck.move_to_starting(name, set_name, 1)
                    else:
                        deck.move_from_starting(name, set_name, 1)

            self.controller.edit(label, move_all)

    def _show_check_tab(self, page: QWidget) -> None:
        self.report_dock.show()
        self.report_dock.raise_()
        self.report_tabs.setCurrentWidget(page)

    def focus_legality(self) -> None:
        """Show the legality results and focus their list."""
        legality = self.report_tabs.widget(0)
        if legality is None:
            return
        self._show_check_tab(legality)
        target = legality.findChild(QWidget, "legalityList")
        (target or legality).setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_fix_it(self) -> None:
        """Show Fix it and focus its first Apply button (Tab moves to the next, Space applies); while its hints are
        worked out, the first button of the hints when they arrive."""
        panel = self.window.findChild(FixHintsPanel, "fixHints")
        if panel is None:
            return
        self._show_check_tab(panel)
        panel.focus_first_fix()

"""Card data in the window, a part of it: importing it, the demo banner and demo cards, the start deck."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QWidget,
)

from deckbuilder.deck import Deck
from deckbuilder.ui.deck_controller import DeckController
from deckbuilder.ui.deck_games import DeckGames
from deckbuilder.ui.translation import fill
from deckbuilder.ui.window_files import DeckFiles, is_bundled
from deckbuilder.ui.window_prompts import Prompts

if TYPE_CHECKING:
    from deckbuilder.games.description import Game

log = logging.getLogger(__name__)


class DemoBanner(QFrame):
    """Shown while the database holds only the demo set: offers to import real card data."""

    def __init__(
        self, on_plugin: Callable[[], None], on_file: Callable[[], None], parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.setObjectName("demoBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(self.palette().ColorRole.AlternateBase)
        self.label = label = QLabel(
            self.tr(
                "You are browsing the small <b>demo card set</b>. Import a LackeyCCG Rage plugin or a card data "
                "file to build with the full card pool."
            )
        )
        label.setWordWrap(True)
        # Shown only when a Lackey Rage plugin was found on this computer (first run of the packaged app).
        self.found_button = QPushButton()
        self.found_button.hide()
        self.found_plugin: Path | None = None
        plugin = QPushButton(self.tr("Import Lackey plugin…"))
        plugin.clicked.connect(on_plugin)
        data_file = QPushButton(self.tr("Import card file…"))
        data_file.clicked.connect(on_file)
        close = QToolButton()
        close.setText("✕")
        close.setToolTip(self.tr("Hide this message"))
        close.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(label, 1)
        layout.addWidget(self.found_button)
        layout.addWidget(plugin)
        layout.addWidget(data_file)
        layout.addWidget(close)

    def offer_found_plugin(self, folder: Path, on_import: Callable[[], None]) -> None:
        """Point the player at a Lackey Rage plugin found on this computer, with a one-click import."""
        self.found_plugin = folder
        self.label.setText(
            fill(
                self.tr(
                    "You are browsing the small <b>demo card set</b>. A LackeyCCG Rage plugin was found at <b>%1</b>: import it to build with the full card pool."
                ),
                str(html.escape(str(folder))),
            )
        )
        self.found_button.setText(self.tr("Import found plugin"))
        self.found_button.clicked.connect(on_import)
        self.found_button.show()


class CardData(QObject):
    """Import card data, offer to remove demo cards, open the demo deck at start; owns the demo banner."""

    # Cards were imported: True when the card database's own cards changed (the browser reads them again), False
    # for another game's cards. The deck is checked again and the card on show looked up again.
    cards_imported = Signal(bool)

    def __init__(
        self,
        window: QWidget,
        controller: DeckController,
        games: DeckGames,
        files: DeckFiles,
        prompts: Prompts,
        show_demo_banner: bool = False,
    ) -> None:
        super().__init__(window)
        self.window = window  # the import dialogs' parent
        self.controller = controller
        self.db = games.db
        self.games = games
        self.files = files  # the demo deck is opened, or closed, as any deck file is
        self.prompts = prompts
        self.banner = DemoBanner(
            lambda: self.import_card_data(folder=True), lambda: self.import_card_data(folder=False)
        )
        self.banner.setVisible(show_demo_banner)

    def import_card_data(
        self, path: Path | None = None, folder: bool = True, game: Game | None = None
    ) -> Any:
        """Import a plugin folder / card file with progress and Cancel; the browser and deck refresh after.

        A CSV file (or `game` given) is a game's card data: the game is asked for among those whose cards are
        owned by name, and its cards imported as `ragedeck import-cards --game` does.
        """
        from deckbuilder.ui.import_dialog import run_game_import, run_import_dialog

        if path is None:
            path = self.prompts.ask_import_path(folder)
            if path is None:
                return None
        if game is None and path.suffix.casefold() == ".csv" and not path.is_dir():
            game = self.prompts.ask_card_game(path, self.card_data_games())
            if game is None:
                return None
        if game is not None:
            result = run_game_import(self.window, self.db, game, path)
            self.games.forget_pools()
            self.cards_imported.emit(False)  # the game's card list is read again, whatever pool comes back
            return result
        report = run_import_dialog(self.window, self.db, path)
        self.db.invalidate_caches()
        self.games.forget_pools()
        if report is not None:
            self.offer_demo_removal()
        # A card on show may have changed with the import, or gone with the demo cards.
        self.cards_imported.emit(True)
        if report is not None and self.db.card_count():
            self.banner.hide()
        return report

    def import_game_cards(self) -> Any:
        """File → Import card data → another game's card data: a CSV file, then which game it is."""
        path = self.prompts.ask_game_card_path()
        return self.import_card_data(path, folder=False) if path is not None else None

    def card_data_games(self) -> list[Game]:
        """The installed games whose card data is imported by the game's columns (not by a source that stores its own
        cards, as Rage's plugin import does): a CSV file is offered to them."""
        from deckbuilder.games.cardimport import GameCardImportError, stores_own_cards
        from deckbuilder.games.loader import available_games

        def by_columns(game: Game) -> bool:
            try:
                return not stores_own_cards(game)
            except GameCardImportError:  # a kind of card data this version cannot read
                return False

        return [game for game in available_games() if by_columns(game)]

    def offer_demo_removal(self) -> int:
        """With real card data in, offer to delete the invented demo cards (no format accepts them); how many went."""
        from carddb.demo import demo_cards_barred, has_demo_cards, remove_demo_cards

        try:
            if not has_demo_cards(self.db) or not demo_cards_barred(self.db.set_names()):
                return 0
            if not self.prompts.ask_remove_demo():
                return 0
            removed = remove_demo_cards(self.db)
        except Exception as exc:  # the database may be read-only or busy: the import itself went through
            log.exception("cannot remove the demo cards")
            self.prompts.notify(
                self.tr("Demo cards"),
                self.tr("Cannot remove the demo cards: {0}").format(exc),
            )
            return 0
        source = self.controller.document.source
        if source is not None and is_bundled(source) and not self.controller.is_dirty():
            # Every card of the untouched demo deck was a demo card: kept open it would be nothing but unresolved
            # rows. The bundled file stays, and an edited demo deck is the player's own and stays open.
            self.files.set_deck(Deck(name=self.tr("Untitled deck")), None)
            self.prompts.status(
                self.tr("Removed {0} demo cards and closed the demo deck").format(removed), 8000
            )
        else:
            self.prompts.status(self.tr("Removed {0} demo cards").format(removed), 8000)
        return removed

    def open_start_deck(self) -> bool:
        """At start with no deck given or restored: open the demo deck while the database holds the demo pool only."""
        from carddb.demo import demo_cards_barred, demo_deck_path, has_demo_cards

        if not self.controller.deck.is_empty() or self.controller.path is not None:
            return False
        try:
            if not has_demo_cards(self.db) or demo_cards_barred(self.db.set_names()):
                return False
        except Exception:  # an unreadable database opens on an empty deck, as before
            log.exception("cannot look for the demo cards")
            return False
        return self.files.open_deck(demo_deck_path(), ask_first=False, remember=False)

    def offer_found_plugins(self, home: Path | None = None) -> Path | None:
        """If the demo banner is up, look for a Lackey Rage plugin in the usual places and offer it."""
        if self.banner.isHidden():
            return None
        from carddb.lackey_locate import find_lackey_plugins

        found = find_lackey_plugins(home)
        if not found:
            return None
        folder = found[0]
        self.banner.offer_found_plugin(folder, lambda: self.import_card_data(folder=True, path=folder))
        return folder

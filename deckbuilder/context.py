"""A deck's context: its game, card pool, format and settings, made once and handed to every part that reads it.

`DeckContexts` is one per command run, window or report: each game's description (`load_game`) and card pool
(`pool_for`) are read here and nowhere else, once per game, however many decks of it are read. `DeckContext` is one
deck's view of that: the check, resolve, views, exports, odds, fix hints, diff and report read the game, pool,
format and settings from it instead of looking each up again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from carddb.normalize import normalize_name
from carddb.record import FrozenRecord, set_field
from deckbuilder.deck import DEFAULT_GAME, Deck

if TYPE_CHECKING:
    from deckbuilder.games.description import Game, GameFormat
    from deckbuilder.games.resolved import ResolvedDeck
    from deckbuilder.legality.results import Report, Result


class DeckContexts:
    """Every game's description and card pool, each read once, for the decks one run reads (any games)."""

    def __init__(self, db: Any = None, *, batch: bool = False) -> None:
        self.db = db  # the card database (every game's cards); None: each game's shipped set
        # A batch run (`ragedeck check` of a folder) changes no card while it reads: a name one deck looked up is
        # known or unknown for every later deck of its game. Elsewhere (the window imports cards) each deck asks.
        self._names: dict[str, KnownNames] | None = {} if batch else None
        self._games: dict[str, Game | None] = {}
        self._pools: dict[str, tuple[Any, bool]] = {}
        self._candidates: dict[str, list[Any]] = {}
        self._formats: dict[tuple[str, str], tuple[GameFormat | None, list[Result]]] = {}

    def game(self, name: str | None) -> Game:
        """The installed game of this name (the default for none); GameError when it is not installed."""
        from deckbuilder.games.description import GameError
        from deckbuilder.games.loader import load_game

        wanted = (name or DEFAULT_GAME).strip()[:60].casefold()
        if wanted not in self._games:
            try:
                self._games[wanted] = load_game(wanted)
            except GameError:
                self._games[wanted] = None
        found = self._games[wanted]
        if found is None:
            return load_game(wanted)  # raises the loader's GameError, naming the games that are installed
        return found

    def installed(self, name: str | None) -> Game | None:
        """The installed game of this name, or None."""
        from deckbuilder.games.description import GameError

        try:
            return self.game(name)
        except GameError:
            return None

    def pool(self, game: Game) -> Any:
        """Where a deck of `game` looks its names up (Rage's: the card database; any other's: its cards)."""
        return self._pool_entry(game)[0]

    def shipped(self, game: Game) -> bool:
        """True when the database holds none of the game's cards and its shipped card set stands in."""
        return self._pool_entry(game)[1]

    def _pool_entry(self, game: Game) -> tuple[Any, bool]:
        entry = self._pools.get(game.name)
        if entry is None:
            entry = self._pools[game.name] = _pool_for(self.db, game)
        return entry

    def candidates(self, game: Game) -> list[Any]:
        """Every card of the game's pool (what fix hints may suggest), read once."""
        found = self._candidates.get(game.name)
        if found is None:
            found = self._candidates[game.name] = list(self.pool(game).all_cards())
        return found

    def deck_format(self, game: Game, deck: Deck) -> tuple[GameFormat | None, list[Result]]:
        """The format a deck is checked on (its own, else its game's default) and the note saying so, read once."""
        key = (game.name, deck.format)
        if key not in self._formats:
            from deckbuilder.games.check import deck_format

            self._formats[key] = deck_format(game, deck)
        return self._formats[key]

    def forget_cards(self) -> None:
        """Cards were imported: every game's pool is read again on next use."""
        self._pools.clear()
        self._candidates.clear()
        if self._names is not None:
            self._names.clear()

    def forget_games(self) -> None:
        """Games or formats may have been installed or removed: each is read again on next use (its cards kept)."""
        self._games.clear()
        self._formats.clear()

    def of(
        self,
        deck: Deck,
        fmt: GameFormat | str | None = None,
        settings: Mapping[str, int | None] | None = None,
        game: Game | None = None,
    ) -> DeckContext:
        """The context of one deck: its game (or `game`), that game's pool, the format (the deck's own when None)
        and the settings given over the deck's (Rage's Renown level). GameError when its game is not installed."""
        chosen = game if game is not None else self.game(deck.game)
        if isinstance(fmt, str):
            from deckbuilder.games.loader import find_format

            fmt = find_format(chosen, fmt)  # FormatError: the game has no such format
        given = {k: v for k, v in (settings or {}).items() if v is not None}
        return DeckContext(chosen, self.pool(chosen), fmt, given, self.shipped(chosen), self)

    def pool_of(self, deck: Deck) -> Any:
        """Where this deck's names are looked up: its own game's pool (the card database for a game not installed)."""
        game = self.installed(deck.game)
        return self.db if game is None else self.pool(game)

    def known_names(self, deck: Deck) -> KnownNames:
        """This deck's names as its game's pool knows them: in a batch run, shared by every deck of the game."""
        pool = self.pool_of(deck)
        if self._names is None:
            return KnownNames(pool)
        game = self.installed(deck.game)
        found = self._names.get(game.name if game is not None else "")
        if found is None or found.pool is not pool:
            found = self._names[game.name if game is not None else ""] = KnownNames(pool)
        return found


class KnownNames:
    """Whether a pool knows each name, and an unknown name's near names, each looked up once."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self._known: dict[str, bool] = {}  # lookup key -> known
        self._near: dict[str, list[str]] = {}  # name as written -> near names

    def knows(self, name: str, key: str | None = None) -> bool:
        """Whether the pool has a card of this name (`key`: its lookup key, when the caller holds it)."""
        key = normalize_name(name) if key is None else key
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self.pool.lookup(name) is not None
        return known

    def unasked(self, keys: Iterable[str]) -> bool:
        """Whether any of these lookup keys was never looked up here."""
        return any(key not in self._known for key in keys)

    def near(self, name: str) -> list[str]:
        """The pool's near names of an unknown name."""
        found = self._near.get(name)
        if found is None:
            found = self._near[name] = list(self.pool.suggest(name))
        return list(found)


class DeckContext(FrozenRecord):
    """One deck's game, card pool, format (None: the deck's own, chosen by the check) and given settings."""

    __slots__ = _fields = ("game", "pool", "format", "settings", "shipped", "contexts")
    _uncompared = frozenset({"contexts"})
    game: Game
    pool: Any
    format: GameFormat | None
    settings: Mapping[str, int | None]
    shipped: bool  # the database holds none of the game's cards: its shipped set stands in
    contexts: DeckContexts | None

    def __init__(
        self,
        game: Game,
        pool: Any,
        format: GameFormat | None = None,
        settings: Mapping[str, int | None] | None = None,
        shipped: bool = False,
        contexts: DeckContexts | None = None,
    ) -> None:
        set_field(self, "game", game)
        set_field(self, "pool", pool)
        set_field(self, "format", format)
        set_field(self, "settings", {} if settings is None else settings)
        set_field(self, "shipped", shipped)
        set_field(self, "contexts", contexts)

    @property
    def engine(self) -> Any:
        """The game's engine."""
        from deckbuilder.games.engines import ENGINES

        return ENGINES[self.game.engine]

    def check(self, deck: Deck) -> Report:
        """The deck checked by its game's engine on this context's format and settings."""
        from deckbuilder.games.check import check

        return check(deck, self.pool, self.game, self.format, self.settings)

    def resolve(self, deck: Deck, report: Report | None = None) -> ResolvedDeck:
        """The deck resolved to its cards as its game resolves it for a check (the report's resolution when given),
        the cards of its pile without types (a sideboard, Rage's starting list) kept apart by the one resolve step."""
        from deckbuilder.games.check import resolve

        found = report.resolved if report is not None else None
        return found if found is not None else resolve(deck, self.pool, self.game)

    def starting_pile(self) -> tuple[str, str]:
        """The id and (English) label of the game's pile without types, which holds the deck's starting list."""
        pile = self.game.starting_pile()
        return (pile, self.game.pile_label(pile)) if pile is not None else ("starting", "Starting in play")

    def chosen_format(self, deck: Deck) -> tuple[GameFormat | None, list[Result]]:
        """The format the deck is checked on and the note saying its own is not installed."""
        if self.format is not None:
            return self.format, []
        if self.contexts is not None:
            return self.contexts.deck_format(self.game, deck)
        from deckbuilder.games.check import deck_format

        return deck_format(self.game, deck)

    def candidates(self) -> list[Any]:
        """Every card of the game's pool: what fix hints may suggest (read once per run)."""
        if self.contexts is not None:
            return self.contexts.candidates(self.game)
        return list(self.pool.all_cards())

    def has_cards(self) -> bool:
        """Whether the game has any card to look names up in (the database's, else its shipped set)."""
        for ask in ("has_cards", "card_count"):  # the card database answers without counting every row
            answer = getattr(self.pool, ask, None)
            if answer is not None:
                return bool(answer())
        return True

    def with_format(
        self, fmt: GameFormat | None, settings: Mapping[str, int | None] | None = None
    ) -> DeckContext:
        """The same deck's context on another format (and settings)."""
        given = self.settings if settings is None else {k: v for k, v in settings.items() if v is not None}
        return self.replace(format=fmt, settings=given)


def with_pool(deck: Deck, pool: Any) -> DeckContext:
    """The context of a deck whose caller chose the pool (GameError when its game is not installed)."""
    return DeckContext(DeckContexts().game(deck.game), pool)


def deck_context(
    deck: Deck,
    db: Any = None,
    fmt: GameFormat | str | None = None,
    settings: Mapping[str, int | None] | None = None,
    game: Game | None = None,
) -> DeckContext:
    """One deck's context, for a caller that reads a single deck (GameError when its game is not installed)."""
    return DeckContexts(db).of(deck, fmt, settings, game)


def known_names(cards: Any, deck: Deck) -> KnownNames | None:
    """The deck's names as the pool that `names_pool` finds knows them (a batch run's DeckContexts: shared by its decks);
    None when nothing is looked up."""
    if isinstance(cards, KnownNames):
        return cards
    if isinstance(cards, DeckContexts):
        return cards.known_names(deck)
    pool = names_pool(cards, deck)
    return None if pool is None else KnownNames(pool)


def names_pool(cards: Any, deck: Deck) -> Any:
    """Where a reader looks the deck's names up once its game is known: the deck's own game's pool.

    `cards` is what the caller handed the reader: a DeckContexts, the card database (every game's cards), or a pool
    (used as it is: the caller chose it). None: nothing is looked up.
    """
    if cards is None:
        return None
    if isinstance(cards, DeckContexts):
        return cards.pool_of(deck)
    from carddb.db import CardDatabase

    # The database read as one game's pool (CardDatabase.for_game) is that game's pool already.
    if isinstance(cards, CardDatabase) and not cards.is_game_view:
        return DeckContexts(cards).pool_of(deck)
    return cards


def _pool_for(db: Any, game: Game) -> tuple[Any, bool]:
    """games.cards.pool_for, the one call for a game's pool; without importing games/cards.py (~1.5 ms of every
    check) when the game's engine keeps its own cards (Rage's: the card database itself)."""
    from deckbuilder.games.engines import ENGINES

    engine = ENGINES.get(game.engine)
    own = engine.card_pool(db, game) if engine is not None and db is not None else None
    if own is not None:
        return own, False
    from deckbuilder.games.cards import pool_for

    return pool_for(db, game)

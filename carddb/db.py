"""Reading the SQLite card database (WAL, foreign keys on); carddb.opening opens, creates and migrates it.

Opening an up-to-date database costs one connection and a few pragmas; creating one runs today's tables as frozen
SQL (carddb/migrations/fresh.py) and migrating one frozen steps, so neither loads SQLModel (carddb.schema).
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from carddb.fields import CARD_FIELDS, NUMERIC_FIELDS
from carddb.model import RAGE, CardInfo, PrintingInfo, stored_fields
from carddb.nearnames import NearNames
from carddb.normalize import normalize_name
from carddb.opening import FTS_DEFINITION as FTS_DEFINITION
from carddb.opening import DatabaseError as DatabaseError
from carddb.opening import connect, damaged, is_file_failure, open_database, set_pragmas
from carddb.paths import APP_NAME as APP_NAME
from carddb.paths import DB_ENV_VAR as DB_ENV_VAR
from carddb.paths import IMAGES_FOLDER as IMAGES_FOLDER
from carddb.paths import default_db_path as default_db_path
from carddb.paths import user_data_dir as user_data_dir
from carddb.retired import retired_card
from carddb.traits import stored_trait_vocabulary

if TYPE_CHECKING:
    from carddb.gamecards import GameCardData, GameCardRow
    from carddb.query import SearchFields


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _reads(method: Callable[_P, _R]) -> Callable[_P, _R]:
    """Turn a SQLite failure while reading (damaged pages) into a one-line DatabaseError."""

    @functools.wraps(method)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            database = args[0]
            assert isinstance(database, CardDatabase)
            raise damaged(database.path, exc) from exc

    return wrapper


def _row_int(value: Any) -> int | None:
    return None if value is None else int(value)


class CardDatabase:
    """A card database file: opened with WAL and foreign keys, migrated to the current schema."""

    def __init__(self, path: Path | str | None = None) -> None:
        # The game whose cards this object reads: Rage's; `for_game` gives the same file's view of another game.
        self.game = RAGE
        # The searchable fields of the game (carddb.search's field terms); None: Rage's own columns.
        self.search_fields: SearchFields | None = None
        # The database this is a game's view of (it shares its connection), None for the database itself.
        self._owner: CardDatabase | None = None
        self._views: dict[str, CardDatabase] = {}
        self.path = Path(path) if path is not None else default_db_path()
        self.path = self.path.expanduser()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseError(f"cannot create the database folder {self.path.parent}: {exc}") from exc
        self._cache: dict[str, CardInfo | None] = {}
        self._names: list[str] | None = None
        self._norm_to_name: dict[str, str] | None = None
        self._traits: frozenset[str] | None = None
        # (the reader's data_version, the count): a count reads every card, and the window asks twice at start.
        self._card_count: tuple[int, int] | None = None
        # (the reader's data_version, the game's range in the full-text index or None when it is the whole index).
        self._index_range: tuple[int, tuple[int, int] | None] | None = None
        self._reader: sqlite3.Connection | None = None
        conn = open_database(self.path)
        conn.row_factory = sqlite3.Row
        self._reader = conn
        # A killed import may have left image files behind (costs one failed directory listing otherwise).
        from carddb.leftovers import clean_after_killed_import

        clean_after_killed_import(self)

    def for_game(self, game: str, fields: SearchFields | None = None) -> CardDatabase:
        """The same database read as the card pool of `game` (its cards only), sharing this one's connection.

        `fields`: the game's searchable fields, as its description gives them (search's `field:text` terms)."""
        owner = self._owner or self
        if game == owner.game:
            return owner
        view = owner._views.get(game)
        if view is None:
            view = object.__new__(CardDatabase)
            view.__dict__.update(
                game=game,
                search_fields=fields,
                _owner=owner,
                _views={},
                path=owner.path,
                _cache={},
                _names=None,
                _norm_to_name=None,
                _traits=None,
                _card_count=None,
                _index_range=None,
                _reader=None,
            )
            owner._views[game] = view
        elif fields is not None:
            view.search_fields = fields
        return view

    @property
    def is_game_view(self) -> bool:
        """True for the database read as one game's pool (`for_game`), False for the database itself."""
        return self._owner is not None

    @property
    def images(self) -> CardDatabase:
        """Where the cards' images are found (paths relative to the database folder), as a GameCardPool's."""
        return self

    def cards(self) -> list[CardInfo]:
        """Every card of the game, in name order (as a GameCardPool's)."""
        return self.all_cards()

    # -- opening ---------------------------------------------------------------------------------

    @property
    def folder(self) -> Path:
        """The folder holding the database; card images live under it."""
        return self.path.parent

    @property
    def images_dir(self) -> Path:
        """Where imported card images are copied (inside the database folder)."""
        return self.folder / IMAGES_FOLDER

    def raw_connection(self) -> sqlite3.Connection:
        """A new plain sqlite3 connection with the project's pragmas (caller closes it)."""
        try:
            conn = connect(self.path)
            set_pragmas(conn)
        except sqlite3.Error as exc:
            raise damaged(self.path, exc) from exc
        return conn

    @contextmanager
    def write_transaction(self, conn: sqlite3.Connection | None = None) -> Iterator[sqlite3.Connection]:
        """A connection (a new one, or `conn` from raw_connection, left open) inside BEGIN IMMEDIATE: committed
        when the block ends, rolled back on any error."""
        own = conn is None
        conn = self.raw_connection() if conn is None else conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            yield conn
            conn.execute("COMMIT")
        except BaseException as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error) and is_file_failure(exc):
                raise damaged(self.path, exc) from exc
            raise
        finally:
            if own:
                conn.close()

    @property
    def reader(self) -> sqlite3.Connection:
        """A long-lived read connection for fast lookups (the one the database was opened with)."""
        if self._owner is not None:
            return self._owner.reader
        if self._reader is None:
            conn = self.raw_connection()
            conn.row_factory = sqlite3.Row
            self._reader = conn
        return self._reader

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The reader, with any SQLite failure (damaged pages) turned into a one-line DatabaseError."""
        try:
            yield self.reader
        except sqlite3.Error as exc:
            raise damaged(self.path, exc) from exc

    def close(self) -> None:
        """Release connections (a game's view leaves its database's open)."""
        if self._owner is not None:
            return
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        self._card_count = None  # another reader numbers its data versions afresh

    def __enter__(self) -> CardDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def invalidate_caches(self) -> None:
        """Forget cached cards and names (every game's); call after any write to the card tables."""
        if self._owner is not None:
            self._owner.invalidate_caches()
            return
        for view in self._views.values():
            view._forget()
        self._forget()

    def _forget(self) -> None:
        self._cache.clear()
        self._names = None
        self._norm_to_name = None
        self._traits = None
        self._card_count = None
        self._index_range = None

    # -- meta ------------------------------------------------------------------------------------

    @_reads
    def get_meta(self, key: str, default: str = "") -> str:
        """A value from the meta table."""
        row = self.reader.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else default

    def set_meta(self, key: str, value: str) -> None:
        """Store a value in the meta table."""
        with self.write_transaction() as conn:
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def deck_zone_labels(self) -> dict[str, str]:
        """Lackey deck-zone labels per section, from the imported plugin (defaults otherwise)."""
        labels = {"characters": "Characters", "sept": "Sept", "combat": "Combat"}
        stored = self.get_meta("deck_zone_labels")
        if stored:
            try:
                loaded = json.loads(stored)
                if isinstance(loaded, dict):
                    labels.update({str(k): str(v) for k, v in loaded.items() if k in labels and v})
            except json.JSONDecodeError:
                pass
        return labels

    # -- identities ------------------------------------------------------------------------------

    @_reads
    def identity_table(self) -> dict[str, str]:
        """Normalised Character name -> identity, from the editable table."""
        rows = self.reader.execute("SELECT norm_name, identity FROM character_identity").fetchall()
        return {str(r[0]): str(r[1]) for r in rows}

    # -- reading cards ---------------------------------------------------------------------------

    @_reads
    def card_count(self) -> int:
        """Number of card identities (counted again once anything, in any process, has written since)."""
        version = self.data_version()
        if self._card_count is None or self._card_count[0] != version:
            count = self.reader.execute("SELECT COUNT(*) FROM card WHERE game = ?", (self.game,)).fetchone()[
                0
            ]
            self._card_count = (version, int(count))
        return self._card_count[1]

    @_reads
    def index_range(self) -> tuple[int, int] | None:
        """The game's first and last place in the full-text index (its cards' name_ranks) when other games' cards
        share the index; None when the game's cards are the whole index (asked again once anything has written)."""
        version = self.data_version()
        if self._index_range is None or self._index_range[0] != version:
            # Seeks on the (game, ...) indexes only: whether any card sorts before or after the game, its ends.
            row = self.reader.execute(
                "SELECT EXISTS (SELECT 1 FROM card WHERE game < ?1) OR EXISTS (SELECT 1 FROM card WHERE game > ?1), "
                "(SELECT name_rank FROM card WHERE game = ?1 ORDER BY name_rank LIMIT 1), "
                "(SELECT name_rank FROM card WHERE game = ?1 ORDER BY name_rank DESC LIMIT 1)",
                (self.game,),
            ).fetchone()
            shared, first, last = row[0], row[1], row[2]
            span = (int(first), int(last)) if first is not None else (0, -1)
            self._index_range = (version, span if shared or first is None else None)
        return self._index_range[1]

    def store_game_cards(
        self,
        game: str,
        rows: Iterable[GameCardRow],
        source: str,
        meta: dict[str, str] | None = None,
    ) -> int:
        """Replace every card of `game` (never Rage's) with rows of (name, type, fields JSON, line[, image path
        relative to the database folder]), one printing each, and set `meta` with them; returns how many."""
        from carddb.gamecards import write_game_cards

        with self.write_transaction() as conn:
            count = write_game_cards(conn, game, rows, source)
            conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (meta or {}).items())
        self.invalidate_caches()
        return count

    def store_game_printings(
        self,
        game: str,
        cards: Iterable[GameCardData],
        sources: Collection[str] | None,
        meta: dict[str, str] | None = None,
    ) -> int:
        """Store a game's cards with their printings, mirroring `sources` (carddb.gamecards), and set `meta` with
        them; returns how many."""
        from carddb.gamecards import write_game_printings

        with self.write_transaction() as conn:
            count = write_game_printings(conn, game, cards, sources)
            conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (meta or {}).items())
        self.invalidate_caches()
        return count

    def game_card_rows(self, game: str) -> list[tuple[str, str, str]]:
        """(name, type, fields JSON) of every card of `game`, in name order."""
        with self.reading() as conn:
            rows = conn.execute(
                "SELECT name, type, fields FROM card WHERE game = ? ORDER BY norm_name", (game,)
            ).fetchall()
        return [(str(r[0]), str(r[1]), str(r[2])) for r in rows]

    def game_card_images(self, game: str) -> dict[str, str]:
        """Normalised name -> image path (relative to the database folder) of the cards of `game` that have one."""
        with self.reading() as conn:
            rows = conn.execute(
                "SELECT c.norm_name, p.image_paths FROM card AS c JOIN printing AS p ON p.card_id = c.id "
                "WHERE c.game = ? AND p.image_paths != ''",
                (game,),
            ).fetchall()
        found: dict[str, str] = {}
        for norm, paths in rows:
            try:
                loaded = json.loads(paths)
            except ValueError:
                continue
            if isinstance(loaded, list) and loaded and loaded[0]:
                found[str(norm)] = str(loaded[0])
        return found

    def game_names(self) -> list[str]:
        """The other games than Rage this database holds cards of."""
        with self.reading() as conn:
            rows = conn.execute(
                "WITH RECURSIVE g(n) AS (SELECT min(game) FROM card UNION ALL "
                "SELECT (SELECT min(game) FROM card WHERE game > g.n) FROM g WHERE g.n IS NOT NULL) "
                "SELECT n FROM g WHERE n IS NOT NULL AND n != ?",
                (RAGE,),
            )
            return [str(r[0]) for r in rows]

    @_reads
    def data_version(self) -> int:
        """A number that changes whenever another connection (any writer, any process) commits to the database."""
        return int(self.reader.execute("PRAGMA data_version").fetchone()[0])

    @_reads
    def has_cards(self) -> bool:
        """True when the database holds at least one card (one row read, where a count reads them all)."""
        return (
            self.reader.execute("SELECT 1 FROM card WHERE game = ? LIMIT 1", (self.game,)).fetchone()
            is not None
        )

    @_reads
    def lookup(self, name: str) -> CardInfo | None:
        """The card with this name (case, quotes, dashes and spaces ignored), or None."""
        key = normalize_name(name)  # memoised: a deck's names are asked on every check and refresh
        if key in self._cache:
            return self._cache[key]
        try:
            row = self.reader.execute(
                "SELECT * FROM card WHERE game = ? AND norm_name = ?", (self.game, key)
            ).fetchone()
        except UnicodeEncodeError:  # a lone surrogate: no card has such a name
            return None
        info = self._card_from_row(row) if row is not None else retired_card(self.reader, key, self.game)
        self._cache[key] = info
        return info

    card = lookup

    @_reads
    def prefetch(self, keys: Iterable[str]) -> dict[str, CardInfo | None]:
        """Look up many cards at once by their lookup keys (`normalize_name` of each name, which a deck entry
        already holds): two queries per 500 names instead of two per name. Keys already looked up cost nothing.

        The answer holds what `lookup` answers for each key it knows now (a key not in it is asked of `lookup`):
        a check reads a deck's cards from it instead of calling `lookup` for each."""
        asked, cache = keys if isinstance(keys, list) else list(keys), self._cache
        try:  # every key known (the deck was read or checked before): one look-up per key, no membership test
            return {k: cache[k] for k in asked}
        except KeyError:
            pass  # some keys are new: read from the database, outside the handler (its errors are not a KeyError's)
        wanted = list(dict.fromkeys(k for k in asked if k not in cache and _encodes(k)))
        for info in self._cards_where_in("norm_name", wanted):
            cache[info.norm_name] = info
        return {k: cache[k] for k in asked if k in cache}

    @_reads
    def card_by_id(self, card_id: int) -> CardInfo | None:
        """The card with this database id."""
        row = self.reader.execute(
            "SELECT * FROM card WHERE id = ? AND game = ?", (card_id, self.game)
        ).fetchone()
        if row is None:
            return None
        info = self._card_from_row(row)
        self._cache[info.norm_name] = info
        return info

    @_reads
    def cards_by_ids(self, ids: Iterable[int]) -> list[CardInfo]:
        """Cards for the given ids, in the given order (missing ids skipped)."""
        wanted = list(ids)
        found = {info.id: info for info in self._cards_where_in("id", wanted)}
        return [found[i] for i in wanted if i in found]

    def _cards_where_in(self, column: str, values: list[Any]) -> Iterator[CardInfo]:
        """The cards whose `column` (a literal of ours: "id" or "norm_name") is one of `values`, with their
        printings: two queries per 500 values (SQLite's bound on parameters stays far away)."""
        for start in range(0, len(values), 500):
            chunk = values[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.reader.execute(
                f"SELECT * FROM card WHERE game = ? AND {column} IN ({marks})", [self.game, *chunk]
            ).fetchall()
            printings = self._printings_for([int(r["id"]) for r in rows])
            for row in rows:
                yield self._card_from_row(row, printings.get(int(row["id"]), ()))

    @_reads
    def all_cards(self) -> list[CardInfo]:
        """Every card, ordered by name."""
        rows = self.reader.execute(
            "SELECT * FROM card WHERE game = ? ORDER BY name COLLATE NOCASE", (self.game,)
        ).fetchall()
        printings = self._printings_for(None)
        return [self._card_from_row(row, printings.get(int(row["id"]), ())) for row in rows]

    @_reads
    def names(self) -> list[str]:
        """Every card name, sorted."""
        if self._names is None:
            rows = self.reader.execute(
                "SELECT name, norm_name FROM card WHERE game = ? ORDER BY name COLLATE NOCASE", (self.game,)
            )
            pairs = [(str(r[0]), str(r[1])) for r in rows]
            self._names = [p[0] for p in pairs]
            self._norm_to_name = {p[1]: p[0] for p in pairs}
        return self._names

    @_reads
    def trait_vocabulary(self) -> frozenset[str]:
        """The words a Requires field can be judged by: known traits and every Character's keywords (cached)."""
        if self._traits is None:
            self._traits = stored_trait_vocabulary(self.reader)
        return self._traits

    @_reads
    def card_types(self) -> list[str]:
        """Every distinct non-empty card Type, sorted case-insensitively."""
        rows = self.reader.execute(
            "SELECT DISTINCT type FROM card WHERE game = ? AND type != '' ORDER BY type COLLATE NOCASE",
            (self.game,),
        )
        return [str(r[0]) for r in rows]

    @_reads
    def set_names(self) -> list[str]:
        """Every set name with at least one printing, newest first."""
        # Hops from one set name to the next along ix_printing_set_rank (a few seeks per set) instead of
        # grouping every printing: ~0.02 ms instead of ~7 ms at 100,000 cards, on every start.
        rows = self.reader.execute(
            "WITH RECURSIVE s(n) AS (SELECT min(set_name) FROM printing UNION ALL "
            "SELECT (SELECT min(set_name) FROM printing WHERE set_name > s.n) FROM s WHERE s.n IS NOT NULL) "
            "SELECT n, (SELECT max(set_rank) FROM printing WHERE set_name = s.n) AS r FROM s "
            "WHERE n IS NOT NULL AND EXISTS (SELECT 1 FROM printing AS p JOIN card AS c ON c.id = p.card_id "
            "WHERE p.set_name = s.n AND c.game = ?) ORDER BY r DESC, n",
            (self.game,),
        ).fetchall()
        return [str(r[0]) for r in rows]

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """The closest known card names to an unknown one, best first (cached until the card tables change).

        For a retired card, the card that took its place comes first.
        """
        card = self.lookup(name)
        successor = card.replaced_by if card is not None and card.retired else ""
        if successor and limit > 0:
            return [successor, *[n for n in self._near_names(name, limit) if n != successor]][:limit]
        return self._near_names(name, limit)

    def _near_names(self, name: str, limit: int) -> list[str]:
        names = self.names()  # a new list after invalidate_caches(): the suggester below is then rebuilt
        suggester: NearNames | None = self.__dict__.get("_suggester")
        if suggester is None or suggester.names is not names:
            assert self._norm_to_name is not None
            suggester = NearNames(names, self._norm_to_name)
            self.__dict__["_suggester"] = suggester
        # The key lookup() keeps: the suggester's own cache (by key and limit) answers an edit's repeated asks.
        return suggester.suggest(name, limit, key=normalize_name(name))

    def image_path(self, relative: str) -> Path | None:
        """Absolute path of a stored image, or None if it is missing or would escape the database folder."""
        from carddb.images import image_in_folder

        return image_in_folder(self.folder, relative)

    def data_date(self) -> str:
        """When the card data was last imported (ISO date), or "" for never."""
        return self.get_meta("card_data_date")

    # -- helpers ---------------------------------------------------------------------------------

    def _printings_for(self, card_ids: list[int] | None) -> dict[int, tuple[PrintingInfo, ...]]:
        sql = "SELECT card_id, set_name, set_rank, image_file, image_paths FROM printing"
        params: list[Any] = []
        if card_ids is None:
            sql += " WHERE card_id IN (SELECT id FROM card WHERE game = ?)"
            params = [self.game]
        else:
            if not card_ids:
                return {}
            if len(card_ids) <= 900:
                sql += f" WHERE card_id IN ({','.join('?' * len(card_ids))})"
                params = card_ids
        sql += " ORDER BY card_id, set_rank DESC, id DESC"
        grouped: dict[int, list[PrintingInfo]] = {}
        for row in self.reader.execute(sql, params):
            grouped.setdefault(int(row[0]), []).append(_printing_from_row(row))
        return {k: tuple(v) for k, v in grouped.items()}

    def _card_from_row(self, row: sqlite3.Row, printings: tuple[PrintingInfo, ...] | None = None) -> CardInfo:
        if printings is None:
            printings = self._printings_for([int(row["id"])]).get(int(row["id"]), ())
        if self.game != RAGE:
            # Another game's card: its fields by name; its image is its printing's (relative to the database folder).
            # An image the card file named but the import could not store keeps its name: shown as missing.
            image = next((path for p in printings for path in (*p.image_paths, *p.image_files) if path), "")
            return CardInfo(
                id=int(row["id"]),
                name=row["name"],
                type=row["type"],
                norm_name=row["norm_name"],
                game=self.game,
                fields=stored_fields(row["fields"]),
                printings=printings,
                image=image,
            )
        fields: dict[str, Any] = {
            ("keywords_field" if f == "keywords" else f): (
                _row_int(row[f]) if f in NUMERIC_FIELDS else row[f]
            )
            for f in CARD_FIELDS
        }
        return CardInfo(
            id=int(row["id"]),
            name=row["name"],
            norm_name=row["norm_name"],
            identity=row["identity"],
            allegiance=row["allegiance"],
            printings=printings,
            **fields,
        )


def _encodes(key: str) -> bool:
    """False for a name SQLite cannot be given (a lone surrogate): no card has it; lookup() answers None."""
    try:
        key.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _printing_from_row(row: sqlite3.Row | tuple[Any, ...]) -> PrintingInfo:
    files = tuple(f.strip() for f in str(row[3]).split(",") if f.strip())
    try:
        paths_raw = json.loads(row[4]) if row[4] else []
        paths = tuple(str(p) for p in paths_raw) if isinstance(paths_raw, list) else ()
    except json.JSONDecodeError:
        paths = ()
    return PrintingInfo(set_name=str(row[1]), set_rank=int(row[2]), image_files=files, image_paths=paths)

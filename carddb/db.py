"""Opening, migrating and reading the SQLite card database (WAL, foreign keys on)."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, create_engine

from carddb import schema
from carddb.identities import shipped_identities
from carddb.model import CardInfo, PrintingInfo
from carddb.normalize import normalize_name

APP_NAME = "ragedeck"
DB_ENV_VAR = "RAGEDECK_DB"
IMAGES_FOLDER = "card-images"


class DatabaseError(Exception):
    """The card database cannot be opened or is not a Rage Deckbuilder database."""


def user_data_dir() -> Path:
    """The per-user data folder (database, autosaves, user formats)."""
    override = os.environ.get("RAGEDECK_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_db_path() -> Path:
    """The database path: $RAGEDECK_DB if set, else cards.sqlite in the user data folder."""
    override = os.environ.get(DB_ENV_VAR)
    return Path(override) if override else user_data_dir() / "cards.sqlite"


def _set_pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    # WAL lets a reader and a writer (two app windows, CLI + GUI) work at once without corruption.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout = 10000")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()


def _create_fts(conn: sqlite3.Connection, prefixes: str) -> None:
    # FTS5 index over the searchable text of each card, keyed by card.id; `prefixes` are the indexed prefix lengths.
    conn.execute(
        "CREATE VIRTUAL TABLE IF NOT EXISTS card_fts USING fts5("
        f"name, type, keywords, requires, text, tokenize = 'unicode61 remove_diacritics 2', prefix = '{prefixes}')"
    )


def _migrate_to_1(conn: sqlite3.Connection) -> None:
    """Version 1: card, printing, meta, character_identity tables and the FTS5 index."""
    _create_fts(conn, "2 3")
    # Covering index for "the newest printing's set" that every search row shows (carddb.search).
    conn.execute("CREATE INDEX IF NOT EXISTS ix_printing_newest ON printing (card_id, set_rank, set_name)")


def _migrate_to_2(conn: sqlite3.Connection) -> None:
    """Version 2: index one-letter prefixes (the first key a player types) and sets by rank."""
    from carddb.search import rebuild_search_index

    # At 100,000 cards a one-letter prefix scan without its own index took ~75 ms, over the 50 ms budget.
    conn.execute("DROP TABLE IF EXISTS card_fts")
    _create_fts(conn, "1 2 3")
    rebuild_search_index(conn)
    # set_names() for the browser's set filter reads this instead of scanning every printing.
    conn.execute("CREATE INDEX IF NOT EXISTS ix_printing_set_rank ON printing (set_name, set_rank)")


def _migrate_to_3(conn: sqlite3.Connection) -> None:
    """Version 3: the player's collection (owned cards by name and printing), never touched by card imports."""
    # create_all made the table from the schema; this keeps a database migrated by hand just as complete.
    conn.execute(
        "CREATE TABLE IF NOT EXISTS collection (norm_name VARCHAR NOT NULL, set_name VARCHAR NOT NULL, "
        "name VARCHAR NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (norm_name, set_name))"
    )


# Each migration takes the database from version N-1 to N; tables themselves come from the SQLModel schema.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _migrate_to_1,
    2: _migrate_to_2,
    3: _migrate_to_3,
}


def _row_int(value: Any) -> int | None:
    return None if value is None else int(value)


class CardDatabase:
    """A card database file: opened with WAL and foreign keys, migrated to the current schema."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.path = self.path.expanduser()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseError(f"cannot create the database folder {self.path.parent}: {exc}") from exc
        self.engine: Engine = create_engine(f"sqlite:///{self.path}", connect_args={"timeout": 10})
        event.listen(self.engine, "connect", _set_pragmas)
        self._cache: dict[str, CardInfo | None] = {}
        self._names: list[str] | None = None
        self._norm_to_name: dict[str, str] | None = None
        self._reader: sqlite3.Connection | None = None
        try:
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self.engine.dispose()
            raise DatabaseError(f"{self.path} is not a usable card database: {exc}") from exc
        except Exception as exc:
            self.engine.dispose()
            if "file is not a database" in str(exc) or "malformed" in str(exc):
                raise DatabaseError(f"{self.path} is not a usable card database: {exc}") from exc
            raise
        # A killed import may have left image files behind (costs one failed directory listing otherwise).
        from carddb.leftovers import clean_after_killed_import

        clean_after_killed_import(self)

    # -- opening ---------------------------------------------------------------------------------

    @property
    def folder(self) -> Path:
        """The folder holding the database; card images live under it."""
        return self.path.parent

    @property
    def images_dir(self) -> Path:
        """Where imported card images are copied (inside the database folder)."""
        return self.folder / IMAGES_FOLDER

    def _migrate(self) -> None:
        with self.write_transaction() as conn:  # serialises migrations between processes
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > schema.SCHEMA_VERSION:
                raise DatabaseError(
                    f"{self.path} was written by a newer Rage Deckbuilder (schema {version}, "
                    f"this version knows {schema.SCHEMA_VERSION})"
                )
            if version < schema.SCHEMA_VERSION:
                # create_all runs on its own connection and needs the write lock: release it, then take it
                # again and re-read the version, which another process may have moved on meanwhile.
                conn.execute("COMMIT")
                SQLModel.metadata.create_all(self.engine)
                conn.execute("BEGIN IMMEDIATE")
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                for target in range(version + 1, schema.SCHEMA_VERSION + 1):
                    MIGRATIONS[target](conn)
                    conn.execute(f"PRAGMA user_version = {target}")
                if version == 0:
                    self._seed_identities(conn)

    @staticmethod
    def _seed_identities(conn: sqlite3.Connection) -> None:
        conn.executemany(
            "INSERT OR IGNORE INTO character_identity (norm_name, identity, shipped) VALUES (?, ?, 1)",
            shipped_identities().items(),
        )

    def raw_connection(self) -> sqlite3.Connection:
        """A new plain sqlite3 connection with the project's pragmas (caller closes it)."""
        conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        _set_pragmas(conn, None)
        return conn

    @contextmanager
    def write_transaction(self) -> Iterator[sqlite3.Connection]:
        """A new connection inside BEGIN IMMEDIATE: committed when the block ends, rolled back on any error."""
        conn = self.raw_connection()
        try:
            conn.execute("BEGIN IMMEDIATE")
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        finally:
            conn.close()

    @property
    def reader(self) -> sqlite3.Connection:
        """A long-lived read connection for fast lookups (same thread as the caller that made it)."""
        if self._reader is None:
            self._reader = sqlite3.connect(
                self.path, timeout=10, isolation_level=None, check_same_thread=False
            )
            _set_pragmas(self._reader, None)
            self._reader.row_factory = sqlite3.Row
        return self._reader

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A SQLModel session that commits on success and rolls back on error."""
        with Session(self.engine) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    def close(self) -> None:
        """Release connections."""
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        self.engine.dispose()

    def __enter__(self) -> CardDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def invalidate_caches(self) -> None:
        """Forget cached cards and names; call after any write to the card tables."""
        self._cache.clear()
        self._names = None
        self._norm_to_name = None

    # -- meta ------------------------------------------------------------------------------------

    def get_meta(self, key: str, default: str = "") -> str:
        """A value from the meta table."""
        row = self.reader.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else default

    def set_meta(self, key: str, value: str) -> None:
        """Store a value in the meta table."""
        conn = self.raw_connection()
        try:
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
        finally:
            conn.close()

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

    def identity_table(self) -> dict[str, str]:
        """Normalised Character name -> identity, from the editable table."""
        rows = self.reader.execute("SELECT norm_name, identity FROM character_identity").fetchall()
        return {str(r[0]): str(r[1]) for r in rows}

    # -- reading cards ---------------------------------------------------------------------------

    def card_count(self) -> int:
        """Number of card identities."""
        return int(self.reader.execute("SELECT COUNT(*) FROM card").fetchone()[0])

    def lookup(self, name: str) -> CardInfo | None:
        """The card with this name (case, quotes, dashes and spaces ignored), or None."""
        key = normalize_name(name)
        if key in self._cache:
            return self._cache[key]
        row = self.reader.execute("SELECT * FROM card WHERE norm_name = ?", (key,)).fetchone()
        info = self._card_from_row(row) if row is not None else None
        self._cache[key] = info
        return info

    card = lookup

    def card_by_id(self, card_id: int) -> CardInfo | None:
        """The card with this database id."""
        row = self.reader.execute("SELECT * FROM card WHERE id = ?", (card_id,)).fetchone()
        if row is None:
            return None
        info = self._card_from_row(row)
        self._cache[info.norm_name] = info
        return info

    def cards_by_ids(self, ids: Iterable[int]) -> list[CardInfo]:
        """Cards for the given ids, in the given order (missing ids skipped)."""
        wanted = list(ids)
        found: dict[int, CardInfo] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.reader.execute(f"SELECT * FROM card WHERE id IN ({marks})", chunk).fetchall()
            printings = self._printings_for([int(r["id"]) for r in rows])
            for row in rows:
                info = self._card_from_row(row, printings.get(int(row["id"]), ()))
                found[int(row["id"])] = info
        return [found[i] for i in wanted if i in found]

    def all_cards(self) -> list[CardInfo]:
        """Every card, ordered by name."""
        rows = self.reader.execute("SELECT * FROM card ORDER BY name COLLATE NOCASE").fetchall()
        printings = self._printings_for(None)
        return [self._card_from_row(row, printings.get(int(row["id"]), ())) for row in rows]

    def names(self) -> list[str]:
        """Every card name, sorted."""
        if self._names is None:
            rows = self.reader.execute("SELECT name, norm_name FROM card ORDER BY name COLLATE NOCASE")
            pairs = [(str(r[0]), str(r[1])) for r in rows]
            self._names = [p[0] for p in pairs]
            self._norm_to_name = {p[1]: p[0] for p in pairs}
        return self._names

    def card_types(self) -> list[str]:
        """Every distinct non-empty card Type, sorted case-insensitively."""
        rows = self.reader.execute(
            "SELECT DISTINCT type FROM card WHERE type != '' ORDER BY type COLLATE NOCASE"
        )
        return [str(r[0]) for r in rows]

    def set_names(self) -> list[str]:
        """Every set name with at least one printing, newest first."""
        rows = self.reader.execute(
            "SELECT set_name, MAX(set_rank) AS r FROM printing GROUP BY set_name ORDER BY r DESC, set_name"
        ).fetchall()
        return [str(r[0]) for r in rows]

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """The closest known card names to an unknown one, best first (cached until the card tables change)."""
        names = self.names()  # a new list after invalidate_caches(): the suggester below is then rebuilt
        suggester: _Suggester | None = self.__dict__.get("_suggester")
        if suggester is None or suggester.names is not names:
            assert self._norm_to_name is not None
            suggester = _Suggester(names, self._norm_to_name)
            self.__dict__["_suggester"] = suggester
        return suggester.suggest(name, limit)

    def image_path(self, relative: str) -> Path | None:
        """Absolute path of a stored image, or None if it is missing or would escape the database folder."""
        if not relative:
            return None
        folder = self.folder.resolve()
        candidate = (folder / relative).resolve()
        if not candidate.is_relative_to(folder) or not candidate.is_file():
            return None
        return candidate

    def data_date(self) -> str:
        """When the card data was last imported (ISO date), or "" for never."""
        return self.get_meta("card_data_date")

    # -- helpers ---------------------------------------------------------------------------------

    def _printings_for(self, card_ids: list[int] | None) -> dict[int, tuple[PrintingInfo, ...]]:
        sql = "SELECT card_id, set_name, set_rank, image_file, image_paths FROM printing"
        params: list[int] = []
        if card_ids is not None:
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
        return CardInfo(
            id=int(row["id"]),
            name=row["name"],
            norm_name=row["norm_name"],
            type=row["type"],
            keywords_field=row["keywords"],
            requires=row["requires"],
            renown=_row_int(row["renown"]),
            rage=_row_int(row["rage"]),
            gnosis=_row_int(row["gnosis"]),
            health=_row_int(row["health"]),
            crage=_row_int(row["crage"]),
            cgnosis=_row_int(row["cgnosis"]),
            chealth=_row_int(row["chealth"]),
            damage=_row_int(row["damage"]),
            text=row["text"],
            errata=row["errata"],
            notes=row["notes"],
            sealed=row["sealed"],
            identity=row["identity"],
            printings=printings,
        )


class _Suggester:
    """Near names for unknown cards: rapidfuzz over the normalised names, each answer cached (bounded)."""

    MAX_CACHED = 4096
    MAX_QUERY_CHARS = 200  # a pasted paragraph is not a card name; its first words are enough to suggest from

    def __init__(self, names: list[str], norm_to_name: dict[str, str]) -> None:
        self.names = names
        self._norm_to_name = norm_to_name
        self._keys = list(norm_to_name)
        self._cache: dict[tuple[str, int], list[str]] = {}

    def suggest(self, name: str, limit: int) -> list[str]:
        key = normalize_name(name)[: self.MAX_QUERY_CHARS]
        limit = max(0, min(limit, 50))
        if not key or not limit:
            return []
        cached = self._cache.get((key, limit))
        if cached is not None:
            return list(cached)
        from rapidfuzz import fuzz, process

        # fuzz.ratio is difflib's similarity ratio × 100; 60 is difflib's usual cutoff of 0.6.
        found = process.extract(key, self._keys, scorer=fuzz.ratio, score_cutoff=60, limit=limit)
        candidates = [match[0] for match in found]
        if len(candidates) < limit:
            # Also offer names that contain the typed text (a player often types part of a name).
            for norm in self._keys:
                if key in norm and norm not in candidates:
                    candidates.append(norm)
                    if len(candidates) >= limit:
                        break
        answer = [self._norm_to_name[c] for c in candidates]
        if len(self._cache) >= self.MAX_CACHED:
            self._cache.clear()
        self._cache[(key, limit)] = answer
        return list(answer)


def _printing_from_row(row: sqlite3.Row | tuple[Any, ...]) -> PrintingInfo:
    files = tuple(f.strip() for f in str(row[3]).split(",") if f.strip())
    try:
        paths_raw = json.loads(row[4]) if row[4] else []
        paths = tuple(str(p) for p in paths_raw) if isinstance(paths_raw, list) else ()
    except json.JSONDecodeError:
        paths = ()
    return PrintingInfo(set_name=str(row[1]), set_rank=int(row[2]), image_files=files, image_paths=paths)

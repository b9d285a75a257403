"""The card browser's saved searches: a query and its filters under a name, per game (no Qt).

They live in one small JSON file in the user data folder, read and changed under deckbuilder.userdata's rule (a
lock for each change, written whole, no link out, a damaged file kept aside and said once). A search belongs to
one game: a Rage query means nothing to another game's fields.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path

from carddb.record import FrozenRecord, set_field
from deckbuilder.i18n import gettext as _
from deckbuilder.userdata import DamagedFile, UserFileError, read_bytes, update

SEARCHES_FILE = "searches.json"
FILE_VERSION = 1
MAX_FILE_BYTES = 1 << 20
MAX_SEARCHES = 500
MAX_NAME_LENGTH = 80
MAX_QUERY_LENGTH = 2000
MAX_FILTER_TEXT = 200

# A filter's value: a choice ("gift", "in") or an inclusive range whose None ends are open.
FilterValue = str | tuple[int | None, int | None]


def check_name(name: str) -> str:
    """The search's name trimmed; ValueError when it is empty, too long or holds control characters."""
    cleaned = (name or "").strip()
    if not cleaned:
        raise ValueError(_("a saved search needs a name"))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(
            _("a saved search's name has at most {count} characters").format(count=MAX_NAME_LENGTH)
        )
    if any(unicodedata.category(ch).startswith("C") for ch in cleaned):
        raise ValueError(_("a saved search's name cannot hold control characters"))
    return cleaned


def _bound(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not -1_000_000 <= value <= 1_000_000:
        raise ValueError(_("a range's ends are whole numbers or null"))
    return value


def _filters(raw: object) -> dict[str, FilterValue]:
    """The stored filters, checked: each a short text or a [low, high] pair; ValueError saying why not."""
    if not isinstance(raw, dict):
        raise ValueError(_('"filters" is not an object'))
    checked: dict[str, FilterValue] = {}
    for key, value in list(raw.items())[:50]:
        if isinstance(value, str) and len(value) <= MAX_FILTER_TEXT:
            checked[str(key)] = value
        elif isinstance(value, list) and len(value) == 2:
            checked[str(key)] = (_bound(value[0]), _bound(value[1]))
        else:
            raise ValueError(_("filter {name!r} is neither a text nor a range").format(name=str(key)[:40]))
    return checked


class SavedSearch(FrozenRecord):
    """A named query and its filters, for one game."""

    __slots__ = _fields = ("name", "game", "query", "filters")
    _unhashed = frozenset({"filters"})  # a mapping
    name: str
    game: str
    query: str
    filters: Mapping[str, FilterValue]

    def __init__(
        self, name: str, game: str, query: str = "", filters: Mapping[str, FilterValue] | None = None
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "game", game)
        set_field(self, "query", query)
        set_field(self, "filters", {} if filters is None else filters)

    def same_name(self, game: str, name: str) -> bool:
        """True for the search of that game and name (names are case-insensitive)."""
        return self.game == game and self.name.casefold() == name.strip().casefold()

    def to_json(self) -> dict[str, object]:
        """As stored."""
        filters = {k: (list(v) if isinstance(v, tuple) else v) for k, v in sorted(self.filters.items())}
        return {"name": self.name, "game": self.game, "query": self.query, "filters": filters}


def _search(raw: object) -> SavedSearch:
    if not isinstance(raw, dict):
        raise ValueError(_("not an object"))
    name, game, query = raw.get("name"), raw.get("game"), raw.get("query", "")
    if not isinstance(name, str) or not isinstance(game, str) or not game or len(game) > 100:
        raise ValueError(_('"name" and "game" must be texts'))
    if not isinstance(query, str) or len(query) > MAX_QUERY_LENGTH:
        raise ValueError(
            _('"query" must be a text of at most {count} characters').format(count=MAX_QUERY_LENGTH)
        )
    return SavedSearch(check_name(name), game, query, _filters(raw.get("filters", {})))


def searches_path() -> Path:
    """The saved searches' file in the user data folder."""
    from carddb.db import user_data_dir

    return user_data_dir() / SEARCHES_FILE


def _entries(raw: bytes) -> list[object]:
    """The file's "searches" list; DamagedFile saying why the file cannot be used (bounded like every JSON read)."""
    from deckbuilder.games.datafiles import DataFileError, parse_json

    try:
        data = parse_json(raw)
    except DataFileError as exc:
        raise DamagedFile(str(exc)) from None
    entries = data.get("searches") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise DamagedFile(_('no "searches" list'))
    return entries


class SearchStore(FrozenRecord):
    """Every sound saved search in the order saved, and why any stored entry was skipped."""

    __slots__ = _fields = ("searches", "problems")

    searches: tuple[SavedSearch, ...]
    problems: tuple[str, ...]

    def __init__(self, searches: tuple[SavedSearch, ...], problems: tuple[str, ...] = ()) -> None:
        set_field(self, "searches", searches)
        set_field(self, "problems", problems)

    def of_game(self, game: str) -> list[SavedSearch]:
        """The game's searches by name."""
        return sorted((s for s in self.searches if s.game == game), key=lambda s: s.name.casefold())

    def find(self, game: str, name: str) -> SavedSearch | None:
        """The game's search of that name (case-insensitive), or None."""
        return next((s for s in self.searches if s.same_name(game, name)), None)


def load_searches(path: Path | None = None) -> SearchStore:
    """Every sound saved search (none when there is no file); broken entries are skipped and named."""
    path = path or searches_path()
    try:
        raw = read_bytes(path, path.parent, MAX_FILE_BYTES)
        entries = [] if raw is None else _entries(raw)
    except DamagedFile as exc:
        return SearchStore((), (_("{path}: {reason}").format(path=path, reason=exc),))
    except UserFileError as exc:
        return SearchStore((), (str(exc),))
    searches: list[SavedSearch] = []
    problems: list[str] = []
    for number, entry in enumerate(entries[:MAX_SEARCHES], 1):
        try:
            searches.append(_search(entry))
        except (ValueError, TypeError) as exc:
            problems.append(_("saved search {number} skipped: {reason}").format(number=number, reason=exc))
    if len(entries) > MAX_SEARCHES:
        problems.append(_("only the first {count} saved searches are read").format(count=MAX_SEARCHES))
    return SearchStore(tuple(searches), tuple(problems))


class Changed(FrozenRecord):
    """What a change of the saved searches did, and a note for the player (a damaged file kept aside)."""

    __slots__ = _fields = ("changed", "note")

    changed: bool
    note: str | None

    def __init__(self, changed: bool, note: str | None = None) -> None:
        set_field(self, "changed", changed)
        set_field(self, "note", note)


def _change(path: Path | None, edit: Callable[[list[object]], bool]) -> Changed:
    """Edit the stored entries under the file's lock, keeping every other entry as stored (even a broken one)."""
    path = path or searches_path()

    def change(entries: list[object] | None) -> bytes | None:
        kept = list(entries or [])
        if not edit(kept):
            return None
        data = {"version": FILE_VERSION, "searches": kept}
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")

    updated = update(path, path.parent, MAX_FILE_BYTES, _entries, change)
    return Changed(updated.written, updated.note())


def _index(entries: list[object], game: str, name: str) -> int | None:
    for position, entry in enumerate(entries):
        try:
            if _search(entry).same_name(game, name):
                return position
        except (ValueError, TypeError):
            continue
    return None


def save_search(search: SavedSearch, path: Path | None = None) -> Changed:
    """Save a search under its name, replacing the game's search of that name (whatever its case)."""
    saved = SavedSearch(check_name(search.name), search.game, search.query, dict(search.filters))
    _search(saved.to_json())  # the same checks a read makes: never write what would be skipped

    def edit(entries: list[object]) -> bool:
        position = _index(entries, saved.game, saved.name)
        if position is None:
            if len(entries) >= MAX_SEARCHES:
                raise ValueError(_("at most {count} searches can be saved").format(count=MAX_SEARCHES))
            entries.append(saved.to_json())
        else:
            entries[position] = saved.to_json()
        return True

    return _change(path, edit)


def rename_search(game: str, name: str, new_name: str, path: Path | None = None) -> Changed:
    """Give the game's search `name` a new name; ValueError when another search already has it."""
    wanted = check_name(new_name)

    def edit(entries: list[object]) -> bool:
        position = _index(entries, game, name)
        if position is None:
            return False
        other = _index(entries, game, wanted)
        if other is not None and other != position:
            raise ValueError(_("a saved search named {name!r} already exists").format(name=wanted))
        entry = entries[position]
        assert isinstance(entry, dict)  # _index found a sound entry there
        entries[position] = {**entry, "name": wanted}
        return True

    return _change(path, edit)


def delete_search(game: str, name: str, path: Path | None = None) -> Changed:
    """Forget the game's search `name`; `changed` is False when there was none."""

    def edit(entries: list[object]) -> bool:
        position = _index(entries, game, name)
        if position is None:
            return False
        del entries[position]
        return True

    return _change(path, edit)

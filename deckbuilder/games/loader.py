"""Games and formats, shipped and the player's own, read through one loader and one link policy.

Link policy, the same for a user format file, a user game folder and every file a game's description names: a
path is read only when it resolves inside the folder it was found in (`<user data>/formats` for a format file,
`<user data>/games` for a game folder, the game's own folder for the files its `game.json` names). A link that
stays inside is followed; one that leads out is refused and named, never read.

Every file is read by `games.datafiles` (bounded, regular files only, JSON without surprises).
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.db import user_data_dir
from carddb.record import TupleRecord
from deckbuilder.deck import DEFAULT_GAME
from deckbuilder.games.datafiles import DataFileError, read_json, resolves_inside
from deckbuilder.games.description import (
    GAME_FILE,
    Game,
    GameError,
    GameFormat,
    format_from_data,
    game_from_data,
    read_game_json,
)
from deckbuilder.games.engines import ENGINES, validate_format
from deckbuilder.i18n import gettext

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from deckbuilder.legality.results import Report

USER_GAMES_FOLDER = "games"
USER_FORMATS_FOLDER = "formats"
SHIPPED = "shipped"
_NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
_LONGEST_FOLDER_NAME = 200  # below every file system's 255-byte name limit
_FORMAT_KEYS = frozenset({"name", "title", "description", "rules", "draws"})


# User games and format files parsed and validated once per process while they stay the same file (path, size,
# modification time, inode): a folder of decks or the window checks every deck against them. A file modified within
# the last _SETTLE_NS is read again each time: its timestamp (a clock tick coarse) could hide a second write of the
# same size, the race git's index knows.
_SETTLE_NS = 2_000_000_000
_MAX_KEPT = 256
_kept_games: dict[tuple[Any, ...], Game] = {}
_kept_formats: dict[tuple[Any, ...], tuple[GameFormat, Game]] = {}


def _identity(path: Path) -> tuple[Any, ...] | None:
    """What tells this file's content apart without reading it, or None when it cannot be trusted to."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    if time.time_ns() - found.st_mtime_ns < _SETTLE_NS:
        return None
    return (str(path), found.st_size, found.st_mtime_ns, found.st_ino, found.st_dev)


def _game_identity(folder: Path) -> tuple[Any, ...] | None:
    """The identity of every file a user game's description is read from (game.json and its formats folder)."""
    described = _identity(folder / GAME_FILE)
    if described is None:
        return None
    formats = folder / "formats"
    try:
        names = sorted(os.listdir(formats)) if os.path.isdir(formats) else []
    except OSError:
        return None
    parts = [described]
    for name in names:
        part = _identity(formats / name)
        if part is None:
            return None
        parts.append(part)
    return tuple(parts)


def _keep(kept: dict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any) -> None:
    if len(kept) >= _MAX_KEPT:
        kept.clear()
    kept[key] = value


class FormatError(Exception):
    """A format cannot be found or its file is not a valid format (the message says which field and why)."""


# -- games -------------------------------------------------------------------------------------------------------


@functools.cache
def _games_root() -> Path:
    return Path(__file__).resolve().parent  # beside this module: cheaper than importlib.resources


def _engine_package(folder: Path) -> None:
    """Import the Python package a shipped game folder may be (it registers its engine and rule kinds)."""
    if not folder.name.isidentifier():
        return
    name = f"{__package__}.{folder.name}"
    try:  # by name, not by its __init__.py: a frozen bundle keeps the modules in its archive
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise


def load_game_dir(folder: Path | Traversable) -> Game:
    """Read and validate the game in a folder (its game.json and the format files it names)."""
    entry = folder.joinpath(GAME_FILE)
    source = str(entry)
    if not resolves_inside(folder, entry):
        raise GameError(f"{source}: leads outside the game's folder (a link?): not read")
    game = game_from_data(read_game_json(entry, source), source, folder)
    shipped = SHIPPED if isinstance(folder, Path) and folder.resolve().parent == _games_root() else source
    formats = tuple(f.replace(source=shipped, game=game.name) for f in game.formats)
    return game.replace(formats=formats)


@functools.cache
def _shipped_dir(folder_name: str) -> Game:
    """The shipped game in one folder beside this module, its engine package imported first (read once)."""
    entry = _games_root() / folder_name
    _engine_package(entry)
    return load_game_dir(entry)


@functools.cache
def _shipped_games() -> tuple[Game, ...]:
    found = []
    for entry in sorted(_games_root().iterdir(), key=lambda e: e.name):
        if entry.is_dir() and entry.joinpath(GAME_FILE).is_file():
            found.append(_shipped_dir(entry.name))
    found.sort(key=lambda g: (g.name != DEFAULT_GAME, g.name))
    return tuple(found)


@functools.lru_cache(maxsize=64)
def _shipped_named(wanted: str) -> Game | None:
    """The shipped game of this (case-folded) name; only its own folder is read when it bears the game's name,
    as every shipped folder does (a check of a Rage deck need not read and validate every other game). Kept:
    the shipped folders are part of the installed program and do not change while it runs."""
    # A name too long for a folder (a hostile event.json) is looked for among the games read, not as a path.
    if (
        len(wanted) <= _LONGEST_FOLDER_NAME
        and _NAME_PATTERN.match(wanted)
        and (_games_root() / wanted / GAME_FILE).is_file()
    ):
        game = _shipped_dir(wanted)
        if game.name.casefold() == wanted:
            return game
    return _shipped_by_name().get(wanted)


def shipped_game(name: str = DEFAULT_GAME) -> Game:
    """A game we ship, read once (Rage's fields and labels for its card views: no user folder is scanned)."""
    found = _shipped_named(name.casefold())
    if found is not None and found.name == name:
        return found
    for game in _shipped_games():
        if game.name == name:
            return game
    raise GameError(f"Unknown game '{name}'")


@functools.cache
def _shipped_by_name() -> dict[str, Game]:
    return {game.name.casefold(): game for game in _shipped_games()}


def user_games_dir() -> Path:
    """Where users put their own games (one folder per game)."""
    return _below(user_data_dir(), USER_GAMES_FOLDER)


@functools.lru_cache(maxsize=16)
def _below(folder: Path, name: str) -> Path:
    """folder / name, kept: every check asks for the user games and formats folders (pathlib costs ~3 µs each)."""
    return folder / name


class UserFolders(TupleRecord):
    """The player's games and formats folders as one look found them: each the folder, or None when it is not there."""

    __slots__ = ()
    _fields = ("games", "formats")

    games: Path | None
    formats: Path | None

    def __new__(cls, games: Path | None, formats: Path | None) -> UserFolders:
        return tuple.__new__(cls, (games, formats))


_NO_USER_FOLDERS = UserFolders(None, None)
# The user data folder as the last look stat-ed it: its path, its identity (inode, device, modification and change
# times), and whether that look may answer for the next ones. Adding, removing or renaming an entry in a folder sets
# the folder's modification time, so while the identity stays the same, games and formats are still absent and one
# stat answers for both. It answers only when neither name was there at all (a link named so is looked at each time:
# its target may appear) and the folder was last modified _SETTLE_NS before the look (as _identity: an entry made
# within the same clock tick could leave the time as it was). The path is compared by identity: user_data_dir keeps
# one per value, and another object only costs a look.
_last_look: tuple[Path, tuple[int, int, int, int], bool] | None = None


def user_folders() -> UserFolders:
    """The player's games and formats folders that are there now: a check looks once (the environment read once,
    in the usual case of neither folder one stat) and hands the answer to `load_game` and `formats_of`."""
    global _last_look
    data = user_data_dir()
    last = _last_look
    if last is not None and last[0] is data and time.time_ns() - last[1][2] < _SETTLE_NS:
        # Modified too lately for its time to answer (at the last look, so now too): its two entries answer.
        return _entries(data)[0]
    try:
        found = os.stat(data)
    except (OSError, ValueError):  # no data folder, or none that can be looked in: nothing is below it either
        return _NO_USER_FOLDERS
    identity = (found.st_ino, found.st_dev, found.st_mtime_ns, found.st_ctime_ns)
    if last is not None and last[2] and last[0] is data and last[1] == identity:
        return _NO_USER_FOLDERS
    folders, bare = _entries(data)
    _last_look = (data, identity, bare and time.time_ns() - found.st_mtime_ns >= _SETTLE_NS)
    return folders


def _entries(data: Path) -> tuple[UserFolders, bool]:
    """The games and formats folders below the data folder, and whether nothing at all bears either name."""
    games, formats = _below(data, USER_GAMES_FOLDER), _below(data, USER_FORMATS_FOLDER)
    games_state, formats_state = _entry_state(games), _entry_state(formats)
    found = UserFolders(games if games_state else None, formats if formats_state else None)
    return found, games_state is None and formats_state is None


def _entry_state(path: Path) -> bool | None:
    """Whether a path is a folder (a link followed, as os.path.isdir); None when nothing at all has that name."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return False
    if stat.S_ISLNK(found.st_mode):
        return os.path.isdir(path)
    return stat.S_ISDIR(found.st_mode)


def _user_game_dirs() -> Iterator[tuple[Path, str]]:
    """Each user game folder with a game.json, and "" or why it is refused (the link policy)."""
    folder = user_games_dir()
    try:
        entries = sorted(folder.iterdir())
    except OSError:  # no folder (the usual case: one failed call, no listing)
        return
    for entry in entries:
        if not entry.joinpath(GAME_FILE).exists() and not entry.joinpath(GAME_FILE).is_symlink():
            continue
        if not resolves_inside(folder, entry) or not entry.is_dir():
            yield entry, f"{entry}: leads outside {folder} (a link?): not read (game skipped)"
            continue
        yield entry, ""


def _user_games() -> tuple[list[Game], list[str]]:
    games: list[Game] = []
    problems: list[str] = []
    _shipped_games()  # the shipped engines are registered before a user game names one
    for entry, refused in _user_game_dirs():
        if refused:
            problems.append(refused)
            continue
        key = _game_identity(entry)
        game = _kept_games.get(key) if key is not None else None
        if game is None:
            try:
                game = load_game_dir(entry)
            except GameError as exc:
                problems.append(f"{exc} (game skipped)")
                continue
            if key is not None:
                _keep(_kept_games, key, game)
        if not ENGINES[game.engine].user_games:
            problems.append(
                f'{entry / GAME_FILE}: runs on the "{game.engine}" engine, which reads only its own shipped game\'s '
                "cards: its decks could not be checked (game skipped)"
            )
            continue
        games.append(game)
    return games, problems


def available_games() -> list[Game]:
    """Shipped games plus valid user games (a user game of the same name replaces a shipped one)."""
    by_name = {g.name: g for g in _shipped_games()}
    for game in _user_games()[0]:
        by_name[game.name] = game
    return sorted(by_name.values(), key=lambda g: (g.name != DEFAULT_GAME, g.name))


def game_problems() -> list[str]:
    """Why each broken user game was skipped."""
    return _user_games()[1]


def load_game(name: str | None, folders: UserFolders | None = None) -> Game:
    """The game with this name (the default, Rage, when None or empty); GameError lists the known names.

    `folders`: the player's folders as the caller's check looked them up (`user_folders`), else looked up now."""
    wanted = (name or DEFAULT_GAME).strip().casefold()
    folders = folders or user_folders()
    if folders.games is None:  # no games of the player's: the shipped ones, without a listing
        shipped = _shipped_named(wanted)
        if shipped is not None:
            return shipped
    games = available_games()
    for game in games:
        if game.name.casefold() == wanted:
            return game
    known = ", ".join(g.name for g in games)
    raise GameError(f"Unknown game '{name:.60}'; available games: {known}")


# -- formats -----------------------------------------------------------------------------------------------------


def user_formats_dir() -> Path:
    """Where users put their own format files (`"game"` names the game; Rage's when absent)."""
    return _below(user_data_dir(), USER_FORMATS_FOLDER)


def format_of_data(data: Any, source: str, game: Game | None = None) -> GameFormat:
    """A format from parsed JSON of either shape, checked against its game (FormatError names field and file)."""
    if not isinstance(data, dict):
        raise FormatError(f"{source}: a format file must hold a JSON object")
    name = data.get("name")
    if not isinstance(name, str) or not _NAME_PATTERN.match(name):
        raise FormatError(
            f'{source}: field "name" is required: lower-case letters, digits, ".", "_" or "-" (e.g. "my-league")'
        )
    game_name = data.get("game", game.name if game is not None else DEFAULT_GAME)
    if not isinstance(game_name, str):
        raise FormatError(f'{source}: field "game" must be the name of a game')
    try:
        chosen = game if game is not None and game.name == game_name else load_game(game_name[:60])
    except GameError as exc:
        raise FormatError(f'{source}: field "game": {exc}') from None
    shaped = {k: v for k, v in data.items() if k != "game"}
    try:
        translated = ENGINES[chosen.engine].legacy_format(shaped)
        unknown = sorted(str(k) for k in shaped if k not in _FORMAT_KEYS and not str(k).startswith("_"))
        if translated is None and unknown:
            raise FormatError(f"{source}: unknown field(s): {', '.join(unknown)}"[:300])
        fmt = format_from_data(dict(translated) if translated is not None else shaped, source)
    except (GameError, ValueError) as exc:
        text = str(exc)
        raise FormatError(text if text.startswith(source) else f"{source}: {text}") from None
    problems = validate_format(chosen, fmt)
    if problems:
        raise FormatError(f"{source}: " + "; ".join(problems))
    return fmt.replace(source=source, game=chosen.name)


def load_format_file(path: Path | str, game: Game | None = None) -> GameFormat:
    """Read and validate one format file; FormatError says what is wrong (with line or field)."""
    file = Path(path)
    try:
        data = read_json(file)
    except DataFileError as exc:
        raise FormatError(f"{file}: {exc}") from None
    return format_of_data(data, str(file), game)


def _user_formats(folders: UserFolders | None = None) -> tuple[list[GameFormat], list[str]]:
    folders = folders or user_folders()
    folder = folders.formats
    if folder is None:
        return [], []
    formats: list[GameFormat] = []
    problems: list[str] = []
    try:
        files = sorted(folder.glob("*.json"))
    except OSError:
        return [], []
    for file in files:
        if not resolves_inside(folder, file):
            problems.append(f"{file}: leads outside {folder} (a link?): not read (file skipped)")
            continue
        key = _identity(file)
        kept = _kept_formats.get(key) if key is not None else None
        if kept is not None and _same_game(kept[1], folders):
            formats.append(kept[0])
            continue
        try:
            fmt = load_format_file(file)
        except FormatError as exc:
            problems.append(f"{exc} (file skipped)")
            continue
        formats.append(fmt)
        if key is not None:
            _keep(_kept_formats, key, (fmt, load_game(fmt.game)))
    return formats, problems


def _same_game(game: Game, folders: UserFolders) -> bool:
    """Whether the game a kept format was checked against is still the game of its name (a user game may change)."""
    try:
        return load_game(game.name, folders) is game
    except GameError:
        return False


def formats_of(game: Game, folders: UserFolders | None = None) -> list[GameFormat]:
    """The game's formats and the player's format files for it (a file replaces a format of its name), default first.

    `folders`: the player's folders as the caller's check looked them up (`user_folders`), else looked up now."""
    users = _user_formats(folders)[0]
    if not users:
        # The game's own formats alone (no format files, the usual case): ordered once per game object, as every
        # check asks.
        kept = _OWN_FORMATS.get(id(game))
        if kept is None or kept[0] is not game:
            if len(_OWN_FORMATS) > 100:
                _OWN_FORMATS.clear()
            kept = _OWN_FORMATS[id(game)] = (
                game,
                tuple(_ordered(game, {f.name: f for f in game.formats}, [])),
            )
        return list(kept[1])
    by_name = {f.name: f for f in game.formats}
    extra: list[GameFormat] = []
    for fmt in users:
        if fmt.game != game.name:
            continue
        if fmt.name in by_name:
            by_name[fmt.name] = fmt
        else:
            extra.append(fmt)
    return _ordered(game, by_name, extra)


def _ordered(game: Game, by_name: dict[str, GameFormat], extra: list[GameFormat]) -> list[GameFormat]:
    """The game's formats (by name), then the player's others by name, the default first."""
    ordered = [*by_name.values(), *sorted({f.name: f for f in extra}.values(), key=lambda f: f.name)]
    ordered.sort(key=lambda f: f.name != game.default_format)
    return ordered


# id(game) -> (that game, its own formats in formats_of's order).
_OWN_FORMATS: dict[int, tuple[Game, tuple[GameFormat, ...]]] = {}


def format_problems() -> list[str]:
    """Why each broken user format file was skipped (one line per file)."""
    return _user_formats()[1]


def find_format(game: Game, name: str | None, folders: UserFolders | None = None) -> GameFormat:
    """The game's format with this name (case-insensitive; the default when empty); FormatError lists the known."""
    formats = formats_of(game, folders)
    wanted = (name or game.default_format).strip().casefold()
    for fmt in formats:
        if fmt.name.casefold() == wanted:
            return fmt
    known = ", ".join(f.name for f in formats) or "(none)"
    raise FormatError(f"Unknown format '{name}'; available formats: {known}")


def format_title(name: str, game: str = DEFAULT_GAME, lang: str | None = None) -> str:
    """A format's title for a sentence in the reader's language (a player's own title and unknown names as written)."""
    try:
        fmt = find_format(load_game(game), name)
    except (FormatError, GameError):
        return name
    return gettext(fmt.title or name, lang)


def checked_format_title(report: Report, lang: str | None = None) -> str:
    """The title of the format a report was checked against, in the reader's language: the title the check kept
    (Report.format_title), else found again as format_title() finds it."""
    if report.format_title:
        return gettext(report.format_title, lang)
    return format_title(report.format, report.game, lang)

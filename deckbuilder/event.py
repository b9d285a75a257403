"""An organiser's event: the format and Renown level every deck of a folder is judged by, given once.

They come from `event.json` in the folder (written by the organiser) and from `ragedeck check`'s `--format` and
`--renown`, which win over the file. One shape:

    {"event": "Rage Night 12", "date": "2026-12-05", "format": "revised-tournament", "renown": 12,
     "formats": {"warrift": "table"}}

`format` is checked for every deck whose game has a format of that name; `formats` names one per game (it wins over
`format` for its game); `renown` is the Renown level of every deck whose game has that setting (Rage). A format no
installed game has, an unknown key or a value of the wrong kind is refused whole, naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from carddb.record import FrozenRecord, set_field
from deckbuilder.games.rage.renown import MAX_RENOWN_LEVEL, RENOWN_LEVEL
from deckbuilder.i18n import gettext as _

EVENT_FILE = "event.json"
RENOWN_SETTING = RENOWN_LEVEL  # the game setting event.json's "renown" gives (Rage's)
_KEYS = ("event", "date", "format", "formats", "renown")
# The sheet's header fields are one line each; the decklist export refuses longer ones the same way.
MAX_TEXT_CHARS = 200


class EventError(ValueError):
    """An event that cannot be used: an unknown format, a bad value, an unreadable event.json (says which)."""


class Event(FrozenRecord):
    """What is given once for every deck of an event (None or empty: each deck's own)."""

    __slots__ = _fields = ("name", "date", "format", "formats", "renown", "source")

    name: str
    date: str
    format: str | None
    formats: tuple[tuple[str, str], ...]  # (game, format name): a mixed folder's per-game formats
    renown: int | None
    source: str  # where it was read from, for messages

    def __init__(
        self,
        name: str = "",
        date: str = "",
        format: str | None = None,
        formats: tuple[tuple[str, str], ...] = (),
        renown: int | None = None,
        source: str = "",
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "date", date)
        set_field(self, "format", format)
        set_field(self, "formats", formats)
        set_field(self, "renown", renown)
        set_field(self, "source", source)

    def format_for(self, game: str) -> str | None:
        """The format a deck of `game` is judged by (None: the deck's own)."""
        return dict(self.formats).get(game, self.format)

    def settings_for(self, game: Any) -> dict[str, int | None]:
        """The settings a deck of `game` is judged with: the Renown level, when the game has one."""
        if self.renown is None or not any(s.id == RENOWN_SETTING for s in getattr(game, "settings", ())):
            return {}
        return {RENOWN_SETTING: self.renown}

    def over(self, base: Event | None) -> Event:
        """This event's values where given, else `base`'s (the command line over event.json)."""
        if base is None:
            return self
        return base.replace(
            name=self.name or base.name,
            date=self.date or base.date,
            format=self.format if self.format is not None else base.format,
            formats=self.formats or base.formats,
            renown=self.renown if self.renown is not None else base.renown,
            source=self.source or base.source,
        )

    @property
    def is_empty(self) -> bool:
        """True when nothing is given for the decks (each is judged by its own format and Renown level)."""
        return self.format is None and not self.formats and self.renown is None


def load_event(folder: Path) -> Event | None:
    """The event.json of a folder (None when it has none); EventError when it cannot be used."""
    from deckbuilder.games.datafiles import DataFileError, read_json, resolves_inside

    path = folder / EVENT_FILE
    if not path.exists() and not path.is_symlink():
        return None
    if path.is_symlink() and not resolves_inside(folder, path):
        raise EventError(_("{path}: a link leading out of the folder; it is not read").format(path=path))
    try:
        data = read_json(path)
    except DataFileError as exc:
        raise EventError(f"{path}: {exc}") from None
    return event_from_data(data, str(path))


def event_from_data(data: Any, source: str) -> Event:
    """The event an event.json holds; EventError names the key that is wrong."""
    if not isinstance(data, dict):
        raise EventError(_("{source}: an event file holds one JSON object").format(source=source))
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise EventError(
            _("{source}: unknown key '{key}' (an event file takes {keys})").format(
                source=source, key=str(unknown[0])[:60], keys=", ".join(_KEYS)
            )
        )
    name, date = (_text(data, key, source) for key in ("event", "date"))
    fmt = _text(data, "format", source) or None
    formats = data.get("formats", {})
    if not isinstance(formats, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in formats.items()
    ):
        raise EventError(
            _("{source}: 'formats' must map a game to a format name, e.g. {example}").format(
                source=source, example='{"warrift": "table"}'
            )
        )
    renown = data.get("renown")
    if renown is not None and (isinstance(renown, bool) or not isinstance(renown, int)):
        raise EventError(_("{source}: 'renown' must be a whole number").format(source=source))
    event = Event(
        name=name,
        date=date,
        format=fmt,
        formats=tuple(sorted((k.strip(), v.strip()) for k, v in formats.items())),
        renown=renown,
        source=source,
    )
    check_event(event)
    return event


def _text(data: Mapping[str, Any], key: str, source: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > MAX_TEXT_CHARS:
        raise EventError(
            _("{source}: '{key}' must be text of at most {most} characters").format(
                source=source, key=key, most=MAX_TEXT_CHARS
            )
        )
    return " ".join(value.split())


def check_event(event: Event) -> None:
    """Refuse a format no installed game has (or the named game lacks) and a Renown level out of range."""
    from deckbuilder.games.description import GameError
    from deckbuilder.games.loader import available_games, formats_of, load_game

    where = f"{event.source}: " if event.source else ""
    if event.renown is not None and not 0 <= event.renown <= MAX_RENOWN_LEVEL:
        raise EventError(
            where
            + _("the Renown level must be a whole number from 0 to {maximum}, not {value}").format(
                maximum=MAX_RENOWN_LEVEL, value=event.renown
            )
        )
    games = available_games()
    if event.format is not None and not any(_has(formats_of(g), event.format) for g in games):
        every = ", ".join(sorted({f.name for g in games for f in formats_of(g)}))
        raise EventError(
            where
            + _("unknown format '{format}': no installed game has it (formats: {known})").format(
                format=event.format[:60], known=every
            )
        )
    for game_name, fmt in event.formats:
        try:
            game = load_game(game_name)
        except GameError:
            raise EventError(
                where
                + _("'{game}' is not an installed game (see `ragedeck games`)").format(game=game_name[:60])
            ) from None
        if not _has(formats_of(game), fmt):
            raise EventError(
                where
                + _("unknown format '{format}' for {game} (its formats: {known})").format(
                    format=fmt[:60], game=game.title, known=", ".join(f.name for f in formats_of(game))
                )
            )


def _has(formats: Iterable[Any], name: str) -> bool:
    wanted = name.strip().casefold()
    return any(f.name.casefold() == wanted for f in formats)


def format_for_game(event: Event | None, game: Any) -> str | None:
    """The event's format for a deck of `game` (a Game, or its name) when that game has one of the name (None: the
    deck's own)."""
    from deckbuilder.games.description import GameError
    from deckbuilder.games.loader import formats_of, load_game

    name = event.format_for(getattr(game, "name", game)) if event is not None else None
    if name is None:
        return None
    try:
        # The folder's one format is for the decks whose game has it; the others keep their own.
        return (
            name if _has(formats_of(game if not isinstance(game, str) else load_game(game)), name) else None
        )
    except GameError:  # a game that is not installed: the deck is read as Rage's, with its own format
        return None


def events_of(targets: Iterable[Path]) -> dict[Path, Event]:
    """The event.json of each folder named (EventError for the first that cannot be used)."""
    found: dict[Path, Event] = {}
    for target in targets:
        if target.is_dir():
            event = load_event(target)
            if event is not None:
                found[target] = event
    return found


def event_for(path: Path, events: Mapping[Path, Event]) -> Event | None:
    """The event whose folder holds the deck file (the nearest folder named)."""
    best: tuple[int, Event] | None = None
    for folder, event in events.items():
        if path.is_relative_to(folder) and (best is None or len(folder.parts) > best[0]):
            best = (len(folder.parts), event)
    return best[1] if best else None

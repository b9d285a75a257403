"""A game is a data file: `games/<name>/game.json` says its card fields, piles, settings, header and formats.

Shipped games live in `deckbuilder/games/<name>/`; users add games in `<user data dir>/games/<name>/` (a folder
holding `game.json` and its format files). Every field is validated and a bad file names the field that is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.record import FrozenRecord, set_field
from deckbuilder.games.datafiles import DataFileError, read_json, resolves_inside
from deckbuilder.games.description_parts import PRINTING_COLUMN as PRINTING_COLUMN
from deckbuilder.games.description_parts import STATISTIC_CHARTS as STATISTIC_CHARTS
from deckbuilder.games.description_parts import Draw as Draw
from deckbuilder.games.description_parts import Figure as Figure
from deckbuilder.games.description_parts import GameError as GameError
from deckbuilder.games.description_parts import Statistic as Statistic
from deckbuilder.games.description_parts import (
    _draws,
    _fail,
    _figures,
    _objects,
    _statistics,
    _text,
    figure_problems,
    pile_problems,
    statistic_problems,
)
from deckbuilder.games.engines import validate_game

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable  # only named: importing it costs every Rage check

GAME_FILE = "game.json"
FIELD_KINDS = ("text", "number", "words")
_FIELD_KEYS = frozenset({"name", "kind", "column", "label", "min", "search", "side"})
_NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
_GAME_KEYS = frozenset(
    {
        "name",
        "title",
        "description",
        "source",
        "engine",
        "fields",
        "columns",
        "card_data",
        "piles",
        "settings",
        "header",
        "statistics",
        "formats",
        "default_format",
        "cards",
        "draws",
        "image_column",
        "fold_reprints",
    }
)
_PILE_KEYS = frozenset({"id", "label", "types", "match", "columns", "sheet"})


class CardField(FrozenRecord):
    """One field of a card: its name, its kind (text, number or words) and the card-data column it comes from."""

    __slots__ = _fields = ("name", "kind", "column", "label", "minimum", "search", "side")
    name: str
    kind: str
    column: str
    label: str
    minimum: int | None  # a number field: the least value a card may have (lower card data is refused)
    search: tuple[str, ...]  # other words a search query may name the field by (`t:` for type)
    side: str  # a two-faced card: the face that shows the field ("" = both)

    def __init__(
        self,
        name: str,
        kind: str,
        column: str,
        label: str,
        minimum: int | None = None,
        search: tuple[str, ...] = (),
        side: str = "",
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "kind", kind)
        set_field(self, "column", column)
        set_field(self, "label", label)
        set_field(self, "minimum", minimum)
        set_field(self, "search", search)
        set_field(self, "side", side)


class Pile(FrozenRecord):
    """A pile of a deck and the card Types that go in it.

    `match` says how a Type is compared: "first" (the whole Type, or its first part before ` - `), "whole" (only
    the whole Type) or "all" (every part of a compound `A - B` is one of the types). A type ending in `*` matches
    every Type starting with it (`Character*`: `Character (Wyrm)`, `Character - Gaia`).
    """

    __slots__ = _fields = ("id", "label", "types", "match", "columns", "sheet")
    id: str
    label: str
    types: tuple[str, ...]
    match: str
    # The deck view's columns after Qty and Name (field names, `printing` where cards have printings); () = the
    # game's default (Game.pile_columns).
    columns: tuple[str, ...]
    # The decklist sheet lists the pile as a table of these fields (a number field's total over copies beside it)
    # closed by the pile's header figures; () = by Type, in two columns.
    sheet: tuple[str, ...]

    def __init__(
        self,
        id: str,
        label: str,
        types: tuple[str, ...],
        match: str = "first",
        columns: tuple[str, ...] = (),
        sheet: tuple[str, ...] = (),
    ) -> None:
        set_field(self, "id", id)
        set_field(self, "label", label)
        set_field(self, "types", types)
        set_field(self, "match", match)
        set_field(self, "columns", columns)
        set_field(self, "sheet", sheet)

    def takes(self, folded: str, parts: list[str]) -> bool:
        """Whether a card Type (spaces tidied, case folded; and its parts) goes in this pile."""
        wanted = [" ".join(t.split()).casefold() for t in self.types]
        if self.match == "all":
            return bool(wanted) and all(any(_fits(part, w) for w in wanted) for part in parts)
        if self.match == "whole":
            return any(_fits(folded, w) for w in wanted)
        return any(_fits(folded, w) or _fits(parts[0], w) for w in wanted)


PILE_MATCHES = ("first", "whole", "all")


def _fits(text: str, wanted: str) -> bool:
    return text.startswith(wanted[:-1]) if wanted.endswith("*") else text == wanted


class Setting(FrozenRecord):
    """A deck-level number: chosen by the player (with a default) or read from a field of a card in a pile."""

    __slots__ = _fields = ("id", "label", "default", "pile", "field")
    id: str
    label: str
    default: int | None
    pile: str  # from a card: the pile holding it
    field: str  # from a card: the field read

    def __init__(
        self,
        id: str,
        label: str,
        default: int | None = None,
        pile: str = "",
        field: str = "",
    ) -> None:
        set_field(self, "id", id)
        set_field(self, "label", label)
        set_field(self, "default", default)
        set_field(self, "pile", pile)
        set_field(self, "field", field)


class FormatRule(FrozenRecord):
    """One rule of a format: a rule kind and its parameters, with the rulebook passage it comes from."""

    __slots__ = _fields = ("kind", "params", "source")
    kind: str
    params: Mapping[str, Any]
    source: str

    def __init__(self, kind: str, params: Mapping[str, Any], source: str = "") -> None:
        set_field(self, "kind", kind)
        set_field(self, "params", params)
        set_field(self, "source", source)


class GameFormat(FrozenRecord):
    """A format of a data-described game: a name and its list of parameterised rules."""

    __slots__ = _fields = ("name", "title", "description", "rules", "source", "game", "draws")
    name: str
    title: str
    description: str
    rules: tuple[FormatRule, ...]
    source: str  # "shipped", or the file it was read from
    game: str  # the game it belongs to
    # Draws its rules give over the game's (by pile): the 1995 rules draw the first combat hand at the Combat Phase.
    draws: tuple[Draw, ...]

    def __init__(
        self,
        name: str,
        title: str,
        description: str,
        rules: tuple[FormatRule, ...],
        source: str = "",
        game: str = "",
        draws: tuple[Draw, ...] = (),
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "title", title)
        set_field(self, "description", description)
        set_field(self, "rules", rules)
        set_field(self, "source", source)
        set_field(self, "game", game)
        set_field(self, "draws", draws)


class Game(FrozenRecord):
    """A card game as its description file says it."""

    __slots__ = _fields = ("name", "title", "description", "source", "engine", "fields", "columns", "card_data",
                           "piles", "settings", "header", "statistics", "formats", "default_format", "cards", "draws",
                           "image_column", "fold_reprints", "folder")  # fmt: skip
    name: str
    title: str
    description: str
    source: str  # the rulebook the description follows
    engine: str  # the registered checker: "generic" for data rules, "rage" for Rage's own engine
    fields: tuple[CardField, ...]
    columns: tuple[str, ...]  # the card list's columns (field names), in order
    card_data: Mapping[str, Any]
    piles: tuple[Pile, ...]
    settings: tuple[Setting, ...]
    header: tuple[Figure, ...]
    statistics: tuple[Statistic, ...]
    formats: tuple[GameFormat, ...]
    default_format: str
    cards: str  # the card-data file shipped with the game (relative to its folder), if any
    draws: tuple[Draw, ...]  # the piles hands are drawn from (what draw odds need)
    # The card-data column naming each card's image file (relative to the card file's folder); "" = no images.
    image_column: str
    # Whether a reprint named `Name (digit)` that plays as the card `Name` is that card (Rage's Lackey data names
    # second printings so): its copies are counted with it (games/resolve.py).
    fold_reprints: bool
    folder: Traversable | None

    def __init__(
        self,
        name: str,
        title: str,
        description: str = "",
        source: str = "",
        engine: str = "generic",
        fields: tuple[CardField, ...] = (),
        columns: tuple[str, ...] = ("name", "type"),
        card_data: Mapping[str, Any] | None = None,
        piles: tuple[Pile, ...] = (),
        settings: tuple[Setting, ...] = (),
        header: tuple[Figure, ...] = (),
        statistics: tuple[Statistic, ...] = (),
        formats: tuple[GameFormat, ...] = (),
        default_format: str = "",
        cards: str = "",
        draws: tuple[Draw, ...] = (),
        image_column: str = "",
        fold_reprints: bool = False,
        folder: Traversable | None = None,
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "title", title)
        set_field(self, "description", description)
        set_field(self, "source", source)
        set_field(self, "engine", engine)
        set_field(self, "fields", fields)
        set_field(self, "columns", columns)
        set_field(self, "card_data", {} if card_data is None else card_data)
        set_field(self, "piles", piles)
        set_field(self, "settings", settings)
        set_field(self, "header", header)
        set_field(self, "statistics", statistics)
        set_field(self, "formats", formats)
        set_field(self, "default_format", default_format)
        set_field(self, "cards", cards)
        set_field(self, "draws", draws)
        set_field(self, "image_column", image_column)
        set_field(self, "fold_reprints", fold_reprints)
        set_field(self, "folder", folder)

    def field_named(self, name: str) -> CardField | None:
        """The card field with this name."""
        return next((f for f in self.fields if f.name == name), None)

    def search_field(self, word: str) -> str | None:
        """The field a search query names by this word (its name or one of its search words), None if none."""
        folded = word.casefold()
        for card_field in self.fields:
            if folded == card_field.name or folded in card_field.search:
                return card_field.name
        return "type" if folded == "type" else None

    def shown_label(self, name: str, lang: str | None = None) -> str:
        """A field's label in the reader's language (our games' labels are in the catalogue; others as written)."""
        from deckbuilder.i18n import gettext  # late: the description is read before any language is chosen

        return gettext(self.field_label(name), lang)

    def field_label(self, name: str) -> str:
        """What a player calls a card field: its label, "Type" for an undeclared `type`, else its name."""
        found = self.field_named(name)
        if found is not None:
            return found.label
        return "Type" if name == "type" else name

    def pile_of(self, card_type: str) -> str | None:
        """The pile a card Type goes in (the first pile that takes it, see `Pile.match`), None when none fits."""
        folded = " ".join(card_type.split()).casefold()
        if not folded:
            return None
        parts = [part.strip() for part in folded.split(" - ")]
        return next((pile.id for pile in self.piles if pile.takes(folded, parts)), None)

    def pile_columns(self, pile_id: str, printings: bool = False) -> tuple[str, ...]:
        """The deck view's columns of a pile after Qty and Name: its own `columns`, else Type (after the printing
        when the game's cards are printed in named sets, as its card pool says) and the card list's columns."""
        pile = next((p for p in self.piles if p.id == pile_id), None)
        if pile is not None and pile.columns:
            return pile.columns
        shown = tuple(c for c in self.columns if c not in ("name", "type"))
        return (*((PRINTING_COLUMN,) if printings else ()), "type", *shown)

    def starting_pile(self) -> str | None:
        """The pile that takes no card Type: it holds the cards a deck lists apart (Rage's starting list), if any."""
        return next((pile.id for pile in self.piles if not pile.types), None)

    def pile_label(self, pile_id: str) -> str:
        """The label a player reads for a pile."""
        return next((p.label for p in self.piles if p.id == pile_id), pile_id)

    def format_named(self, name: str | None) -> GameFormat:
        """The format with this name (the default when None or empty); GameError lists the known ones."""
        wanted = (name or self.default_format).strip().casefold()
        for fmt in self.formats:
            if fmt.name.casefold() == wanted:
                return fmt
        known = ", ".join(f.name for f in self.formats) or "(none)"
        raise GameError(f"Unknown format '{name}' for the game {self.name}; available formats: {known}")

    def cards_path(self) -> Traversable | None:
        """The shipped card-data file of this game, if it has one (never a file outside the game's folder)."""
        if not self.cards or self.folder is None:
            return None
        entry = self.folder.joinpath(self.cards)
        return entry if inside(self.folder, entry) else None


def inside(folder: Traversable, entry: Traversable) -> bool:
    """Whether a file named in a game folder is really in it (a symlink or `..` may lead anywhere on the disk)."""
    return resolves_inside(folder, entry)


def _name(value: Any, where: str, source: str) -> str:
    if not isinstance(value, str) or not _NAME_PATTERN.match(value):
        raise _fail(
            source, f'{where} must be lower-case letters, digits, ".", "_" or "-" (got {value!r:.40})'
        )
    return value


def _fields(data: Mapping[str, Any], source: str) -> tuple[CardField, ...]:
    found: list[CardField] = []
    for index, item in enumerate(_objects(data, "fields", source)):
        where = f"fields[{index}]"
        name = _name(item.get("name"), f"{where}.name", source)
        kind = _text(item, "kind", f"{source}: {where}", "text")
        if kind not in FIELD_KINDS:
            raise _fail(source, f"{where}.kind must be one of {', '.join(FIELD_KINDS)} (got {kind!r:.40})")
        column = _text(item, "column", f"{source}: {where}", name.title())
        label = _text(item, "label", f"{source}: {where}", column)
        minimum = item.get("min")
        if minimum is not None and (
            kind != "number" or isinstance(minimum, bool) or not isinstance(minimum, int)
        ):
            raise _fail(source, f"{where}.min must be a whole number, on a number field")
        unknown = sorted(str(k) for k in item if k not in _FIELD_KEYS)
        if unknown:
            raise _fail(source, f"{where} has unknown key(s): {', '.join(unknown)}")
        search = item.get("search", [])
        if not isinstance(search, list) or not all(
            isinstance(w, str) and _NAME_PATTERN.match(w) for w in search
        ):
            raise _fail(source, f"{where}.search must be a list of lower-case words")
        side = _text(item, "side", f"{source}: {where}", "")
        found.append(CardField(name, kind, column, label, minimum, tuple(search), side))
    names = [f.name for f in found]
    if found and "name" not in names:
        raise _fail(source, 'field "fields" must declare the card field "name"')
    if len(set(names)) != len(names):
        raise _fail(source, 'field "fields" declares a card field twice')
    words = [w for f in found for w in (f.name, *f.search)]
    if len(set(words)) != len(words):
        raise _fail(source, 'field "fields" gives one search word to two fields')
    return tuple(found)


def _columns(data: Mapping[str, Any], fields: tuple[CardField, ...], source: str) -> tuple[str, ...]:
    """The card list's columns: as given, else Name, Type and every number and words field."""
    given = data.get("columns")
    if given is None:
        chosen = [f.name for f in fields if f.kind != "text" and f.name not in ("name", "type")]
        return ("name", "type", *chosen)
    names = {f.name for f in fields} | {"name", "type"}
    if not isinstance(given, list) or not all(isinstance(c, str) and c in names for c in given):
        raise _fail(source, 'field "columns" must be a list of the card fields the game declares')
    if given[:1] != ["name"] or len(set(given)) != len(given):
        raise _fail(source, 'field "columns" must start with "name" and name each field once')
    return tuple(given)


def _piles(data: Mapping[str, Any], source: str) -> tuple[Pile, ...]:
    piles: list[Pile] = []
    for index, item in enumerate(_objects(data, "piles", source)):
        where = f"piles[{index}]"
        pile_id = _name(item.get("id"), f"{where}.id", source)
        types = item.get("types", [])
        if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
            raise _fail(source, f"{where}.types must be a list of card Types")
        match = _text(item, "match", f"{source}: {where}", "first")
        if match not in PILE_MATCHES:
            raise _fail(source, f"{where}.match must be one of {', '.join(PILE_MATCHES)} (got {match!r:.40})")
        unknown = sorted(str(k) for k in item if k not in _PILE_KEYS)
        if unknown:
            raise _fail(source, f"{where} has unknown key(s): {', '.join(unknown)}")
        lists: dict[str, tuple[str, ...]] = {}
        for key in ("columns", "sheet"):
            given = item.get(key, [])
            if (
                not isinstance(given, list)
                or not all(isinstance(c, str) for c in given)
                or len(set(given)) != len(given)
            ):
                raise _fail(source, f"{where}.{key} must be a list of card field names, each once")
            lists[key] = tuple(given)
        label = _text(item, "label", f"{source}: {where}", pile_id)
        piles.append(Pile(pile_id, label, tuple(types), match, lists["columns"], lists["sheet"]))
    if len({p.id for p in piles}) != len(piles):
        raise _fail(source, 'field "piles" names a pile twice')
    return tuple(piles)


def _settings(data: Mapping[str, Any], piles: set[str], fields: set[str], source: str) -> tuple[Setting, ...]:
    settings: list[Setting] = []
    for index, item in enumerate(_objects(data, "settings", source)):
        where = f"settings[{index}]"
        setting_id = _name(item.get("id"), f"{where}.id", source)
        label = _text(item, "label", f"{source}: {where}", setting_id)
        default = item.get("default")
        if default is not None and (isinstance(default, bool) or not isinstance(default, int) or default < 0):
            raise _fail(source, f"{where}.default must be a whole number of 0 or more")
        from_card = item.get("from_card")
        if from_card is None:
            settings.append(Setting(setting_id, label, default))
            continue
        if not isinstance(from_card, dict):
            raise _fail(source, f'{where}.from_card must be an object with "pile" and "field"')
        pile, card_field = from_card.get("pile"), from_card.get("field")
        if not isinstance(pile, str) or pile not in piles:
            raise _fail(source, f"{where}.from_card.pile names no pile of the game ({pile!r:.40})")
        if not isinstance(card_field, str) or card_field not in fields:
            raise _fail(source, f"{where}.from_card.field names no card field ({card_field!r:.40})")
        settings.append(Setting(setting_id, label, default, str(pile), str(card_field)))
    return tuple(settings)


def format_from_data(data: Any, source: str) -> GameFormat:
    """A game format from parsed JSON; the rule kinds and their parameters are checked when the game is built."""
    if not isinstance(data, dict):
        raise _fail(source, "a format must be a JSON object")
    name = _name(data.get("name"), 'field "name"', source)
    rules: list[FormatRule] = []
    for index, item in enumerate(_objects(data, "rules", source)):
        kind = item.get("kind")
        if not isinstance(kind, str):
            raise _fail(source, f'rules[{index}] needs a "kind" (a rule kind or a game\'s own rule)')
        params = {k: v for k, v in item.items() if k not in ("kind", "source")}
        rule_source = item.get("source", "")
        if not isinstance(rule_source, str):
            raise _fail(source, f"rules[{index}].source must be text")
        rules.append(FormatRule(kind, params, rule_source))
    # Its piles are checked against the game's once the game is read (engines.validate_format).
    draws = _draws(data, _EveryPile(), source)
    return GameFormat(
        name,
        _text(data, "title", source, name),
        _text(data, "description", source, ""),
        tuple(rules),
        draws=draws,
    )


class _EveryPile(set[str]):
    """A format's draws name piles of the game it belongs to, checked when that game is known."""

    def __contains__(self, item: object) -> bool:
        return isinstance(item, str)


def read_game_json(entry: Path | Traversable, source: str) -> Any:
    """A file of a game's description (GameError naming it)."""
    try:
        return read_json(entry)
    except DataFileError as exc:
        raise GameError(f"{source}: {exc}") from None


def game_from_data(data: Any, source: str, folder: Traversable | None = None) -> Game:
    """Build a Game from parsed JSON (formats named by file are read from `folder`); GameError names the field."""
    if not isinstance(data, dict):
        raise _fail(source, "a game file must hold a JSON object")
    unknown = sorted(k for k in data if k not in _GAME_KEYS and not k.startswith("_"))
    if unknown:
        raise _fail(source, f"unknown field(s): {', '.join(unknown)}")
    name = _name(data.get("name"), 'field "name"', source)
    engine = _text(data, "engine", source, "generic")
    fields = _fields(data, source)
    piles = _piles(data, source)
    settings = _settings(data, {p.id for p in piles}, {f.name for f in fields}, source)
    card_data = data.get("card_data", {})
    if not isinstance(card_data, dict):
        raise _fail(source, 'field "card_data" must be an object')
    formats: list[GameFormat] = []
    raw_formats = data.get("formats", [])
    if not isinstance(raw_formats, list):
        raise _fail(source, 'field "formats" must be a list of format objects or format file names')
    for index, item in enumerate(raw_formats):
        if isinstance(item, str):
            if (
                folder is None
                or "/" in item
                or "\\" in item
                or item.startswith(".")
                or not item.isprintable()
            ):
                raise _fail(source, f"formats[{index}] must name a file in the game's formats folder")
            entry = folder.joinpath("formats").joinpath(item)
            if not inside(folder, entry):
                raise _fail(source, f"formats[{index}] leaves the game's folder (a symlink?): refused")
            formats.append(
                format_from_data(read_game_json(entry, f"{source}: formats/{item}"), f"{source}: {item}")
            )
        else:
            formats.append(format_from_data(item, f"{source}: formats[{index}]"))
    if len({f.name for f in formats}) != len(formats):
        raise _fail(source, 'field "formats" names a format twice')
    default_format = _text(data, "default_format", source, formats[0].name if formats else "")
    fold_reprints = data.get("fold_reprints", False)
    if not isinstance(fold_reprints, bool):
        raise _fail(source, 'field "fold_reprints" must be true or false')
    game = Game(
        name=name,
        title=_text(data, "title", source, name),
        description=_text(data, "description", source, ""),
        source=_text(data, "source", source, ""),
        engine=engine,
        fields=fields,
        columns=_columns(data, fields, source),
        card_data=card_data,
        piles=piles,
        settings=settings,
        header=_figures(data, source),
        statistics=_statistics(data, source),
        formats=tuple(formats),
        default_format=default_format,
        cards=_text(data, "cards", source, ""),
        draws=_draws(data, {p.id for p in piles}, source),
        image_column=_text(data, "image_column", source, "").strip(),
        fold_reprints=fold_reprints,
        folder=folder,
    )
    problems = [
        *pile_problems(game),
        *figure_problems(game),
        *statistic_problems(game),
        *validate_game(game),
    ]
    if problems:
        raise _fail(source, "; ".join(problems))
    return game

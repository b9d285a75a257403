"""Cards of a data-described game: read from the card-data file its description documents, looked up by name."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.gamecards import GameCardData, GamePrinting
from carddb.model import CardInfo, FieldValue
from carddb.nearnames import NearNames
from carddb.normalize import normalize_name
from carddb.query import GameField, SearchFields
from carddb.record import FrozenRecord, MutableRecord, set_field
from carddb.safeio import read_regular_bytes
from deckbuilder.games.description import CardField, Game
from deckbuilder.i18n import _

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from carddb.images import ImageFolder

MAX_CARD_DATA_BYTES = 20_000_000
MAX_FIELD_CHARS = 10_000
MAX_UNCLOSED_QUOTES = 10  # each one re-reads the rest of the file: bounded
_WHOLE_NUMBER = re.compile(
    r"[+-]?[0-9]{1,9}\Z"
)  # ASCII digits only: "²" is a digit to str.isdigit, not to int()


# Named as the card type it builds, for the callers written before there was one.
def GameCard(
    game: str,
    name: str,
    type: str = "",
    values: Mapping[str, FieldValue] | None = None,
    norm_name: str = "",
    image: str = "",
) -> CardInfo:
    """A card of `game` with its fields by name: the one card type (carddb.model.CardInfo) every game's cards are."""
    return CardInfo(
        name=name, type=type, game=game, fields=dict(values or {}), norm_name=norm_name, image=image
    )


class CardDataIssue(FrozenRecord):
    """A row or value of a card-data file that was skipped or kept as text, with its line."""

    __slots__ = _fields = ("line", "reason")
    line: int
    reason: str

    def __init__(self, line: int, reason: str) -> None:
        set_field(self, "line", line)
        set_field(self, "reason", reason)


class CardData(MutableRecord):
    """What a card-data file gave: the cards read and what was wrong with the rest."""

    __slots__ = _fields = ("cards", "issues", "lines")
    cards: list[CardInfo]
    issues: list[CardDataIssue]
    lines: dict[str, int]  # each card's line (by normalised name)

    def __init__(
        self,
        cards: list[CardInfo] | None = None,
        issues: list[CardDataIssue] | None = None,
        lines: dict[str, int] | None = None,
    ) -> None:
        self.cards = [] if cards is None else cards
        self.issues = [] if issues is None else issues
        self.lines = {} if lines is None else lines


def _header_columns(header: list[str], issues: list[CardDataIssue]) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, name in enumerate(header):
        folded = name.strip().casefold()
        if folded in columns:
            issues.append(
                CardDataIssue(
                    1,
                    _(
                        "the header names the column '{column}' twice (columns {first} and {second}); the first is read"
                    ).format(column=name.strip(), first=columns[folded] + 1, second=index + 1),
                )
            )
            continue
        columns[folded] = index
    return columns


_SHOWN_COLUMNS = 12  # a hostile header of thousands of columns is named by its first few


def _foreign_header(game: Game, header: list[str]) -> str | None:
    """Why a header is not this game's card data, or None: it names columns the game has none of while it lacks
    columns the game has (another game's file: each card would lose the one and have the other left empty)."""
    known = {f.column.casefold() for f in game.fields} | {game.image_column.casefold()} - {""}
    named: dict[str, str] = {}
    for column in header:
        named.setdefault(column.strip().casefold(), column.strip())
    unknown = [shown for folded, shown in named.items() if folded and folded not in known]
    missing = [f.column for f in game.fields if f.column.casefold() not in named]
    if not unknown or not missing:
        return None

    def listed(columns: list[str]) -> str:
        return ", ".join(columns[:_SHOWN_COLUMNS]) + (", …" if len(columns) > _SHOWN_COLUMNS else "")

    return _(
        "the header names {unknown}, which {game} has no column for, and lacks {missing}: this is not {game} card "
        "data ({game} card data has the columns {expected}); nothing was read"
    ).format(
        unknown=listed(unknown),
        missing=listed(missing),
        game=game.title,
        expected=", ".join(f.column for f in game.fields),
    )


def read_card_data(game: Game, text: str) -> CardData:
    """Read a game's card-data file (CSV with a header naming the game's columns); bad rows are reported, not fatal."""
    import csv  # here: checking a Rage deck looks its pool up in this module and reads no CSV

    result = CardData()
    if len(text) > MAX_CARD_DATA_BYTES:
        result.issues.append(
            CardDataIssue(
                0, _("the file is too large for card data ({size} characters)").format(size=len(text))
            )
        )
        return result
    delimiter = str(game.card_data.get("delimiter", ","))[:1] or ","
    text = text.lstrip("\ufeff")
    lines: list[str] = []  # the text's lines, split only when a row cannot be read
    offset = 0  # lines before the text the current reader reads
    # strict: an unbalanced quote is an error at the end of the data, not a field swallowing the rest of the file.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(reader, None)
    except csv.Error as exc:
        result.issues.append(CardDataIssue(1, _("the header cannot be read ({error})").format(error=exc)))
        return result
    if header is None:
        result.issues.append(CardDataIssue(1, _("the file is empty")))
        return result
    foreign = _foreign_header(game, header)
    if foreign is not None:
        result.issues.append(CardDataIssue(1, foreign))
        return result
    columns = _header_columns(header, result.issues)
    where: dict[str, int] = {}
    for card_field in game.fields:
        index = columns.get(card_field.column.casefold())
        if index is not None:
            where[card_field.name] = index
    if game.image_column and game.image_column.casefold() in columns:
        where[IMAGE_KEY] = columns[game.image_column.casefold()]
    if "name" not in where:
        wanted = game.field_named("name")
        column = wanted.column if wanted is not None else "Name"
        result.issues.append(
            CardDataIssue(1, _("the header has no '{column}' column; nothing was read").format(column=column))
        )
        return result
    seen: set[str] = set()
    restarts = 0
    while True:
        line = offset + reader.line_num + 1  # the row's first line
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            lines = lines or list(io.StringIO(text, newline=""))
            # Only a quote left open reaches the end of the data; any other error is that row's alone.
            if offset + reader.line_num < len(lines) or "end of data" not in str(exc):
                result.issues.append(
                    CardDataIssue(line, _("unreadable row ({error}); skipped").format(error=exc))
                )
                continue
            # A quote opened on this line is never closed: skip the line and read on from the next one.
            result.issues.append(
                CardDataIssue(line, _("a quote opened on this line is never closed; the line is skipped"))
            )
            restarts += 1
            if restarts > MAX_UNCLOSED_QUOTES:
                result.issues.append(
                    CardDataIssue(line, _("too many unclosed quotes; the rest of the file is not read"))
                )
                break
            offset = line
            reader = csv.reader(
                io.StringIO("".join(lines[line:]), newline=""), delimiter=delimiter, strict=True
            )
            continue
        if not any(cell.strip() for cell in row):
            continue
        card = card_from_row(game, row, where, line, result.issues)
        if card is None:
            continue
        if card.norm_name in seen:
            result.issues.append(
                CardDataIssue(line, _("'{card}' appears twice; the first row is kept").format(card=card.name))
            )
            continue
        seen.add(card.norm_name)
        result.cards.append(card)
        result.lines[card.norm_name] = line
    return result


def _number(card_field: CardField, raw: str, name: str, line: int, issues: list[CardDataIssue]) -> int | None:
    """A number cell: a whole number in ASCII digits at or above the field's minimum, else reported and left empty."""
    if not raw:
        return None
    if not _WHOLE_NUMBER.match(raw):
        issues.append(
            CardDataIssue(
                line,
                _("'{card}': {column} {value} is not a whole number; left empty").format(
                    card=name, column=card_field.column, value=repr(raw[:20])
                ),
            )
        )
        return None
    value = int(raw)
    if card_field.minimum is not None and value < card_field.minimum:
        issues.append(
            CardDataIssue(
                line,
                _("'{card}': {column} {value} is below the least allowed ({minimum}); left empty").format(
                    card=name, column=card_field.column, value=value, minimum=card_field.minimum
                ),
            )
        )
        return None
    return value


def card_from_row(
    game: Game, row: list[str], where: Mapping[str, int], line: int, issues: list[CardDataIssue]
) -> CardInfo | None:
    """One row's card (cells found by field name in `where`), its values checked; None, reported, when unusable."""

    def cell(name: str) -> str:
        index = where.get(name)
        return row[index].strip() if index is not None and index < len(row) else ""

    name = " ".join(cell("name").split())
    if not name:
        issues.append(CardDataIssue(line, _("row has no card name; skipped")))
        return None
    if any(len(c) > MAX_FIELD_CHARS for c in row):
        issues.append(
            CardDataIssue(
                line,
                _("'{card}' has a field longer than {limit} characters; skipped").format(
                    card=name[:60], limit=MAX_FIELD_CHARS
                ),
            )
        )
        return None
    values: dict[str, FieldValue] = {}
    for card_field in game.fields:
        if card_field.name in ("name", "type"):
            continue
        raw = cell(card_field.name)
        if card_field.kind == "number":
            values[card_field.name] = _number(card_field, raw, name, line, issues)
        elif card_field.kind == "words":
            values[card_field.name] = tuple(w.strip() for w in raw.replace(";", ",").split(",") if w.strip())
        else:
            values[card_field.name] = raw
    return GameCard(
        game.name, name, cell("type"), values, image=_image_name(cell(IMAGE_KEY), line, issues, name)
    )


MAX_IMAGE_NAME_CHARS = 300
IMAGE_KEY = " image"  # where the image column sits among the fields' columns (no field name has a space)


def _image_name(raw: str, line: int, issues: list[CardDataIssue], name: str) -> str:
    """The card's image file as its row names it: a relative path inside the card file's folder, else reported."""
    if not raw:
        return ""
    shown = raw.replace("\\", "/")
    parts = shown.split("/")
    if (
        len(raw) > MAX_IMAGE_NAME_CHARS
        or shown.startswith("/")
        or ":" in shown
        or ".." in parts
        or "\x00" in raw
    ):
        issues.append(
            CardDataIssue(
                line,
                _("'{card}': image {image} must be a file inside the card file's folder; left out").format(
                    card=name[:60], image=repr(raw[:60])
                ),
            )
        )
        return ""
    return shown


class GameCardPool:
    """Cards of one game held in memory: the CardPool protocol (lookup, suggest) over a game's cards.

    `images` finds the files the cards' `image` names (the game's folder, or the card database's), never outside it.
    """

    def __init__(
        self, game: str, cards: Iterable[CardInfo], images: ImageFolder | CardDatabase | None = None
    ) -> None:
        self.game = game
        self._cards = {card.norm_name: card for card in cards if card.game == game}
        self._near: NearNames | None = None
        self.images = images

    def image_path(self, card: CardInfo) -> Path | None:
        """The card's image file when it has one that exists inside its folder, else None."""
        if not card.image or self.images is None:
            return None
        return self.images.image_path(card.image)

    def lookup(self, name: str) -> CardInfo | None:
        """The card of this game with this name (normalised), or None."""
        return self._cards.get(normalize_name(name))

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """Near names of this game's cards (the matcher Rage's card database uses)."""
        if self._near is None:
            shown = {key: card.name for key, card in self._cards.items()}
            self._near = NearNames(sorted(shown.values()), shown)
        return self._near.suggest(name, limit)

    def cards(self) -> list[CardInfo]:
        """Every card of the pool, in name order."""
        return sorted(self._cards.values(), key=lambda c: c.norm_name)

    def all_cards(self) -> list[CardInfo]:
        """Every card of the pool (as the card database's `all_cards`): what hints may suggest."""
        return self.cards()

    def names(self) -> list[str]:
        """Every card's name, in name order (as the card database's `names`)."""
        return [card.name for card in self.cards()]

    def card_count(self) -> int:
        """How many cards the pool holds."""
        return len(self._cards)


def read_card_file(path: Path) -> str:
    """A card-data file's text: a regular file (never a FIFO or device) of at most MAX_CARD_DATA_BYTES, UTF-8.

    Raises OSError (carddb.safeio.UnsafeFileError with its reason for what is no regular file or too large) or
    UnicodeDecodeError.
    """
    return read_regular_bytes(path, MAX_CARD_DATA_BYTES).decode("utf-8-sig")


def shipped_pool(game: Game) -> GameCardPool:
    """The cards shipped with a game (an empty pool when it ships none or its file cannot be read)."""
    from carddb.images import ImageFolder

    entry = game.cards_path()
    if entry is None:
        return GameCardPool(game.name, ())
    try:
        # A user game's file is a real path (bounded, regular only); a shipped one may sit inside a package archive.
        text = read_card_file(entry) if isinstance(entry, Path) else entry.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return GameCardPool(game.name, ())  # its cards are unknown: a deck of them is never judged legal
    # Images are named relative to the card file's folder (a game in a package archive has none to show).
    images = ImageFolder(entry.parent) if isinstance(entry, Path) else None
    return GameCardPool(game.name, read_card_data(game, text).cards, images)


def search_fields(game: Game) -> SearchFields:
    """A game's searchable fields as carddb's query language takes them (carddb never reads a description)."""
    return SearchFields(tuple(GameField(f.name, f.kind, f.search) for f in game.fields))


def database_pool(db: CardDatabase, game: Game) -> CardDatabase:
    """The cards of `game` the card database holds: the database read as that game's pool (lookup, search)."""
    return db.for_game(game.name, search_fields(game))


# + game name: the digest of the shipped card file its cards were imported from
SHIPPED_META = "shipped_cards:"


def ensure_shipped_cards(db: CardDatabase, game: Game) -> bool:
    """Import a game's shipped card file into the database when it holds none of that game's cards (or the shipped
    ones, from an older file); True when the database's cards of the game are its shipped set.

    Cards the player imported are theirs: never replaced. A database that cannot be written keeps what it has.
    """
    import hashlib
    import sqlite3

    from carddb.db import DatabaseError

    entry = game.cards_path()
    if entry is None:
        return False
    try:
        text = read_card_file(entry) if isinstance(entry, Path) else entry.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return False
    key = SHIPPED_META + game.name
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    try:
        stored = db.get_meta(key)
        has_cards = database_pool(db, game).has_cards()
        if has_cards and not stored:
            return False  # the player's own import
        if stored == digest:
            return has_cards
        folder = entry.parent if isinstance(entry, Path) else None
        import_card_data(db, game, text, str(entry), folder, shipped=digest)
    except (
        DatabaseError,
        OSError,
        sqlite3.Error,
    ):  # read-only, locked past the wait, damaged: keep what it has
        return False
    return database_pool(db, game).has_cards()


def import_card_data(
    db: CardDatabase,
    game: Game,
    text: str,
    source: str,
    folder: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    shipped: str = "",
) -> CardData:
    """Read a game's card-data file and store its cards in the database (replacing that game's cards only; those
    it lacks are retired). `shipped`: the digest of the game's shipped card file this is (else the player's own).

    The images the file names (relative to `folder`, the file's own) are checked and copied under the database
    folder; one that is missing, outside the folder or not a sound image is reported and the card kept without it.
    `progress(done, total)` and `cancel()` per card: a cancel raises ImportCancelled before anything is written
    (images already copied are unreferenced, removed by the leftover clean-up).
    """
    data, cards = read_csv_cards(db, game, text, source, folder, progress, cancel)
    if cards:
        db.store_game_printings(game.name, cards, None, meta={SHIPPED_META + game.name: shipped})
    return data


def read_csv_cards(
    db: CardDatabase,
    game: Game,
    text: str,
    source: str,
    folder: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> tuple[CardData, list[GameCardData]]:
    """A game's card-data CSV read and checked, its images copied: what was read and the cards to store (one
    printing each; the file is the game's whole card data)."""
    from carddb.importreport import ImportCancelled
    from deckbuilder.games.cardimages import store_card_images

    data = read_card_data(game, text)

    def named() -> Iterator[tuple[str, str, str, int]]:
        for done, c in enumerate(data.cards):
            if cancel is not None and cancel():
                raise ImportCancelled()
            if progress is not None:
                progress(done, len(data.cards))
            yield c.norm_name, c.name, c.image, data.lines.get(c.norm_name, 0)

    stored, problems = store_card_images(db, game.name, named(), folder)
    if cancel is not None and cancel():
        raise ImportCancelled()
    data.issues.extend(CardDataIssue(line, reason) for line, reason in problems)
    cards = [
        GameCardData(
            card.name,
            card.type,
            json.dumps({k: list(v) if isinstance(v, tuple) else v for k, v in card.fields.items()}),
            (
                GamePrinting(
                    "",
                    0,
                    card.image,
                    stored.get(card.norm_name, ""),
                    source,
                    data.lines.get(card.norm_name, 0),
                ),
            ),
        )
        for card in data.cards
    ]
    return data, cards


def pool_for(db: CardDatabase | Any | None, game: Game) -> tuple[Any, bool]:
    """Where a deck of `game` looks its cards up, for any game: True when it is the game's shipped card set.

    The game's engine answers for cards it keeps itself (Rage's: the card database); any other game's are its
    cards in the card database (its shipped card set is imported there the first time), else, with no database,
    its shipped card set read into memory.
    """
    from carddb.db import CardDatabase
    from deckbuilder.games.engines import ENGINES

    engine = ENGINES.get(game.engine)
    own = engine.card_pool(db, game) if engine is not None and db is not None else None
    if own is not None:
        return own, False
    if isinstance(db, CardDatabase):
        shipped = ensure_shipped_cards(db, game)
        pool = database_pool(db, game)
        if pool.has_cards():
            return pool, shipped
    return shipped_pool(game), True


def as_card_info(card: CardInfo | None, game: Game) -> CardInfo | None:
    """A card as what prints any card reads it (text proxies): a card with fields by name gets them as its text."""
    from carddb.model import PrintingInfo

    if card is None or not (card.fields or card.image):  # Rage's typed card is one already
        return card
    figures: list[str] = []
    texts: list[str] = []
    for card_field in game.fields:
        if card_field.name in ("name", "type"):
            continue
        value = card.value(card_field.name)
        shown = ", ".join(value) if isinstance(value, tuple) else "" if value is None else str(value)
        if not shown:
            continue
        if card_field.kind == "text":
            texts.append(shown)
        else:
            figures.append(f"{game.shown_label(card_field.name)} {shown}")  # in the reader's language
    text = "\n".join([" · ".join(figures), *texts] if figures else texts)
    # One printing holding the card's image, so whatever shows or prints a card's image shows this one.
    printings = (PrintingInfo("", (card.image,), (card.image,)),) if card.image else ()
    return CardInfo(name=card.name, type=card.type, text=text, norm_name=card.norm_name, printings=printings)


def field_text(card: Any, name: str) -> str:
    """What a list or sheet shows of a card field, for a game's card or a card database's (CardInfo's attribute):
    a list of words joined, nothing for no value."""
    value = card.value(name) if isinstance(card, CardInfo) else getattr(card, name, None)
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)

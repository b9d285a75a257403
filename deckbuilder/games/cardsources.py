"""Where a game's cards come from: one registry of card sources, named by a game's description
(`"card_data": {"format": "csv" | "lackey"}`), behind the one import entry (games/cardimport.py).

- `csv`: a UTF-8 CSV whose header names the game's columns (one printing a card).
- `json`: a JSON object keyed by card name, each card an object of the game's columns (one printing a card).
- `rage-lackey`: Rage's LackeyCCG plugin folder, one of its card-data files or a JSON card file, imported by
  carddb's importer (carddb/importing.py) into the card database's typed columns with Character identities,
  reprints, retirement and the full-text index: a source that stores its own cards and returns its ImportReport.
- `lackey`: a LackeyCCG plugin folder (plugininfo.txt naming its card-data files, else sets/*.txt; images under
  sets/setimages/<set>/) or one of its card-data files: tab-separated rows whose header names the game's columns,
  a set column (`"set_column"`, "Set" unless the description says otherwise) and ImageFile. A card in several sets is
  one card with a printing per set; the set read last is the newest, whose fields are in force.

Each source reads and checks everything (bad rows are reported by line, never fatal) and gives the cards to store
and the files they came from; the database write is one transaction, so a failed import leaves it as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from carddb.gamecards import GameCardData, GamePrinting
from deckbuilder.games.cards import CardData, CardDataIssue, card_from_row
from deckbuilder.i18n import gettext as _
from deckbuilder.i18n import render_text

if TYPE_CHECKING:
    from carddb.db import CardDatabase
    from carddb.importreport import ImportReport
    from carddb.lackey import ImageFinder
    from carddb.model import CardInfo
    from deckbuilder.games.description import Game

ProgressFn = Callable[[int, int], None]
CancelFn = Callable[[], bool]


class CardSourceError(Exception):
    """A source that cannot be imported at all: the message says why, in the reader's language."""


@dataclass
class SourceRead:
    """What a source gave: the cards to store, the files they came from (None: the game's whole card data)."""

    cards: list[GameCardData] = field(default_factory=list)
    sources: list[str] | None = None


@dataclass(frozen=True)
class CardSource:
    """One kind of card data: `read(db, game, path, shown, data, progress, cancel)` fills `data` (the cards read
    and the issues by line) and returns what to store; or, for a source that stores its own cards (Rage's),
    `run(db, path, progress, cancel)` imports them and returns its report."""

    name: str
    read: (
        Callable[[CardDatabase, Game, Path, str, CardData, ProgressFn | None, CancelFn | None], SourceRead]
        | None
    ) = None
    run: Callable[[CardDatabase, Path, ProgressFn | None, CancelFn | None], ImportReport] | None = None


def _csv(
    db: CardDatabase,
    game: Game,
    path: Path,
    shown: str,
    data: CardData,
    progress: ProgressFn | None,
    cancel: CancelFn | None,
) -> SourceRead:
    """The game's card-data CSV: its whole card data, one printing a card."""
    from deckbuilder.games.cards import read_card_file, read_csv_cards

    text = _csv_text(path, game, shown, read_card_file)
    read, cards = read_csv_cards(db, game, text, str(path), path.parent, progress, cancel)
    data.cards.extend(read.cards)
    data.issues.extend(read.issues)
    data.lines.update(read.lines)
    return SourceRead(cards, None)


def _csv_text(path: Path, game: Game, shown: str, read: Callable[[Path], str]) -> str:
    """The text of a game's card-data CSV; CardSourceError names `shown` (the path as the caller prints it)."""
    from carddb.safeio import UnsafeFileError

    if path.is_dir() or path.is_symlink():
        raise CardSourceError(
            _("{path}: give the {game} card-data file itself (a CSV file), not a folder or a link").format(
                path=shown, game=game.title
            )
        )
    try:
        # A regular file only, size-capped: a FIFO or /dev/zero is refused at once.
        return read(path)
    except UnsafeFileError as exc:
        if exc.size is not None:
            raise CardSourceError(
                _("{path} is too large for card data ({size} bytes)").format(path=shown, size=exc.size)
            ) from exc
        raise CardSourceError(
            _("{path}: cannot read: {reason}").format(path=shown, reason=render_text(exc.reason))
        ) from exc
    except UnicodeDecodeError:
        raise CardSourceError(
            _("{path} is not UTF-8 text; save the card data as UTF-8 CSV").format(path=shown)
        ) from None
    except OSError as exc:
        raise CardSourceError(
            _("{path}: cannot read: {reason}").format(path=shown, reason=exc.strerror or exc)
        ) from exc


def _lackey(
    db: CardDatabase,
    game: Game,
    path: Path,
    shown: str,
    data: CardData,
    progress: ProgressFn | None,
    cancel: CancelFn | None,
) -> SourceRead:
    from carddb.importreport import ImportCancelled
    from carddb.lackey import ImageFinder, card_data_files, read_plugin_info

    def check() -> None:
        if cancel is not None and cancel():
            raise ImportCancelled()

    if path.is_dir():
        info = None
        if (path / "plugininfo.txt").is_file():
            try:
                info = read_plugin_info(path / "plugininfo.txt")
            except OSError as exc:
                raise CardSourceError(
                    _("{path}: cannot read plugininfo.txt: {reason}").format(path=shown, reason=exc)
                ) from exc
        files, problems = card_data_files(path, info)
        data.issues.extend(_issue(0, render_text(p)) for p in problems)
        if not files:
            raise CardSourceError(
                _("{path}: no {game} card data in this folder (plugininfo.txt or sets/*.txt)").format(
                    path=shown, game=game.title
                )
            )
        images = ImageFinder(path / "sets" / "setimages", path.resolve(), check)
    elif path.is_file() and not path.is_symlink():
        files = [path]
        images = ImageFinder(path.parent / "setimages", path.parent.resolve(), check)
    else:
        raise CardSourceError(
            _("{path}: give a {game} Lackey plugin folder or one of its card-data files").format(
                path=shown, game=game.title
            )
        )
    read = _LackeyRows(db, game, images, data, check)
    for done, file in enumerate(files):
        if progress is not None:
            progress(done, len(files))
        read.file(file, shown if file == path else f"{shown}/{file.relative_to(path)}")
    return SourceRead(read.cards(), [str(f) for f in files])


class _LackeyRows:
    """The rows of a game's Lackey card-data files, as cards with a printing per set."""

    def __init__(
        self, db: CardDatabase, game: Game, images: ImageFinder, data: CardData, check: Callable[[], None]
    ) -> None:
        self.db = db
        self.game = game
        self.images = images
        self.data = data
        self.check = check
        self.set_column = str(game.card_data.get("set_column", "Set")).casefold()
        self.ranks: dict[str, int] = {}  # set (casefolded) -> its place: the set read later is newer
        self.printings: dict[str, list[tuple[GamePrinting, CardInfo]]] = {}
        self.copied: dict[Path, str] = {}
        # Each field's column (casefolded), and where a row's cells put each field (card_from_row reads by name).
        self.columns = [f.column.casefold() for f in game.fields]
        self.where = {f.name: index for index, f in enumerate(game.fields)}

    def file(self, file: Path, shown: str) -> None:
        from carddb.lackey import CardDataReader, open_card_data

        try:
            handle = open_card_data(file)
        except OSError as exc:
            raise CardSourceError(_("{path}: cannot read: {reason}").format(path=shown, reason=exc)) from exc
        with handle:
            reader = CardDataReader(handle)
            for row in reader:
                self.check()
                if row.error:
                    self.data.issues.append(_issue(row.line, render_text(row.error)))
                    continue
                self.row(
                    file, row.line, {k.casefold(): v for k, v in (*row.extra.items(), *row.values.items())}
                )
            self.data.issues.extend(_issue(note.line, render_text(note.reason)) for note in reader.notes)

    def row(self, file: Path, line: int, cells: dict[str, str]) -> None:
        # Lackey names a card's image by its set and ImageFile, not by a path column.
        card = card_from_row(
            self.game, [cells.get(c, "") for c in self.columns], self.where, line, self.data.issues
        )
        if card is None:
            return
        set_name = " ".join(cells.get(self.set_column, "").split())
        rank = self.ranks.setdefault(set_name.casefold(), len(self.ranks))
        written = cells.get("imagefile", "").strip()
        stored = self.image(set_name, written, card.name, line)
        printing = GamePrinting(set_name, rank, written, stored, str(file), line)
        kept = self.printings.setdefault(card.norm_name, [])
        kept[:] = [
            p for p in kept if p[0].set_name.casefold() != set_name.casefold()
        ]  # a later row of a set wins
        kept.append((printing, card))
        self.data.lines.setdefault(card.norm_name, line)

    def image(self, set_name: str, written: str, name: str, line: int) -> str:
        from carddb.images import ImageRefused
        from carddb.lackey import split_image_files, unsafe_name_reason
        from deckbuilder.games.cardimages import copy_card_image

        first = next(iter(split_image_files(written)), "")
        if not first or unsafe_name_reason(first) or unsafe_name_reason(set_name):
            return ""
        found, refused = self.images.locate(set_name, first)
        if found is None:
            if refused:
                self.data.issues.append(_issue(line, render_text(refused)))
            return ""
        if found not in self.copied:
            try:
                self.copied[found] = copy_card_image(self.db, self.game.name, found)
            except (OSError, ImageRefused) as exc:
                reason = (
                    render_text(exc.reason) if isinstance(exc, ImageRefused) else str(exc.strerror or exc)
                )
                self.data.issues.append(
                    _issue(
                        line,
                        _("'{card}': image {image} not used: {reason}").format(
                            card=name[:60], image=first[:80], reason=reason
                        ),
                    )
                )
                self.copied[found] = ""
        return self.copied[found]

    def cards(self) -> list[GameCardData]:
        found: list[GameCardData] = []
        for printings in self.printings.values():
            newest = max(printings, key=lambda p: p[0].rank)[1]
            fields = {k: list(v) if isinstance(v, tuple) else v for k, v in newest.fields.items()}
            found.append(
                GameCardData(
                    newest.name,
                    newest.type,
                    json.dumps(fields, ensure_ascii=False),
                    tuple(p for p, _card in printings),
                )
            )
            self.data.cards.append(newest)
        return found


def _json(
    db: CardDatabase,
    game: Game,
    path: Path,
    shown: str,
    data: CardData,
    progress: ProgressFn | None,
    cancel: CancelFn | None,
) -> SourceRead:
    """A JSON object keyed by card name, each card an object of the game's columns (a list of words may be a JSON
    list); the file is the game's whole card data, one printing a card (`set_column` names its set)."""
    from carddb.importreport import ImportCancelled
    from carddb.safeio import read_regular_bytes
    from deckbuilder.games.cardimages import store_card_images
    from deckbuilder.games.cards import IMAGE_KEY, MAX_CARD_DATA_BYTES
    from deckbuilder.games.datafiles import DataFileError, parse_json

    if path.is_dir() or path.is_symlink() or not path.is_file():
        raise CardSourceError(
            _("{path}: give the {game} card-data file itself, not a folder or a link").format(
                path=shown, game=game.title
            )
        )
    try:
        raw = read_regular_bytes(path, MAX_CARD_DATA_BYTES)
        document = parse_json(raw)
    except (OSError, DataFileError) as exc:
        raise CardSourceError(_("{path}: cannot read: {reason}").format(path=shown, reason=exc)) from exc
    if not isinstance(document, dict):
        raise CardSourceError(
            _("{path}: the card data must be a JSON object keyed by card name").format(path=shown)
        )
    names = {f.name: f.column.casefold() for f in game.fields}
    where = {name: index for index, name in enumerate(names)}
    where[IMAGE_KEY] = len(where)
    set_column = str(game.card_data.get("set_column", "Set")).casefold()
    found: list[tuple[CardInfo, str, int]] = []
    lines = _KeyLines(raw.decode("utf-8"))
    for number, (name, values) in enumerate(document.items(), start=1):
        line = lines.of(name)
        if cancel is not None and cancel():
            raise ImportCancelled()
        if progress is not None:
            progress(number - 1, len(document))
        if not isinstance(values, dict):
            data.issues.append(
                _issue(line, _("'{card}' is not an object of fields; skipped").format(card=name[:60]))
            )
            continue
        cells = {str(k).casefold(): _cell(v) for k, v in values.items()}
        cells[names.get("name", "name")] = str(name)
        row = [cells.get(column, "") for column in names.values()]
        row.append(cells.get(game.image_column.casefold(), "") if game.image_column else "")
        card = card_from_row(game, row, where, line, data.issues)
        if card is not None:
            found.append((card, " ".join(cells.get(set_column, "").split()), line))
            data.cards.append(card)
            data.lines[card.norm_name] = line
    stored, problems = store_card_images(
        db, game.name, ((c.norm_name, c.name, c.image, line) for c, _set, line in found), path.parent
    )
    data.issues.extend(_issue(line, reason) for line, reason in problems)
    cards = [
        GameCardData(
            card.name,
            card.type,
            json.dumps({k: list(v) if isinstance(v, tuple) else v for k, v in card.fields.items()}),
            (GamePrinting(set_name, 0, card.image, stored.get(card.norm_name, ""), str(path), line),),
        )
        for card, set_name, line in found
    ]
    return SourceRead(cards, None)


class _KeyLines:
    """The line each card's key stands on, found in one forward pass over the text (keys come in file order)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.line = 1

    def of(self, key: str) -> int:
        found = self.text.find(json.dumps(key, ensure_ascii=False), self.at)
        if found < 0:  # written with escapes: the line of the previous key
            return self.line
        self.line += self.text.count("\n", self.at, found)
        self.at = found
        return self.line


def _cell(value: object) -> str:
    """A JSON value as the cell a CSV would hold: a list of words joined by semicolons, nothing for null."""
    if isinstance(value, list):
        return "; ".join(str(v) for v in value)
    return "" if value is None else str(value)


def _issue(line: int, reason: str) -> CardDataIssue:
    return CardDataIssue(line, reason)


def _rage_lackey(
    db: CardDatabase, path: Path, progress: ProgressFn | None, cancel: CancelFn | None
) -> ImportReport:
    """Rage's card data (a Lackey plugin folder, a card-data file or JSON) by carddb's importer."""
    from carddb.importing import import_path

    return import_path(db, path, progress, cancel)


CARD_SOURCES: dict[str, CardSource] = {
    source.name: source
    for source in (
        CardSource("csv", _csv),
        CardSource("lackey", _lackey),
        CardSource("json", _json),
        CardSource("rage-lackey", run=_rage_lackey),
    )
}


def source_of(game: Game) -> str:
    """The kind of card data a game's description names (`card_data.format`; a CSV file unless it says so)."""
    return str(game.card_data.get("format", "csv") or "csv").casefold()

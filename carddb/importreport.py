"""What a card import reports: its issues, skipped images and counts, its errors, and every message it can give."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from carddb.messages import declare, message, message_id_of, params_of

REJECTED = "rejected"
SUSPICIOUS = "suspicious"
NOTE = "note"  # nothing lost, worth knowing (a continuation line joined to its card)

declare(
    {
        "IMPORT_SUMMARY": "Read {rows} rows from {source}: {cards_added} cards added, {cards_updated} updated; "
        "{printings_added} printings added, {printings_updated} updated; {images_copied} images copied, "
        "{images_not_copied} not copied; {lines_joined} lines joined to the card above; "
        "{rejected} rows rejected, {suspicious} suspicious.",
        "IMPORT_LABELLED": "{label}: {reason}",
        "IMPORT_ENTRY_LABEL": "entry {index} {key!r}",
        "IMPORT_NAME_EMPTY": "empty Name",
        "IMPORT_NAME_GLUED": "Name holds tabs or line breaks: a whole raw row glued into the Name (broken conversion)",
        "IMPORT_NAME_IS_TEXT": "Name looks like card text ({length} characters: {start!r}…): "
        "probably a broken line break in the previous row",
        "IMPORT_NAME_ONLY": "only the Name column is filled ({start!r}): Name looks like card text, "
        "probably a broken line break in the previous row",
        "IMPORT_SET_IS_TEXT": "Expansion looks like card text, not a set name ({start!r}…)",
        "IMPORT_NO_SET": "{name!r} has no Expansion (set): stored with an empty set name",
        "IMPORT_TYPE_UNPLACED": "{name!r}: Type {type!r} cannot be placed in a deck section",
        "IMPORT_GARBLED": "{name!r}: {columns} holds U+FFFD (bytes the source file could not decode): "
        "kept as read, check the text",
        "IMPORT_NOT_A_NUMBER": "{name!r}: {column} {value!r} is not a number (kept as text)",
        "IMPORT_DUPLICATE": "{name!r} in set {set!r} also appears at line {line} of {source}: this later row wins",
        "IMPORT_DUPLICATES_MORE": "{count} more rows repeat a card and set whose repeat is noted above: the last "
        "row of each wins",
        "IMPORT_SET_NAME_UNSAFE": "set name {reason}",
        "IMPORT_IMAGE_NAME_REFUSED": "{name!r}: image name {image!r} refused: {reason}",
        "IMPORT_IMAGE_NOT_COPIED": "{name!r}: image {image!r} not copied: {reason}",
        "IMPORT_CARD_BACK_NOT_COPIED": "the card back image (sets/setimages/general/cardback) not copied: {reason}",
        "IMPORT_IMAGE_UNSAFE": "broken or unsafe image: {reason}",
        "IMPORT_IMAGE_COPY_FAILED": "cannot be copied: {error}",
        "IMPORT_IMAGE_READ_FAILED": "cannot be read: {error}",
        "IMPORT_IMAGE_NOT_A_FILE": "is not a regular file",
        "IMPORT_IMAGE_TOO_LARGE": "is larger than 20 MB: skipped",
        "IMPORT_LINE_JOINED": "line {line} joined to {name}'s text",
        "IMPORT_RETIRED": "{name!r} is no longer in the card data: decks and the collection naming it keep it as a "
        "retired card",
        "IMPORT_RETIRED_RENAMED": "{name!r} is no longer in the card data, now {new!r}: decks and the collection "
        "naming it keep it as a retired card",
        "IMPORT_NO_CARD_ROWS": "the file holds no card rows",
        "IMPORT_PLUGININFO_UNREADABLE": "cannot read plugininfo.txt: {error}",
        "IMPORT_NO_ZONE": "no deck zone found for: {zones}",
        "IMPORT_JSON_REPLACED": "bytes that are not valid {encoding} were replaced",
        "IMPORT_JSON_NOT_UTF8": "the file is not UTF-8: read as Windows-1252 (cp1252)",
        "IMPORT_NO_CARD_ENTRIES": "the file holds no card entries",
        "IMPORT_ENTRY_NOT_OBJECT": "is {kind}, expected an object",
        "IMPORT_FIELD_NOT_TEXT": "field {field!r} holds {kind}, not text: kept aside",
        "IMPORT_NO_NAME_FIELD": "no Name field: the entry's key is used as the name",
        "IMPORT_MISSING_FIELDS": "missing required field(s): {fields}",
        "IMPORT_DB_READ_ONLY": "cannot import into {path}: the card database is read-only",
        "IMPORT_DB_FAILED": "cannot import into {path}: {error}",
        "IMPORT_CANNOT_READ": "cannot read {path}: {error}",
        "IMPORT_NOT_CARD_DATA_FILE": "{path} is not a card data file",
        "IMPORT_NO_CARD_DATA": "{path} holds no card data: expected plugininfo.txt listing card data files, or sets/*.txt",
        "IMPORT_JSON_TOO_LARGE": "{path}: larger than {most} MB, not read",
        "IMPORT_JSON_TOO_DEEP": "{source}: not valid card data: the JSON is nested too deeply",
        "IMPORT_JSON_NUMBER_TOO_LONG": "{source}: not valid card data: a number is too long ({error})",
        "IMPORT_JSON_INVALID": "{source}: not valid JSON: {error} (line {line}, column {column})",
        "IMPORT_JSON_TOP_LEVEL": "{source}: the top level is {kind}, expected an object keyed by card name",
        "IMPORT_PATH_MISSING": "{path} does not exist",
    }
)

ProgressFn = Callable[[int, int], None]
CancelFn = Callable[[], bool]


class ImportCancelled(Exception):
    """The user cancelled the import; the database is unchanged."""


class CardImportError(Exception):
    """The input cannot be imported at all (missing file, folder without card data, invalid JSON)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # a carddb Message: str(exc) would drop its id and parameters


@dataclass
class ImportIssue:
    """One rejected or suspicious row (or file-level fact, or a note such as a joined line) of an import."""

    source: str
    line: int
    reason: str  # the English text (a carddb Message when made by the importer)
    severity: str  # "rejected" | "suspicious" | "note"
    message_id: str = ""  # filled from the reason: render it with deckbuilder.i18n in the reader's language
    params: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.message_id:
            self.message_id = message_id_of(self.reason)
            self.params = params_of(self.reason)


@dataclass
class ImageSkip:
    """A card image that was found in the plugin but not copied, and why."""

    source: str
    line: int
    card: str
    image: str
    reason: str


@dataclass
class ImportReport:
    """What an import did: counts, and every row it rejected or found suspicious."""

    source: str
    rows_read: int = 0
    cards_added: int = 0
    cards_updated: int = 0
    printings_added: int = 0
    printings_updated: int = 0
    images_copied: int = 0
    issues: list[ImportIssue] = field(default_factory=list)
    lines_joined: int = 0  # continuation lines appended to the previous card's Text
    images_not_copied: list[ImageSkip] = field(default_factory=list)

    @property
    def rejected(self) -> list[ImportIssue]:
        """Issues whose row was not imported."""
        return [i for i in self.issues if i.severity == REJECTED]

    @property
    def suspicious(self) -> list[ImportIssue]:
        """Issues whose row was imported but deserves a look."""
        return [i for i in self.issues if i.severity == SUSPICIOUS]

    @property
    def joined(self) -> list[ImportIssue]:
        """Notes of the continuation lines joined onto a card's Text."""
        return [i for i in self.issues if i.severity == NOTE]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the report."""
        return asdict(self)

    def summary(self) -> str:
        """One human sentence: counts of rows, cards, printings, images and problems (a translatable Message)."""
        return message(
            "IMPORT_SUMMARY",
            rows=self.rows_read,
            source=self.source,
            cards_added=self.cards_added,
            cards_updated=self.cards_updated,
            printings_added=self.printings_added,
            printings_updated=self.printings_updated,
            images_copied=self.images_copied,
            images_not_copied=len(self.images_not_copied),
            lines_joined=self.lines_joined,
            rejected=len(self.rejected),
            suspicious=len(self.suspicious),
        )

"""The one list of a card's Lackey fields: the schema, the importer, the reader and CardInfo all derive from it."""

from __future__ import annotations

# The Lackey columns that hold numbers, in the order of the Rage plugin's header.
NUMERIC_FIELDS: tuple[str, ...] = (
    "renown",
    "rage",
    "gnosis",
    "health",
    "crage",
    "cgnosis",
    "chealth",
    "damage",
)
TEXT_FIELDS: tuple[str, ...] = ("sealed", "type", "notes", "requires", "keywords", "text", "errata")
# Every field a printing and a card carry, in the order of the Lackey header.
CARD_FIELDS: tuple[str, ...] = (*TEXT_FIELDS[:5], *NUMERIC_FIELDS, *TEXT_FIELDS[5:])

# Lackey header name -> attribute name.
LACKEY_COLUMNS: dict[str, str] = {
    "Name": "name",
    "Expansion": "set_name",
    "ImageFile": "image_file",
    "Sealed": "sealed",
    "Type": "type",
    "Notes": "notes",
    "Requires": "requires",
    "Keywords": "keywords",
    "Renown": "renown",
    "Rage": "rage",
    "Gnosis": "gnosis",
    "Health": "health",
    "CRage": "crage",
    "CGnosis": "cgnosis",
    "CHealth": "chealth",
    "Damage": "damage",
    "Text": "text",
    "Errata": "errata",
}
LACKEY_HEADER: tuple[str, ...] = tuple(LACKEY_COLUMNS)
# Attribute name -> Lackey header name, for the card fields.
HEADER_OF: dict[str, str] = {attribute: header for header, attribute in LACKEY_COLUMNS.items()}

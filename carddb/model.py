"""Plain, frozen views of cards that the rules engine, file formats and UI read (no database handles)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from carddb.allegiance import allegiance_of
from carddb.cardtypes import Section, classify_type
from carddb.fields import LACKEY_COLUMNS as LACKEY_COLUMNS
from carddb.fields import LACKEY_HEADER as LACKEY_HEADER
from carddb.fields import NUMERIC_FIELDS as NUMERIC_FIELDS
from carddb.fields import TEXT_FIELDS as TEXT_FIELDS
from carddb.normalize import normalize_name, split_keywords
from carddb.record import FrozenRecord, set_field

# A card field's value as a game describes it: text, a whole number, a list of words, or None for no value.
FieldValue = str | int | tuple[str, ...] | None
RAGE = "rage"
# Rage's card fields held as typed attributes (carddb/fields.py's columns and what the importer works out), read by
# name through CardInfo.value like any game's fields.
_TYPED_FIELDS = frozenset(
    {
        "keywords_field",
        "requires",
        "renown",
        "rage",
        "gnosis",
        "health",
        "crage",
        "cgnosis",
        "chealth",
        "damage",
        "text",
        "errata",
        "notes",
        "sealed",
        "identity",
        "keywords",
        "allegiance",
        "section",
    }
)


class PrintingInfo(FrozenRecord):
    """One printing of a card: the set it appeared in, its images and that set's fields."""

    __slots__ = _fields = ("set_name", "image_files", "image_paths", "set_rank")
    set_name: str
    image_files: tuple[str, ...]
    # Paths of the image files relative to the database folder ("" when the file was not found).
    image_paths: tuple[str, ...]
    set_rank: int

    def __init__(
        self,
        set_name: str,
        image_files: tuple[str, ...] = (),
        image_paths: tuple[str, ...] = (),
        set_rank: int = 0,
    ) -> None:
        set_field(self, "set_name", set_name)
        set_field(self, "image_files", image_files)
        set_field(self, "image_paths", image_paths)
        set_field(self, "set_rank", set_rank)


class CardInfo(FrozenRecord):
    """The one card of every game: a card identity as it is in force (the newest printing's fields), every
    printing, and its fields read by name (`value`, `number`, `words`) as its game describes them.

    Rage's fields are typed attributes (renown, requires, ...); every other game's are the `fields` mapping.
    """

    __slots__ = _fields = (
        "name",
        "type",
        "keywords_field",
        "requires",
        "renown",
        "rage",
        "gnosis",
        "health",
        "crage",
        "cgnosis",
        "chealth",
        "damage",
        "text",
        "errata",
        "notes",
        "sealed",
        "printings",
        "identity",
        "id",
        "norm_name",
        "section",
        "keywords",
        "allegiance",
        "retired",
        "replaced_by",
        "game",
        "fields",
        "image",
    )
    _unhashed = frozenset({"fields"})  # a dict
    name: str
    type: str
    keywords_field: str
    requires: str
    renown: int | None
    rage: int | None
    gnosis: int | None
    health: int | None
    crage: int | None
    cgnosis: int | None
    chealth: int | None
    damage: int | None
    text: str
    errata: str
    notes: str
    sealed: str
    printings: tuple[PrintingInfo, ...]
    # Character identity for the versions rule (DECK-RULES.md §2); "" for non-Characters.
    identity: str
    id: int | None
    norm_name: str
    section: Section | None
    keywords: tuple[str, ...]
    # "Gaia", "Wyrm" or "Rogue" for a Character (stored at import), "" for every other card.
    allegiance: str
    # A card its source no longer has (renamed or removed upstream, carddb.retire): not a current card, kept so
    # decks and the collection naming it can say so; `replaced_by` names the current card that took its place.
    retired: bool
    replaced_by: str
    # The game the card belongs to (a game's description names it); Rage's cards carry their fields as attributes.
    game: str
    # Every other game's field values by field name (its description's `fields`); not hashed (a dict).
    fields: Mapping[str, FieldValue]
    # The card's image file as its pool names it (a game's card-data file); "" = none or in its printings.
    image: str

    def __init__(
        self,
        name: str,
        type: str = "",
        keywords_field: str = "",
        requires: str = "",
        renown: int | None = None,
        rage: int | None = None,
        gnosis: int | None = None,
        health: int | None = None,
        crage: int | None = None,
        cgnosis: int | None = None,
        chealth: int | None = None,
        damage: int | None = None,
        text: str = "",
        errata: str = "",
        notes: str = "",
        sealed: str = "",
        printings: tuple[PrintingInfo, ...] = (),
        identity: str = "",
        id: int | None = None,
        norm_name: str = "",
        section: Section | None = None,
        keywords: tuple[str, ...] = (),
        allegiance: str = "",
        retired: bool = False,
        replaced_by: str = "",
        game: str = RAGE,
        fields: Mapping[str, FieldValue] | None = None,
        image: str = "",
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "type", type)
        set_field(self, "keywords_field", keywords_field)
        set_field(self, "requires", requires)
        set_field(self, "renown", renown)
        set_field(self, "rage", rage)
        set_field(self, "gnosis", gnosis)
        set_field(self, "health", health)
        set_field(self, "crage", crage)
        set_field(self, "cgnosis", cgnosis)
        set_field(self, "chealth", chealth)
        set_field(self, "damage", damage)
        set_field(self, "text", text)
        set_field(self, "errata", errata)
        set_field(self, "notes", notes)
        set_field(self, "sealed", sealed)
        set_field(self, "printings", printings)
        set_field(self, "identity", identity)
        set_field(self, "id", id)
        set_field(self, "retired", retired)
        set_field(self, "replaced_by", replaced_by)
        set_field(self, "game", game)
        set_field(self, "fields", {} if fields is None else fields)
        set_field(self, "image", image)
        # Derived fields are computed once so that the rules engine's hot path only reads attributes.
        set_field(self, "norm_name", norm_name or normalize_name(name))
        if game != RAGE:
            # Rage's pile, keywords and allegiance are Rage's (DECK-RULES §1): another game has its own piles.
            set_field(self, "section", section)
            set_field(self, "keywords", keywords)
            set_field(self, "allegiance", allegiance)
            return
        if section is None:
            section = classify_type(type)
        set_field(self, "section", section)
        if not keywords and keywords_field:
            keywords = split_keywords(keywords_field)
        set_field(self, "keywords", keywords)
        if not allegiance and section is Section.CHARACTERS:
            # Same function the importer stores, so a pool built without a database agrees with search.
            allegiance = allegiance_of(name, type, keywords)
        set_field(self, "allegiance", allegiance)

    def value(self, name: str) -> FieldValue:
        """A field's value by the name its game's description gives it (None when the card has none)."""
        if name == "name":
            return self.name
        if name == "type":
            return self.type
        if name in self.fields:
            return self.fields[name]
        if self.game != RAGE:
            return None
        if name == "set_name":
            newest = self.printing(None)
            return newest.set_name if newest is not None else None
        if name in _TYPED_FIELDS:
            value: FieldValue = getattr(self, name)  # Section is a str
            return value
        return None

    def number(self, name: str) -> int | None:
        """A number field's value, None when empty or not a number."""
        value = self.value(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def words(self, name: str) -> tuple[str, ...]:
        """A field's value as words (a words field, or a text/number field as one word)."""
        value = self.value(name)
        if value is None or value == "":
            return ()
        if isinstance(value, tuple):
            return value
        return (str(value),)

    @property
    def sets(self) -> tuple[str, ...]:
        """Every set this card was printed in."""
        return tuple(p.set_name for p in self.printings)

    @property
    def keyword_set(self) -> frozenset[str]:
        """Keywords casefolded, for membership tests."""
        return frozenset(k.casefold() for k in self.keywords)

    def printing(self, set_name: str | None) -> PrintingInfo | None:
        """The printing from `set_name` (case-insensitive), or the newest one when None."""
        if not self.printings:
            return None
        if set_name is None:
            return self.printings[0]
        wanted = set_name.casefold()
        for printing in self.printings:
            if printing.set_name.casefold() == wanted:
                return printing
        return None


def _stored_value(value: object) -> FieldValue:
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, str)):
        return value
    return str(value)


def stored_fields(text: str) -> dict[str, FieldValue]:
    """A card's `fields` JSON as its values by field name (lists of words as tuples; anything unreadable: none)."""
    try:
        raw = json.loads(text) if text else {}
    except (json.JSONDecodeError, RecursionError):
        return {}
    return {str(k): _stored_value(v) for k, v in raw.items()} if isinstance(raw, dict) else {}

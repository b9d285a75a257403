"""Plain, frozen views of cards that the rules engine, file formats and UI read (no database handles)."""

from __future__ import annotations

from dataclasses import dataclass, field

from carddb.allegiance import allegiance_of
from carddb.cardtypes import Section, classify_type
from carddb.fields import LACKEY_COLUMNS as LACKEY_COLUMNS
from carddb.fields import LACKEY_HEADER as LACKEY_HEADER
from carddb.fields import NUMERIC_FIELDS as NUMERIC_FIELDS
from carddb.fields import TEXT_FIELDS as TEXT_FIELDS
from carddb.normalize import normalize_name, split_keywords


@dataclass(frozen=True, slots=True)
class PrintingInfo:
    """One printing of a card: the set it appeared in, its images and that set's fields."""

    set_name: str
    image_files: tuple[str, ...] = ()
    # Paths of the image files relative to the database folder ("" when the file was not found).
    image_paths: tuple[str, ...] = ()
    set_rank: int = 0


@dataclass(frozen=True, slots=True)
class CardInfo:
    """A card identity as it is in force: the newest printing's fields, plus every printing."""

    name: str
    type: str = ""
    keywords_field: str = ""
    requires: str = ""
    renown: int | None = None
    rage: int | None = None
    gnosis: int | None = None
    health: int | None = None
    crage: int | None = None
    cgnosis: int | None = None
    chealth: int | None = None
    damage: int | None = None
    text: str = ""
    errata: str = ""
    notes: str = ""
    sealed: str = ""
    printings: tuple[PrintingInfo, ...] = ()
    # Character identity for the versions rule (DECK-RULES.md §2); "" for non-Characters.
    identity: str = ""
    id: int | None = None
    norm_name: str = field(default="")
    section: Section | None = field(default=None)
    keywords: tuple[str, ...] = field(default=())
    # "Gaia", "Wyrm" or "Rogue" for a Character (stored at import), "" for every other card.
    allegiance: str = field(default="")
    # A card its source no longer has (renamed or removed upstream, carddb.retire): not a current card, kept so
    # decks and the collection naming it can say so; `replaced_by` names the current card that took its place.
    retired: bool = False
    replaced_by: str = ""

    def __post_init__(self) -> None:
        # Derived fields are computed once so that the rules engine's hot path only reads attributes.
        if not self.norm_name:
            object.__setattr__(self, "norm_name", normalize_name(self.name))
        if self.section is None:
            object.__setattr__(self, "section", classify_type(self.type))
        if not self.keywords and self.keywords_field:
            object.__setattr__(self, "keywords", split_keywords(self.keywords_field))
        if not self.allegiance and self.section is Section.CHARACTERS:
            # Same function the importer stores, so a pool built without a database agrees with search.
            object.__setattr__(self, "allegiance", allegiance_of(self.name, self.type, self.keywords))

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

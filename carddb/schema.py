"""SQLModel tables of the card database: today's schema. On every change bump SCHEMA_VERSION, add a frozen step in
carddb/migrations and write carddb/migrations/fresh.py again (tests/carddb/test_fresh_schema.py says how).

The program does not import it: a new database is made from the SQL these tables generate, frozen in
carddb/migrations/fresh.py (a test holds the two equal), so no start pays for SQLModel, SQLAlchemy and pydantic.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, ForeignKey, Index, Integer, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from carddb.fields import CARD_FIELDS, NUMERIC_FIELDS
from carddb.versions import SCHEMA_VERSION as SCHEMA_VERSION


class Meta(SQLModel, table=True):
    """Key/value facts about the database: schema version, card-data date, plugin zone labels."""

    __tablename__ = "meta"
    key: str = Field(primary_key=True)
    value: str = ""


def _card_fields_namespace() -> dict[str, Any]:
    # The columns come from carddb.fields.CARD_FIELDS, the one list the importer and the reader also use.
    namespace: dict[str, Any] = {
        "__module__": __name__,
        "__doc__": "The Lackey columns a card carries: the values of its newest printing, in force.",
        "__annotations__": {},
    }
    for name in CARD_FIELDS:
        numeric = name in NUMERIC_FIELDS
        namespace["__annotations__"][name] = int | None if numeric else str
        namespace[name] = None if numeric else ""
    return namespace


CardFields: Any = type("CardFields", (SQLModel,), _card_fields_namespace())


class Card(CardFields, table=True):  # type: ignore[misc,call-arg]
    """One card identity of one game (its normalised name) with the fields of its newest printing in force.

    Every game's cards live here: Rage's fields are the typed columns above (its Lackey columns); another game's
    are `fields`, a JSON object keyed by the field names its description gives.
    """

    __tablename__ = "card"
    __table_args__ = (
        Index("ix_card_game_norm_name", "game", "norm_name", unique=True),
        # A game's cards in name order, covering every column a search row shows: a page of hits never reads the
        # card rows, and a game's first and last place (its range in the full-text index) are one seek each.
        Index(
            "ix_card_name_rank",
            "game",
            "name_rank",
            "id",
            "name",
            "type",
            "section",
            "newest_set",
            "renown",
            "rage",
            "gnosis",
            "health",
            "requires",
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    norm_name: str
    name: str
    section: str | None = None  # "characters" | "sept" | "combat"; None when the Type cannot be placed
    identity: str = ""  # Character identity for the versions rule
    # "Gaia" / "Wyrm" / "Rogue" for Characters, "" otherwise: decided once at import (carddb.allegiance).
    allegiance: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # Position in name order; also the card's rowid in the full-text index, so matches stream out sorted.
    name_rank: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    # The set of the printing in force (the newest), which every search row shows.
    newest_set: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # The game the card is of (a game's description names it); its cards' places in name order are contiguous.
    game: str = Field(default="rage", sa_column_kwargs={"server_default": "rage"})
    # JSON object: another game's field values by field name (text, whole number, list of words or null).
    fields: str = Field(default="{}", sa_column_kwargs={"server_default": "{}"})


class Printing(SQLModel, table=True):
    """One printing of a card in one set: what is its own (set, rank, images, source row), not the card's fields.

    The card row holds the fields in force (its newest printing's); a printing whose Lackey row said something else
    keeps just those values, in `own_fields`, so every field value is stored once.
    """

    __tablename__ = "printing"
    __table_args__ = (
        UniqueConstraint("card_id", "set_name"),
        # set_names() for the browser's set filter, without scanning every printing.
        Index("ix_printing_set_rank", "set_name", "set_rank"),
    )

    id: int | None = Field(default=None, primary_key=True)
    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="CASCADE"), nullable=False))
    set_name: str
    set_rank: int = 0  # higher = newer; the highest-ranked printing is in force
    image_file: str = ""  # Lackey ImageFile as written ("front,back" for two-sided Characters)
    image_paths: str = ""  # JSON list of paths relative to the database folder, "" entries when missing
    # JSON object: the card fields whose value in this printing's row differs from the card's ("" = none differ).
    own_fields: str = Field(default="", sa_column_kwargs={"server_default": ""})
    extra: str = "{}"  # JSON: unknown columns and non-numeric values of numeric columns, kept verbatim
    source: str = ""  # file the row came from
    source_line: int = 0


class RetiredCard(SQLModel, table=True):
    """A card its source no longer has (renamed or removed upstream): kept so decks and the collection naming it
    can say so, with the card that took its place. A later import that has it again brings it back."""

    __tablename__ = "retired_card"
    game: str = Field(primary_key=True)  # the game the card was of
    norm_name: str = Field(primary_key=True)
    name: str
    replaced_by: str = ""  # the name of the current card that took its place ("" when none is known)
    # JSON: its card fields, section, identity, allegiance and newest set when it was retired
    fields: str = "{}"
    retired_on: str = ""  # ISO date of the import that no longer had it
    source: str = ""  # that import's source


class CharacterIdentity(SQLModel, table=True):
    """Editable table: a Character name that is a version of another identity (renamed versions)."""

    __tablename__ = "character_identity"
    norm_name: str = Field(primary_key=True)
    identity: str  # normalised identity key shared by all versions
    shipped: bool = True  # False for rows a user added


class CollectionCard(SQLModel, table=True):
    """Cards a player owns, by game, name and printing; kept apart from the card tables so no re-import touches it."""

    __tablename__ = "collection"
    game: str = Field(primary_key=True)  # the game the cards are of ("rage", or a described game's name)
    norm_name: str = Field(primary_key=True)  # normalised name: no link to card.id, so a rename loses nothing
    set_name: str = Field(default="", primary_key=True)  # "" = printing not given
    name: str  # as the player wrote it, shown and exported while the card is unknown
    count: int = 0


def create_statements() -> list[str]:
    """CREATE TABLE / CREATE INDEX statements for every table, run by carddb.db on its own locked connection."""
    from sqlalchemy.dialects import sqlite
    from sqlalchemy.schema import CreateIndex, CreateTable

    dialect = sqlite.dialect()
    statements: list[str] = []
    for table in SQLModel.metadata.sorted_tables:
        statements.append(str(CreateTable(table, if_not_exists=True).compile(dialect=dialect)))
        for index in sorted(table.indexes, key=lambda i: str(i.name)):
            statements.append(str(CreateIndex(index, if_not_exists=True).compile(dialect=dialect)))
    return statements

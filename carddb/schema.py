"""SQLModel tables of the card database. Bump SCHEMA_VERSION and add a migration in db.py on every change."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Index, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel

SCHEMA_VERSION = 3


class Meta(SQLModel, table=True):
    """Key/value facts about the database: schema version, card-data date, plugin zone labels."""

    __tablename__ = "meta"
    key: str = Field(primary_key=True)
    value: str = ""


class CardFields(SQLModel):
    """The Lackey columns a card carries, shared by a printing and by the card's in-force copy."""

    sealed: str = ""
    type: str = ""
    notes: str = ""
    requires: str = ""
    keywords: str = ""
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


class Card(CardFields, table=True):
    """One card identity (its normalised name) with the fields of its newest printing in force."""

    __tablename__ = "card"
    __table_args__ = (Index("ix_card_section", "section"),)

    id: int | None = Field(default=None, primary_key=True)
    norm_name: str = Field(unique=True, index=True)
    name: str
    section: str | None = None  # "characters" | "sept" | "combat"; None when the Type cannot be placed
    identity: str = ""  # Character identity for the versions rule


class Printing(CardFields, table=True):
    """One printing of a card in one set, with every Lackey column of that row."""

    __tablename__ = "printing"
    __table_args__ = (UniqueConstraint("card_id", "set_name"),)

    id: int | None = Field(default=None, primary_key=True)
    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="CASCADE"), nullable=False))
    set_name: str = Field(index=True)
    set_rank: int = 0  # higher = newer; the highest-ranked printing is in force
    image_file: str = ""  # Lackey ImageFile as written ("front,back" for two-sided Characters)
    image_paths: str = ""  # JSON list of paths relative to the database folder, "" entries when missing
    extra: str = "{}"  # JSON: unknown columns and non-numeric values of numeric columns, kept verbatim
    source: str = ""  # file the row came from
    source_line: int = 0


class CharacterIdentity(SQLModel, table=True):
    """Editable table: a Character name that is a version of another identity (renamed versions)."""

    __tablename__ = "character_identity"
    norm_name: str = Field(primary_key=True)
    identity: str  # normalised identity key shared by all versions
    shipped: bool = True  # False for rows a user added


class CollectionCard(SQLModel, table=True):
    """Cards a player owns, by name and printing; kept apart from the card tables so no re-import touches it."""

    __tablename__ = "collection"
    norm_name: str = Field(primary_key=True)  # normalised name: no link to card.id, so a rename loses nothing
    set_name: str = Field(default="", primary_key=True)  # "" = printing not given
    name: str  # as the player wrote it, shown and exported while the card is unknown
    count: int = 0

"""Rage card database: schema, import and search. Never imports Qt."""

from carddb.cardtypes import Section, classify_type
from carddb.db import CardDatabase, default_db_path
from carddb.model import CardInfo, PrintingInfo
from carddb.normalize import normalize_name

__all__ = [
    "CardDatabase",
    "CardInfo",
    "PrintingInfo",
    "Section",
    "classify_type",
    "default_db_path",
    "normalize_name",
]

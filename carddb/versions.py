"""Schema version and application id of the card database, readable without importing SQLModel."""

from __future__ import annotations

SCHEMA_VERSION = 10
# `PRAGMA application_id` of our databases ("RAGE"), so another application's SQLite file is recognised.
APPLICATION_ID = 0x52414745

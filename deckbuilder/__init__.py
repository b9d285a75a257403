"""Rage Deckbuilder: deck domain, legality rules, deck files, exports, CLI and (in ui/) the Qt app."""

__version__ = "0.1.0"

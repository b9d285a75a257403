"""Rage as a game package: its rules as rule kinds (`rage:<code>`), its engine, its formats' Rage view.

Importing the package registers Rage's rule kinds and engine; the loader imports it before it reads
`game.json` beside it (a shipped game folder that is a Python package is imported first).
"""

from deckbuilder.games.rage import engine as engine

"""`python -m deckbuilder` is the same as `ragedeck`."""

from deckbuilder.cli import run

run()

"""Entry point that PyInstaller freezes: the same as the `ragedeck` command."""

from deckbuilder.cli import run

if __name__ == "__main__":
    run()

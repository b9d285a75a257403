"""Entry point that PyInstaller freezes: the same as the `ragedeck` command."""

import sys

from deckbuilder.cli import main

if __name__ == "__main__":
    sys.exit(main())

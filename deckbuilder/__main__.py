"""`python -m deckbuilder` is the same as `ragedeck`."""

import sys

from deckbuilder.cli import main

sys.exit(main())

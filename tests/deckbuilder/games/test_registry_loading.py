"""The generic rule kinds are registered on first need, and every lookup finds them, after a Rage check too (Rage's
minimums, copy limits and unknown cards are the generic kinds in Rage's words)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Run in a fresh interpreter: the suite itself has long imported games/kinds.py.
_CODE = """
import json, sys
from deckbuilder.deck import Deck
from deckbuilder.games.check import check
from deckbuilder.games.cards import pool_for
from deckbuilder.games.loader import load_game
from deckbuilder.games.registry import kind_named
from deckbuilder.legality.engine import check_deck

class NoCards:
    def lookup(self, name): return None
    def suggest(self, name, limit=3): return []

rage = Deck()
rage.add("Unheard Of Card", 2)
rage_codes = sorted({r.code for r in check_deck(rage, NoCards()).results})
lithic = load_game("lithic-rage")
other = Deck(game="lithic-rage")
other.add("Unheard Of Card", 2)
other_codes = sorted({r.code for r in check(other, pool_for(None, lithic)[0], lithic).results})
print(json.dumps({"rage": rage_codes, "other": other_codes,
                  "pile_count": kind_named("pile_count") is not None}))
"""


def test_after_a_rage_check_a_generic_game_still_finds_every_kind(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _CODE], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert "UNKNOWN_CARD" in found["rage"] and "INTERNAL_ERROR" not in found["rage"]
    # The generic game's format names generic kinds: each is found (no "no such rule kind" INTERNAL_ERROR).
    assert "UNKNOWN_CARD" in found["other"] and "INTERNAL_ERROR" not in found["other"]
    assert found["pile_count"] is True

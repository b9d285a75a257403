"""The benchmarks' goals (ratios against honest baselines measured in the same run) and their verdicts.

Each judged figure's table cell says MET or NOT MET; `python benchmarks/run.py` exits 1 when any says NOT MET.
"""

from __future__ import annotations

# Goals of issues 11 and 32 (ratios against honest baselines measured in the same run).
GOAL_SEARCH_FREE_WORD = 1.5  # every free-word query vs its raw FTS5 page + count
GOAL_SEARCH_P95 = 2.0  # p95 over the whole query set vs the baselines' p95
# `ragedeck check DECK` process vs a process that opens the DB with sqlite3, reads a row
GOAL_CHECK_ONE_DECK = 3.0
GOAL_CHECK_200_DECKS = 15.0
GOAL_COLD_START = 2.5  # issue 32: smoke-test window process vs a process showing a bare QMainWindow
GOAL_IMPORT = 2.0  # import vs executemany + the same full-text index in raw SQL
GOAL_IMPORT_LINEAR = 1.5  # seconds per card at the largest size vs the smallest generated size
GOAL_IMPORT_MIB = 1024.0
GOAL_CHECK_300 = 4.0  # check_deck of a 300-card deck vs resolving its cards
GOAL_EDIT_UNKNOWN = 1.5  # an edit of a deck with ten unknown cards vs the same edit without them
GOAL_EDIT_PANEL = 3.0  # edit -> legality panel vs check_deck alone
GOAL_LIBRARY_CACHED_MS = 100.0  # issue 33: the deck library listed from its verdict cache at 1,000 decks
GOAL_SIZE = 100_000  # the size the goals are judged at (the largest size run when smaller)
# The quick mode (`run.py --quick`): whole `ragedeck check` processes on the 1,600-card pool, judged by instruction
# counts (callgrind, the same whatever the load) where valgrind exists, else by wall-time medians.
QUICK_SIZE = 1600


def goal(ratio: float, limit: float) -> str:
    """MET / NOT MET for a ratio goal."""
    return f"goal ≤ {limit:g}×: {'MET' if ratio <= limit else 'NOT MET'}"


def under(figure_ms: float, limit_ms: float) -> str:
    """MET / NOT MET for a goal in milliseconds."""
    return f"goal < {limit_ms:g} ms: {'MET' if figure_ms < limit_ms else 'NOT MET'}"

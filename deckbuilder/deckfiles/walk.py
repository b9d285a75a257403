"""The deck files a command is given: files as named, folders walked (bounded, links never followed).

Its own module, light: `ragedeck check` walks folders without loading the organiser's report (deckbuilder.report).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from carddb.messages import declare, message
from deckbuilder.deckfiles.kinds import DECK_SUFFIXES
from deckbuilder.event import EVENT_FILE

# A folder walk stops here: an organiser's folder holds tens of decks, not a disk's worth of files.
MAX_DECK_FILES = 2000
MAX_DEPTH = 4

# What a walk skipped, in the reader's language where shown (the CLI's notes, the window's print-all answer).
declare(
    {
        "WALK_TOO_MANY": "only the first {limit} deck files are checked",
        "WALK_TOO_DEEP": "{folder}: folders deeper than {limit} levels are not searched",
        "WALK_CANNOT_LIST": "{folder}: cannot list the folder: {reason}",
        "WALK_LINK": "{path}: a link; links are not followed",
    }
)


def deck_files(targets: Iterable[Path]) -> tuple[list[Path], list[str]]:
    """Deck files named or found in folders (sorted, bounded), and notes about what was skipped."""
    found: list[Path] = []
    notes: list[str] = []
    for target in targets:
        if target.is_dir():
            found.extend(_walk(target, 0, notes))
        else:
            found.append(target)
        if len(found) > MAX_DECK_FILES:
            notes.append(message("WALK_TOO_MANY", limit=MAX_DECK_FILES))
            return found[:MAX_DECK_FILES], notes
    return found, notes


def _walk(folder: Path, depth: int, notes: list[str]) -> list[Path]:
    if depth > MAX_DEPTH:
        notes.append(message("WALK_TOO_DEEP", folder=str(folder), limit=MAX_DEPTH))
        return []
    found: list[Path] = []
    try:
        # os.scandir: a file's kind comes with its name (no stat per file), so a library of 1,000 decks lists fast.
        with os.scandir(folder) as listing:
            children = sorted(listing, key=lambda entry: entry.name.casefold())
    except OSError as exc:
        notes.append(message("WALK_CANNOT_LIST", folder=str(folder), reason=str(exc.strerror or exc)))
        return []
    for child in children:
        if child.is_symlink():
            notes.append(message("WALK_LINK", path=str(folder / child.name)))  # a link may lead anywhere
            continue
        if child.name.startswith("."):
            continue  # a hidden file is no one's deck
        if depth == 0 and child.name == EVENT_FILE:
            continue  # the organiser's event settings (deckbuilder.event), not a deck
        if _is_dir(child):
            found.extend(_walk(folder / child.name, depth + 1, notes))
        elif os.path.splitext(child.name)[1].casefold() in DECK_SUFFIXES:
            found.append(folder / child.name)
        if len(found) > MAX_DECK_FILES:
            break
    return found


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False

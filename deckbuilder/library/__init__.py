"""The player's deck library (Qt-free: never imports PySide6). The contract the window and `ragedeck decks` use:

- **Folders**: `Library(db)` lists the decks folder of the user data folder (`<user data>/decks`) and the folders
  the player added (`add_folder` / `remove_folder`, kept in `<user data>/library.json` under its lock);
  `Library(db, folders=[...])` lists exactly those folders. Walks are bounded and never follow a link
  (deckfiles/walk.py); `notes` says what a walk skipped.
- **Listing**: `cached()` → `list[LibraryDeck]` from the verdict cache, nothing re-checked (under 100 ms at
  1,000 decks: benchmarks/library.py, goal GOAL_LIBRARY_CACHED_MS); a deck never checked has `legal=None,
  current=False`; a file that cannot be read is listed with `error` (never hidden). `refresh(progress,
  cancelled)` re-checks what changed (the file's path/size/mtime_ns, the card data, a game or format
  description) with every deck's own game
  (DeckContexts, batch), calls `progress(done, total)` after each deck and stops when `cancelled()` is True
  (what was checked is kept). It opens its own database connection: run it in a worker thread, no Qt here.
- **LibraryDeck** (frozen): file, name, game, format, legal (True/False/None), first_error (in the language
  shown), fingerprint, cards, saved (mtime seconds), tags, missing (copies lacking from the collection with built
  decks' cards in use; None when the player owns nothing of its game or it is not checked), built, error,
  current (False: the verdict predates a change of the file, or of the card data or descriptions seen by this
  Library's last refresh), `buildable`, `to_json()` (the `ragedeck decks --json` shape). A native deck's tags are
  read when it is checked (before that, a listing shows none).
- **Tags** (`set_tags(file, tags)`, `add_tags(files, tags)`, `remove_tags(files, tags)`; the last two change the
  tags each deck has at that moment): in the deck for native files (its `tags` key; Deck.tags, so the window's
  save keeps them), beside it for `.dek`/`.txt` (the folder's hidden `.ragedeck-library.json`; the deck's bytes
  are never changed). **Built** (`set_built(file, built)`): in that sidecar for every kind. Both are
  read-modify-write under the folder's inter-process lock (deckbuilder.userdata): two processes tagging at once
  lose nothing. A native deck open in the window is saved with the tags its Deck holds: a window that tags the
  deck it has open sets them on that Deck too.
- **Files**: `duplicate(file, name=None)`, `rename(file, new_name)`, `move(file, folder)` return the new path and
  never replace a file (LibraryError when a name is taken); `delete(file)` → `TrashedDeck` (moved into
  `<user data>/library-trash`), `restore(trashed)` puts it back with its marks, `trashed()` lists the trash,
  `empty_trash(older_than_days=0)` deletes for good.
- **Collection across decks**: `uses(card_name, game=None)` → `list[CardUse]` (deck, copies) from the last
  listing; `missing_for(files)` → `list[MissingCard]` (game, name, copies) a selection lacks together, and
  `missing_decks(missing)` → those cards as one Deck per game, for a proxy export.
- **Search**: `card_keys(game=None)` → the normalised names any deck holds, for the query language's `in:decks`
  (carddb.query.LIBRARY_FLAGS / uses_library): a search is given them as `DeckTerms.library`
  (`with_library(terms, db, game)` refreshes the library and adds them, as `ragedeck search` does).
- Every failure a player can cause is a `LibraryError` (a ValueError) with one translated line.
"""

from deckbuilder.library.across import missing_decks
from deckbuilder.library.library import Library, with_library
from deckbuilder.library.model import CardUse, LibraryDeck, LibraryError, MissingCard, TrashedDeck

__all__ = [
    "CardUse",
    "Library",
    "LibraryDeck",
    "LibraryError",
    "MissingCard",
    "TrashedDeck",
    "missing_decks",
    "with_library",
]

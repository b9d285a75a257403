"""The one list of keyboard shortcuts: the menus, the tables' own keys and Help → Keyboard shortcuts read it
(that dialog is in ui/shortcuts_dialog.py, imported when opened)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence

from carddb.record import FrozenRecord, set_field
from deckbuilder.ui.translation import QT_TRANSLATE_NOOP

CONTEXT = "Shortcuts"
Key = QKeySequence.StandardKey | str

# Where a shortcut works (a key a table reads itself would type into the search box if it were window-wide).
ANYWHERE = QT_TRANSLATE_NOOP("Shortcuts", "Anywhere")
SEARCH_BOX = QT_TRANSLATE_NOOP("Shortcuts", "Search box")
RESULTS = QT_TRANSLATE_NOOP("Shortcuts", "Card results")
DECK_LIST = QT_TRANSLATE_NOOP("Shortcuts", "Deck list")
FIX_IT = QT_TRANSLATE_NOOP("Shortcuts", "Fix it")
LIBRARY = QT_TRANSLATE_NOOP("Shortcuts", "Deck library")


class Shortcut(FrozenRecord):
    """One action a key runs: its id, what it does (English, translated when shown), its keys and where."""

    __slots__ = _fields = ("id", "label", "keys", "where")

    id: str
    label: str
    keys: tuple[Key, ...]
    where: str

    def __init__(self, id: str, label: str, keys: tuple[Key, ...], where: str = ANYWHERE) -> None:
        set_field(self, "id", id)
        set_field(self, "label", label)
        set_field(self, "keys", keys)
        set_field(self, "where", where)


_S = QKeySequence.StandardKey
SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut("new", QT_TRANSLATE_NOOP("Shortcuts", "New deck"), (_S.New,)),
    Shortcut("open", QT_TRANSLATE_NOOP("Shortcuts", "Open a deck"), (_S.Open,)),
    Shortcut("save", QT_TRANSLATE_NOOP("Shortcuts", "Save the deck"), (_S.Save,)),
    Shortcut("save_as", QT_TRANSLATE_NOOP("Shortcuts", "Save the deck as"), (_S.SaveAs,)),
    # QKeySequence.Quit is empty on Windows and bare X11; Ctrl+Q is what Linux and macOS desktops use.
    Shortcut("quit", QT_TRANSLATE_NOOP("Shortcuts", "Quit"), ("Ctrl+Q",)),
    Shortcut("undo", QT_TRANSLATE_NOOP("Shortcuts", "Undo"), (_S.Undo,)),
    Shortcut("redo", QT_TRANSLATE_NOOP("Shortcuts", "Redo"), (_S.Redo,)),
    Shortcut("find", QT_TRANSLATE_NOOP("Shortcuts", "Search for cards"), (_S.Find,)),
    Shortcut("save_search", QT_TRANSLATE_NOOP("Shortcuts", "Save this search"), ("Ctrl+Shift+K",)),
    Shortcut("saved_searches", QT_TRANSLATE_NOOP("Shortcuts", "Saved searches"), ("Ctrl+K",)),
    Shortcut("to_results", QT_TRANSLATE_NOOP("Shortcuts", "Go to the card results"), ("Down",), SEARCH_BOX),
    Shortcut("add", QT_TRANSLATE_NOOP("Shortcuts", "Add the card to the deck"), ("Return", "+"), RESULTS),
    Shortcut("deck", QT_TRANSLATE_NOOP("Shortcuts", "Go to the deck list"), ("Ctrl+D",)),
    Shortcut("next_pile", QT_TRANSLATE_NOOP("Shortcuts", "Next pile"), ("Ctrl+PgDown",), DECK_LIST),
    Shortcut("previous_pile", QT_TRANSLATE_NOOP("Shortcuts", "Previous pile"), ("Ctrl+PgUp",), DECK_LIST),
    Shortcut("more", QT_TRANSLATE_NOOP("Shortcuts", "One more copy"), ("+", "="), DECK_LIST),
    Shortcut("fewer", QT_TRANSLATE_NOOP("Shortcuts", "One copy fewer"), ("-", "Del", "Backspace"), DECK_LIST),
    Shortcut(
        "start_in_play",
        QT_TRANSLATE_NOOP("Shortcuts", "Start one copy in play"),
        ("Ctrl+Shift+P",),
        DECK_LIST,
    ),
    Shortcut(
        "return_to_sept",
        QT_TRANSLATE_NOOP("Shortcuts", "Return one copy to the sept deck"),
        ("Ctrl+Shift+B",),
        DECK_LIST,
    ),
    Shortcut("legality", QT_TRANSLATE_NOOP("Shortcuts", "Go to the legality results"), ("Ctrl+Shift+L",)),
    Shortcut("fix", QT_TRANSLATE_NOOP("Shortcuts", "Go to Fix it"), ("Ctrl+Shift+F",)),
    Shortcut("apply_fix", QT_TRANSLATE_NOOP("Shortcuts", "Apply the fix"), ("Space",), FIX_IT),
    Shortcut("next_fix", QT_TRANSLATE_NOOP("Shortcuts", "Next fix"), ("Tab",), FIX_IT),
    Shortcut("library", QT_TRANSLATE_NOOP("Shortcuts", "Open the deck library"), ("Ctrl+L",)),
    Shortcut("library_open", QT_TRANSLATE_NOOP("Shortcuts", "Open the deck"), ("Return",), LIBRARY),
    Shortcut(
        "library_duplicate", QT_TRANSLATE_NOOP("Shortcuts", "Duplicate the deck"), ("Ctrl+Shift+D",), LIBRARY
    ),
    Shortcut("library_rename", QT_TRANSLATE_NOOP("Shortcuts", "Rename the deck"), ("F2",), LIBRARY),
    Shortcut(
        "library_move",
        QT_TRANSLATE_NOOP("Shortcuts", "Move the decks to another folder"),
        ("Ctrl+M",),
        LIBRARY,
    ),
    Shortcut("library_delete", QT_TRANSLATE_NOOP("Shortcuts", "Delete the decks"), ("Del",), LIBRARY),
    Shortcut("library_tags", QT_TRANSLATE_NOOP("Shortcuts", "Set the decks' tags"), ("Ctrl+T",), LIBRARY),
    Shortcut("library_built", QT_TRANSLATE_NOOP("Shortcuts", "Mark the decks built"), ("Ctrl+B",), LIBRARY),
    Shortcut(
        "library_missing",
        QT_TRANSLATE_NOOP("Shortcuts", "Proxies of the cards the decks lack"),
        ("Ctrl+P",),
        LIBRARY,
    ),
    Shortcut(
        "library_remove_folder",
        QT_TRANSLATE_NOOP("Shortcuts", "Remove a folder from the library"),
        ("Ctrl+Shift+Del",),
        LIBRARY,
    ),
    Shortcut(
        "library_trash", QT_TRANSLATE_NOOP("Shortcuts", "Show the deleted decks"), ("Ctrl+Shift+T",), LIBRARY
    ),
    Shortcut("library_recheck", QT_TRANSLATE_NOOP("Shortcuts", "Check the decks again"), ("F5",), LIBRARY),
    Shortcut("text_larger", QT_TRANSLATE_NOOP("Shortcuts", "Larger text"), (_S.ZoomIn,)),
    Shortcut("text_smaller", QT_TRANSLATE_NOOP("Shortcuts", "Smaller text"), (_S.ZoomOut,)),
    Shortcut("text_default", QT_TRANSLATE_NOOP("Shortcuts", "Default text size"), ("Ctrl+0",)),
    Shortcut("shortcuts", QT_TRANSLATE_NOOP("Shortcuts", "Keyboard shortcuts"), (_S.HelpContents,)),
)
BY_ID = {s.id: s for s in SHORTCUTS}


def sequences(shortcut_id: str) -> list[QKeySequence]:
    """The key sequences of a shortcut (a standard key may be several, or none, on this platform)."""
    found: list[QKeySequence] = []
    for key in BY_ID[shortcut_id].keys:
        if isinstance(key, str):
            found.append(QKeySequence(key))
        else:
            found.extend(QKeySequence.keyBindings(key))
    return [s for s in found if not s.isEmpty()]


def matches(event: QKeyEvent, shortcut_id: str) -> bool:
    """True when a key press is one of the shortcut's keys (a table's own keys: +, −, Enter)."""
    pressed = event.keyCombination()
    modifiers = pressed.keyboardModifiers() & ~Qt.KeyboardModifier.KeypadModifier
    if pressed.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Minus, Qt.Key.Key_Equal):
        modifiers &= ~Qt.KeyboardModifier.ShiftModifier  # "+" is Shift+= on many keyboards
    if pressed.key() == Qt.Key.Key_Enter:
        pressed = Qt.Key.Key_Return | modifiers
    # A one-key sequence's combination (QKeySequence's [] is not in PySide6's stubs).
    wanted = [s[0] for s in sequences(shortcut_id) if s.count() == 1]  # type: ignore[index]
    return any(w.key() == pressed.key() and w.keyboardModifiers() == modifiers for w in wanted)


def shown_keys(shortcut_id: str) -> str:
    """The keys as the player reads them on this platform, in the language of the window."""
    shown: list[QKeySequence] = []
    for key in BY_ID[shortcut_id].keys:
        # A standard key's first binding is the one to learn (the others are media keys and alternatives).
        bindings = [QKeySequence(key)] if isinstance(key, str) else QKeySequence.keyBindings(key)[:1]
        shown.extend(b for b in bindings if not b.isEmpty())
    return ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in shown)

"""The one registry of deck file kinds: suffixes, label, how each is recognised, read and written, what it keeps.

Everything else is derived from it: the kind an extension stands for, the kind of pasted text, the file dialogs'
filters, the folders an organiser's report walks, `ragedeck export --to`, and what saving into a kind drops.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol

from carddb.messages import declare
from carddb.record import FrozenRecord, set_field
from deckbuilder.deck import CardPool, Deck
from deckbuilder.deckfiles.common import KIND_DEK, KIND_NATIVE, KIND_TEXT, LoadedDeck
from deckbuilder.i18n import N_, gettext


class Reader(Protocol):
    """Reads a deck file's text; `game` (the player's `--game`) decides the game, whatever the file says."""

    def __call__(
        self, text: str, pool: CardPool | None = None, source: str = ..., *, game: str | None = None
    ) -> LoadedDeck: ...


Writer = Callable[[Deck, CardPool | None, dict[str, str] | None], str]

# What a kind of file can keep besides the cards and their piles (saving into a kind that lacks one drops it).
KEEPS_NOTES = "notes"
KEEPS_SETTINGS = "settings"  # the Renown level and the format
KEEPS_PRINTINGS = "printings"
KEEPS_UNREAD = "unread"  # parts of the file it was read from that could not be read


class DeckFileKind(FrozenRecord):
    """One kind of deck file (a plain record: no code generated when `ragedeck check` starts)."""

    __slots__ = _fields = (
        "name",
        "label",
        "suffixes",
        "description",
        "sniff",
        "read",
        "write",
        "keeps",
        "export_label",
    )

    name: str  # stable id: LoadedDeck.kind, `write_deck(kind=...)`, `ragedeck export --to`
    label: str  # file dialog label (English, translated where shown)
    suffixes: tuple[str, ...]  # lower case; the first is the one a new file gets
    description: str  # message id of the kind as a note names it ("a LackeyCCG .dek deck")
    sniff: Callable[[str], bool]  # does this text look like this kind? (the text list takes anything)
    read: Reader
    write: Writer
    keeps: frozenset[str]
    export_label: str | None  # File → Export menu entry; None when Save as covers it

    def __init__(
        self,
        name: str,
        label: str,
        suffixes: tuple[str, ...],
        description: str,
        sniff: Callable[[str], bool],
        read: Reader,
        write: Writer,
        keeps: frozenset[str],
        export_label: str | None = None,
    ) -> None:
        set_field(self, "name", name)
        set_field(self, "label", label)
        set_field(self, "suffixes", suffixes)
        set_field(self, "description", description)
        set_field(self, "sniff", sniff)
        set_field(self, "read", read)
        set_field(self, "write", write)
        set_field(self, "keeps", keeps)
        set_field(self, "export_label", export_label)

    def patterns(self) -> str:
        """The kind's suffixes as file dialog patterns: `*.dek`."""
        return " ".join(f"*{suffix}" for suffix in self.suffixes)


def _lazy(module: str, name: str) -> Any:
    """A function of a kind's own module, imported on first call: a check of a text deck never pays for the
    native and .dek readers (~3 ms of every `ragedeck check` start)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(import_module(f"deckbuilder.deckfiles.{module}"), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


def _write_native(deck: Deck, pool: CardPool | None, _labels: dict[str, str] | None) -> str:
    from deckbuilder.deckfiles.native import deck_to_native

    return deck_to_native(deck, pool)


def _starts_with(first: str) -> Callable[[str], bool]:
    return lambda text: text.lstrip("\ufeff \t\r\n").startswith(first)


declare(
    {
        "DECKFILE_KIND_NATIVE": "native JSON deck",
        "DECKFILE_KIND_DEK": "LackeyCCG .dek deck",
        "DECKFILE_KIND_TEXT": "text deck list",
    }
)

# Recognised in this order: the first whose `sniff` accepts the text is its kind (the text list last).
DECK_FILE_KINDS: tuple[DeckFileKind, ...] = (
    DeckFileKind(
        name=KIND_NATIVE,
        label=N_("Native deck"),
        suffixes=(".ragedeck", ".json"),
        description="DECKFILE_KIND_NATIVE",
        sniff=_starts_with("{"),
        read=_lazy("native", "deck_from_native"),
        write=_write_native,
        keeps=frozenset({KEEPS_NOTES, KEEPS_SETTINGS, KEEPS_PRINTINGS, KEEPS_UNREAD}),
    ),
    DeckFileKind(
        name=KIND_DEK,
        label=N_("Lackey deck"),
        suffixes=(".dek",),
        description="DECKFILE_KIND_DEK",
        sniff=_starts_with("<"),
        read=_lazy("dek", "deck_from_dek"),
        write=_lazy("dek", "deck_to_dek"),
        keeps=frozenset({KEEPS_PRINTINGS}),
        export_label=N_("Lackey .de&k…"),
    ),
    DeckFileKind(
        name=KIND_TEXT,
        label=N_("Text"),
        suffixes=(".txt",),
        description="DECKFILE_KIND_TEXT",
        sniff=lambda _text: True,
        read=_lazy("text", "deck_from_text"),
        write=_lazy("text", "deck_to_text"),
        keeps=frozenset(),
        export_label=N_("Lackey &text…"),
    ),
)
_BY_NAME = {kind.name: kind for kind in DECK_FILE_KINDS}
_BY_SUFFIX = {suffix: kind for kind in DECK_FILE_KINDS for suffix in kind.suffixes}
DECK_SUFFIXES = frozenset(_BY_SUFFIX)


def deck_file_kind(name: str) -> DeckFileKind:
    """The kind called `name`; ValueError naming the known ones otherwise."""
    try:
        return _BY_NAME[name]
    except KeyError:
        known = ", ".join(_BY_NAME)
        raise ValueError(f"unknown deck file kind {name!r}; expected one of {known}") from None


def kind_of_path(path: Path | str) -> DeckFileKind | None:
    """The kind a file's extension stands for, or None."""
    return _BY_SUFFIX.get(Path(path).suffix.casefold())


def kind_of_text(text: str) -> DeckFileKind:
    """The kind of a deck's text, by content."""
    return next(kind for kind in DECK_FILE_KINDS if kind.sniff(text))


def suffix_list() -> str:
    """Every deck suffix for a message: ".ragedeck, .json, .dek or .txt"."""
    suffixes = [suffix for kind in DECK_FILE_KINDS for suffix in kind.suffixes]
    return ", ".join(suffixes[:-1]) + " or " + suffixes[-1]


def open_filter() -> str:
    """The open dialog's filters (in the current language): every deck kind, each kind, all files."""
    every = " ".join(kind.patterns() for kind in DECK_FILE_KINDS)
    each = [f"{gettext(kind.label)} ({kind.patterns()})" for kind in DECK_FILE_KINDS]
    return ";;".join([f"{gettext('Rage decks')} ({every})", *each, f"{gettext('All files')} (*)"])


def save_filter(kinds: tuple[DeckFileKind, ...] = DECK_FILE_KINDS) -> str:
    """A save dialog's filters (in the current language): one per kind, the first the default."""
    return ";;".join(f"{gettext(kind.label)} ({kind.patterns()})" for kind in kinds)


def have_list_filter() -> str:
    """The collection's have-list dialog filter: any deck file."""
    every = " ".join(kind.patterns() for kind in DECK_FILE_KINDS)
    return f"{gettext('Deck or have list')} ({every});;{gettext('All files')} (*)"

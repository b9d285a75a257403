"""Exports (no Qt): the one registry of what a deck can be exported as, and the PDF decklist and proxy sheets.

The registry is light (the CLI's `--to` choices and the window's File → Export menu read it at start); the PDF
modules, which load reportlab, are imported only when one of their names is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from carddb.record import FrozenRecord, set_field
from deckbuilder.deckfiles.kinds import DECK_FILE_KINDS
from deckbuilder.i18n import N_

if TYPE_CHECKING:
    from deckbuilder.export.decklist import DecklistOptions, write_decklist_pdf
    from deckbuilder.export.paper import parse_paper
    from deckbuilder.export.proxies import ExportCancelled, ProxyOptions, ProxyReport, write_proxies_pdf


class Export(FrozenRecord):
    """One thing a deck can be exported as: `ragedeck export --to NAME` and (with a label) a File → Export entry."""

    __slots__ = _fields = ("name", "menu_label", "suffix", "deck_kind")

    name: str
    menu_label: str | None  # English, translated where shown; None: the CLI only (Save as covers it)
    suffix: str  # what a new file of it is named
    deck_kind: str | None  # a deck file kind (written by deckfiles.write_deck); None: a PDF

    def __init__(self, name: str, menu_label: str | None, suffix: str, deck_kind: str | None = None) -> None:
        set_field(self, "name", name)
        set_field(self, "menu_label", menu_label)
        set_field(self, "suffix", suffix)
        set_field(self, "deck_kind", deck_kind)


# Every deck file kind, then the PDFs; this order is the menu's and `--to`'s.
EXPORTS: tuple[Export, ...] = (
    *(Export(kind.name, kind.export_label, kind.suffixes[0], kind.name) for kind in DECK_FILE_KINDS),
    Export("decklist", N_("PDF &decklist…"), ".pdf"),
    Export("proxies", N_("PDF &proxies…"), ".pdf"),
)


def export_named(name: str) -> Export | None:
    """The export called `name`, or None."""
    return next((export for export in EXPORTS if export.name == name), None)


_LAZY = {
    "DecklistOptions": "deckbuilder.export.decklist",
    "write_decklist_pdf": "deckbuilder.export.decklist",
    "parse_paper": "deckbuilder.export.paper",
    "ExportCancelled": "deckbuilder.export.proxies",
    "ProxyOptions": "deckbuilder.export.proxies",
    "ProxyReport": "deckbuilder.export.proxies",
    "write_proxies_pdf": "deckbuilder.export.proxies",
}


def __getattr__(name: str) -> Any:
    """The PDF names, imported on first use (reportlab is heavy)."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "EXPORTS",
    "DecklistOptions",
    "Export",
    "ExportCancelled",
    "ProxyOptions",
    "ProxyReport",
    "export_named",
    "parse_paper",
    "write_decklist_pdf",
    "write_proxies_pdf",
]

"""PDF exports: the tournament decklist and proxy sheets (no Qt)."""

from deckbuilder.export.decklist import DecklistOptions, write_decklist_pdf
from deckbuilder.export.paper import parse_paper
from deckbuilder.export.proxies import ExportCancelled, ProxyOptions, ProxyReport, write_proxies_pdf

__all__ = [
    "DecklistOptions",
    "ExportCancelled",
    "ProxyOptions",
    "ProxyReport",
    "parse_paper",
    "write_decklist_pdf",
    "write_proxies_pdf",
]

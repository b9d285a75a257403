"""Legality engine: small rule objects returning frozen results; formats are data files."""

from deckbuilder.legality.results import Report, Result, Severity, Totals

__all__ = ["Report", "Result", "Severity", "Totals"]

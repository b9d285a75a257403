"""Numbers and percentages as the language writes them (CLDR digits through Babel): "98.4%", "98,4 %", "1,234".

One helper for the CLI, the PDFs and the window. A `Percent` is a share carried in a message's parameters: its text
is the English form (what `--json` prints), and `format_message` writes it in the reader's language.
"""

from __future__ import annotations

import functools
from typing import Any

from deckbuilder.i18n import ENGLISH, current_language, gettext


@functools.cache
def _locale(lang: str) -> Any:
    from babel import Locale  # ~8 ms of imports: only when a number is written

    return Locale.parse(lang)


def _pattern(digits: int) -> str:
    return "#,##0" + ("." + "0" * digits if digits > 0 else "")


def format_number(value: float, digits: int = 0, lang: str | None = None) -> str:
    """A number with the language's digit grouping and decimal sign, rounded to `digits` places."""
    from babel.numbers import format_decimal

    return format_decimal(value, _pattern(digits), locale=_locale(lang or current_language()))


def format_percent(share: float, digits: int = 1, lang: str | None = None) -> str:
    """A share (0.984) as a percentage in the language (98.4% in English, 98,4 % in Brazilian Portuguese)."""
    lang = lang or current_language()
    # Where the sign goes is the translator's choice (Brazilian usage spaces it; CLDR's "pt" does not).
    return gettext("{number}%", lang).format(number=format_number(share * 100, digits, lang))


class Percent(str):
    """A share shown as a percentage: str() is the English text; rendered per language inside a message."""

    share: float
    digits: int

    def __new__(cls, share: float, digits: int = 1) -> Percent:
        text = super().__new__(cls, format_percent(share, digits, ENGLISH))
        text.share = share
        text.digits = digits
        return text

    def __reduce__(self) -> tuple[type[Percent], tuple[float, int]]:
        return (Percent, (self.share, self.digits))

    def render(self, lang: str | None = None) -> str:
        """The percentage in a language."""
        return format_percent(self.share, self.digits, lang)

"""Message catalogue of the Qt-free core: results carry a message id and parameters, text is rendered per language.

Two kinds of entries, both in one JSON catalogue per language (`deckbuilder/i18n/<lang>.json`):

- `messages`: templates keyed by a message id (a legality code such as `RENOWN_OVER_LEVEL`, or a variant of it such
  as `UNKNOWN_CARD.hint`). The English template is declared once, next to the code that produces the message (on the
  rule class, in the fix-hint or odds module), with `declare()`; the English catalogue is never a separate file.
- `text`: gettext-style entries keyed by the English text itself, for the CLI's and the PDF's own words (`_()`).

Templates use `str.format` fields with a few conversions that depend on the language:
`{names!q}` quoted list joined with "and" ('A', 'B' and 'C'), `{names!o}` quoted list joined with "or",
`{names!a}` plain list joined with "and", `{names!O}` plain items all joined with "or",
`{names!r}` every item in Python quotes joined with "or", a tuple without conversion is joined with ", ",
and `{count:plural:card|cards}` prints the number with the singular or plural word.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import string
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

Param = str | int | tuple[str, ...]
Params = tuple[tuple[str, Param], ...]

ENGLISH = "en"
PORTUGUESE = "pt_BR"
# Languages with a catalogue, the English source first; names are shown in their own language.
LANGUAGES: dict[str, str] = {ENGLISH: "English", PORTUGUESE: "Português (Brasil)"}

# The modules that declare messages; importing them fills the English catalogue (see declared()).
DECLARING_MODULES = (
    "deckbuilder.games.rage.engine",
    "deckbuilder.legality.engine",
    "deckbuilder.fixhints",
    "deckbuilder.odds",
    "deckbuilder.games.kinds",
    "deckbuilder.deckfiles",
)
# carddb declares its import reasons in carddb.messages (it may not import deckbuilder); read in here.
CARDDB_DECLARING_MODULES = ("carddb.images", "carddb.lackey", "carddb.importing", "carddb.safeio")

_ENGLISH: dict[str, str] = {}
_override: str | None = None


class HasMessage(Protocol):
    """Anything rendered from a message id and parameters (a legality Result, a fix hint)."""

    @property
    def message_id(self) -> str: ...

    @property
    def params(self) -> Params: ...


def declare(templates: Mapping[str, str]) -> dict[str, str]:
    """Register English templates by message id (once each; a second, different text for an id is a bug)."""
    for key, text in templates.items():
        known = _ENGLISH.get(key)
        if known is not None and known != text:
            raise ValueError(f"message id {key!r} declared twice with different texts")
        _ENGLISH[key] = text
    return dict(templates)


def declared() -> dict[str, str]:
    """Every English template of the core, by message id."""
    for module in DECLARING_MODULES + CARDDB_DECLARING_MODULES:
        importlib.import_module(module)
    from carddb.messages import TEMPLATES

    declare(TEMPLATES)
    return dict(_ENGLISH)


def normalise_language(value: str | None) -> str | None:
    """The supported language a locale name stands for (`pt_BR.UTF-8`, `pt-br`, `pt` -> pt_BR), else None."""
    if not value:
        return None
    code = value.split(".")[0].split("@")[0].replace("-", "_").strip()
    if not code:
        return None
    if code in ("C", "POSIX"):
        return ENGLISH
    lang, _, region = code.partition("_")
    lang = lang.lower()
    if lang == "pt":
        return PORTUGUESE  # the only Portuguese catalogue; European Portuguese readers understand it
    if lang == "en":
        return ENGLISH
    full = f"{lang}_{region.upper()}" if region else lang
    return full if full in LANGUAGES else None


def system_language() -> str:
    """The language the environment asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), English when none is known."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if not value:
            continue
        # LANGUAGE may list several, in order of preference.
        for candidate in value.split(":"):
            found = normalise_language(candidate)
            if found:
                return found
        if variable != "LANGUAGE":
            return ENGLISH  # the first set locale variable decides, as in gettext
    return ENGLISH


def set_language(lang: str | None) -> None:
    """Choose the language explicitly (None goes back to the system's); ValueError for a language without catalogue."""
    global _override
    if lang is None:
        _override = None
        return
    found = normalise_language(lang)
    if found is None:
        raise ValueError(f"unknown language {lang!r}; available: {', '.join(LANGUAGES)}")
    _override = found


def explicit_language() -> str | None:
    """The language chosen with set_language() (e.g. `--lang`), None when it follows the system."""
    return _override


def current_language() -> str:
    """The explicit choice if any, else the system's language."""
    return _override or system_language()


@functools.cache
def catalogue(lang: str) -> dict[str, dict[str, str]]:
    """The translated catalogue of a language: sections `messages`, `text` and `grammar` (empty for English)."""
    if lang == ENGLISH:
        return {"messages": {}, "text": {}, "grammar": {}}
    # Read beside this module: importlib.resources would cost every `ragedeck check` ~7 ms of imports.
    raw = (Path(__file__).resolve().parent / f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(raw)
    return {section: dict(data.get(section, {})) for section in ("messages", "text", "grammar")}


_ENGLISH_GRAMMAR = {"and": "and", "or": "or"}


class _Formatter(string.Formatter):
    """str.format with list and plural conversions whose words come from the language's grammar section."""

    def __init__(self, grammar: Mapping[str, str]) -> None:
        super().__init__()
        self.grammar = grammar

    def _join(self, items: Sequence[str], word: str) -> str:
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self.grammar.get(word, _ENGLISH_GRAMMAR[word])} {items[-1]}"

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        items = list(value) if isinstance(value, tuple | list) else [str(value)]
        if conversion == "q":
            return self._join([f"'{item}'" for item in items], "and")
        if conversion == "o":
            return self._join([f"'{item}'" for item in items], "or")
        if conversion == "a":
            return self._join([str(item) for item in items], "and")
        if conversion == "O":
            return f" {self.grammar.get('or', 'or')} ".join(str(item) for item in items)
        if conversion == "r":
            return f" {self.grammar.get('or', 'or')} ".join(repr(item) for item in items)
        if isinstance(value, tuple | list):
            return ", ".join(str(item) for item in value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("plural:"):
            one, _, many = format_spec[len("plural:") :].partition("|")
            return f"{value} {one if value == 1 else many}"
        return super().format_field(value, format_spec)


@functools.cache
def _formatter(lang: str) -> _Formatter:
    return _Formatter(catalogue(lang)["grammar"] if lang != ENGLISH else _ENGLISH_GRAMMAR)


def template(message_id: str, lang: str | None = None) -> str:
    """The template of a message id in a language (English when the language has none); KeyError if undeclared."""
    lang = lang or current_language()
    english = _ENGLISH.get(message_id)
    if english is None:
        declared()
        english = _ENGLISH[message_id]
    if lang == ENGLISH:
        return english
    return catalogue(lang)["messages"].get(message_id, english)


def message_key(code: str, variant: str = "") -> str:
    """The catalogue key of a code's message: the code itself, or `CODE.variant`."""
    return f"{code}.{variant}" if variant else code


def format_message(message_id: str, params: Iterable[tuple[str, Param]] = (), lang: str | None = None) -> str:
    """A message id with its parameters, in a language (the current one by default)."""
    lang = lang or current_language()
    # A parameter may be a carddb Message (a deck reader's reason inside DECK_FILE_UNREAD): in the same language.
    values: dict[str, Any] = {
        key: render_text(value, lang) if isinstance(value, str) else value for key, value in params
    }
    # A format is named by its title; a shipped format's title is one of our texts (a player's own passes through).
    if isinstance(values.get("format"), str):
        values["format"] = gettext(str(values["format"]), lang)
    try:
        return _formatter(lang).format(template(message_id, lang), **values)
    except (KeyError, IndexError, ValueError):
        # A catalogue template naming a parameter the result lacks must not lose the message: fall back to English.
        return _formatter(ENGLISH).format(template(message_id, ENGLISH), **values)


def render(item: HasMessage, lang: str | None = None) -> str:
    """A result's (or hint's) message in a language (the current one by default).

    A result made by hand without its parameters keeps its own (English) message.
    """
    try:
        return format_message(item.message_id, item.params, lang)
    except (KeyError, IndexError, ValueError):
        return str(getattr(item, "message", item.message_id))


def render_text(text: str, lang: str | None = None) -> str:
    """A carddb Message (an import or deck-file reason) in a language; any other text as it is."""
    message_id = getattr(text, "message_id", "")
    if not message_id:
        return str(text)
    try:
        return format_message(message_id, getattr(text, "params", ()), lang)
    except (KeyError, IndexError, ValueError):
        return str(text)


def gettext(text: str, lang: str | None = None) -> str:
    """The translation of one of our own English texts (keyed by the text), or the text itself."""
    lang = lang or current_language()
    if lang == ENGLISH:
        return text
    return catalogue(lang)["text"].get(text, text)


_ = gettext


def N_(text: str) -> str:  # the gettext convention for "translate later"
    """Mark an English text for the catalogue where it is defined; it is translated with gettext() where shown."""
    return text


def params_of(values: Mapping[str, object]) -> Params:
    """Keyword parameters as a frozen tuple of pairs (lists become tuples, other values strings or ints)."""
    pairs: list[tuple[str, Param]] = []
    for key, value in values.items():
        if isinstance(value, list | tuple):
            pairs.append((key, tuple(str(v) for v in value)))
        elif isinstance(value, int) and not isinstance(value, bool):
            pairs.append((key, value))
        elif isinstance(value, str) and hasattr(value, "message_id"):
            # A carddb Message keeps its id, to be rendered in the reader's language.
            pairs.append((key, value))
        else:
            pairs.append((key, str(value)))
    return tuple(pairs)


def params_json(params: Params) -> dict[str, object]:
    """Parameters as a JSON object (tuples as lists)."""
    return {key: list(value) if isinstance(value, tuple) else value for key, value in params}

"""The one translation runtime of the core, the CLI, the PDFs and the window: a gettext catalogue per language.

`deckbuilder/i18n/<lang>.po` holds every translation, keyed by the English text (a `msgctxt` only where one English
text needs two translations); the window's `self.tr()` reads it too (deckbuilder.ui.translation). English is the
source and has no file. Our own texts are marked `_("English text")` / `gettext()`, `pgettext(context, text)`,
`ngettext(singular, plural, n)` (plural forms by the catalogue's Plural-Forms rule) and `N_()` where a constant is
defined. A legality result, fix hint or odds line carries a message id (its code, or `CODE.variant`) and
parameters; its English template is declared once with `declare()` next to the code that produces it, and
rendered through the catalogue like any other text (`render`, `format_message`).

Templates use `str.format` fields with a few conversions that depend on the language:
`{names!q}` quoted list joined with "and" ('A', 'B' and 'C'), `{names!o}` quoted list joined with "or",
`{names!a}` plain list joined with "and", `{names!O}` plain items all joined with "or",
`{names!r}` every item in Python quotes joined with "or", a tuple without conversion is joined with ", ",
and `{count:plural:card|cards}` prints the number with one word per plural form of the language.
"""

from __future__ import annotations

import functools
import importlib
import os
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from carddb.record import TupleRecord

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
    "deckbuilder.legality.checker",
    "deckbuilder.fixhints",
    "deckbuilder.games.hints",
    "deckbuilder.odds",
    "deckbuilder.games.rage.odds",
    "deckbuilder.games.kinds",
    "deckbuilder.games.scope",
    "deckbuilder.deck",
    "deckbuilder.deckfiles",
    "deckbuilder.deckfiles.common",
    "deckbuilder.deckfiles.io",
    "deckbuilder.deckfiles.kinds",
    "deckbuilder.deckfiles.native",
    "deckbuilder.deckfiles.walk",
    "deckbuilder.export.proxies",
    "deckbuilder.export.proxyplan",
    "deckbuilder.collection",
)
# carddb declares its import reasons in carddb.messages (it may not import deckbuilder); read in here.
CARDDB_DECLARING_MODULES = (
    "carddb.atomic",
    "carddb.images",
    "carddb.importing",
    "carddb.importreport",
    "carddb.lackey",
    "carddb.opening",
    "carddb.query",
    "carddb.safeio",
)

_ENGLISH: dict[str, str] = {}
_override: str | None = None
# The language in use, set when one is chosen (set_language); None until the system's is read, once per choice.
_current: str | None = None


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
    global _override, _current
    if lang is None:
        # The environment is read again at the next current_language(), not on every call after it.
        _override = _current = None
        return
    found = normalise_language(lang)
    if found is None:
        raise ValueError(f"unknown language {lang!r}; available: {', '.join(LANGUAGES)}")
    _override = _current = found


def explicit_language() -> str | None:
    """The language chosen with set_language() (e.g. `--lang`), None when it follows the system."""
    return _override


def current_language() -> str:
    """The explicit choice if any, else the system's language (read from the environment once per choice)."""
    return _current or _follow_system()


def _follow_system() -> str:
    """The system's language, kept as the current one until set_language() is called again."""
    global _current
    _current = system_language()
    return _current


class Catalogue(TupleRecord):
    """A language's finished translations by (context, English text), and its plural rule.

    A tuple record: a frozen dataclass or named tuple would be built with exec()/eval() on every `ragedeck` start.
    """

    __slots__ = ()
    _fields = ("lang", "entries", "plural")

    lang: str
    entries: Mapping[tuple[str | None, str], tuple[str, ...]]
    plural: Callable[[int], int]

    def __new__(
        cls,
        lang: str,
        entries: Mapping[tuple[str | None, str], tuple[str, ...]],
        plural: Callable[[int], int],
    ) -> Catalogue:
        return tuple.__new__(cls, (lang, entries, plural))

    def find(self, text: str, context: str | None = None) -> str | None:
        """The translation of a text (in a context), None when the catalogue has none."""
        forms = self.entries.get((context, text))
        return forms[0] if forms else None

    def find_plural(self, singular: str, plural: str, n: int, context: str | None = None) -> str | None:
        """The form of a plural text for the count n by the language's rule, None when untranslated."""
        forms = self.entries.get((context, singular))
        if not forms:
            return None
        return forms[min(self.plural(n), len(forms) - 1)]


def catalogue_path(lang: str) -> Path:
    """The gettext catalogue of a language (deckbuilder/i18n/<lang>.po): the core's, the CLI's and the window's."""
    return Path(__file__).resolve().parent / f"{lang}.po"


@functools.cache
def catalogue(lang: str) -> Catalogue:
    """The finished translations of a language (none for English, the source language)."""
    if lang == ENGLISH:
        return Catalogue(ENGLISH, {}, lambda n: 0 if n == 1 else 1)
    from deckbuilder.i18n.po import parse_po

    # Read beside this module: importlib.resources would cost every `ragedeck check` ~7 ms of imports.
    po = parse_po(catalogue_path(lang).read_text(encoding="utf-8"), str(catalogue_path(lang)))
    entries = {key: entry.forms for key, entry in po.entries.items() if entry.translated}
    return Catalogue(lang, entries, po.plural_rule())


class _Formatter(string.Formatter):
    """str.format with list and plural conversions in a language ("and", "or" and plural forms from its catalogue)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.plural = catalogue(lang).plural
        self.words = {"and": gettext("and", lang), "or": gettext("or", lang)}
        # Each template parsed once: a check renders the same few templates for card after card, and the generic
        # string.Formatter parses the template and splits each field name again on every call.
        self._parsed: dict[str, tuple[tuple[str, str | None, str, str | None], ...] | None] = {}

    def vformat(self, format_string: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str:
        """str.format's answer; a template whose fields are plain names (all of ours) from its parsed parts."""
        parts = self._parsed.get(format_string, ())
        if parts == ():
            parts = _plain_parts(self, format_string)
            if len(self._parsed) > 4096:
                self._parsed.clear()  # a bound: the declared templates are a few hundred
            self._parsed[format_string] = parts
        if parts is None:  # numbered, nested or dotted fields: the general path
            return super().vformat(format_string, args, kwargs)
        out: list[str] = []
        for literal, name, spec, conversion in parts:
            if literal:
                out.append(literal)
            if name is not None:
                out.append(self.format_field(self.convert_field(kwargs[name], conversion), spec))
        return "".join(out)

    def _join(self, items: Sequence[str], word: str) -> str:
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self.words[word]} {items[-1]}"

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion is None:  # the usual field: a value as it is, a list joined
            return ", ".join(str(item) for item in value) if isinstance(value, tuple | list) else value
        items = list(value) if isinstance(value, tuple | list) else [str(value)]
        if conversion == "q":
            return self._join([f"'{item}'" for item in items], "and")
        if conversion == "o":
            return self._join([f"'{item}'" for item in items], "or")
        if conversion == "a":
            return self._join([str(item) for item in items], "and")
        if conversion == "O":
            return f" {self.words['or']} ".join(str(item) for item in items)
        if conversion == "r":
            return f" {self.words['or']} ".join(repr(item) for item in items)
        if isinstance(value, tuple | list):
            return ", ".join(str(item) for item in value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("plural:"):
            # One word per plural form of the language, in its catalogue's order: {n:plural:card|cards}.
            forms = format_spec[len("plural:") :].split("|")
            return f"{value} {forms[min(self.plural(int(value)), len(forms) - 1)]}"
        return super().format_field(value, format_spec)


def _plain_parts(
    formatter: string.Formatter, format_string: str
) -> tuple[tuple[str, str | None, str, str | None], ...] | None:
    """A template's (literal, field name, spec, conversion) parts when every field is a plain name with a plain spec,
    else None (the general path then gives the same text, or the same error)."""
    try:
        parts = tuple(formatter.parse(format_string))
    except ValueError:
        return None
    for _literal, name, spec, _conversion in parts:
        if name is not None and (not name.isidentifier() or "{" in (spec or "")):
            return None
    return tuple((literal, name, spec or "", conversion) for literal, name, spec, conversion in parts)


@functools.cache
def _formatter(lang: str) -> _Formatter:
    return _Formatter(lang)


def template(message_id: str, lang: str | None = None) -> str:
    """The template of a message id in a language (English when the language has none); KeyError if undeclared."""
    lang = lang or current_language()
    english = _ENGLISH.get(message_id)
    if english is None:
        declared()
        english = _ENGLISH[message_id]
    return gettext(english, lang)


def message_key(code: str, variant: str = "") -> str:
    """The catalogue key of a code's message: the code itself, or `CODE.variant`."""
    return f"{code}.{variant}" if variant else code


_LABEL_PARAMS = ("format", "pile", "apart_pile", "field", "where_field", "bound_label")


# Messages as formatted, by (language, template, parameters): an illegal deck's check formats the same results again
# and again (the window's Fix it checks the deck once per candidate fix, each check with the same other errors).
# Kept only for parameters of plain types: a carddb Message or Percent equals a plain string of the same words but is
# shown in the reader's language. Bounded: cleared when full.
_FORMATTED: dict[tuple[str, str, tuple[tuple[str, Param], ...]], str] = {}
_FORMATTED_MAX = 8192
_PLAIN_PARAMS = (str, int)


def _plain(params: tuple[tuple[str, Param], ...]) -> bool:
    """Whether every parameter is a plain string or number, or a tuple of plain strings (as params_of makes them)."""
    for _key, value in params:
        if type(value) in _PLAIN_PARAMS:
            continue
        if type(value) is not tuple or not all(type(item) is str for item in value):
            return False
    return True


def format_message(message_id: str, params: Iterable[tuple[str, Param]] = (), lang: str | None = None) -> str:
    """A message id with its parameters, in a language (the current one by default)."""
    lang = lang or current_language()
    if type(params) is tuple and _plain(params):
        # The template is part of the key: a game's own message read again with other words is formatted anew.
        key = (lang, template(message_id, lang), params)
        formatted = _FORMATTED.get(key)
        if formatted is None:
            if len(_FORMATTED) >= _FORMATTED_MAX:
                _FORMATTED.clear()
            formatted = _FORMATTED[key] = _format_message(message_id, params, lang)
        return formatted
    return _format_message(message_id, params, lang)


def _format_message(message_id: str, params: Iterable[tuple[str, Param]], lang: str) -> str:
    # A parameter may be a carddb Message (a deck reader's reason inside DECK_FILE_UNREAD): in the same language.
    # (A plain str is its own rendering: asked first, it spares render_text's look for a method it does not have.)
    values: dict[str, Any] = {
        key: value if type(value) is str or not isinstance(value, str) else render_text(value, lang)
        for key, value in params
    }
    # A format is named by its title, a pile, a card field or a setting by its label: a shipped game's are our texts
    # (in the catalogue), a player's own pass through as written. Card names and values are never looked up.
    for key in _LABEL_PARAMS:
        if isinstance(values.get(key), str):
            values[key] = gettext(str(values[key]), lang)
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
    """A carddb Message (an import or deck-file reason) or a numbers.Percent in a language; other text as it is."""
    own = getattr(text, "render", None)
    if callable(own):
        return str(own(lang or current_language()))
    message_id = getattr(text, "message_id", "")
    if not message_id:
        return str(text)
    try:
        return format_message(message_id, getattr(text, "params", ()), lang)
    except (KeyError, IndexError, ValueError):
        return str(text)


def gettext(text: str, lang: str | None = None) -> str:
    """The translation of an English text (the catalogue is keyed by the text), or the text itself."""
    return catalogue(lang or current_language()).find(text) or text


def pgettext(context: str, text: str, lang: str | None = None) -> str:
    """The translation of a text in a context: only where one English text needs two translations."""
    return catalogue(lang or current_language()).find(text, context) or text


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The form of a text for the count n, by the language's plural rule (English: singular for 1 only)."""
    found = catalogue(lang or current_language()).find_plural(singular, plural, n)
    return found or (singular if n == 1 else plural)


def npgettext(context: str, singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """ngettext in a context."""
    found = catalogue(lang or current_language()).find_plural(singular, plural, n, context)
    return found or (singular if n == 1 else plural)


_ = gettext


def N_(text: str) -> str:  # the gettext convention for "translate later"
    """Mark an English text for the catalogue where it is defined; it is translated with gettext() where shown."""
    return text


def params_of(values: Mapping[str, object]) -> Params:
    """Keyword parameters as a frozen tuple of pairs (lists become tuples, other values strings or ints)."""
    pairs: list[tuple[str, Param]] = []
    for key, value in values.items():
        if type(value) is str:  # the usual value (a card's name): its own string, asked first
            pairs.append((key, value))
        elif isinstance(value, list | tuple):
            pairs.append((key, tuple(str(v) for v in value)))
        elif isinstance(value, int) and not isinstance(value, bool):
            pairs.append((key, value))
        elif isinstance(value, str) and (hasattr(value, "message_id") or hasattr(value, "render")):
            # A carddb Message keeps its id, a Percent its share, to be rendered in the reader's language.
            pairs.append((key, value))
        else:
            pairs.append((key, str(value)))
    return tuple(pairs)


def params_json(params: Params) -> dict[str, object]:
    """Parameters as a JSON object (tuples as lists)."""
    return {key: list(value) if isinstance(value, tuple) else value for key, value in params}

"""Formats are data: JSON files naming the enabled rule codes, limits, allowed sets and banned cards.

Shipped formats live in `deckbuilder/legality/formats/*.json`; users add or override formats with JSON files in
`<user data dir>/formats/`. A user file with the same `name` as a shipped format replaces it. A broken user file is
skipped and its problem recorded (see `format_problems()`), so one bad file never hides the others.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import functools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.db import user_data_dir
from carddb.normalize import normalize_name

if TYPE_CHECKING:
    from deckbuilder.legality.rules import Rule


@functools.cache
def rule_codes() -> tuple[str, ...]:
    """Every code a format may enable, derived from Rage's rules in the game rule registry (each declares its codes
    once)."""
    return tuple(dict.fromkeys(code for _name, rule in _registered_rules() for code in rule.codes))


def _registered_rules() -> tuple[tuple[str, Rule], ...]:
    from deckbuilder.legality.rules import registered_rules  # late: the rules import this module

    return registered_rules()


@functools.cache
def _codes_of_kinds() -> dict[str, tuple[str, ...]]:
    """The codes each of Rage's registered rules (`rage:<kind>`) reports: a format may name the rule instead."""
    return {name: rule.codes for name, rule in _registered_rules()}


def __getattr__(name: str) -> tuple[str, ...]:
    """`RULE_CODES`, derived on first use (see rule_codes())."""
    if name == "RULE_CODES":
        return rule_codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


LIMIT_KEYS: tuple[str, ...] = (
    "combat_minimum",
    "sept_minimum",
    "combat_copies",
    "sept_copies",
    "character_copies",
    "multiple_copies",
)
DEFAULT_FORMAT_NAME = "revised"
USER_FORMATS_FOLDER = "formats"
_NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
_TOP_LEVEL_KEYS = frozenset(
    {
        "name",
        "title",
        "description",
        "rules",
        "limits",
        "sets",
        "banned_cards",
        "banned_types",
        "default_renown_level",
    }
)


class FormatError(Exception):
    """A format cannot be found or its file is not a valid format (the message says which field and why)."""


@dataclass(frozen=True, slots=True)
class FormatLimits:
    """Deck-size minimums and copy limits; None switches that limit off."""

    combat_minimum: int | None = None
    sept_minimum: int | None = None
    combat_copies: int | None = None
    sept_copies: int | None = None
    character_copies: int | None = None
    multiple_copies: int | None = None


@dataclass(frozen=True, slots=True)
class Format:
    """A deck-construction format: which rules apply, with which limits, over which sets."""

    name: str
    title: str = ""
    description: str = ""
    rules: tuple[str, ...] = field(default_factory=rule_codes)
    limits: FormatLimits = field(default_factory=FormatLimits)
    allow_sets: tuple[str, ...] = ("*",)
    deny_sets: tuple[str, ...] = ()
    banned_cards: tuple[str, ...] = ()
    banned_types: tuple[str, ...] = ()
    default_renown_level: int = 20
    source: str = ""  # "shipped" or the path of the user file
    # Answers already worked out for this format (set patterns, banned names): a check asks them for every card.
    _memo: dict[tuple[str, object], object] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def enabled(self, code: str) -> bool:
        """Whether the format checks the rule with this code."""
        return code in self.rules

    def rule_kinds(self) -> tuple[str, ...]:
        """The registered rules (`rage:<kind>`) this format runs: those with a code it enables, in report order."""
        known = self._memo.get(("kinds", self.rules))
        if isinstance(known, tuple):
            return known
        answer = tuple(
            name for name, codes in _codes_of_kinds().items() if any(self.enabled(code) for code in codes)
        )
        self._remember(("kinds", self.rules), answer)
        return answer

    def allows_set(self, set_name: str) -> bool:
        """Whether a printing in this set is allowed (fnmatch patterns, case-insensitive)."""
        memo_key = ("set", set_name)
        known = self._memo.get(memo_key)
        if isinstance(known, bool):
            return known
        folded = set_name.casefold()
        allowed = any(fnmatch.fnmatchcase(folded, p.casefold()) for p in self.allow_sets)
        answer = allowed and not any(fnmatch.fnmatchcase(folded, p.casefold()) for p in self.deny_sets)
        self._remember(memo_key, answer)
        return answer

    def allowed_sets(self, sets: tuple[str, ...]) -> tuple[str, ...]:
        """The sets of `sets` this format allows, in their order."""
        memo_key = ("sets", sets)
        known = self._memo.get(memo_key)
        if isinstance(known, tuple):
            return known
        answer = tuple(s for s in sets if self.allows_set(s))
        self._remember(memo_key, answer)
        return answer

    def is_banned_name(self, name: str) -> bool:
        """Whether this card name is on the banned list (names compare normalised)."""
        if not self.banned_cards:
            return False
        banned = self._memo.get(("banned", ""))
        if not isinstance(banned, frozenset):
            banned = frozenset(normalize_name(n) for n in self.banned_cards)
            self._remember(("banned", ""), banned)
        return normalize_name(name) in banned

    def banned_type_of(self, type_field: str) -> str | None:
        """The banned Type this card Type matches (whole or one part of a compound), else None."""
        if not self.banned_types:
            return None
        memo_key = ("type", type_field)
        if memo_key in self._memo:
            known = self._memo[memo_key]
            return known if isinstance(known, str) else None
        parts = {part.strip().casefold() for part in type_field.split(" - ")} | {
            type_field.strip().casefold()
        }
        answer = next((banned for banned in self.banned_types if banned.casefold() in parts), None)
        self._remember(memo_key, answer)
        return answer

    def _remember(self, key: tuple[str, object], value: object) -> None:
        if len(self._memo) > 100_000:
            self._memo.clear()  # bounded: a pool has a few hundred sets and Types
        self._memo[key] = value


def _fail(source: str, message: str) -> FormatError:
    return FormatError(f"{source}: {message}")


def _optional_str(data: Mapping[str, Any], key: str, default: str, source: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise _fail(source, f'field "{key}" must be text, not {type(value).__name__}')
    return value


def _str_list(value: Any, where: str, source: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _fail(source, f'field "{where}" must be a list of text values')
    return tuple(value)


def _limit(value: Any, key: str, source: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(source, f'limit "{key}" must be a whole number of 0 or more, or null (got {value!r})')
    return value


def format_from_data(data: Any, source: str) -> Format:
    """Build a Format from parsed JSON, validating every field (FormatError names the field)."""
    if not isinstance(data, dict):
        raise _fail(source, "a format file must hold a JSON object")
    unknown = sorted(k for k in data if k not in _TOP_LEVEL_KEYS and not k.startswith("_"))
    if unknown:
        raise _fail(source, f"unknown field(s): {', '.join(unknown)}")
    name = data.get("name")
    if not isinstance(name, str) or not _NAME_PATTERN.match(name):
        raise _fail(
            source, 'field "name" is required: lower-case letters, digits, ".", "_" or "-" (e.g. "my-league")'
        )
    title = _optional_str(data, "title", name, source)
    description = _optional_str(data, "description", "", source)

    known = rule_codes()
    named = _str_list(data.get("rules", list(known)), "rules", source)
    # A format names a rule's code (ALLEGIANCE_MIXED) or the registered rule (rage:allegiance_mixed: all its codes).
    kinds = _codes_of_kinds()
    rules = tuple(code for entry in named for code in kinds.get(entry, (entry,)))
    bad_codes = [code for code in rules if code not in known]
    if bad_codes:
        raise _fail(source, f'field "rules" names unknown rule code(s): {", ".join(bad_codes)}')

    raw_limits = data.get("limits", {})
    if not isinstance(raw_limits, dict):
        raise _fail(source, 'field "limits" must be an object')
    bad_limits = sorted(k for k in raw_limits if k not in LIMIT_KEYS)
    if bad_limits:
        raise _fail(source, f'field "limits" has unknown key(s): {", ".join(bad_limits)}')
    limits = FormatLimits(**{key: _limit(raw_limits.get(key), key, source) for key in LIMIT_KEYS})

    raw_sets = data.get("sets", {})
    if not isinstance(raw_sets, dict):
        raise _fail(source, 'field "sets" must be an object with "allow" and "deny" lists')
    bad_set_keys = sorted(k for k in raw_sets if k not in ("allow", "deny"))
    if bad_set_keys:
        raise _fail(source, f'field "sets" has unknown key(s): {", ".join(bad_set_keys)}')
    allow = _str_list(raw_sets.get("allow", ["*"]), "sets.allow", source)
    deny = _str_list(raw_sets.get("deny", []), "sets.deny", source)

    banned_cards = _str_list(data.get("banned_cards", []), "banned_cards", source)
    banned_types = _str_list(data.get("banned_types", []), "banned_types", source)
    level = data.get("default_renown_level", 20)
    if isinstance(level, bool) or not isinstance(level, int) or level < 0:
        raise _fail(
            source, f'field "default_renown_level" must be a whole number of 0 or more (got {level!r})'
        )
    return Format(
        name=name,
        title=title,
        description=description,
        rules=tuple(code for code in known if code in rules),
        limits=limits,
        allow_sets=allow,
        deny_sets=deny,
        banned_cards=banned_cards,
        banned_types=banned_types,
        default_renown_level=level,
        source=source,
    )


def _parse_text(text: str, source: str) -> Format:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail(source, f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    return format_from_data(data, source)


def load_format_file(path: Path | str) -> Format:
    """Read and validate one format file; FormatError says what is wrong (with line/field)."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail(str(file), f"cannot be read ({exc})") from None
    return _parse_text(text, str(file))


def shipped_formats() -> list[Format]:
    """The formats that ship with the app, default first."""
    return list(_shipped_formats())


@functools.cache
def _shipped_formats() -> tuple[Format, ...]:
    # The folder beside this module (importlib.resources would add ~3 ms of imports to every `ragedeck check`).
    folder = Path(__file__).with_name("formats")
    found: list[Format] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            fmt = _parse_text(entry.read_text(encoding="utf-8"), f"shipped:{entry.name}")
            found.append(dataclasses.replace(fmt, source="shipped"))
    found.sort(key=lambda f: (f.name != DEFAULT_FORMAT_NAME, f.name))
    return tuple(found)


def user_formats_dir() -> Path:
    """Where users put their own format files."""
    return user_data_dir() / USER_FORMATS_FOLDER


def _user_formats() -> tuple[list[Format], list[str]]:
    folder = user_formats_dir()
    if not folder.is_dir():
        return [], []
    formats: list[Format] = []
    problems: list[str] = []
    for file in sorted(folder.glob("*.json")):
        try:
            formats.append(load_format_file(file))
        except FormatError as exc:
            problems.append(f"{exc} (file skipped)")
    return formats, problems


def _merge(shipped: Iterable[Format], user: Iterable[Format]) -> list[Format]:
    by_name: dict[str, Format] = {}
    for fmt in (*shipped, *user):
        by_name[fmt.name] = fmt  # later (user) files override shipped ones of the same name
    return sorted(
        by_name.values(), key=lambda f: (f.name != DEFAULT_FORMAT_NAME, f.source != "shipped", f.name)
    )


def available_formats() -> list[Format]:
    """Shipped formats plus valid user files (a user file overrides a shipped one of the same name)."""
    user, _problems = _user_formats()
    return _merge(shipped_formats(), user)


def format_problems() -> list[str]:
    """Why each broken user format file was skipped (one line per file)."""
    return _user_formats()[1]


def load_format_or_default(name: str) -> tuple[Format, str | None]:
    """The format with this name, else the default format and a note saying which format was missing."""
    try:
        return load_format(name), None
    except FormatError:
        pass
    fallback = load_format(DEFAULT_FORMAT_NAME)
    shown = " ".join(name.split())[:60] or "(no name)"
    known = ", ".join(f.name for f in available_formats())
    return fallback, (
        f"the deck's format '{shown}' is not installed (available: {known}); "
        f"it was checked against the default format '{fallback.name}'"
    )


def load_format(name: str) -> Format:
    """The format with this name (case-insensitive); FormatError lists the known names when it is missing."""
    wanted = name.strip().casefold()
    formats = available_formats()
    for fmt in formats:
        if fmt.name.casefold() == wanted:
            return fmt
    known = ", ".join(f.name for f in formats)
    raise FormatError(f"Unknown format '{name}'; available formats: {known}")

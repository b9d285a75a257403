"""Rage's reading of a format: its limits, sets and bans, taken from the parameters of Rage's rule kinds.

A format is the one shape every game uses (`{"name", "title", "description", "rules": [{"kind", ...params}]}`);
`Format` is a view of one for the code that asks Rage questions of it (fix hints, the deck header, the exports):
the numbers are the rule kinds' parameters, never a second copy. A format file written for earlier versions
(`"rules"` as codes, plus `"limits"`, `"sets"`, `"banned_cards"`, `"banned_types"`) is read as the same rule kinds
(`legacy_format`), so a player's old files keep working.
"""

from __future__ import annotations

import fnmatch
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from carddb.normalize import normalize_name
from carddb.record import TupleRecord
from deckbuilder.games.description import GameFormat
from deckbuilder.games.rage.renown import DEFAULT_RENOWN_LEVEL as DEFAULT_RENOWN_LEVEL
from deckbuilder.games.registry import game_rules

if TYPE_CHECKING:
    from deckbuilder.games.description import Game

GAME = "rage"
DEFAULT_FORMAT_NAME = "revised"
LIMIT_KEYS: tuple[str, ...] = (
    "combat_minimum",
    "sept_minimum",
    "combat_copies",
    "sept_copies",
    "character_copies",
    "multiple_copies",
)
# Which parameter of which rule kind holds each limit.
_LIMIT_PARAMS: dict[str, tuple[str, str]] = {
    "combat_minimum": ("rage:combat_minimum", "min"),
    "sept_minimum": ("rage:sept_minimum", "min"),
    "combat_copies": ("rage:combat_copies", "max"),
    "sept_copies": ("rage:sept_copies", "max"),
    "character_copies": ("rage:character_copies", "max"),
    "multiple_copies": ("rage:character_copies", "multiple"),
}
_LEGACY_KEYS = frozenset(
    {"name", "title", "description", "rules", "limits", "sets", "banned_cards", "banned_types", "game"}
    | {"default_renown_level"}
)


class LegacyFormatError(ValueError):
    """A format file in the earlier shape that is not valid (the message names the field)."""


class FormatLimits(TupleRecord):
    """Deck-size minimums and copy limits; None switches that limit off."""

    __slots__ = ()
    _fields = (
        "combat_minimum",
        "sept_minimum",
        "combat_copies",
        "sept_copies",
        "character_copies",
        "multiple_copies",
    )

    combat_minimum: int | None
    sept_minimum: int | None
    combat_copies: int | None
    sept_copies: int | None
    character_copies: int | None
    multiple_copies: int | None

    def __new__(
        cls,
        combat_minimum: int | None = None,
        sept_minimum: int | None = None,
        combat_copies: int | None = None,
        sept_copies: int | None = None,
        character_copies: int | None = None,
        multiple_copies: int | None = None,
    ) -> FormatLimits:
        return tuple.__new__(
            cls, (combat_minimum, sept_minimum, combat_copies, sept_copies, character_copies, multiple_copies)
        )


NO_LIMITS = FormatLimits()  # every limit off: a format's default


@functools.lru_cache(maxsize=256)
def set_filter(allow: tuple[str, ...], deny: tuple[str, ...]) -> SetFilter:
    """The (memoised) answer to "is this set allowed" for these patterns."""
    return SetFilter(allow, deny)


class SetFilter:
    """Allowed and denied set patterns (fnmatch, case-insensitive), with answers remembered: a check asks per card."""

    __slots__ = ("_memo", "allow", "allows_all", "deny")

    def __init__(self, allow: tuple[str, ...] = ("*",), deny: tuple[str, ...] = ()) -> None:
        self.allow, self.deny = allow, deny
        # "*" allowed and nothing denied (the open formats): every set is allowed, none need be asked about.
        self.allows_all = "*" in allow and not deny
        self._memo: dict[object, object] = {}

    def allows(self, set_name: str) -> bool:
        """Whether a printing in this set is allowed."""
        known = self._memo.get(set_name)
        if isinstance(known, bool):
            return known
        folded = set_name.casefold()
        allowed = any(fnmatch.fnmatchcase(folded, p.casefold()) for p in self.allow)
        answer = allowed and not any(fnmatch.fnmatchcase(folded, p.casefold()) for p in self.deny)
        self._remember(set_name, answer)
        return answer

    def allowed(self, sets: tuple[str, ...]) -> tuple[str, ...]:
        """The sets of `sets` allowed, in their order."""
        known = self._memo.get(sets)
        if isinstance(known, tuple):
            return known
        answer = tuple(s for s in sets if self.allows(s))
        self._remember(sets, answer)
        return answer

    def _remember(self, key: object, value: object) -> None:
        if len(self._memo) > 100_000:
            self._memo.clear()  # bounded: a pool has a few hundred sets
        self._memo[key] = value


@functools.lru_cache(maxsize=256)
def ban_list(cards: tuple[str, ...], types: tuple[str, ...]) -> BanList:
    """The (memoised) banned names and Types."""
    return BanList(frozenset(normalize_name(n) for n in cards), tuple(t.casefold() for t in types), types)


class BanList:
    """Banned card names (normalised) and banned Types (whole or one part of a compound)."""

    __slots__ = ("_memo", "folded_types", "names", "types")

    def __init__(self, names: frozenset[str], folded_types: tuple[str, ...], types: tuple[str, ...]) -> None:
        self.names, self.folded_types, self.types = names, folded_types, types
        self._memo: dict[str, tuple[str | None]] = {}

    def is_banned_name(self, name: str) -> bool:
        """Whether this card name is banned."""
        return bool(self.names) and normalize_name(name) in self.names

    def banned_type_of(self, type_field: str) -> str | None:
        """The banned Type this card Type matches, else None."""
        if not self.types:
            return None
        # One look-up, not `in` then `[]`: the Fix it worker checks on another thread, and a clear() between the two
        # would raise KeyError (the answer is kept in a 1-tuple, as None is an answer).
        known = self._memo.get(type_field)
        if known is not None:
            return known[0]
        parts = {part.strip().casefold() for part in type_field.split(" - ")} | {
            type_field.strip().casefold()
        }
        answer = next(
            (t for t, folded in zip(self.types, self.folded_types, strict=True) if folded in parts), None
        )
        if len(self._memo) > 100_000:
            self._memo.clear()
        self._memo[type_field] = (answer,)
        return answer


def _param(fmt: GameFormat, kind: str, key: str, default: Any = None) -> Any:
    for rule in fmt.rules:
        if rule.kind == kind:
            return rule.params.get(key, default)
    return default


def _strings(value: Any, default: tuple[str, ...]) -> tuple[str, ...]:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return default


def _codes_of(fmt: GameFormat) -> tuple[str, ...]:
    """The codes the format's Rage rule kinds report, in registry order."""
    kinds = dict(game_rules(GAME))
    wanted: set[str] = set()
    for rule in fmt.rules:
        kind = kinds.get(rule.kind)
        if kind is None:
            continue
        chosen = rule.params.get("codes")
        codes = tuple(m.code for m in kind.messages)
        wanted |= {c for c in codes if not isinstance(chosen, list) or c in chosen}
    ordered = [m.code for _name, kind in game_rules(GAME) for m in kind.messages]
    return tuple(code for code in dict.fromkeys(ordered) if code in wanted)


class Format(TupleRecord):
    """A Rage format as Rage's code asks it: which codes it reports, limits, sets and bans (from its rule kinds)."""

    __slots__ = ()
    _fields = (
        "name",
        "title",
        "description",
        "rules",
        "limits",
        "allow_sets",
        "deny_sets",
        "banned_cards",
        "banned_types",
        "default_renown_level",
        "source",
        "format",
    )

    name: str
    title: str
    description: str
    rules: tuple[str, ...]
    limits: FormatLimits
    allow_sets: tuple[str, ...]
    deny_sets: tuple[str, ...]
    banned_cards: tuple[str, ...]
    banned_types: tuple[str, ...]
    default_renown_level: int
    source: str  # "shipped" or the path of the user file
    format: GameFormat | None

    def __new__(
        cls,
        name: str,
        title: str = "",
        description: str = "",
        rules: tuple[str, ...] = (),
        limits: FormatLimits = NO_LIMITS,
        allow_sets: tuple[str, ...] = ("*",),
        deny_sets: tuple[str, ...] = (),
        banned_cards: tuple[str, ...] = (),
        banned_types: tuple[str, ...] = (),
        default_renown_level: int = DEFAULT_RENOWN_LEVEL,
        source: str = "",
        format: GameFormat | None = None,
    ) -> Format:
        return tuple.__new__(
            cls,
            (
                name,
                title,
                description,
                rules,
                limits,
                allow_sets,
                deny_sets,
                banned_cards,
                banned_types,
                default_renown_level,
                source,
                format,
            ),
        )

    @classmethod
    def of(cls, fmt: GameFormat, default_renown_level: int = DEFAULT_RENOWN_LEVEL) -> Format:
        """The view of a format in the one shape."""
        limits = FormatLimits(**{key: _param(fmt, kind, p) for key, (kind, p) in _LIMIT_PARAMS.items()})
        return cls(
            name=fmt.name,
            title=fmt.title,
            description=fmt.description,
            rules=_codes_of(fmt),
            limits=limits,
            allow_sets=_strings(_param(fmt, "rage:set_not_in_format", "allow"), ("*",)),
            deny_sets=_strings(_param(fmt, "rage:set_not_in_format", "deny"), ()),
            banned_cards=_strings(_param(fmt, "rage:banned_card", "cards"), ()),
            banned_types=_strings(_param(fmt, "rage:banned_card", "types"), ()),
            default_renown_level=default_renown_level,
            source=fmt.source,
            format=fmt,
        )

    def enabled(self, code: str) -> bool:
        """Whether the format checks the rule with this code."""
        return code in self.rules

    def allows_set(self, set_name: str) -> bool:
        """Whether a printing in this set is allowed (fnmatch patterns, case-insensitive)."""
        return set_filter(self.allow_sets, self.deny_sets).allows(set_name)

    def allowed_sets(self, sets: tuple[str, ...]) -> tuple[str, ...]:
        """The sets of `sets` this format allows, in their order."""
        return set_filter(self.allow_sets, self.deny_sets).allowed(sets)

    def is_banned_name(self, name: str) -> bool:
        """Whether this card name is on the banned list (names compare normalised)."""
        return ban_list(self.banned_cards, self.banned_types).is_banned_name(name)

    def banned_type_of(self, type_field: str) -> str | None:
        """The banned Type this card Type matches (whole or one part of a compound), else None."""
        return ban_list(self.banned_cards, self.banned_types).banned_type_of(type_field)


def _fail(message: str) -> LegacyFormatError:
    return LegacyFormatError(message)


def _str_list(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _fail(f'field "{where}" must be a list of text values')
    return list(value)


def _limit(value: Any, key: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(f'limit "{key}" must be a whole number of 0 or more, or null (got {value!r:.40})')
    return value


def is_legacy(data: Mapping[str, Any]) -> bool:
    """Whether format data is in the earlier shape: rules as codes (or none), or the earlier fields."""
    rules = data.get("rules")
    if isinstance(rules, list) and rules and all(isinstance(r, dict) for r in rules):
        return False
    return rules is None or isinstance(rules, list) or bool(set(data) & (_LEGACY_KEYS - {"name", "title"}))


def legacy_format(data: Mapping[str, Any]) -> dict[str, Any]:
    """A format of the earlier shape as the one shape (Rage's rule kinds with the limits as their parameters)."""
    unknown = sorted(k for k in data if k not in _LEGACY_KEYS and not str(k).startswith("_"))
    if unknown:
        raise _fail(f"unknown field(s): {', '.join(map(str, unknown))}")
    registered = [(name, kind) for name, kind in game_rules(GAME) if not getattr(kind, "always", False)]
    codes_of = {name: tuple(dict.fromkeys(m.code for m in kind.messages)) for name, kind in registered}
    known = tuple(dict.fromkeys(code for codes in codes_of.values() for code in codes))
    named = _str_list(data.get("rules", list(known)), "rules")
    enabled = {code for entry in named for code in codes_of.get(entry, (entry,))}
    bad = [
        code for code in dict.fromkeys(c for e in named for c in codes_of.get(e, (e,))) if code not in known
    ]
    if bad:
        raise _fail(f'field "rules" names unknown rule code(s): {", ".join(bad)}')
    raw_limits = data.get("limits", {})
    if not isinstance(raw_limits, dict):
        raise _fail('field "limits" must be an object')
    bad_limits = sorted(str(k) for k in raw_limits if k not in LIMIT_KEYS)
    if bad_limits:
        raise _fail(f'field "limits" has unknown key(s): {", ".join(bad_limits)}')
    limits = {key: _limit(raw_limits.get(key), key) for key in LIMIT_KEYS}
    raw_sets = data.get("sets", {})
    if not isinstance(raw_sets, dict):
        raise _fail('field "sets" must be an object with "allow" and "deny" lists')
    bad_set_keys = sorted(str(k) for k in raw_sets if k not in ("allow", "deny"))
    if bad_set_keys:
        raise _fail(f'field "sets" has unknown key(s): {", ".join(bad_set_keys)}')
    params: dict[str, dict[str, Any]] = {
        "rage:set_not_in_format": {
            "allow": _str_list(raw_sets.get("allow", ["*"]), "sets.allow"),
            "deny": _str_list(raw_sets.get("deny", []), "sets.deny"),
        },
        "rage:banned_card": {
            "cards": _str_list(data.get("banned_cards", []), "banned_cards"),
            "types": _str_list(data.get("banned_types", []), "banned_types"),
        },
    }
    for key, (kind, param) in _LIMIT_PARAMS.items():
        params.setdefault(kind, {})[param] = limits[key]
    level = data.get("default_renown_level", DEFAULT_RENOWN_LEVEL)
    if isinstance(level, bool) or not isinstance(level, int) or level < 0:
        raise _fail(f'field "default_renown_level" must be a whole number of 0 or more (got {level!r:.40})')
    rules: list[dict[str, Any]] = []
    for name, codes in codes_of.items():
        chosen = [code for code in codes if code in enabled]
        if not chosen:
            continue
        entry: dict[str, Any] = {"kind": name, **params.get(name, {})}
        if len(chosen) < len(codes):
            entry["codes"] = chosen
        rules.append(entry)
    shaped: dict[str, Any] = {key: data[key] for key in ("name", "title", "description") if key in data}
    shaped["rules"] = rules
    return shaped


# id(GameFormat) -> (that format, its Rage view): a check asks the view of the same format again and again.
_VIEWS: dict[int, tuple[GameFormat, Format]] = {}


def format_view(fmt: GameFormat, game: Game | None = None) -> Format:
    """Rage's view of a format (limits, sets, bans from its rule kinds), worked out once per format object."""
    cached = _VIEWS.get(id(fmt))
    if cached is not None and cached[0] is fmt:
        return cached[1]
    level = next((s.default for s in game.settings if s.id == "renown_level"), None) if game else None
    view = Format.of(fmt, level if level is not None else Format.of(fmt).default_renown_level)
    if len(_VIEWS) > 1000:
        _VIEWS.clear()
    _VIEWS[id(fmt)] = (fmt, view)
    return view

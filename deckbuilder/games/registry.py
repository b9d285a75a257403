"""The one registry of rule kinds: the generic kinds (games/kinds.py) and each game's own Python rules.

A game's own rule registers as `<game>:<kind>` (Rage's: `rage:allegiance_mixed`, from games/rage/) and a
format names it like any other kind. Kept free of the game descriptions and of the legality package at import
time: Rage's rules register here while `ragedeck check` starts, and the legality package imports them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from carddb.record import FrozenRecord, set_field
from deckbuilder.i18n import ENGLISH, Param, declare, format_message, params_of

if TYPE_CHECKING:
    from deckbuilder.games.description import Game
    from deckbuilder.games.kinds import GameContext
    from deckbuilder.legality.results import Result, Severity


class Message(FrozenRecord):
    """A code (or `CODE.variant`) and its English template, declared once in the message catalogue."""

    __slots__ = _fields = ("message_id", "template", "severity")
    message_id: str
    template: str
    severity: Severity | None  # None: an error (the legality package is not imported to say so)

    def __init__(self, message_id: str, template: str, severity: Severity | None = None) -> None:
        set_field(self, "message_id", message_id)
        set_field(self, "template", template)
        set_field(self, "severity", severity)
        declare({message_id: template})

    @property
    def code(self) -> str:
        """The result code (the message id without its variant)."""
        return self.message_id.split(".")[0]

    def result(self, cards: Iterable[str] = (), **params: Param | Sequence[str]) -> Result:
        """A result of this message: rendered in English, with its parameters for other languages."""
        from deckbuilder.legality.results import Result, Severity  # late: the legality package imports this

        values = params_of(params)
        code, _dot, variant = self.message_id.partition(".")
        message = format_message(self.message_id, values, ENGLISH)
        return Result(code, self.severity or Severity.ERROR, message, tuple(cards), values, variant)


class RuleKind:
    """A parameterised rule: validates its parameters against the game, then checks a deck; never raises."""

    name: str
    messages: tuple[Message, ...] = ()
    # The engine whose context the kind reads: "generic" (GameContext) or a game's own engine (Rage's).
    engine: str = "generic"
    required: ClassVar[tuple[str, ...]] = ()
    optional: ClassVar[tuple[str, ...]] = ()

    def problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        """What is wrong with these parameters for this game ("" list when they are sound)."""
        found = [f'needs "{key}"' for key in self.required if key not in params]
        extra = sorted(k for k in params if k not in (*self.required, *self.optional))
        if extra:
            found.append(f"does not take {', '.join(extra)}")
        if self.engine != game.engine:
            found.append(f'runs only on the "{self.engine}" engine (the game\'s engine is "{game.engine}")')
        found.extend(scope_problems(game, params))
        for key in ("field", "words_field"):
            name = params.get(key)
            if name is not None and (
                not isinstance(name, str) or (game.field_named(name) is None and name != "type")
            ):
                found.append(f'"{key}" names no card field of the game ({name!r:.40})')
        for key in ("min", "max"):
            value = params.get(key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                found.append(f'"{key}" must be a whole number of 0 or more')
        return found + self.more_problems(game, params)

    def more_problems(self, game: Game, params: Mapping[str, Any]) -> list[str]:
        """Checks of the parameters particular to this kind."""
        return []

    def check(self, ctx: GameContext, params: Mapping[str, Any]) -> Iterable[Result]:
        """The rule's findings about the deck."""
        raise NotImplementedError


def scope_problems(game: Game, params: Mapping[str, Any]) -> list[str]:
    """What is wrong with a rule's `pile`: one pile of the game, or a list of several (`["leader", "deck"]`)."""
    pile = params.get("pile")
    if pile is None:
        return []
    piles = {p.id for p in game.piles}
    if isinstance(pile, str):
        return [] if pile in piles else [f'"pile" names no pile of the game ({pile!r:.40})']
    if not isinstance(pile, list) or not pile or not all(isinstance(p, str) for p in pile):
        return ['"pile" must be a pile of the game or a non-empty list of its piles']
    found = [f'"pile" names no pile of the game ({p!r:.40})' for p in pile if p not in piles]
    if len(set(pile)) != len(pile):
        found.append('"pile" names a pile twice')
    return found


# Every rule kind by the name a format gives it, in registration order (a game's own rules: report order).
RULE_KINDS: dict[str, RuleKind] = {}


def register_kind(kind: RuleKind) -> None:
    """Register a generic rule kind under its own name."""
    RULE_KINDS[kind.name] = kind


def register_game_rule(game: str, kind: RuleKind) -> None:
    """Register a rule only one game has (Python, because data cannot say it well) under `<game>:<kind.name>`."""
    RULE_KINDS[f"{game}:{kind.name}"] = kind


# Loaders of kinds registered on first need, each run once when a name is missing (games/engines.py adds the
# generic kinds' module this way: a check of a Rage deck names none of them, ~1.5 ms of every `ragedeck check`).
_LOADERS: list[Callable[[], None]] = []


def load_kinds_when_missing(load: Callable[[], None]) -> None:
    """Run `load` (which registers kinds) the first time a kind is asked for that is not registered."""
    _LOADERS.append(load)


# Held while loaders run: a thread asking for a kind (the Fix it worker checks beside the window) waits for a load
# another thread has started, instead of finding the list empty and the kind not registered yet.
_LOADING = threading.RLock()


def _load_pending() -> None:
    with _LOADING:
        while _LOADERS:
            _LOADERS.pop(0)()


def kind_named(name: str) -> RuleKind | None:
    """The rule kind a format names."""
    kind = RULE_KINDS.get(name)
    if kind is None:
        _load_pending()  # (a kind no loader registers costs a lock: only a broken format names one)
        kind = RULE_KINDS.get(name)
    return kind


def game_rules(game: str) -> list[tuple[str, RuleKind]]:
    """A game's own rules as (registered name, kind), in the order they were registered."""
    prefix = f"{game}:"
    return [(name, kind) for name, kind in RULE_KINDS.items() if name.startswith(prefix)]


def rule_codes() -> tuple[str, ...]:
    """Every code a rule kind can report, derived from the kinds (never written twice)."""
    _load_pending()
    codes: list[str] = []
    for kind in RULE_KINDS.values():
        codes.extend(m.code for m in kind.messages if m.code not in codes)
    return tuple(codes)

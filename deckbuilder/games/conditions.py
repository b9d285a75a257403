"""A card condition a rule kind may take (`"where": {"field": F, "values": [...]}`): checked, matched, described.

`{"field": "tier", "values": ["Legendary"]}` matches the cards whose Tier holds one of the values (case-insensitive;
for `type`, the whole Type or its first part before ` - `); `{"field": "tier"}` matches the cards whose Tier has any
value at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from carddb.model import CardInfo
    from deckbuilder.games.description import Game


def _values(where: Any) -> tuple[str, ...]:
    values = where.get("values", []) if isinstance(where, dict) else []
    return tuple(values) if isinstance(values, list) and all(isinstance(v, str) for v in values) else ()


def condition_problems(game: Game, where: Any) -> list[str]:
    """What is wrong with a condition ([] when it is sound)."""
    if not isinstance(where, dict) or "field" not in where:
        return ['"where" must be an object {"field": F} or {"field": F, "values": [...]}']
    found: list[str] = []
    extra = sorted(str(k) for k in where if k not in ("field", "values"))
    if extra:
        found.append(f'"where" does not take {", ".join(extra)}')
    name = where["field"]
    if not isinstance(name, str) or (game.field_named(name) is None and name != "type"):
        found.append(f'"where.field" names no card field of the game ({name!r:.40})')
    values = where.get("values")
    if values is not None and (
        not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values)
    ):
        found.append('"where.values" must be a non-empty list of texts')
    return found


def matches(card: CardInfo, where: Any) -> bool:
    """Whether a card meets a (validated) condition."""
    name = str(where["field"])
    words = card.words(name)
    wanted = {v.casefold() for v in _values(where)}
    if not wanted:
        return any(w.strip() for w in words)
    folded = {w.strip().casefold() for w in words}
    if name == "type":
        folded |= {w.split(" - ")[0].strip() for w in folded}
    return bool(folded & wanted)


def describe(game: Game, where: Any) -> dict[str, Any]:
    """The condition as message parameters: `where_field` (its label) and `where_values` (empty: any value)."""
    return {"where_field": game.field_label(str(where["field"])), "where_values": _values(where)}

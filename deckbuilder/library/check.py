"""Checking one deck file for the library: what its cache entry keeps (a plain JSON object) and reading it back."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carddb.messages import Message, message_id_of, params_of
from deckbuilder.i18n import current_language, format_message, render_text

if TYPE_CHECKING:
    from deckbuilder.context import DeckContexts
    from deckbuilder.deck import Deck
    from deckbuilder.legality.results import Result

MAX_KEPT_PARAMS_CHARS = 2000  # a reason's parameters as kept: a hostile file's text is cut, not stored whole


def check_file(path: Path, contexts: DeckContexts) -> dict[str, Any]:
    """A deck file read and checked by its own game: the entry the verdict cache keeps (an unreadable file: why)."""
    from deckbuilder.deckfiles import DeckFileError, read_deck

    try:
        loaded = read_deck(path, pool=contexts)
    except (DeckFileError, OSError) as exc:
        reason = (
            exc.strerror if isinstance(exc, OSError) and exc.strerror else getattr(exc, "reason", str(exc))
        )
        return {"error": with_shown(_kept(reason))}
    return check_deck(loaded.deck, contexts)


def check_deck(deck: Deck, contexts: DeckContexts) -> dict[str, Any]:
    """A deck's entry: name, game, format, verdict and first error, fingerprint, card count and copies by card."""
    from deckbuilder.fingerprint import deck_fingerprint
    from deckbuilder.games.description import GameError

    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    for card in (*deck.entries, *deck.starting):
        if card.count > 0:
            counts[card.key] += card.count
            names.setdefault(card.key, card.name)
    entry: dict[str, Any] = {
        "name": deck.name,
        "game": deck.game,
        "format": deck.format,
        "cards": deck.total_cards(),
        "counts": [[key, names[key], copies] for key, copies in sorted(counts.items())],
        "tags": list(deck.tags),
    }
    try:
        context = contexts.of(deck)
    except GameError as exc:  # a game that is not installed: its rules are not known
        entry.update(
            legal=None, first_error=with_shown(_kept(str(exc))), fingerprint=deck_fingerprint(deck, None).code
        )
        return entry
    try:
        report = context.check(deck)
    except Exception as exc:  # one deck that breaks a rule kind must not stop a library of hundreds
        entry.update(legal=False, first_error=with_shown(_kept(repr(exc)[:200])))
        entry["fingerprint"] = deck_fingerprint(deck, context.pool).code
        return entry
    errors = report.errors
    entry.update(
        format=report.format,
        legal=report.is_legal,
        first_error=with_shown(_result(errors[0]) if errors else None),
        fingerprint=deck_fingerprint(deck, context.pool).code,
    )
    return entry


def _kept(text: str) -> dict[str, Any]:
    """A reason as the cache keeps it: its English text, and its message id and parameters to render it again."""
    return {"text": str(text)[:1000], "id": message_id_of(text), "params": _cut(params_of(text))}


def _result(result: Result) -> dict[str, Any]:
    params: dict[str, object] = {
        key: list(value) if isinstance(value, tuple) else value for key, value in result.params
    }
    return {"text": result.message[:1000], "id": result.message_id, "params": _cut(params), "result": True}


def _cut(params: dict[str, object]) -> dict[str, object]:
    import json

    try:
        text = json.dumps(params, ensure_ascii=False)
    except (TypeError, ValueError):
        return {}
    return params if len(text) <= MAX_KEPT_PARAMS_CHARS else {}


def shown(kept: object, lang: str | None = None) -> str:
    """A kept reason in a language (its English text when it cannot be rendered again)."""
    if not isinstance(kept, dict):
        return ""
    rendered = kept.get("shown")
    if isinstance(rendered, dict):  # rendered when checked, in the language of that time (one look-up here)
        found = rendered.get(lang or current_language())
        if isinstance(found, str):
            return found
    return _rendered(kept, lang)


def with_shown(kept: dict[str, Any] | None) -> dict[str, Any] | None:
    """A kept reason with its rendering in the current language (a listing then needs no formatting)."""
    if kept is None:
        return None
    lang = current_language()
    return {**kept, "shown": {lang: _rendered(kept, lang)}}


def _rendered(kept: dict[str, Any], lang: str | None) -> str:
    text = str(kept.get("text", ""))
    message_id, params = kept.get("id"), kept.get("params")
    if not message_id or not isinstance(message_id, str) or not isinstance(params, dict):
        return text
    try:
        if kept.get("result"):
            values = [(k, tuple(v) if isinstance(v, list) else v) for k, v in params.items()]
            return format_message(message_id, values, lang)
        return render_text(_message(message_id, params), lang)
    except (KeyError, IndexError, ValueError, TypeError):
        return text


def _message(message_id: str, params: dict[str, Any]) -> Message:
    """A carddb Message made again from its id and parameters (a nested one from its own)."""
    values = tuple(
        (key, _message(value["message_id"], value.get("params", {})) if isinstance(value, dict) else value)
        for key, value in params.items()
    )
    return Message(message_id, values)

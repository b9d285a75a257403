"""Translatable texts of carddb (import reasons) without a dependency on deckbuilder: id, params, English text.

A `Message` is the English text itself (a `str`, so every caller that prints, compares or stores a reason keeps
working) that also carries its `message_id` and `params`; deckbuilder.i18n reads `TEMPLATES` into its catalogue
and renders a Message in the reader's language. A parameter may itself be a Message (a reason inside a reason).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MessageParam = str | int
# English templates by message id, declared next to the code that produces them (see declare()).
TEMPLATES: dict[str, str] = {}


def declare(templates: Mapping[str, str]) -> None:
    """Register English templates by message id (a second, different text for an id is a bug)."""
    for key, text in templates.items():
        known = TEMPLATES.get(key)
        if known is not None and known != text:
            raise ValueError(f"message id {key!r} declared twice with different texts")
        TEMPLATES[key] = text


class Message(str):
    """An English text that knows its message id and parameters (str fields, ints, or nested Messages)."""

    message_id: str
    params: tuple[tuple[str, MessageParam], ...]

    def __new__(cls, message_id: str, params: tuple[tuple[str, MessageParam], ...] = ()) -> Message:
        """The English rendering of a declared message id with its parameters."""
        text = TEMPLATES[message_id].format(**dict(params))
        made = super().__new__(cls, text)
        made.message_id = message_id
        made.params = params
        return made

    def __getnewargs__(self) -> tuple[Any, ...]:
        return (self.message_id, self.params)

    def __deepcopy__(self, memo: dict[int, Any]) -> Message:
        return self  # immutable


def message(message_id: str, **params: MessageParam) -> Message:
    """A declared message with its parameters (strings stay strings: a nested Message is kept as such)."""
    return Message(message_id, tuple(params.items()))


def message_id_of(text: str) -> str:
    """The message id of a text ("" for a plain string)."""
    return text.message_id if isinstance(text, Message) else ""


def params_of(text: str) -> dict[str, object]:
    """A Message's parameters as a JSON object (a nested Message as its own id and parameters)."""
    if not isinstance(text, Message):
        return {}
    return {
        key: {"message_id": value.message_id, "params": params_of(value)}
        if isinstance(value, Message)
        else value
        for key, value in text.params
    }

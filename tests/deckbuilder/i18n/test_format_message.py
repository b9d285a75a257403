"""Messages formatted again come out as formatted the first time: in each language, and a reader's own reason still
in the reader's language when the same English words came first as plain text."""

from __future__ import annotations

from carddb.messages import message
from deckbuilder.i18n import ENGLISH, PORTUGUESE, Params, declared, format_message, params_of, render_text
from deckbuilder.legality.checker import DECK_FILE_UNREAD


def _unread(reason: str) -> Params:
    return params_of({"location": "line 3", "text": "'Foo'", "reason": reason})


def test_a_readers_reason_is_translated_even_after_the_same_words_as_plain_text() -> None:
    declared()
    reason = message("DB_SWITCHING_TO_WAL")  # a carddb message: the reader's words, translated when shown
    plain = str(reason)  # the same English words as plain text: shown as written
    portuguese = render_text(reason, PORTUGUESE)
    assert portuguese != plain
    for _ in range(2):  # each asked twice, in both orders
        as_plain = format_message(DECK_FILE_UNREAD, _unread(plain), PORTUGUESE)
        as_message = format_message(DECK_FILE_UNREAD, _unread(reason), PORTUGUESE)
        assert plain in as_plain and portuguese not in as_plain
        assert portuguese in as_message and plain not in as_message


def test_the_same_result_is_worded_in_each_language_asked() -> None:
    declared()
    params = params_of({"card": "Dodge", "copies": 3, "limit": 2})
    english = format_message("COMBAT_COPIES", params, ENGLISH)
    portuguese = format_message("COMBAT_COPIES", params, PORTUGUESE)
    assert english != portuguese and "Dodge" in english and "Dodge" in portuguese
    assert format_message("COMBAT_COPIES", params, ENGLISH) == english
    assert format_message("COMBAT_COPIES", params, PORTUGUESE) == portuguese
    other = params_of({"card": "Dodge", "copies": 4, "limit": 2})
    assert "4" in format_message("COMBAT_COPIES", other, ENGLISH)  # another parameter, another text

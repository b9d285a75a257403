"""The CLI's one JSON document about several decks reads as json.dump of every deck's document at once."""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder.cli.output import DecksJson

# JSON values as a deck's document holds them: text with line breaks, quotes and any letters, numbers, nesting,
# empty lists and objects.
_LEAVES = st.none() | st.booleans() | st.integers() | st.text(max_size=12)
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
_DOCUMENTS = st.lists(st.dictionaries(st.text(max_size=8), _VALUES, max_size=5), max_size=4)


def _written(documents: list[dict[str, Any]]) -> str:
    decks = DecksJson()
    for document in documents:
        decks.add(document)
    out = io.StringIO()
    decks.write(out)
    return out.getvalue()


@settings(max_examples=150)
@given(_DOCUMENTS)
def test_the_document_is_byte_for_byte_what_json_dump_writes(documents: list[dict[str, Any]]) -> None:
    expected = io.StringIO()
    json.dump({"decks": documents}, expected, indent=2, ensure_ascii=False)
    expected.write("\n")
    assert _written(documents) == expected.getvalue()

"""Fuzz target of event.json (deckbuilder/event.py): hostile shapes (deep, huge numbers, repeated keys, NUL and
control characters, long text, links) give an Event or one EventError naming the file, never anything else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from deckbuilder.event import EVENT_FILE, Event, EventError, load_event

TEXT = st.text(max_size=40) | st.sampled_from(["\0", "a\nb", "\u202e", "x" * 5000, "revised", "table"])
HOSTILE = st.one_of(
    st.integers(1, 3000).map(lambda depth: b'{"event": ' + b"[" * depth + b"]" * depth + b"}"),
    st.integers(1, 6000).map(lambda digits: b'{"renown": 1' + b"0" * digits + b"}"),
    st.tuples(TEXT, TEXT).map(lambda pair: json.dumps({"event": pair[0]})[:-1].encode() + b', "event": "x"}'),
    st.fixed_dictionaries(
        {},
        optional={
            "event": TEXT,
            "date": TEXT,
            "format": TEXT,
            "formats": st.dictionaries(TEXT, TEXT, max_size=3),
            "renown": st.integers(-(10**30), 10**30) | st.floats() | TEXT,
        },
    ).map(lambda data: json.dumps(data).encode()),
    st.binary(max_size=200).map(lambda raw: b'{"event": "' + raw + b'"}'),
)


@settings(max_examples=80)
@given(content=HOSTILE)
@example(content=json.dumps({"formats": {"x" * 5000: "0"}}).encode())  # a game name too long for a folder
def test_fuzz_any_event_file_is_an_event_or_one_named_reason(
    tmp_path_factory: pytest.TempPathFactory, content: bytes
) -> None:
    folder = tmp_path_factory.mktemp("event")
    (folder / EVENT_FILE).write_bytes(content)
    try:
        event = load_event(folder)
    except EventError as exc:
        assert str(exc).startswith(str(folder / EVENT_FILE))
        return
    assert isinstance(event, Event)
    assert event.renown is None or 0 <= event.renown <= 1000
    assert "\n" not in event.name and len(event.name) <= 5000


def test_an_event_link_leading_out_is_not_read(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.json"
    outside.write_text('{"event": "Secret"}')
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / EVENT_FILE).symlink_to(outside)
    with pytest.raises(EventError, match="link leading out"):
        load_event(folder)

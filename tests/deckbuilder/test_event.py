"""An organiser's event.json: read whole or refused with a reason, whatever the file holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckbuilder.event import EVENT_FILE, Event, EventError, event_for, format_for_game, load_event

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
EVENT_LIKE = st.fixed_dictionaries(
    {},
    optional={
        "event": JSON_VALUES,
        "date": JSON_VALUES,
        "format": st.sampled_from(["revised", "table", "standard", "nope"]) | JSON_VALUES,
        "formats": st.dictionaries(st.sampled_from(["rage", "warrift", "chess"]), st.text(max_size=10)),
        "renown": st.integers(-5, 2000) | JSON_VALUES,
    },
)


@given(data=st.one_of(JSON_VALUES, EVENT_LIKE), raw=st.binary(max_size=80))
def test_any_event_file_is_an_event_or_a_reason(
    tmp_path_factory: pytest.TempPathFactory, data: object, raw: bytes
) -> None:
    folder = tmp_path_factory.mktemp("event")
    for content in (json.dumps(data).encode(), raw):
        (folder / EVENT_FILE).write_bytes(content)
        try:
            event = load_event(folder)
        except EventError as exc:
            assert str(exc).startswith(str(folder / EVENT_FILE))  # names the file, then says why
            continue
        assert isinstance(event, Event)
        assert event.renown is None or 0 <= event.renown <= 1000


def test_no_file_is_no_event_and_the_nearest_folder_wins(tmp_path: Path) -> None:
    assert load_event(tmp_path) is None
    outer, inner = Event(name="outer", renown=10), Event(name="inner", renown=12)
    events = {tmp_path: outer, tmp_path / "day2": inner}
    assert event_for(tmp_path / "a.dek", events) is outer
    assert event_for(tmp_path / "day2" / "b.dek", events) is inner
    assert event_for(Path("/elsewhere/c.dek"), events) is None


def test_one_format_is_for_the_games_that_have_it() -> None:
    event = Event(format="revised-tournament", formats=(("warrift", "table"),))
    assert format_for_game(event, "rage") == "revised-tournament"
    assert format_for_game(event, "warrift") == "table"
    assert format_for_game(event, "lithic-rage") is None  # keeps its own
    assert format_for_game(None, "rage") is None
    assert Event(renown=3).over(Event(name="Night", renown=12, format="revised")) == Event(
        name="Night", renown=3, format="revised"
    )

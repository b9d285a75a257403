"""The sidecar of marks beside Lackey decks: any bytes read without a crash, bounded, and written back whole."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckbuilder.deckfiles.native import MAX_TAGS
from deckbuilder.library.marks import SIDECAR, Marks, read_marks, set_marks

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=40,
)
ANY_TMP = settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=60, deadline=None
)


@ANY_TMP
@given(st.binary(max_size=300) | JSON_VALUES.map(lambda v: json.dumps({"decks": v}).encode()))
def test_any_sidecar_reads_as_marks_or_none(tmp_path: Path, content: bytes) -> None:
    (tmp_path / SIDECAR).write_bytes(content)
    for name, mark in read_marks(tmp_path).items():
        assert "/" not in name and isinstance(mark, Marks)
        assert len(mark.tags) <= MAX_TAGS and all(isinstance(t, str) and t for t in mark.tags)


def test_marks_are_written_for_the_decks_that_have_some_and_forgotten_when_cleared(tmp_path: Path) -> None:
    deck = tmp_path / "a.dek"
    set_marks(deck, ("x",), True)
    set_marks(tmp_path / "b.txt", None, True)
    assert read_marks(tmp_path) == {"a.dek": Marks(("x",), True), "b.txt": Marks((), True)}
    set_marks(deck, (), False)
    document = json.loads((tmp_path / SIDECAR).read_text(encoding="utf-8"))
    assert list(document["decks"]) == ["b.txt"]


def test_no_sidecar_is_made_for_nothing(tmp_path: Path) -> None:
    set_marks(tmp_path / "a.dek", (), False)
    assert not (tmp_path / SIDECAR).exists()

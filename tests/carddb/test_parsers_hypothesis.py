"""Property tests: the card-data parsers and importers never raise on arbitrary input."""

from __future__ import annotations

import io
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carddb.db import CardDatabase
from carddb.importing import CardImportError, import_json, import_lackey_file
from carddb.lackey import CardDataReader, parse_plugin_info, read_card_data_text
from carddb.model import LACKEY_HEADER

# Text biased towards the characters that matter to the parser: tabs, line breaks, quotes, header words.
cell_text = st.text(
    alphabet=st.sampled_from(list('\t\n\r"ab .-\x00é\ufeff\u2019')) | st.characters(), max_size=40
)
lackey_text = st.lists(
    st.one_of(cell_text, st.sampled_from(["\t".join(LACKEY_HEADER), *LACKEY_HEADER])), max_size=12
).map("\t".join)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)
card_like = st.dictionaries(
    st.sampled_from([*LACKEY_HEADER, "Other"]),
    st.one_of(st.text(max_size=30), st.integers(), st.none(), st.lists(st.integers(), max_size=2)),
    max_size=8,
)


@given(lackey_text)
def test_lackey_text_parses_without_error(text: str) -> None:
    rows, notes = read_card_data_text(text)
    assert all(r.line >= 1 for r in rows)
    assert all(n.line >= 1 for n in notes)


@given(st.binary(max_size=2000))
def test_lackey_bytes_parse_without_error(data: bytes) -> None:
    rows = list(CardDataReader(io.BytesIO(data), max_line=200))
    lines = [r.line for r in rows]
    assert lines == sorted(set(lines))


@given(st.text(max_size=300))
def test_plugin_info_parses_without_error(text: str) -> None:
    info = parse_plugin_info(text)
    assert set(info.zone_labels) <= {"characters", "sept", "combat"}


def _fresh_db(folder: Path) -> CardDatabase:
    return CardDatabase(folder / "cards.sqlite")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=600) | lackey_text.map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_lackey_import_of_arbitrary_bytes_never_crashes(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "cards.txt"
        path.write_bytes(data)
        with _fresh_db(folder) as db:
            report = import_lackey_file(db, path)
            assert db.card_count() <= report.rows_read


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values | st.dictionaries(st.text(max_size=20), card_like | json_values, max_size=6))
def test_json_import_of_arbitrary_values_never_crashes(value: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "cards.json"
        path.write_text(json.dumps(value), encoding="utf-8")
        with _fresh_db(folder) as db:
            try:
                report = import_json(db, path)
            except CardImportError:
                assert not isinstance(value, dict)  # only a non-object top level is refused outright
                return
            assert report.rows_read == len(value)
            # Each entry is imported or rejected (same-name entries merge into one card).
            assert db.card_count() <= report.rows_read - len(report.rejected)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_json_import_of_arbitrary_text_raises_only_clear_errors(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "cards.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        with _fresh_db(folder) as db:
            try:
                import_json(db, path)
            except CardImportError as exc:
                assert str(path) in str(exc)

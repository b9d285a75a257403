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
from carddb.importing import CardImportError, ImportCancelled, import_json, import_lackey_file, import_path
from carddb.lackey import CardDataReader, parse_plugin_info, read_card_data_text
from carddb.model import LACKEY_HEADER
from tests.databases import new_database
from tests.deckbuilder.export.helpers import jpeg_bytes

# Any code point, lone surrogates included (the default text strategy leaves them out).
any_char = st.characters(blacklist_categories=())
hostile_text = st.text(
    alphabet=any_char | st.sampled_from(["\ud800", "\udfff", "\t", "\n", "<", ">", "/"]),
    max_size=200,
)
tag_soup = st.lists(
    st.sampled_from(
        ["<deckzone>", "</deckzone>", "<label>", "</label>", "<gamezonetoloadto>", "</gamezonetoloadto>",
         "<filetoinclude>", "</filetoinclude>", "Pack", "Sept", "Combat", "cards.txt", "<", ">", "\ud800"]
    )
    | hostile_text,
    max_size=30,
).map("".join)  # fmt: skip

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
    # A copy of the worker's empty template: ~200 examples each made their schema, ~5 s of the suite's CPU.
    return CardDatabase(new_database(folder / "cards.sqlite"))


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


@settings(max_examples=60, deadline=None)
@given(hostile_text | tag_soup)
def test_plugin_info_parses_any_text_including_lone_surrogates(text: str) -> None:
    info = parse_plugin_info(text)
    assert set(info.zone_labels) <= {"characters", "sept", "combat"}
    assert all(name.strip() == name and name for name in info.card_data_files)


@settings(max_examples=40, deadline=None)
@given(st.lists(hostile_text, max_size=8).map("\n".join))
def test_lackey_text_with_lone_surrogates_parses(text: str) -> None:
    rows, _ = read_card_data_text(text)
    joined = [line for r in rows for line in r.joined]
    assert len(joined) == len(set(joined)) and all(r.line not in joined for r in rows)


_LACKEY_FILES = st.one_of(
    st.binary(max_size=400),
    lackey_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
    hostile_text.map(lambda t: t.encode("utf-16", "surrogatepass")),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    plugininfo=st.binary(max_size=200) | tag_soup.map(lambda t: t.encode("utf-8", "surrogatepass")),
    card_data=_LACKEY_FILES,
    image=st.binary(max_size=200) | st.just(jpeg_bytes((8, 8))),
    cancel_after=st.none() | st.integers(min_value=0, max_value=20),
)
def test_lackey_plugin_import_of_arbitrary_files_raises_only_documented_errors(
    plugininfo: bytes, card_data: bytes, image: bytes, cancel_after: int | None
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "plugin"
        (folder / "sets" / "setimages" / "Alpha").mkdir(parents=True)
        (folder / "plugininfo.txt").write_bytes(plugininfo)
        (folder / "sets" / "cards.txt").write_bytes(card_data)
        (folder / "sets" / "setimages" / "Alpha" / "pic.jpg").write_bytes(image)
        asked = 0

        def cancel() -> bool:
            nonlocal asked
            asked += 1
            return cancel_after is not None and asked > cancel_after

        with _fresh_db(Path(tmp) / "db") as db:
            try:
                report = import_path(db, folder, cancel=cancel)
            except (CardImportError, ImportCancelled):
                return
            assert db.card_count() <= report.rows_read


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.binary(max_size=300)
    | hostile_text.map(lambda t: json.dumps({t: {"Name": t, "Type": "Gift"}})).flatmap(
        lambda t: st.sampled_from(["utf-8", "utf-16", "utf-16-le", "utf-32"]).map(lambda e: t.encode(e))
    )
    | st.integers(min_value=1, max_value=3000).map(lambda n: b"[" * n + b"]" * n)
)
def test_json_import_of_arbitrary_bytes_raises_only_clear_errors(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "cards.json"
        path.write_bytes(data)
        with _fresh_db(folder) as db:
            try:
                report = import_json(db, path)
            except CardImportError as exc:
                assert str(path) in str(exc)
                return
            assert db.card_count() <= report.rows_read

"""Card data lines are split a read chunk at a time, wherever the chunks happen to end."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import carddb.lackey_lines
from carddb.lackey_lines import decode_batch, decode_line, iter_raw_lines

line_bytes = st.lists(
    st.sampled_from([b"a", b"\t", b"\r", b"\n", b"\r\n", "é".encode(), b"\xe9", b"\xef\xbb\xbf"])
)


def reference_lines(data: bytes) -> list[bytes]:
    """Every line of `data`, split on \\r\\n, \\r or \\n in one go (a last line needs no line break).

    A \\r that ends the file stays on its line: the reader cannot know it is not half of a \\r\\n.
    """
    lone_cr = data.endswith(b"\r")
    lines = re.split(rb"\r\n|\r|\n", data[:-1] if lone_cr else data)
    if lone_cr:
        lines[-1] += b"\r"
    return lines[:-1] if lines[-1] == b"" else lines


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line_bytes.map(b"".join), st.integers(1, 5))
def test_lines_are_the_same_whatever_the_chunk_size(
    monkeypatch: pytest.MonkeyPatch, data: bytes, chunk: int
) -> None:
    monkeypatch.setattr(carddb.lackey_lines, "_CHUNK", chunk)
    numbered = list(iter_raw_lines(io.BytesIO(data)))
    assert numbered == list(enumerate(reference_lines(data), start=1))


@given(st.lists(st.binary(max_size=6).filter(lambda b: b"\r" not in b and b"\n" not in b), min_size=1))
def test_a_batch_decodes_as_its_lines_would_one_by_one(lines: list[bytes]) -> None:
    texts = decode_batch(list(lines))
    one_by_one = [decode_line(line) for line in lines]
    if texts is None:  # some line is not plain UTF-8: the reader decodes this batch line by line
        assert any(
            not utf8 or text != line.decode("utf-8", "replace")
            for line, (text, utf8) in zip(lines, one_by_one, strict=True)
        )
    else:
        assert [(text, True) for text in texts] == one_by_one

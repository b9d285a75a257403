"""The importer's quick path for the usual Lackey row says and stages exactly what add_row does."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carddb.db import CardDatabase
from carddb.importer import _Importer
from carddb.lackey import ImageFinder
from carddb.model import LACKEY_HEADER

# Cells as card data has them, and as it sometimes goes wrong: numbers in every spelling add_row reads (or
# refuses), names a quick check could get wrong (case, quotes, spacing, accents), Types that are or are not a
# section, image names that are unsafe, and the replacement character of a garbled line.
numbers = st.sampled_from(["", "0", "7", " 7 ", "999", "1000", "+5", "-0", "-3", "\u0663", "12345678901"])
odd_numbers = st.sampled_from(["5x", "1e3", "99999999999999", "\u00bd"])
names = st.sampled_from(
    ["Shadow Lord", "shadow lord", "Shadow  Lord", "Shadow`s Lord", "Ombre Éternelle", "Lord\u2019s Rite",
     "Fianna 2", "Conrad Walks-the-Line", "", "  ", "A\x01B", "x" * 81, "Na\ufffdme", "ＦＵＬＬ"]
)  # fmt: skip
sets = st.sampled_from(["Limited", "Umbra", "", "Bad. Set", "a/b", "x" * 41])
types = st.sampled_from(["Gift", "Character - Gaia", "Character", "Combat Action", "Widget", "", " Gift "])
keywords = st.sampled_from(["", "Garou - Fianna - Ahroun", "Pentex", "Wyrm", "Gaia - Wyrm", "Homid"])
images = st.sampled_from(["", "card1", "card1,card1b", "..", "a:b", " , ", "missing"])
texts = st.text(alphabet=st.sampled_from(list("ab \"'é")), max_size=8)


@st.composite
def lackey_cells(draw: Any) -> list[str]:
    """The 18 cells of one row in LACKEY_HEADER order."""
    cells = [draw(texts) for _ in LACKEY_HEADER]
    cells[0], cells[1], cells[2], cells[4], cells[7] = (
        draw(names),
        draw(sets),
        draw(images),
        draw(types),
        draw(keywords),
    )
    cells[8:16] = [draw(numbers) for _ in range(8)]
    if draw(st.booleans()) and draw(st.booleans()):  # now and then one cell that is no number
        cells[draw(st.integers(8, 15))] = draw(odd_numbers)
    return cells


@pytest.fixture(scope="module")
def db() -> Iterator[CardDatabase]:
    with tempfile.TemporaryDirectory() as folder:
        database = CardDatabase(Path(folder) / "cards.sqlite")
        yield database
        database.close()


def staged_and_said(db: CardDatabase, rows: list[list[str]], quick: bool) -> tuple[list[Any], list[Any]]:
    """The rows an importer stages and the issues it records, reading each row quickly or through add_row."""
    importer = _Importer(db, "cards.txt", None, None)
    finder = ImageFinder(None)
    try:
        for line, cells in enumerate(rows, start=2):
            if not (quick and importer.add_cells("cards.txt", line, cells, finder)):
                importer.add_row(
                    "cards.txt", line, dict(zip(LACKEY_HEADER, cells, strict=True)), {}, (), finder
                )
        stage = importer.stage()
        stage.flush()
        staged = stage.conn.execute("SELECT * FROM temp.stage ORDER BY seq").fetchall()
        said = [(i.line, i.reason, i.severity, i.message_id, i.params) for i in importer.report.issues]
        return staged, said
    finally:
        importer.close()


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(lackey_cells(), min_size=1, max_size=6))
def test_the_quick_path_stages_and_notes_every_row_as_add_row_does(
    db: CardDatabase, rows: list[list[str]]
) -> None:
    rows = [*rows, rows[0]]  # a duplicate of the first row, noted by both paths
    assert staged_and_said(db, rows, quick=True) == staged_and_said(db, rows, quick=False)


def test_the_quick_path_declines_a_row_add_row_would_note_and_leaves_no_trace(db: CardDatabase) -> None:
    cells = ["Shadow Lord", "Limited", "", "", "Gift", *[""] * 3, "5x", *[""] * 7, "Text.", ""]
    importer = _Importer(db, "cards.txt", None, None)
    try:
        assert importer.add_cells("cards.txt", 2, cells, ImageFinder(None)) is False
        assert importer.report.issues == [] and importer.stage().rows == 0
    finally:
        importer.close()

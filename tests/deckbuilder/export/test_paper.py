"""Paper sizes for the PDF exports."""

from __future__ import annotations

import pytest

from deckbuilder.export.paper import parse_paper
from tests.deckbuilder.export.helpers import A4, LETTER, MM


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a4", A4),
        (" A4 ", A4),
        ("letter", LETTER),
        ("Letter", LETTER),
        ("210x297mm", A4),
        ("21 x 29.7 cm", A4),
        ("8.5x11in", LETTER),
        ("612x792pt", LETTER),
        ("100mmx8in", (100 * MM, 576.0)),
    ],
)
def test_paper_names_and_custom_sizes_give_points(text: str, expected: tuple[float, float]) -> None:
    assert parse_paper(text) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("a5x", "unknown paper size"),
        ("210x297", "unknown paper size"),  # a unit is required: mm and inches differ by 25×
        ("210x297furlong", "unknown paper size"),
        ("-210x297mm", "unknown paper size"),
        ("10x297mm", "too small"),
        ("9000x297mm", "too large"),
    ],
)
def test_bad_paper_sizes_say_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        parse_paper(text)

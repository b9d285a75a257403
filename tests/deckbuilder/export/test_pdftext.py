"""Text that the PDF's built-in font lacks is folded, not drawn as boxes."""

from __future__ import annotations

import pytest

from deckbuilder.export.pdftext import pdf_safe


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Garou’s “Rage” – Café", "Garou’s “Rage” – Café"),  # Windows-1252 has these: unchanged
        ("Ōkami", "Okami"),
        ("狼 Fang", "? Fang"),
    ],
)
def test_text_outside_the_pdf_font_is_folded_not_drawn_as_boxes(text: str, expected: str) -> None:
    assert pdf_safe(text) == expected

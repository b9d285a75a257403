"""Text for the embedded PDF font: printed as written where the font has it, never drawn as empty boxes."""

from __future__ import annotations

import pytest

from deckbuilder.export.pdftext import pdf_safe


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Garou’s “Rage” – Café", "Garou’s “Rage” – Café"),
        ("Ōkami · Coração · Źdźbło · Λύκος · Волк", "Ōkami · Coração · Źdźbło · Λύκος · Волк"),
        ("Corac\u0327a\u0303o", "Coração"),  # decomposed input prints as the composed letters
        ("狼 Fang 🐺", "? Fang ?"),  # no shipped glyph: a visible "?" rather than an empty box
        ("bad \ud800 half", "bad ? half"),
    ],
)
def test_text_prints_as_written_and_only_glyphs_the_font_lacks_become_a_question_mark(
    text: str, expected: str
) -> None:
    assert pdf_safe(text) == expected

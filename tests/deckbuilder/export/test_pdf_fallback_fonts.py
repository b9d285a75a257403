"""Scripts the shipped font lacks print with a system font that has them; what none can draw is named once."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export import DecklistOptions, ProxyOptions, write_decklist_pdf, write_proxies_pdf
from deckbuilder.export.pdftext import _fontconfig_files, collect_missing, pdf_markup, string_width
from tests.deckbuilder.export.helpers import add_card

CJK = "狼の月"
EMOJI = "🐺"


def _needs_cjk_font() -> None:
    if not all(_fontconfig_files(ord(char)) for char in CJK):
        pytest.skip("no TrueType font with CJK glyphs on this system (fonts-droid-fallback provides one)")


def _text(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())


def _deck() -> Deck:
    deck = Deck(name=f"Pack {CJK}")
    deck.add("Moon Runner", 1)
    deck.notes = f"Notes {CJK} {EMOJI} end"
    return deck


def test_a_decklist_prints_cjk_names_and_notes_and_names_the_emoji_once(
    tmp_db: CardDatabase, tmp_path: Path
) -> None:
    _needs_cjk_font()
    add_card(tmp_db, "Moon Runner", "Character - Gaia", [], renown=3, rage=2, gnosis=2, health=4)
    out = tmp_path / "list.pdf"
    report = write_decklist_pdf(_deck(), tmp_db, out, DecklistOptions(player=f"Ana {CJK}"))
    text = _text(out)
    assert f"Pack {CJK}" in text and f"Ana {CJK}" in text and f"Notes {CJK} ? end" in text
    # The emoji printed as "?" is named once in the report, with its code point, however often it occurs.
    assert len(report.messages) == 1 and "U+1F43A" in report.messages[0]


def test_proxies_footer_draws_cjk_deck_names(tmp_db: CardDatabase, tmp_path: Path) -> None:
    _needs_cjk_font()
    add_card(tmp_db, "Moon Runner", "Character - Gaia", [], renown=3, rage=2, gnosis=2, health=4)
    out = tmp_path / "proxies.pdf"
    report = write_proxies_pdf(_deck(), tmp_db, out, ProxyOptions())
    assert f"Pack {CJK}" in _text(out)
    assert not any("U+" in message for message in report.messages)  # everything printed was drawable


def test_text_every_font_lacks_is_question_marks_and_collected() -> None:
    with collect_missing() as missed:
        markup = pdf_markup(f"a{EMOJI}b")
    if EMOJI in missed:
        assert markup == "a?b"
    else:  # a system with an outline emoji font draws it
        assert EMOJI in markup and "<font" in markup
    assert string_width("abc", "RageSans", 10) > 0


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils absent")
def test_the_fallback_glyphs_are_embedded_and_render(tmp_db: CardDatabase, tmp_path: Path) -> None:
    _needs_cjk_font()
    add_card(tmp_db, "Moon Runner", "Character - Gaia", [], renown=3, rage=2, gnosis=2, health=4)
    out = tmp_path / "list.pdf"
    write_decklist_pdf(_deck(), tmp_db, out, DecklistOptions())
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    embedded = [line for line in fonts.splitlines()[2:] if line.split()[-5:-4] == ["yes"]]
    assert len(embedded) >= 3, fonts  # DejaVu regular and bold, plus the system font drawing the CJK

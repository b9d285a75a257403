"""Names and notes in any European script print as written in the PDFs (embedded Unicode font), read back."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

from pypdf import PdfReader

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export import DecklistOptions, ProxyOptions, write_decklist_pdf, write_proxies_pdf
from deckbuilder.export.pdftext import FONT_DIR
from tests.deckbuilder.export.helpers import add_card

ROOT = Path(__file__).resolve().parents[3]
NAMES = {
    "Portuguese": "Coração da Mãe-Lua",
    "Polish": "Źdźbło Łowcy Żółwi",
    "Greek": "Λύκος της Σελήνης",
    "Cyrillic": "Волчья Ярость",
}
NOTES = "Notas: ação rápida, ç e ã. Uwaga: źrebię. Σημείωση: λύκος. Заметка: ярость. 狼 🐺 end"


def _flat(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())


def _embedded_fonts(pdf: Path) -> set[str]:
    """Base names of the fonts whose glyphs are embedded in the file (a TrueType font file in it)."""
    names: set[str] = set()
    for page in PdfReader(pdf).pages:
        fonts: dict = page["/Resources"].get_object().get("/Font", {})  # type: ignore[type-arg]
        for ref in fonts.values():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            described = descendants[0].get_object() if descendants else font
            descriptor = described.get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                names.add(str(font["/BaseFont"]).split("+")[-1])
    return names


def _system_font_for(char: str) -> bool:
    """Whether fontconfig knows a TrueType font (one ReportLab can embed) with `char`."""
    from deckbuilder.export.pdftext import _fontconfig_files

    return bool(_fontconfig_files(ord(char)))


def _unicode_db(db: CardDatabase) -> CardDatabase:
    add_card(db, NAMES["Portuguese"], "Character - Gaia", [], renown=3, rage=2, gnosis=2, health=4)
    add_card(db, NAMES["Polish"], "Gift", [], text="Zażółć gęślą jaźń.")
    add_card(db, NAMES["Greek"], "Totem", [], text="Ο λύκος ουρλιάζει.")
    add_card(db, NAMES["Cyrillic"], "Combat Action", [], text="Съешь же ещё этих булок.", damage=2)
    return db


def _deck() -> Deck:
    deck = Deck(name="Matilha Ñandú")
    for name in NAMES.values():
        deck.add(name, 1)
    deck.notes = NOTES
    return deck


def test_decklist_prints_every_name_and_note_as_written(tmp_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "list.pdf"
    write_decklist_pdf(_deck(), _unicode_db(tmp_db), out, DecklistOptions(player="João Ćwik"))
    text = _flat(out)
    for name in NAMES.values():
        assert name in text
    assert "Matilha Ñandú" in text and "Player João Ćwik" in text
    # CJK has no glyph in the shipped font: a system font that has it draws it (or it prints as "?" where the
    # system has none); the emoji has no outline font here: "?", never an empty box, and the export names it.
    wolf = "狼" if _system_font_for("狼") else "?"
    assert f"Notas: ação rápida, ç e ã. Uwaga: źrebię. Σημείωση: λύκος. Заметка: ярость. {wolf} ? end" in text
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= _embedded_fonts(out)


def test_text_proxies_print_names_and_card_text_as_written(tmp_db: CardDatabase, tmp_path: Path) -> None:
    out = tmp_path / "proxies.pdf"
    report = write_proxies_pdf(_deck(), _unicode_db(tmp_db), out, ProxyOptions())
    assert report.text_proxies == 4
    text = _flat(out)
    for name in NAMES.values():
        assert name in text
    for card_text in ("Zażółć gęślą jaźń.", "Ο λύκος ουρλιάζει.", "Съешь же ещё этих булок."):
        assert card_text in text
    assert "Matilha Ñandú · proxies · page 1 of 1" in text


def test_the_font_and_its_licence_ship_as_package_data() -> None:
    files = sorted(p.relative_to(ROOT / "deckbuilder").as_posix() for p in FONT_DIR.iterdir())
    assert {"export/fonts/DejaVuSans.ttf", "export/fonts/LICENSE-DejaVu.txt"} <= set(files)
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for file in files:
        assert any(fnmatch.fnmatch(file, pattern) for pattern in patterns["deckbuilder"]), file
    assert 'tree("deckbuilder/export/fonts/*")' in (ROOT / "packaging" / "ragedeck.spec").read_text()

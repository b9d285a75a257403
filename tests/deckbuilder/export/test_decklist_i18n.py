"""The decklist PDF in Brazilian Portuguese: our words translated, card names and types as in the card data."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from carddb.db import CardDatabase
from carddb.demo import demo_deck_path, ensure_demo_cards
from deckbuilder.deckfiles import read_deck
from deckbuilder.export import DecklistOptions, write_decklist_pdf


def _flat(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())


def test_a_portuguese_decklist_reads_back_in_portuguese_with_card_names_untouched(tmp_path: Path) -> None:
    with CardDatabase(tmp_path / "cards.sqlite") as db:
        ensure_demo_cards(db)
        deck = read_deck(demo_deck_path(), pool=db).deck
        deck.add("Low Feint")  # a third copy: the verdict names an error
        out = tmp_path / "lista.pdf"
        write_decklist_pdf(deck, db, out, DecklistOptions(player="Ana", event="Torneio", lang="pt_BR"))
        english = tmp_path / "list.pdf"
        write_decklist_pdf(deck, db, english, DecklistOptions(lang="en"))
    text = _flat(out)
    for words in (
        "Lista de deck de Rage",
        "Jogador",
        "ILEGAL no formato",
        "Personagens",
        "Combate (",
        "página 1",
    ):
        assert words in text, words
    assert "A carta de combate 'Low Feint' tem 3 cópias; são permitidas no máximo 2" in text
    assert "Low Feint" in text and "Combat (" not in text and "NOT LEGAL" not in text
    assert "NOT LEGAL in format" in _flat(english)

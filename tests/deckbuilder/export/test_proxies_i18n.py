"""Proxy sheets in Brazilian Portuguese: our labels, footers and messages translated, card data as imported."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from carddb.db import CardDatabase
from deckbuilder import i18n
from deckbuilder.deck import Deck
from deckbuilder.export import ProxyOptions, write_proxies_pdf


@pytest.fixture
def portuguese() -> Iterator[None]:
    i18n.set_language("pt_BR")
    yield
    i18n.set_language(None)


def _flat(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())


def test_text_proxies_footers_and_messages_are_portuguese(
    card_db: CardDatabase, tmp_path: Path, portuguese: None
) -> None:
    deck = Deck(name="Matilha")
    for name, count in (("Greyback Wanderer", 1), ("Ashen Claw", 3), ("Nobody Knows This Card", 1)):
        deck.add(name, count)
    out = tmp_path / "p.pdf"
    report = write_proxies_pdf(deck, card_db, out, ProxyOptions(owned={"ashen claw": 2}))
    text = _flat(out)
    for words in (
        "Greyback Wanderer",  # card names, types and text stay as imported
        "Character - Rogue",
        "Renome 3 · Fúria 2 · Gnose 3 · Vida 4",
        "Requisitos: Ragabash",
        "Errata: Now costs 1.",
        "Carta desconhecida: não está no banco de cartas",
        "Matilha · proxies · página 1 de 1",
    ):
        assert words in text, words
    for english in ("Renown", "Requires", "Unknown card", "page 1"):
        assert english not in text, english
    assert "2 cópias da sua coleção não foram impressas" in report.messages
    assert (
        "Nobody Knows This Card: carta desconhecida; impressa como proxy em texto só com o nome"
        in report.messages
    )
    with pytest.raises(ValueError, match=r"^nenhuma carta para imprimir"):
        write_proxies_pdf(Deck(), card_db, tmp_path / "none.pdf")


def test_one_owned_copy_is_singular_in_both_languages(card_db: CardDatabase, tmp_path: Path) -> None:
    deck = Deck()
    deck.add("Ashen Claw", 2)
    options = ProxyOptions(owned={"ashen claw": 1})
    assert (
        "1 owned copy is in your collection, not printed"
        in write_proxies_pdf(deck, card_db, tmp_path / "en.pdf", options).messages
    )
    i18n.set_language("pt_BR")
    try:
        messages = write_proxies_pdf(deck, card_db, tmp_path / "pt.pdf", options).messages
    finally:
        i18n.set_language(None)
    assert "1 cópia da sua coleção não foi impressa" in messages

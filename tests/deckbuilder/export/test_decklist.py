"""The PDF decklist read back as text: event fields, sections, totals, verdict, card-data date, page count."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export import DecklistOptions, write_decklist_pdf
from deckbuilder.export import decklist as decklist_module
from deckbuilder.games.loader import load_game
from deckbuilder.games.rage.context import Totals
from deckbuilder.games.rage.engine import rage_figures, rage_piles
from deckbuilder.legality.results import Report, Result, Severity
from tests.deckbuilder.export.helpers import LETTER, add_card


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def _flat(pdf: Path) -> str:
    return " ".join(_text(pdf).split())


@pytest.fixture
def report() -> Report:
    totals = Totals(characters=2, sept=3, combat=4, renown=7, rogue_renown=3, allegiance="Gaia", rogue_cap=3)
    game = load_game("rage")
    return Report(
        format="revised",
        # The figures as Rage's engine values them for a check (the report carries them; no view values them).
        figures=rage_figures(game, totals, None, {"renown_level": 20}),
        piles=rage_piles(game, totals),
        results=(
            Result("SEPT_TOO_SMALL", Severity.ERROR, "The sept deck has 3 cards; it needs at least 30.", ()),
            Result("RENOWN_UNUSED", Severity.INFO, "13 Renown unused.", ()),
        ),
    )


def _small_deck() -> Deck:
    deck = Deck(name="Silver Moon Pack")
    deck.add("Moonfang Scout", 1)
    deck.add("Greyback Wanderer", 1)
    deck.add("Silver Fang Gift", 2)
    deck.add("Blue Totem", 1)
    deck.add("Quick Dodge", 3)
    deck.add("Ashen Claw", 1)
    deck.add("Mystery Card Nobody Has", 1)
    deck.add("Blue Totem", 1, starting=True)
    return deck


def test_decklist_holds_event_fields_sections_totals_and_verdict(
    card_db: CardDatabase, tmp_path: Path, report: Report
) -> None:
    out = tmp_path / "list.pdf"
    options = DecklistOptions(
        player="Ana Example", event="Spring Moot", event_date="2026-04-12", report=report
    )
    write_decklist_pdf(_small_deck(), card_db, out, options)
    text = _flat(out)
    for expected in (
        "Silver Moon Pack",
        "Player Ana Example",
        "Event Spring Moot",
        "Event date 2026-04-12",
        "Format Revised (open)",  # the format by its title, not its id
        "Renown level 20",
        "Card data 2026-10-31",
        "NOT LEGAL in format Revised (open) at Renown level 20",
        "checked against card data of 2026-10-31",
        "Error [SEPT_TOO_SMALL]: The sept deck has 3 cards; it needs at least 30.",
        "Note [RENOWN_UNUSED]: 13 Renown unused.",
        "Characters (2 cards)",
        "1 Moonfang Scout Gaia 4 4",
        "1 Greyback Wanderer Rogue 3 3",
        # The pack's own header figures (Rage's game.json) close its table.
        "Renown 7 / 20 · Rogue 3 (max 3) · Gaia",
        "Sept (3 cards)",
        "Gift (2)",
        "2 Silver Fang Gift",
        "Totem (1)",
        "Combat (4 cards)",
        "Combat Event (3)",
        "3 Quick Dodge",
        "Combat Action (1)",
        "Starting in play (1 card)",
        "Section unknown (1 card)",
        "Unknown cards (1)",
        "1 Mystery Card Nobody Has",
    ):
        assert expected in text, expected
    assert len(PdfReader(out).pages) == 1
    assert not PdfReader(out).pages[0].images  # real text, not a picture of text


def test_legal_verdict_from_the_real_checker_when_no_report_is_given(
    card_db: CardDatabase, tmp_path: Path
) -> None:
    out = tmp_path / "list.pdf"
    write_decklist_pdf(_small_deck(), card_db, out, DecklistOptions(paper="letter"))
    reader = PdfReader(out)
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(LETTER)
    text = _flat(out)
    assert "NOT LEGAL in format Revised (open) at Renown level 20" in text  # far too few cards
    assert "Error [" in text


def test_sixty_cards_with_forty_names_fit_on_two_pages(
    card_db: CardDatabase, tmp_path: Path, report: Report
) -> None:
    deck = Deck(name="Big Pack")
    for index in range(5):
        name = f"Pack Member With A Rather Long Name {index}"
        add_card(card_db, name, "Character - Wyrm", renown=4)
        deck.add(name, 1)
    for index in range(20):
        name = f"Sept Card With A Long Descriptive Name {index}"
        add_card(
            card_db, name, ("Gift", "Ally", "Equipment", "Event", "Territory", "Rite", "Quest")[index % 7]
        )
        deck.add(name, 2 if index < 10 else 1)
    for index in range(15):
        name = f"Combat Card With A Long Descriptive Name {index}"
        add_card(card_db, name, "Combat Action" if index % 2 else "Combat Event")
        deck.add(name, 2 if index < 10 else 1)
    assert (len(deck.entries), deck.total_cards()) == (40, 60)
    out = tmp_path / "big.pdf"
    write_decklist_pdf(deck, card_db, out, DecklistOptions(report=report))
    assert len(PdfReader(out).pages) <= 2
    text = _flat(out)
    for index in range(15):
        assert f"Combat Card With A Long Descriptive Name {index}" in text


def test_bad_paper_or_a_failure_keeps_the_old_file(
    card_db: CardDatabase, tmp_path: Path, report: Report, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "list.pdf"
    out.write_bytes(b"old list")
    with pytest.raises(ValueError, match="unknown paper size"):
        write_decklist_pdf(_small_deck(), card_db, out, DecklistOptions(paper="napkin", report=report))

    def broken_footer(deck_name: str, *_lang: object) -> object:
        def draw(canvas: object, doc: object) -> None:
            raise OSError("disk full")

        return draw

    monkeypatch.setattr(decklist_module, "_on_page", broken_footer)
    with pytest.raises(OSError, match="disk full"):
        write_decklist_pdf(_small_deck(), card_db, out, DecklistOptions(report=report))
    assert out.read_bytes() == b"old list"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]

"""Proxy sheets from the real card pool in ../shared (read at run time; skipped when absent)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.export import DecklistOptions, ProxyOptions, write_decklist_pdf, write_proxies_pdf
from tests.conftest import REAL_DECKS
from tests.deckbuilder.export.helpers import image_draws, image_xobjects

pytestmark = pytest.mark.realpool


@pytest.fixture
def real_pool(real_pool_copy: Callable[[Path], Path], tmp_path: Path) -> Iterator[CardDatabase]:
    """The real card pool in a database of the test's own."""
    db = CardDatabase(real_pool_copy(tmp_path / "real"))
    yield db
    db.close()


def test_real_scans_are_embedded_unchanged_and_sized_exactly(real_pool: CardDatabase, tmp_path: Path) -> None:
    with_images = [
        c
        for c in real_pool.all_cards()
        if c.printings and c.printings[0].image_paths and c.printings[0].image_paths[0]
    ]
    assert len(with_images) > 100
    deck = Deck(name="Real scans")
    for card in with_images[:12]:
        deck.add(card.name, 1)
    out = tmp_path / "real.pdf"
    report = write_proxies_pdf(
        deck, real_pool, out, ProxyOptions(paper="letter", bleed_mm=2, cut_marks="corners")
    )
    sources = {
        real_pool.image_path(p).read_bytes()  # type: ignore[union-attr]
        for card in with_images[:12]
        for p in card.printings[0].image_paths
        if p
    }
    embedded = [data for _, data in image_xobjects(out).values()]
    assert report.text_proxies == 0 and report.images_embedded == len(sources)
    assert set(embedded) == sources and len(embedded) == len(sources)
    assert all(abs(w - (63 + 4) * 72 / 25.4) < 0.01 for _, _, w, _, _ in image_draws(out))


def test_example_deck_decklist_fits_two_pages(real_pool: CardDatabase, tmp_path: Path) -> None:
    from deckbuilder import deckfiles

    loaded = deckfiles.read_deck(REAL_DECKS / "wyrm-example.dek", real_pool)
    out = tmp_path / "list.pdf"
    write_decklist_pdf(loaded.deck, real_pool, out, DecklistOptions(player="Tester"))
    from pypdf import PdfReader

    reader = PdfReader(out)
    assert len(reader.pages) <= 2
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert "LEGAL in format" in text and "NOT LEGAL" not in text  # the example deck is legal at Renown 20

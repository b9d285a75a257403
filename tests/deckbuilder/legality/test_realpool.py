"""The real example decks in ../shared are legal at Renown 20 with no playability warnings (skipped when absent)."""

from __future__ import annotations

from pathlib import Path

import defusedxml.ElementTree as ElementTree
import pytest

from deckbuilder.deck import Deck
from deckbuilder.legality import check_deck
from tests.deckbuilder.legality.pool import InMemoryPool, counted, read_lackey_carddata

pytestmark = pytest.mark.realpool


@pytest.fixture(scope="module")
def real_pool() -> InMemoryPool:
    from tests.conftest import REAL_CARDDATA

    if not REAL_CARDDATA.is_file():
        pytest.skip("../shared/data is not present")
    return read_lackey_carddata(REAL_CARDDATA)


def read_text_deck(path: Path) -> Deck:
    """Lackey plain text: `count<TAB>name` lines, `Zone:` lines between zones."""
    deck = Deck(name=path.stem)
    for line in path.read_text(encoding="utf-8").splitlines():
        if "\t" in line:
            count, name = line.split("\t", 1)
            deck.add(name.strip(), int(count))
    return deck


def read_dek(path: Path) -> Deck:
    """Lackey .dek: one <card> per physical copy."""
    deck = Deck(name=path.stem)
    for element in ElementTree.parse(path).getroot().iter("card"):
        deck.add(element.findtext("name") or "", 1, element.findtext("set"))
    return deck


@pytest.mark.parametrize(("file", "allegiance"), [("gaia-example.txt", "Gaia"), ("wyrm-example.dek", "Wyrm")])
def test_example_decks_are_legal_without_warnings(
    shared_dir: Path, real_pool: InMemoryPool, file: str, allegiance: str
) -> None:
    path = shared_dir / "data" / "decks" / file
    deck = read_dek(path) if path.suffix == ".dek" else read_text_deck(path)
    for fmt in ("revised", "revised-tournament", "original-1995"):
        report = check_deck(deck, real_pool, fmt, renown_level=20)
        assert report.is_legal, report.errors
        assert report.warnings == ()
    totals = counted(check_deck(deck, real_pool, renown_level=20))
    assert (totals.combat, totals.sept, totals.allegiance) == (20, 30, allegiance)
    assert totals.renown <= 20


def test_real_pool_checks_in_one_go_without_internal_errors(real_pool: InMemoryPool) -> None:
    # Every real card in one deck: the rules must cope with every Type, Requires and odd value in the data.
    deck = Deck()
    for info in real_pool.cards.values():
        deck.add(info.name, 4)
    report = check_deck(deck, real_pool, "revised-tournament", renown_level=20)
    assert "INTERNAL_ERROR" not in report.codes
    assert "UNPLACEABLE_CARD" in report.codes  # the data has rows with an empty Type
    assert counted(report).unplaced > 0


def test_real_reprints_count_as_one_card(real_pool: InMemoryPool) -> None:
    from carddb.reprints import reprint_of

    deck = Deck()
    deck.add("Whippoorwill", 3)
    deck.add("Whippoorwill (2)", 1)
    report = check_deck(deck, real_pool)
    (copies,) = [r for r in report.results if r.code == "SEPT_COPIES"]
    assert copies.cards == ("Whippoorwill",) and "4 copies" in copies.message
    # Fomori (1)/(2) differ in stats; the other promo "(2)" cards are reworded: all stay cards of their own.
    for name in ("Fomori (1)", "Fomori (2)", "Ghouling (2)", "Research and Development (2)"):
        card = real_pool.lookup(name)
        assert card is not None and reprint_of(card, real_pool.lookup) is None, name


def test_playtest_placeholders_are_no_versions_but_real_versions_clash(real_pool: InMemoryPool) -> None:
    from tests.conftest import REAL_DECKS

    base = read_text_deck(REAL_DECKS / "gaia-example.txt")
    placeholders, versions = base.copy(), base.copy()
    placeholders.add("Gaia 1")
    placeholders.add("Gaia 2")
    versions.add("Mari Cabrah")
    versions.add("Mari Cabrah 2")
    assert "CHARACTER_VERSIONS" not in check_deck(placeholders, real_pool, renown_level=40).codes
    assert "CHARACTER_VERSIONS" in check_deck(versions, real_pool, renown_level=40).codes

"""A deck's history: every save through the document keeps the file it replaces, byte for byte, bounded,
with a summary of what changed; a damaged index loses nothing; Save As carries the history along."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carddb.db import CardDatabase
from deckbuilder.deck import Deck
from deckbuilder.deckfiles import read_deck, write_deck
from deckbuilder.document import DeckDocument
from deckbuilder.history import INDEX, DeckHistory
from tests.deckbuilder.export.helpers import add_card


@pytest.fixture
def pool(tmp_db: CardDatabase) -> CardDatabase:
    """Invented cards: a Character, two sept cards and a combat card."""
    add_card(tmp_db, "Moonfang Scout", "Character - Gaia", renown=4, rage=3, gnosis=2, health=5)
    add_card(tmp_db, "Full Moon", "Event", text="Everyone heals.")
    add_card(tmp_db, "Ashen Howler", "Ally", text="Howls.")
    add_card(tmp_db, "Quick Dodge", "Combat Event", text="Dodge one attack.")
    return tmp_db


def _document(path: Path, pool: CardDatabase) -> DeckDocument:
    deck = Deck(name="Pack")
    deck.add("Moonfang Scout", 1)
    deck.add("Ashen Howler", 2)
    document = DeckDocument()
    document.replace(deck, None)
    document.save(path, lambda p: write_deck(document.deck, p, pool=pool), pool)
    return document


def _save(document: DeckDocument, pool: CardDatabase) -> None:
    assert document.path is not None
    document.save(document.path, lambda p: write_deck(document.deck, p, pool=pool), pool)


@pytest.mark.parametrize("suffix", [".ragedeck", ".dek", ".txt"])
def test_each_save_keeps_the_replaced_file_unchanged_with_a_summary(
    pool: CardDatabase, tmp_path: Path, suffix: str
) -> None:
    path = tmp_path / f"pack{suffix}"
    document = _document(path, pool)
    history = DeckHistory()
    assert history.versions(path, pool) == []  # a new file replaced nothing
    first = path.read_bytes()
    document.edit(lambda d: d.add("Full Moon", 2))
    _save(document, pool)
    second = path.read_bytes()
    document.edit(lambda d: (d.set_count("Ashen Howler", None, 1), d.add("Quick Dodge", 3)))
    _save(document, pool)
    versions = history.versions(path, pool)
    assert [history.version_path(path, v).read_bytes() for v in versions] == [first, second]
    assert {v.kind for v in versions} == {versions[0].kind} and versions[0].kind
    assert versions[1].summary == "+2 Full Moon"
    assert history.read(path, versions[0], pool).deck.count_of("Full Moon") == 0
    _save(document, pool)  # nothing changed: the same bytes are not kept twice
    assert len(history.versions(path, pool)) == 3
    assert history.versions(path, pool)[2].summary == "−1 Ashen Howler, +3 Quick Dodge"


def test_history_is_bounded(pool: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "pack.ragedeck"
    document = _document(path, pool)
    history = DeckHistory(limit=3)
    for copies in range(1, 7):
        document.edit(lambda d, n=copies: d.set_count("Ashen Howler", None, n))
        history.keep(path, pool)
        write_deck(document.deck, path, pool=pool)
    versions = history.versions(path, pool)
    assert len(versions) == 3
    assert [
        read_deck(history.version_path(path, v), pool).deck.count_of("Ashen Howler") for v in versions
    ] == [
        3,
        4,
        5,
    ]
    assert len([p for p in history.folder(path).iterdir() if p.is_dir()]) == 3


def test_a_damaged_index_is_rebuilt_from_the_versions(pool: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "pack.dek"
    document = _document(path, pool)
    history = DeckHistory()
    when = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    for step in range(3):
        document.edit(lambda d: d.add("Full Moon", 1))
        history.keep(path, pool, now=when + timedelta(days=step))
        write_deck(document.deck, path, pool=pool)
    before = history.versions(path, pool)
    for damage in (b"{not json", b"", b'{"versions": [{"folder": 3}]}', b"[" * 100_000):
        (history.folder(path) / INDEX).write_bytes(damage)
        assert history.versions(path, pool) == before
    (history.folder(path) / INDEX).unlink()
    rebuilt = history.versions(path, pool)
    assert rebuilt == before
    assert [v.date for v in rebuilt] == ["2026-01-02T03:04:05+00:00", "2026-01-03T03:04:05+00:00",
                                         "2026-01-04T03:04:05+00:00"]  # fmt: skip
    assert rebuilt[2].summary == "+1 Full Moon"


def test_save_as_carries_the_history_to_the_new_path(pool: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "pack.ragedeck"
    document = _document(path, pool)
    document.edit(lambda d: d.add("Full Moon", 2))
    _save(document, pool)
    moved = tmp_path / "moved" / "renamed.dek"
    moved.parent.mkdir()
    document.save(moved, lambda p: write_deck(document.deck, p, pool=pool), pool)
    history = DeckHistory()
    assert document.path == moved
    old = history.versions(path, pool)
    assert len(old) == 1 and history.versions(moved, pool) == old
    assert history.read(moved, old[0], pool).deck.count_of("Full Moon") == 0
    document.edit(lambda d: d.add("Quick Dodge", 1))
    _save(document, pool)
    assert len(history.versions(moved, pool)) == 2 and len(history.versions(path, pool)) == 1


def test_a_history_that_cannot_be_written_does_not_stop_the_save(pool: CardDatabase, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    path = tmp_path / "pack.ragedeck"
    document = _document(path, pool)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("RAGEDECK_DATA_DIR", str(blocker))
    document.edit(lambda d: d.add("Full Moon", 2))
    assert document.save(path, lambda p: write_deck(document.deck, p, pool=pool), pool) is not None
    assert read_deck(path, pool).deck.count_of("Full Moon") == 2


@pytest.mark.slow
@settings(max_examples=60)
@given(damage=st.binary(max_size=2000) | st.text(max_size=500).map(lambda t: t.encode("utf-8")))
def test_any_index_bytes_lose_no_version(
    pool: CardDatabase, tmp_path_factory: pytest.TempPathFactory, damage: bytes
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "pack.txt"
    history = DeckHistory(root=folder / "history")
    deck = Deck(name="Pack")
    deck.add("Ashen Howler", 1)
    for copies in (1, 2):
        deck.set_count("Ashen Howler", None, copies)
        write_deck(deck, path, pool=pool)
        history.keep(path, pool)
    write_deck(deck, path, pool=pool)
    before = history.versions(path, pool)
    (history.folder(path) / INDEX).write_bytes(damage)
    assert [v.sha256 for v in history.versions(path, pool)] == [v.sha256 for v in before]

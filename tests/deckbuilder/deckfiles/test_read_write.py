"""Deck files on disk: kind by extension and content, encodings, size limits, atomic writes, real decks."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from carddb.cardtypes import Section
from deckbuilder.deck import Deck, DeckEntry
from deckbuilder.deckfiles import DeckFileError, parse_deck_text, read_deck, write_deck
from tests.deckbuilder.deckfiles.pool import FakePool


def sample_deck() -> Deck:
    return Deck(
        name="Glade Runners",
        notes="notes",
        renown_level=25,
        entries=[
            DeckEntry("Ashfang Ravager", 1, "Dawn", Section.CHARACTERS),
            DeckEntry("Moonlit Glade", 3, "Dusk", Section.SEPT),
            DeckEntry("Quick Parry", 2, "Dusk", Section.COMBAT),
        ],
    )


@pytest.mark.parametrize(
    ("filename", "kind"),
    [
        ("deck.json", "native"),
        ("deck.ragedeck", "native"),
        ("deck.ragedeck.json", "native"),
        ("deck.dek", "dek"),
        ("deck.txt", "text"),
        ("DECK.DEK", "dek"),
    ],
)
def test_write_then_read_by_extension(tmp_path: Path, filename: str, kind: str) -> None:
    path = tmp_path / filename
    write_deck(sample_deck(), path, pool=FakePool())
    loaded = read_deck(path, FakePool())
    assert loaded.kind == kind
    assert loaded.problems == []
    assert [(e.name, e.count, e.zone_hint) for e in loaded.deck.entries] == [
        (e.name, e.count, e.zone_hint) for e in sample_deck().entries
    ]


def test_explicit_kind_overrides_the_extension(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    write_deck(sample_deck(), path, kind="dek", pool=FakePool())
    assert path.read_text(encoding="utf-8").startswith("<deck")
    loaded = read_deck(path)
    assert loaded.kind == "dek"
    assert "extension" in loaded.problems[0]


def test_unknown_extension_is_refused_on_write_and_sniffed_on_read(tmp_path: Path) -> None:
    with pytest.raises(DeckFileError, match="cannot tell the deck format"):
        write_deck(sample_deck(), tmp_path / "deck.xyz")
    assert not (tmp_path / "deck.xyz").exists()
    path = tmp_path / "deck.xyz"
    path.write_text("3 Moonlit Glade\n", encoding="utf-8")
    loaded = read_deck(path)
    assert (loaded.kind, loaded.deck.name, loaded.problems) == ("text", "deck", [])


def test_json_saved_as_txt_is_read_as_native(tmp_path: Path) -> None:
    path = tmp_path / "saved.txt"
    write_deck(sample_deck(), path, kind="native")
    loaded = read_deck(path)
    assert loaded.kind == "native"
    assert loaded.deck.renown_level == 25


def test_text_list_named_dek_is_read_as_text_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "renamed.dek"
    path.write_text("2 Quick Parry\n", encoding="utf-8")
    loaded = read_deck(path)
    assert loaded.kind == "text"
    assert list(loaded.deck.entries) == [DeckEntry("Quick Parry", 2)]
    assert "read as a text deck list" in loaded.problems[0]


def test_failed_write_leaves_the_old_file_untouched(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    write_deck(sample_deck(), path)
    before = path.read_bytes()
    with pytest.raises(ValueError, match="unknown deck file kind"):
        write_deck(Deck(name="other"), path, kind="pdf")
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["deck.json"]


def test_unwritable_target_gives_a_deck_file_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(DeckFileError, match="cannot write"):
        write_deck(sample_deck(), blocker / "deck.json")


@pytest.mark.parametrize(
    "data",
    [
        "\ufeff3\tMoonlit Glade\r\n".encode(),
        "3\tMoonlit Glade\r\n".encode("utf-16"),
        "3\tMoonlit Glade\r\n".encode("utf-16-le"),
        "3\tMoonlit Glade\n".encode("cp1252"),
    ],
    ids=["utf8-bom", "utf16-bom", "utf16le-no-bom", "ascii"],
)
def test_encodings_are_read(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(data)
    assert list(read_deck(path).deck.entries) == [DeckEntry("Moonlit Glade", 3)]


def test_windows_1252_names_are_read_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes("2\tGlade — Déjà Vu\n".encode("cp1252"))
    loaded = read_deck(path)
    assert list(loaded.deck.entries) == [DeckEntry("Glade — Déjà Vu", 2)]
    assert "Windows-1252" in loaded.problems[0]


def test_utf8_native_with_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_bytes(
        b"\xef\xbb\xbf" + json.dumps({"format_version": 1, "name": "Bom", "sections": {}}).encode()
    )
    assert read_deck(path).deck.name == "Bom"


def test_binary_garbage_is_not_a_deck_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(DeckFileError, match="not a deck file"):
        read_deck(path)


def test_huge_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"1 Quick Parry\n" * 400_000)
    with pytest.raises(DeckFileError, match="too large"):
        read_deck(path)


def test_missing_file_and_folder_give_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(DeckFileError, match="cannot read"):
        read_deck(tmp_path / "nope.dek")
    with pytest.raises(DeckFileError, match="cannot read"):
        read_deck(tmp_path)


def test_empty_files(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_bytes(b"")
    with pytest.raises(DeckFileError, match=r"empty\.txt is empty"):
        read_deck(tmp_path / "empty.txt")  # an empty file is no deck of any kind (issue 30)
    (tmp_path / "empty.dek").write_bytes(b"")
    with pytest.raises(DeckFileError, match="empty"):
        read_deck(tmp_path / "empty.dek")


def test_parse_deck_text_detects_every_kind() -> None:
    assert parse_deck_text('  {"format_version": 1, "sections": {}}').kind == "native"
    assert parse_deck_text("\n<deck version='0.8'/>").kind == "dek"
    assert parse_deck_text("3x Quick Parry").kind == "text"


def test_real_wyrm_dek_reads_with_sections_and_printings(shared_dir: Path) -> None:
    loaded = read_deck(shared_dir / "data" / "decks" / "wyrm-example.dek")
    assert loaded.kind == "dek" and loaded.problems == []
    assert loaded.deck.name.startswith("Wyrm example")
    per_zone = Counter[Section | None]()
    for entry in loaded.deck.entries:
        per_zone[entry.zone_hint] += entry.count
    assert per_zone == {Section.CHARACTERS: 6, Section.SEPT: 30, Section.COMBAT: 20}
    assert all(e.set_name for e in loaded.deck.entries)
    # One <card> per copy: repeated copies of a card merge into one entry.
    assert any(e.count > 1 for e in loaded.deck.entries)


def test_real_gaia_text_reads_with_headerless_first_zone(shared_dir: Path) -> None:
    loaded = read_deck(shared_dir / "data" / "decks" / "gaia-example.txt")
    assert loaded.kind == "text" and loaded.problems == []
    per_zone = Counter[Section | None]()
    for entry in loaded.deck.entries:
        per_zone[entry.zone_hint] += entry.count
    assert per_zone == {Section.SEPT: 30, Section.COMBAT: 20, Section.CHARACTERS: 6}
    assert loaded.deck.entries[0].zone_hint == Section.SEPT


@pytest.mark.parametrize("name", ["wyrm-example.dek", "gaia-example.txt"])
def test_real_decks_survive_conversion_to_every_format(shared_dir: Path, tmp_path: Path, name: str) -> None:
    original = read_deck(shared_dir / "data" / "decks" / name).deck
    expected = {e.name: (e.count, e.zone_hint) for e in original}
    for suffix in (".json", ".dek", ".txt"):
        path = tmp_path / f"copy{suffix}"
        write_deck(original, path)
        again = read_deck(path).deck
        assert {e.name: (e.count, e.zone_hint) for e in again} == expected, suffix


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_named_like_a_deck_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.dek"
    os.mkfifo(fifo)
    with pytest.raises(DeckFileError, match="named pipe"):
        read_deck(fifo)

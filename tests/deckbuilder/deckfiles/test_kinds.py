"""The deck file kind registry: every suffix, sniff, reader and writer found from one entry per kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckbuilder.deck import Deck
from deckbuilder.deckfiles import (
    DECK_FILE_KINDS,
    KEEPS_PRINTINGS,
    DeckFileError,
    deck_file_kind,
    kind_for_path,
    kind_of_text,
    read_deck,
    write_deck,
)
from deckbuilder.deckfiles.kinds import open_filter, save_filter
from deckbuilder.report import deck_files


def _deck() -> Deck:
    deck = Deck(name="Kinds")
    deck.add("Alpha Wolf", 1)
    deck.add("Quick Claw", 3)
    return deck


@pytest.mark.parametrize("kind", DECK_FILE_KINDS, ids=lambda k: k.name)
def test_each_kind_writes_what_it_reads_back_and_is_recognised_by_name_and_content(
    kind, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    for suffix in kind.suffixes:
        path = tmp_path / f"deck{suffix.upper()}"  # extensions are matched in any case
        assert kind_for_path(path) == kind.name
        write_deck(_deck(), path)
        text = path.read_text(encoding="utf-8")
        assert kind_of_text(text) is kind
        loaded = read_deck(path)
        assert loaded.kind == kind.name and loaded.problems == []
        assert sorted((e.name, e.count) for e in loaded.deck.entries) == [
            ("Alpha Wolf", 1),
            ("Quick Claw", 3),
        ]


def test_an_unknown_extension_is_refused_naming_every_suffix(tmp_path: Path) -> None:
    with pytest.raises(DeckFileError) as caught:
        write_deck(_deck(), tmp_path / "deck.xml")
    assert all(suffix in str(caught.value) for kind in DECK_FILE_KINDS for suffix in kind.suffixes)
    with pytest.raises(ValueError, match="unknown deck file kind"):
        deck_file_kind("pdf")


def test_the_file_dialogs_and_the_report_walk_offer_every_suffix(tmp_path: Path) -> None:
    for kind in DECK_FILE_KINDS:
        for suffix in kind.suffixes:
            assert f"*{suffix}" in open_filter() and f"*{suffix}" in save_filter()
            (tmp_path / f"deck{suffix}").write_text("1 Quick Claw\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("not a deck", encoding="utf-8")
    found, _notes = deck_files([tmp_path])
    assert sorted(p.suffix for p in found) == sorted(s for k in DECK_FILE_KINDS for s in k.suffixes)


def test_a_text_list_does_not_keep_printings_and_a_native_file_keeps_everything() -> None:
    assert KEEPS_PRINTINGS not in deck_file_kind("text").keeps
    native = deck_file_kind("native")
    assert all(native.keeps >= kind.keeps for kind in DECK_FILE_KINDS)

"""Save As names a deck still called "Untitled deck" after its new file (so the organiser's report shows that name);
a deck the player named keeps its name."""

from __future__ import annotations

from pathlib import Path

from deckbuilder.deckfiles import read_deck
from deckbuilder.report import check_files


def test_save_as_names_an_untitled_deck_after_its_file(tmp_path: Path, window) -> None:  # type: ignore[no-untyped-def]
    assert window.new_deck()
    window.add_card("Bark Hide")
    path = tmp_path / "Friday night Gaia.ragedeck"

    assert window.save_as(path)

    assert window.deck.name == "Friday night Gaia"
    assert window.deck_view.name_edit.text() == "Friday night Gaia"
    assert read_deck(path, pool=window.db).deck.name == "Friday night Gaia"
    assert [row.deck for row in check_files([path], window.db)] == ["Friday night Gaia"]
    assert not window.is_dirty()


def test_save_as_keeps_a_name_the_player_gave(tmp_path: Path, window) -> None:  # type: ignore[no-untyped-def]
    assert window.new_deck()
    window.controller.rename("Moon pack")
    assert window.save_as(tmp_path / "copy.ragedeck")
    assert read_deck(tmp_path / "copy.ragedeck", pool=window.db).deck.name == "Moon pack"


def test_a_portuguese_untitled_deck_is_named_after_its_file(portuguese, tmp_path: Path, make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.new_deck()
    assert window.deck.name != "Untitled deck"  # "Deck sem título"
    assert window.save_as(tmp_path / "Matilha.ragedeck")
    assert window.deck.name == "Matilha"
